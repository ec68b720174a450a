// The rules of the 2009 Lookout edition's text played in 2009 games, one test per rule or group of
// rules (docs/rules-2009.tsv names them): where the 2009 rule is Retuned's, the test shares the
// Retuned tests' positions and helpers (railway_position.h, dealing_position.h) and checks the
// 2009 game's own figures and words (money instead of Company Credits, phases numbered 2-5, the
// 2009 rule numbers in refusals); where the 2009 text differs, it tests that text.
//
// Railway positions start from a recorded 2009 game (tests/fixtures/games/edition2009-3p.json)
// replayed to its first railway round, every company then set back to not running and the EIR
// (seat 0), the GIP (seat 1) and the SIR (seat 2) formed afresh: the same hexes as the Retuned
// tests' positions, west of the Ganges, where the 2009 board is Retuned's.
#include <gtest/gtest.h>

#include "tests/unit/engine/dealing_position.h"
#include "tests/unit/engine/edition2009_position.h"
#include "tests/unit/engine/railway_position.h"
#include "tests/unit/engine/run_positions.h"
#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using mailrun::v1::EDITION_LOOKOUT_2009;

// ---- Section 3 ----------------------------------------------------------------------------------

// 3.1.2: "Shares valued on the Stock Market at £40 or less are exempt from these limits": they do
// not count toward the certificate total when another share is bought (docs/rulings.md #32).
TEST(Rules2009, Rule3_1_2_ExemptSharesDoNotCountTowardTheTotal) {
  Game game = OneCertificateUnderTheLimitWithExemptShares(EDITION_LOOKOUT_2009);
  ASSERT_EQ(game.data().edition, EDITION_LOOKOUT_2009);
  MustApply(game, Buy(0, "EIR"));
  EXPECT_EQ(game.state().shares.HeldBy(0, CompanyIndexOf(game, "EIR")), 6);
  Game full = OneCertificateUnderTheLimitWithExemptShares(EDITION_LOOKOUT_2009, 1);
  const Error refused = MustRefuse(full, Buy(0, "EIR"));
  EXPECT_EQ(refused.rule, "3.1.2");
  EXPECT_EQ(refused.message, "you may hold at most 16 certificates");
}

// 3.1.4 and 3.1.7: new shares at par, pool shares at the market price; Section 3: one purchase a
// turn; 3.1.9: no buying back what was sold this round.
TEST(Rules2009, Rule3_1_4_And3_1_7_PricesOneShareATurnAndNoBuyingBack) {
  const Game base = SecondDealingRound(EDITION_LOOKOUT_2009);
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, 2, 64);
    s.shares.Move(ShareHolder::Bank(), ShareHolder::Pool(), sir, 1);
  });
  const int cash = game.state().players[0].cash;
  const Game before = game;
  MustApply(game, Buy(0, "SIR", /*from_pool=*/true));
  EXPECT_EQ(game.state().players[0].cash, cash - 64) << "3.1.7: the market price";
  EXPECT_EQ(MustRefuse(game, Buy(0, "SIR")).rule, "Section 3") << "one purchase a turn (2009: section 3)";
  // 3.1.10: the share in the pool is an issued share and does not stop a purchase of a new one.
  Game bank = before;
  ASSERT_EQ(bank.state().shares.InPool(sir), 1);
  MustApply(bank, Buy(0, "SIR"));
  EXPECT_EQ(bank.state().players[0].cash, cash - 75) << "3.1.4: par, whatever the market price";
  // 3.1.9: a player who sold SIR shares buys none until the next stock round.
  Game seller = before;
  PassUntilTurnOf(seller, 2);
  MustApply(seller, Sell(2, "SIR", 2));
  EXPECT_EQ(MustRefuse(seller, Buy(2, "SIR", /*from_pool=*/true)).rule, "3.1.9");
}

// The first stock round (2.8.3): sales realise £5 less than par; any number of shares may be sold
// in a turn (3.1.5, 3.1.6) and none bought back until the next stock round (3.1.9); the companies
// of nobody's bid wait until every share of the bid companies is issued (2.7.6, 3.1.3).
TEST(Rules2009, Rule2_8_3_TheFirstStockRoundsSalesAndTheSetAsideCompanies) {
  Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  ASSERT_EQ(game.state().dealing.current, 0);
  const int cash = game.state().players[0].cash;
  MustApply(game, Sell(0, "NWR", 1));
  EXPECT_EQ(game.state().players[0].cash, cash + 92 - 5);
  MustApply(game, Sell(0, "EIR", 2));
  EXPECT_EQ(game.state().players[0].cash, cash + 92 - 5 + 2 * (100 - 5));
  EXPECT_EQ(MustRefuse(game, Buy(0, "NWR", /*from_pool=*/true)).rule, "3.1.9");
  for (const char* set_aside : {"GIP", "ECR"}) {
    EXPECT_EQ(game.state().companies[CompanyIndexOf(game, set_aside)].status, CompanyStatus::kSetAside) << set_aside;
    EXPECT_EQ(MustRefuse(game, Buy(0, set_aside)).rule, "3.1.3") << set_aside;
  }
}

