// What 1947 adds to its board data (see edition/board_data.h).
#include "engine/titles/t1947/edition/board_data.h"

namespace mailrun::engine::t1947 {

const TileRules* T1947Board::Rules(std::string_view tile_id) const {
  const auto it = rules.find(tile_id);
  return it == rules.end() ? nullptr : &it->second;
}

BoardState T1947Board::InitialState() const {
  BoardState state;
  for (const auto& [id, r] : rules) {
    if (r.count > 0) state.supply[id] = r.count;
  }
  return state;
}

}  // namespace mailrun::engine::t1947
