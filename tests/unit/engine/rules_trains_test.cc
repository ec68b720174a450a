// Buying trains (4.8.1 - 4.8.9): at the end of the turn, broad-gauge trains in order with the '6'
// beside the remaining 5s, train limits even against a phase-changing train, obsolete trains
// leaving the game, excess trains back in the bank and sold again at full price, no sales to the
// bank, the director's gift, and trains between companies at an agreed price.
#include <gtest/gtest.h>

#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using Names = std::vector<std::string>;

// 4.8.6: the director's choice of the train to give up.
// ---- 4.8.1 - 4.8.2 ---------------------------------------------------------------------------

TEST(Trains, BoughtOnlyAtTheEndOfTheOperatingCompanysTurn) {
  Game game = SampleGameAt("railway_round_1");  // the EIR's first turn: the double-lay choice
  const Error before_track = MustRefuse(game, BuyTrain(kAdam, "2"));
  EXPECT_EQ(before_track.rule, "4.8.1");
  EXPECT_EQ(before_track.kind, ErrorKind::kIllegal) << "the EIR's turn, at another step";
  EXPECT_EQ(before_track.message, "the EIR is at its step 'choose the double-lay option': 'buy trains' comes later in its turn");
  mailrun::v1::Action choose;
  choose.set_seat(kAdam);
  choose.mutable_choose_double_lay()->set_option(mailrun::v1::DOUBLE_LAY_FROM_PHASE_2);
  MustApply(game, choose);
  ASSERT_EQ(game.state().railway.step, TurnStep::kTrack);
  EXPECT_EQ(MustRefuse(game, BuyTrain(kAdam, "2")).rule, "4.8.1") << "not while laying track";
  EXPECT_FALSE(ListsTrain(game, kAdam, "2"));
  ToBuyStepOf(game, "EIR");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "2")).kind, ErrorKind::kNotYourTurn) << "only the EIR's director buys";
  // 4.8.2: several trains at a time, at the printed price.
  MustApply(game, BuyTrain(kAdam, "2"));
  MustApply(game, BuyTrain(kAdam, "2"));
  MustApply(game, BuyTrain(kAdam, "2"));
  EXPECT_EQ(CompanyOf(game, "EIR").treasury, 100);
  EXPECT_EQ(TrainNames(game, "EIR"), (Names{"2", "2", "2"}));
  EXPECT_EQ(StockLeft(game, "2"), 4);
  // £100 left and nothing else to do: the turn ends by itself (docs/rulings.md #6). The trains
  // first run in the EIR's next turn.
  EXPECT_EQ(OperatingCompany(game), "GIP");
  EXPECT_EQ(CompanyOf(game, "EIR").railway_turns, 1);
}

// ---- 4.8.3 and TABLE 6: the order of broad-gauge trains ----------------------------------------

// The sample game at the start of Railway Round 4 (phase 2), edited: the NWR at its purchases with
// £5,000 and no trains, the bank's stock of broad trains as given.
Game NwrBuyingWithStock(int phase, const std::map<std::string, int>& stock) {
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetPhase(phase);
  for (const auto& [type, left] : stock) position.SetStock(type, left);
  position.SetTrains("NWR", {});
  position.SetTreasury("NWR", 5000);
  position.AtBuyStep("NWR");
  return position.Build();
}

TEST(Trains, BroadGaugeTrainsAreBoughtInOrderOfSize) {
  Game game = NwrBuyingWithStock(2, {{"3", 3}, {"4", 4}, {"5", 3}, {"6", 2}, {"2M", 1}});
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"2M", "3"}));
  const Error four = MustRefuse(game, BuyTrain(kBeth, "4"));
  EXPECT_EQ(four.rule, "4.8.3");
  EXPECT_NE(four.message.find("'3'"), std::string::npos) << four.message;
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "5")).rule, "4.8.3");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "6")).rule, "4.8.3");
  // The last '3' makes the '4' available (and it starts phase 3, 4.10.4).
  Game last_three = NwrBuyingWithStock(2, {{"3", 1}, {"4", 4}, {"5", 3}, {"6", 2}, {"2M", 1}});
  MustApply(last_three, BuyTrain(kBeth, "3"));
  EXPECT_EQ(StockLeft(last_three, "3"), 0);
  EXPECT_EQ(last_three.state().phase, 2);
  EXPECT_TRUE(ListsTrain(last_three, kBeth, "4"));
  EXPECT_FALSE(ListsTrain(last_three, kBeth, "5"));
  MustApply(last_three, BuyTrain(kBeth, "4"));
  EXPECT_EQ(last_three.state().phase, 3);
}

