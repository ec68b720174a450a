// TrackCache: the track network (engine/core/track) of the last board a game asked about, and the
// companies' reach and route graphs (engine/core/routes) on it, kept from one action to the next.
// Most actions change neither the tiles nor the bases, and building these is the dearest part of
// applying an action. Entries are keyed by content (the tiles laid; every company's bases), never by a
// counter, so no rule has to remember to invalidate anything, and the answers are exactly those
// of a network built afresh. Each Game owns one (copies get their own copy); not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <vector>

#include "engine/core/routes/route_graph.h"
#include "engine/core/track/track_network.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"

namespace mailrun::engine::t1853 {

class TrackCache {
 public:
  // The network of `board`'s tiles (the one kept if the tiles are the same).
  std::shared_ptr<const TrackNetwork> Network(const EditionData& data, const BoardState& board);
  // What `company` reaches from all its bases (TrackNetwork::Reach) in `state`.
  std::shared_ptr<const CompanyReach> Reach(const EditionData& data, const GameState& state, int company);
  // The graph `company`'s trains run on in `state` (BuildRouteGraph).
  std::shared_ptr<const routes::RouteGraph> RouteGraph(const EditionData& data, const GameState& state, int company);

 private:
  // What is kept for one company and one placing of every company's bases, each made when asked.
  struct Kept {
    int company = -1;
    BasesByCompany bases;
    std::shared_ptr<const CompanyReach> reach;
    std::shared_ptr<const routes::RouteGraph> graph;
  };
  Kept& For(const EditionData& data, const GameState& state, int company);

  // What network_ was built from: the board's tiles in order, in one array (compared with the
  // board's at every question; a copy of the map would cost an allocation per tile).
  std::vector<std::pair<HexCoord, PlacedTile>> tiles_;
  std::shared_ptr<const TrackNetwork> network_;
  std::vector<Kept> kept_;  // on the tiles_
};

}  // namespace mailrun::engine::t1853
