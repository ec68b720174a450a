// What reaching expatriation sites allows after the run (6.10, 6.12), played through Apply: the
// BB&CI's T2 runs Bombay-East Africa (Rs.20 in the monsoon, paid out: t1947_operating_run_test.cc)
// as its 1st or its 10th site; the token's paid advance up (the new space's value) or right
// (+50%), with the treasury only before the 7th site; 6.12.2's examples 1-3 figure by figure
// (an opportunity of Rs.150 and a stockbroker of Rs.50 spent, the excess lost, or the 2
// stockbrokers taken instead); every refusal changes nothing; the legal-action list, the view,
// the API message and snapshots.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/proto.h"
#include "engine/titles/t1947/state_json.h"
#include "tests/unit/t1947/t1947_or_actions.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_section8_boards.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

namespace v1 = mailrun::v1;

constexpr int kAnn = 0, kBob = 1;  // the seats of t1947_or_position.h's games
constexpr int kEastAfrica = 2;

Action1947 Advance(int player, TokenAdvance direction, int stockbrokers = 0, std::vector<int> boxes = {}) {
  Action1947 a = By(player, ActionKind::kAdvanceToken);
  a.advance = direction;
  a.amount = stockbrokers;
  a.opportunity_boxes = std::move(boxes);
  return a;
}

Action1947 RunToEastAfrica(int player) {
  Action1947 a = By(player, ActionKind::kRunTrains);
  a.routes = {{"D21", "East Africa"}};
  a.yes = true;
  return a;
}

// The BB&CI (Ann 60%, a T2) at `token` with `treasury` and `stockbrokers` on its charter, having
// reached `before` sites other than East Africa, at its run step on the board with East Africa.
T1947Game BeforeTheRun(MarketCell token, int treasury, int stockbrokers, int before) {
  T1947Game g = OperatingWith({{"BB&CI", token, kAnn, treasury, {"T2"}}});
  g.mutable_board() = WithEastAfrica();
  EXPECT_EQ(Data().sites[kEastAfrica].name, "East Africa");
  for (int site = 0, marked = 0; marked < before; ++site) {
    if (site == kEastAfrica) continue;
    g.mutable_board().sites_reached[R("BB&CI")][site] = true;
    ++marked;
  }
  g.mutable_railway("BB&CI").stockbrokers = stockbrokers;
  while (g.step() < OrStep::kRunTrains) Ok(g.Done(kAnn));
  return g;
}

MarketCell Token(const T1947Game& g) { return g.railway("BB&CI").token; }

// The BB&CI's token, treasury and stockbrokers.
void ExpectBbci(const T1947Game& g, MarketCell token, int treasury, int stockbrokers) {
  EXPECT_EQ(Token(g), token);
  EXPECT_EQ(g.railway("BB&CI").treasury, treasury);
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, stockbrokers);
}
int Value(const T1947Game& g) { return g.MarketValue("BB&CI"); }

// 6.10: the 1st site (box 1: Rs.60). The token, paid out from Rs.100 to Rs.110 in row 1, may go up
// to row 0's Rs.120 for Rs.120 or right to Rs.120 for Rs.180; the treasury pays (Rs.500 + 60).
TEST(Sites, TheFirstSiteAllowsAnAdvancePaidByTheTreasury) {
  T1947Game g = BeforeTheRun(Space(1, 100), 500, 1, 0);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Token(g), Space(1, 110));
  EXPECT_EQ(g.railway("BB&CI").treasury, 560);
  ASSERT_TRUE(g.site_advance().has_value());
  EXPECT_EQ(g.site_advance()->advances, 1);
  EXPECT_TRUE(g.site_advance()->opportunities.empty());
  EXPECT_EQ(g.AdvanceCost(R("BB&CI"), TokenAdvance::kUp), 120);
  EXPECT_EQ(g.AdvanceCost(R("BB&CI"), TokenAdvance::kRight), 180);
  // Nothing else happens in the round until the president has decided (6.10: "immediately").
  EXPECT_EQ(Refused(g, By(kAnn, ActionKind::kDone)), "1947.refusal.operating.site_advance_first");
  EXPECT_EQ(Refused(g, TrainAction(kAnn, "T2")), "1947.refusal.operating.site_advance_first");
  EXPECT_EQ(Refused(g, Advance(kBob, TokenAdvance::kUp)), "1947.refusal.operating.president_operates");
  // Before its 7th site only the treasury pays (6.10).
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, 1)), "1947.refusal.sites.stockbrokers_from_seventh_site");
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, 0, {10})), "1947.refusal.sites.no_such_opportunity");
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, -1)), "1947.refusal.sites.negative_stockbrokers");
  T1947Game right = g;
  Ok(Apply(g, Advance(kAnn, TokenAdvance::kUp)));
  ExpectBbci(g, Space(0, 120), 440, 1);
  EXPECT_FALSE(g.site_advance().has_value());  // one site, one advance
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp)), "1947.refusal.sites.no_advance_due");
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  Ok(Apply(right, Advance(kAnn, TokenAdvance::kRight)));
  EXPECT_EQ(Token(right), Space(1, 120));
  EXPECT_EQ(right.railway("BB&CI").treasury, 380);
  Ok(Apply(right, By(kAnn, ActionKind::kDone)));  // the round goes on
}