TEST(Trains, TheFirstFiveBringsTheSixBesideTheRemainingFivesAndTheFourM) {
  Game game = NwrBuyingWithStock(3, {{"3", 0}, {"4", 0}, {"5", 3}, {"6", 2}, {"2M", 0}, {"3M", 2}, {"4M", 2}});
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"3M", "5"}));
  const Error six = MustRefuse(game, BuyTrain(kBeth, "6"));
  EXPECT_EQ(six.rule, "4.8.3");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "4M")).rule, "4.8.13");
  MustApply(game, BuyTrain(kBeth, "5"));
  EXPECT_EQ(game.state().phase, 4) << "4.10.5: the first '5' starts phase 4";
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"3M", "4M", "5", "6"}));
  MustApply(game, BuyTrain(kBeth, "6"));
  EXPECT_EQ(game.state().phase, 4) << "no change of phase at the first '6'";
  EXPECT_EQ(StockLeft(game, "5"), 2);
  EXPECT_EQ(StockLeft(game, "6"), 1);
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"5", "6"}));
  EXPECT_NE(OperatingCompany(game), "NWR") << "at phase 4's limit of two nothing is left to do: the turn has ended";
}

// ---- 4.8.5: train limits ---------------------------------------------------------------------

TEST(Trains, EachPhaseLimitsTheTrainsACompanyMayOwn) {
  // TABLE 6: 4, 4, 3, 2. Per phase: trains the NWR may hold and the next train on sale.
  struct Case {
    int phase;
    Names held_at_limit;
    std::map<std::string, int> stock;
    std::string next;
  };
  const std::vector<Case> cases = {
      {1, {"2", "2", "2", "2"}, {{"2", 3}}, "2"},
      {2, {"2", "3", "3", "2M"}, {{"2", 0}, {"3", 2}}, "3"},
      {3, {"3", "4", "3M"}, {{"3", 0}, {"4", 2}}, "4"},
      {4, {"5", "4M"}, {{"3", 0}, {"4", 0}, {"5", 2}}, "5"},
  };
  const Game round_4 = SampleGameAt("railway_round_4");
  for (const Case& c : cases) {
    SCOPED_TRACE("phase " + std::to_string(c.phase));
    EXPECT_EQ(round_4.data().phases[c.phase - 1].train_limit, static_cast<int>(c.held_at_limit.size()));
    EditedPosition at_limit(round_4);
    at_limit.SetPhase(c.phase);
    for (const auto& [type, left] : c.stock) at_limit.SetStock(type, left);
    at_limit.SetTrains("NWR", c.held_at_limit);
    at_limit.SetTrains("SIR", {c.held_at_limit.back()});  // a train of the phase to offer for
    at_limit.SetTreasury("NWR", 5000);
    at_limit.AtBuyStep("NWR");
    Game full = at_limit.Build();
    const Error refused = MustRefuse(full, BuyTrain(kBeth, c.next));
    EXPECT_EQ(refused.rule, "4.8.5");
    EXPECT_TRUE(TrainsOnSale(full, kBeth).empty()) << "a metre-gauge train counts too (4.8.14)";
    EXPECT_EQ(MustRefuse(full, OfferTrain(kBeth, "SIR", CompanyOf(full, "SIR").trains.back().id, 10)).rule, "4.8.5")
        << "nor from another company";
    Names one_less = c.held_at_limit;
    one_less.pop_back();
    at_limit.SetTrains("NWR", one_less);
    Game room = at_limit.Build();
    MustApply(room, BuyTrain(kBeth, c.next));
    EXPECT_EQ(CompanyOf(room, "NWR").trains.size(), c.held_at_limit.size());
  }
}

