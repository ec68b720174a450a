// The sample game start of Appendix 4 (1853 Retuned v3.00), replayed from
// tests/fixtures/sample_game/appendix4.json with every figure the text states asserted: bonds and
// seating, the public share claims, payments with Adam's un-redeemed BAR share, each purchase and
// sale of the first dealing round, the pool, the directors and the Elephant.
#include <gtest/gtest.h>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::testing {
namespace {

constexpr int kAdam = 0, kBeth = 1, kClive = 2, kDora = 3, kEd = 4;

class SampleGame : public ::testing::Test {
 protected:
  void SetUp() override {
    record_ = LoadRecord("sample_game/appendix4.json");
    checkpoints_ = nlohmann::json::parse(ReadFixture("sample_game/appendix4.json"))["checkpoints"];
    auto game = Game::Create(record_.config);
    ASSERT_TRUE(game.ok()) << game.error().ToString();
    game_.emplace(std::move(*game));
  }

  // Applies the recorded actions up to (not including) action number `count`.
  void PlayTo(size_t count) {
    ASSERT_LE(count, record_.actions.size());
    for (; applied_ < count; ++applied_) {
      MustApply(*game_, record_.actions[applied_]);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  void PlayTo(const std::string& checkpoint) { PlayTo(checkpoints_.at(checkpoint).get<size_t>()); }

  const GameState& S() const { return game_->state(); }
  int Cash(int seat) const { return S().players[seat].cash; }
  int Shares(int seat, const std::string& company) const {
    return S().players[seat].shares[CompanyIndexOf(*game_, company)];
  }
  const CompanyState& Company(const std::string& initials) const {
    return S().companies[CompanyIndexOf(*game_, initials)];
  }

  GameRecord record_;
  nlohmann::json checkpoints_;
  std::optional<Game> game_;
  size_t applied_ = 0;
};

TEST_F(SampleGame, BondsFixTheSeatingOrderAndTheElephant) {
  PlayTo("seating");
  // "Adam: Bond = £150; Cash remaining = £420" ... "Ed: Bond = £70; Cash remaining = £500"
  EXPECT_EQ(Cash(kAdam), 420);
  EXPECT_EQ(Cash(kBeth), 475);
  EXPECT_EQ(Cash(kClive), 485);
  EXPECT_EQ(Cash(kDora), 490);
  EXPECT_EQ(Cash(kEd), 500);
  EXPECT_EQ(S().seating_order, (std::vector<int>{kAdam, kBeth, kClive, kDora, kEd}));
  EXPECT_EQ(S().elephant, kAdam);
}

TEST_F(SampleGame, BondAmountsStaySecretUntilAllAreWrittenDown) {
  PlayTo(2);  // Adam and Beth have committed
  const auto clive_view = game_->View(kClive);
  EXPECT_TRUE(clive_view.players(kAdam).bond().committed());
  EXPECT_EQ(clive_view.players(kAdam).bond().amount(), 0);
  EXPECT_EQ(game_->View(kAdam).players(kAdam).bond().amount(), 150);
  EXPECT_EQ(game_->View(kSpectator).players(kBeth).bond().amount(), 0);
}

TEST_F(SampleGame, ClaimedSharesArePublicButCitiesSecret) {
  PlayTo("payment");
  const auto beth_view = game_->View(kBeth);
  const auto& adam = beth_view.players(kAdam).bond();
  EXPECT_EQ(std::vector<std::string>(adam.claimed_companies().begin(), adam.claimed_companies().end()),
            (std::vector<std::string>{"EIR", "EIR", "EIR", "BAR", "BAR"}));
  EXPECT_EQ(adam.cities_size(), 0) << "Beth must not see Adam's cities";
  const auto own = game_->View(kAdam).players(kAdam).bond();
  EXPECT_EQ(std::vector<std::string>(own.cities().begin(), own.cities().end()),
            (std::vector<std::string>{"Patna", "Calcutta", "Delhi", "Dacca", "Chittagong"}));
  for (int viewer : {kBeth, kClive, kDora, kEd, static_cast<int>(kSpectator)}) {
    const std::string text = game_->View(viewer).DebugString();
    EXPECT_EQ(text.find("Chittagong"), std::string::npos) << "viewer " << viewer;
  }
  for (const auto& p : beth_view.players()) EXPECT_TRUE(p.bond().passed());
}

TEST_F(SampleGame, PaymentForContractedSharesLeavesAdamOneUnredeemedBarShare) {
  PlayTo("payment");
  // "Adam (£420) -£370 (3 EIR x100, 1 BARx70) = £50 ... the one share of BAR ... remains un-redeemed"
  EXPECT_EQ(Cash(kAdam), 50);
  EXPECT_EQ(Shares(kAdam, "EIR"), 3);
  EXPECT_EQ(Shares(kAdam, "BAR"), 2);
  EXPECT_EQ(S().players[kAdam].unredeemed[CompanyIndexOf(*game_, "BAR")], 1);
  EXPECT_EQ(Cash(kBeth), 199);   // 475 - 3 x 92
  EXPECT_EQ(Cash(kClive), 233);  // 485 - 3 x 84
  EXPECT_EQ(Cash(kDora), 122);   // 490 - 2 x 96 - 2 x 88
  EXPECT_EQ(Cash(kEd), 270);     // 500 - 2 x 75 - 80
  EXPECT_EQ(Shares(kDora, "GIP"), 2);
  EXPECT_EQ(Shares(kDora, "BNR"), 2);
  EXPECT_EQ(Shares(kEd, "MSM"), 1);
  // All eight companies were bid for, so every company's shares are on sale (3.1.3).
  for (const CompanyState& c : S().companies) EXPECT_EQ(c.status, CompanyStatus::kOnSale);
  EXPECT_EQ(S().stage, Stage::kDealing);
  EXPECT_EQ(S().dealing.current, kAdam);
}

TEST_F(SampleGame, EveryPurchaseAndSaleOfTheFirstDealingRound) {
  PlayTo("payment");
  // Each entry: a checkpoint of the fixture, then the player's cash the text states at that point.
  const std::vector<std::tuple<std::string, int, int>> figures = {
      {"beth_buys_1", kBeth, 107},      {"clive_buys_1", kClive, 149}, {"dora_sells_bnr", kDora, 288},
      {"dora_buys_1", kDora, 192},      {"ed_buys_1", kEd, 195},       {"beth_buys_2", kBeth, 15},
      {"clive_buys_2", kClive, 65},     {"dora_buys_2", kDora, 96},    {"ed_buys_2", kEd, 120},
      {"dora_buys_3", kDora, 0},        {"ed_buys_3", kEd, 45},        {"ed_sells_msm", kEd, 120},
      {"ed_buys_eir", kEd, 20},         {"adam_sells_bar_1", kAdam, 115}, {"adam_redeems_bar", kAdam, 45},
      {"adam_sells_bar_2", kAdam, 110}, {"adam_buys_eir", kAdam, 10},
  };
  for (const auto& [checkpoint, seat, cash] : figures) {
    PlayTo(checkpoint);
    if (HasFatalFailure()) return;
    EXPECT_EQ(Cash(seat), cash) << "at " << checkpoint;
  }
}

TEST_F(SampleGame, CompaniesFloatWhenTheQualifyingNumberIsIssued) {
  PlayTo("nwr_floats");
  EXPECT_TRUE(Company("NWR").floated);
  // In the first dealing round the director is appointed only at its end (2.9.1).
  EXPECT_EQ(Company("NWR").director, -1);
  EXPECT_EQ(Company("NWR").status, CompanyStatus::kOnSale);
  EXPECT_FALSE(Company("BBCI").floated);
  PlayTo("before_adam_deal");
  EXPECT_TRUE(Company("GIP").floated);
  EXPECT_TRUE(Company("SIR").floated);
  EXPECT_FALSE(Company("EIR").floated);
  PlayTo("after_adam_deal");
  EXPECT_TRUE(Company("EIR").floated);
}

TEST_F(SampleGame, DirectorsAppointedAtTheEndOfTheFirstDealingRound) {
  PlayTo("directors_appointed");
  // "Adam: £10, 4*EIR. Beth: £15, 5*NWR, Elephant. Clive: £65, 5*BBCI. Dora: £0, 5*GIP.
  //  Ed: £20, 5*SIR, 1EIR."
  EXPECT_EQ(Cash(kAdam), 10);
  EXPECT_EQ(Cash(kBeth), 15);
  EXPECT_EQ(Cash(kClive), 65);
  EXPECT_EQ(Cash(kDora), 0);
  EXPECT_EQ(Cash(kEd), 20);
  EXPECT_EQ(Shares(kAdam, "EIR"), 4);
  EXPECT_EQ(Shares(kAdam, "BAR"), 0);
  EXPECT_EQ(Shares(kBeth, "NWR"), 5);
  EXPECT_EQ(Shares(kClive, "BBCI"), 5);
  EXPECT_EQ(Shares(kDora, "GIP"), 5);
  EXPECT_EQ(Shares(kEd, "SIR"), 5);
  EXPECT_EQ(Shares(kEd, "EIR"), 1);
  EXPECT_EQ(Company("EIR").director, kAdam);
  EXPECT_EQ(Company("NWR").director, kBeth);
  EXPECT_EQ(Company("BBCI").director, kClive);
  EXPECT_EQ(Company("GIP").director, kDora);
  EXPECT_EQ(Company("SIR").director, kEd);
  EXPECT_EQ(S().elephant, kBeth);
  // "The Bank Pool contains ... 2 BNR, 1 MSM, and 2 BAR."
  EXPECT_EQ(Company("BNR").pool_shares, 2);
  EXPECT_EQ(Company("MSM").pool_shares, 1);
  EXPECT_EQ(Company("BAR").pool_shares, 2);
  for (const char* other : {"EIR", "GIP", "NWR", "BBCI", "SIR"}) EXPECT_EQ(Company(other).pool_shares, 0);
  // The BBCI forms as a major: Clive's bid includes Ajmer and Bombay (2.6.2); the SIR is a minor.
  EXPECT_TRUE(Company("BBCI").major);
  EXPECT_FALSE(Company("SIR").major);
  EXPECT_TRUE(S().minor_formed_in_first_round);
  // 3.3.1: ten times par. "EIR (£1000)", "GIP (£960)", "NWR (£920)", "BBCI (£840)", "SIR (£750)".
  EXPECT_EQ(Company("EIR").treasury, 1000);
  EXPECT_EQ(Company("GIP").treasury, 960);
  EXPECT_EQ(Company("NWR").treasury, 920);
  EXPECT_EQ(Company("BBCI").treasury, 840);
  EXPECT_EQ(Company("SIR").treasury, 750);
  for (const char* unformed : {"BNR", "MSM", "BAR"}) EXPECT_NE(Company(unformed).status, CompanyStatus::kFormed);
  // 2.8.4: one '2', one '2M' and one '3M' added to the mix.
  EXPECT_EQ(S().trains_left.at("2"), 7);
  EXPECT_EQ(S().trains_left.at("2M"), 3);
  EXPECT_EQ(S().trains_left.at("3M"), 4);
  EXPECT_EQ(S().stage, Stage::kElephantSale);
}

TEST_F(SampleGame, BethKeepsTheElephantAndTheFirstRailwayRoundBegins) {
  PlayTo("railway_round_1");
  EXPECT_EQ(S().stage, Stage::kRailway);
  EXPECT_EQ(S().railway.number, 1);
  EXPECT_EQ(S().railway.company, CompanyIndexOf(*game_, "EIR"));
  EXPECT_EQ(game_->ActiveSeats(), std::vector<int>{kAdam});
  EXPECT_EQ(S().railway.step, TurnStep::kDoubleLayChoice);
}

TEST_F(SampleGame, EveryRecordedActionWasListedAsLegal) {
  for (size_t i = 0; i < record_.actions.size(); ++i) {
    const auto& action = record_.actions[i];
    const auto legal = game_->LegalActions(action.seat());
    bool listed = false;
    for (const auto& candidate : legal) {
      mailrun::v1::Action expected = candidate.action();
      if (expected.has_commit_bond() && action.has_commit_bond()) {
        listed = action.commit_bond().amount() >= candidate.min_amount() &&
                 action.commit_bond().amount() <= candidate.max_amount();
      } else {
        listed = listed || expected.SerializeAsString() == action.SerializeAsString();
      }
      if (listed) break;
    }
    EXPECT_TRUE(listed) << "action " << i << " was not listed: " << action.ShortDebugString();
    MustApply(*game_, action);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace mailrun::engine::testing
