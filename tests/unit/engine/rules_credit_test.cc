// Managers' credit (3.4.3 - 3.4.6, 4.8.10): a manager, unlike a director, may buy a new train from
// the bank on credit, and hold only one such train at a time (docs/rulings.md #24); it must be paid
// for before it is sold; the manager may pay it off in the company's turn; a new director must at
// once pay for it (with a gift if need be, 4.8.8) or return it to the bank.
//
// By real play in a six-player game whose minor SIR has four single shareholders and so a
// manager, seat 0 (train_positions.h, SixPlayersWithManagedSir). One edit: where the SIR must lack
// the money for any train, its treasury is set to £150 (what two '2' trains would have left).
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"
#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using Names = std::vector<std::string>;
constexpr int kSirManager = 0, kNwrDirector = 1, kBarDirector = 3;

class Credit : public ::testing::Test {
 protected:
  void SetUp() override { game_.emplace(SixPlayersWithManagedSir()); }
  Game& G() { return *game_; }

  // Set-up: the SIR, operating and without a train, has only £150 (less than any train costs).
  void SirIsPoor(int treasury = 150) {
    EditedPosition poor(G());
    poor.SetTreasury("SIR", treasury);
    game_.emplace(poor.Build());
  }

  // Railway Round 1: the NWR buys `nwr_twos` 2s; the SIR, with £150 and no train, buys a '1M'
  // (£180) on credit; the SIR's turn is left at its purchases.
  void SirBuysA1MOnCredit(int nwr_twos = 1) {
    ToBuyStepOf(G(), "NWR");
    for (int i = 0; i < nwr_twos; ++i) MustApply(G(), BuyTrain(kNwrDirector, "2"));
    EndTurnOf(G(), "NWR");
    ToBuyStepOf(G(), "SIR");
    SirIsPoor();
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

// Operating companies do nothing (no track, base, run or train) until `company` is at its
// purchases, or, with "", until the railway round is over.
void IdleUntil(Game& game, const std::string& company) {
  for (int guard = 0; guard < 40 && game.state().stage == Stage::kRailway; ++guard) {
    const TurnStep step = game.state().railway.step;
    if (step == TurnStep::kBuyTrains && OperatingCompany(game) == company) return;
    mailrun::v1::Action a;
    a.set_seat(Acting(game));
    if (step == TurnStep::kRun) {
      a.mutable_run_trains();
    } else {
      a.mutable_end_step();
    }
    MustApply(game, a);
  }
  ASSERT_TRUE(company.empty()) << "the " << company << " never came to its purchases";
}

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

// 3.4.3 and 4.8.10 set one condition, that a manager runs the company; "Only ONE such train may
// be held" is the limit (docs/rulings.md #24). Owning a train, or having the money, is no bar.
TEST_F(Credit, Rule3_4_3_AManagerMayHoldOneTrainOnCreditWhateverTheCompanyOwns) {
  ToBuyStepOf(G(), "NWR");
  MustApply(G(), BuyTrain(kNwrDirector, "2"));
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");  // £750, no train
  EXPECT_EQ(MustRefuse(G(), BuyTrain(kSirManager, "2", 10)).rule, "4.8.8") << "a manager gives nothing (4.8.8)";
  const Game rich = G();
  // With the money for a '2': the manager may still take it on credit, and it is listed.
  EXPECT_TRUE(Listed(G(), BuyOnCredit(kSirManager, "2")));
  MustApply(G(), BuyOnCredit(kSirManager, "2"));
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 750) << "nothing paid yet";
  // A company that owns a train bought for cash may take one on credit (4.8.10 names no other
  // condition); a company already holding one on credit may not take another.
  game_.emplace(rich);
  MustApply(G(), BuyTrain(kSirManager, "2"));
  MustApply(G(), BuyTrain(kSirManager, "2"));
  ASSERT_EQ(CompanyOf(G(), "SIR").treasury, 150);
  EXPECT_TRUE(Listed(G(), BuyOnCredit(kSirManager, "1M")));
  MustApply(G(), BuyOnCredit(kSirManager, "1M"));
  const CompanyState& sir = CompanyOf(G(), "SIR");
  EXPECT_EQ(sir.treasury, 150) << "nothing paid yet";
  ASSERT_EQ(sir.trains.size(), 3u);
  EXPECT_EQ(sir.trains.back().name, "1M");
  EXPECT_TRUE(sir.trains.back().on_credit) << "the card is face down (3.4.3)";
  EXPECT_FALSE(sir.trains.front().on_credit);
  // The view shows the debt to everyone.
  const auto view = G().View(kSpectator);
  bool shown = false;
  for (const auto& company : view.companies()) {
    if (company.initials() != "SIR") continue;
    for (const auto& train : company.trains()) shown = shown || train.on_credit();
  }
  EXPECT_TRUE(shown);
  // Only ONE such train may be held.
  game_.emplace(rich);
  SirIsPoor();
  const int stock = StockLeft(G(), "2");
  MustApply(G(), BuyOnCredit(kSirManager, "1M"));
  EXPECT_EQ(StockLeft(G(), "2"), stock - 1);
  EXPECT_FALSE(Listed(G(), BuyOnCredit(kSirManager, "2")));
  const Error second = MustRefuse(G(), BuyOnCredit(kSirManager, "2"));
  EXPECT_EQ(second.rule, "3.4.3");
  EXPECT_NE(second.message.find("only one train"), std::string::npos) << second.message;
}

TEST_F(Credit, Rule3_4_4_AManagerChoosesTheGaugeAndNeedNotBuy) {
  ToBuyStepOf(G(), "NWR");
  MustApply(G(), BuyTrain(kNwrDirector, "2"));
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  // Broad or metre gauge, bought or on credit: the manager chooses.
  EXPECT_EQ(TrainsOnSale(G(), kSirManager), (Names{"1M", "2"}));
  const Game rich = G();
  SirIsPoor();
  bool credit_2 = false, credit_1m = false;
  for (const auto& legal : G().LegalActions(kSirManager)) {
    const auto& a = legal.action();
    if (!a.has_buy_train() || !a.buy_train().on_credit()) continue;
    credit_2 = credit_2 || a.buy_train().train() == "2";
    credit_1m = credit_1m || a.buy_train().train() == "1M";
  }
  EXPECT_TRUE(credit_2);
  EXPECT_TRUE(credit_1m);
  Game broad = G();
  MustApply(broad, BuyOnCredit(kSirManager, "2"));
  EXPECT_EQ(TrainNames(broad, "SIR"), (Names{"2"}));
  // And need not buy at all: the turn ends with no train, rich or poor.
  for (Game game : {rich, G()}) {
    MustApply(game, EndStep(kSirManager));
    EXPECT_TRUE(TrainNames(game, "SIR").empty());
    EXPECT_EQ(OperatingCompany(game), "BAR");
  }
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
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");  // the BAR's director, seat 3, with £700
  EXPECT_EQ(MustRefuse(G(), OfferTrain(kBarDirector, "SIR", credit_id, 200)).rule, "3.4.5");
  for (const auto& legal : G().LegalActions(kBarDirector)) {
    if (legal.action().has_offer_train()) {
      EXPECT_NE(legal.action().offer_train().train_id(), credit_id);
    }
  }
}

TEST_F(Credit, TheManagerPaysOffTheTrainInTheCompanysTurn) {
  SirBuysA1MOnCredit();
  // Not yet: £150 for a £180 train, and a manager cannot return it.
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true)).rule, "4.8.10");
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", false)).rule, "4.8.10");
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true, 30)).rule, "4.8.8");
  // The extra railway round: the SIR has £250 by its purchases (set-up: as if it had earned £100).
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");
  EndTurnOf(G(), "BAR");
  MustApply(G(), CallExtraRound(G().state().elephant, true));  // 4.9
  ToBuyStepOf(G(), "NWR");
  EndTurnOf(G(), "NWR");
  // In the SIR's turn, at its track step: the refusal names the step, not "the company's turn".
  ASSERT_EQ(OperatingCompany(G()), "SIR");
  ASSERT_EQ(G().state().railway.step, TurnStep::kTrack);
  const Error early = MustRefuse(G(), Settle(kSirManager, "SIR", true));
  EXPECT_EQ(early.rule, "4.8.1");
  EXPECT_EQ(early.message, "the SIR is at its step 'lay or promote track': 'buy trains' comes later in its turn");
  ToBuyStepOf(G(), "SIR");
  SirIsPoor(250);
  bool listed = false;
  for (const auto& legal : G().LegalActions(kSirManager)) listed = listed || legal.action().has_settle_credit_train();
  EXPECT_TRUE(listed);
  MustApply(G(), Settle(kSirManager, "SIR", true));
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 70);
  EXPECT_FALSE(CompanyOf(G(), "SIR").trains.back().on_credit);
  // Paid off, the train is the SIR's: no train is held on credit, so another may be (3.4.3).
  EXPECT_TRUE(Listed(G(), BuyOnCredit(kSirManager, "1M")));
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
  EXPECT_EQ(TrainNames(G(), "SIR"), (Names{"1M"}));
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
  EXPECT_TRUE(TrainNames(G(), "SIR").empty());
  EXPECT_EQ(CompanyOf(G(), "SIR").treasury, 150);
  EXPECT_EQ(G().state().players[kSirManager].cash, cash);
  ASSERT_EQ(G().state().returned_trains.size(), 1u);
  EXPECT_FALSE(G().state().returned_trains[0].on_credit);
  EXPECT_EQ(MustRefuse(G(), Settle(kSirManager, "SIR", true)).kind, ErrorKind::kIllegal) << "nothing is owed any more";
}

