// map.json, tiles.json, manifest.json -> T1947Board (see edition/board_file.h).
#include "engine/titles/t1947/edition/board_file.h"

#include <fmt/format.h>

#include <set>

#include "engine/core/board/promotion.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

using data_internal::EntryName;
using data_internal::Fields;
using data_internal::Json;
using data_internal::Quoted;
using data_internal::Where;

bool IsCity(const TileDef& tile) { return !tile.stations.empty() && tile.stations[0].kind == StationKind::kLarge; }

Zone ReadZone(const Fields& f, std::string_view key) {
  if (!f.Has(key)) return Zone::kAny;
  const std::string zone = f.String(key);
  if (zone == "dry") return Zone::kDry;
  if (zone == "monsoon") return Zone::kMonsoon;
  f.Fail(key, "must be dry or monsoon (6.13.2)");
}

TileStation ReadStation(const Json& value, const Where& where) {
  Fields f(value, where, {"kind", "revenue", "tokens"});
  TileStation station;
  const std::string kind = f.String("kind");
  if (kind != "city" && kind != "town") f.Fail("kind", Quoted(kind) + " is not a station kind (city, town)");
  station.kind = kind == "city" ? StationKind::kLarge : StationKind::kSmall;
  station.revenue = f.Int("revenue");
  if (station.revenue < 0) f.Fail("revenue", "must not be negative");
  station.token_slots = f.Int("tokens", 0);
  if (station.kind == StationKind::kLarge && station.token_slots < 1) f.Fail("tokens", "a city has at least one station space (6.7)");
  if (station.kind == StationKind::kSmall && station.token_slots != 0) f.Fail("tokens", "a town takes no stations (6.7)");
  return station;
}

// "0".."5" (1947 edges, turned into the core's) or "s0".. (a station of the tile).
PathEnd ReadPathEnd(std::string_view text, const TileDef& tile, const Where& where) {
  if (text.size() == 1 && text[0] >= '0' && text[0] <= '5') return PathEnd{PathEnd::Kind::kEdge, CoreEdge(text[0] - '0')};
  if (text.size() == 2 && text[0] == 's' && text[1] >= '0' && text[1] <= '9') {
    const int index = text[1] - '0';
    if (index >= static_cast<int>(tile.stations.size())) {
      where.Fail(fmt::format("the tile has no station s{} (it has {})", index, tile.stations.size()));
    }
    return PathEnd{PathEnd::Kind::kStation, index};
  }
  where.Fail(fmt::format("{} is not a path end (an edge 0-5 or a station s0..)", Quoted(text)));
}

TilePath ReadPath(const std::string& text, const TileDef& tile, const Where& tile_where) {
  const Where where = tile_where.Sub("path " + Quoted(text));
  const auto dash = text.find('-');
  if (dash == std::string::npos) where.Fail("a path is written as two ends joined by '-', e.g. \"0-s0\"");
  TilePath path;
  path.a = ReadPathEnd(std::string_view(text).substr(0, dash), tile, where);
  path.b = ReadPathEnd(std::string_view(text).substr(dash + 1), tile, where);
  if (path.a == path.b) where.Fail("a path must join two different ends");
  if (path.a.kind == PathEnd::Kind::kStation && path.b.kind == PathEnd::Kind::kStation) where.Fail("a path joins a station to an edge or two edges");
  return path;
}

bool SamePath(const TilePath& x, const TilePath& y) { return (x.a == y.a && x.b == y.b) || (x.a == y.b && x.b == y.a); }

void CheckTile(const TileDef& tile, const Where& where) {
  if (tile.paths.empty()) where.Fail("a tile has at least one path");
  for (size_t i = 0; i < tile.paths.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (SamePath(tile.paths[i], tile.paths[j])) where.Fail("a path is listed twice");
    }
  }
  for (size_t s = 0; s < tile.stations.size(); ++s) {
    bool joined = false;
    for (const TilePath& p : tile.paths) {
      joined = joined || p.a == PathEnd{PathEnd::Kind::kStation, static_cast<int>(s)} ||
               p.b == PathEnd{PathEnd::Kind::kStation, static_cast<int>(s)};
    }
    // Upgrades map stations by the edges that reach them (6.4.3), so each needs one.
    if (!joined) where.Fail(fmt::format("station s{} is not joined to any edge", s));
  }
}