TEST(Trains, AtItsLimitACompanyMayNotBuyEvenATrainThatChangesThePhase) {
  // Phase 2, the 3s sold out, so the next train is the phase-changing '4'. The GIP holds four
  // trains, two of them 2s that the '4' would make obsolete: still no purchase (4.8.5).
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetStock("3", 0);
  position.SetTrains("GIP", {"2", "2", "2M", "3"});
  position.SetTreasury("GIP", 2000);
  position.AtBuyStep("GIP");
  Game game = position.Build();
  const Error refused = MustRefuse(game, BuyTrain(kDora, "4"));
  EXPECT_EQ(refused.rule, "4.8.5");
  EXPECT_NE(refused.message.find("phase 2"), std::string::npos) << refused.message;
  EXPECT_EQ(game.state().phase, 2);
  const auto legal = game.LegalActions(kDora);
  ASSERT_EQ(legal.size(), 1u);
  EXPECT_TRUE(legal[0].action().has_end_step());
}

// ---- 4.8.4 and 4.8.6: phase changes ----------------------------------------------------------

TEST(Trains, TheFirstFourMakesTwosAndOneMsObsoleteAndReturnsExcessTrains) {
  // Phase 2, the 3s sold out. The GIP holds four trains, two of them 2Ms; the EIR 2, 2, 3; the
  // SIR its 1M and 2M. The NWR buys the first '4'.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetStock("3", 0);
  position.SetStock("2M", 0);
  position.SetTrains("EIR", {"2", "2", "3"});
  position.SetTrains("GIP", {"3", "3", "2M", "2M"});
  position.SetTreasury("NWR", 700);
  position.SetTreasury("BBCI", 1000);
  position.AtBuyStep("NWR");
  Game game = position.Build();
  std::map<std::string, int> treasuries;
  for (const char* c : {"EIR", "GIP", "BBCI", "SIR"}) treasuries[c] = CompanyOf(game, c).treasury;
  const auto outcome = game.Apply(BuyTrain(kBeth, "4"));
  ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
  EXPECT_TRUE(MoneyIsConstant(game));
  EXPECT_EQ(game.state().phase, 3);
  // 4.8.4 / 4.10.4: every '2' and '1M' leaves the game, without payment.
  EXPECT_EQ(TrainNames(game, "EIR"), (Names{"3"}));
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"3", "4"}));
  EXPECT_EQ(TrainNames(game, "BBCI"), (Names{"3"}));
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"2M"}));
  // 4.8.6: the GIP's four trains exceed phase 3's three: its director, Dora, chooses one to go back.
  EXPECT_EQ(TrainNames(game, "GIP"), (Names{"3", "3", "2M", "2M"}));
  ASSERT_EQ(game.ActiveSeats(), std::vector<int>{kDora});
  EXPECT_TRUE(game.state().returned_trains.empty()) << "obsolete trains are not returned: they leave the game";
  const std::string two_m = CompanyOf(game, "GIP").trains[2].id;
  const auto returned = game.Apply(ReturnExcess(kDora, "GIP", two_m));
  ASSERT_TRUE(returned.ok()) << returned.error().ToString();
  EXPECT_EQ(TrainNames(game, "GIP"), (Names{"3", "3", "2M"}));
  ASSERT_EQ(game.state().returned_trains.size(), 1u);
  EXPECT_EQ(game.state().returned_trains[0].name, "2M");
  for (const auto& [company, treasury] : treasuries) EXPECT_EQ(CompanyOf(game, company).treasury, treasury) << company;
  EXPECT_EQ(CompanyOf(game, "NWR").treasury, 80);
  bool logged = false;
  for (const std::string& line : returned->log) logged = logged || line.find("excess '2M'") != std::string::npos;
  EXPECT_TRUE(logged) << ::testing::PrintToString(returned->log);
  // The returned 2M is on sale at full price, beside the new 3Ms (4.8.6, 4.8.12).
  EndTurnOf(game, "NWR");
  ToBuyStepOf(game, "BBCI");
  EXPECT_EQ(TrainsOnSale(game, kClive), (Names{"2M", "3M", "4"}));
  const int before = CompanyOf(game, "BBCI").treasury;
  MustApply(game, BuyTrain(kClive, "2M"));
  EXPECT_EQ(CompanyOf(game, "BBCI").treasury, before - 250);
  EXPECT_TRUE(game.state().returned_trains.empty());
  EXPECT_EQ(TrainNames(game, "BBCI"), (Names{"3", "2M"}));
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "1M")).rule, "4.8.4") << "1M trains are obsolete in phase 3";
}

