#include "engine/titles/t1853/track_cache.h"

#include <algorithm>

#include "engine/titles/t1853/route_graph_builder.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {
namespace {

// A few companies are asked about in turn (the operating one, a base's outside-area check);
// beyond this many the oldest are dropped.
constexpr size_t kKept = 8;

bool SameBases(const BasesByCompany& kept, const GameState& state) {
  if (kept.size() != state.companies.size()) return false;
  for (size_t c = 0; c < kept.size(); ++c) {
    if (!(kept[c] == state.companies[c].bases)) return false;
  }
  return true;
}

// Asked at every question: the numbers first, then the few characters of the ids in place (a
// call of memcmp per tile cost more than the comparison).
bool SameTile(const PlacedTile& a, const PlacedTile& b) {
  if (a.rotation != b.rotation || a.tile.size() != b.tile.size()) return false;
  for (size_t i = 0; i < a.tile.size(); ++i) {
    if (a.tile[i] != b.tile[i]) return false;
  }
  return true;
}

bool SameTiles(const std::vector<std::pair<HexCoord, PlacedTile>>& kept, const TileMap& tiles) {
  return kept.size() == tiles.size() && std::equal(kept.begin(), kept.end(), tiles.begin(), [](const auto& a, const auto& b) {
           return a.first == b.first && SameTile(a.second, b.second);
         });
}

}  // namespace

std::shared_ptr<const TrackNetwork> TrackCache::Network(const EditionData& data, const BoardState& board) {
  // The same stamp: the same tiles (TileMap). Another stamp may still be the same tiles (a copy
  // changed back, or a board restored from a snapshot): they are compared.
  if (network_ && board.tiles.Stamp() == stamp_) return network_;
  if (!network_ || !SameTiles(tiles_, board.tiles)) {
    network_ = std::make_shared<const TrackNetwork>(data, board);
    tiles_.assign(board.tiles.begin(), board.tiles.end());
    kept_.clear();
  }
  stamp_ = board.tiles.Stamp();
  return network_;
}

TrackCache::Kept& TrackCache::For(const EditionData& data, const GameState& state, int company) {
  Network(data, state.board);
  for (Kept& kept : kept_) {
    if (kept.company == company && SameBases(kept.bases, state)) return kept;
  }
  if (kept_.size() >= kKept) kept_.erase(kept_.begin());
  Kept& kept = kept_.emplace_back();
  kept.company = company;
  kept.bases = TrackPositionOf(state).bases;
  return kept;
}

std::shared_ptr<const CompanyReach> TrackCache::Reach(const EditionData& data, const GameState& state, int company,
                                                      std::shared_ptr<const TrackNetwork>* network) {
  Kept& kept = For(data, state, company);
  if (!kept.reach) kept.reach = std::make_shared<const CompanyReach>(network_->Reach(TrackPositionOf(state), company));
  if (network) *network = network_;
  return kept.reach;
}

std::shared_ptr<const routes::RouteGraph> TrackCache::RouteGraph(const EditionData& data, const GameState& state,
                                                                 int company) {
  Kept& kept = For(data, state, company);
  if (!kept.graph) kept.graph = std::make_shared<const routes::RouteGraph>(BuildRouteGraph(data, state, company));
  return kept.graph;
}

std::shared_ptr<const CheckedRuns> TrackCache::RunCheck(const EditionData& data, const GameState& state, int company,
                                                        const mailrun::v1::RunTrains& runs) {
  const Kept& kept = For(data, state, company);
  if (!kept.run_check || kept.trains != state.companies[company].trains ||
      kept.must_run_over != state.railway.must_run_hexes || kept.runs_sent != runs.SerializeAsString()) {
    return nullptr;
  }
  return kept.run_check;
}

void TrackCache::KeepRunCheck(const EditionData& data, const GameState& state, int company,
                              const mailrun::v1::RunTrains& runs, std::shared_ptr<const CheckedRuns> checked) {
  Kept& kept = For(data, state, company);
  kept.runs_sent = runs.SerializeAsString();
  kept.trains = state.companies[company].trains;
  kept.must_run_over = state.railway.must_run_hexes;
  kept.run_check = std::move(checked);
}

}  // namespace mailrun::engine::t1853
