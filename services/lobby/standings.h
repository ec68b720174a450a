// Tournament standings: placement points and wealth shares of one game, and the ranking of the
// players by their totals. Pure functions; the scheme is documented in
// proto/mailrun/v1/lobby.proto (message Standing):
//   placement points: 60 for first, 0 for last, even steps between (3 players 60/30/0, 4 players
//   60/40/20/0, 5 players 60/45/30/15/0, 6 players 60/48/36/24/12/0); tied players share the
//   points of the places they cover;
//   wealth share: final wealth / the table's total final wealth;
//   ranking: finalists first (by place in the final), then placement points, then wealth share;
//   equal lines share a position and are listed by seed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mailrun::lobby {

constexpr double kWinnerPoints = 60.0;

// Placement points of each player of one game, given their ranks (1 = best; equal ranks are
// ties). Places are counted from the ranks: a player's places are those after every player
// with a better rank, so "1, 1, 3" and "1, 1, 2" both mean two tied winners.
std::vector<double> PlacementPoints(const std::vector<int>& ranks);

// Each player's final wealth divided by the table's total; all zero if the total is not positive.
std::vector<double> WealthShares(const std::vector<int64_t>& final_wealth);

struct StandingLine {
  std::string user_id;
  double placement_points = 0.0;
  double wealth_share = 0.0;
  int games = 0;
  int seed = 0;         // 1 = best seed; 0 (not seeded yet) sorts last
  int final_place = 0;  // place in the final of ROUND_ROBIN_GROUPS, 0 if none
  int position = 0;     // output of RankStandings
};

// Sorts `lines` into standings order and sets each line's position (1 = first).
void RankStandings(std::vector<StandingLine>& lines);

}  // namespace mailrun::lobby