// 2.7.4: "A player holding un-redeemed shares must redeem them before buying any further shares
// ... Un-redeemed shares may not be 'sold' into the Bank Pool." Redemption is at par.
TEST(Rules2009, Rule2_7_4_UnredeemedSharesAreRedeemedBeforeAnyPurchaseAndNeverSold) {
  const Game base = FirstDealingRound(EDITION_LOOKOUT_2009);
  const int eir = CompanyIndexOf(base, "EIR");
  Game game = WithState(base, [&](GameState& s) {
    s.players[0].unredeemed[eir] = 1;
    GiveCash(s, 0, 300);
  });
  ASSERT_EQ(game.state().dealing.current, 0);
  EXPECT_EQ(MustRefuse(game, Buy(0, "MSM")).rule, "2.7.4");
  EXPECT_EQ(MustRefuse(game, Sell(0, "EIR", 2)).rule, "2.7.4") << "only the paid share may be sold";
  const int cash = game.state().players[0].cash;
  MustApply(game, Redeem(0, "EIR"));
  EXPECT_EQ(game.state().players[0].cash, cash - 100);
  EXPECT_EQ(game.state().players[0].unredeemed[eir], 0);
  MustApply(game, Buy(0, "MSM"));
}

// 3.1.8: "beginning in the round in which a Director is first appointed, it is NOT then permitted
// to sell shares in that Company until the following Stock Round."
TEST(Rules2009, Rule3_1_8_NoSalesInTheRoundADirectorIsFirstAppointed) {
  const Game base = SecondDealingRound(EDITION_LOOKOUT_2009);
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, 2, 75);
    s.companies[sir].formed_in_dealing_round = 2;
  });
  PassUntilTurnOf(game, 2);
  const Error refused = MustRefuse(game, Sell(2, "SIR", 2));
  EXPECT_EQ(refused.rule, "3.1.8");
  EXPECT_EQ(refused.message, "the SIR director was appointed in this dealing round: its shares may not be sold until the next one");
}

// 3.1.1: a stock round starts with the Elephant's holder, and only the player whose turn it is
// deals.
TEST(Rules2009, Rule3_1_1_TheElephantsHolderDealsFirst) {
  Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  EXPECT_EQ(game.state().dealing.current, game.state().elephant);
  const int other = (game.state().elephant + 1) % 4;
  const Error refused = MustRefuse(game, Buy(other, "EIR"));
  EXPECT_EQ(refused.rule, "3.1.1");
  EXPECT_EQ(refused.kind, ErrorKind::kNotYourTurn);
}