TEST(Trains, Rule4_8_6_TheDirectorChoosesTheExcessTrainAndItIsSoldAgainAtFullPrice) {
  // Phase 3, the 4s sold out and no 3M left in the bank. The GIP holds '4', '4', '3M' (three, the
  // limit); the BBCI buys the first '5': phase 4 allows two.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetPhase(3);
  position.SetStock("3", 0);
  position.SetStock("4", 0);
  position.SetStock("2M", 0);
  position.SetStock("3M", 0);
  position.SetTrains("EIR", {});
  position.SetTrains("GIP", {"4", "4", "3M"});
  position.SetTrains("NWR", {"3", "4"});
  position.SetTrains("BBCI", {"4", "2M"});
  position.SetTrains("SIR", {"2M"});
  position.SetTreasury("BBCI", 1000);
  position.SetTreasury("SIR", 1000);
  position.AtBuyStep("BBCI");
  Game game = position.Build();
  const int gip_treasury = CompanyOf(game, "GIP").treasury;
  MustApply(game, BuyTrain(kClive, "5"));
  EXPECT_EQ(game.state().phase, 4);
  // The GIP's three trains exceed phase 4's two. Nothing happens until Dora, its director, chooses
  // the one to return (docs/rulings.md #14): any of the three, a '4' as well as the 3M.
  ASSERT_EQ(game.ActiveSeats(), std::vector<int>{kDora});
  EXPECT_EQ(game.View(kSpectator).round().acting_company(), "GIP");
  EXPECT_EQ(MustRefuse(game, EndStep(kClive)).rule, "4.8.6");
  const auto& gip = CompanyOf(game, "GIP").trains;
  std::vector<std::string> offered;
  for (const auto& legal : game.LegalActions(kDora)) offered.push_back(legal.action().return_excess_train().train_id());
  EXPECT_EQ(offered, (std::vector<std::string>{gip[0].id, gip[1].id, gip[2].id}));
  EXPECT_EQ(MustRefuse(game, ReturnExcess(kDora, "NWR", gip[0].id)).rule, "4.8.6");
  EXPECT_EQ(MustRefuse(game, ReturnExcess(kClive, "GIP", gip[0].id)).kind, ErrorKind::kNotYourTurn);
  Game keeps_the_3m = game;
  MustApply(keeps_the_3m, ReturnExcess(kDora, "GIP", gip[0].id));
  EXPECT_EQ(TrainNames(keeps_the_3m, "GIP"), (Names{"4", "3M"}));
  MustApply(game, ReturnExcess(kDora, "GIP", gip[2].id));
  EXPECT_EQ(TrainNames(game, "GIP"), (Names{"4", "4"}));
  EXPECT_EQ(game.View(kSpectator).round().acting_company(), OperatingCompany(game)) << "the round goes on";
  EXPECT_EQ(CompanyOf(game, "GIP").treasury, gip_treasury) << "no payment for an excess train";
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"4"})) << "'3' obsolete in phase 4";
  EXPECT_EQ(TrainNames(game, "BBCI"), (Names{"4", "5"})) << "'2M' obsolete in phase 4";
  EXPECT_TRUE(TrainNames(game, "SIR").empty());
  ASSERT_EQ(game.state().returned_trains.size(), 1u);
  EXPECT_EQ(game.state().returned_trains[0].name, "3M");
  // The SIR buys the returned 3M at its full price (the bank has no other 3M).
  EndTurnOf(game, "BBCI");
  ToBuyStepOf(game, "SIR");
  EXPECT_EQ(TrainsOnSale(game, kEd), (Names{"3M", "4M", "5", "6"}));
  MustApply(game, BuyTrain(kEd, "3M"));
  EXPECT_EQ(CompanyOf(game, "SIR").treasury, 1000 - 430);
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"3M"}));
  EXPECT_TRUE(game.state().returned_trains.empty());
  EXPECT_EQ(MustRefuse(game, BuyTrain(kEd, "3M")).rule, "4.8.12") << "that was the last 3M";
}

