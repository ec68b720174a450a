// Synthetic route boards for the route optimiser's tests and benchmark: a hex grid in the board's
// own coordinates, built with pseudo-tiles the way laid tiles would fill a RouteGraph (see
// engine/core/routes/route_graph.h): track crosses a hex side when both hexes are built and a coin
// says so; each built hex then routes its track sides through a tile of one kind: plain track
// (sides paired into paths, crossings stay separate), a town tile (one or two towns), a city (a
// large station), a big city (two or three stations of one city: terminal for Calcutta/Delhi, run
// through for Bombay/Madras), a green converging junction (three lines in one exclusivity group)
// or a brown/grey hub. Brown and grey tiles are dual gauge; other paths get a random gauge. Some
// large stations hold the company's bases, some are blocked by other companies' tokens.
// Deterministic for a seed. Test and benchmark support only; not part of the engine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::bench {

struct BoardParams {
  int rows = 3;
  int cols = 3;              // hexes per row
  double built = 0.9;        // share of hexes with a tile
  double link = 0.7;         // chance that track crosses the side between two built hexes
  // Kinds of built hexes (the rest is plain track); counts win over shares when set (>= 0).
  double town_share = 0.25;
  double city_share = 0.2;
  double junction_share = 0.05;
  double hub_share = 0.05;
  int cities = -1;           // exact number of named cities (big cities included)
  int big_cities = 0;        // of which multi-station (half terminal, half run-through)
  int towns = -1;            // exact number of town hexes
  int hubs = -1;             // exact number of brown/grey hub tiles
  int junctions = -1;        // exact number of green converging junctions
  double two_towns = 0.2;    // share of town hexes with two towns
  double brown = 0.5;        // share of non-hub tiles that are brown/grey (dual gauge)
  double metre = 0.25;       // gauge of other paths: metre, dual, else broad
  double dual = 0.15;
  int bases = 2;             // the company's base stations
  int blocked = 1;           // large stations fully taken by other companies' tokens
  double parallel = 0.0;     // chance of a second, parallel path on a plain tile (tests)
};

struct Board {
  engine::routes::RouteGraph graph;
  std::vector<engine::HexCoord> built_hexes;
};

Board MakeBoard(const BoardParams& params, uint64_t seed);

// Small random boards for the exhaustive comparison: random parameters from the seed.
BoardParams RandomSmallParams(uint64_t seed);
std::vector<engine::routes::TrainSpec> RandomTrains(uint64_t seed);

// The late-game India-sized position of the benchmark: 170 hexes, most built, 24 cities of which
// 4 multi-station, many towns. hub_dense: brown/grey hubs on a third of the hexes (a stress case
// beyond the tile manifest's 8 hub tiles).
BoardParams LateGameParams(bool hub_dense);

// A train set by name: "6+6", "5+4M", "6+4M", ...
std::vector<engine::routes::TrainSpec> Trains(const std::string& names);

std::string HexLabel(engine::HexCoord hex);  // {8, 27} -> "Iaa"

}  // namespace mailrun::bench
