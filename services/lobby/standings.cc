#include "services/lobby/standings.h"

#include <algorithm>
#include <cmath>

namespace mailrun::lobby {
namespace {

constexpr double kEpsilon = 1e-9;

bool Near(double a, double b) { return std::fabs(a - b) < kEpsilon; }

// Points of place `place` (1-based) at a table of `players`.
double PointsOfPlace(int place, int players) {
  if (players < 2) return kWinnerPoints;
  return kWinnerPoints * static_cast<double>(players - place) / static_cast<double>(players - 1);
}

// Finalists (by final place) come before everyone else.
int FinalKey(const StandingLine& line) { return line.final_place > 0 ? line.final_place : 1 << 30; }
int SeedKey(const StandingLine& line) { return line.seed > 0 ? line.seed : 1 << 30; }

bool SameStanding(const StandingLine& a, const StandingLine& b) {
  return FinalKey(a) == FinalKey(b) && Near(a.placement_points, b.placement_points) &&
         Near(a.wealth_share, b.wealth_share);
}

}  // namespace

std::vector<double> PlacementPoints(const std::vector<int>& ranks) {
  const int n = static_cast<int>(ranks.size());
  std::vector<double> points(n, 0.0);
  for (int i = 0; i < n; ++i) {
    int better = 0;
    int tied = 0;
    for (int j = 0; j < n; ++j) {
      if (ranks[j] < ranks[i]) ++better;
      if (ranks[j] == ranks[i]) ++tied;
    }
    double sum = 0.0;
    for (int place = better + 1; place <= better + tied; ++place) sum += PointsOfPlace(place, n);
    points[i] = sum / tied;
  }
  return points;
}

std::vector<double> WealthShares(const std::vector<int64_t>& final_wealth) {
  int64_t total = 0;
  for (int64_t wealth : final_wealth) total += wealth;
  std::vector<double> shares(final_wealth.size(), 0.0);
  if (total <= 0) return shares;
  for (size_t i = 0; i < final_wealth.size(); ++i) {
    shares[i] = static_cast<double>(final_wealth[i]) / static_cast<double>(total);
  }
  return shares;
}

void RankStandings(std::vector<StandingLine>& lines) {
  std::sort(lines.begin(), lines.end(), [](const StandingLine& a, const StandingLine& b) {
    if (FinalKey(a) != FinalKey(b)) return FinalKey(a) < FinalKey(b);
    if (!Near(a.placement_points, b.placement_points)) return a.placement_points > b.placement_points;
    if (!Near(a.wealth_share, b.wealth_share)) return a.wealth_share > b.wealth_share;
    if (SeedKey(a) != SeedKey(b)) return SeedKey(a) < SeedKey(b);
    return a.user_id < b.user_id;
  });
  for (size_t i = 0; i < lines.size(); ++i) {
    lines[i].position = (i > 0 && SameStanding(lines[i], lines[i - 1])) ? lines[i - 1].position
                                                                        : static_cast<int>(i) + 1;
  }
}

}  // namespace mailrun::lobby
