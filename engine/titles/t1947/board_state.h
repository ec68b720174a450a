// What a 1947 game has put on its board during the operating rounds: the core's BoardState (tiles
// laid, tiles left) and 1947's own: every railway's stations (6.7), which temples are connected
// (6.8), the workers still waiting on each expatriation site and which sites each railway has
// reached (6.10). The track and station rules (rules/track.h, rules/stations.h) read and change
// it; the operating round holds one. A plain value.
#pragma once

#include <vector>

#include "engine/core/board/board_state.h"
#include "engine/core/track/track_network.h"
#include "engine/titles/t1947/edition/edition_data.h"

namespace mailrun::engine::t1947 {

struct Board1947 {
  BoardState board;
  BasesByCompany stations;                      // by railway: its stations, home first (6.7)
  std::vector<bool> temple_connected;           // by railway (6.8.2)
  std::vector<int> site_workers;                // by expatriation site: workers not yet taken (6.10)
  std::vector<std::vector<bool>> sites_reached; // [railway][site] (6.10)
  // 3.1 P6: one entry per station placed or moved by the P6 into a city with no space for it; such
  // a station is "an additional Station to those allowed", taking a space when an upgrade adds one.
  std::vector<HexCoord> p6_stations;

  // The board at the start: every tile in the supply, no stations, temples not reached, each
  // site's workers on it.
  static Board1947 Start(const T1947Data& data);
  TrackPosition Position() const { return TrackPosition{board, stations}; }
  // The railways with a station in the city on `hex`.
  std::vector<int> StationsAt(HexCoord hex) const;
};

}  // namespace mailrun::engine::t1947
