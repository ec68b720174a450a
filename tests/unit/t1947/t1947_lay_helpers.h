// Laying 1947 track in tests as the rules do (rules/track.h's Lay, rules/stations.h's home
// stations): a railway by initials, a lay context, a tile turned to show the exits named
// ("N", "NE", "SE", "S", "SW", "NW"), a lay that must succeed, and a board with home stations.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/stations.h"
#include "engine/titles/t1947/rules/track.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {

inline int R(const std::string& initials) { return Data().RailwayIndex(initials); }

inline LayContext Context(const std::string& railway, int phase = 1, int treasury = 1000, Zone season = Zone::kAny) {
  return LayContext{R(railway), phase, treasury, season, {}};
}

inline TileLay At(std::string_view hex, const std::string& tile, std::initializer_list<std::string_view> exits) {
  return TileLay{Hex(hex), tile, Rotation(tile, exits)};
}

inline LayOutcome MustLay(Board1947* board, const LayContext& context, TrackTurn* turn, const TileLay& lay) {
  auto r = Lay(Data(), board, context, turn, lay);
  EXPECT_TRUE(r.ok()) << HexName1947(lay.hex) << " " << lay.tile << ": " << r.error().ToString();
  return r.ok() ? *r : LayOutcome{};
}

inline Board1947 WithHome(std::initializer_list<std::string> railways) {
  Board1947 board = Board1947::Start(Data());
  for (const std::string& r : railways) EXPECT_TRUE(PlaceHomeStation(Data(), &board, R(r)).ok());
  return board;
}

}  // namespace mailrun::engine::t1947