// After the first stock round a company forms as soon as its qualifying number is bought (2.9.1,
// 3.2.1): the largest holder becomes its director (2.9.2), it receives ten times par in money from
// the bank (3.3.1), its price at par and its home bases (3.3.2); the player left of the last buyer
// takes the Elephant (3.1.11), and an operating round follows (3.1.12, 3.5) in which the new
// company runs (3.3.3).
TEST(Rules2009, Rule3_2_1_ACompanyFormsWhenItsQualifyingNumberIsBought) {
  Game game = SecondDealingRound(EDITION_LOOKOUT_2009);
  const int nwr = CompanyIndexOf(game, "NWR");
  ASSERT_EQ(game.state().shares.IssuedOut(nwr), 4) << "seat 0's Lahore and seat 1's three claims";
  PassUntilTurnOf(game, 1);
  const int bank = game.state().bank;
  MustApply(game, Buy(1, "NWR"));  // the fifth share: TABLE 3's qualifying number with four players
  const CompanyState& c = game.state().companies[nwr];
  EXPECT_EQ(c.status, CompanyStatus::kFormed);
  EXPECT_EQ(c.director, 1);
  EXPECT_EQ(c.treasury, 920);
  EXPECT_EQ(game.state().bank, bank + 92 - 920) << "the share's price in, the capital out: money, not credits";
  EXPECT_EQ(game.data().SharePrices()[c.price_index], 92);
  EXPECT_EQ(c.bases.size(), 2u) << "Delhi and Lahore";
  for (int guard = 0; guard < 8 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  ASSERT_EQ(game.state().stage, Stage::kElephantSale);
  EXPECT_EQ(game.state().elephant, 2) << "the player on the left of the last buyer";
  mailrun::v1::Action keep;
  keep.set_seat(2);
  keep.mutable_keep_elephant();
  MustApply(game, keep);
  ASSERT_EQ(game.state().stage, Stage::kRailway);
  EXPECT_EQ(game.state().railway.company, nwr);
}

// 3.4.3 and 4.8.10: a manager may buy a new train on credit whatever the company owns, one such
// train at a time (docs/rulings.md #24); a director may not.
TEST(Rules2009, Rule3_4_3_AManagerHoldsOneTrainOnCreditWhateverTheCompanyOwns) {
  RailwayPosition position = Railway2009();
  position.Manager("SIR", kSir).Trains("SIR", {"2"}).Treasury("SIR", 500);
  Game game = position.Operate("SIR", TurnStep::kBuyTrains);
  EXPECT_TRUE(Listed(game, BuyOnCredit(kSir, "2")));
  Accept(game, BuyOnCredit(kSir, "2"));
  EXPECT_EQ(Treasury(game, "SIR"), 500) << "nothing paid yet";
  EXPECT_TRUE(CompanyOf(game, "SIR").trains.back().on_credit);
  const Error second = Refuse(game, BuyOnCredit(kSir, "2"));
  EXPECT_EQ(second.rule, "3.4.3");
  EXPECT_EQ(second.message, "only one train may be held on credit");
  Game director = Railway2009().Trains("GIP", {"2"}).Operate("GIP", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(director, BuyOnCredit(kGip, "2")).rule, "3.4.3") << "only a manager";
}

// 3.4.4: "A Manager does not have to buy a train"; 3.4.5: "A train must be fully paid for BEFORE it
// may be sold to another Company."
TEST(Rules2009, Rule3_4_4_And3_4_5_AManagerNeedNotBuyAndACreditTrainIsNotSold) {
  Game none = Railway2009().Manager("SIR", kSir).Treasury("SIR", 100).Operate("SIR", TurnStep::kBuyTrains);
  Accept(none, EndStep(kSir));
  EXPECT_NE(OperatingCompany(none), "SIR") << "the turn ended without a train";
  RailwayPosition owing = Railway2009();
  owing.Manager("SIR", kSir).Trains("SIR", {"2"});
  owing.state().companies[owing.Index("SIR")].trains.front().on_credit = true;
  Game gip = owing.Operate("GIP", TurnStep::kBuyTrains);
  const std::string id = CompanyOf(gip, "SIR").trains.front().id;
  EXPECT_EQ(Refuse(gip, OfferTrain(kGip, "SIR", id, 100)).rule, "3.4.5");
}

// 4.8.9: trains between companies at the end of the buyer's turn, for at least £10; 4.8.18: no
// '1M' to a major.
TEST(Rules2009, Rule4_8_9_TrainsBetweenCompanies) {
  Game gip = Railway2009().Trains("SIR", {"2", "1M"}).Operate("GIP", TurnStep::kBuyTrains);
  const auto& trains = CompanyOf(gip, "SIR").trains;
  EXPECT_EQ(Refuse(gip, OfferTrain(kGip, "SIR", trains[0].id, 5)).rule, "4.8.9") << "at least £10";
  EXPECT_EQ(Refuse(gip, OfferTrain(kGip, "SIR", trains[1].id, 100)).rule, "4.8.18") << "no '1M' for a major";
  Game early = Railway2009().Trains("SIR", {"2"}).Operate("GIP", TurnStep::kTrack);
  EXPECT_EQ(Refuse(early, OfferTrain(kGip, "SIR", CompanyOf(early, "SIR").trains[0].id, 100)).rule, "4.8.1");
}

// 4.10.1: the first train of a new type starts its phase: the first '3' starts phase 3 (4.10.3).
TEST(Rules2009, Rule4_10_1_TheFirstThreeStartsPhaseThree) {
  RailwayPosition position = Railway2009();
  position.state().trains_left["2"] = 0;
  Game game = position.Operate("GIP", TurnStep::kBuyTrains);
  ASSERT_EQ(game.View(kOmniscient).phase(), 2);
  Accept(game, BuyTrain(kGip, "3"));
  EXPECT_EQ(game.View(kOmniscient).phase(), 3);
  EXPECT_EQ(Treasury(game, "GIP"), 960 - 440);
}

// ---- Section 4: the order of a turn ------------------------------------------------------------

// Section 4 (Retuned 4.0), 4.1.1, 4.8.1: the steps in order; each refusal names the step the turn
// is at, and a second lay is refused for the reason the track step ended.
TEST(Rules2009, Rule4_1_1_TrackFirstAndEachStepInItsTurn) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gs", "6", 5)
      .Trains("GIP", {"2"});
  Game game = position.Operate("GIP");
  const Error base_early = Refuse(game, PlaceBase(kGip, "Gs"));
  EXPECT_EQ(base_early.rule, "Section 4");
  EXPECT_EQ(base_early.message, "the GIP is at its step 'lay or promote track': 'establish a base station' comes later in its turn");
  EXPECT_EQ(Refuse(game, BuyTrain(kGip, "2")).rule, "4.8.1");
  Accept(game, Lay(kGip, "Gq", "6", 2));
  ASSERT_EQ(game.state().railway.step, TurnStep::kBase);
  const Error second = Refuse(game, Lay(kGip, "Is", "9", 0));
  EXPECT_EQ(second.rule, "4.1.3");
  EXPECT_EQ(second.message, "the company lays one tile a turn until phase 3 (the option it chose)");
  Accept(game, EndStep(kGip));
  const Error base_late = Refuse(game, PlaceBase(kGip, "Gs"));
  EXPECT_EQ(base_late.rule, "Section 4");
  EXPECT_EQ(base_late.message, "the GIP's step 'establish a base station' is over: it is at 'run trains'");
}

