// The 2009 Lookout edition's trains (4.8.4 - 4.8.19), the end of an operating round (4.9) and the
// bank running out (5.1.2), played in 2009 games; docs/rules-2009.tsv names each test. Quotations
// are from /work/shared/rules/1853-2009-lookout-edition-rules.txt. The engine keeps Retuned's
// phase numbers inside (GameState::phase 1 - 4); 2009 calls them phases 2 - 5, and the tests name
// both. Positions: Railway2009() (edition2009_position.h), edited at a company's purchases.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/engine/edition2009_position.h"
#include "tests/unit/engine/run_positions.h"
#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using TrainNameList = std::vector<std::string>;

// `company` at its purchases with `treasury` and no trains, the bank's stock as given, in the
// engine's `phase` (2009's phase + 1 is what players see), in a later operating round (the first
// '3' bought from the engine's phase 2 on).
Game BuyingIn2009(const std::string& company, int phase, const std::map<std::string, int>& stock, int treasury = 2000) {
  RailwayPosition position = Railway2009();
  position.Phase(phase).Trains(company, {}).Treasury(company, treasury);
  position.state().trains_left["2"] = 0;  // the seven '2/1M' cards sold (4.8.16)
  position.state().first_three_bought = phase >= 2;
  position.state().railway.number = 3;
  for (const auto& [type, left] : stock) position.state().trains_left[type] = left;
  return position.Operate(company, TurnStep::kBuyTrains);
}

// ---- 4.8.4, 4.8.6: obsolete and excess trains --------------------------------------------------

// 4.8.4: "Trains made obsolete by a Phase change ... are returned to the bank and take no further
// part in the game. No payment is made for them." 4.8.6: "Any trains which become excess ... as a
// result of a Phase change are returned to the bank without payment. In this case they will then
// be available from the bank, at full price". 2009's phase 3, the '3's and '2M's sold out; the NWR
// buys the first '4' (phase 4: '2' and '1M' obsolete, three trains a company).
TEST(Trains2009, Rule4_8_4_And4_8_6_TheFirstFourMakesTrainsObsoleteAndExcess) {
  RailwayPosition position = Railway2009();
  position.Form("NWR", kEir).Phase(2).Trains("EIR", {"2", "2", "3"}).Trains("GIP", {"3", "3", "2M", "2M"})
      .Trains("SIR", {"1M", "2M"}).Treasury("NWR", 700);
  for (const char* sold_out : {"2", "3", "2M"}) position.state().trains_left[sold_out] = 0;
  position.state().first_three_bought = true;
  Game game = position.Operate("NWR", TurnStep::kBuyTrains);
  const int eir = Treasury(game, "EIR"), gip = Treasury(game, "GIP"), sir = Treasury(game, "SIR");
  Accept(game, BuyTrain(kEir, "4"));
  EXPECT_EQ(game.View(kOmniscient).phase(), 4) << "2009's phase 4";
  EXPECT_EQ(TrainNames(game, "EIR"), (TrainNameList{"3"})) << "4.8.4: the '2's leave the game";
  EXPECT_EQ(TrainNames(game, "SIR"), (TrainNameList{"2M"})) << "4.8.4: the '1M' too";
  EXPECT_TRUE(game.state().returned_trains.empty()) << "obsolete trains are not on sale again";
  EXPECT_EQ(Treasury(game, "EIR"), eir) << "no payment";
  EXPECT_EQ(Treasury(game, "SIR"), sir);
  // 4.8.6: four trains where phase 4 allows three: the GIP's director returns one of his choice.
  ASSERT_EQ(game.ActiveSeats(), std::vector<int>{kGip});
  const std::string two_m = CompanyOf(game, "GIP").trains[2].id;
  EXPECT_EQ(MustRefuse(game, ReturnExcess(kGip, "NWR", two_m)).rule, "4.8.6");
  MustApply(game, ReturnExcess(kGip, "GIP", two_m));
  EXPECT_EQ(TrainNames(game, "GIP"), (TrainNameList{"3", "3", "2M"}));
  EXPECT_EQ(Treasury(game, "GIP"), gip) << "without payment";
  ASSERT_EQ(game.state().returned_trains.size(), 1u);
  // The returned '2M' is on sale at its full price, £250.
  Game buyer = RailwayPosition(game).Treasury("SIR", 1000).Operate("SIR", TurnStep::kBuyTrains);
  const TrainNameList on_sale = TrainsOnSale(buyer, kSir);
  EXPECT_NE(std::find(on_sale.begin(), on_sale.end(), "2M"), on_sale.end()) << ::testing::PrintToString(on_sale);
  Accept(buyer, BuyTrain(kSir, "2M"));
  EXPECT_EQ(Treasury(buyer, "SIR"), 1000 - 250);
  EXPECT_TRUE(buyer.state().returned_trains.empty());
}

