// The 1947 map as SVG (see board_svg.h).
#include "engine/titles/t1947/board_svg.h"

#include <cmath>
#include <map>
#include <optional>

#include "engine/core/structured_text.h"
#include "engine/core/track/track_network.h"
#include "engine/render/label_placer.h"
#include "engine/render/svg_canvas.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

using render::Point;
using render::SvgCanvas;
using render::TextStyle;

constexpr double kSize = 34;  // centre to corner
constexpr double kMarginX = 100;
constexpr double kMarginY = 80;

Point Centre(int column, int row) {
  return Point{kMarginX + kSize + 1.5 * kSize * column, kMarginY + std::sqrt(3.0) / 2 * kSize * row};
}

// The middle of an edge, as a direction from the centre (screen y grows downwards).
Point EdgeDirection(const std::string& edge) {
  static const std::map<std::string, double> kAngle = {{"N", 270}, {"NE", 330}, {"SE", 30}, {"S", 90}, {"SW", 150}, {"NW", 210}};
  double a = kAngle.at(edge) * M_PI / 180;
  return Point{std::cos(a), std::sin(a)};
}

TextStyle Style(double size, std::string fill, std::string anchor = "middle", std::string weight = "normal",
                std::string halo = "") {
  TextStyle style;
  style.size = size;
  style.fill = std::move(fill);
  style.anchor = std::move(anchor);
  style.weight = std::move(weight);
  style.halo = std::move(halo);
  return style;
}

std::string TerrainFill(const std::string& terrain) {
  static const std::map<std::string, std::string> kFill = {
      {"desert", "#f1d79e"}, {"swamp", "#a9cfae"}, {"mountain", "#a88a66"}, {"hill", "#d2bd92"}, {"river", "#cfe4f5"}};
  auto it = kFill.find(terrain);
  return it == kFill.end() ? "#f6f2e4" : it->second;
}

std::string TileColourFill(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return "#f4e04d";
    case TileColour::kGreen: return "#6dbb6d";
    case TileColour::kBrown: return "#b9834a";
    case TileColour::kGrey: return "#b5b5b5";
  }
  return "#fff";
}

// The track of the tile on a hex: lines from edge to edge (curved through the middle) and from
// edges to the city or town in the middle; the hex in the tile's colour underneath.
void DrawTrack(SvgCanvas& svg, Point c, const TileDef& tile, int rotation) {
  std::vector<Point> corners;
  for (int i = 0; i < 6; ++i) corners.push_back(c + Point{std::cos(i * M_PI / 3), std::sin(i * M_PI / 3)} * kSize);
  svg.Polygon(corners, TileColourFill(tile.colour), "#777", 0.8);
  auto at = [&](const PathEnd& end) {
    return end.kind == PathEnd::Kind::kEdge ? c + EdgeDirection(EdgeName1947(BoardEdge(end.index, rotation))) * (kSize * 0.866) : c;
  };
  for (const TilePath& path : tile.paths) {
    const Point a = at(path.a), b = at(path.b);
    svg.Path("M " + std::to_string(a.x) + " " + std::to_string(a.y) + " Q " + std::to_string(c.x) + " " + std::to_string(c.y) +
                 " " + std::to_string(b.x) + " " + std::to_string(b.y),
             "#222", 4);
  }
  if (!tile.stations.empty() && tile.stations[0].kind == StationKind::kSmall) svg.Circle(c, 4, "#000", "none", 0);
}

// The texts of the tile on a hex, where `labels` finds room: its revenue and (a laid tile) its id.
void DrawTrackTexts(SvgCanvas& svg, render::LabelPlacer& labels, Point c, const TileDef& tile) {
  if (!tile.stations.empty()) {
    labels.Text(svg, c + Point{kSize * 0.45, -kSize * 0.3}, std::to_string(tile.stations[0].revenue), Style(7, "#000", "middle", "bold", "#fff"));
  }
  if (!tile.preprinted) labels.Text(svg, c + Point{-kSize * 0.45, -kSize * 0.3}, "#" + tile.id, Style(6, "#333"));
}