// ---- 4.1: track ---------------------------------------------------------------------------------

// 4.1.2: "Minor Companies may only lay 1 tile per turn."
TEST(Rules2009, Rule4_1_2_MinorsLayOneTile) {
  Game game = Railway2009().Operate("SIR");
  EXPECT_EQ(game.state().railway.step, TurnStep::kTrack) << "a minor makes no double-lay choice";
  Accept(game, Lay(kSir, "Tp", "76", 4));
  EXPECT_FALSE(StillLaying(game));
  const Error second = Refuse(game, Lay(kSir, "Tr", "72", 1));
  EXPECT_EQ(second.rule, "4.1.2");
  EXPECT_EQ(second.message, "the SIR may lay 1 tile a turn");
}

// 4.1.3: option 1, two tiles "until Phase 2" read as 2009's phase 3 (docs/rulings.md 2009 #2);
// option 2, £50 for the EIR's second lay and £20 for the GIP's, paid to the bank in money.
TEST(Rules2009, Rule4_1_3_TheDoubleLayOptions) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2);
  Game phase2 = position.Operate("EIR");
  Accept(phase2, Lay(kEir, "Iaa", "58", 5));
  EXPECT_FALSE(StillLaying(phase2)) << "one tile in 2009's phase 2";
  Game phase3 = RailwayPosition(position).Phase(2).Operate("EIR");
  Accept(phase3, Lay(kEir, "Iaa", "58", 5));
  EXPECT_TRUE(StillLaying(phase3)) << "two tiles from 2009's phase 3";

  Game eir = RailwayPosition(position).DoubleLay("EIR", DoubleLay::kPayPerUse).Operate("EIR");
  const int bank = eir.state().bank;
  Accept(eir, Lay(kEir, "Iaa", "58", 5));
  Accept(eir, Lay(kEir, "Hx", "5", 0));  // Patna: multiple river £60, and the £50 fee
  EXPECT_EQ(Treasury(eir, "EIR"), 1000 - 110);
  EXPECT_EQ(eir.state().bank, bank + 110) << "paid to the bank in money (no Company Credits)";
  EXPECT_EQ(eir.state().credits, 0);
  Game gip = Railway2009().DoubleLay("GIP", DoubleLay::kPayPerUse).Operate("GIP");
  Accept(gip, Lay(kGip, "Ht", "6", 0));   // Allahabad: multiple river £60
  Accept(gip, Lay(kGip, "Nj", "73", 2));  // metre gauge mountain £70, and the £20 fee
  EXPECT_EQ(Treasury(gip, "GIP"), 960 - 60 - 90);
}

// 4.1.4: "Yellow tiles only may be laid at first ... but not on Bombay, Calcutta, Delhi, Madras or
// Waltair."
TEST(Rules2009, Rule4_1_4_OnlyYellowTilesAndNoneOnTheFiveLargeCities) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Tile("Iaa", "58", 5).Phase(2);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kEir, "Iy", "82", 1)).rule, "4.1.4");  // green
  const Error calcutta = Refuse(game, Lay(kEir, "Jab", "58", 0));
  EXPECT_EQ(calcutta.rule, "4.1.4");
  EXPECT_EQ(calcutta.message, "no tile is laid on Bombay, Calcutta, Delhi, Madras or Waltair");
  EXPECT_EQ(Refuse(game, Lay(kEir, "Iaa", "3", 4)).rule, "4.1.4");  // already has a tile
}