void ReadTiles(const Json& file, T1947Board* board) {
  const Where where("t1947/tiles.json");
  for (const Json& value : Fields(file, where, {"tiles"}).Array("tiles")) {
    const Where w = where.Entry(EntryName("tile", value, "id"));
    Fields f(value, w, {"id", "colour", "zone", "label", "stations", "paths", "preprinted"});
    TileDef tile;
    tile.id = f.String("id");
    if (tile.id.empty()) f.Fail("id", "must not be empty");
    const auto colour = data_internal::ParseColour(f.String("colour"));
    if (!colour) f.Fail("colour", "must be yellow, green, brown or grey");
    tile.colour = *colour;
    tile.label = f.String("label", "");
    tile.preprinted = f.Bool("preprinted", false);
    if (f.Has("stations")) {
      for (const Json& station : f.Array("stations")) {
        tile.stations.push_back(ReadStation(station, w.Sub(fmt::format("station s{}", tile.stations.size()))));
      }
    }
    for (const std::string& path : f.Strings("paths")) tile.paths.push_back(ReadPath(path, tile, w));
    CheckTile(tile, w);
    TileRules rules;
    rules.zone = ReadZone(f, "zone");
    if (IsCity(tile) && rules.zone == Zone::kAny) f.Fail("zone", "a city tile is for the dry or the monsoon zone (6.4)");
    if (!IsCity(tile) && rules.zone != Zone::kAny) f.Fail("zone", "only city tiles belong to a climate zone (6.4)");
    if (board->rules.count(tile.id)) f.Fail("id", "listed twice");
    board->rules.emplace(tile.id, rules);
    board->data.tiles.push_back(std::move(tile));
  }
  board->data.Reindex();
}

// manifest.json: counts (270 in all, 1.4) and upgrades (6.4.3): the next colour, the same zone for
// city tiles unless named, the track kept, and enough yellow city tiles for each zone's cities.
void ReadManifest(const Json& file, const std::vector<HexDef1947>& hexes, T1947Board* board) {
  const Where where("t1947/manifest.json");
  Fields manifest(file, where, {"counts", "upgrades"});
  int total = 0;
  std::map<Zone, int> yellow_city;
  for (const auto& [id, count] : manifest.Object("counts").items()) {
    const Where w = where.Entry("count of " + Quoted(id));
    const TileDef* tile = board->data.Tile(id);
    if (!tile) w.Fail("no tile " + Quoted(id) + " in tiles.json");
    if (tile->preprinted) w.Fail("a preprinted city is printed on the map, not in the supply (6.5.1)");
    if (!count.is_number_integer() || count.get<int>() < 1) w.Fail("a count is a whole number of at least 1");
    board->rules[id].count = count.get<int>();
    total += count.get<int>();
    if (tile->colour == TileColour::kYellow && IsCity(*tile)) yellow_city[board->rules[id].zone] += count.get<int>();
  }
  for (const TileDef& tile : board->data.tiles) {
    if (!tile.preprinted && board->rules[tile.id].count == 0) where.Entry("counts").Fail("tile " + Quoted(tile.id) + " has no count");
  }
  if (total != 270) where.Entry("counts").Fail("1947 has 270 tiles (1.4), these add up to " + std::to_string(total));
  const std::map<TileColour, TileColour> next = {
      {TileColour::kYellow, TileColour::kGreen}, {TileColour::kGreen, TileColour::kBrown}, {TileColour::kBrown, TileColour::kGrey}};
  for (const auto& [id, targets] : manifest.Object("upgrades").items()) {
    const Where w = where.Entry("upgrades of " + Quoted(id));
    const TileDef* from = board->data.Tile(id);
    if (!from) w.Fail("no tile " + Quoted(id) + " in tiles.json");
    TileRules& rules = board->rules[id];
    for (const Json& target : targets) {
      const std::string to_id = target.is_string() ? target.get<std::string>() : "";
      const TileDef* to = board->data.Tile(to_id);
      if (!to) w.Fail("no tile " + Quoted(to_id) + " in tiles.json");
      const auto up = next.find(from->colour);
      if (up == next.end() || to->colour != up->second) w.Fail("tile " + Quoted(to_id) + " is not the next colour (6.4.3)");
      const Zone from_zone = rules.zone, to_zone = board->rules[to_id].zone;
      if (IsCity(*from) && IsCity(*to) && from_zone != to_zone && to->label.empty()) {
        w.Fail("tile " + Quoted(to_id) + " is for the other climate zone (6.4)");
      }
      if (KeepingRotations(*from, 0, *to).empty()) w.Fail("tile " + Quoted(to_id) + " cannot replace it and keep its track (6.4.3)");
      rules.upgrades.push_back(to_id);
    }
  }
  std::map<Zone, int> cities;  // city hexes that take an ordinary yellow tile
  for (const HexDef1947& h : hexes) {
    if (!h.city.empty() && h.preprinted.empty() && !h.grey) ++cities[h.monsoon ? Zone::kMonsoon : Zone::kDry];
  }
  for (const auto& [zone, count] : cities) {
    if (yellow_city[zone] < count) {
      where.Entry("counts").Fail(fmt::format("the {} zone has {} cities but {} yellow city tiles", zone == Zone::kDry ? "dry" : "monsoon",
                                             count, yellow_city[zone]));
    }
  }
}