TEST_F(Credit, AReturnedTrainDoesNotHoldUpTheNextType) {
  // Railway Round 1: the NWR buys three 2s, the SIR (£150, no train) a '2' on credit, the BAR
  // three 2s: the seven 2/1M cards are sold. In the extra round the NWR buys the first '3' (phase
  // 2). Set-up: the BAR has £900 for its three, the NWR £440 for its '3'.
  ToBuyStepOf(G(), "NWR");
  for (int i = 0; i < 3; ++i) MustApply(G(), BuyTrain(kNwrDirector, "2"));
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  SirIsPoor();
  MustApply(G(), BuyOnCredit(kSirManager, "2"));
  EndTurnOf(G(), "SIR");
  ToBuyStepOf(G(), "BAR");
  EditedPosition bar(G());
  bar.SetTreasury("BAR", 900);
  game_.emplace(bar.Build());
  for (int i = 0; i < 3; ++i) MustApply(G(), BuyTrain(kBarDirector, "2"));
  EndTurnOf(G(), "BAR");
  ASSERT_EQ(StockLeft(G(), "2"), 0);
  MustApply(G(), CallExtraRound(G().state().elephant, true));
  ToBuyStepOf(G(), "NWR");
  EditedPosition nwr(G());
  nwr.SetTreasury("NWR", 440);
  game_.emplace(nwr.Build());
  MustApply(G(), BuyTrain(kNwrDirector, "3"));
  ASSERT_EQ(G().state().phase, 2);
  EndTurnOf(G(), "NWR");
  ToBuyStepOf(G(), "SIR");
  EndTurnOf(G(), "SIR");
  // The BAR, without money, has nothing to buy: its turn ends with its (empty) runs.
  IdleUntil(G(), "");
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
  // Railway Round 3: the 3s are still on sale, and the returned card beside them at full price
  // (a minor may have it as either face, docs/rulings.md #25).
  IdleUntil(G(), "BAR");
  EditedPosition funded(G());  // edited: £1,000 for the BAR, so that every train is affordable
  funded.SetTreasury("BAR", 1000);
  Game game = funded.Build();
  EXPECT_EQ(TrainsOnSale(game, kBarDirector), (Names{"1M", "2", "2M", "3"}));
  Game buys_the_three = game;
  MustApply(buys_the_three, BuyTrain(kBarDirector, "3"));
  EXPECT_EQ(CompanyOf(buys_the_three, "BAR").treasury, 560);
  MustApply(game, BuyTrain(kBarDirector, "2"));
  EXPECT_EQ(CompanyOf(game, "BAR").treasury, 700) << "the full price of a '2'";
  EXPECT_TRUE(game.state().returned_trains.empty());
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
