// Boards of the 1947 tests built as the rules build them: section 8's first operating round, then
// Poona and Bombay upgraded and East Africa reached (t1947_route_graph_test.cc computes their runs,
// t1947_operating_run_test.cc plays runs on them).
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "engine/titles/t1947/board_state.h"
#include "engine/titles/t1947/rules/stations.h"
#include "tests/unit/t1947/t1947_lay_helpers.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {

// 8.0's first operating round: BNR #57 Akola and #9, ABR #6M Sylhet and #8, PRC #6 Pondicherry and
// #8, BB&CI #6M Bombay, #57 Poona and a station there.
inline Board1947 AfterSection8FirstOr() {
  Board1947 board = WithHome({"BNR", "ABR", "PRC", "BB&CI"});
  auto lay = [&](const std::string& railway, std::initializer_list<TileLay> lays) {
    TrackTurn turn;
    for (const TileLay& l : lays) MustLay(&board, Context(railway), &turn, l);
  };
  lay("BNR", {At("G20", "57", {"NE", "SW"}), At("F21", "9", {"NE", "SW"})});
  lay("ABR", {At("S14", "6M", {"SW", "N"}), At("R15", "8", {"NE", "S"})});
  lay("PRC", {At("I32", "6", {"NW", "S"}), At("H31", "8", {"SE", "N"})});
  lay("BB&CI", {At("D21", "6M", {"SE", "N"}), At("E22", "57", {"NW", "SE"})});
  StationTurn stations;
  EXPECT_TRUE(PlaceStation(Data(), &board, R("BB&CI"), 1000, &stations, Hex("E22")).ok());
  return board;
}

// Phase 2: the BB&CI upgrades Poona to a #1 (NW, N, NE, SE: its line and the BNR's #9 meet there)
// and, an operating round later, Bombay to its green tile (all six exits: the trading post on SW).
inline Board1947 WithGreenBombayAndPoona() {
  Board1947 board = AfterSection8FirstOr();
  TrackTurn poona, bombay;  // one upgrade per tile action (6.4): two operating rounds
  MustLay(&board, Context("BB&CI", 2), &poona, At("E22", "1", {"NW", "NE", "SE"}));
  MustLay(&board, Context("BB&CI", 2), &bombay, TileLay{Hex("D21"), "Bombay green", 0});
  return board;
}

// ... and East Africa (D23's SW edge) reached with a #8 from Bombay's S exit.
inline Board1947 WithEastAfrica() {
  Board1947 board = WithGreenBombayAndPoona();
  TrackTurn turn;
  MustLay(&board, Context("BB&CI", 2), &turn, At("D23", "8", {"N", "SW"}));
  return board;
}

}  // namespace mailrun::engine::t1947
