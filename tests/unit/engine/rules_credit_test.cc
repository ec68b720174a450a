// Managers' credit (3.4.3 - 3.4.6, 4.8.10): a manager, unlike a director, may buy one new train
// from the bank on credit when the company cannot pay for it; it must be paid for before it is
// sold; the manager may pay it off in the company's turn; a new director must at once pay for it
// (with a gift if need be, 4.8.8) or return it to the bank.
//
// All by real play in a six-player game whose minor SIR has four single shareholders and so a
// manager, seat 0 (train_positions.h, SixPlayersWithManagedSir).
#include <gtest/gtest.h>

#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using Names = std::vector<std::string>;
constexpr int kSirManager = 0, kNwrDirector = 1, kBarDirector = 3;

class Credit : public ::testing::Test {
 protected:
  void SetUp() override { game_.emplace(SixPlayersWithManagedSir()); }
  Game& G() { return *game_; }

  // Railway Round 1: the NWR buys `nwr_twos` 2s; the SIR's manager buys two 2s (£150 left) and
  // then a '1M' (£180) on credit; the SIR's turn is left at its purchases.
  void SirBuysA1MOnCredit(int nwr_twos = 1) {
    ToBuyStepOf(G(), "NWR");
    for (int i = 0; i < nwr_twos; ++i) MustApply(G(), BuyTrain(kNwrDirector, "2"));
    EndTurnOf(G(), "NWR");
    ToBuyStepOf(G(), "SIR");
    MustApply(G(), BuyTrain(kSirManager, "2"));
    MustApply(G(), BuyTrain(kSirManager, "2"));
    ASSERT_EQ(CompanyOf(G(), "SIR").treasury, 150);
    MustApply(G(), BuyOnCredit(kSirManager, "1M"));
  }

  // From the SIR's purchases in Railway Round 1 to the start of Dealing Round 2 (no extra round).
  void OnToDealingRound2() {
    EndTurnOf(G(), "SIR");
    ToBuyStepOf(G(), "BAR");
    EndTurnOf(G(), "BAR");
    MustApply(G(), CallExtraRound(G().state().elephant, false));
    ASSERT_EQ(G().state().stage, Stage::kDealing);
    ASSERT_EQ(G().state().dealing.current, kSirManager);
  }

  std::optional<Game> game_;
};

TEST_F(Credit, TheSixPlayerGameHasAManagedMinor) {
  const CompanyState& sir = CompanyOf(G(), "SIR");
  EXPECT_EQ(sir.status, CompanyStatus::kFormed);
  EXPECT_FALSE(sir.major);
  EXPECT_EQ(sir.director, -1);
  EXPECT_EQ(sir.manager, kSirManager) << "3.4.1: the player who has held a share longest";
  EXPECT_EQ(CompanyOf(G(), "NWR").director, kNwrDirector);
  EXPECT_EQ(CompanyOf(G(), "BAR").director, kBarDirector);
  EXPECT_TRUE(G().state().minor_formed_in_first_round);
}

TEST_F(Credit, AManagerBuysOneTrainOnCreditOnlyWhenTheCompanyCannotPay) {
  ToBuyStepOf(G(), "NWR");
  MustApply(G(), BuyTrain(kNwrDirector, "2"));  // so that the SIR's turn stays open for an offer
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");  // £750
  const Error can_pay = MustRefuse(G(), BuyOnCredit(kSirManager, "2"));
  EXPECT_EQ(can_pay.rule, "3.4.3");
  EXPECT_EQ(MustRefuse(G(), BuyTrain(kSirManager, "2", 10)).rule, "4.8.8") << "a manager gives nothing (4.8.8)";
  MustApply(G(), BuyTrain(kSirManager, "2"));
  MustApply(G(), BuyTrain(kSirManager, "2"));
  ASSERT_EQ(CompanyOf(G(), "SIR").treasury, 150);
  // 3.4.4: broad or metre gauge, the manager chooses.
  bool credit_2 = false, credit_1m = false;
  for (const auto& legal : G().LegalActions(kSirManager)) {
    const auto& a = legal.action();
    if (!a.has_buy_train() || !a.buy_train().on_credit()) continue;
    credit_2 = credit_2 || a.buy_train().train() == "2";
    credit_1m = credit_1m || a.buy_train().train() == "1M";
  }
  EXPECT_TRUE(credit_2);
  EXPECT_TRUE(credit_1m);
  const int stock = StockLeft(G(), "2");
  MustApply(G(), BuyOnCredit(kSirManager, "1M"));
  const CompanyState& sir = CompanyOf(G(), "SIR");
  EXPECT_EQ(sir.treasury, 150) << "nothing paid yet";
  ASSERT_EQ(sir.trains.size(), 3u);
  EXPECT_EQ(sir.trains.back().name, "1M");
  EXPECT_TRUE(sir.trains.back().on_credit) << "the card is face down (3.4.3)";
  EXPECT_EQ(StockLeft(G(), "2"), stock - 1);
  // The view shows the debt to everyone.
  const auto view = G().View(kSpectator);
  bool shown = false;
  for (const auto& company : view.companies()) {
    if (company.initials() != "SIR") continue;
    for (const auto& train : company.trains()) shown = shown || train.on_credit();
  }
  EXPECT_TRUE(shown);
  const Error second = MustRefuse(G(), BuyOnCredit(kSirManager, "2"));
  EXPECT_EQ(second.rule, "3.4.3");
  EXPECT_NE(second.message.find("one"), std::string::npos) << second.message;
}

