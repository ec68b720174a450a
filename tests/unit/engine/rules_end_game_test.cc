// The end of the game (5.1) and its results (5.2): the bank running out of money ends the game
// after the current complete railway round (or, if it breaks in a dealing round, when that round
// ends: docs/rulings.md #18); a share price of £400 stops the game at once, after that dividend,
// except in the longer game (2.4.3). Scores are cash plus shares at market value (par for a
// company that never formed); bonds not returned and companies' money do not count.
//
// The sample game of Appendix 4 is replayed with its recorded actions; only the bank's money or
// a share price is edited (train_positions.h, EditedPosition) to bring the end within reach.
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

int Wealth(const Game& game, int seat) {
  for (const FinalScore& score : game.state().scores) {
    if (score.seat == seat) return score.wealth;
  }
  ADD_FAILURE() << "no score for seat " << seat;
  return 0;
}

int Rank(const Game& game, int seat) {
  for (const FinalScore& score : game.state().scores) {
    if (score.seat == seat) return score.rank;
  }
  return 0;
}

TEST(EndGame, TheBankBreakingEndsTheGameAfterTheCurrentRailwayRound) {
  // Railway Round 3 is the first of phase 2's two rounds. Edited: the bank holds only £30, so the
  // EIR's dividend (£50 to players) breaks it.
  EditedPosition position(SampleGameAt("railway_round_3"));
  position.SetBank(30);
  Game game = position.Build();
  const size_t eir_runs = SampleCheckpoint("rr3_eir_runs");
  PlaySampleActions(game, SampleCheckpoint("railway_round_3"), eir_runs);
  EXPECT_TRUE(game.state().bank_broken);
  EXPECT_EQ(game.state().bank, -20) << "the dividend is paid in full (docs/rulings.md #18)";
  EXPECT_FALSE(game.Finished()) << "5.1.2: the railway round is completed";
  // The GIP, NWR, BBCI and SIR still operate, exactly as recorded.
  const size_t round_4 = SampleCheckpoint("railway_round_4");
  PlaySampleActions(game, eir_runs, round_4 - 1);
  EXPECT_FALSE(game.Finished());
  EXPECT_EQ(OperatingCompany(game), "SIR");
  PlaySampleActions(game, round_4 - 1, round_4);
  ASSERT_TRUE(game.Finished()) << "no second round of the set, no dealing round";
  EXPECT_EQ(game.state().railway.number, 3);
  EXPECT_NE(game.state().end_reason.find("bank"), std::string::npos) << game.state().end_reason;
  EXPECT_TRUE(game.ActiveSeats().empty());
  EXPECT_EQ(MustRefuse(game, EndTurn(kAdam)).rule, "5.1");
  // 5.2: cash (the text's figures after Railway Round 3) plus shares at market value: EIR £109,
  // GIP £100, NWR £100, BBCI £92, SIR £84. Bonds (£150, £95, £85, £80, £70) and the companies'
  // treasuries do not count.
  EXPECT_EQ(Wealth(game, kAdam), 74 + 4 * 109);
  EXPECT_EQ(Wealth(game, kBeth), 80 + 5 * 100);
  EXPECT_EQ(Wealth(game, kClive), 95 + 5 * 92);
  EXPECT_EQ(Wealth(game, kDora), 20 + 5 * 100);
  EXPECT_EQ(Wealth(game, kEd), 91 + 5 * 84 + 109);
  EXPECT_EQ(Rank(game, kEd), 1);
  EXPECT_EQ(Rank(game, kBeth), 2);
  EXPECT_EQ(Rank(game, kClive), 3);
  EXPECT_EQ(Rank(game, kDora), 4);
  EXPECT_EQ(Rank(game, kAdam), 5);
}