// 4.8.7: "Trains may not be sold back to the bank." No action of a company at its purchases leaves
// it with fewer trains and more money, and it cannot "buy" its own train.
TEST(Trains2009, Rule4_8_7_NoActionSellsATrainToTheBank) {
  Game game = Railway2009().Trains("GIP", {"2"}).Trains("EIR", {"2"}).Operate("GIP", TurnStep::kBuyTrains);
  const CompanyState before = CompanyOf(game, "GIP");
  const int tried = ExpectNoActionSellsATrainToTheBank(game, kGip, "GIP");
  EXPECT_GT(tried, 2);
  EXPECT_EQ(MustRefuse(game, OfferTrain(kGip, "GIP", before.trains[0].id, 100)).rule, "4.8.9");
}

// 4.8.8: "if there are insufficient funds the Company's Director may, should he wish, make up the
// balance from his own money ... This is the ONLY purpose for which a Director may donate money to a
// company, and after such a purchase the company treasury will be empty."
TEST(Trains2009, Rule4_8_8_TheDirectorsGiftOnlyCompletesAPurchase) {
  RailwayPosition position = Railway2009();
  position.Treasury("GIP", 400);
  Game rich = position.Operate("GIP", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(rich, BuyTrain(kGip, "2", 10)).rule, "4.8.8") << "the company can pay";
  position.Treasury("GIP", 240);
  position.state().players[kGip].cash = 65;
  Game game = position.Operate("GIP", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(game, BuyTrain(kGip, "2")).rule, "4.8.2") << "£240 for £300";
  EXPECT_EQ(Refuse(game, BuyTrain(kGip, "2", 50)).rule, "4.8.8") << "less than the balance";
  EXPECT_EQ(Refuse(game, BuyTrain(kGip, "2", 65)).rule, "4.8.8") << "more than the balance";
  const int bank = game.state().bank;
  Accept(game, BuyTrain(kGip, "2", 60));
  EXPECT_EQ(game.state().players[kGip].cash, 5);
  EXPECT_EQ(Treasury(game, "GIP"), 0) << "the treasury is empty";
  EXPECT_EQ(game.state().bank, bank + 300) << "all of it money: 2009 has no Company Credits";
  EXPECT_EQ(game.state().credits, 0);
  // A gift larger than the director's money is refused, naming it.
  position.state().players[kGip].cash = 15;
  Game poor = position.Operate("GIP", TurnStep::kBuyTrains);
  const Error refused = Refuse(poor, BuyTrain(kGip, "2", 60));
  EXPECT_EQ(refused.rule, "4.8.8");
  EXPECT_NE(refused.message.find("£15"), std::string::npos) << refused.message;
}

// ---- 4.8.11 - 4.8.14: metre trains ---------------------------------------------------------------

