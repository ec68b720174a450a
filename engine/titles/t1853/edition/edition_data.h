// EditionData: everything printed on the board, the tiles, the certificates, the train cards and
// the rule tables of one edition of 1853, as plain values. It is loaded from the JSON files of
// engine/titles/t1853/data/<edition>/ (embedded in the library at build time), validated on load,
// and then never changes: game state refers to it by index. The board and the tile designs are
// the core's BoardData (engine/core/board/board_data.h); the rest is 1853's own. See
// docs/board-data.md for the format and for every reconstruction decision behind the numbers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/market/stock_market.h"
#include "engine/core/result.h"
#include "engine/core/trains/phases.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine::t1853 {

struct CityDef {
  std::string name;
  HexCoord hex;
  int bid_value = 20;                 // 2.5.2.9
  bool large = false;                 // Bombay, Calcutta, Delhi, Madras (2009: and Waltair)
  bool ganges_valley = false;         // 2.5.2.7: Cawnpore, Lucknow, Allahabad, Benares, Patna
  bool counts_as_ganges_in_long_bids = false;  // 2.5.2.7: Calcutta, for bids of more than 3 cities
  std::vector<int> share_companies;   // company numbers (1..8) whose share this city offers
};

// A rectangle of rows and columns (inclusive); nullopt bounds are unbounded (TABLE 2).
struct Area {
  std::optional<int> row_min, row_max, col_min, col_max;
  bool Contains(HexCoord hex) const;
};

struct HomeBase {
  HexCoord hex;
  int station = 0;  // which station of the hex's tile (large cities have several)
};

enum class CompanyKind { kMajor, kMinor, kMajorOrMinor /* BBCI, 2.6 */ };

struct CompanyDef {
  int number = 0;                 // 1..8, also the operating order (TABLE 1)
  std::string initials;           // "EIR"
  std::string name;               // "East Indian Railway"
  CompanyKind kind = CompanyKind::kMajor;
  std::vector<HomeBase> homes;    // TABLE 1
  std::optional<HomeBase> major_home;  // BBCI's second home in north Bombay when it is a major (2.6.2)
  Area area;                      // TABLE 2
  int par = 0;                    // initial share price
  int tokens = 0;                 // TABLE 7
  std::string colour;             // TABLE 7, as a CSS colour for rendering
  int double_lay_fee = 0;         // 4.1.3 option 2: £50 for company 1, £20 for the other majors
};

// The core's TrainType: name ("2", "3", "4", "5", "6", "1M", "2M", "3M", "4M"), price, count (in
// the mix without minors formed in the first dealing round) and rusts_in_phase (the phase whose
// start makes it obsolete, 4.8.4; "obsolete_in_phase" in trains.json).
struct TrainDef : TrainType {
  Gauge gauge = Gauge::kBroad;    // kBroad or kMetre
  int large_stations = 0;         // the train number: most large stations a run may include
  int count_if_minor_formed = 0;  // 2.8.4: one extra 2, 2M and 3M
  int phase_introduced = 0;       // the phase from which it is on sale
  bool starts_phase = false;      // the first one bought starts phase_introduced (broad trains)
  std::string other_face_of;      // added: "2" for the '1M', which is the '2' card bought as 1M (2.8.4)
};

// The core's Phase: number, introduced_by (a train name, empty for the first phase), train_limit.
struct PhaseDef : Phase {
  std::vector<TileColour> tile_colours;
  int railway_rounds = 0;         // railway rounds between dealing rounds
};

struct PlayerCountRules {        // TABLE 3 for one player count
  int players = 0;
  int starting_capital = 0;
  int share_limit = 0;            // shares in any one company
  int certificate_limit = 0;
  int qualifying_shares = 0;
  int min_bid_cities = 0;         // 2.5.2.6
  int max_bid_cities = 0;
};

struct TerrainCost {
  int broad = 0;
  int metre = 0;
};

