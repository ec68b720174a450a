#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

TrackPosition TrackPositionOf(const GameState& state) {
  TrackPosition position{state.board, {}};
  position.bases.reserve(kCompanies);
  for (const CompanyState& company : state.companies) position.bases.push_back(company.bases);
  return position;
}

}  // namespace mailrun::engine::t1853
