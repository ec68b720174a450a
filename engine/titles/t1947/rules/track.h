// Laying track in a railway's operating round turn (6.4-6.6, 6.11.3, 6.13.3): which tiles may go
// where, at what cost, and the legal lays listed for the legal-action listing and the bot.
//  - 6.4: two yellow tiles, or one yellow tile and one upgrade, per tile action; a worker buys a
//    second action (6.11.3) in which a tile of the first may be upgraded. New track extends the
//    railway's own track from one of its stations (its home hex before it has a tile).
//  - 6.4.1: no track into the map's border (except a trading post, dead end or expatriation site
//    edge) nor against the blank side of Cooch Behar; city tiles on cities, town tiles on towns.
//  - 6.4.2: terrain costs for the first tile of a hex, the green-background cost for upgrading a
//    preprinted yellow city; paid from the treasury, no credit (6.3).
//  - 6.4.3: upgrades by Appendix 4 (tiles.json/manifest.json), colours by phase, the old track
//    kept, a route from a station onto new track (city tiles excepted).
//  - 6.4.4/6.13.3: a lay in the zone of the season reduces the OR's revenue (reported).
//  - 6.4.5, 6.5: named tiles only on their cities and only they there; preprinted cities from
//    phase 2; Cooch Behar never (6.6).
//  - 6.4.6: K on towns on the map edge, X and Delta elsewhere; from the first T5 ordinary track on
//    towns and town tiles upgraded to green cities.
// Pure functions over a Board1947; refusals are typed Errors naming the rule.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/board_state.h"

namespace mailrun::engine::t1947 {

// The moment of the lay: who lays, in which phase and season, with what money.
struct LayContext {
  int railway = 0;
  int phase = 1;                  // 4.0
  int treasury = 0;
  Zone season_zone = Zone::kAny;  // the zone the season reduces lays in (6.13.3): dry season kDry, monsoon kMonsoon
                                  // (kAny when none, or when the railway holds the P1/P2 of that season, 3.1)
  std::vector<std::string> free_terrain;  // terrains laid on without cost: "desert" with the P3, "swamp" with the P5 (3.1)
};

// What the railway has laid this turn (6.4, 6.11.3).
struct TrackTurn {
  int action = 0;                 // 0: the turn's tile action; 1: the second, paid by a worker (6.11.3)
  int yellow = 0;                 // lays of the current action
  int upgrades = 0;
  std::vector<HexCoord> laid_this_action;
  bool season_reduction = false;  // some lay was in the season's zone (6.13.3)
  std::vector<int> sites_before_worker_action;  // expatriation sites connected when the second began
};

struct TileLay {
  HexCoord hex;
  std::string tile;
  int rotation = 0;  // as on the board: tile edge e faces board edge (e + rotation) % 6
  friend bool operator==(const TileLay&, const TileLay&) = default;
};

struct LayOutcome {
  int cost = 0;                   // 6.4.2
  bool upgrade = false;
  bool season_reduction = false;  // 6.13.3
};

// Whether `lay` is legal now, and what it costs.
Result<LayOutcome> CheckLay(const T1947Data& data, const Board1947& board, const LayContext& context,
                            const TrackTurn& turn, const TileLay& lay);
// Checks and makes the lay: the tile from the supply onto the hex, the old one back (6.4.3),
// stations kept on their city; `turn` counts it. Returns the cost for the treasury to pay.
Result<LayOutcome> Lay(const T1947Data& data, Board1947* board, const LayContext& context, TrackTurn* turn,
                       const TileLay& lay);
// Every legal lay now (for the legal-action listing and the bot), by hex, tile, rotation.
std::vector<TileLay> LegalLays(const T1947Data& data, const Board1947& board, const LayContext& context,
                               const TrackTurn& turn);
// The same lays, each with what CheckLay found (its cost, 6.4.2), so the listing need not ask again.
struct PricedLay {
  TileLay lay;
  LayOutcome outcome;
};
std::vector<PricedLay> LegalLaysPriced(const T1947Data& data, const Board1947& board, const LayContext& context,
                                       const TrackTurn& turn);

// 6.8: whether the railway's home is joined to its temple's hex by a route not blocked by
// other railways' stations.
bool TempleConnected(const T1947Data& data, const Board1947& board, int railway);
// 6.9, 6.10: the expatriation sites (by index) and trading posts (hex, core edge) the railway's
// track runs to from its stations.
std::vector<int> SitesConnected(const T1947Data& data, const Board1947& board, int railway);
std::vector<std::pair<HexCoord, int>> TradingPostsConnected(const T1947Data& data, const Board1947& board, int railway);

}  // namespace mailrun::engine::t1947