TEST(Trains, Rule4_8_14_MetreTrainsCountInTheLimitAndMayCarryTheMail) {
  // Appendix 4, Railway Round 3: the SIR's '1M' and '2M' both run, and one of them carries the
  // mail out of Madras (£40) for the company.
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  const size_t run = SampleCheckpoint("rr3_sir_runs") - 1;
  Game game = SampleGameAfter(run);
  const auto& action = record.actions.at(run);
  ASSERT_TRUE(action.has_run_trains());
  const std::string mail = action.run_trains().mail_train_id();
  const auto& trains = CompanyOf(game, "SIR").trains;
  const auto card = std::find_if(trains.begin(), trains.end(), [&](const TrainCard& t) { return t.id == mail; });
  ASSERT_NE(card, trains.end());
  EXPECT_EQ(card->name.back(), 'M') << "the mail train is a metre-gauge train";
  const int treasury = CompanyOf(game, "SIR").treasury;
  MustApply(game, action);
  EXPECT_EQ(CompanyOf(game, "SIR").treasury, treasury + 40);
  // Phase 2 allows four trains: with '1M', '2M', '2M' the SIR may buy a fourth, with four none.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetTreasury("SIR", 1000);
  position.SetTrains("SIR", {"1M", "2M", "2M"});
  position.AtBuyStep("SIR");
  Game three = position.Build();
  MustApply(three, BuyTrain(kEd, "3"));
  EXPECT_EQ(TrainNames(three, "SIR"), (Names{"1M", "2M", "2M", "3"}));
  EXPECT_NE(OperatingCompany(three), "SIR") << "at the limit nothing is left to buy: the turn has ended";
  position.SetTrains("SIR", {"1M", "1M", "2M", "2M"});
  Game four = position.Build();
  EXPECT_EQ(MustRefuse(four, BuyTrain(kEd, "3")).rule, "4.8.5");
  EXPECT_TRUE(TrainsOnSale(four, kEd).empty());
}

// ---- What the players see of the bank's trains ---------------------------------------------------

// The view's entry for one train type: {remaining, on sale}.
std::pair<int, bool> BankTrain(const Game& game, const std::string& name) {
  const auto view = game.View(kSpectator);
  for (const auto& train : view.trains()) {
    if (train.name() == name) return {train.remaining(), train.on_sale()};
  }
  ADD_FAILURE() << "no train " << name << " in the view";
  return {0, false};
}

TEST(Trains, TheViewShowsWhatTheBankHasOnSale) {
  Game round_1 = SampleGameAt("railway_round_1");
  EXPECT_EQ(BankTrain(round_1, "2"), std::make_pair(7, true));
  EXPECT_EQ(BankTrain(round_1, "1M"), std::make_pair(7, true)) << "the same seven 2/1M cards";
  EXPECT_EQ(BankTrain(round_1, "3"), std::make_pair(5, false));
  EXPECT_EQ(BankTrain(round_1, "2M"), std::make_pair(3, false));
  // Phase 3 after the first '4' (as in TheFirstFour... below): the excess 2M is back on sale.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetStock("3", 0);
  position.SetStock("2M", 0);
  position.SetTrains("GIP", {"3", "3", "2M", "2M"});
  position.SetTreasury("NWR", 700);
  position.AtBuyStep("NWR");
  Game game = position.Build();
  EXPECT_EQ(BankTrain(game, "2M"), std::make_pair(0, false));
  EXPECT_EQ(BankTrain(game, "4"), std::make_pair(4, true));
  MustApply(game, BuyTrain(kBeth, "4"));
  MustApply(game, ReturnExcess(kDora, "GIP", CompanyOf(game, "GIP").trains.back().id));  // a 2M (4.8.6)
  EXPECT_EQ(BankTrain(game, "2M"), std::make_pair(1, true));
  EXPECT_EQ(BankTrain(game, "3M"), std::make_pair(4, true));
  EXPECT_EQ(BankTrain(game, "4"), std::make_pair(3, true));
  EXPECT_EQ(BankTrain(game, "5"), std::make_pair(3, false));
  EXPECT_FALSE(BankTrain(game, "2").second);
  EXPECT_FALSE(BankTrain(game, "1M").second);
}

// ---- 4.8.7: no sales to the bank ---------------------------------------------------------------

