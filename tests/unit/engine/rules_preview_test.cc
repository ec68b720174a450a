// Previews of actions (PreviewAction, Game::Preview) and what stays secret (2.5.2): other players'
// bond amounts until all are written down (2.5.2.3), their bid cities until the bond is returned
// (4.3.2), and so the BBCI's type until the first dealing round ends (2.6.2). Each test previews
// the same action in positions that differ only in another player's secret: the previews must
// be identical (log, view, what is withheld), while the real actions may differ.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

// Three bonds written down; seat 3 is to write the last.
Game ThreeBondsWritten(const std::vector<int>& bonds) {
  auto created = Game::Create(Config(4));
  EXPECT_TRUE(created.ok());
  Game game = std::move(*created);
  for (int seat = 0; seat < 3; ++seat) MustApply(game, Bond(seat, bonds[seat]));
  return game;
}

TEST(Preview, Rule2_5_2_3_APreviewOfTheLastBondRevealsNothing) {
  Game a = ThreeBondsWritten({100, 90, 80});
  Game b = ThreeBondsWritten({150, 61, 62});
  std::vector<std::string> logs[2], withheld(2), views(2);
  int i = 0;
  for (Game* game : {&a, &b}) {
    Game copy = *game;
    auto outcome = copy.Preview(Bond(3, 70));
    ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
    logs[i] = outcome->log;
    withheld[i] = outcome->withheld;
    views[i] = ViewSeenBy(copy, 3);
    EXPECT_EQ(copy.state().stage, Stage::kBondCommit) << "the preview stops before the reveal";
    EXPECT_EQ(copy.View(3).players(0).bond().amount(), 0);
    EXPECT_EQ(copy.View(3).players(3).bond().amount(), 70) << "the previewing player's own bond";
    ++i;
  }
  EXPECT_EQ(logs[0], logs[1]);
  EXPECT_EQ(withheld[0], withheld[1]);
  EXPECT_EQ(views[0], views[1]);
  EXPECT_NE(withheld[0].find("2.5.2.3"), std::string::npos) << withheld[0];
  for (const std::string& line : logs[0]) EXPECT_EQ(line.find("£100"), std::string::npos) << line;
  // The real action reveals them.
  auto real = a.Apply(Bond(3, 70));
  ASSERT_TRUE(real.ok());
  EXPECT_EQ(a.View(3).players(0).bond().amount(), 100);
  EXPECT_EQ(a.state().stage, Stage::kCityClaims);
  // A preview that reveals nothing shows the whole action: an earlier bond.
  Game fresh = Game::Create(Config(4)).value();
  auto first = fresh.Preview(Bond(0, 90));
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(first->withheld.empty());
  EXPECT_TRUE(fresh.state().players[0].bond.committed);
}

// Ed's bid of Appendix 4 with its third city `third` (an MSM share either way, bond £70), on the
// South India board below: the BNR is about to lay Mysore, which links Trichinopoly, Mysore and
// Madras (and Bangalore), not Hyderabad.
RailwayPosition SouthIndiaWithEdsThirdCity(const std::string& third) {
  RailwayPosition position;
  position.Form("BNR", kDora).DoubleLay("BNR", DoubleLay::kPayPerUse).TurnsDone("BNR", 2)
      .Tile("Tp", "69", 3).Tile("Qq", "7", 5).Tile("Rp", "6", 1).Base("BNR", "Rp").Tile("Sq", "4", 0);
  auto& claims = position.state().players[kEd].bond.claims;
  const auto msm = std::find_if(claims.begin(), claims.end(),
                                [&](const BidClaim& c) { return c.company == position.Index("MSM"); });
  EXPECT_NE(msm, claims.end());
  if (msm != claims.end()) msm->city = *LoadEdition(mailrun::v1::EDITION_RETUNED).value()->CityIndex(third);
  return position;
}

TEST(Preview, Rule4_3_2_APreviewNeverChecksAnotherPlayersContract) {
  Game madras = SouthIndiaWithEdsThirdCity("Madras").Operate("BNR");
  Game hyderabad = SouthIndiaWithEdsThirdCity("Hyderabad").Operate("BNR");
  const auto lay = Lay(kDora, "Rn", "69", 4);
  std::string seen[2], withheld[2];
  std::vector<std::string> logs[2];
  int i = 0;
  for (Game* game : {&madras, &hyderabad}) {
    Game copy = *game;
    auto outcome = copy.Preview(lay);
    ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
    EXPECT_FALSE(copy.state().players[kEd].bond.returned);
    seen[i] = ViewSeenBy(copy, kDora);
    withheld[i] = outcome->withheld;
    logs[i] = outcome->log;
    ++i;
  }
  EXPECT_EQ(seen[0], seen[1]);
  EXPECT_EQ(logs[0], logs[1]);
  EXPECT_EQ(withheld[0], withheld[1]);
  EXPECT_NE(withheld[0].find("4.3.2"), std::string::npos) << withheld[0];
  // The real lay returns Ed's bond in the first game only.
  MustApply(madras, lay);
  MustApply(hyderabad, lay);
  EXPECT_TRUE(madras.state().players[kEd].bond.returned);
  EXPECT_FALSE(hyderabad.state().players[kEd].bond.returned);
}

TEST(Preview, Rule2_6_2_APreviewStopsBeforeTheBbciIsTypedByAnotherPlayersBid) {
  // Appendix 4: the last pass of the first dealing round ends it, and the BBCI's director (Clive)
  // bid Ajmer and Bombay. A preview by anyone else stops before the round ends.
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  const size_t end = SampleCheckpoint("directors_appointed");
  const Game created = SampleGameAfter(end - 1);
  const auto& last = record.actions[end - 1];
  ASSERT_TRUE(last.has_end_dealing_turn());
  ASSERT_NE(last.seat(), 2) << "Clive directs the BBCI";
  Game preview = created;
  auto outcome = preview.Preview(last);
  ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
  EXPECT_NE(outcome->withheld.find("2.6.2"), std::string::npos) << outcome->withheld;
  EXPECT_EQ(preview.state().stage, Stage::kDealing);
  EXPECT_NE(preview.state().companies[CompanyIndexOf(preview, "BBCI")].status, CompanyStatus::kFormed);
  Game real = created;
  MustApply(real, last);
  EXPECT_TRUE(real.state().companies[CompanyIndexOf(real, "BBCI")].major);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
