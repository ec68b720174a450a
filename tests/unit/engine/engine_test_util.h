// Helpers for engine tests: loading fixtures, building and applying actions tersely, and the
// money invariant (bank + players + companies + bonds not yet returned is constant) that every
// test game checks after every action.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <functional>
#include <string>
#include <vector>

#include "engine/titles/t1853/game.h"
#include "engine/core/game_record.h"

namespace mailrun::engine::t1853::testing {

// The players of Appendix 4's sample game by seat, and the companies they direct at the start of
// Railway Round 1: Adam the EIR, Beth the NWR (the Elephant), Clive the BBCI (a major), Dora the
// GIP, Ed the SIR (a minor formed in the first dealing round).
inline constexpr int kAdam = 0, kBeth = 1, kClive = 2, kDora = 3, kEd = 4;

// Reads tests/fixtures/<relative> (a GameRecord, possibly with extra keys such as "checkpoints").
std::string ReadFixture(const std::string& relative);
GameRecord LoadRecord(const std::string& relative);

// A configuration for `players` players named P0, P1, ... with the given seed and options.
mailrun::v1::GameConfig Config(int players, uint64_t seed = 1, mailrun::v1::GameOptions options = {});

// The sum of all money; must equal state.total_money at all times.
int TotalMoney(const GameState& state);
::testing::AssertionResult MoneyIsConstant(const Game& game);

// Applies an action and fails the test (with the error) if it is refused; checks the money.
void MustApply(Game& game, const mailrun::v1::Action& action);
// Applies an action that must be refused; returns the error and checks the state did not change.
Error MustRefuse(Game& game, const mailrun::v1::Action& action);

// Terse action builders.
mailrun::v1::Action Bond(int seat, int amount);
mailrun::v1::Action Claim(int seat, const std::string& city, const std::string& company);
mailrun::v1::Action PassBid(int seat);
mailrun::v1::Action Buy(int seat, const std::string& company, bool from_pool = false);
mailrun::v1::Action Sell(int seat, const std::string& company, int count);
mailrun::v1::Action Redeem(int seat, const std::string& company);
mailrun::v1::Action EndTurn(int seat);
// ... for a company's turn in a railway round (4.0 - 4.8).
mailrun::v1::Action Lay(int seat, const std::string& hex, const std::string& tile, int rotation);
mailrun::v1::Action Promote(int seat, const std::string& hex, const std::string& tile, int rotation = 0);
mailrun::v1::Action PlaceBase(int seat, const std::string& hex, int station = 0);
mailrun::v1::Action ChooseDoubleLay(int seat, mailrun::v1::DoubleLayOption option);
mailrun::v1::Action BuyTrain(int seat, const std::string& train, int gift = 0);
mailrun::v1::Action EndStep(int seat);

int CompanyIndexOf(const Game& game, const std::string& initials);

// The sample game of Appendix 4 (tests/fixtures/sample_game/appendix4.json): the number of
// recorded actions before one of its checkpoints, and the game after its first `count` actions or
// at a checkpoint (a refused action throws: the fixture is broken).
size_t SampleCheckpoint(const std::string& name);
Game SampleGameAfter(size_t count);
Game SampleGameAt(const std::string& checkpoint);

// What `viewer` sees (Game::View), serialised deterministically (map entries in order), so that
// two views compare equal exactly when they show the same.
std::string ViewSeenBy(const Game& game, int viewer);

// Passes in turn for every player still claiming cities, until the bids are complete (a pass is
// automatic only when public facts force it, docs/rulings.md #6). Fails the test if one is refused.
void CompleteBids(Game& game);

// Test set-up only: a game whose state is `base`'s with `edit` applied (through a snapshot), for
// positions that would take long to reach by play. The rules under test are then exercised with
// Apply/LegalActions as usual.
Game WithState(const Game& base, const std::function<void(GameState&)>& edit);

// The file names of the recorded games in tests/fixtures/games/, sorted.
std::vector<std::string> RecordedGames();

}  // namespace mailrun::engine::t1853::testing
