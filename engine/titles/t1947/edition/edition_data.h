// The components of 1947 as read from engine/titles/t1947/data/*.json: railway companies, private
// companies, phases, the stock market grid, the rule tables the stock round needs, and the map and
// tiles as the core's board data (edition/board_data.h), and the trains.
// ParseT1947Data validates everything it
// reads and refuses bad data with an Error (kind kBadData) that names the file, the entry and the
// problem. The data is immutable after parsing and may be shared between threads.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/market/stock_market.h"
#include "engine/core/result.h"
#include "engine/core/trains/phases.h"
#include "engine/titles/t1947/edition/board_data.h"

namespace mailrun::engine::t1947 {

struct RailwayDef {
  std::string initials;
  std::string name;
  std::string home;          // hex name, e.g. "D21"
  std::string temple;
  int president_percent = 20;  // 30 for the BNR
  int shares = 8;              // 10% certificates besides the president's
  int bonds = 10;
  bool incremental = false;    // the BNR (5.2.3); all others full capitalisation (5.2.2)
  int pool_draw_group = 0;     // 2.3 d (1), e (2); 0: not drawn
  std::vector<int> station_costs;  // the charter's stations, home first (6.7)
};

struct PrivateDef {
  int number = 0;
  std::string name;
  int revenue = 10;
  std::string duration;        // permanent, one_off, instant
  std::string power;           // the power's kind
};

// The core's TrainType (name, price, count, the phase that rusts it) and 1947's own (Appendix 3).
struct TrainDef : TrainType {
  int stops = 0;               // the most stops a run may make (6.14.1)
  bool unlimited = false;      // the T12: the bank never runs out (the card's "10 (infinite)")
};

// The core's Phase: number, introduced_by ("T2" .. "T12"), train_limit; and 1947's own.
struct PhaseDef : Phase {
  std::string par_band;        // yellow, green, brown, blue
  int private_sale_max_percent = 100;
  int ors = 1;
  std::vector<std::string> tiles;          // the colours that may be laid (6.4.3)
  std::vector<std::string> city_upgrades;  // the colours city and town tiles may be upgraded to (6.4.3)
  bool town_choice = false;                // from the first T5: ordinary track on towns, town upgrades (6.4.6)
  bool no_temple_for_new_companies = false;  // from the first T8: a railway beginning to operate has no temple (6.8.3)
};

// The market grid (the core's StockMarket, top row first) and what 1947 prints on it.
struct MarketDef : StockMarket {
  std::vector<int> red_line;                           // spaces left of the line, per row
  std::map<std::string, std::vector<MarketCell>> par;  // band -> coloured spaces
  int end_value = 500;
  bool RightOfLine(MarketCell c) const { return c.column >= red_line[c.row]; }
};

// One hex of the map (map.json; flat-topped, named column letter + row number).
struct HexDef1947 {
  std::string name;          // "D21"
  int column = 0;            // A = 0
  int row = 0;               // as written
  std::string city;          // name of the city, or ""
  std::string town;          // name of the town, or ""
  std::string label;         // a named city's label (6.4.5)
  std::string terrain;       // hill, mountain, river, swamp, desert or ""
  int cost = 0;
  bool monsoon = false;      // climate zone (6.13.2)
  std::string preprinted;    // tile id of a preprinted yellow city (6.5.1)
  int upgrade_cost = 0;
  std::vector<std::string> trading_posts;  // edges
  std::vector<std::string> dead_ends;
  bool grey = false;         // Cooch Behar (6.6)
  std::vector<std::string> grey_exits;
};

struct ExpatriationSiteDef {
  std::string name;
  std::string hex;
  std::string edge;
  int workers = 1;
};

struct PlayerCountDef {
  int starting_cash = 0;
  int certificate_limit = 0;
};

struct T1947Data {
  std::vector<RailwayDef> railways;
  std::vector<PrivateDef> privates;
  std::vector<PhaseDef> phases;
  std::vector<TrainDef> trains;   // T2-T12 in the order the bank sells them (6.15.1), each rusting in a phase (6.15.5)
  MarketDef market;
  std::map<int, PlayerCountDef> player_counts;  // 3..6
  int minimum_bid = 10;
  int bid_increment = 10;
  std::vector<HexDef1947> hexes;
  std::vector<ExpatriationSiteDef> sites;
  T1947Board board;            // map.json, tiles.json and manifest.json as the core's board data
  int map_hexes = 0;
  int expatriation_sites = 0;
  int tile_count = 0;
  bool map_reconstructed = true;
  std::string map_summary;     // what clients show: the map is a reconstruction

  const RailwayDef* Railway(const std::string& initials) const;
  // The map's entry for a hex in the core's coordinates (edition/board_grid.h); nullptr off the map.
  const HexDef1947* MapHex(HexCoord hex) const;
  int RailwayIndex(const std::string& initials) const;  // -1 when unknown
  int TrainIndex(const std::string& name) const;        // -1 when unknown
};

// The files by name ("companies.json", ...), as text.
Result<T1947Data> ParseT1947Data(const std::map<std::string, std::string>& files);

}  // namespace mailrun::engine::t1947