// 4.8.11: "Trains for use on metre gauge lines are identified by an M. They are an alternative to
// whatever other type of train is being offered. They do not themselves cause a change of Phase."
TEST(Trains2009, Rule4_8_11_MetreTrainsAreAnAlternativeAndNeverChangeThePhase) {
  Game game = BuyingIn2009("GIP", 2, {});  // 2009's phase 3: '3' and '2M' (and the last '2's)
  const TrainNameList on_sale = TrainsOnSale(game, kGip);
  EXPECT_NE(std::find(on_sale.begin(), on_sale.end(), "3"), on_sale.end());
  EXPECT_NE(std::find(on_sale.begin(), on_sale.end(), "2M"), on_sale.end()) << ::testing::PrintToString(on_sale);
  Accept(game, BuyTrain(kGip, "2M"));
  EXPECT_EQ(game.View(kOmniscient).phase(), 3);
  // The last '3's gone, the first '3M' is not on sale: only the '4' changes the phase (4.8.13).
  Game four = BuyingIn2009("GIP", 2, {{"3", 0}, {"2M", 0}});
  EXPECT_EQ(Refuse(four, BuyTrain(kGip, "3M")).rule, "4.8.13");
  Accept(four, BuyTrain(kGip, "4"));
  EXPECT_EQ(four.View(kOmniscient).phase(), 4);
  Accept(four, BuyTrain(kGip, "3M"));
  EXPECT_EQ(four.View(kOmniscient).phase(), 4) << "the first '3M' starts nothing";
}

// 4.8.12: "If a Phase change occurs while metre gauge trains of a previous type are still available
// they will continue to be available IN ADDITION to the new type"; obsolete ones leave (4.10.5).
TEST(Trains2009, Rule4_8_12_OlderMetreTrainsStayOnSale) {
  Game game = BuyingIn2009("GIP", 2, {{"3", 0}, {"2M", 1}});
  Accept(game, BuyTrain(kGip, "4"));
  ASSERT_EQ(game.View(kOmniscient).phase(), 4);
  EXPECT_EQ(TrainsOnSale(game, kGip), (TrainNameList{"2M", "3M", "4"})) << "a free choice";
  Accept(game, BuyTrain(kGip, "2M"));
  EXPECT_EQ(TrainNames(game, "GIP"), (TrainNameList{"4", "2M"}));
  Game phase5 = BuyingIn2009("GIP", 3, {{"3", 0}, {"4", 0}, {"2M", 1}, {"3M", 2}});
  Accept(phase5, BuyTrain(kGip, "5"));
  ASSERT_EQ(phase5.View(kOmniscient).phase(), 5);
  EXPECT_EQ(StockLeft(phase5, "2M"), 0) << "obsolete in phase 5: out of the game";
  EXPECT_EQ(TrainsOnSale(phase5, kGip), (TrainNameList{"3M", "4M", "5", "6"}));
}

// 4.8.13: "Once all current metre gauge trains have been bought none of the next design is allowed
// until AFTER the purchase of the first new type of broad gauge train causes the requisite advance
// in Phase."
TEST(Trains2009, Rule4_8_13_TheNextMetreDesignWaitsForItsBroadTrain) {
  Game game = BuyingIn2009("GIP", 2, {{"3", 1}, {"2M", 0}});
  EXPECT_EQ(TrainsOnSale(game, kGip), (TrainNameList{"3"}));
  const Error early = Refuse(game, BuyTrain(kGip, "3M"));
  EXPECT_EQ(early.rule, "4.8.13");
  Accept(game, BuyTrain(kGip, "3"));
  EXPECT_EQ(game.View(kOmniscient).phase(), 3) << "the last '3' is no new type";
  EXPECT_EQ(Refuse(game, BuyTrain(kGip, "3M")).rule, "4.8.13");
  Accept(game, BuyTrain(kGip, "4"));
  Accept(game, BuyTrain(kGip, "3M"));
}

