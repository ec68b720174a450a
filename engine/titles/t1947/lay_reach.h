// Whether a railway's lines would run onto a tile laid on a hex (6.4, 6.4.3), for many candidate
// tiles and rotations on one board: the board's track network is built once, and each candidate is
// put over its hex for the question, instead of a new network for every tile and rotation (the
// legal-action listing's cost, docs/benchmarks.md "1947 (issue 25)"). The answer is the one
// TrackNetwork::Reach gives on the board with the tile laid: the same search over the same track,
// with the hex's old track taken out and the candidate's put in.
#pragma once

#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "engine/core/track/track_network.h"
#include "engine/titles/t1947/board_state.h"

namespace mailrun::engine::t1947 {

class LayReach {
 public:
  // The board as it is now; the listing asks for one railway. `data` and `board` must outlive it.
  LayReach(const T1947Data& data, const Board1947& board, int railway);

  // The board's network as it is (without any candidate).
  const TrackNetwork& network() const { return network_; }

  // With `tile` laid on `hex` turned by `rotation` (in place of what is there): whether some line
  // from one of the railway's stations runs along a path of that tile whose index `counts`.
  bool Reaches(HexCoord hex, const TileDef& tile, int rotation, const std::function<bool(int path)>& counts) const;

 private:
  const Board1947& board_;
  int railway_;
  TrackNetwork network_;
  TrackNetwork::Tokens tokens_;
  std::map<std::pair<HexCoord, int>, int> boundaries_;  // boundary node by its (hex, edge) as keyed in the network
};

}  // namespace mailrun::engine::t1947