TEST_F(Credit, ADirectorNeverBuysOnCredit) {
  ToBuyStepOf(G(), "NWR");
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  MustApply(G(), BuyTrain(kSirManager, "2"));
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");  // £700
  MustApply(G(), BuyTrain(kBarDirector, "2"));
  MustApply(G(), BuyTrain(kBarDirector, "2"));
  ASSERT_EQ(CompanyOf(G(), "BAR").treasury, 100);
  const Error refused = MustRefuse(G(), BuyOnCredit(kBarDirector, "2"));
  EXPECT_EQ(refused.rule, "3.4.3");
  EXPECT_NE(refused.message.find("manager"), std::string::npos) << refused.message;
}

TEST_F(Credit, ATrainMustBePaidForBeforeItIsSold) {
  SirBuysA1MOnCredit();
  const std::string credit_id = CompanyOf(G(), "SIR").trains.back().id;
  const std::string paid_id = CompanyOf(G(), "SIR").trains.front().id;
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");  // the BAR's director, seat 3, with £700
  EXPECT_EQ(MustRefuse(G(), OfferTrain(kBarDirector, "SIR", credit_id, 200)).rule, "3.4.5");
  for (const auto& legal : G().LegalActions(kBarDirector)) {
    if (legal.action().has_offer_train()) {
      EXPECT_NE(legal.action().offer_train().train_id(), credit_id);
    }
  }
  // A paid train may be sold; the manager answers for the SIR.
  MustApply(G(), OfferTrain(kBarDirector, "SIR", paid_id, 200));
  EXPECT_EQ(G().ActiveSeats(), std::vector<int>{kSirManager});
  MustApply(G(), Answer(kSirManager, true));
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 350);
  EXPECT_EQ(TrainNames(G(), "BAR"), (Names{"2"}));
}

TEST_F(Credit, TheManagerPaysOffTheTrainInTheCompanysTurn) {
  SirBuysA1MOnCredit();
  // Not yet: £150 for a £180 train, and a manager cannot return it.
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true)).rule, "4.8.10");
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", false)).rule, "4.8.10");
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true, 30)).rule, "4.8.8");
  // The BAR buys a paid train from the SIR for £100, and the SIR then has £250.
  const std::string paid_id = CompanyOf(G(), "SIR").trains.front().id;
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");
  MustApply(G(), OfferTrain(kBarDirector, "SIR", paid_id, 100));
  MustApply(G(), Answer(kSirManager, true));
  EndTurnOf(G(), "BAR");
  MustApply(G(), CallExtraRound(G().state().elephant, true));  // 4.9
  ToBuyStepOf(G(), "NWR");
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  ASSERT_EQ(CompanyOf(G(), "SIR").treasury, 250);
  bool listed = false;
  for (const auto& legal : G().LegalActions(kSirManager)) listed = listed || legal.action().has_settle_credit_train();
  EXPECT_TRUE(listed);
  MustApply(G(), Settle(kSirManager, "SIR", true));
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 70);
  EXPECT_FALSE(CompanyOf(G(), "SIR").trains.back().on_credit);
  // Paid off, another train may be had on credit (one at a time, 3.4.3).
  MustApply(G(), BuyOnCredit(kSirManager, "1M"));
  EXPECT_TRUE(CompanyOf(G(), "SIR").trains.back().on_credit);
}