// 4.8.14: "Metre gauge trains are included in the total number of trains allowed at any time. They
// may be nominated as Mail trains."
TEST(Trains2009, Rule4_8_14_MetreTrainsCountInTheLimitAndCarryTheMail) {
  RailwayPosition three = Railway2009();
  three.Phase(2).Trains("SIR", {"1M", "2M", "2M"}).Treasury("SIR", 1000);
  three.state().trains_left["2"] = 0;
  three.state().first_three_bought = true;
  Game room = three.Operate("SIR", TurnStep::kBuyTrains);
  Accept(room, BuyTrain(kSir, "3"));
  EXPECT_EQ(TrainNames(room, "SIR"), (TrainNameList{"1M", "2M", "2M", "3"}));
  Game full = RailwayPosition(three).Trains("SIR", {"1M", "1M", "2M", "2M"}).Operate("SIR", TurnStep::kBuyTrains);
  const Error limit = Refuse(full, BuyTrain(kSir, "3"));
  EXPECT_EQ(limit.rule, "4.8.5");
  EXPECT_EQ(limit.message, "the SIR already owns 4 trains, the limit in phase 3");
  // The SIR's '2M' runs Trichinopoly - Tr as the mail: £30 more for the company.
  RailwayPosition line = Railway2009();
  line.Phase(2).Tile("Tp", "76", {"Tr"}).Tile("Tr", "72", {"Tp"}).Trains("SIR", {"2M"});
  Game mail = line.Operate("SIR", TurnStep::kRun);
  const std::string train = CompanyOf(mail, "SIR").trains.front().id;
  const int treasury = Treasury(mail, "SIR");
  MustApply(mail, Runs(kSir, {{train, {"Tp.s0", "Tr.s0"}}}, train, true));
  EXPECT_EQ(Treasury(mail, "SIR"), treasury + 20 + 10);
}

// ---- 4.8.16, 4.8.17, 4.8.19: the '2/1M' cards and the special token ------------------------------

// A position in which a minor formed in the first stock round (2.8.4), with `twos` of the seven
// '2/1M' cards left, in railway round `round`.
RailwayPosition WithTheOneMCards(int twos, int round) {
  RailwayPosition position = Railway2009();
  position.state().minor_formed_in_first_round = true;
  position.state().trains_left["2"] = twos;
  position.state().railway.number = round;
  return position;
}

// 4.8.16: "for Minor Companies only they are now dual-option and can be purchased as either a '2'
// train or a '1M' train ... all seven of the dual-option '2/1M' trains must be purchased before the
// first '3' train may be bought."
TEST(Trains2009, Rule4_8_16_TheSevenTwoOneMCardsComeFirst) {
  Game gip = WithTheOneMCards(3, 1).Operate("GIP", TurnStep::kBuyTrains);
  const Error three = Refuse(gip, BuyTrain(kGip, "3"));
  EXPECT_EQ(three.rule, "4.8.16");
  EXPECT_NE(three.message.find("3 left"), std::string::npos) << three.message;
  EXPECT_EQ(Refuse(gip, BuyTrain(kGip, "1M")).rule, "4.8.18") << "minors alone buy the '1M'";
  Game sir = WithTheOneMCards(3, 1).Operate("SIR", TurnStep::kBuyTrains);
  Accept(sir, BuyTrain(kSir, "1M"));
  EXPECT_EQ(Treasury(sir, "SIR"), 750 - 180);
  EXPECT_EQ(StockLeft(sir, "2"), 2) << "the '1M' is one of the '2/1M' cards";
  // No minor formed in the first stock round: no '1M'.
  RailwayPosition none = WithTheOneMCards(3, 1);
  none.state().minor_formed_in_first_round = false;
  Game plain = none.Operate("SIR", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(plain, BuyTrain(kSir, "1M")).rule, "4.8.16");
}

