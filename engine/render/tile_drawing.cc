#include "engine/render/tile_drawing.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace mailrun::engine::render {
namespace {

constexpr double kDegrees = std::numbers::pi / 180.0;
const char* const kTrack = "#1a1a1a";

double EdgeAngle(int edge) { return (120.0 + 60.0 * edge) * kDegrees; }

// A cubic curve between two edge midpoints, bending through the middle of the hex; a straight
// line between opposite edges.
struct Curve {
  Point a, c1, c2, b;
  Point At(double t) const {
    const double u = 1 - t;
    return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t);
  }
  Point Tangent(double t) const {
    const double u = 1 - t;
    return (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t);
  }
  std::string Svg() const {
    return fmt::format("M{},{} C{},{} {},{} {},{}", Num(a.x), Num(a.y), Num(c1.x), Num(c1.y), Num(c2.x), Num(c2.y),
                       Num(b.x), Num(b.y));
  }
};

Curve EdgeCurve(Point centre, double radius, int edge_a, int edge_b) {
  const Point a = EdgeMidpoint(centre, radius, edge_a);
  const Point b = EdgeMidpoint(centre, radius, edge_b);
  if ((edge_a + 3) % 6 == edge_b) return Curve{a, a + (b - a) * (1.0 / 3), a + (b - a) * (2.0 / 3), b};
  return Curve{a, a + (centre - a) * 0.55, b + (centre - b) * 0.55, b};
}

void Stroke(SvgCanvas& canvas, const std::string& d, Gauge gauge, double radius) {
  const double width = radius * 0.12;
  switch (gauge) {
    case Gauge::kBroad:
      canvas.Path(d, kTrack, width);
      break;
    case Gauge::kMetre:  // 4.1.6: a black and white dashed line
      canvas.Path(d, "#ffffff", width, "", "butt");
      canvas.Path(d, kTrack, width, fmt::format("{} {}", Num(radius * 0.14), Num(radius * 0.09)), "butt");
      break;
    case Gauge::kDual:  // both gauges: drawn as a double line
      canvas.Path(d, kTrack, width * 1.6);
      canvas.Path(d, "#ffffff", width * 0.5);
      break;
  }
}

std::string LineSvg(Point a, Point b) { return fmt::format("M{},{} L{},{}", Num(a.x), Num(a.y), Num(b.x), Num(b.y)); }

// The direction (radians) in the middle of the widest gap between `taken` directions.
double WidestGap(std::vector<double> taken, double fallback) {
  if (taken.empty()) return fallback;
  for (double& angle : taken) angle = std::fmod(std::fmod(angle, 2 * std::numbers::pi) + 2 * std::numbers::pi, 2 * std::numbers::pi);
  std::sort(taken.begin(), taken.end());
  double best_gap = -1, best = fallback;
  for (size_t i = 0; i < taken.size(); ++i) {
    const double from = taken[i];
    const double to = i + 1 < taken.size() ? taken[i + 1] : taken[0] + 2 * std::numbers::pi;
    const double middle = (from + to) / 2;
    // Of equal gaps, the one higher up in the hex: city names go below.
    if (to - from > best_gap + 1e-6 || (to - from > best_gap - 1e-6 && std::sin(middle) < std::sin(best))) {
      best_gap = std::max(best_gap, to - from);
      best = middle;
    }
  }
  return best;
}

Point Polar(Point centre, double distance, double angle) {
  return centre + Point{std::cos(angle), std::sin(angle)} * distance;
}


// The token spaces of a large station around `at`, drawn as circles in one outline (4.5.7).
std::vector<Point> LargeStation(SvgCanvas& canvas, Point at, int slots, double radius) {
  slots = std::max(slots, 1);
  const double r = slots == 1 ? radius * 0.2 : radius * 0.17;
  const double step = r * 2.1;
  std::vector<Point> spaces;
  for (int i = 0; i < slots; ++i) spaces.push_back(at + Point{(i - (slots - 1) / 2.0) * step, 0});
  if (slots > 1) {
    const double width = step * (slots - 1) + 2 * r + radius * 0.08;
    const double height = 2 * r + radius * 0.08;
    canvas.Rect(at - Point{width / 2, height / 2}, width, height, height / 2, "#ffffff", kTrack, radius * 0.03);
  }
  for (const Point& space : spaces) canvas.Circle(space, r, "#ffffff", kTrack, radius * 0.03);
  return spaces;
}

// A revenue's disc: its radius with the outline.
double RevenueRadius(double radius) { return radius * (0.16 + 0.0125); }

}  // namespace

std::vector<Point> HexCorners(Point centre, double radius) {
  std::vector<Point> corners;
  for (int k = 0; k < 6; ++k) corners.push_back(Polar(centre, radius, (-90.0 + 60.0 * k) * kDegrees));
  return corners;
}

Point EdgeDirection(int edge) { return Point{std::cos(EdgeAngle(edge)), std::sin(EdgeAngle(edge))}; }