// 4.1.5: either gauge may be laid; 4.1.6: a new tile extends a railhead in the line's gauge, and
// "dual gauge tracks count both as broad gauge and Meter gauge".
TEST(Rules2009, Rule4_1_5_And4_1_6_GaugesAndRailheads) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2);
  Game metre = position.Operate("EIR");
  Accept(metre, Lay(kEir, "Iaa", "73", 5));
  Game on = RailwayPosition(metre).Operate("EIR");
  EXPECT_EQ(Refuse(on, Lay(kEir, "Iy", "9", 1)).rule, "4.1.6") << "a broad tile on a metre line";
  Accept(on, Lay(kEir, "Iy", "79", 1));

  Game broad = RailwayPosition(position).Tile("Iaa", "58", 5).Operate("EIR");
  EXPECT_EQ(Refuse(broad, Lay(kEir, "Iu", "9", 0)).rule, "4.1.6") << "nowhere near the EIR's track";
  EXPECT_EQ(Refuse(broad, Lay(kEir, "Iy", "9", 0)).rule, "4.1.6") << "next to it, but not joining it";
  Accept(broad, Lay(kEir, "Iy", "9", 1));

  // Dual gauge track (a brown #108) carries the broad line from the base on: a broad tile extends
  // it; a metre one does not, the line behind it being broad ("the line and its extension must all
  // be of the same gauge").
  Game dual = RailwayPosition(position).Tile("Iaa", "58", 5).Tile("Iy", "108", 1).Phase(3).Operate("EIR");
  EXPECT_EQ(Refuse(dual, Lay(kEir, "Iw", "74", 1)).rule, "4.1.6");
  Accept(dual, Lay(kEir, "Iw", "4", 1));
}

// 4.1.7: two lays connect to different bases over track they do not share.
TEST(Rules2009, Rule4_1_7_TwoLaysFromDifferentBases) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Tile("Iaa", "58", 5).Tile("Hx", "6", 4);
  Game game = position.Operate("EIR");
  Accept(game, Lay(kEir, "Iy", "9", 1));  // from Calcutta
  EXPECT_EQ(Refuse(game, Lay(kEir, "Iw", "4", 1)).rule, "4.1.7") << "only Calcutta's line again";
  Accept(game, Lay(kEir, "Iw", "4", 0));  // Patna's
}

// 4.1.8: a company's first lay may be on its home base without a railhead; 4.1.9: the tile suits
// the hex.
TEST(Rules2009, Rule4_1_8_And4_1_9_HomeTilesAndTheRightTileForTheHex) {
  Game game = Railway2009().DoubleLay("EIR", DoubleLay::kPayPerUse).Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kEir, "Iaa", "9", 5)).rule, "4.1.9") << "plain track on a town";
  EXPECT_EQ(Refuse(game, Lay(kEir, "Iaa", "6", 5)).rule, "4.1.9") << "a large station on a town";
  Accept(game, Lay(kEir, "Hx", "5", 0));  // Patna: nothing of the EIR's near it
  EXPECT_TRUE(HasTile(game, "Hx", "5"));
}

// 4.1.12: construction costs, paid by the company to the bank before the lay (in money, 2009).
TEST(Rules2009, Rule4_1_12_TerrainIsPaidToTheBankBeforeTheLay) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Treasury("EIR", 50);
  Game poor = position.Operate("EIR");
  EXPECT_EQ(Refuse(poor, Lay(kEir, "Hx", "5", 0)).rule, "4.1.12") << "£60 for a multiple river";
  Game game = RailwayPosition(position).Treasury("EIR", 100).Operate("EIR");
  const int bank = game.state().bank;
  Accept(game, Lay(kEir, "Hx", "5", 0));
  EXPECT_EQ(Treasury(game, "EIR"), 40);
  EXPECT_EQ(game.state().bank, bank + 60);
}

// 4.1.15: "Companies have no regional restrictions where to place yellow tiles": the GIP's line
// Allahabad - Benares goes on east of its area (column t).
TEST(Rules2009, Rule4_1_15_YellowTilesAnywhere) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game game = position.Operate("GIP");
  Accept(game, Lay(kGip, "Iw", "4", 2));
  EXPECT_TRUE(HasTile(game, "Iw", "4"));
}