// 4.8.17: "In the first Operating Round only ... if all seven '2/1M' trains have already been
// purchased, a company may buy either a '3' train or opt to buy one or more '2' or '1M' trains ...
// once the first '3' train has been bought, the option of purchasing any additional '2/1M' trains
// is no longer available for any company."
TEST(Trains2009, Rule4_8_17_ExtraTwoOneMCardsInTheFirstOperatingRoundOnly) {
  Game gip = WithTheOneMCards(0, 1).Treasury("GIP", 2000).Operate("GIP", TurnStep::kBuyTrains);
  EXPECT_EQ(TrainsOnSale(gip, kGip), (TrainNameList{"2", "3"}));
  Accept(gip, BuyTrain(kGip, "2"));
  EXPECT_EQ(StockLeft(gip, "2"), 0) << "an additional card, not one of the seven";
  EXPECT_EQ(Treasury(gip, "GIP"), 2000 - 300);
  Accept(gip, BuyTrain(kGip, "3"));  // and the first '3' at once
  EXPECT_EQ(gip.View(kOmniscient).phase(), 3);
  EXPECT_EQ(Refuse(gip, BuyTrain(kGip, "2")).rule, "4.8.17");
  // The first '3' bought, the SIR may add no '1M' either.
  Game sir = RailwayPosition(gip).Operate("SIR", TurnStep::kBuyTrains);
  const Error one_m = Refuse(sir, BuyTrain(kSir, "1M"));
  EXPECT_EQ(one_m.rule, "4.8.17");
  EXPECT_NE(one_m.message.find("first '3'"), std::string::npos) << one_m.message;
  // In the second operating round no extra card at all.
  Game later = WithTheOneMCards(0, 2).Operate("GIP", TurnStep::kBuyTrains);
  const Error second = Refuse(later, BuyTrain(kGip, "2"));
  EXPECT_EQ(second.rule, "4.8.17");
  EXPECT_NE(second.message.find("only in the first"), std::string::npos) << second.message;
}

// 4.8.19: "Each Minor Company comes with a special token which can be used by that Minor once per
// game, but NOT in the very first Operating Round. If at any time after the first Operating Round
// there are no 'M' gauge trains available for purchase in the current phase, then the Minor may hand
// in its special token to purchase an 'M' train from the next Phase ... the purchase of this
// 'premature' 'M' gauge train does NOT initiate the new Phase."
TEST(Trains2009, Rule4_8_19_TheMinorsSpecialToken) {
  Game first = WithTheOneMCards(0, 1).Operate("SIR", TurnStep::kBuyTrains);
  const Error too_early = Refuse(first, BuyWithToken(kSir, "2M"));
  EXPECT_EQ(too_early.rule, "4.8.19");
  EXPECT_NE(too_early.message.find("first"), std::string::npos) << too_early.message;
  Game gip = WithTheOneMCards(0, 2).Operate("GIP", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(gip, BuyWithToken(kGip, "2M")).rule, "4.8.19") << "majors have no special token";
  Game game = WithTheOneMCards(0, 2).Operate("SIR", TurnStep::kBuyTrains);
  EXPECT_EQ(Refuse(game, BuyTrain(kSir, "2M")).rule, "4.8.13") << "not without the token";
  EXPECT_EQ(Refuse(game, BuyWithToken(kSir, "3M")).rule, "4.8.19") << "only the next phase's design";
  Accept(game, BuyWithToken(kSir, "2M"));
  EXPECT_EQ(game.View(kOmniscient).phase(), 2) << "the premature '2M' does not start phase 3";
  EXPECT_FALSE(CompanyOf(game, "SIR").special_token);
  EXPECT_EQ(TrainNames(game, "SIR"), (TrainNameList{"2M"}));
  const Error again = Refuse(game, BuyWithToken(kSir, "2M"));
  EXPECT_EQ(again.rule, "4.8.19");
  EXPECT_NE(again.message.find("no special token"), std::string::npos) << again.message;
  // While a metre train of the phase is on sale, the token waits: 2009's phase 3 with '2M's left.
  RailwayPosition phase3 = WithTheOneMCards(0, 2);
  phase3.Phase(2).state().first_three_bought = true;
  Game waits = phase3.Operate("SIR", TurnStep::kBuyTrains);
  const Error on_sale = Refuse(waits, BuyWithToken(kSir, "3M"));
  EXPECT_EQ(on_sale.rule, "4.8.19");
  EXPECT_NE(on_sale.message.find("'2M'"), std::string::npos) << on_sale.message;
}

