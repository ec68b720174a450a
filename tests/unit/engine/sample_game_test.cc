// The sample game start of Appendix 4 (1853 Retuned v3.00), replayed from
// tests/fixtures/sample_game/appendix4.json with every figure the text states asserted: bonds and
// seating, the public share claims, payments with Adam's un-redeemed BAR share, each purchase and
// sale of the first dealing round, the pool, the directors and the Elephant.
#include <gtest/gtest.h>

#include <map>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

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
    return S().shares.HeldBy(seat, CompanyIndexOf(*game_, company));
  }
  int InPool(const std::string& company) const { return S().shares.InPool(CompanyIndexOf(*game_, company)); }
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
  EXPECT_EQ(InPool("BNR"), 2);
  EXPECT_EQ(InPool("MSM"), 1);
  EXPECT_EQ(InPool("BAR"), 2);
  for (const char* other : {"EIR", "GIP", "NWR", "BBCI", "SIR"}) EXPECT_EQ(InPool(other), 0);
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
      if (action.has_run_trains()) {
        listed = true;  // runs are checked by the validator; OptimiserFindsTheTextsRunsOrBetter covers them
      } else if (expected.has_commit_bond() && action.has_commit_bond()) {
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

// ---- Railway rounds 1-3 --------------------------------------------------------------------

// What the text states at one point: treasuries, players' cash, share prices.
struct Figures {
  std::string checkpoint;
  std::map<std::string, int> treasury;
  std::map<int, int> cash;
  std::map<std::string, int> price;
};

TEST_F(SampleGame, RailwayRoundsOneToThreeEveryStatedFigure) {
  const std::vector<Figures> figures = {
      // Railway Round 1
      {"rr1_eir_lays", {{"EIR", 1000}}, {}, {}},
      {"rr1_eir_buys", {{"EIR", 700}}, {}, {{"EIR", 100}}},
      {"rr1_gip_lays", {{"GIP", 900}}, {}, {}},  // Allahabad, multiple river: £60
      {"rr1_gip_buys", {{"GIP", 600}}, {}, {{"GIP", 96}}},  // "The stock value does not change."
      {"rr1_nwr_buys", {{"NWR", 620}}, {}, {{"NWR", 92}}},
      {"rr1_bbci_lays", {{"BBCI", 770}}, {}, {}},  // Ajmer: £70 for a major BBCI (4.1.14)
      {"rr1_bbci_buys", {{"BBCI", 470}}, {}, {{"BBCI", 84}}},  // "no change in market value"
      {"rr1_sir_buys", {{"SIR", 570}}, {}, {{"SIR", 75}}},
      {"rr1_end", {}, {{kAdam, 10}, {kBeth, 15}, {kClive, 65}, {kDora, 0}, {kEd, 20}}, {}},
      // Railway Round 2
      {"rr2_eir_lays", {{"EIR", 640}}, {}, {}},  // Patna, multiple river: £60
      {"rr2_eir_runs", {{"EIR", 700}}, {{kAdam, 34}, {kEd, 26}}, {{"EIR", 104}}},
      {"rr2_eir_buys", {{"EIR", 400}}, {{kAdam, 34}}, {}},
      {"rr2_gip_lays", {{"GIP", 560}}, {}, {}},  // Lucknow, river: £40
      {"rr2_gip_runs", {{"GIP", 600}}, {{kDora, 20}}, {{"GIP", 100}}},
      {"rr2_gip_buys", {{"GIP", 300}}, {}, {}},
      {"rr2_nwr_runs", {{"NWR", 670}}, {{kBeth, 40}}, {{"NWR", 96}}},
      {"rr2_nwr_buys_3", {{"NWR", 230}}, {}, {}},
      {"rr2_bbci_lays_lj", {{"BBCI", 350}}, {}, {}},  // Lj: hill and river, £80 + £40
      {"rr2_bbci_lays_hl", {{"BBCI", 350}}, {}, {}},
      {"rr2_bbci_runs", {{"BBCI", 400}}, {{kClive, 90}}, {{"BBCI", 88}}},
      {"rr2_bbci_buys_3", {{"BBCI", 0}}, {{kClive, 50}}, {}},  // Clive's £40 gift (4.8.8)
      {"rr2_sir_lays", {{"SIR", 540}}, {}, {}},  // metre gauge river: £30
      {"rr2_sir_runs", {{"SIR", 570}}, {{kEd, 41}}, {{"SIR", 80}}},
      {"rr2_sir_buys", {{"SIR", 320}}, {{kAdam, 34}, {kBeth, 40}, {kClive, 50}, {kDora, 20}, {kEd, 41}}, {}},
      // Railway Round 3
      {"rr3_eir_lays", {{"EIR", 340}}, {}, {}},  // Benares, double river: £60
      {"rr3_eir_runs", {{"EIR", 400}}, {{kAdam, 74}, {kEd, 51}}, {{"EIR", 109}}},
      {"rr3_gip_lays", {{"GIP", 190}}, {}, {}},  // Cawnpore river £40, metre mountain £70
      {"rr3_gip_base", {{"GIP", 150}}, {}, {}},  // the first additional base: £40
      {"rr3_gip_runs", {{"GIP", 270}}, {{kDora, 20}}, {{"GIP", 100}}},
      {"rr3_gip_buys", {{"GIP", 20}}, {}, {}},
      {"rr3_nwr_lays", {{"NWR", 230}}, {}, {}},
      {"rr3_nwr_runs", {{"NWR", 280}}, {{kBeth, 80}}, {{"NWR", 100}}},
      {"rr3_bbci_lays", {{"BBCI", 0}}, {}, {}},  // Jaipur #69 is free
      {"rr3_bbci_runs", {{"BBCI", 50}}, {{kClive, 95}}, {{"BBCI", 92}}},
      {"rr3_sir_lays", {{"SIR", 320}}, {}, {}},
      {"rr3_sir_base", {{"SIR", 280}}, {}, {}},
      {"rr3_sir_runs", {{"SIR", 320}}, {{kEd, 91}}, {{"SIR", 84}}},
  };
  for (const Figures& f : figures) {
    PlayTo(f.checkpoint);
    if (HasFatalFailure()) return;
    for (const auto& [company, amount] : f.treasury) EXPECT_EQ(Company(company).treasury, amount) << f.checkpoint << " " << company;
    for (const auto& [seat, amount] : f.cash) EXPECT_EQ(Cash(seat), amount) << f.checkpoint << " seat " << seat;
    for (const auto& [company, price] : f.price) {
      EXPECT_EQ(game_->data().SharePrices()[Company(company).price_index], price) << f.checkpoint << " " << company;
    }
  }
}

TEST_F(SampleGame, TilesLaidWhereTheTextSays) {
  PlayTo("railway_round_4");
  const std::vector<std::tuple<std::string, std::string, int>> tiles = {
      {"Iaa", "58", 5}, {"Ht", "6", 0}, {"Em", "4", 2}, {"Hj", "6", 2}, {"Tp", "76", 4}, {"Hx", "5", 0},
      {"Gs", "6", 5},   {"Ck", "5", 5}, {"Lj", "58", 0}, {"Hl", "8", 1}, {"Tr", "72", 1}, {"Iy", "9", 1},
      {"Hv", "6", 2},   {"Gq", "6", 2}, {"Nj", "73", 2}, {"Dl", "9", 2}, {"Dj", "8", 1}, {"Gm", "69", 0},
      {"Sq", "73", 3},
  };
  EXPECT_EQ(S().board.tiles.size(), tiles.size());
  for (const auto& [hex, tile, rotation] : tiles) {
    const auto placed = S().board.tiles.find(*ParseHexName(hex));
    ASSERT_NE(placed, S().board.tiles.end()) << hex;
    EXPECT_EQ(placed->second.tile, tile) << hex;
    EXPECT_EQ(placed->second.rotation, rotation) << hex;
  }
}

TEST_F(SampleGame, TrainsPhasesBasesAndTheSecondDealingRound) {
  PlayTo("rr2_nwr_runs");
  EXPECT_EQ(S().phase, 1);
  PlayTo("rr2_nwr_buys_3");
  EXPECT_EQ(S().phase, 2) << "the NWR's first '3' train starts phase 2 (4.10.3)";
  PlayTo("dealing_round_2");
  EXPECT_EQ(S().stage, Stage::kDealing);
  EXPECT_EQ(S().dealing.number, 2);
  EXPECT_EQ(S().dealing.current, kBeth);
  EXPECT_EQ(S().trains_left.at("2M"), 2) << "Two '2M' trains still remain in the bank";
  PlayTo("railway_round_3");
  EXPECT_EQ(S().elephant, kBeth);
  EXPECT_EQ(S().railway.set_size, 2) << "phase 2: two railway rounds between dealing rounds (TABLE 6)";
  PlayTo("railway_round_4");
  EXPECT_EQ(S().railway.number, 4);
  EXPECT_EQ(S().railway.in_set, 2);
  // The NWR "doesn't buy the last '2M' train": one remains after Railway Round 3.
  EXPECT_EQ(S().trains_left.at("2M"), 1);
  auto names = [&](const std::string& company) {
    std::vector<std::string> out;
    for (const TrainCard& t : Company(company).trains) out.push_back(t.name);
    return out;
  };
  EXPECT_EQ(names("EIR"), (std::vector<std::string>{"2", "2"}));
  EXPECT_EQ(names("GIP"), (std::vector<std::string>{"2", "2", "2M"}));
  EXPECT_EQ(names("NWR"), (std::vector<std::string>{"2", "3"}));
  EXPECT_EQ(names("BBCI"), (std::vector<std::string>{"2", "3"}));
  EXPECT_EQ(names("SIR"), (std::vector<std::string>{"1M", "2M"}));
  const auto& gip_bases = Company("GIP").bases;
  EXPECT_NE(std::find(gip_bases.begin(), gip_bases.end(), Base{*ParseHexName("Gq"), 0}), gip_bases.end());
  const auto& sir_bases = Company("SIR").bases;
  EXPECT_NE(std::find(sir_bases.begin(), sir_bases.end(), Base{*ParseHexName("Rr"), 1}), sir_bases.end());
  for (const PlayerState& p : S().players) EXPECT_FALSE(p.bond.returned) << p.name << "'s cities are not all linked yet";
}

TEST_F(SampleGame, OptimiserFindsTheTextsRunsOrBetter) {
  // The text's run earnings and mail at each run of railway rounds 2 and 3.
  const std::vector<std::tuple<std::string, std::string, int, int>> runs = {
      {"rr2_eir_runs", "EIR", 60, 60},  {"rr2_gip_runs", "GIP", 40, 40},   {"rr2_nwr_runs", "NWR", 50, 50},
      {"rr2_bbci_runs", "BBCI", 50, 50}, {"rr2_sir_runs", "SIR", 30, 30},  {"rr3_eir_runs", "EIR", 100, 60},
      {"rr3_gip_runs", "GIP", 80, 40},  {"rr3_nwr_runs", "NWR", 80, 50},   {"rr3_bbci_runs", "BBCI", 90, 50},
      {"rr3_sir_runs", "SIR", 80, 40},
  };
  for (const auto& [checkpoint, company, revenue, mail] : runs) {
    PlayTo(checkpoints_.at(checkpoint).get<size_t>() - 1);  // just before the run
    if (HasFatalFailure()) return;
    const auto total = game_->SuggestedRuns(company, false);
    const auto dividend = game_->SuggestedRuns(company, true);
    ASSERT_TRUE(total.ok() && dividend.ok()) << checkpoint;
    EXPECT_GE(dividend->run_revenue(), revenue) << checkpoint;
    EXPECT_GE(total->total(), revenue + mail) << checkpoint;
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