TEST(Trains, NoActionSellsATrainToTheBank) {
  Game game = SampleGameAt("rr3_nwr_runs");  // the NWR (2, 3) at its purchases in phase 2
  ASSERT_EQ(game.state().railway.step, TurnStep::kBuyTrains);
  ASSERT_EQ(OperatingCompany(game), "NWR");
  const CompanyState before = CompanyOf(game, "NWR");
  const int tried = ExpectNoActionSellsATrainToTheBank(game, kBeth, "NWR");
  EXPECT_GT(tried, 2);
  // Its own train cannot be "bought" back either.
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "NWR", before.trains[0].id, 100)).rule, "4.8.9");
}

// ---- 4.8.8: the director's gift ----------------------------------------------------------------

TEST(Trains, TheDirectorsGiftOnlyCompletesAPurchaseAndEmptiesTheTreasury) {
  Game game = SampleGameAt("railway_round_1");
  ToBuyStepOf(game, "EIR");
  MustApply(game, BuyTrain(kAdam, "2"));  // card 2-1
  EndTurnOf(game, "EIR");
  for (const char* company : {"GIP", "NWR"}) {
    ToBuyStepOf(game, company);
    EndTurnOf(game, company);
  }
  ToBuyStepOf(game, "BBCI");  // £840; Clive has £65
  const Error can_pay = MustRefuse(game, BuyTrain(kClive, "2", 10));
  EXPECT_EQ(can_pay.rule, "4.8.8");
  MustApply(game, BuyTrain(kClive, "2"));
  MustApply(game, BuyTrain(kClive, "2"));
  ASSERT_EQ(CompanyOf(game, "BBCI").treasury, 240);
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "2")).rule, "4.8.2");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "2", 50)).rule, "4.8.8") << "less than the balance";
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "2", 65)).rule, "4.8.8") << "more than the balance";
  EXPECT_TRUE(ListsTrain(game, kClive, "2"));
  // Not for a train from another company: the price is what the buyer can pay (4.8.9).
  const Error offer = MustRefuse(game, OfferTrain(kClive, "EIR", "2-1", 300));
  EXPECT_EQ(offer.rule, "4.8.9");
  EXPECT_NE(offer.message.find("£240"), std::string::npos) << offer.message;
  const int bank = game.state().bank;
  MustApply(game, BuyTrain(kClive, "2", 60));
  EXPECT_EQ(game.state().players[kClive].cash, 5);
  EXPECT_EQ(game.state().bank, bank + 60) << "the gift is money paid to the bank for credits (docs/rulings.md #20)";
  EXPECT_EQ(TrainNames(game, "BBCI"), (Names{"2", "2", "2"}));
  EXPECT_EQ(CompanyOf(game, "BBCI").treasury, 0);
  // With an empty treasury and £5 there is nothing left to do: the turn ends by itself.
  EXPECT_EQ(OperatingCompany(game), "SIR");
}

TEST(Trains, AGiftCannotExceedTheDirectorsCash) {
  Game game = SampleGameAt("railway_round_1");
  ToBuyStepOf(game, "EIR");
  MustApply(game, BuyTrain(kAdam, "2"));
  EndTurnOf(game, "EIR");
  ToBuyStepOf(game, "GIP");
  EndTurnOf(game, "GIP");
  ToBuyStepOf(game, "NWR");  // £920; Beth has £15
  for (int i = 0; i < 3; ++i) MustApply(game, BuyTrain(kBeth, "2"));
  ASSERT_EQ(OperatingCompany(game), "NWR") << "an offer for the EIR's train is still possible";
  const Error refused = MustRefuse(game, BuyTrain(kBeth, "2", 280));
  EXPECT_EQ(refused.rule, "4.8.8");
  EXPECT_NE(refused.message.find("£15"), std::string::npos) << refused.message;
  EXPECT_FALSE(ListsTrain(game, kBeth, "2"));
}

// ---- 4.8.9: trains between companies -----------------------------------------------------------