Terrain CoreTerrain(const std::string& terrain) {
  // The core knows hills, mountains and rivers; 1947's swamps and deserts have only their cost.
  if (terrain == "hill") return Terrain::kHill;
  if (terrain == "mountain") return Terrain::kMountain;
  if (terrain == "river") return Terrain::kRiver;
  return Terrain::kNone;
}

// Cooch Behar (6.6): a grey tile printed on the map; its station takes no stations of companies.
TileDef CoochBeharTile(const Fields& grey, const HexDef1947& hex, const Where& where) {
  TileDef tile;
  tile.id = "Cooch Behar";
  tile.colour = TileColour::kGrey;
  tile.label = hex.city;
  tile.preprinted = true;
  TileStation station;
  station.kind = StationKind::kLarge;
  station.revenue = grey.Int("revenue");
  station.token_slots = grey.Int("station_spaces", 0);
  tile.stations.push_back(station);
  for (const std::string& exit : hex.grey_exits) {
    const auto edge = ParseEdge1947(exit);
    if (!edge) grey.Fail("exits", "no edge " + exit + " (N, NE, SE, S, SW, NW)");
    tile.paths.push_back(TilePath{PathEnd{PathEnd::Kind::kEdge, *edge}, PathEnd{PathEnd::Kind::kStation, 0}});
  }
  CheckTile(tile, where);
  return tile;
}

