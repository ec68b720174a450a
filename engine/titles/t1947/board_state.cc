// The 1947 board's state (see board_state.h).
#include "engine/titles/t1947/board_state.h"

namespace mailrun::engine::t1947 {

Board1947 Board1947::Start(const T1947Data& data) {
  Board1947 b;
  b.board = data.board.InitialState();
  b.stations.resize(data.railways.size());
  b.temple_connected.assign(data.railways.size(), false);
  for (const ExpatriationSiteDef& site : data.sites) b.site_workers.push_back(site.workers);
  b.sites_reached.assign(data.railways.size(), std::vector<bool>(data.sites.size(), false));
  return b;
}

std::vector<int> Board1947::StationsAt(HexCoord hex) const {
  std::vector<int> railways;
  for (size_t r = 0; r < stations.size(); ++r) {
    for (const Base& s : stations[r]) {
      if (s.hex == hex) railways.push_back(static_cast<int>(r));
    }
  }
  return railways;
}

}  // namespace mailrun::engine::t1947