TEST(Trains, BetweenCompaniesAtAnAgreedPriceWithBothDirectorsConsent) {
  // Railway Round 3: the NWR (Beth, £280) at its purchases; the SIR (Ed) holds a 1M ("2-5") and a
  // 2M ("2M-1").
  Game game = SampleGameAt("rr3_nwr_runs");
  ASSERT_EQ(CompanyOf(game, "NWR").treasury, 280);
  const int sir_treasury = CompanyOf(game, "SIR").treasury;
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "SIR", "2-5", 100)).rule, "4.8.18") << "no 1M to a major";
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "SIR", "2M-1", 5)).rule, "4.8.9") << "at least £10";
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "SIR", "2M-1", 300)).rule, "4.8.9") << "more than the NWR has";
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "SIR", "9-9", 100)).rule, "4.8.9");
  EXPECT_EQ(MustRefuse(game, OfferTrain(kEd, "NWR", "3-1", 100)).kind, ErrorKind::kNotYourTurn)
      << "only at the end of the buying company's turn";
  bool listed_2m = false, listed_1m = false;
  for (const auto& legal : game.LegalActions(kBeth)) {
    if (!legal.action().has_offer_train()) continue;
    listed_2m = listed_2m || legal.action().offer_train().train_id() == "2M-1";
    listed_1m = listed_1m || legal.action().offer_train().train_id() == "2-5";
    EXPECT_EQ(legal.min_amount(), 10);
    EXPECT_EQ(legal.max_amount(), 280);
  }
  EXPECT_TRUE(listed_2m);
  EXPECT_FALSE(listed_1m);
  // The offer waits for the SIR's director; nothing else happens meanwhile.
  MustApply(game, OfferTrain(kBeth, "SIR", "2M-1", 100));
  EXPECT_EQ(game.ActiveSeats(), std::vector<int>{kEd});
  EXPECT_EQ(MustRefuse(game, EndStep(kBeth)).kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(MustRefuse(game, Answer(kBeth, true)).kind, ErrorKind::kNotYourTurn);
  MustApply(game, Answer(kEd, false));
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"2", "3"}));
  EXPECT_EQ(CompanyOf(game, "NWR").treasury, 280);
  EXPECT_EQ(CompanyOf(game, "SIR").treasury, sir_treasury);
  EXPECT_EQ(game.ActiveSeats(), std::vector<int>{kBeth}) << "back to the NWR's purchases";
  MustApply(game, OfferTrain(kBeth, "SIR", "2M-1", 100));
  MustApply(game, Answer(kEd, true));
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"2", "3", "2M"}));
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"1M"}));
  EXPECT_EQ(CompanyOf(game, "NWR").treasury, 180);
  EXPECT_EQ(CompanyOf(game, "SIR").treasury, sir_treasury + 100);
}

TEST(Trains, NoOfferWhileTheBuyerLaysTrack) {
  Game game = SampleGameAfter(SampleCheckpoint("rr3_nwr_lays") - 2);  // the NWR's track step
  ASSERT_EQ(OperatingCompany(game), "NWR");
  ASSERT_EQ(game.state().railway.step, TurnStep::kTrack);
  EXPECT_EQ(MustRefuse(game, OfferTrain(kBeth, "SIR", "2M-1", 100)).rule, "4.8.1");
}

TEST(Trains, BetweenCompaniesOfOneDirectorTheDealIsAgreedAtOnce) {
  // Edited: Clive's five BBCI shares given to Beth, who then directs the NWR and the BBCI.
  EditedPosition position(SampleGameAt("rr3_nwr_runs"));
  const int bbci = position.Index("BBCI");
  position.state().shares.Set(ShareHolder::Player(kBeth), bbci, 5);
  position.state().players[kBeth].holding_since[bbci] = position.state().players[kClive].holding_since[bbci];
  position.state().shares.Set(ShareHolder::Player(kClive), bbci, 0);
  position.state().players[kClive].holding_since[bbci] = 0;
  position.state().companies[bbci].director = kBeth;
  Game game = position.Build();
  const int bbci_treasury = CompanyOf(game, "BBCI").treasury;
  MustApply(game, OfferTrain(kBeth, "BBCI", "2-4", 10));
  EXPECT_FALSE(game.state().offer.has_value());
  EXPECT_EQ(TrainNames(game, "NWR"), (Names{"2", "3", "2"}));
  EXPECT_EQ(TrainNames(game, "BBCI"), (Names{"3"}));
  EXPECT_EQ(CompanyOf(game, "NWR").treasury, 270);
  EXPECT_EQ(CompanyOf(game, "BBCI").treasury, bbci_treasury + 10);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