// 6.10: in the top row only the move right exists; a treasury short of the move chosen is refused
// (6.3), and a president may decline.
TEST(Sites, MovesTheGridHasAndTheTreasuryPays) {
  T1947Game top = BeforeTheRun(Space(0, 100), 0, 0, 0);
  Ok(Apply(top, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Token(top), Space(0, 110));
  EXPECT_EQ(top.AdvanceCost(R("BB&CI"), TokenAdvance::kUp), -1);
  EXPECT_EQ(top.AdvanceCost(R("BB&CI"), TokenAdvance::kRight), 180);
  EXPECT_FALSE(top.site_advance().has_value());  // Rs.60 pays for no move: nothing to decide

  T1947Game g = BeforeTheRun(Space(1, 100), 100, 0, 0);  // Rs.160 after the box's Rs.60
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  ASSERT_TRUE(g.site_advance().has_value());
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kRight)), "1947.refusal.sites.treasury_short");
  T1947Game declined = g;
  Ok(Apply(declined, Advance(kAnn, TokenAdvance::kDecline)));
  EXPECT_FALSE(declined.site_advance().has_value());
  EXPECT_EQ(Token(declined), Space(1, 110));
  EXPECT_EQ(declined.railway("BB&CI").treasury, 160);

  T1947Game high = BeforeTheRun(Space(0, 130), 1000, 0, 0);  // paid out to 146, up impossible
  Ok(Apply(high, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Refused(high, Advance(kAnn, TokenAdvance::kUp)), "1947.refusal.sites.no_space_there");
}

// 6.12.2, example 1: the BB&CI reaches its 10th site; after the dividend (Rs.146 to Rs.160 in
// row 2) it advances up to Rs.210, spending the opportunity of Rs.150, a stockbroker set aside
// (Rs.50) and Rs.10 of the treasury. The box's 2 stockbrokers are not taken.
TEST(Sites, Example1OpportunityStockbrokerAndTen) {
  T1947Game g = BeforeTheRun(Space(2, 146), 300, 1, 9);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Token(g), Space(2, 160));
  ASSERT_TRUE(g.site_advance().has_value());
  EXPECT_EQ(g.site_advance()->opportunities, std::vector<int>{10});
  EXPECT_EQ(g.AdvanceCost(R("BB&CI"), TokenAdvance::kUp), 210);
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, 1);  // the box's stockbrokers wait for the choice
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, 2, {10})), "1947.refusal.sites.not_enough_stockbrokers");
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, 0, {9})), "1947.refusal.sites.no_such_opportunity");
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp, 0, {10, 10})), "1947.refusal.sites.no_such_opportunity");
  Ok(Apply(g, Advance(kAnn, TokenAdvance::kUp, 1, {10})));
  EXPECT_EQ(Token(g), Space(1, 210));
  EXPECT_EQ(Value(g), 210);
  EXPECT_EQ(g.railway("BB&CI").treasury, 290);
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, 0);
  EXPECT_FALSE(g.site_advance().has_value());
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// 6.12.2, example 2: the 10th site; the token moves right to the Rs.120 space (Rs.110 after the
// dividend in row 1) for Rs.120 + 50% = Rs.180, paid with the opportunity of Rs.150 and a
// stockbroker (Rs.200): the Rs.20 surplus is lost and the treasury pays nothing.
TEST(Sites, Example2RightWithTheSurplusLost) {
  T1947Game g = BeforeTheRun(Space(1, 100), 300, 1, 9);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Value(g), 110);
  EXPECT_EQ(g.AdvanceCost(R("BB&CI"), TokenAdvance::kRight), 180);
  Ok(Apply(g, Advance(kAnn, TokenAdvance::kRight, 1, {10})));
  ExpectBbci(g, Space(1, 120), 300, 0);
  EXPECT_FALSE(g.site_advance().has_value());
}

