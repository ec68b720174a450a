// Random legal play of 1947: from setup through four stock rounds, skipping the operating rounds
// (a game that reaches one starts the next stock round directly, so that sales, bonds and
// conversions are played often), and from setup through the operating rounds as well (track,
// stations, runs with their payouts, trains): every action the legal-action list offers is
// accepted, and the invariants hold after each.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "engine/core/result.h"
#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/invariants.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

uint64_t Next(uint64_t& state) {  // xorshift: a fixed, seedable sequence for the test
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

TEST(RandomPlay, LegalActionsAreAcceptedAndInvariantsHold) {
  int total_sells = 0;
  int total_bond_buys = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL;
    int players = 3 + static_cast<int>(seed % 4);
    std::vector<std::string> names;
    std::vector<int> cards;
    for (int i = 0; i < players; ++i) {
      names.push_back("p" + std::to_string(i));
      cards.push_back(players - i);
    }
    auto game = T1947Game::Setup(Data(), names, cards, {seed % 2 ? "EIR" : "GIPR", seed % 3 ? "ABR" : "CCSR"});
    ASSERT_TRUE(game.ok());
    T1947Game g = *game;
    int steps = 0;
    std::map<ActionKind, int> seen;
    for (; steps < 3000; ++steps) {
      if (g.round() == Round::kOperatingRound) {
        // OperatingRoundsArePlayed plays the operating rounds; here the next stock round simply
        // begins, so that sales, bonds and conversions are played often.
        if (g.stock_round() >= 4) break;
        g.StartStockRoundForTest(g.stock_round() + 1);
      }
      if (g.stock_round() > 4) break;  // an operating round with nobody floated passes by itself
      int seat = g.ActivePlayer();
      ASSERT_GE(seat, 0);
      std::vector<Action1947> legal = LegalActions(g, seat);
      ASSERT_FALSE(legal.empty()) << "seed " << seed << ": no legal action at step " << steps;
      // Favour doing something over passing, so the stock round sees purchases and sales.
      Action1947 a = legal[Next(rng) % legal.size()];
      if (a.kind == ActionKind::kBid) a.amount += 10 * static_cast<int>(Next(rng) % 3);
      // T1947_TRACE=1 prints the game as it is played.
      if (std::getenv("T1947_TRACE")) fprintf(stderr, "%s\n", Describe(g, a).text.c_str());
      Status s = Apply(g, a);
      if (s.ok()) ++seen[a.kind];
      if (!s.ok() && a.kind == ActionKind::kBid) s = Apply(g, legal[Next(rng) % legal.size()]);
      ASSERT_TRUE(s.ok() || a.kind == ActionKind::kBid) << "seed " << seed << ": " << Describe(g, a).text << ": " << s.error().ToString();
      std::vector<std::string> broken = CheckInvariants(g);
      ASSERT_TRUE(broken.empty()) << "seed " << seed << " step " << steps << ": " << broken.front();
    }
    EXPECT_TRUE(g.stock_round() > 4 || g.round() == Round::kOperatingRound) << "seed " << seed << " did not finish its fourth stock round";
    total_sells += seen[ActionKind::kSell];
    total_bond_buys += seen[ActionKind::kBuyBond] + seen[ActionKind::kSubscribeBonds];
  }
  EXPECT_GT(total_sells, 0);
  EXPECT_GT(total_bond_buys, 0);
}

// The operating rounds played too (track, stations, workers, runs with their payouts, trains):
// random legal play from setup until the fifth stock round begins or the game ends.
TEST(RandomPlay, OperatingRoundsArePlayed) {
  std::map<ActionKind, int> seen;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL;
    const int players = 3 + static_cast<int>(seed % 3);
    std::vector<std::string> names;
    std::vector<int> cards;
    for (int i = 0; i < players; ++i) {
      names.push_back("p" + std::to_string(i));
      cards.push_back(i + 1);
    }
    auto game = T1947Game::Setup(Data(), names, cards, {"EIR", "ABR"});
    ASSERT_TRUE(game.ok());
    T1947Game g = *game;
    for (int steps = 0; steps < 5000 && !g.finished() && g.stock_round() < 5; ++steps) {
      const int seat = g.ActivePlayer();
      ASSERT_GE(seat, 0) << "seed " << seed;
      const std::vector<Action1947> legal = LegalActions(g, seat);
      ASSERT_FALSE(legal.empty()) << "seed " << seed << ": no legal action at step " << steps;
      const Action1947& a = legal[Next(rng) % legal.size()];
      if (std::getenv("T1947_TRACE")) fprintf(stderr, "%s\n", Describe(g, a).text.c_str());
      Status s = Apply(g, a);
      ASSERT_TRUE(s.ok()) << "seed " << seed << ": " << Describe(g, a).text << ": " << s.error().ToString();
      ++seen[a.kind];
      std::vector<std::string> broken = CheckInvariants(g);
      ASSERT_TRUE(broken.empty()) << "seed " << seed << " step " << steps << ": " << broken.front();
    }
    EXPECT_TRUE(g.finished() || g.stock_round() >= 5) << "seed " << seed << " did not reach its fifth stock round";
  }
  EXPECT_GT(seen[ActionKind::kRunTrains], 0);
  EXPECT_GT(seen[ActionKind::kLayTrack], 0);
  EXPECT_GT(seen[ActionKind::kBuyTrain], 0);
}

}  // namespace
}  // namespace mailrun::engine::t1947
