// Multi-player Elo: the rating change of every player of one finished game. Each pair of players
// at the table is one result: the better rank scores 1, the worse 0, equal ranks 0.5 each. A
// player's change is K / (n - 1) times the sum, over the other n - 1 players, of (score -
// expected score), with expected = 1 / (1 + 10^((their rating - my rating) / 400)) and every
// rating taken from before the game. Dividing by n - 1 makes a game count like one two-player
// game whatever the table size; the changes of a game add up to zero. Pure functions.
#pragma once

#include <vector>

namespace mailrun::lobby {

constexpr double kEloK = 32.0;
constexpr double kInitialRating = 1500.0;

struct EloEntry {
  double rating = kInitialRating;  // before the game
  int rank = 1;                    // 1 = winner; equal ranks are a draw between those players
};

// Expected score of a player rated `mine` against one rated `theirs`.
double EloExpected(double mine, double theirs);

// The change of each player's rating, in the order given. Fewer than 2 players: all zero.
std::vector<double> EloChanges(const std::vector<EloEntry>& players, double k = kEloK);

}  // namespace mailrun::lobby
