// LayReach (lay_reach.h) against the track network it stands in for: on boards of randomly
// played games, for every railway with stations and every candidate lay the listing would try
// (each upgrade of a laid tile, each yellow tile on an empty hex the railway's track reaches, in
// every rotation), the tile's paths a line reaches over the board's one network with the candidate
// put over its hex are exactly those TrackNetwork::Reach finds on a board with the tile laid; and
// the same with every city's free spaces filled by the other railways' stations.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/core/rng.h"
#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/lay_reach.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

// The reference: a new network of the board with the tile laid, and the tile's paths its reach uses.
std::set<int> ReachedOnNewNetwork(const Board1947& board, int railway, HexCoord hex, const std::string& tile, int rotation) {
  BoardState after = board.board;
  after.tiles.Set(hex, PlacedTile{tile, rotation});
  const TrackNetwork network(Data().board.data, after);
  std::set<int> on_tile;
  for (int p : network.Reach(TrackPosition{after, board.stations}, railway).paths) {
    if (network.paths()[p].hex == hex) on_tile.insert(network.paths()[p].index_on_tile);
  }
  return on_tile;
}

// Every candidate lay of `railway` compared; returns how many were.
int CompareCandidates(const Board1947& board, int railway) {
  const BoardData& data = Data().board.data;
  const LayReach lay_reach(Data(), board, railway);
  const CompanyReach reach = lay_reach.network().Reach(board.Position(), railway);
  std::set<HexCoord> hexes(reach.hexes.begin(), reach.hexes.end());
  for (const Railhead& head : reach.railheads) hexes.insert(head.hex);
  for (const Railhead& touch : reach.touches) hexes.insert(touch.hex);
  int compared = 0;
  for (const HexCoord& hex : hexes) {
    const std::optional<TileOnHex> old = TileOn(data, board.board, hex);
    std::vector<std::string> candidates;
    if (old) {
      candidates = Data().board.Rules(old->tile->id)->upgrades;
    } else {
      for (const auto& [id, count] : board.board.supply) {
        if (data.Tile(id)->colour == TileColour::kYellow) candidates.push_back(id);
      }
    }
    for (const std::string& id : candidates) {
      const TileDef& tile = *data.Tile(id);
      for (int rotation = 0; rotation < 6; ++rotation) {
        const std::set<int> expected = ReachedOnNewNetwork(board, railway, hex, id, rotation);
        for (int path = 0; path < static_cast<int>(tile.paths.size()); ++path) {
          EXPECT_EQ(lay_reach.Reaches(hex, tile, rotation, [path](int p) { return p == path; }), expected.count(path) > 0)
              << "railway " << Data().railways[railway].initials << ", tile " << id << " rotation " << rotation << " on "
              << HexName1947(hex) << ", path " << path;
        }
        EXPECT_EQ(lay_reach.Reaches(hex, tile, rotation, [](int) { return true; }), !expected.empty());
        ++compared;
      }
    }
  }
  return compared;
}

// The board with every city's free spaces filled by other railways' stations than `railway`'s, so
// that lines are stopped in cities (6.7) and the comparison covers it.
Board1947 Crowded(const Board1947& board, int railway) {
  Board1947 crowded = board;
  const int railways = static_cast<int>(Data().railways.size());
  for (const HexDef& hex : Data().board.data.hexes) {
    const std::optional<TileOnHex> on = TileOn(Data().board.data, board.board, hex.coord);
    if (!on) continue;
    for (int s = 0; s < static_cast<int>(on->tile->stations.size()); ++s) {
      const Base base{hex.coord, s};
      auto holds = [&](int r) {
        return std::find(crowded.stations[r].begin(), crowded.stations[r].end(), base) != crowded.stations[r].end();
      };
      int taken = 0;
      for (int r = 0; r < railways; ++r) taken += holds(r) ? 1 : 0;
      for (int r = 0; r < railways && taken < on->tile->stations[s].token_slots; ++r) {
        if (r == railway || holds(r)) continue;
        crowded.stations[r].push_back(base);
        ++taken;
      }
    }
  }
  return crowded;
}

TEST(LayReach, AgreesWithANewNetworkForEveryCandidateLay) {
  int compared = 0;
  int boards = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    uint64_t rng = seed;
    const std::vector<std::string> names{"p0", "p1", "p2", "p3"};
    auto game = T1947Game::Setup(Data(), names, {1, 2, 3, 4}, {"EIR", "ABR"});
    ASSERT_TRUE(game.ok());
    T1947Game g = *game;
    int lay_steps = 0;
    for (int steps = 0; steps < 4000 && !g.finished() && g.stock_round() < 6; ++steps) {
      if (g.round() == Round::kOperatingRound && g.step() == OrStep::kLayTrack && g.operating_railway() >= 0 &&
          ++lay_steps % 3 == 0) {
        ++boards;
        for (int r = 0; r < static_cast<int>(Data().railways.size()); ++r) {
          if (g.board().stations[r].empty()) continue;
          compared += CompareCandidates(g.board(), r);
          compared += CompareCandidates(Crowded(g.board(), r), r);
        }
      }
      const std::vector<Action1947> legal = LegalActions(g, g.ActivePlayer());
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(Apply(g, legal[RandomBelow(rng, legal.size())]).ok());
    }
  }
  EXPECT_GT(boards, 10);
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace mailrun::engine::t1947