TEST(EndGame, Rule5_2_3_TheWealthiestPlayerWins) {
  // Railway Round 4, the last of its set, with the bank broken (edited): the game ends with the
  // SIR's turn. At the SIR's purchases Beth's cash is raised (edited) so that she will be exactly
  // as wealthy as Ed: both win, and the next player is third.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetBank(-10);
  position.state().bank_broken = true;
  Game game = position.Build();
  for (const char* company : {"EIR", "GIP", "NWR", "BBCI"}) {
    ToBuyStepOf(game, company);
    EndTurnOf(game, company);
  }
  ToBuyStepOf(game, "SIR");
  const auto wealth = [&](int seat) {
    const PlayerState& p = game.state().players[seat];
    int total = p.cash;
    for (int c = 0; c < kCompanies; ++c) {
      const CompanyState& company = game.state().companies[c];
      total += game.state().shares.HeldBy(seat, c) * (company.price_index >= 0 ? game.data().SharePrices()[company.price_index]
                                                       : game.data().companies[c].par);
    }
    return total;
  };
  const int gap = wealth(kEd) - wealth(kBeth);
  ASSERT_GT(gap, 0);
  EditedPosition tied(game);
  tied.state().players[kBeth].cash += gap;
  tied.state().bank -= gap;
  Game end = tied.Build();
  auto outcome = end.Apply(EndStep(kEd));
  ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
  ASSERT_TRUE(end.Finished());
  EXPECT_EQ(Wealth(end, kEd), Wealth(end, kBeth));
  EXPECT_EQ(Rank(end, kEd), 1);
  EXPECT_EQ(Rank(end, kBeth), 1);
  for (int seat : {kAdam, kClive, kDora}) EXPECT_GE(Rank(end, seat), 3) << seat;
  int winners = 0;
  for (const std::string& line : outcome->log) winners += line.rfind("1. ", 0) == 0;
  EXPECT_EQ(winners, 2) << ::testing::PrintToString(outcome->log);
  // The log says why as a key of its own with the reason's typed parameters (issue 22), not as
  // English text inside a parameter.
  const auto ends = std::find_if(outcome->structured_log.begin(), outcome->structured_log.end(),
                                 [](const auto& line) { return line.key().rfind("1853.log.end_game.", 0) == 0; });
  ASSERT_NE(ends, outcome->structured_log.end());
  EXPECT_EQ(ends->key(), "1853.log.end_game.bank_broken");
  ASSERT_EQ(ends->params_size(), 1);
  EXPECT_EQ(ends->params(0).name(), "rule");
  EXPECT_EQ(ends->params(0).rule(), "5.1.2");
  EXPECT_EQ(outcome->log[static_cast<size_t>(ends - outcome->structured_log.begin())],
            "The game ends: the bank ran out of money (5.1.2)");
}

TEST(EndGame, AfterTheBankHasBrokenNoExtraRailwayRound) {
  // Railway Round 4, the last of its set. Edited: the bank broke earlier in this round.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetBank(-10);
  position.state().bank_broken = true;
  Game game = position.Build();
  for (int turns = 0; turns < 5 && game.state().stage == Stage::kRailway; ++turns) {
    ToBuyStep(game);
    EndTurnOf(game, OperatingCompany(game));
  }
  EXPECT_TRUE(game.Finished()) << "the Elephant's holder is not asked for an extra round (4.9)";
  EXPECT_EQ(game.state().railway.number, 4);
  for (const char* company : {"EIR", "GIP", "NWR", "BBCI", "SIR"}) {
    EXPECT_EQ(CompanyOf(game, company).railway_turns, 4) << company << " completed the round";
  }
}

