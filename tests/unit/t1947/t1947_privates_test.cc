// Railways buying private companies (3.3) and the privates' powers in the operating rounds (3.1),
// played through Apply: the price range by the latest train, the owner's answer, the P4 removed
// and the P9 never sold; P1 and P2 lifting 6.13.3's reduction, P3's deserts and P5's swamps free,
// P5's site bonus, P7's trading posts, P6's free station and move, P8's train at any step and its
// expatriation bonus; the actions in the API and the legal-action list, snapshots, invariants.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/proto.h"
#include "engine/titles/t1947/rules/operating_run.h"
#include "tests/unit/t1947/t1947_lay_helpers.h"
#include "tests/unit/t1947/t1947_or_actions.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_section8_boards.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

namespace v1 = mailrun::v1;

constexpr int kAnn = 0, kBob = 1, kCat = 2;  // the seats of t1947_or_position.h's games

// Every rupee the players and the railways hold: a purchase only moves money between them.
int Money(const T1947Game& g) {
  int total = 0;
  for (int p = 0; p < g.player_count(); ++p) total += g.player(p).cash;
  for (const RailwayDef& r : Data().railways) total += g.railway(r.initials).treasury;
  return total;
}

Action1947 Answer(int player, bool accept) {
  Action1947 a = By(player, ActionKind::kAnswerPrivatePurchase);
  a.yes = accept;
  return a;
}

Action1947 Power(int player, PrivatePower power) {
  Action1947 a = By(player, ActionKind::kUsePrivatePower);
  a.power = power;
  return a;
}

Action1947 P8Train(int player, const std::string& train, const std::string& source = "", int price = 0) {
  Action1947 a = Power(player, PrivatePower::kP8BuyTrain);
  a.train = train;
  a.source = source;
  a.amount = price;
  return a;
}

Action1947 P8Site(int player, int site) {
  Action1947 a = Power(player, PrivatePower::kP8ExpatriationSite);
  a.amount = site;
  return a;
}

Action1947 P6(int player, const std::string& hex, const std::string& from = "") {
  Action1947 a = Power(player, from.empty() ? PrivatePower::kP6FreeStation : PrivatePower::kP6MoveStation);
  a.hex = hex;
  a.from_hex = from;
  return a;
}

Action1947 RunTrains(int player, std::vector<std::vector<std::string>> routes, bool pay_out) {
  Action1947 a = By(player, ActionKind::kRunTrains);
  a.routes = std::move(routes);
  a.yes = pay_out;
  return a;
}

// The railway's operating round in `season` (6.13.1: 0 dry, 1 monsoon), through a snapshot.
T1947Game InSeason(const T1947Game& g, int season) {
  std::string json = SnapshotJson(g);
  const std::string from = "\"season\":" + std::to_string(g.season());
  const size_t at = json.find(from);
  EXPECT_NE(at, std::string::npos);
  json.replace(at, from.size(), "\"season\":" + std::to_string(season));
  auto restored = RestoreSnapshot(Data(), json);
  EXPECT_TRUE(restored.ok());
  return *restored;
}

// 3.3: Ann's BB&CI buys her P7 (hammer Rs.120) at any step, from Rs.1 to Rs.120 in phase 1; the
// money goes from the treasury to Ann and nothing else changes hands; a railway's private is never
// sold again.
TEST(Privates, TheRailwayBuysItsPresidentsPrivate) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(7, kAnn, 120);
  const int money = Money(g);
  EXPECT_EQ(g.PrivatePriceMaximum(7), 120);
  EXPECT_EQ(Refused(g, BuyPrivateAction(kAnn, 7, 0)), "1947.refusal.privates.price_at_least_1");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kAnn, 7, 121)), "1947.refusal.privates.price_above_maximum");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kBob, 7, 100)), "1947.refusal.operating.president_operates");
  ASSERT_EQ(g.step(), OrStep::kLayTrack);
  const int ann = g.player(kAnn).cash;
  Ok(Apply(g, BuyPrivateAction(kAnn, 7, 120)));
  EXPECT_EQ(g.player(kAnn).cash, ann + 120);
  EXPECT_EQ(g.railway("BB&CI").treasury, 380);
  EXPECT_EQ(Money(g), money);
  EXPECT_EQ(g.private_railway(7), R("BB&CI"));
  EXPECT_EQ(g.private_owner(7), -1);
  EXPECT_TRUE(g.player(kAnn).privates.empty());
  EXPECT_EQ(g.step(), OrStep::kLayTrack);  // the purchase is no step of 4.2
  EXPECT_EQ(Refused(g, BuyPrivateAction(kAnn, 7, 1)), "1947.refusal.privates.railway_owns_it");
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  // The view names the railway; a snapshot keeps it.
  const v1::Game1947View view = BuildView(g);
  EXPECT_EQ(view.privates(6).owner_railway(), "BB&CI");
  EXPECT_EQ(view.privates(6).owner_seat(), -1);
  EXPECT_EQ(view.privates(0).owner_railway(), "");
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(restored->private_railway(7), R("BB&CI"));
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
}

