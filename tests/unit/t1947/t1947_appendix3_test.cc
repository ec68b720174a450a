// Appendix 3's game tables of 1947 figure by figure where no other test plays them: the pars of
// each phase (the phases summary) and how certificates count for the player order (player wealth,
// 3.6) and against the certificate limit (5.7). The other tables are played elsewhere
// (docs/rules-1947-examples.md lists which test checks which).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/state_json.h"
#include "tests/unit/t1947/t1947_or_position.h"

namespace mailrun::engine::t1947 {
namespace {

// The stock round of StockRoundWith, nothing floated, as if the game were in `phase` (4.0).
T1947Game StockRoundInPhase(int phase) {
  nlohmann::json j = nlohmann::json::parse(SnapshotJson(StockRoundWith({})));
  j["trains"]["phase"] = phase;
  auto restored = RestoreSnapshot(Data(), j.dump());
  EXPECT_TRUE(restored.ok()) << restored.error().ToString();
  return *restored;
}

// The pars the active player is offered for the EIR's president's certificate.
std::vector<int> OfferedPars(const T1947Game& g) {
  std::vector<int> pars;
  for (const Action1947& a : LegalActions(g, g.ActivePlayer())) {
    if (a.kind == ActionKind::kBuyPresident && a.railway == "EIR") pars.push_back(a.amount);
  }
  std::sort(pars.begin(), pars.end());
  return pars;
}

TEST(Appendix3, ParsOfEachPhase) {
  // Game phases summary, "Starting PARs" (and 4.0, 5.2): 66 72 80 90 100 in phase 1; 80 90 100
  // 110 in phases 2-3; 100 110 120 in phases 4-5; 120 130 from phase 6.
  const std::map<int, std::vector<int>> pars = {{1, {66, 72, 80, 90, 100}}, {2, {80, 90, 100, 110}}, {3, {80, 90, 100, 110}},
                                                {4, {100, 110, 120}},       {5, {100, 110, 120}},      {6, {120, 130}},
                                                {7, {120, 130}},            {8, {120, 130}}};
  for (const auto& [phase, expected] : pars) {
    SCOPED_TRACE("phase " + std::to_string(phase));
    T1947Game g = StockRoundInPhase(phase);
    ASSERT_EQ(g.CurrentPhase(), phase);
    EXPECT_EQ(OfferedPars(g), expected);
    const int player = g.ActivePlayer();
    // A par just below the band and just above it are refused (5.2); the band's lowest is bought.
    for (int outside : {expected.front() - (phase == 1 ? 6 : 10), expected.back() + 10}) {
      T1947Game copy = g;
      Status refused = copy.Buy(player, "EIR", false, outside);
      ASSERT_FALSE(refused.ok()) << outside;
      EXPECT_EQ(refused.error().rule, "5.2") << outside;
    }
    const int cash = g.player(player).cash;
    Ok(g.Buy(player, "EIR", false, expected.front()));
    EXPECT_EQ(g.player(player).cash, cash - 2 * expected.front());  // 5.2: the 20% at twice the par
    EXPECT_EQ(g.MarketValue("EIR"), expected.front());
  }
}

TEST(Appendix3, PlayerWealthAndCertificateLimitCounts) {
  // Player wealth (3.6): a 30% president's certificate 3, a 20% one 2, a 10% share (ordinary or
  // savings) 1, a private 1. Certificate limit (5.7): a president's certificate 1, an ordinary
  // share 1, a single savings share 1, two savings shares of one company 1, a private 1, a
  // convertible bond 0.
  constexpr int kAnn = 0, kBob = 1, kCat = 2, kDan = 3;
  T1947Game g = StockRoundWith({{"BNR", Space(0, 100), kAnn, 0, {}}, {"EIR", Space(0, 100), kBob, 0, {}}});
  const int bnr = Data().RailwayIndex("BNR"), eir = Data().RailwayIndex("EIR");
  const int gipr = Data().RailwayIndex("GIPR"), abr = Data().RailwayIndex("ABR");
  ASSERT_EQ(Data().railways[bnr].president_percent, 30);
  g.mutable_shares().Set(ShareHolder::Player(kAnn), bnr, 5);  // the BNR's 30% and two 10% shares
  g.mutable_shares().Set(ShareHolder::Player(kBob), eir, 3);  // the EIR's 20% and one 10% share
  Player1947& cat = g.mutable_player(kCat);
  cat.savings[gipr] = 2;
  cat.savings[abr] = 1;
  cat.privates = {1};
  cat.bonds[eir] = 3;
  g.mutable_player(kDan).savings[gipr] = 3;
  EXPECT_EQ(g.WealthPoints(kAnn), 3 + 1 + 1);
  EXPECT_EQ(g.Certificates(kAnn), 1 + 1 + 1);
  EXPECT_EQ(g.WealthPoints(kBob), 2 + 1);
  EXPECT_EQ(g.Certificates(kBob), 1 + 1);
  EXPECT_EQ(g.WealthPoints(kCat), 2 + 1 + 1);      // bonds are no wealth points (they break ties)
  EXPECT_EQ(g.Certificates(kCat), 1 + 1 + 1 + 0);  // a GIPR pair, an ABR single, the private
  EXPECT_EQ(g.WealthPoints(kDan), 3);
  EXPECT_EQ(g.Certificates(kDan), 2);  // a pair and a single of the same company
}

}  // namespace
}  // namespace mailrun::engine::t1947