TEST(EndGame, TheBankBreakingInADealingRoundEndsTheGameWhenTheRoundEnds) {
  // Dealing Round 2, Beth to deal. Edited: the bank holds £50; Beth sells an NWR share for £96.
  EditedPosition position(SampleGameAt("dealing_round_2"));
  position.SetBank(50);
  Game game = position.Build();
  MustApply(game, Sell(kBeth, "NWR", 1));
  EXPECT_TRUE(game.state().bank_broken);
  EXPECT_EQ(game.state().players[kBeth].cash, 40 + 96);
  EXPECT_FALSE(game.Finished());
  for (int guard = 0; guard < 10 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  ASSERT_EQ(game.state().stage, Stage::kElephantSale);
  MustApply(game, KeepElephant(game.state().elephant));
  EXPECT_TRUE(game.Finished()) << "no railway round begins (5.1.2, docs/rulings.md #18)";
  EXPECT_EQ(game.state().railway.number, 2);
  EXPECT_EQ(Wealth(game, kBeth), 136 + 4 * 96);
}

// The sample game just before the EIR's run in Railway Round 3 (a £100 dividend: £40 to Adam,
// £10 to Ed). Edited: the EIR's shares stand at £380, one space below the end of the market.
EditedPosition EirAt380() {
  EditedPosition position(SampleGameAfter(SampleCheckpoint("rr3_eir_runs") - 1));
  position.SetSharePrice("EIR", 380);
  return position;
}

TEST(EndGame, FourHundredStopsTheGameAtOnceAfterThatDividend) {
  Game game = EirAt380().Build();
  ASSERT_EQ(OperatingCompany(game), "EIR");
  ASSERT_EQ(game.state().railway.step, TurnStep::kRun);
  const int gip_turns = CompanyOf(game, "GIP").railway_turns;
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  const auto outcome = game.Apply(record.actions.at(SampleCheckpoint("rr3_eir_runs") - 1));
  ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
  ASSERT_TRUE(game.Finished());
  EXPECT_NE(game.state().end_reason.find("£400"), std::string::npos) << game.state().end_reason;
  // The log line keyed by the reason, with the company, the price and the rule typed (issue 22).
  const auto ends = std::find_if(outcome->structured_log.begin(), outcome->structured_log.end(),
                                 [](const auto& line) { return line.key() == "1853.log.end_game.share_price"; });
  ASSERT_NE(ends, outcome->structured_log.end()) << ::testing::PrintToString(outcome->log);
  ASSERT_EQ(ends->params_size(), 3);
  EXPECT_EQ(ends->params(0).company(), "EIR");
  EXPECT_EQ(ends->params(1).amount(), 400);
  EXPECT_EQ(ends->params(2).rule(), "5.1.3");
  EXPECT_EQ(game.data().SharePrices()[CompanyOf(game, "EIR").price_index], 400);
  EXPECT_EQ(CompanyOf(game, "GIP").railway_turns, gip_turns) << "no other company operates (5.1.3)";
  // The dividend was paid; shares count at the new price; Dora's GIP never ran again.
  EXPECT_EQ(game.state().players[kAdam].cash, 74);
  EXPECT_EQ(Wealth(game, kAdam), 74 + 4 * 400);
  EXPECT_EQ(Wealth(game, kEd), 51 + 400 + 5 * 80);
  EXPECT_EQ(Wealth(game, kBeth), 40 + 5 * 96);
  EXPECT_EQ(Wealth(game, kClive), 50 + 5 * 88);
  EXPECT_EQ(Wealth(game, kDora), 20 + 5 * 100);
  EXPECT_EQ(Rank(game, kAdam), 1);
  EXPECT_EQ(Rank(game, kEd), 2);
  EXPECT_EQ(Rank(game, kBeth), 3);
  EXPECT_EQ(Rank(game, kDora), 3) << "equal wealth, equal rank";
  EXPECT_EQ(Rank(game, kClive), 5);
}

TEST(EndGame, InTheLongerGameFourHundredDoesNotEndIt) {
  EditedPosition position = EirAt380();
  position.config().mutable_options()->set_bank(mailrun::v1::BANK_LONGER);  // 2.4.3
  Game game = position.Build();
  PlaySampleActions(game, SampleCheckpoint("rr3_eir_runs") - 1, SampleCheckpoint("rr3_eir_runs"));
  EXPECT_FALSE(game.Finished());
  EXPECT_EQ(game.data().SharePrices()[CompanyOf(game, "EIR").price_index], 400);
  EXPECT_EQ(game.state().stage, Stage::kRailway);
}

TEST(EndGame, SharesOfACompanyThatNeverFormedCountAtPar) {
  // Edited: one of the BAR's two pool shares given to Clive, un-redeemed (docs/rulings.md #19).
  EditedPosition position = EirAt380();
  const int bar = position.Index("BAR");
  position.state().shares.Remove(ShareHolder::Pool(), bar, 1);
  position.state().shares.Set(ShareHolder::Player(kClive), bar, 1);
  position.state().players[kClive].unredeemed[bar] = 1;
  Game game = position.Build();
  ASSERT_NE(CompanyOf(game, "BAR").status, CompanyStatus::kFormed);
  PlaySampleActions(game, SampleCheckpoint("rr3_eir_runs") - 1, SampleCheckpoint("rr3_eir_runs"));
  ASSERT_TRUE(game.Finished());
  EXPECT_EQ(Wealth(game, kClive), 50 + 5 * 88 + 70);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
