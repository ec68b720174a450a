// What 1947 adds to its board data (see t1947_board_data.h).
#include "engine/titles/t1947/t1947_board_data.h"

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