// 3.3's table: the hammer price after a T2, 150% after a T3, 200% after a T4, 250% from the T5.
TEST(Privates, TheMaximumFollowsTheLatestTrain) {
  const std::vector<int> percent{100, 150, 200, 250, 250, 250, 250, 250};
  ASSERT_EQ(Data().phases.size(), percent.size());
  for (size_t p = 0; p < percent.size(); ++p) EXPECT_EQ(Data().phases[p].private_sale_max_percent, percent[p]) << "phase " << p + 1;
  T1947Game g = OperatingWith({{"EIR", Space(0, 100), kAnn, 3000, {}}});
  g.GivePrivateForTest(3, kAnn, 30);
  ToBuyTrains(g);
  ASSERT_EQ(g.CurrentPhase(), 1);
  EXPECT_EQ(g.PrivatePriceMaximum(3), 30);  // the hammer price
  g.mutable_bank_trains()[Data().TrainIndex("T2")] = 0;
  Ok(Apply(g, TrainAction(kAnn, "T3")));
  ASSERT_EQ(g.CurrentPhase(), 2);
  EXPECT_EQ(g.PrivatePriceMaximum(3), 45);  // 150% of Rs.30
  g.mutable_bank_trains()[Data().TrainIndex("T3")] = 0;
  Ok(Apply(g, TrainAction(kAnn, "T4")));
  ASSERT_EQ(g.CurrentPhase(), 3);
  EXPECT_EQ(g.PrivatePriceMaximum(3), 60);  // 200% of Rs.30
  EXPECT_EQ(Refused(g, BuyPrivateAction(kAnn, 3, 61)), "1947.refusal.privates.price_above_maximum");
  g.mutable_bank_trains()[Data().TrainIndex("T4")] = 0;
  Ok(Apply(g, TrainAction(kAnn, "T5")));
  ASSERT_EQ(g.CurrentPhase(), 4);
  EXPECT_EQ(g.PrivatePriceMaximum(3), 75);  // 250%
  Ok(Apply(g, BuyPrivateAction(kAnn, 3, 75)));
  EXPECT_EQ(g.private_railway(3), R("EIR"));
}

