// Stations, temples and expatriation sites on the 1947 board (6.7, 6.8, 6.10, 6.11.2, 6.11.3):
// the home station, placing a station (where, at what cost, how many per operating round), the
// legal placements listed for the legal-action listing and the bot, a temple's connection and an
// expatriation site's workers. Pure functions over a Board1947; refusals are typed Errors naming
// the rule. Money, workers and stockbrokers are the operating round's (game.h): these
// functions say what is due, the caller pays and hands out.
#pragma once

#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/board_state.h"
#include "engine/titles/t1947/rules/track.h"

namespace mailrun::engine::t1947 {

// What the railway has placed this operating round (6.7.2, 6.11.2).
struct StationTurn {
  int placed = 0;       // stations placed this OR, the home station not counted
  bool worker = false;  // a worker allows a second (6.11.2)
};

struct StationOutcome {
  int cost = 0;               // from the charter, left to right (6.7)
  // 6.7: the railway's fourth station (home included) earns it a stockbroker: the charter's last
  // (6.12.1), but the SIR's fourth of five (Appendix 1; docs/rulings.md, 1947).
  bool stockbroker = false;
  bool beyond_spaces = false; // 3.1 P6: placed in a city with no space for it (Board1947::p6_stations)
};

// Where a station may go (3.1 P6): on a free space not kept for a home (6.7.1, 6.7.2); moved by
// the P6 also into a city full of other railways' stations; placed by the P6's third benefit only
// into a city full or whose free spaces are kept for homes.
enum class StationRoom { kFreeSpace, kEvenIfFull, kFullOrReserved };

// 6.7: the railway's first action of its first OR: its station on its home city, free.
Status PlaceHomeStation(const T1947Data& data, Board1947* board, int railway);

Result<StationOutcome> CheckStation(const T1947Data& data, const Board1947& board, int railway, int treasury,
                                    const StationTurn& turn, HexCoord hex, StationRoom room = StationRoom::kFreeSpace);
// Places it (a station beyond the spaces is noted in the board's p6_stations).
Result<StationOutcome> PlaceStation(const T1947Data& data, Board1947* board, int railway, int treasury,
                                    StationTurn* turn, HexCoord hex, StationRoom room = StationRoom::kFreeSpace);
// Every city the railway may place a station on now.
std::vector<HexCoord> LegalStations(const T1947Data& data, const Board1947& board, int railway, int treasury,
                                    const StationTurn& turn, StationRoom room = StationRoom::kFreeSpace);

// 6.8.2: marks the temple connected when it is; true when it became so now (the Rs.100 bonus
// and the free expatriation bonus are due).
bool ConnectTemple(const T1947Data& data, Board1947* board, int railway);

// 6.11.3: a worker's second tile action. Remembers the sites already connected, since a site
// first connected by it that still has workers is not reached this OR.
Status BeginWorkerTileAction(const T1947Data& data, const Board1947& board, int railway, TrackTurn* turn);
bool SiteReachableThisOr(const T1947Data& data, const Board1947& board, const TrackTurn& turn, int site);

// 6.10: the railway reaches expatriation site `site` (index into T1947Data::sites): it may not
// reach it twice; the first railway there takes its workers. Returns the workers taken.
Result<int> ReachSite(const T1947Data& data, Board1947* board, int railway, int site);

}  // namespace mailrun::engine::t1947