// A city's station spaces side by side, each with the initials of the railway holding it.
void DrawStations(SvgCanvas& svg, render::LabelPlacer& labels, Point c, const TileStation& station,
                  const std::vector<std::string>& holders) {
  const int spaces = std::max(station.token_slots, static_cast<int>(holders.size()));
  for (int i = 0; i < spaces; ++i) {
    const Point at = c + Point{(i - (spaces - 1) / 2.0) * 15, 0};
    labels.BlockCircle(at, 7.6);
    svg.Circle(at, 7, i < static_cast<int>(holders.size()) ? "#fff3b0" : "#fff", "#000", 1.2);
    if (i < static_cast<int>(holders.size())) svg.Text(at, holders[i], Style(5, "#000", "middle", "bold"));
  }
}

}  // namespace

std::string DrawBoard1947(const T1947Data& data) { return *DrawBoard1947(data, BoardOverlay{}); }

Result<std::string> DrawBoard1947(const T1947Data& data, const BoardOverlay& overlay) {
  BoardState laid;
  for (const LaidTile& t : overlay.tiles) {
    const std::string name = HexName1947(t.hex);
    if (!data.MapHex(t.hex)) return Malformed("1947.refusal.board.no_such_hex", "no hex " + name + " on the 1947 map").With({param::Hex("hex", name)});
    const TileDef* tile = data.board.data.Tile(t.tile_id);
    if (!tile || tile->preprinted) return Malformed("1947.refusal.board.no_such_tile", "no 1947 tile " + t.tile_id).With({param::Tile("tile", t.tile_id)});
    if (t.rotation < 0 || t.rotation > 5) return Malformed("1947.refusal.board.bad_rotation", "a rotation is 0 to 5, not " + std::to_string(t.rotation)).With({param::Count("rotation", t.rotation)});
    laid.tiles.Set(t.hex, PlacedTile{t.tile_id, t.rotation});
  }
  std::map<HexCoord, std::vector<std::string>> holders;
  for (const PlacedToken& token : overlay.tokens) {
    const std::optional<TileOnHex> on = TileOn(data.board.data, laid, token.hex);
    const std::string name = HexName1947(token.hex);
    // 6.7: a home station stands on its printed city before any tile is laid there.
    const HexDef1947* printed = data.MapHex(token.hex);
    const bool on_printed_city = !on && printed && !printed->city.empty() && !printed->grey;
    if (token.station != 0 ||
        (!on_printed_city && (!on || on->tile->stations.empty() || on->tile->stations[0].kind != StationKind::kLarge))) {
      return Malformed("1947.refusal.board.no_city_station", "no city station " + std::to_string(token.station) + " on " + name)
          .With({param::Hex("hex", name), param::Count("station", token.station)});
    }
    holders[token.hex].push_back(token.company);
  }
  int max_column = 0;
  int max_row = 0;
  for (const HexDef1947& h : data.hexes) {
    max_column = std::max(max_column, h.column);
    max_row = std::max(max_row, h.row);
  }
  double width = Centre(max_column, 0).x + kSize + kMarginX + 120;
  double height = Centre(0, max_row).y + kSize + 60;
  SvgCanvas svg(width, height);
  svg.Rect(Point{0, 0}, width, height, 0, "#cfe3f3", "none", 0);
  TextStyle title = Style(18, "#000", "start", "bold");
  svg.Text(Point{20, 22}, "1947: the map", title);
  if (data.map_reconstructed) {
    // The note in lines of at most ~110 characters, broken between words.
    std::string note = "RECONSTRUCTED: " + data.map_summary;
    double y = 42;
    while (!note.empty()) {
      size_t cut = note.size() <= 110 ? note.size() : note.rfind(' ', 110);
      if (cut == std::string::npos || cut == 0) cut = std::min<size_t>(note.size(), 110);
      svg.Text(Point{20, y}, note.substr(0, cut), Style(11, "#a00000", "start", "bold"));
      note = note.substr(std::min(note.size(), cut + 1));
      y += 15;
    }
  }
  std::map<std::string, const HexDef1947*> by_name;
  for (const HexDef1947& h : data.hexes) by_name[h.name] = &h;
  // First every hex's drawing, whose marks block their places; then the texts of all hexes, the
  // most important first (names, then initials and hex ids, then costs and the rest), each where
  // the placer finds room (engine/render/label_placer.h).
  render::LabelPlacer labels;
  std::map<std::string, std::optional<TileOnHex>> tile_on;
  for (const HexDef1947& h : data.hexes) {
    Point c = Centre(h.column, h.row);
    labels.SetHex(c, kSize, true);
    std::vector<Point> corners;
    for (int i = 0; i < 6; ++i) corners.push_back(c + Point{std::cos(i * M_PI / 3), std::sin(i * M_PI / 3)} * kSize);
    svg.Polygon(corners, h.grey ? "#b5b5b5" : (h.preprinted.empty() ? TerrainFill(h.terrain) : "#f4e04d"), "#777", 0.8);
    const HexCoord coord = *ParseHex1947(h.name);
    const std::optional<TileOnHex> on = h.grey ? std::nullopt : TileOn(data.board.data, laid, coord);
    tile_on[h.name] = on;
    if (on) DrawTrack(svg, c, *on->tile, on->rotation);
    if (h.monsoon) {
      svg.Circle(c + Point{kSize * 0.52, -kSize * 0.55}, 3, "#2a7de1", "none", 0);
      labels.BlockCircle(c + Point{kSize * 0.52, -kSize * 0.55}, 3.5);
    }
    for (const std::string& e : h.grey_exits) svg.Line(c, c + EdgeDirection(e) * (kSize * 0.87), "#333", 4);
    for (const std::string& e : h.trading_posts) {
      Point at = c + EdgeDirection(e) * (kSize * 0.8);
      svg.Line(c, at, "#2e8b3a", 2);
      svg.Rect(at + Point{-4, -4}, 8, 8, 1, "#fff", "#2e8b3a", 1.5);
      labels.BlockBox({at.x - 5, at.y - 5, at.x + 5, at.y + 5});
    }
    for (const std::string& e : h.dead_ends) svg.Line(c, c + EdgeDirection(e) * (kSize * 0.8), "#444", 2, "3,2");
    if (!h.city.empty()) {
      svg.Circle(c, 8, "#fff", "#000", 1.2);
      labels.BlockCircle(c, 8.6);
      if (h.grey) svg.Text(c, "x", Style(10, "#000"));
    } else if (!h.town.empty()) {
      svg.Circle(c, 4, "#000", "none", 0);
      labels.BlockCircle(c, 4.5);
    }
  }
  for (const ExpatriationSiteDef& s : data.sites) {
    const HexDef1947& h = *by_name.at(s.hex);
    Point c = Centre(h.column, h.row);
    Point d = EdgeDirection(s.edge);
    Point a = c + Point{d.x * 0.87 - d.y * 0.5, d.y * 0.87 + d.x * 0.5} * kSize;
    Point b = c + Point{d.x * 0.87 + d.y * 0.5, d.y * 0.87 - d.x * 0.5} * kSize;
    svg.Line(a, b, "#d00000", 4);
  }
  std::vector<Point> temples;
  for (const RailwayDef& r : data.railways) {
    const HexDef1947& temple = *by_name.at(r.temple);
    Point t = Centre(temple.column, temple.row) + Point{-kSize * 0.55, -kSize * 0.1};
    svg.Rect(t + Point{-6, -6}, 12, 12, 2, "#fff", "#8b0000", 2);
    labels.BlockBox({t.x - 7, t.y - 7, t.x + 7, t.y + 7});
    temples.push_back(t);
  }
  for (const auto& [hex, companies] : holders) {
    const HexDef1947* h = data.MapHex(hex);
    labels.SetHex(Centre(h->column, h->row), kSize, true);
    const std::optional<TileOnHex> on = TileOn(data.board.data, laid, hex);
    TileStation printed_city;  // an untiled printed city: one space
    printed_city.kind = StationKind::kLarge;
    printed_city.token_slots = 1;
    DrawStations(svg, labels, Centre(h->column, h->row), on ? on->tile->stations[0] : printed_city, companies);
  }
  // The names of cities and towns.
  for (const HexDef1947& h : data.hexes) {
    Point c = Centre(h.column, h.row);
    labels.SetHex(c, kSize, true);
    if (!h.city.empty()) {
      labels.Text(svg, c + Point{0, 15}, h.city, Style(8, "#000", "middle", "bold", "#fff"));
    } else if (!h.town.empty()) {
      labels.Text(svg, c + Point{0, 12}, h.town, Style(7, "#222", "middle", "normal", "#fff"));
    }
  }
  // The expatriation sites' names, off the map's edge.
  for (const ExpatriationSiteDef& s : data.sites) {
    const HexDef1947& h = *by_name.at(s.hex);
    const Point label = Centre(h.column, h.row) + EdgeDirection(s.edge) * (kSize * 1.45);
    labels.SetHex(label, kSize * 1.6, true);
    labels.Text(svg, label, s.name + " (" + std::to_string(s.workers) + (s.workers == 1 ? " worker)" : " workers)"),
                Style(8, "#a00000", "middle", "bold", "#fff"));
  }
  // The railways' homes, the hexes' ids.
  for (const RailwayDef& r : data.railways) {
    const HexDef1947& home = *by_name.at(r.home);
    labels.SetHex(Centre(home.column, home.row), kSize, true);
    labels.Text(svg, Centre(home.column, home.row) + Point{0, -kSize * 0.42}, r.initials, Style(8, "#00008b", "middle", "bold", "#fff"));
  }
  for (const HexDef1947& h : data.hexes) {
    Point c = Centre(h.column, h.row);
    labels.SetHex(c, kSize, true);
    labels.Text(svg, c + Point{0, -kSize * 0.68}, h.name, Style(7, "#555"));
  }
  // Costs, the tiles' revenues and ids; then the temples.
  for (const HexDef1947& h : data.hexes) {
    Point c = Centre(h.column, h.row);
    labels.SetHex(c, kSize, true);
    if (h.cost > 0) labels.Text(svg, c + Point{-kSize * 0.5, kSize * 0.5}, std::to_string(h.cost), Style(8, "#5a3a10", "middle", "bold"));
    if (h.upgrade_cost > 0) {
      labels.Text(svg, c + Point{kSize * 0.5, kSize * 0.5}, std::to_string(h.upgrade_cost), Style(8, "#0a6a0a", "middle", "bold"));
    }
    const std::optional<TileOnHex>& on = tile_on[h.name];
    if (on) DrawTrackTexts(svg, labels, c, *on->tile);
  }
  for (size_t i = 0; i < data.railways.size(); ++i) {
    const RailwayDef& r = data.railways[i];
    const HexDef1947& temple = *by_name.at(r.temple);
    labels.SetHex(Centre(temple.column, temple.row), kSize, true);
    // "temple EIR" below its marker, or the initials alone where the longer text finds no room.
    const TextStyle style = Style(6, "#8b0000", "middle", "bold", "#fff");
    const std::string text = "temple " + r.initials;
    if (const auto at = labels.TryPlaceText(temples[i] + Point{0, 13}, text, style, 1.2)) {
      svg.Text(*at, text, style);
    } else {
      labels.Text(svg, temples[i] + Point{0, 13}, r.initials, style);
    }
  }
  double ly = height - 40;
  TextStyle legend = Style(9, "#000", "start");
  svg.Circle(Point{kMarginX + 5, ly}, 3, "#2a7de1", "none", 0);
  svg.Text(Point{kMarginX + 14, ly}, "monsoon zone (6.13.2)", legend);
  double x = kMarginX + 150;
  for (const char* t : {"hill", "mountain", "river", "swamp", "desert"}) {
    svg.Rect(Point{x, ly - 6}, 12, 12, 1, TerrainFill(t), "#777", 0.8);
    svg.Text(Point{x + 16, ly}, t, legend);
    x += 80;
  }
  svg.Line(Point{x, ly}, Point{x + 20, ly}, "#d00000", 4);
  svg.Text(Point{x + 26, ly}, "expatriation site (6.10)", legend);
  svg.Rect(Point{x + 170, ly - 4}, 8, 8, 1, "#fff", "#2e8b3a", 1.5);
  svg.Text(Point{x + 182, ly}, "trading post (6.9)", legend);
  svg.Rect(Point{x + 290, ly - 6}, 12, 12, 1, "#f4e04d", "#777", 0.8);
  svg.Text(Point{x + 306, ly}, "yellow city, no tile number: preprinted", legend);
  return std::string(svg.Finish());
}

}  // namespace mailrun::engine::t1947