Point EdgeMidpoint(Point centre, double radius, int edge) {
  return centre + EdgeDirection(edge) * (radius * std::sqrt(3.0) / 2);
}

std::string TileFill(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return "#f6d743";
    case TileColour::kGreen: return "#6fbf5f";
    case TileColour::kBrown: return "#b9804a";
    case TileColour::kGrey: return "#b4b4b4";
  }
  return "#ffffff";
}

TileLayout DrawTile(SvgCanvas& canvas, const TileDef& tile, int rotation, Point centre, double radius, LabelPlacer& labels) {
  canvas.Polygon(HexCorners(centre, radius * 0.97), TileFill(tile.colour), "#555555", radius * 0.02);
  auto board_edge = [&](int edge) { return (edge + rotation) % 6; };
  const size_t n = tile.stations.size();

  // Each station's edges (board orientation) and its neighbouring stations.
  std::vector<std::vector<int>> edges_of(n);
  std::vector<std::vector<int>> linked(n);
  for (const TilePath& path : tile.paths) {
    for (int side = 0; side < 2; ++side) {
      const PathEnd& here = side == 0 ? path.a : path.b;
      const PathEnd& there = side == 0 ? path.b : path.a;
      if (here.kind != PathEnd::Kind::kStation) continue;
      if (there.kind == PathEnd::Kind::kEdge) edges_of[here.index].push_back(board_edge(there.index));
      if (there.kind == PathEnd::Kind::kStation) linked[here.index].push_back(there.index);
    }
  }

  // Where the stations go. Separate terminal stations sit by their edge; a lone station in the
  // middle; towns of a two-town tile along their own line.
  TileLayout layout;
  layout.stations.assign(n, centre);
  std::vector<std::optional<Point>> tangent(n);
  std::vector<bool> on_line(n, false);
  std::vector<std::pair<Curve, Gauge>> lines;
  const bool separate_terminals =
      n > 1 && std::all_of(tile.stations.begin(), tile.stations.end(), [](const TileStation& s) { return s.terminal; });
  if (separate_terminals) {
    for (size_t s = 0; s < n; ++s) {
      // By the hex's side, leaving the middle to the city's name and value.
      layout.stations[s] = Polar(centre, radius * 0.66, EdgeAngle(edges_of[s].front()));
    }
  } else if (n > 1) {
    std::vector<std::pair<size_t, double>> placed;  // station, parameter on its curve
    std::vector<int> curve_of(n, -1);
    for (size_t s = 0; s < n; ++s) {
      if (on_line[s]) continue;
      if (edges_of[s].size() == 2) {
        lines.push_back({EdgeCurve(centre, radius, edges_of[s][0], edges_of[s][1]), tile.paths.front().gauge});
        curve_of[s] = static_cast<int>(lines.size()) - 1;
        placed.push_back({s, 0.5});
        on_line[s] = true;
      } else if (edges_of[s].size() == 1 && linked[s].size() == 1 && edges_of[linked[s][0]].size() == 1) {
        const size_t partner = static_cast<size_t>(linked[s][0]);
        lines.push_back({EdgeCurve(centre, radius, edges_of[s][0], edges_of[partner][0]), tile.paths.front().gauge});
        curve_of[s] = curve_of[partner] = static_cast<int>(lines.size()) - 1;
        placed.push_back({s, 1.0 / 3});
        placed.push_back({partner, 2.0 / 3});
        on_line[s] = on_line[partner] = true;
      }
    }
    for (auto& [s, t] : placed) layout.stations[s] = lines[curve_of[s]].first.At(t);
    // Two towns on crossing lines would meet in the middle: move them apart along their lines.
    for (size_t i = 0; i < placed.size(); ++i) {
      for (size_t j = i + 1; j < placed.size(); ++j) {
        auto& [si, ti] = placed[i];
        auto& [sj, tj] = placed[j];
        if (Distance(layout.stations[si], layout.stations[sj]) > radius * 0.3) continue;
        ti = 0.3;
        tj = 0.7;
        layout.stations[si] = lines[curve_of[si]].first.At(ti);
        layout.stations[sj] = lines[curve_of[sj]].first.At(tj);
      }
    }
    for (auto& [s, t] : placed) tangent[s] = lines[curve_of[s]].first.Tangent(t);
  }

  // Track: the towns' own lines, then every other path.
  for (const auto& [curve, gauge] : lines) Stroke(canvas, curve.Svg(), gauge, radius);
  std::vector<double> taken;
  for (const TilePath& path : tile.paths) {
    const PathEnd* edge = path.a.kind == PathEnd::Kind::kEdge ? &path.a : (path.b.kind == PathEnd::Kind::kEdge ? &path.b : nullptr);
    const PathEnd& other = edge == &path.a ? path.b : path.a;
    if (edge != nullptr) taken.push_back(EdgeAngle(board_edge(edge->index)));
    if (edge == nullptr) continue;  // station to station: drawn with the towns' line
    const Point from = EdgeMidpoint(centre, radius, board_edge(edge->index));
    switch (other.kind) {
      case PathEnd::Kind::kEdge:
        Stroke(canvas, EdgeCurve(centre, radius, board_edge(edge->index), board_edge(other.index)).Svg(), path.gauge, radius);
        break;
      case PathEnd::Kind::kJunction:
        Stroke(canvas, LineSvg(from, centre), path.gauge, radius);
        break;
      case PathEnd::Kind::kStation:
        if (!on_line[other.index]) Stroke(canvas, LineSvg(from, layout.stations[other.index]), path.gauge, radius);
        break;
    }
  }
  for (const TileJunction& junction : tile.junctions) {
    if (junction.kind == TileJunction::Kind::kHub) canvas.Circle(centre, radius * 0.1, kTrack, kTrack, 0);
  }

  // Stations, and where their revenues would like to go.
  layout.spaces.assign(n, {});
  for (size_t s = 0; s < n; ++s) {
    const TileStation& station = tile.stations[s];
    const Point at = layout.stations[s];
    if (station.kind == StationKind::kLarge) {
      layout.spaces[s] = LargeStation(canvas, at, station.token_slots, radius);
      layout.space_radius = station.token_slots > 1 ? radius * 0.17 : radius * 0.2;
      for (const Point& space : layout.spaces[s]) labels.BlockCircle(space, layout.space_radius + radius * 0.015);
      if (separate_terminals) {
        taken.push_back(EdgeAngle(edges_of[s].front()));
        continue;
      }
      taken.push_back(std::numbers::pi / 2);  // the city's name goes below the station
      if (station.token_slots > 1) {
        // A row of token spaces fills the middle from side to side: the revenue goes on top,
        // between the two upper lines.
        for (double angle : {0.0, std::numbers::pi, 1.5 * std::numbers::pi}) taken.push_back(angle);
        layout.revenues.push_back({at + Point{0, -radius * 0.47}, station.revenue});
        continue;
      }
      const double angle = WidestGap(taken, -std::numbers::pi / 4);
      layout.revenues.push_back({Polar(at, radius * 0.48, angle), station.revenue});
      taken.push_back(angle);
    } else if (tangent[s]) {
      const Point t = *tangent[s] * (1.0 / std::max(1e-9, Distance(*tangent[s], Point{})));
      const Point normal{-t.y, t.x};
      canvas.Line(at - normal * (radius * 0.17), at + normal * (radius * 0.17), kTrack, radius * 0.1);
      labels.BlockCircle(at, radius * 0.17);
      Point away = at - centre;
      if (Distance(away, Point{}) < radius * 0.05) away = normal;
      const Point side = (normal.x * away.x + normal.y * away.y) >= 0 ? normal : normal * -1.0;
      layout.revenues.push_back({at + side * (radius * 0.33), station.revenue});
    } else {
      canvas.Circle(at, radius * 0.12, kTrack, "#ffffff", radius * 0.03);
      labels.BlockCircle(at, radius * 0.135);
      const double angle = WidestGap(taken, -std::numbers::pi / 4);
      layout.revenues.push_back({Polar(at, radius * 0.42, angle), station.revenue});
      taken.push_back(angle);
    }
  }
  layout.centre_free = separate_terminals;
  if (separate_terminals) {
    const double angle = WidestGap(taken, std::numbers::pi / 2);
    layout.revenues.push_back({Polar(centre, radius * 0.64, angle), tile.stations.front().revenue});
    taken.push_back(angle);
  }
  if (!tile.label.empty()) {
    const double angle = WidestGap(taken, std::numbers::pi);
    layout.label_at = Polar(centre, radius * 0.64, angle);
    taken.push_back(angle);
  }
  layout.free_direction = WidestGap(taken, -std::numbers::pi / 2);
  return layout;
}

void DrawTileMarks(SvgCanvas& canvas, const TileDef& tile, const TileLayout& layout, Point centre, double radius,
                   LabelPlacer& labels) {
  for (const auto& [preferred, value] : layout.revenues) {
    const Point at = labels.PlaceCircle(preferred, RevenueRadius(radius));
    canvas.Circle(at, radius * 0.16, "#ffffff", kTrack, radius * 0.025);
    canvas.Text(at, std::to_string(value), TextStyle{radius * 0.17, kTrack, "middle", "bold", ""});
  }
  if (!tile.label.empty()) {
    labels.Text(canvas, layout.label_at, tile.label, TextStyle{radius * 0.19, kTrack, "middle", "bold", "#ffffff"});
  }
  if (!tile.preprinted) {
    labels.Text(canvas, centre + Point{0, radius * 0.8}, tile.id, TextStyle{radius * 0.15, "#333333", "middle", "normal", ""});
  }
}

}  // namespace mailrun::engine::render