// 3.3: from a player other than the president the purchase waits for that player, who accepts or
// refuses; meanwhile nothing else happens in the operating round. Refusals name the rule.
TEST(Privates, AnotherPlayerAnswersTheOffer) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(1, kBob, 70);
  const int bob = g.player(kBob).cash;
  Ok(Apply(g, BuyPrivateAction(kAnn, 1, 50)));
  EXPECT_EQ(g.ActivePlayer(), kBob);
  ASSERT_TRUE(g.pending_private_purchase().has_value());
  EXPECT_EQ(g.player(kBob).cash, bob);  // nothing paid yet
  EXPECT_EQ(Refused(g, LayAction(kAnn, "D21", "6M", {"SE", "N"})), "1947.refusal.operating.private_offer_first");
  EXPECT_EQ(Refused(g, Answer(kAnn, true)), "1947.refusal.privates.owner_answers");
  // A snapshot holds the offer.
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  EXPECT_EQ(BuildView(g).operating().private_purchase().owner_seat(), kBob);
  const std::vector<Action1947> answers = LegalActions(g, kBob);
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[0].kind, ActionKind::kAnswerPrivatePurchase);
  Ok(Apply(g, Answer(kBob, false)));
  EXPECT_EQ(g.private_owner(1), kBob);
  EXPECT_EQ(g.railway("BB&CI").treasury, 500);
  EXPECT_EQ(g.ActivePlayer(), kAnn);
  EXPECT_EQ(Refused(g, Answer(kBob, true)), "1947.refusal.privates.no_offer");
  Ok(Apply(g, BuyPrivateAction(kAnn, 1, 70)));
  Ok(Apply(g, Answer(kBob, true)));
  EXPECT_EQ(g.player(kBob).cash, bob + 70);
  EXPECT_EQ(g.railway("BB&CI").treasury, 430);
  EXPECT_EQ(g.private_railway(1), R("BB&CI"));
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// 3.1 P4: bought by a railway it is removed at once; 3.1 P9: never for sale; what no player owns
// is not for sale; 6.3: no credit.
TEST(Privates, TheP4IsRemovedAndTheP9NeverSold) {
  T1947Game g = OperatingWith({{"PRC", Space(0, 100), kCat, 100, {}}});
  g.GivePrivateForTest(4, kCat, 60);
  g.GivePrivateForTest(5, kCat, 80);
  const int cat = g.player(kCat).cash;
  EXPECT_EQ(Refused(g, BuyPrivateAction(kCat, 9, 1)), "1947.refusal.privates.p9_never_for_sale");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kCat, 2, 1)), "1947.refusal.privates.no_player_owns_it");
  EXPECT_EQ(Refused(g, BuyPrivateAction(kCat, 10, 1)), "1947.refusal.privates.no_such_private");
  Ok(Apply(g, BuyPrivateAction(kCat, 5, 80)));  // within Rs.100
  EXPECT_EQ(Refused(g, BuyPrivateAction(kCat, 4, 60)), "1947.refusal.privates.treasury_short");  // Rs.20 left
  Ok(Apply(g, BuyPrivateAction(kCat, 4, 20)));
  EXPECT_TRUE(g.private_removed(4));
  EXPECT_EQ(g.private_railway(4), -1);
  EXPECT_EQ(g.private_owner(4), -1);
  EXPECT_EQ(g.player(kCat).cash, cat + 80 + 20);
  EXPECT_EQ(g.railway("PRC").treasury, 0);
  EXPECT_EQ(Refused(g, BuyPrivateAction(kCat, 4, 1)), "1947.refusal.privates.no_player_owns_it");
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// 5.6.2: a private counts as an ordinary share for the savings ratio, which its sale may not
// break: Bob with one ordinary and one savings share keeps his P1 (2 to 1 with it, 1 to 1 without).
TEST(Privates, TheSaleKeepsTheSavingsRatio) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(1, kBob, 70);
  g.mutable_shares().Set(ShareHolder::Player(kBob), R("GIPR"), 1);
  g.mutable_player(kBob).savings[R("EIR")] = 1;
  EXPECT_EQ(Refused(g, BuyPrivateAction(kAnn, 1, 70)), "1947.refusal.privates.savings_ratio");
  g.mutable_shares().Set(ShareHolder::Player(kBob), R("GIPR"), 2);  // 3 to 1 with it, 2 to 1 without
  Ok(Apply(g, BuyPrivateAction(kAnn, 1, 70)));
}

// 3.1.1, 3.4: a private owned by a railway pays nothing; its player's others pay Rs.10 each.
TEST(Privates, ARailwaysPrivatePaysNothing) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(7, kAnn, 120);
  g.GivePrivateForTest(1, kAnn, 70);
  Ok(Apply(g, BuyPrivateAction(kAnn, 7, 100)));
  ToBuyTrains(g);
  Ok(Apply(g, TrainAction(kAnn, "T2")));
  Ok(g.Done(kAnn));
  ASSERT_EQ(g.round(), Round::kStockRound);
  const int ann = g.player(kAnn).cash;
  const int treasury = g.railway("BB&CI").treasury;
  while (g.round() == Round::kStockRound) Ok(g.Pass(g.ActivePlayer()));
  EXPECT_EQ(g.player(kAnn).cash, ann + 10);  // the P1 only
  EXPECT_EQ(g.railway("BB&CI").treasury, treasury);
}