// 6.12.2, example 3: the 10th site; the token (Rs.250, which the Rs.20 dividend does not move past
// the red line) may go up to Rs.280. No stockbrokers, Rs.200 in the treasury: spend Rs.130 with the
// opportunity of Rs.150, or forgo the advance and take the box's 2 stockbrokers.
TEST(Sites, Example3SpendOrTakeTheStockbrokers) {
  T1947Game g = BeforeTheRun(Space(1, 250), 200, 0, 9);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  EXPECT_EQ(Token(g), Space(1, 250));
  EXPECT_EQ(g.railway("BB&CI").treasury, 200);
  EXPECT_EQ(g.AdvanceCost(R("BB&CI"), TokenAdvance::kUp), 280);
  EXPECT_EQ(Refused(g, Advance(kAnn, TokenAdvance::kUp)), "1947.refusal.sites.treasury_short");  // Rs.280 from Rs.200
  T1947Game forgo = g;
  Ok(Apply(g, Advance(kAnn, TokenAdvance::kUp, 0, {10})));
  ExpectBbci(g, Space(0, 280), 70, 0);
  Ok(Apply(forgo, Advance(kAnn, TokenAdvance::kDecline)));
  ExpectBbci(forgo, Space(1, 250), 200, 2);
  EXPECT_FALSE(forgo.site_advance().has_value());
}

// 6.12.2: an opportunity that can pay for no advance (box 9's Rs.100, an empty treasury, no
// stockbrokers, Rs.120 the cheapest move) gives the box's stockbroker at once; nothing to decide.
TEST(Sites, AnOpportunityThatCannotBeSpentGivesItsStockbrokers) {
  T1947Game g = BeforeTheRun(Space(1, 100), 0, 0, 8);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  EXPECT_FALSE(g.site_advance().has_value());
  EXPECT_EQ(g.railway("BB&CI").stockbrokers, 1);
  EXPECT_EQ(g.railway("BB&CI").treasury, 0);
}

// The legal actions while the advance is due: declining, and each move with each set of the
// unspent opportunities and the stockbrokers that still help; the president's only; each applies.
TEST(Sites, LegalActionsListTheAdvances) {
  T1947Game g = BeforeTheRun(Space(2, 146), 400, 3, 9);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  int declines = 0, up = 0, right = 0;
  for (const Action1947& a : LegalActions(g, kAnn)) {
    ASSERT_EQ(a.kind, ActionKind::kAdvanceToken) << Describe(g, a).text;
    declines += a.advance == TokenAdvance::kDecline;
    up += a.advance == TokenAdvance::kUp;
    right += a.advance == TokenAdvance::kRight;
    T1947Game copy = g;
    EXPECT_TRUE(Apply(copy, a).ok()) << Describe(g, a).text;
  }
  EXPECT_EQ(declines, 1);
  // Up to Rs.210: 0-3 stockbrokers without the opportunity (5 would pay it all), 0-2 with it;
  // right to Rs.210 + 50% = 315: 0-3 and 0-3.
  EXPECT_EQ(up, 4 + 3);
  EXPECT_EQ(right, 4 + 4);
  EXPECT_TRUE(LegalActions(g, kBob).empty());
}

// The API: the action converts to its message and back; the view says what may be spent; a
// snapshot keeps the advance due.
TEST(Sites, ProtoViewAndSnapshot) {
  T1947Game g = BeforeTheRun(Space(2, 146), 300, 1, 9);
  Ok(Apply(g, RunToEastAfrica(kAnn)));
  for (const Action1947& a : {Advance(kAnn, TokenAdvance::kUp, 1, {10}), Advance(kAnn, TokenAdvance::kRight),
                              Advance(kAnn, TokenAdvance::kDecline)}) {
    const v1::Action message = ToProto(a);
    Result<Action1947> back = FromProto(g, message);
    ASSERT_TRUE(back.ok()) << back.error().ToString();
    EXPECT_EQ(back->advance, a.advance);
    EXPECT_EQ(back->amount, a.amount);
    EXPECT_EQ(back->opportunity_boxes, a.opportunity_boxes);
  }
  v1::Action unspecified;
  unspecified.mutable_advance_token_1947();
  EXPECT_FALSE(FromProto(g, unspecified).ok());
  const v1::Game1947View whole = BuildView(g);
  const v1::SiteAdvance1947& view = whole.operating().site_advance();
  EXPECT_EQ(view.railway(), "BB&CI");
  EXPECT_EQ(view.advances(), 1);
  EXPECT_EQ(std::vector<int>(view.opportunity_boxes().begin(), view.opportunity_boxes().end()), std::vector<int>{10});
  EXPECT_EQ(std::vector<int>(view.opportunity_values().begin(), view.opportunity_values().end()), std::vector<int>{150});
  EXPECT_EQ(view.up_cost(), 210);
  EXPECT_EQ(view.right_cost(), 315);
  EXPECT_TRUE(view.stockbrokers_usable());
  EXPECT_EQ(view.stockbroker_value(), 50);
  Result<T1947Game> restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  ASSERT_TRUE(restored->site_advance().has_value());
  EXPECT_EQ(restored->site_advance()->opportunities, std::vector<int>{10});
}

}  // namespace
}  // namespace mailrun::engine::t1947