// ---- 4.2: promotions ----------------------------------------------------------------------------

// 4.2.1: "Green tiles are introduced in Phase 3"; a promotion replaces the lays. 4.2.2: before phase
// 5, promotions only within the company's area; 4.2.3: in phase 5 only with a '5' or '6' train.
TEST(Rules2009, Rule4_2_1_To4_2_3_PromotionsByPhaseAndArea) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game phase2 = RailwayPosition(position).Operate("GIP");
  const Error early = Refuse(phase2, Promote(kGip, "Ht", "14", 1));
  EXPECT_EQ(early.rule, "4.2.1");
  EXPECT_EQ(early.message, "green tiles are not available in phase 2");
  Game phase3 = RailwayPosition(position).Phase(2).Operate("GIP");
  const Error outside = Refuse(phase3, Promote(kGip, "Hv", "14", 1));
  EXPECT_EQ(outside.rule, "4.2.2");
  EXPECT_EQ(outside.message, "before phase 5 the GIP promotes only within its area (TABLE 2)");
  const int sixes = phase3.state().board.supply.at("6");
  const int treasury = Treasury(phase3, "GIP");
  Accept(phase3, Promote(kGip, "Ht", "14", 1));
  EXPECT_EQ(phase3.state().board.supply.at("6"), sixes + 1) << "4.2.10: the old tile may be laid again";
  EXPECT_EQ(Treasury(phase3, "GIP"), treasury) << "4.2.11: a promotion costs nothing";
  EXPECT_EQ(Refuse(phase3, Lay(kGip, "Gs", "6", 5)).rule, "4.2.1") << "no lay after a promotion";
  // Phase 5 without a '5' or '6' train: the refusal is the train, not "before phase 5".
  Game phase5 = RailwayPosition(position).Phase(4).Trains("GIP", {"4"}).Operate("GIP");
  const Error no_five = Refuse(phase5, Promote(kGip, "Hv", "14", 1));
  EXPECT_EQ(no_five.rule, "4.2.3");
  EXPECT_EQ(no_five.message, "outside its area a company promotes only if it owns a '5' or '6' train; the GIP owns none");
}

// 4.2.12 and 4.2.13: Calcutta is promoted from phase 4 with a CD tile, its first promotion costing
// £60 (paid in money).
TEST(Rules2009, Rule4_2_13_TheFirstPromotionOfCalcuttaCostsSixty) {
  RailwayPosition position = Railway2009();
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(2);
  Game green = position.Operate("EIR");
  const TileDef* brown = green.data().Tile("104");  // CD, brown (4.2.12)
  ASSERT_NE(brown, nullptr);
  ASSERT_EQ(brown->label, "CD");
  Game phase4 = RailwayPosition(position).Phase(3).Operate("EIR");
  bool promoted = false;
  for (const auto& legal : phase4.LegalActions(kEir)) {
    if (!legal.action().has_promote_tile() || legal.action().promote_tile().hex() != "Jab") continue;
    const int bank = phase4.state().bank;
    Accept(phase4, legal.action());
    EXPECT_EQ(Treasury(phase4, "EIR"), 1000 - 60);
    EXPECT_EQ(phase4.state().bank, bank + 60);
    promoted = true;
    break;
  }
  EXPECT_TRUE(promoted) << "Calcutta's CD tile is listed in phase 4";
  EXPECT_EQ(Refuse(green, Promote(kEir, "Jab", brown->id, 0)).rule, "4.2.12") << "not in phase 3";
}

// ---- 4.4: bases ---------------------------------------------------------------------------------

// 4.4.1: bases within the TABLE 2 area before phase 5; 4.4.2: in phase 5 outside it only with a '5'
// or '6' train, which the refusal names; 4.4.4: £40, then £100, paid in money.
TEST(Rules2009, Rule4_4_1_To4_4_4_BasesByAreaPhaseAndPrice) {
  RailwayPosition position = Railway2009();
  position.TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);  // Benares: east of the GIP's area
  Game phase4 = RailwayPosition(position).Phase(3).Trains("GIP", {"4"}).Operate("GIP", TurnStep::kBase);
  const Error early = Refuse(phase4, PlaceBase(kGip, "Hv"));
  EXPECT_EQ(early.rule, "4.4.1");
  EXPECT_EQ(early.message, "before phase 5 the GIP establishes bases only within its area (TABLE 2)");
  Game phase5 = RailwayPosition(position).Phase(4).Trains("GIP", {"4"}).Operate("GIP", TurnStep::kBase);
  const Error no_five = Refuse(phase5, PlaceBase(kGip, "Hv"));
  EXPECT_EQ(no_five.rule, "4.4.2");
  EXPECT_EQ(no_five.message, "outside its area a company establishes bases only if it owns a '5' or '6' train; the GIP owns none");
  // The GIP's line Allahabad - Lucknow - Cawnpore, within its area.
  Game game = Railway2009().TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gs", "6", 5).Tile("Gq", "6", 2)
                  .Operate("GIP", TurnStep::kBase);
  const int bank = game.state().bank;
  Accept(game, PlaceBase(kGip, "Gs"));
  Accept(game, PlaceBase(kGip, "Gq"));
  EXPECT_EQ(Treasury(game, "GIP"), 960 - 40 - 100);
  EXPECT_EQ(game.state().bank, bank + 140);
}

