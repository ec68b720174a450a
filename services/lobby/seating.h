// Seating tournament players at tables of 3 to 6: the sizes of a round's tables, the snake
// seating by seed (Swiss round 1 and the groups of ROUND_ROBIN_GROUPS), the Swiss seating of
// later rounds (players grouped by standing, repeat opponents avoided where the tables allow),
// and the final table of ROUND_ROBIN_GROUPS. Pure functions of their inputs: no I/O, no clock,
// deterministic; the schemes are documented in proto/mailrun/v1/lobby.proto (TournamentFormat).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace mailrun::lobby {

using PlayerId = std::string;
using Seating = std::vector<std::vector<PlayerId>>;  // tables in order; players in seat order

constexpr int kMinTableSize = 3;
constexpr int kMaxTableSize = 6;

// How many times each pair of players has sat at the same table.
class MeetingHistory {
 public:
  void AddTable(const std::vector<PlayerId>& players);
  int Count(const PlayerId& a, const PlayerId& b) const;
  // Sum of Count over every pair at `players`: the repeat meetings a table would have.
  int Repeats(const std::vector<PlayerId>& players) const;

 private:
  std::map<std::pair<PlayerId, PlayerId>, int> counts_;  // key: (smaller id, larger id)
};

// Sizes of the tables for `players` players when `table_size` (3..6) is the largest table:
// ceil(players / table_size) tables, one fewer while that leaves a table below 3, sizes as equal
// as possible with the larger tables first. Empty when players < 3.
// 9, 3 -> {3, 3, 3}; 10, 4 -> {4, 3, 3}; 5, 4 -> {5}; 7, 6 -> {4, 3}.
std::vector<int> BalancedTableSizes(int players, int table_size);

// Seats players given best seed first "snake-wise": seeds go to tables 1, 2, ..., T, then T, ...,
// 1, and so on (a full table is skipped). 9 seeds at 3 tables: {1,6,7}, {2,5,8}, {3,4,9}.
// Each table lists its players in seed order.
Seating SeatBySnake(const std::vector<PlayerId>& by_seed, int table_size);

// Swiss seating: players given in standings order (best first). Tables are filled in order: each
// takes the best-placed player left, then, seat by seat, the player left with the fewest earlier
// meetings with those already seated, the better-placed on equal counts. Then, while swapping
// two players of different tables lowers the total number of repeat meetings, the swap that
// lowers it most is made (on equal gains, the two players closest in the standings). Each table
// lists its players in standings order.
Seating SeatBySwiss(const std::vector<PlayerId>& by_standing, int table_size, const MeetingHistory& history);

// The final of ROUND_ROBIN_GROUPS. `group_winners` are the groups' best players and `others`
// everyone else still playing, both in standings order. The final seats min(table_size, all
// players) players: group winners first while there is room, then the best others.
std::vector<PlayerId> SeatFinal(const std::vector<PlayerId>& group_winners, const std::vector<PlayerId>& others,
                                int table_size);

}  // namespace mailrun::lobby