// 6.13.3 and 3.1 P2: in the monsoon the ABR's lay in the monsoon zone reduces its revenue, not
// with the P2; the P1 does nothing in the monsoon.
TEST(Privates, TheP2LiftsTheMonsoonsReduction) {
  T1947Game g = OperatingWith({{"ABR", Space(0, 100), kAnn, 500, {}}});
  ASSERT_EQ(g.season(), 1);  // the first operating round is in the monsoon (ruling 29)
  g.GivePrivateForTest(1, kAnn, 70);
  g.GivePrivateForTest(2, kAnn, 70);
  T1947Game without = g;
  Ok(Apply(without, LayAction(kAnn, "S14", "6M", {"SW", "N"})));
  EXPECT_TRUE(without.track_turn().season_reduction);
  Ok(Apply(g, BuyPrivateAction(kAnn, 1, 1)));
  EXPECT_EQ(g.LayContextNow()->season_zone, Zone::kMonsoon);  // the P1 is the dry season's
  Ok(Apply(g, BuyPrivateAction(kAnn, 2, 1)));
  EXPECT_EQ(g.LayContextNow()->season_zone, Zone::kAny);
  Ok(Apply(g, LayAction(kAnn, "S14", "6M", {"SW", "N"})));
  Ok(Apply(g, LayAction(kAnn, "R15", "8", {"NE", "S"})));
  EXPECT_FALSE(g.track_turn().season_reduction);
  EXPECT_FALSE(RunTurnNow(g, R("ABR")).laid_in_season_zone);
}

// 6.13.3 and 3.1 P1: in the dry season the PRC's lay in the dry zone reduces its revenue, not with
// the P1.
TEST(Privates, TheP1LiftsTheDrySeasonsReduction) {
  T1947Game g = InSeason(OperatingWith({{"PRC", Space(0, 100), kAnn, 500, {}}}), 0);
  g.GivePrivateForTest(1, kAnn, 70);
  T1947Game without = g;
  Ok(Apply(without, LayAction(kAnn, "I32", "6", {"NW", "S"})));
  EXPECT_TRUE(without.track_turn().season_reduction);
  Ok(Apply(g, BuyPrivateAction(kAnn, 1, 70)));
  Ok(Apply(g, LayAction(kAnn, "I32", "6", {"NW", "S"})));
  EXPECT_FALSE(g.track_turn().season_reduction);
}

