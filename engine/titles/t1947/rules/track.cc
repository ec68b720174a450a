// Laying track (see rules/track.h).
#include "engine/titles/t1947/rules/track.h"

#include <algorithm>
#include <set>

#include "engine/core/board/promotion.h"
#include "engine/core/data/data_reader.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/lay_reach.h"

namespace mailrun::engine::t1947 {
namespace {

enum class Kind { kPlain, kTown, kCity };

Kind KindOf(const TileDef& tile) {
  if (tile.stations.empty()) return Kind::kPlain;
  return tile.stations[0].kind == StationKind::kLarge ? Kind::kCity : Kind::kTown;
}

bool Contains(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

bool IsTownShape(const std::string& label) { return label == "K" || label == "X" || label == "Delta"; }

// A town on the map's edge (6.4.6): some side of its hex is the map's border.
bool OnEdge(const HexDef& hex) {
  return std::any_of(hex.edge_blocked.begin(), hex.edge_blocked.end(), [](bool b) { return b; });
}

// A path as board ends: edges turned by the rotation, stations by index.
using PathKey = std::pair<std::pair<int, int>, std::pair<int, int>>;
PathKey KeyOf(const TilePath& path, int rotation) {
  auto end = [&](const PathEnd& e) {
    return e.kind == PathEnd::Kind::kEdge ? std::pair{0, BoardEdge(e.index, rotation)} : std::pair{1, e.index};
  };
  auto a = end(path.a), b = end(path.b);
  return a < b ? PathKey{a, b} : PathKey{b, a};
}

std::set<PathKey> Keys(const TileDef& tile, int rotation) {
  std::set<PathKey> keys;
  for (const TilePath& p : tile.paths) keys.insert(KeyOf(p, rotation));
  return keys;
}

bool HasStation(const Board1947& board, int railway, HexCoord hex) {
  return std::any_of(board.stations[railway].begin(), board.stations[railway].end(), [&](const Base& b) { return b.hex == hex; });
}

// 6.4, 6.4.3: some line from one of the railway's stations runs onto the lay's new track; for an
// upgraded city tile, onto the hex at all (6.4.3 exception). `reach` is the board before the lay.
Status CheckConnection(const T1947Data& data, const Board1947& board, const LayContext& context, const TileLay& lay,
                       const std::optional<TileOnHex>& old, const TileDef& tile, const LayReach& reach) {
  const std::string hex_name = HexName1947(lay.hex);
  if (old && KindOf(tile) != Kind::kPlain && KindOf(*old->tile) != Kind::kPlain) {
    if (HasStation(board, context.railway, lay.hex) || reach.Reaches(lay.hex, tile, lay.rotation, [](int) { return true; })) return OkStatus();
    return Illegal("1947.refusal.track.city_not_reached", "6.4.3", "no route of the " + data.railways[context.railway].initials + " reaches " + hex_name)
        .With({param::Company("company", data.railways[context.railway].initials), param::Hex("hex", hex_name)});
  }
  const std::set<PathKey> kept = old ? Keys(*old->tile, old->rotation) : std::set<PathKey>{};
  const auto new_track = [&](int path) { return !kept.count(KeyOf(tile.paths[path], lay.rotation)); };
  if (reach.Reaches(lay.hex, tile, lay.rotation, new_track)) return OkStatus();
  if (old) {
    return Illegal("1947.refusal.track.new_track_not_reached", "6.4.3", "no route of the " + data.railways[context.railway].initials + " runs onto the new track on " + hex_name)
        .With({param::Company("company", data.railways[context.railway].initials), param::Hex("hex", hex_name)});
  }
  return Illegal("1947.refusal.track.not_connected", "6.4", "the tile on " + hex_name + " does not extend the " + data.railways[context.railway].initials + "'s track from one of its stations")
      .With({param::Hex("hex", hex_name), param::Company("company", data.railways[context.railway].initials)});
}

// 6.4.1: every line of the tile leads onto the map, a trading post, a dead end or an expatriation
// site, and none ends against Cooch Behar's blank sides.
Status CheckExits(const T1947Data& data, const TileLay& lay, const TileDef& tile, const HexDef& hex) {
  const std::string hex_name = HexName1947(lay.hex);
  for (const TilePath& path : tile.paths) {
    for (const PathEnd& end : {path.a, path.b}) {
      if (end.kind != PathEnd::Kind::kEdge) continue;
      const int edge = BoardEdge(end.index, lay.rotation);
      if (hex.edge_blocked[edge]) {
        return Illegal("1947.refusal.track.off_map", "6.4.1", "track on " + hex_name + " would run off the map to the " + EdgeName1947(edge))
            .With({param::Hex("hex", hex_name), param::Text("edge", EdgeName1947(edge))});
      }
      const HexCoord next = Neighbour(lay.hex, edge);
      if (next == data.board.cooch_behar.hex) {
        const TileDef* grey = data.board.data.Tile(data.board.data.Hex(next)->preprinted->tile_id);
        if (!Keys(*grey, 0).count(KeyOf(TilePath{PathEnd{PathEnd::Kind::kEdge, OppositeEdge(edge)}, PathEnd{PathEnd::Kind::kStation, 0}}, 0))) {
          return Illegal("1947.refusal.track.grey_blank_side", "6.4.1", "track on " + hex_name + " would end against a blank side of Cooch Behar")
              .With({param::Hex("hex", hex_name)});
        }
      }
    }
  }
  return OkStatus();
}

// What may go on the hex: city tiles on cities, town tiles on towns (or ordinary track from the
// first T5), named tiles on their cities (6.4.1, 6.4.5, 6.4.6, 6.5: Surat and Rajkot have named
// green tiles only, so never go beyond green, 6.5.2 and 6.5.3), in the hex's zone (6.4).
Status CheckKind(const T1947Data& data, const PhaseDef& phase, const TileLay& lay, const TileDef& tile, const HexDef1947& map_hex,
                 const HexDef& hex, const std::optional<TileOnHex>& old) {
  const std::string hex_name = HexName1947(lay.hex);
  const Kind kind = KindOf(tile);
  const Kind hex_kind = !map_hex.city.empty() ? Kind::kCity : !map_hex.town.empty() ? Kind::kTown : Kind::kPlain;
  const Kind old_kind = old ? KindOf(*old->tile) : Kind::kPlain;
  if (hex_kind == Kind::kCity && kind != Kind::kCity) {
    return Illegal("1947.refusal.track.city_needs_city_tile", "6.4.1", hex_name + " is a city: only city tiles go there").With({param::Hex("hex", hex_name)});
  }
  if (hex_kind == Kind::kPlain && kind != Kind::kPlain) {
    return Illegal("1947.refusal.track.no_city_or_town", "6.4.1", "tile " + tile.id + " shows a city or town and " + hex_name + " has none")
        .With({param::Tile("tile", tile.id), param::Hex("hex", hex_name)});
  }
  if (hex_kind == Kind::kTown) {
    if (!phase.town_choice && (kind == Kind::kPlain || (old && old_kind == Kind::kTown))) {
      return Illegal("1947.refusal.track.town_before_first_t5", "6.4.6", "until the first T5 is sold the town of " + hex_name + " takes only a yellow town tile")
          .With({param::Hex("hex", hex_name)});
    }
    if (kind == Kind::kCity && !old) {
      return Illegal("1947.refusal.track.town_needs_town_tile", "6.4.6", "a town becomes a city only by upgrading its town tile").With({param::Hex("hex", hex_name)});
    }
    if (kind == Kind::kTown) {
      const bool edge = OnEdge(hex);
      if (tile.label == "K" && !edge) {
        return Illegal("1947.refusal.track.k_only_on_edge", "6.4.6", "the K tile is for towns on the map's edge; " + hex_name + " is not one")
            .With({param::Hex("hex", hex_name)});
      }
      if (tile.label != "K" && edge) {
        return Illegal("1947.refusal.track.edge_town_takes_k", "6.4.6", "the town of " + hex_name + " is on the map's edge: it takes the K tile")
            .With({param::Hex("hex", hex_name), param::Tile("tile", tile.id)});
      }
    }
  }
  if (kind != Kind::kPlain) {
    const Zone zone = map_hex.monsoon ? Zone::kMonsoon : Zone::kDry;
    const Zone tile_zone = data.board.Rules(tile.id)->zone;
    if (tile_zone != Zone::kAny && tile_zone != zone) {
      return Illegal("1947.refusal.track.other_zone", "6.4", "tile " + tile.id + " is for the " + (tile_zone == Zone::kDry ? "dry" : "monsoon") + " zone and " + hex_name + " is not")
          .With({param::Tile("tile", tile.id), param::Hex("hex", hex_name)});
    }
  }
  const bool named_tile = !tile.label.empty() && !IsTownShape(tile.label);
  if (named_tile && tile.label != map_hex.label) {
    return Illegal("1947.refusal.track.named_tile_elsewhere", "6.4.5", "tile " + tile.id + " is for " + tile.label + " only")
        .With({param::Tile("tile", tile.id), param::City("city", tile.label)});
  }
  if (!map_hex.label.empty() && tile.colour != TileColour::kYellow && !named_tile) {
    return Illegal("1947.refusal.track.named_city_takes_its_tiles", "6.4.5", map_hex.label + " takes only its own named tiles")
        .With({param::City("city", map_hex.label)});
  }
  return OkStatus();
}

// CheckLay with the board's network built once for many lays (LegalLays), or, without `reach`,
// for this one lay when its connection is asked.
Result<LayOutcome> CheckLayOn(const T1947Data& data, const Board1947& board, const LayContext& context, const TrackTurn& turn,
                              const TileLay& lay, const LayReach* reach) {
  const std::string hex_name = HexName1947(lay.hex);
  const HexDef* hex = data.board.data.Hex(lay.hex);
  const HexDef1947* map_hex = data.MapHex(lay.hex);
  if (!hex || !map_hex) return Malformed("1947.refusal.track.no_such_hex", "no hex " + hex_name + " on the map").With({param::Hex("hex", hex_name)});
  const TileDef* tile = data.board.data.Tile(lay.tile);
  if (!tile || tile->preprinted) return Malformed("1947.refusal.track.no_such_tile", "no tile " + lay.tile).With({param::Tile("tile", lay.tile)});
  if (lay.rotation < 0 || lay.rotation > 5) return Malformed("1947.refusal.track.bad_rotation", "a rotation is 0 to 5, not " + std::to_string(lay.rotation)).With({param::Count("rotation", lay.rotation)});
  if (lay.hex == data.board.cooch_behar.hex) {
    return Illegal("1947.refusal.track.cooch_behar", "6.6", "no tile may be laid on Cooch Behar").With({param::Hex("hex", hex_name)});
  }
  const PhaseDef& phase = data.phases.at(context.phase - 1);
  const std::string colour = data_internal::ColourName(tile->colour);
  if (!Contains(phase.tiles, colour)) {
    return Illegal("1947.refusal.track.colour_not_yet", "6.4.3", colour + " tiles are not laid in phase " + std::to_string(phase.number))
        .With({param::Text("colour", colour), param::Count("phase", phase.number)});
  }
  const auto left = board.board.supply.find(lay.tile);
  if (left == board.board.supply.end() || left->second <= 0) {
    return Illegal("1947.refusal.track.none_left", "6.4", "no tile " + lay.tile + " is left").With({param::Tile("tile", lay.tile)});
  }
  const std::optional<TileOnHex> old = TileOn(data.board.data, board.board, lay.hex);
  if (turn.yellow + turn.upgrades >= 2) {
    return Illegal("1947.refusal.track.two_tiles", "6.4", "a tile action lays at most 2 tiles").With({param::Count("count", 2)});
  }
  if (old) {
    if (turn.upgrades >= 1) return Illegal("1947.refusal.track.one_upgrade", "6.4", "a tile action makes at most 1 upgrade").With({param::Count("count", 1)});
    if (std::find(turn.laid_this_action.begin(), turn.laid_this_action.end(), lay.hex) != turn.laid_this_action.end()) {
      return Illegal("1947.refusal.track.upgrade_just_laid", "6.11.3", "the tile on " + hex_name + " was laid in this tile action; only a second action may upgrade it")
          .With({param::Hex("hex", hex_name)});
    }
    if (!Contains(data.board.Rules(old->tile->id)->upgrades, lay.tile)) {
      return Illegal("1947.refusal.track.not_an_upgrade", "6.4.3", "tile " + lay.tile + " may not replace tile " + old->tile->id + " (Appendix 4)")
          .With({param::Tile("tile", lay.tile), param::Tile("old", old->tile->id)});
    }
    if (KindOf(*tile) != Kind::kPlain && !Contains(phase.city_upgrades, colour)) {
      return Illegal("1947.refusal.track.city_upgrade_not_yet", "6.4.3", "cities and towns are not upgraded to " + colour + " in phase " + std::to_string(phase.number))
          .With({param::Text("colour", colour), param::Count("phase", phase.number)});
    }
  } else if (tile->colour != TileColour::kYellow) {
    return Illegal("1947.refusal.track.yellow_first", "6.4", "an empty hex takes a yellow tile first").With({param::Hex("hex", hex_name)});
  }
  if (Status s = CheckKind(data, phase, lay, *tile, *map_hex, *hex, old); !s.ok()) return s.error();
  if (Status s = CheckExits(data, lay, *tile, *hex); !s.ok()) return s.error();
  if (old && !KeepsTrack(*old->tile, old->rotation, *tile, lay.rotation)) {
    return Illegal("1947.refusal.track.keep_old_track", "6.4.3", "tile " + lay.tile + " turned so does not keep the track of " + hex_name)
        .With({param::Tile("tile", lay.tile), param::Hex("hex", hex_name)});
  }
  LayOutcome outcome;
  outcome.upgrade = old.has_value();
  // 6.4.2: terrain is paid for the first tile; a preprinted city's green-background cost for its upgrade.
  outcome.cost = !old ? map_hex->cost : (old->preprinted ? map_hex->upgrade_cost : 0);
  if (!old && Contains(context.free_terrain, map_hex->terrain)) outcome.cost = 0;  // 3.1 P3, P5
  if (outcome.cost > context.treasury) {
    return Illegal("1947.refusal.track.no_credit", "6.3", "the lay costs " + std::to_string(outcome.cost) + " and the treasury holds " + std::to_string(context.treasury))
        .With({param::Amount("cost", outcome.cost), param::Amount("treasury", context.treasury)});
  }
  std::optional<LayReach> own_reach;
  if (!reach) own_reach.emplace(data, board, context.railway);
  if (Status s = CheckConnection(data, board, context, lay, old, *tile, reach ? *reach : *own_reach); !s.ok()) return s.error();
  const Zone zone = map_hex->monsoon ? Zone::kMonsoon : Zone::kDry;
  outcome.season_reduction = context.season_zone == zone;  // 6.13.3
  return outcome;
}

}  // namespace

Result<LayOutcome> CheckLay(const T1947Data& data, const Board1947& board, const LayContext& context, const TrackTurn& turn,
                            const TileLay& lay) {
  return CheckLayOn(data, board, context, turn, lay, nullptr);
}

Result<LayOutcome> Lay(const T1947Data& data, Board1947* board, const LayContext& context, TrackTurn* turn, const TileLay& lay) {
  Result<LayOutcome> outcome = CheckLay(data, *board, context, *turn, lay);
  if (!outcome.ok()) return outcome;
  const std::optional<TileOnHex> old = TileOn(data.board.data, board->board, lay.hex);
  if (old && !old->preprinted) ++board->board.supply[old->tile->id];  // 6.4.3: replaced tiles are re-used
  --board->board.supply[lay.tile];
  board->board.tiles.Set(lay.hex, PlacedTile{lay.tile, lay.rotation});
  (outcome->upgrade ? turn->upgrades : turn->yellow) += 1;
  turn->laid_this_action.push_back(lay.hex);
  turn->season_reduction = turn->season_reduction || outcome->season_reduction;
  return outcome;
}

std::vector<PricedLay> LegalLaysPriced(const T1947Data& data, const Board1947& board, const LayContext& context, const TrackTurn& turn) {
  std::vector<PricedLay> lays;
  if (turn.yellow + turn.upgrades >= 2) return lays;
  const LayReach lay_reach(data, board, context.railway);  // one network for every candidate
  const CompanyReach reach = lay_reach.network().Reach(board.Position(), context.railway);
  std::set<HexCoord> hexes(reach.hexes.begin(), reach.hexes.end());
  for (const Railhead& head : reach.railheads) hexes.insert(head.hex);
  for (const Railhead& touch : reach.touches) hexes.insert(touch.hex);
  for (const Base& station : board.stations[context.railway]) hexes.insert(station.hex);
  for (const HexCoord& hex : hexes) {
    const std::optional<TileOnHex> old = TileOn(data.board.data, board.board, hex);
    std::vector<std::string> candidates;
    if (old) {
      candidates = data.board.Rules(old->tile->id)->upgrades;
    } else {
      for (const auto& [id, count] : board.board.supply) {
        if (count > 0 && data.board.data.Tile(id)->colour == TileColour::kYellow) candidates.push_back(id);
      }
    }
    for (const std::string& id : candidates) {
      const TileDef* tile = data.board.data.Tile(id);
      std::set<std::set<PathKey>> seen;  // one lay per distinct placement of a symmetric tile
      for (int rotation = 0; rotation < 6; ++rotation) {
        if (!seen.insert(Keys(*tile, rotation)).second) continue;
        const TileLay lay{hex, id, rotation};
        if (Result<LayOutcome> outcome = CheckLayOn(data, board, context, turn, lay, &lay_reach); outcome.ok()) lays.push_back({lay, *outcome});
      }
    }
  }
  return lays;
}

std::vector<TileLay> LegalLays(const T1947Data& data, const Board1947& board, const LayContext& context, const TrackTurn& turn) {
  std::vector<TileLay> lays;
  for (const PricedLay& priced : LegalLaysPriced(data, board, context, turn)) lays.push_back(priced.lay);
  return lays;
}

bool TempleConnected(const T1947Data& data, const Board1947& board, int railway) {
  if (board.stations[railway].empty()) return false;
  const auto temple = ParseHex1947(data.railways[railway].temple);
  const TrackNetwork network(data.board.data, board.board);
  // 6.8: from the home city (the first station), not through cities full of other railways' stations.
  return temple && network.Reach(board.Position(), railway, 0).ReachesHex(*temple);
}

namespace {

// Whether some line of the railway's reach runs to the board edge `edge` of `hex`.
std::set<std::pair<HexCoord, int>> EdgesReached(const T1947Data& data, const Board1947& board, int railway) {
  std::set<std::pair<HexCoord, int>> edges;
  const TrackNetwork network(data.board.data, board.board);
  for (int p : network.Reach(board.Position(), railway).paths) {
    const TrackPath& path = network.paths()[p];
    const std::optional<TileOnHex> on = TileOn(data.board.data, board.board, path.hex);
    const TilePath& tile_path = on->tile->paths[path.index_on_tile];
    for (const PathEnd& end : {tile_path.a, tile_path.b}) {
      if (end.kind == PathEnd::Kind::kEdge) edges.insert({path.hex, BoardEdge(end.index, on->rotation)});
    }
  }
  return edges;
}

}  // namespace

std::vector<int> SitesConnected(const T1947Data& data, const Board1947& board, int railway) {
  const auto edges = EdgesReached(data, board, railway);
  std::vector<int> sites;
  for (size_t i = 0; i < data.board.expatriation_sites.size(); ++i) {
    if (edges.count(data.board.expatriation_sites[i])) sites.push_back(static_cast<int>(i));
  }
  return sites;
}

std::vector<std::pair<HexCoord, int>> TradingPostsConnected(const T1947Data& data, const Board1947& board, int railway) {
  const auto edges = EdgesReached(data, board, railway);
  std::vector<std::pair<HexCoord, int>> posts;
  for (const auto& post : data.board.trading_posts) {
    if (edges.count(post)) posts.push_back(post);
  }
  return posts;
}

}  // namespace mailrun::engine::t1947