TEST_F(Credit, ANewDirectorMustPayForTheTrainAtOnce) {
  SirBuysA1MOnCredit();
  OnToDealingRound2();
  // Seat 0 (£150) buys a second SIR share and becomes its director (3.2.1).
  MustApply(G(), Buy(kSirManager, "SIR"));
  ASSERT_EQ(CompanyOf(G(), "SIR").director, kSirManager);
  ASSERT_EQ(G().state().players[kSirManager].cash, 75);
  // Nothing else happens until the train is paid for or returned (4.8.10).
  EXPECT_EQ(G().ActiveSeats(), std::vector<int>{kSirManager});
  const Error waiting = MustRefuse(G(), EndTurn(kSirManager));
  EXPECT_EQ(waiting.rule, "4.8.10");
  EXPECT_EQ(waiting.kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(MustRefuse(G(), Buy(1, "NWR")).rule, "4.8.10");
  // The SIR has £150 of £180: the director may give exactly the £30 missing (4.8.8).
  const auto legal = G().LegalActions(kSirManager);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_TRUE(legal[0].action().settle_credit_train().pay());
  EXPECT_EQ(legal[0].action().settle_credit_train().director_gift(), 30);
  EXPECT_FALSE(legal[1].action().settle_credit_train().pay());
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true)).rule, "4.8.10");
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true, 20)).rule, "4.8.8");
  MustApply(G(), Settle(kSirManager, "SIR", true, 30));
  EXPECT_EQ(G().state().players[kSirManager].cash, 45);
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 0);
  EXPECT_EQ(TrainNames(G(), "SIR"), (Names{"2", "2", "1M"}));
  EXPECT_FALSE(CompanyOf(G(), "SIR").trains.back().on_credit);
  EXPECT_EQ(G().state().dealing.current, kSirManager) << "the dealing turn goes on";
  MustApply(G(), EndTurn(kSirManager));
}

TEST_F(Credit, ANewDirectorMayReturnTheTrainInstead) {
  SirBuysA1MOnCredit();
  OnToDealingRound2();
  MustApply(G(), Buy(kSirManager, "SIR"));
  const int cash = G().state().players[kSirManager].cash;
  MustApply(G(), Settle(kSirManager, "SIR", false));
  EXPECT_EQ(TrainNames(G(), "SIR"), (Names{"2", "2"}));
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 150);
  EXPECT_EQ(G().state().players[kSirManager].cash, cash);
  ASSERT_EQ(G().state().returned_trains.size(), 1u);
  EXPECT_FALSE(G().state().returned_trains[0].on_credit);
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true)).kind, ErrorKind::kIllegal) << "nothing is owed any more";
}

TEST_F(Credit, AReturnedTrainDoesNotHoldUpTheNextType) {
  // Railway Round 1: the NWR buys two 2s, the SIR two and a '2' on credit, the BAR two: the seven
  // 2/1M cards are sold. In the extra round the NWR buys the first '3' (phase 2), with a gift.
  ToBuyStepOf(G(), "NWR");
  MustApply(G(), BuyTrain(kNwrDirector, "2"));
  MustApply(G(), BuyTrain(kNwrDirector, "2"));
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  MustApply(G(), BuyTrain(kSirManager, "2"));
  MustApply(G(), BuyTrain(kSirManager, "2"));
  MustApply(G(), BuyOnCredit(kSirManager, "2"));
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");
  MustApply(G(), BuyTrain(kBarDirector, "2"));
  MustApply(G(), BuyTrain(kBarDirector, "2"));
  EndTurnOf(G(), "BAR");
  ASSERT_EQ(StockLeft(G(), "2"), 0);
  MustApply(G(), CallExtraRound(G().state().elephant, true));
  ToBuyStepOf(G(), "NWR");
  MustApply(G(), BuyTrain(kNwrDirector, "3", 120));
  ASSERT_EQ(G().state().phase, 2);
  for (const char* company : {"SIR", "BAR"}) {
    ToBuyStepOf(G(), company);
    EndTurnOf(G(), company);
  }
  // Dealing Round 2: seat 0 becomes the SIR's director and returns the '2' bought on credit.
  ASSERT_EQ(G().state().stage, Stage::kDealing);
  MustApply(G(), Buy(kSirManager, "SIR"));
  MustApply(G(), Settle(kSirManager, "SIR", false));
  EXPECT_EQ(StockLeft(G(), "2"), 0) << "not back in the ordered stock";
  for (int guard = 0; guard < 12 && G().state().stage == Stage::kDealing; ++guard) {
    MustApply(G(), EndTurn(G().state().dealing.current));
  }
  ASSERT_EQ(G().state().stage, Stage::kElephantSale);
  MustApply(G(), KeepElephant(G().state().elephant));
  // Railway Round 3: the 3s are still on sale, and the returned '2' beside them at full price.
  ASSERT_EQ(OperatingCompany(G()), "NWR");
  EditedPosition funded(G());  // edited: £1,000 for the NWR, so that every train is affordable
  funded.SetTreasury("NWR", 1000);
  Game game = funded.Build();
  ToBuyStepOf(game, "NWR");
  EXPECT_EQ(TrainsOnSale(game, kNwrDirector), (Names{"2", "2M", "3"}));
  Game buys_the_three = game;
  MustApply(buys_the_three, BuyTrain(kNwrDirector, "3"));
  EXPECT_EQ(CompanyOf(buys_the_three, "NWR").treasury, 560);
  MustApply(game, BuyTrain(kNwrDirector, "2"));
  EXPECT_EQ(CompanyOf(game, "NWR").treasury, 700) << "the full price of a '2'";
  EXPECT_TRUE(game.state().returned_trains.empty());
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
