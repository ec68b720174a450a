#include "services/lobby/elo.h"

#include <cmath>

namespace mailrun::lobby {

double EloExpected(double mine, double theirs) { return 1.0 / (1.0 + std::pow(10.0, (theirs - mine) / 400.0)); }

std::vector<double> EloChanges(const std::vector<EloEntry>& players, double k) {
  const size_t n = players.size();
  std::vector<double> changes(n, 0.0);
  if (n < 2) return changes;
  for (size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    for (size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      const double score = players[i].rank < players[j].rank ? 1.0 : players[i].rank == players[j].rank ? 0.5 : 0.0;
      sum += score - EloExpected(players[i].rating, players[j].rating);
    }
    changes[i] = k / static_cast<double>(n - 1) * sum;
  }
  return changes;
}

}  // namespace mailrun::lobby