// ---- 4.9, 5.1.2 ------------------------------------------------------------------------------------

// Ends the turns of the operating companies with nothing done until the round is over.
void IdleUntilTheRoundEnds(Game& game) {
  const int round = game.state().railway.number;
  for (int guard = 0; guard < 20 && game.state().stage == Stage::kRailway && game.state().railway.number == round; ++guard) {
    const std::string company = OperatingCompany(game);
    ToBuyStep(game);
    EndTurnOf(game, company);
  }
}

// 4.9: "At the end of a sequence of Operating Rounds the player currently holding the Elephant may
// call for ONE extra Operating Round to be played after which there will be a Stock Round."
TEST(Rounds2009, Rule4_9_TheElephantsHolderMayCallOneExtraOperatingRound) {
  Game game = Railway2009().Operate("SIR", TurnStep::kBuyTrains);
  const int number = game.state().railway.number;
  Accept(game, EndStep(kSir));
  ASSERT_EQ(game.state().stage, Stage::kExtraRound) << "2009's phase 2: one operating round a set";
  const int holder = game.state().elephant;
  const Error other = MustRefuse(game, CallExtraRound((holder + 1) % 3, true));
  EXPECT_EQ(other.kind, ErrorKind::kNotYourTurn);
  Game declined = game;
  Accept(declined, CallExtraRound(holder, false));
  EXPECT_EQ(declined.state().stage, Stage::kDealing);
  Accept(game, CallExtraRound(holder, true));
  ASSERT_EQ(game.state().stage, Stage::kRailway);
  EXPECT_EQ(game.state().railway.number, number + 1);
  EXPECT_EQ(OperatingCompany(game), "EIR");
  IdleUntilTheRoundEnds(game);
  EXPECT_EQ(game.state().stage, Stage::kDealing) << "a stock round after the extra round, no second call";
}

// 5.1.2: "If the bank runs out of money the sequence of operating turns should be continued until
// the end of a complete Operating Round ... The EIR should not commence another turn once the bank
// has run out of money." 2009's phase 3 (two operating rounds a set); the EIR's dividend breaks a
// bank of £10.
TEST(EndGame2009, Rule5_1_2_TheOperatingRoundIsCompletedAfterTheBankRunsOut) {
  RailwayPosition position = Railway2009();
  position.Phase(2).Tile("Iaa", "58", {"Jab", "Iy"}).Tile("Iy", "8", {"Iaa", "Hx"}).Tile("Hx", "6", {"Iy"})
      .Trains("EIR", {"2"});
  position.state().bank = 10;
  Game game = position.Operate("EIR", TurnStep::kRun);
  ASSERT_EQ(game.state().railway.set_size, 2);
  MustApply(game, Runs(kEir, {{CompanyOf(game, "EIR").trains.front().id, {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"}}}));
  EXPECT_TRUE(game.state().bank_broken);
  EXPECT_FALSE(game.Finished()) << "the operating round is completed";
  EndTurnOf(game, "EIR");
  ASSERT_EQ(OperatingCompany(game), "GIP");
  ToBuyStep(game);
  EndTurnOf(game, "GIP");
  ASSERT_EQ(OperatingCompany(game), "SIR") << "the last company still runs";
  EXPECT_FALSE(game.Finished());
  ToBuyStep(game);
  EndTurnOf(game, "SIR");
  ASSERT_TRUE(game.Finished()) << "the EIR does not begin the set's second round";
  EXPECT_NE(game.state().end_reason.find("bank"), std::string::npos) << game.state().end_reason;
  EXPECT_TRUE(game.ActiveSeats().empty());
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