// 3.1 P3: the GIPR lays Delhi and then the desert hex F9 (Rs.40 on the map) free with the P3;
// a river (Agra, Rs.20) still costs.
TEST(Privates, TheP3LaysDesertsFree) {
  T1947Game g = OperatingWith({{"GIPR", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(3, kAnn, 30);
  ASSERT_EQ(Data().MapHex(Hex("F9"))->terrain, "desert");
  ASSERT_EQ(Data().MapHex(Hex("F9"))->cost, 40);
  T1947Game without = g;
  for (T1947Game* game : {&g, &without}) Ok(Apply(*game, LayAction(kAnn, "G8", "57M", {"NE", "SW"})));
  Ok(Apply(without, LayAction(kAnn, "F9", "9", {"NE", "SW"})));
  EXPECT_EQ(without.railway("GIPR").treasury, 460);
  Ok(Apply(g, BuyPrivateAction(kAnn, 3, 30)));
  EXPECT_EQ(g.railway("GIPR").treasury, 470);
  Ok(Apply(g, LayAction(kAnn, "F9", "9", {"NE", "SW"})));
  EXPECT_EQ(g.railway("GIPR").treasury, 470);
  EXPECT_EQ(g.LayContextNow()->free_terrain, std::vector<std::string>{"desert"});
}

// 3.1 P5: from Calcutta's NW exit the EBR lays a #7 on O16 and the swamp O18 (Rs.40 on the map)
// beyond it, free with the P5.
TEST(Privates, TheP5LaysSwampsFree) {
  T1947Game g = OperatingWith({{"EBR", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(5, kAnn, 80);
  ASSERT_EQ(Data().MapHex(Hex("O18"))->terrain, "swamp");
  ASSERT_EQ(Data().MapHex(Hex("O18"))->cost, 40);
  T1947Game without = g;
  Ok(Apply(g, BuyPrivateAction(kAnn, 5, 80)));
  EXPECT_EQ(g.LayContextNow()->free_terrain, std::vector<std::string>{"swamp"});
  for (T1947Game* game : {&g, &without}) {
    Ok(Apply(*game, LayAction(kAnn, "O16", "7", {"SE", "S"})));
    Ok(Apply(*game, LayAction(kAnn, "O18", "8", {"N", "SW"})));
  }
  EXPECT_EQ(without.railway("EBR").treasury, 460);
  EXPECT_EQ(g.railway("EBR").treasury, 420);  // the P5's Rs.80, no terrain
}

// 3.1 P5 with t1947_OperatingRun.ReachingAnExpatriationSite's run: East Africa still shows its
// workers, so the BB&CI is the first there: Rs.30 besides the charter's Rs.60, not revenue (Ann's
// dividend is the same Rs.12); a site reached by another railway before: Rs.10.
TEST(Privates, TheP5PaysAtExpatriationSites) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {"T2"}}});
  g.mutable_board() = WithEastAfrica();
  g.GivePrivateForTest(5, kAnn, 80);
  Ok(Apply(g, BuyPrivateAction(kAnn, 5, 80)));
  const int east_africa = 2;
  T1947Game later = g;
  later.mutable_board().site_workers[east_africa] = 0;  // another railway took them
  for (T1947Game* game : {&g, &later}) {
    while (game->step() < OrStep::kRunTrains) Ok(game->Done(kAnn));
  }
  const int ann = g.player(kAnn).cash;
  Ok(Apply(g, RunTrains(kAnn, {{"D21", "East Africa"}}, true)));
  EXPECT_EQ(g.player(kAnn).cash, ann + 12);
  EXPECT_EQ(g.railway("BB&CI").treasury, 420 + 60 + 30);
  Ok(Apply(later, RunTrains(kAnn, {{"D21", "East Africa"}}, true)));
  EXPECT_EQ(later.railway("BB&CI").treasury, 420 + 60 + 10);
}

// 3.1 P7 on the board of t1947_RouteGraph.BlockedCitiesAndTheTradingPost, in phase 1 and the
// monsoon: the T2 runs Bombay's trading post-Bombay-Poona: 10 (the P7's, up to the T4) + 30 (green
// Bombay 40 less the monsoon's 10) + 30 = 70, less 20% without the temple: 56, Rs.60 withheld.
// Without the P7 the trading post is worth nothing: 60, 48, Rs.50.
TEST(Privates, TheP7sTradingPostsCount) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {"T2"}}});
  g.mutable_board() = WithGreenBombayAndPoona();
  g.GivePrivateForTest(7, kAnn, 120);
  T1947Game without = g;
  EXPECT_FALSE(RunTurnNow(g, R("BB&CI")).owns_p7);
  Ok(Apply(g, BuyPrivateAction(kAnn, 7, 100)));
  EXPECT_TRUE(RunTurnNow(g, R("BB&CI")).owns_p7);
  EXPECT_TRUE(GraphTurnNow(g, R("BB&CI")).owns_p7);
  EXPECT_FALSE(GraphTurnNow(g, R("BNR")).owns_p7);
  const std::vector<std::vector<std::string>> run{{"D21-SW", "D21", "E22"}};
  for (T1947Game* game : {&g, &without}) {
    while (game->step() < OrStep::kRunTrains) Ok(game->Done(kAnn));
    Ok(Apply(*game, RunTrains(kAnn, run, false)));
  }
  EXPECT_EQ(g.railway("BB&CI").treasury, 400 + 60);
  EXPECT_EQ(without.railway("BB&CI").treasury, 500 + 50);
}

// 3.1 P8: the BB&CI buys a T2 in its track step with the P8, which is discarded; without it trains
// wait for the buying step (4.2). Bought from a railway of another president the P8 goes only
// when the sale is made (6.15.2).
TEST(Privates, TheP8BuysATrainAtAnyStep) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}, {"BNR", Space(0, 90), kBob, 500, {"T2"}}});
  ASSERT_EQ(Operating(g), "BB&CI");
  g.GivePrivateForTest(8, kAnn, 100);
  EXPECT_EQ(Refused(g, TrainAction(kAnn, "T2")), "1947.refusal.trains.bought_after_run");
  EXPECT_EQ(Refused(g, P8Train(kAnn, "T2")), "1947.refusal.privates.not_owned");
  Ok(Apply(g, BuyPrivateAction(kAnn, 8, 100)));
  T1947Game from_bnr = g;
  Ok(Apply(g, P8Train(kAnn, "T2")));
  EXPECT_EQ(g.railway("BB&CI").trains, std::vector<std::string>{"T2"});
  EXPECT_EQ(g.railway("BB&CI").treasury, 400 - 80);
  EXPECT_TRUE(g.private_removed(8));
  EXPECT_EQ(g.private_railway(8), -1);
  EXPECT_EQ(g.step(), OrStep::kLayTrack);
  EXPECT_EQ(Refused(g, P8Train(kAnn, "T2")), "1947.refusal.privates.not_owned");  // one-off (3.5)
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  // From the BNR: Bob answers; refused, the P8 stays; accepted, it goes.
  Ok(Apply(from_bnr, P8Train(kAnn, "T2", "BNR", 50)));
  ASSERT_TRUE(from_bnr.pending_train_sale().has_value());
  EXPECT_TRUE(from_bnr.pending_train_sale()->p8);
  T1947Game refused = from_bnr;
  Ok(Apply(refused, By(kBob, ActionKind::kAnswerTrainSale)));  // yes = false
  EXPECT_EQ(refused.private_railway(8), R("BB&CI"));
  Action1947 accept = By(kBob, ActionKind::kAnswerTrainSale);
  accept.yes = true;
  Ok(Apply(from_bnr, accept));
  EXPECT_EQ(from_bnr.railway("BB&CI").trains, std::vector<std::string>{"T2"});
  EXPECT_EQ(from_bnr.railway("BNR").treasury, 550);
  EXPECT_TRUE(from_bnr.private_removed(8));
}

