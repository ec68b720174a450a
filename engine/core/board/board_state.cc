#include "engine/core/board/board_state.h"

#include <atomic>

namespace mailrun::engine {

void TileMap::Restamp() {
  // One counter for the process: games on different threads never hand out the same stamp.
  static std::atomic<uint64_t> last{0};
  stamp_ = last.fetch_add(1, std::memory_order_relaxed) + 1;
}

}  // namespace mailrun::engine