struct EditionData : BoardData {
  mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED;
  bool board_reconstructed = false;    // board.json "reconstructed": not read off a printed board
  // BoardData: hexes (every cell of the board, playable or not) and tiles (every tile design,
  // including the preprinted ones).
  std::vector<CityDef> cities;         // the named cities
  std::vector<TileSupply> manifest;    // Appendix 3 counts (with 8 #58 tiles)
  std::vector<TileSupply> manifest_mik1;    // extra tiles of the MIK1 kit
  std::vector<TileSupply> manifest_mik1_1;  // extra tiles of the MIK1.1 kit
  int tile_58_count_unrestricted = 12;      // 2.4.4
  std::map<std::string, std::vector<std::string>> promotions;             // TABLE 8: from -> to
  std::map<std::string, std::vector<std::string>> promotions_unrestricted_58;  // 2.4.4 additions
  std::vector<CompanyDef> companies;   // in number order
  StockMarket market;                  // the share-price track: one row, lowest first (market.json)
  std::vector<TrainDef> trains;
  std::vector<PhaseDef> phases;
  std::vector<PlayerCountRules> player_counts;  // 3..6
  PlayerCountRules simplified_game;             // 2.4.1 overrides (qualifying 4, share limit 5)
  int simplified_starting_capital = 440;        // 2.4.1
  // 2.4.1: the money in a simplified game: by bank size without the players' £100 notes, and the
  // £100 notes each player receives (the only ones kept).
  std::map<mailrun::v1::BankSize, int> simplified_bank_sizes;
  int simplified_bank_per_player = 300;
  std::map<Terrain, TerrainCost> terrain_costs; // TABLE 4
  std::map<mailrun::v1::BankSize, int> bank_sizes;
  int minimum_bond = 60;                        // 2.5.2.2
  std::map<int, int> minimum_bond_by_players;   // 2009 2.5.2: per player count (empty: minimum_bond)
  int first_phase_number = 1;                   // how players number the first phase (2009: 2, 4.10.2)
  int bbci_major_ajmer_cost = 70;               // 4.1.14
  int calcutta_first_promotion_cost = 60;       // 4.2.13
  // rule_numbers.json: Retuned's rule number (as the engine cites it) -> this edition's citation of
  // the same rule ("4.1.5" -> "4.1.4"); empty for Retuned, whose numbers the engine cites.
  std::map<std::string, std::string, std::less<>> rule_numbers;

  // Lookups; nullptr / nullopt when absent (BoardData has Hex() and Tile()).
  const CompanyDef* Company(std::string_view initials) const;
  std::optional<int> CityIndex(std::string_view name) const;

  // Added by the board data:
  const CompanyDef* CompanyByNumber(int number) const;  // 1..8
  // TABLE 4 cost of laying a tile of `gauge` on the hex: the sum over its terrain features (0 for
  // none). Dual gauge never comes from a lay (4.2.8) and costs as broad. The special cases of
  // 4.1.14 (Ajmer) and 4.2.13 (Calcutta) are the rules engine's, from the fields above.
  int ConstructionCost(const HexDef& hex, Gauge gauge) const;
  // How this edition's text cites the rule the engine cites as `retuned` (rule_numbers; the number
  // itself where the edition lists none, as for Retuned).
  std::string_view CitedRule(std::string_view retuned) const;
  // The minimum bond of 2.5.2 for a game of `players`.
  int MinimumBond(int players) const;
  // The share-price track's values, lowest first; a company's price_index is its column.
  const std::vector<int>& SharePrices() const { return market.rows.front(); }
  // A phase (1, 2, ... inside the engine) as the edition's players number it (2009: 2-5, 4.10.2).
  int PhaseShown(int phase) const { return phase + first_phase_number - 1; }
};

// The validated data of an edition, loaded once from the embedded files and shared (thread-safe
// after the first call). Returns an Error of kind kBadData naming file, entry and problem.
Result<const EditionData*> LoadEdition(mailrun::v1::Edition edition);

// Parses and validates data from explicit files (name -> JSON text), e.g. for tests of bad data.
Result<EditionData> ParseEditionData(mailrun::v1::Edition edition,
                                     const std::map<std::string, std::string>& files);

}  // namespace mailrun::engine::t1853