// 4.4.5: base tokens only on the vacant spaces of large stations; 4.4.6: only on stations joined
// to a base of the company.
TEST(Rules2009, Rule4_4_5_And4_4_6_WhereABaseMayGo) {
  Game town = Railway2009().Tile("Iaa", "58", 5).Operate("EIR", TurnStep::kBase);
  const Error small = Refuse(town, PlaceBase(kEir, "Iaa"));
  EXPECT_EQ(small.rule, "4.4.5");
  EXPECT_EQ(small.message, "base tokens go only on large stations");
  Game apart = Railway2009().TurnsDone("GIP", 1).Tile("Gs", "6", 5).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(apart, PlaceBase(kGip, "Gs")).rule, "4.4.6") << "Lucknow is not joined to the GIP's bases";
}

// ---- 4.5 - 4.7: runs, payment and the share price -------------------------------------------

// A '2' runs Calcutta - Iaa - Patna: two large stations and a town, each scoring (4.5.4, 4.6.2:
// 50 + 10 + 20). Paid out, each share earns 10% (4.6.5) from the bank (4.6.1), the mail's two ends
// go to the company whatever the dividend (4.6.6), and the price moves one space (4.7.1: under
// twice the price). Retained, it all goes to the company in money (4.6.4) and, with no share in
// the pool, the price stays.
TEST(Rules2009, Rule4_6_1_To4_7_1_EarningsDividendMailAndThePrice) {
  RailwayPosition position = Railway2009();
  position.Tile("Iaa", "58", {"Jab", "Iy"}).Tile("Iy", "8", {"Iaa", "Hx"}).Tile("Hx", "6", {"Iy"}).Trains("EIR", {"2"});
  const std::vector<std::string> run = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"};
  const auto price = [](const Game& game) {
    return game.data().SharePrices()[CompanyOf(game, "EIR").price_index];
  };
  Game paid = RailwayPosition(position).Operate("EIR", TurnStep::kRun);
  const std::string train = CompanyOf(paid, "EIR").trains.front().id;
  const GameState before = paid.state();
  const int treasury = Treasury(paid, "EIR");
  EXPECT_EQ(MustRefuse(paid, Runs(kEir, {{train, run}, {train, {"Jab.s0", "Iaa.s0"}}})).rule, "4.5.1") << "a train runs once";
  MustApply(paid, Runs(kEir, {{train, run}}, train, true));
  EXPECT_EQ(paid.state().players[kEir].cash - before.players[kEir].cash, 2 * 8) << "the director's two shares";
  EXPECT_EQ(Treasury(paid, "EIR"), treasury + 50 + 20) << "the mail: Calcutta and Patna";
  EXPECT_EQ(before.bank - paid.state().bank, 2 * 8 + 70) << "unissued shares earn nothing; all from the bank";
  EXPECT_EQ(price(paid), 104);

  Game kept = RailwayPosition(position).Operate("EIR", TurnStep::kRun);
  MustApply(kept, Runs(kEir, {{train, run}}, train, false));
  EXPECT_EQ(Treasury(kept, "EIR"), treasury + 80 + 70);
  EXPECT_EQ(before.bank - kept.state().bank, 80 + 70);
  EXPECT_EQ(kept.state().players[kEir].cash, before.players[kEir].cash);
  EXPECT_EQ(price(kept), 100);
  EXPECT_EQ(kept.state().credits, 0);
}

