#include "services/lobby/seating.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace mailrun::lobby {
namespace {

std::pair<PlayerId, PlayerId> PairKey(const PlayerId& a, const PlayerId& b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

// Repeat meetings `candidate` would add to a table holding `seated`.
int RepeatsWith(const MeetingHistory& history, const PlayerId& candidate, const std::vector<PlayerId>& seated) {
  int repeats = 0;
  for (const PlayerId& other : seated) repeats += history.Count(candidate, other);
  return repeats;
}

// Orders each table's players by their position in `order`.
void SortTablesBy(Seating& tables, const std::vector<PlayerId>& order) {
  std::map<PlayerId, size_t> position;
  for (size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
  for (auto& table : tables) {
    std::sort(table.begin(), table.end(),
              [&](const PlayerId& a, const PlayerId& b) { return position.at(a) < position.at(b); });
  }
}

}  // namespace

void MeetingHistory::AddTable(const std::vector<PlayerId>& players) {
  for (size_t i = 0; i < players.size(); ++i) {
    for (size_t j = i + 1; j < players.size(); ++j) ++counts_[PairKey(players[i], players[j])];
  }
}

int MeetingHistory::Count(const PlayerId& a, const PlayerId& b) const {
  const auto found = counts_.find(PairKey(a, b));
  return found == counts_.end() ? 0 : found->second;
}

int MeetingHistory::Repeats(const std::vector<PlayerId>& players) const {
  int repeats = 0;
  for (size_t i = 0; i < players.size(); ++i) {
    for (size_t j = i + 1; j < players.size(); ++j) repeats += Count(players[i], players[j]);
  }
  return repeats;
}

std::vector<int> BalancedTableSizes(int players, int table_size) {
  if (players < kMinTableSize) return {};
  table_size = std::clamp(table_size, kMinTableSize, kMaxTableSize);
  int tables = (players + table_size - 1) / table_size;
  while (tables > 1 && players / tables < kMinTableSize) --tables;
  std::vector<int> sizes(tables, players / tables);
  for (int i = 0; i < players % tables; ++i) ++sizes[i];
  return sizes;
}

Seating SeatBySnake(const std::vector<PlayerId>& by_seed, int table_size) {
  const std::vector<int> sizes = BalancedTableSizes(static_cast<int>(by_seed.size()), table_size);
  Seating tables(sizes.size());
  if (sizes.empty()) return tables;
  const int count = static_cast<int>(sizes.size());
  int table = 0;
  int direction = 1;
  for (const PlayerId& player : by_seed) {
    // Skip tables that are full, walking the snake (each table has room while players remain).
    while (static_cast<int>(tables[table].size()) >= sizes[table]) {
      table += direction;
      if (table == count || table < 0) {
        direction = -direction;
        table += direction;
      }
    }
    tables[table].push_back(player);
    table += direction;
    if (table == count || table < 0) {
      direction = -direction;
      table += direction;
    }
  }
  return tables;
}

Seating SeatBySwiss(const std::vector<PlayerId>& by_standing, int table_size, const MeetingHistory& history) {
  const std::vector<int> sizes = BalancedTableSizes(static_cast<int>(by_standing.size()), table_size);
  Seating tables;
  std::vector<PlayerId> left = by_standing;  // still unseated, in standings order
  for (int size : sizes) {
    std::vector<PlayerId> table{left.front()};
    left.erase(left.begin());
    while (static_cast<int>(table.size()) < size) {
      size_t best = 0;
      int best_repeats = std::numeric_limits<int>::max();
      for (size_t i = 0; i < left.size(); ++i) {
        const int repeats = RepeatsWith(history, left[i], table);
        if (repeats < best_repeats) {
          best = i;
          best_repeats = repeats;
        }
      }
      table.push_back(left[best]);
      left.erase(left.begin() + static_cast<std::ptrdiff_t>(best));
    }
    tables.push_back(std::move(table));
  }

  // Improve: make the swap of two players of different tables that lowers the total repeats the
  // most (on equal gains, the swap of the two players closest in the standings), until no swap
  // helps. Each swap lowers a non-negative total, so this ends.
  std::map<PlayerId, int> standing;
  for (size_t i = 0; i < by_standing.size(); ++i) standing[by_standing[i]] = static_cast<int>(i);
  while (true) {
    int best_gain = 0;
    int best_distance = 0;
    size_t best_a = 0, best_i = 0, best_b = 0, best_j = 0;
    for (size_t a = 0; a < tables.size(); ++a) {
      for (size_t b = a + 1; b < tables.size(); ++b) {
        const int before = history.Repeats(tables[a]) + history.Repeats(tables[b]);
        for (size_t i = 0; i < tables[a].size(); ++i) {
          for (size_t j = 0; j < tables[b].size(); ++j) {
            std::swap(tables[a][i], tables[b][j]);
            const int gain = before - history.Repeats(tables[a]) - history.Repeats(tables[b]);
            std::swap(tables[a][i], tables[b][j]);
            const int distance = std::abs(standing.at(tables[a][i]) - standing.at(tables[b][j]));
            if (gain > best_gain || (gain == best_gain && gain > 0 && distance < best_distance)) {
              best_gain = gain;
              best_distance = distance;
              best_a = a, best_i = i, best_b = b, best_j = j;
            }
          }
        }
      }
    }
    if (best_gain <= 0) break;
    std::swap(tables[best_a][best_i], tables[best_b][best_j]);
  }
  SortTablesBy(tables, by_standing);
  return tables;
}

std::vector<PlayerId> SeatFinal(const std::vector<PlayerId>& group_winners, const std::vector<PlayerId>& others,
                                int table_size) {
  const size_t seats = static_cast<size_t>(std::clamp(table_size, kMinTableSize, kMaxTableSize));
  std::vector<PlayerId> final_table;
  for (const PlayerId& winner : group_winners) {
    if (final_table.size() == seats) break;
    final_table.push_back(winner);
  }
  for (const PlayerId& other : others) {
    if (final_table.size() == seats) break;
    final_table.push_back(other);
  }
  return final_table;
}

}  // namespace mailrun::lobby
