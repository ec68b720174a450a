// TrackCache: the track network (engine/core/track) of the last board a game asked about, and the
// companies' reach and route graphs (engine/core/routes) on it, kept from one action to the next.
// Most actions change neither the tiles nor the bases, and building these is the dearest part of
// applying an action. Entries are keyed by content (the tiles laid; every company's bases), so no
// rule has to remember to invalidate anything, and the answers are exactly those of a network
// built afresh. The tiles' stamp (TileMap::Stamp, which only a change of the tiles renews) spares
// comparing them tile by tile when it is the stamp they were last seen with. Each Game owns one
// (copies get their own copy); not thread-safe.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"
#include "engine/core/track/track_network.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"
#include "mailrun/v1/actions.pb.h"

namespace mailrun::engine::t1853 {

// A check of the runs a company submitted (rules/running.cc): the graph it was made on, the
// company's trains as the validator sees them, and the accepted plan.
struct CheckedRuns {
  std::shared_ptr<const routes::RouteGraph> graph;
  std::vector<routes::TrainSpec> trains;
  routes::RunPlan plan;
};

class TrackCache {
 public:
  // The network of `board`'s tiles (the one kept if the tiles are the same).
  std::shared_ptr<const TrackNetwork> Network(const EditionData& data, const BoardState& board);
  // What `company` reaches from all its bases (TrackNetwork::Reach) in `state`; and, if `network` is
  // given, the network it is on (the tiles are compared once for both).
  std::shared_ptr<const CompanyReach> Reach(const EditionData& data, const GameState& state, int company,
                                            std::shared_ptr<const TrackNetwork>* network = nullptr);
  // The graph `company`'s trains run on in `state` (BuildRouteGraph).
  std::shared_ptr<const routes::RouteGraph> RouteGraph(const EditionData& data, const GameState& state, int company);
  // The accepted check of `runs` for `company` in `state` kept by KeepRunCheck (a run step's
  // validation, for its execution), or null. Keyed by the runs as sent, the company's trains and
  // the turn's must-run hexes, on the entry's tiles and bases.
  std::shared_ptr<const CheckedRuns> RunCheck(const EditionData& data, const GameState& state, int company,
                                              const mailrun::v1::RunTrains& runs);
  void KeepRunCheck(const EditionData& data, const GameState& state, int company, const mailrun::v1::RunTrains& runs,
                    std::shared_ptr<const CheckedRuns> checked);

 private:
  // What is kept for one company and one placing of every company's bases, each made when asked.
  struct Kept {
    int company = -1;
    BasesByCompany bases;
    std::shared_ptr<const CompanyReach> reach;
    std::shared_ptr<const routes::RouteGraph> graph;
    // The last accepted check of runs, with what it is keyed by beyond the entry's own key.
    std::string runs_sent;
    std::vector<TrainCard> trains;
    std::vector<HexCoord> must_run_over;
    std::shared_ptr<const CheckedRuns> run_check;
  };
  Kept& For(const EditionData& data, const GameState& state, int company);

  // What network_ was built from: the board's tiles in order, in one array (compared with the
  // board's at every question; a copy of the map would cost an allocation per tile).
  std::vector<std::pair<HexCoord, PlacedTile>> tiles_;
  uint64_t stamp_ = 0;  // the stamp of the tiles last found to be tiles_
  std::shared_ptr<const TrackNetwork> network_;
  std::vector<Kept> kept_;  // on the tiles_
};

}  // namespace mailrun::engine::t1853