// 3.4.2: "A Manager may make any moves allowed of a Director except that he must not declare a
// dividend."
TEST(Rules2009, Rule3_4_2_AManagerRetainsTheEarnings) {
  RailwayPosition position = Railway2009();
  position.Tile("Iaa", "58", {"Jab", "Iy"}).Tile("Iy", "8", {"Iaa", "Hx"}).Tile("Hx", "6", {"Iy"}).Trains("EIR", {"2"})
      .Manager("EIR", kGip);
  Game game = position.Operate("EIR", TurnStep::kRun);
  const std::string train = CompanyOf(game, "EIR").trains.front().id;
  const std::vector<std::string> run = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"};
  const Error dividend = MustRefuse(game, Runs(kGip, {{train, run}}, "", true));
  EXPECT_EQ(dividend.rule, "3.4.2");
  const int treasury = Treasury(game, "EIR");
  MustApply(game, Runs(kGip, {{train, run}}, "", false));
  EXPECT_EQ(Treasury(game, "EIR"), treasury + 80);
}

// 4.7.3 and 5.1.3: a price reaching £400 stops the game at once, after that dividend (5.1.1: one
// of the two ends); 5.2.1 - 5.2.3: each player's cash and shares at market value, company money
// not counted, the wealthiest first.
TEST(Rules2009, Rule5_1_3_FourHundredEndsTheGameAndThePlayersAreScored) {
  RailwayPosition position = Railway2009();
  position.Tile("Iaa", "58", {"Jab", "Iy"}).Tile("Iy", "8", {"Iaa", "Hx"}).Tile("Hx", "6", {"Iy"}).Trains("EIR", {"2"});
  const std::vector<int>& prices = Recorded2009AtRailwayRoundOne().data().SharePrices();
  const auto four_hundred = std::find(prices.begin(), prices.end(), 400);
  ASSERT_NE(four_hundred, prices.end());
  position.state().companies[position.Index("EIR")].price_index = static_cast<int>(four_hundred - prices.begin()) - 1;
  Game game = position.Operate("EIR", TurnStep::kRun);
  const std::string train = CompanyOf(game, "EIR").trains.front().id;
  MustApply(game, Runs(kEir, {{train, {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"}}}, "", true));
  ASSERT_TRUE(game.Finished());
  const GameState& s = game.state();
  ASSERT_EQ(s.scores.size(), 3u);
  for (const FinalScore& score : s.scores) {
    int wealth = s.players[score.seat].cash;
    for (int c = 0; c < kCompanies; ++c) {
      const int price = s.companies[c].price_index >= 0 ? prices[s.companies[c].price_index] : game.data().companies[c].par;
      wealth += s.shares.HeldBy(score.seat, c) * price;
    }
    EXPECT_EQ(score.wealth, wealth) << "seat " << score.seat << ": cash and shares only (5.2.1, 5.2.2)";
    if (score.seat == kEir) {
      EXPECT_GE(score.wealth, 2 * 400);
    }
  }
  for (size_t i = 1; i < s.scores.size(); ++i) EXPECT_GE(s.scores[i - 1].wealth, s.scores[i].wealth) << "5.2.3";
  EXPECT_EQ(s.scores.front().rank, 1);
}

// ---- 4.8: trains --------------------------------------------------------------------------------

// 4.8.5: the phase's train limit, in 2009's phase words; 4.8.15: no metre train for a major before
// 2009's phase 3 (docs/rulings.md 2009 #2).
TEST(Rules2009, Rule4_8_5_And4_8_15_LimitsInThePhasesWords) {
  Game full = Railway2009().Trains("GIP", {"2", "2", "2", "2"}).Operate("GIP", TurnStep::kBuyTrains);
  const Error limit = Refuse(full, BuyTrain(kGip, "2"));
  EXPECT_EQ(limit.rule, "4.8.5");
  EXPECT_EQ(limit.message, "the GIP already owns 4 trains, the limit in phase 2");
  Game gip = Railway2009().Operate("GIP", TurnStep::kBuyTrains);
  const Error metre = Refuse(gip, BuyTrain(kGip, "2M"));
  EXPECT_EQ(metre.rule, "4.8.15");
  EXPECT_EQ(metre.message, "metre-gauge trains are not on sale to major companies before phase 3");
  // 4.8.2: new trains from the bank at their card price, several in a turn.
  Game sir = Railway2009().Operate("SIR", TurnStep::kBuyTrains);
  Accept(sir, BuyTrain(kSir, "2"));
  Accept(sir, BuyTrain(kSir, "2"));
  EXPECT_EQ(Treasury(sir, "SIR"), 750 - 2 * 300);
  // 4.8.3 (4.8.16 with a minor formed in the first stock round): the '2' trains come first.
  const Error three = Refuse(gip, BuyTrain(kGip, "3"));
  EXPECT_TRUE(three.rule == "4.8.3" || three.rule == "4.8.16") << three.ToString();
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