// 3.1 P8: the charter's next box for a site not reached, the site's workers left on the map; not
// a site reached before.
TEST(Privates, TheP8TakesAnExpatriationBonus) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(8, kAnn, 100);
  Ok(Apply(g, BuyPrivateAction(kAnn, 8, 100)));
  const int east_africa = 2;
  T1947Game reached = g;
  reached.mutable_board().sites_reached[R("BB&CI")][east_africa] = true;
  EXPECT_EQ(Refused(reached, P8Site(kAnn, east_africa)), "1947.refusal.privates.p8_site_reached");
  EXPECT_EQ(Refused(g, P8Site(kAnn, 99)), "1947.refusal.privates.no_such_site");
  Ok(Apply(g, P8Site(kAnn, east_africa)));
  EXPECT_EQ(g.railway("BB&CI").treasury, 400 + 60);  // the first box (6.10)
  EXPECT_TRUE(g.board().sites_reached[R("BB&CI")][east_africa]);
  EXPECT_EQ(g.board().site_workers[east_africa], 2);  // "except for any Workers on the map"
  EXPECT_EQ(g.player(kAnn).new_workers, 0);
  EXPECT_TRUE(g.private_removed(8));
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// 3.1 P6: the BB&CI's station on Poona free (Rs.40 on the charter), as the round's station
// (6.7.2); or its Poona station moved free to Akola, which its track reaches through Poona.
TEST(Privates, TheP6PlacesOrMovesAStationFree) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(6, kAnn, 70);
  Board1947 board = WithHome({"BB&CI"});
  TrackTurn turn;
  MustLay(&board, Context("BB&CI"), &turn, At("D21", "6M", {"SE", "N"}));
  MustLay(&board, Context("BB&CI"), &turn, At("E22", "57", {"NW", "SE"}));
  g.mutable_board() = board;
  EXPECT_EQ(Refused(g, P6(kAnn, "E22")), "1947.refusal.privates.not_owned");
  Ok(Apply(g, BuyPrivateAction(kAnn, 6, 70)));
  Ok(Apply(g, P6(kAnn, "E22")));
  EXPECT_EQ(g.railway("BB&CI").treasury, 430);
  EXPECT_EQ(g.board().stations[R("BB&CI")].size(), 2u);
  EXPECT_TRUE(g.private_removed(6));
  EXPECT_EQ(g.station_turn().placed, 1);  // the round's one station (6.7.2)

  T1947Game move = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  move.mutable_board() = WithGreenBombayAndPoona();
  move.GivePrivateForTest(6, kAnn, 70);
  Ok(Apply(move, BuyPrivateAction(kAnn, 6, 70)));
  EXPECT_EQ(Refused(move, P6(kAnn, "G20", "D21")), "1947.refusal.privates.p6_home_stays");
  EXPECT_EQ(Refused(move, P6(kAnn, "G20", "F21")), "1947.refusal.privates.p6_no_station_there");
  Ok(Apply(move, P6(kAnn, "G20", "E22")));
  EXPECT_EQ(move.board().stations[R("BB&CI")], (std::vector<Base>{Base{Hex("D21"), 0}, Base{Hex("G20"), 0}}));
  EXPECT_EQ(move.railway("BB&CI").treasury, 430);
  EXPECT_EQ(move.station_turn().placed, 0);  // a move is no placement
  EXPECT_EQ(CheckInvariants(move), std::vector<std::string>{});
}