void ReadMapHexes(const Json& map, const std::vector<HexDef1947>& hexes, T1947Board* board) {
  const Where where("t1947/map.json");
  const Json& entries = map.at("hexes");
  std::set<std::string> zoned_tiles_checked;
  for (size_t i = 0; i < hexes.size(); ++i) {
    const HexDef1947& h = hexes[i];
    const Where w = where.Entry("hex " + Quoted(h.name));
    const Json& entry = entries.at(i);
    HexDef hex;
    hex.coord = *ParseHex1947(h.name);
    hex.playable = true;
    hex.terrain = CoreTerrain(h.terrain);
    if (hex.terrain != Terrain::kNone) hex.terrain_features.push_back(hex.terrain);
    hex.towns = h.town.empty() ? 0 : 1;
    if (!h.city.empty()) {
      hex.city = static_cast<int>(board->cities.size());
      board->cities.push_back(h.city);
    }
    if (entry.contains("preprinted")) {
      Fields pre(entry.at("preprinted"), w.Sub("preprinted"), {"tile", "rotation"});
      const TileDef* tile = board->data.Tile(h.preprinted);
      if (!tile || !tile->preprinted) pre.Fail("tile", "no preprinted tile " + Quoted(h.preprinted) + " in tiles.json");
      if (h.city.empty() || !IsCity(*tile)) pre.Fail("tile", "only cities are preprinted (6.5.1)");
      const Zone zone = board->rules[h.preprinted].zone;
      if (zone != (h.monsoon ? Zone::kMonsoon : Zone::kDry)) pre.Fail("tile", "the tile is for the other climate zone (6.4)");
      const int rotation = pre.Int("rotation", 0);
      if (rotation < 0 || rotation > 5) pre.Fail("rotation", "must be 0 to 5");
      hex.preprinted = PreprintedTile{h.preprinted, rotation};
    }
    if (h.grey) {
      if (board->data.Tile("Cooch Behar")) w.Fail("only Cooch Behar is a grey hex (6.6)");
      const Where gw = w.Sub("grey");
      Fields grey(entry.at("grey"), gw, {"exits", "revenue", "revenue_from_T5", "revenue_from_T8", "station_spaces"});
      if (h.city.empty()) w.Fail("the grey hex is a city (6.6)");
      board->data.tiles.push_back(CoochBeharTile(grey, h, gw));
      board->rules.emplace("Cooch Behar", TileRules{});
      board->cooch_behar = CoochBehar{hex.coord, grey.Int("revenue"), grey.Int("revenue_from_T5"), grey.Int("revenue_from_T8")};
      hex.preprinted = PreprintedTile{"Cooch Behar", 0};
      board->data.Reindex();
    }
    board->data.hexes.push_back(hex);
  }
  if (!board->data.Tile("Cooch Behar")) where.Fail("Cooch Behar (6.6) needs a hex with \"grey\"");
}

// Edges towards cells off the map are closed to track except a trading post's, a dead end's and
// an expatriation site's (6.4.1, 6.9, 6.10).
void CloseBorderEdges(const std::vector<HexDef1947>& hexes, const std::vector<ExpatriationSiteDef>& sites, T1947Board* board) {
  auto edges_of = [](const std::string& hex, const std::vector<std::string>& names, std::vector<std::pair<HexCoord, int>>* out) {
    for (const std::string& name : names) out->push_back({*ParseHex1947(hex), *ParseEdge1947(name)});  // checked by ReadMapHexes
  };
  for (const HexDef1947& h : hexes) {
    edges_of(h.name, h.trading_posts, &board->trading_posts);
    edges_of(h.name, h.dead_ends, &board->dead_ends);
  }
  for (const ExpatriationSiteDef& site : sites) edges_of(site.hex, {site.edge}, &board->expatriation_sites);
  std::set<std::pair<HexCoord, int>> open;
  for (const auto* list : {&board->trading_posts, &board->dead_ends, &board->expatriation_sites}) open.insert(list->begin(), list->end());
  for (HexDef& hex : board->data.hexes) {
    for (int edge = 0; edge < 6; ++edge) {
      hex.edge_blocked[edge] = !board->data.Hex(Neighbour(hex.coord, edge)) && !open.count({hex.coord, edge});
    }
  }
}

}  // namespace

T1947Board ReadBoard(const Json& map, const Json& tiles, const Json& manifest, const std::vector<HexDef1947>& hexes,
                     const std::vector<ExpatriationSiteDef>& sites) {
  T1947Board board;
  ReadTiles(tiles, &board);
  ReadManifest(manifest, hexes, &board);
  ReadMapHexes(map, hexes, &board);
  board.data.Reindex();
  CloseBorderEdges(hexes, sites, &board);
  return board;
}

}  // namespace mailrun::engine::t1947
