// tiles.json: the geometry of every tile design (Appendix 3, TABLE 8, 4.2.5, 4.2.8, 4.2.12).
#include <fmt/format.h>

#include <array>
#include <set>

#include "engine/titles/t1853/edition/data_files.h"

namespace mailrun::engine::t1853::data_internal {
namespace {

StationKind ReadStationKind(const Fields& fields) {
  const std::string kind = fields.String("kind");
  if (kind == "large") return StationKind::kLarge;
  if (kind == "small") return StationKind::kSmall;
  fields.Fail("kind", fmt::format("{} is not a station kind (large, small)", Quoted(kind)));
}

TileStation ReadStation(const Json& value, const Where& where) {
  Fields fields(value, where, {"kind", "revenue", "tokens", "terminal"});
  TileStation station;
  station.kind = ReadStationKind(fields);
  station.revenue = fields.Int("revenue");
  station.token_slots = fields.Int("tokens", 0);
  station.terminal = fields.Bool("terminal", false);
  if (station.revenue < 0) fields.Fail("revenue", "must not be negative");
  if (station.kind == StationKind::kLarge && station.token_slots < 1) {
    fields.Fail("tokens", "a large station has at least one token space (4.4.5)");
  }
  if (station.kind == StationKind::kSmall && station.token_slots != 0) {
    fields.Fail("tokens", "a small station takes no base tokens (4.4.5)");
  }
  if (station.kind == StationKind::kSmall && station.terminal) {
    fields.Fail("terminal", "only large stations are terminal (4.2.12)");
  }
  return station;
}

// "0", "s1", "j0" -> PathEnd, checked against the tile's stations and junctions.
PathEnd ReadPathEnd(std::string_view text, const TileDef& tile, const Where& where) {
  if (text.size() == 1 && text[0] >= '0' && text[0] <= '5') return PathEnd{PathEnd::Kind::kEdge, text[0] - '0'};
  if (text.size() == 2 && (text[0] == 's' || text[0] == 'j') && text[1] >= '0' && text[1] <= '9') {
    const int index = text[1] - '0';
    if (text[0] == 's') {
      if (index >= static_cast<int>(tile.stations.size())) {
        where.Fail(fmt::format("the tile has no station s{} (it has {} station{})", index, tile.stations.size(),
                               tile.stations.size() == 1 ? "" : "s"));
      }
      return PathEnd{PathEnd::Kind::kStation, index};
    }
    if (index >= static_cast<int>(tile.junctions.size())) {
      where.Fail(fmt::format("the tile has no junction j{} (it has {})", index, tile.junctions.size()));
    }
    return PathEnd{PathEnd::Kind::kJunction, index};
  }
  where.Fail(fmt::format("{} is not a path end (an edge 0-5, a station s0.. or a junction j0..)", Quoted(text)));
}

TilePath ReadPath(const std::string& text, Gauge tile_gauge, const TileDef& tile, const Where& tile_where) {
  const Where where = tile_where.Sub("path " + Quoted(text));
  std::string ends = text;
  TilePath path;
  path.gauge = tile_gauge;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    const auto gauge = ParseGauge(text.substr(colon + 1));
    if (!gauge) where.Fail(fmt::format("{} is not a gauge (broad, metre, dual)", Quoted(text.substr(colon + 1))));
    path.gauge = *gauge;
    ends = text.substr(0, colon);
  }
  const auto dash = ends.find('-');
  if (dash == std::string::npos) where.Fail("a path is written as two ends joined by '-', e.g. \"0-s0\"");
  path.a = ReadPathEnd(ends.substr(0, dash), tile, where);
  path.b = ReadPathEnd(ends.substr(dash + 1), tile, where);
  if (path.a == path.b) where.Fail("a path must join two different ends");
  return path;
}

// Checks of one tile's geometry as a whole.
void CheckTile(const TileDef& tile, const Where& where) {
  if (tile.paths.empty()) where.Fail("a tile has at least one path");
  std::array<int, 6> edge_uses{};
  std::vector<int> station_edges(tile.stations.size(), 0);
  std::vector<int> station_uses(tile.stations.size(), 0);
  std::vector<int> junction_edges(tile.junctions.size(), 0);
  for (const TilePath& path : tile.paths) {
    for (int side = 0; side < 2; ++side) {
      const PathEnd& end = side == 0 ? path.a : path.b;
      const PathEnd& other = side == 0 ? path.b : path.a;
      if (end.kind == PathEnd::Kind::kEdge) ++edge_uses[end.index];
      if (end.kind == PathEnd::Kind::kStation) {
        ++station_uses[end.index];
        if (other.kind == PathEnd::Kind::kEdge) ++station_edges[end.index];
      }
      if (end.kind == PathEnd::Kind::kJunction) {
        if (other.kind != PathEnd::Kind::kEdge) where.Fail("a junction joins tile edges only");
        ++junction_edges[end.index];
      }
    }
    if (tile.colour != TileColour::kYellow && tile.colour != TileColour::kGreen && path.gauge != Gauge::kDual) {
      where.Fail("all brown and grey track is dual gauge (4.2.8)");
    }
    if (tile.preprinted && path.gauge != Gauge::kDual) {
      where.Fail("all track of the preprinted large cities is dual gauge (4.2.12)");
    }
  }
  for (int edge = 0; edge < 6; ++edge) {
    if (edge_uses[edge] > 1) where.Fail(fmt::format("edge {} is used by {} paths; each edge carries one line", edge, edge_uses[edge]));
  }
  for (size_t s = 0; s < tile.stations.size(); ++s) {
    // Promotions map stations by the edges that reach them (4.2.4), so each needs one.
    if (station_edges[s] == 0) where.Fail(fmt::format("station s{} is not joined directly to any edge", s));
    if (tile.stations[s].terminal && station_uses[s] != 1) {
      where.Fail(fmt::format("terminal station s{} must have exactly one line (4.2.12)", s));
    }
  }
  for (size_t j = 0; j < tile.junctions.size(); ++j) {
    if (junction_edges[j] < 3) where.Fail(fmt::format("junction j{} joins {} edges; a junction joins at least 3", j, junction_edges[j]));
    const bool green = tile.colour == TileColour::kGreen;
    const bool converging = tile.junctions[j].kind == TileJunction::Kind::kConverging;
    if (green != converging) {
      where.Fail(green ? "green junction tiles are converging junctions (4.5.10)"
                       : "brown and grey junction tiles are hubs (4.2.5)");
    }
  }
  if (!tile.stations.empty() && !tile.junctions.empty()) where.Fail("a tile has stations or a junction, not both");
  if (tile.preprinted && tile.colour != TileColour::kGreen) where.Fail("the large cities are preprinted green (1.3)");
}

TileDef ReadTile(const Json& value, const Where& file_where) {
  const Where where = file_where.Entry(EntryName("tile", value, "id"));
  Fields fields(value, where, {"id", "colour", "gauge", "label", "preprinted", "stations", "junctions", "paths"});
  TileDef tile;
  tile.id = fields.String("id");
  if (tile.id.empty()) fields.Fail("id", "must not be empty");
  const auto colour = ParseColour(fields.String("colour"));
  if (!colour) fields.Fail("colour", "must be yellow, green, brown or grey");
  tile.colour = *colour;
  const auto gauge = ParseGauge(fields.String("gauge"));
  if (!gauge) fields.Fail("gauge", "must be broad, metre or dual");
  tile.label = fields.String("label", "");
  if (!tile.label.empty() && tile.label != "CD" && tile.label != "BM" && tile.label != "W") {
    fields.Fail("label", "must be CD (Calcutta, Delhi), BM (Bombay, Madras) or W (Waltair, 2009) (4.2.12)");
  }
  tile.preprinted = fields.Bool("preprinted", false);
  if (fields.Has("stations")) {
    int index = 0;
    for (const Json& station : fields.Array("stations")) {
      tile.stations.push_back(ReadStation(station, where.Sub(fmt::format("station s{}", index++))));
    }
  }
  for (const std::string& kind : fields.Strings("junctions")) {
    if (kind == "converging") {
      tile.junctions.push_back(TileJunction{TileJunction::Kind::kConverging});
    } else if (kind == "hub") {
      tile.junctions.push_back(TileJunction{TileJunction::Kind::kHub});
    } else {
      fields.Fail("junctions", fmt::format("{} is not a junction kind (converging, hub)", Quoted(kind)));
    }
  }
  for (const std::string& path : fields.Strings("paths")) tile.paths.push_back(ReadPath(path, *gauge, tile, where));
  CheckTile(tile, where);
  return tile;
}

}  // namespace

void ReadTiles(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"tiles"});
  for (const Json& value : file.Array("tiles")) {
    TileDef tile = ReadTile(value, where);
    if (data->tile_index.count(tile.id) != 0) where.Entry("tile " + Quoted(tile.id)).Fail("defined twice");
    data->tiles.push_back(std::move(tile));
    data->IndexTile(data->tiles.size() - 1);
  }
}

}  // namespace mailrun::engine::t1853::data_internal