Action1947 P6Beyond(int player, const std::string& hex) {
  Action1947 a = Power(player, PrivatePower::kP6BeyondSpaces);
  a.hex = hex;
  return a;
}

bool Listed(const T1947Game& g, int player, const Action1947& wanted) {
  for (const Action1947& a : LegalActions(g, player)) {
    if (a.kind == wanted.kind && a.power == wanted.power && a.hex == wanted.hex && a.from_hex == wanted.from_hex) return true;
  }
  return false;
}

// 3.1 P6, its third benefit (1947 ruling 52): the BNR's track (Nagpur, Akola, the #9) reaches
// Poona, whose one space holds the BB&CI's station. An ordinary station is refused there (6.7.1);
// the P6 places the BNR's next station there at its cost (Rs.40), as the round's station, beyond
// the city's spaces. Akola, which has room, takes no P6 station of this kind. Poona stays full for
// every other railway.
TEST(Privates, TheP6PlacesAStationInAFullCity) {
  T1947Game g = OperatingWith({{"BNR", Space(0, 100), kAnn, 500, {}}});
  g.mutable_board() = WithGreenBombayAndPoona();
  g.GivePrivateForTest(6, kAnn, 70);
  EXPECT_EQ(Refused(g, P6Beyond(kAnn, "E22")), "1947.refusal.privates.not_owned");
  Ok(Apply(g, BuyPrivateAction(kAnn, 6, 70)));
  EXPECT_EQ(g.railway("BNR").treasury, 430);
  Action1947 station = By(kAnn, ActionKind::kPlaceStation);
  station.hex = "E22";
  EXPECT_EQ(Refused(g, station), "1947.refusal.station.city_full");
  EXPECT_EQ(Refused(g, P6Beyond(kAnn, "G20")), "1947.refusal.station.p6_city_has_room");
  EXPECT_EQ(Refused(g, P6Beyond(kAnn, "S14")), "1947.refusal.station.not_connected");  // the ABR's full Sylhet: no route
  EXPECT_TRUE(Listed(g, kAnn, P6Beyond(kAnn, "E22")));
  EXPECT_FALSE(Listed(g, kAnn, P6Beyond(kAnn, "G20")));
  Ok(Apply(g, P6Beyond(kAnn, "E22")));
  EXPECT_EQ(g.railway("BNR").treasury, 390);
  EXPECT_EQ(g.board().stations[R("BNR")], (std::vector<Base>{Base{Hex("H19"), 0}, Base{Hex("E22"), 0}}));
  EXPECT_EQ(g.board().p6_stations, std::vector<HexCoord>{Hex("E22")});
  EXPECT_EQ(g.board().StationsAt(Hex("E22")).size(), 2u);
  EXPECT_TRUE(g.private_removed(6));
  EXPECT_EQ(g.station_turn().placed, 1);  // the round's one station (6.7.2)
  station.hex = "G20";
  EXPECT_EQ(Refused(g, station), "1947.refusal.station.one_per_or");
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  Result<T1947Game> restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok());
  EXPECT_EQ(restored->board().p6_stations, g.board().p6_stations);
}

// 3.1 P6's third benefit in a city whose last space is kept for a home (6.7.2): with the EIR's
// home put on Akola (a changed copy of the data), the BNR may not place an ordinary station there
// but the P6 places one at its cost; the EIR's home station still finds its place later.
TEST(Privates, TheP6PlacesAStationInACityKeptForAHome) {
  static const T1947Data data = [] {
    T1947Data d = Data();
    d.railways[R("EIR")].home = "G20";
    return d;
  }();
  T1947Game g = OperatingWith({{"BNR", Space(0, 100), kAnn, 500, {}}}, data);
  g.mutable_board() = WithGreenBombayAndPoona();
  g.GivePrivateForTest(6, kAnn, 70);
  Ok(Apply(g, BuyPrivateAction(kAnn, 6, 70)));
  Action1947 station = By(kAnn, ActionKind::kPlaceStation);
  station.hex = "G20";
  EXPECT_EQ(Refused(g, station), "1947.refusal.station.home_reserved");
  Ok(Apply(g, P6Beyond(kAnn, "G20")));
  EXPECT_EQ(g.railway("BNR").treasury, 390);
  EXPECT_EQ(g.board().p6_stations, std::vector<HexCoord>{Hex("G20")});
  Board1947 later = g.board();
  Ok(PlaceHomeStation(data, &later, R("EIR")));
  EXPECT_EQ(later.StationsAt(Hex("G20")).size(), 2u);
}

