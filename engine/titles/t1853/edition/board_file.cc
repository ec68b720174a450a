// board.json: the cells of the hex grid, what each playable hex shows, the margins and the buff
// edges (1.3, 4.1.11, 4.1.13, 4.1.15, 4.2.12). Every cell of the grid not listed is sea.
#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "engine/titles/t1853/edition/data_files.h"

namespace mailrun::engine::t1853::data_internal {
namespace {

constexpr int kIndexStride = EditionData::kHexIndexStride;

struct Grid {
  int first_row = 0, last_row = 0, first_col = 0, last_col = 0;
  bool Contains(HexCoord hex) const {
    return hex.row >= first_row && hex.row <= last_row && hex.col >= first_col && hex.col <= last_col &&
           (hex.row + hex.col) % 2 == 1;
  }
};

// The cell named `name`, which must be a cell of the grid.
HexDef* CellNamed(const std::string& name, const Grid& grid, EditionData* data, const Where& where) {
  const auto coord = ParseHexName(name);
  if (!coord) where.Fail(fmt::format("{} is not a hex name (row A-V, column a-ak, e.g. \"Jab\")", Quoted(name)));
  if (!grid.Contains(*coord)) {
    where.Fail(fmt::format("{} is not a cell of the grid (rows and columns alternate: in row {} the columns are {})",
                           Quoted(name), name.substr(0, 1), coord->row % 2 == 0 ? "a, c, e, ..." : "b, d, f, ..."));
  }
  return MutableHex(data, *coord);
}

int TerrainCostRank(Terrain terrain) { return static_cast<int>(terrain); }

void ReadHex(const Json& value, const Grid& grid, const Where& file_where, EditionData* data) {
  const Where where = file_where.Entry(EntryName("hex", value, "hex"));
  Fields fields(value, where, {"hex", "terrain", "towns", "frontier", "ganges", "preprinted", "buff_edges"});
  HexDef* hex = CellNamed(fields.String("hex"), grid, data, where);
  if (hex->playable) where.Fail("listed twice");
  hex->playable = true;
  hex->outside = HexDef::Outside::kNone;
  for (const std::string& feature : fields.Strings("terrain")) {
    const auto terrain = ParseTerrain(feature);
    if (!terrain) {
      fields.Fail("terrain", fmt::format("{} is not a terrain (river, multiple_river, hill, mountain, himalaya)", Quoted(feature)));
    }
    if (std::find(hex->terrain_features.begin(), hex->terrain_features.end(), *terrain) != hex->terrain_features.end()) {
      fields.Fail("terrain", fmt::format("{} is listed twice", Quoted(feature)));
    }
    hex->terrain_features.push_back(*terrain);
  }
  // Most expensive first: TABLE 4 costs grow with the enum's order.
  std::sort(hex->terrain_features.begin(), hex->terrain_features.end(),
            [](Terrain a, Terrain b) { return TerrainCostRank(a) > TerrainCostRank(b); });
  hex->terrain = hex->terrain_features.empty() ? Terrain::kNone : hex->terrain_features.front();
  hex->towns = fields.Int("towns", 0);
  if (hex->towns < 0 || hex->towns > 2) fields.Fail("towns", "a hex shows 0, 1 or 2 towns");
  hex->frontier_value = fields.OptionalInt("frontier");
  if (hex->frontier_value && *hex->frontier_value <= 0) fields.Fail("frontier", "a frontier post pays a positive sum (4.1.15)");
  hex->ganges_area = fields.Bool("ganges", false);
  if (fields.Has("preprinted")) {
    Fields pre(fields.Object("preprinted"), where.Sub("preprinted"), {"tile", "rotation"});
    const std::string tile_id = pre.String("tile");
    const TileDef* tile = data->Tile(tile_id);
    if (tile == nullptr) pre.Fail("tile", fmt::format("no tile {} in tiles.json", Quoted(tile_id)));
    if (!tile->preprinted) pre.Fail("tile", fmt::format("tile {} is not a preprinted tile", Quoted(tile_id)));
    const int rotation = pre.Int("rotation", 0);
    if (rotation < 0 || rotation > 5) pre.Fail("rotation", "must be 0 to 5");
    hex->preprinted = PreprintedTile{tile_id, rotation};
  }
  // Buff edges: where the buff land runs off the edge of the board (4.1.11).
  for (const std::string& edge_name : fields.Strings("buff_edges")) {
    const auto edge = ParseEdgeName(edge_name);
    if (!edge) fields.Fail("buff_edges", fmt::format("{} is not an edge (SW, W, NW, NE, E, SE)", Quoted(edge_name)));
    if (grid.Contains(Neighbour(hex->coord, *edge))) {
      fields.Fail("buff_edges", fmt::format("edge {} faces {}, a cell of the grid; a buff edge faces the edge of the board",
                                            edge_name, HexName(Neighbour(hex->coord, *edge))));
    }
    hex->edge_blocked[*edge] = false;
  }
}

}  // namespace

void ReadBoard(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"grid", "hexes", "margins", "reconstructed"});
  // A board reconstructed from the rules text rather than read off a printed board says so
  // (DESIGN.md: the API shows it to players).
  data->board_reconstructed = file.Bool("reconstructed", false);
  Fields grid_fields(file.Object("grid"), where.Entry("grid"), {"rows", "columns"});
  const auto [first_row, last_row] = ReadRange(grid_fields, "rows", true);
  const auto [first_col, last_col] = ReadRange(grid_fields, "columns", false);
  const Grid grid{first_row, last_row, first_col, last_col};

  data->hex_index.assign(22 * kIndexStride, -1);
  for (int row = first_row; row <= last_row; ++row) {
    for (int col = first_col; col <= last_col; ++col) {
      if (!grid.Contains({row, col})) continue;
      HexDef cell;
      cell.coord = {row, col};
      cell.outside = HexDef::Outside::kSea;
      cell.edge_blocked.fill(true);
      data->hex_index[row * kIndexStride + col] = static_cast<int>(data->hexes.size());
      data->hexes.push_back(cell);
    }
  }
  for (const Json& value : file.Array("hexes")) ReadHex(value, grid, where, data);

  Fields margins(file.Object("margins"), where.Entry("margins"), {"dark_grey", "dark_green"});
  for (const auto& [key, kind] : {std::pair{"dark_grey", HexDef::Outside::kDarkGrey},
                                  std::pair{"dark_green", HexDef::Outside::kDarkGreen}}) {
    for (const std::string& name : margins.Strings(key)) {
      const Where cell_where = where.Entry(fmt::format("margins: {} {}", key, Quoted(name)));
      HexDef* cell = CellNamed(name, grid, data, cell_where);
      if (cell->playable) cell_where.Fail("is a playable hex in \"hexes\"");
      if (cell->outside != HexDef::Outside::kSea) cell_where.Fail("listed twice");
      cell->outside = kind;
    }
  }

  // 4.1.11: track may run towards another playable hex, or off the board at a buff edge; never
  // into the sea or the margins. ReadHex opened the buff edges.
  for (HexDef& hex : data->hexes) {
    if (!hex.playable) continue;
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = data->Hex(Neighbour(hex.coord, edge));
      if (next != nullptr && next->playable) hex.edge_blocked[edge] = false;
    }
  }
}

}  // namespace mailrun::engine::t1853::data_internal