// 3.1 P6's move "even if that city is already fully occupied": the BNR's Akola station moved free
// to the BB&CI's full Poona; no placement of 6.7.2; the station is beyond Poona's space.
TEST(Privates, TheP6MovesAStationIntoAFullCity) {
  T1947Game g = OperatingWith({{"BNR", Space(0, 100), kAnn, 500, {}}});
  Board1947 board = WithGreenBombayAndPoona();
  StationTurn placed;
  ASSERT_TRUE(PlaceStation(Data(), &board, R("BNR"), 1000, &placed, Hex("G20")).ok());
  g.mutable_board() = board;
  g.GivePrivateForTest(6, kAnn, 70);
  Ok(Apply(g, BuyPrivateAction(kAnn, 6, 70)));
  EXPECT_TRUE(Listed(g, kAnn, P6(kAnn, "E22", "G20")));
  Ok(Apply(g, P6(kAnn, "E22", "G20")));
  EXPECT_EQ(g.board().stations[R("BNR")], (std::vector<Base>{Base{Hex("H19"), 0}, Base{Hex("E22"), 0}}));
  EXPECT_EQ(g.board().p6_stations, std::vector<HexCoord>{Hex("E22")});
  EXPECT_EQ(g.railway("BNR").treasury, 430);
  EXPECT_EQ(g.station_turn().placed, 0);
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// The legal actions: each private a player owns once, at Rs.1, for the operating railway's
// president only; the P8's and P6's benefits once the railway owns them; every one applies.
TEST(Privates, LegalActionsListPurchasesAndPowers) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  g.GivePrivateForTest(8, kAnn, 100);
  g.GivePrivateForTest(1, kBob, 70);
  auto purchases = [](const std::vector<Action1947>& legal) {
    std::vector<int> numbers;
    for (const Action1947& a : legal) {
      if (a.kind != ActionKind::kBuyPrivate) continue;
      numbers.push_back(a.private_number);
      EXPECT_EQ(a.amount, 1);
    }
    return numbers;
  };
  EXPECT_EQ(purchases(LegalActions(g, kAnn)), (std::vector<int>{1, 8}));
  EXPECT_TRUE(purchases(LegalActions(g, kBob)).empty());
  Ok(Apply(g, BuyPrivateAction(kAnn, 8, 100)));
  EXPECT_EQ(purchases(LegalActions(g, kAnn)), std::vector<int>{1});
  int p8 = 0;
  for (const Action1947& a : LegalActions(g, kAnn)) {
    if (a.kind == ActionKind::kUsePrivatePower) ++p8;
    T1947Game copy = g;
    EXPECT_TRUE(Apply(copy, a).ok());
  }
  EXPECT_EQ(p8, 1 + static_cast<int>(Data().sites.size()));  // the bank's T2 and every site
}

// The actions in the API: each converts to its message and back unchanged.
TEST(Privates, ProtoRoundTrip) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {}}});
  std::vector<Action1947> actions{BuyPrivateAction(kAnn, 7, 180), Answer(kBob, true), P8Train(kAnn, "T3", "BNR", 5),
                                  P8Site(kAnn, 4), P6(kAnn, "E22"), P6(kAnn, "G20", "E22"), P6Beyond(kAnn, "E22")};
  for (const Action1947& a : actions) {
    const v1::Action message = ToProto(a);
    Result<Action1947> back = FromProto(g, message);
    ASSERT_TRUE(back.ok()) << back.error().ToString();
    EXPECT_EQ(ToProto(*back).SerializeAsString(), message.SerializeAsString());
    EXPECT_EQ(back->kind, a.kind);
    EXPECT_EQ(back->private_number, a.private_number);
    EXPECT_EQ(back->amount, a.amount);
    EXPECT_EQ(back->hex, a.hex);
    EXPECT_EQ(back->power, a.power);
    EXPECT_EQ(back->from_hex, a.from_hex);
  }
  EXPECT_TRUE(ToProto(actions[0]).has_buy_private_1947());
  EXPECT_TRUE(ToProto(actions[2]).has_use_private_power_1947());
}

}  // namespace
}  // namespace mailrun::engine::t1947
