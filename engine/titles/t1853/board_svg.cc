#include "engine/titles/t1853/board_svg.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>

#include "engine/core/structured_text.h"
#include "engine/render/label_placer.h"
#include "engine/render/svg_canvas.h"
#include "engine/render/tile_drawing.h"
#include "engine/titles/t1853/rule_citations.h"

namespace mailrun::engine::t1853 {
namespace {

using render::Point;
using render::SvgCanvas;
using render::TextStyle;

constexpr double kR = 46;  // hex circumradius in pixels
const double kW = std::sqrt(3.0) * kR;  // hex width; neighbours in a row are kW apart
constexpr double kMargin = 16;
constexpr double kHeader = 54;

const char* const kSea = "#a8cde6";
const char* const kLand = "#f3e4bc";
const char* const kGanges = "#e2c28a";
const char* const kDarkGrey = "#6e6e6e";
const char* const kDarkGreen = "#3d5e3d";
const char* const kInk = "#1a1a1a";
const char* const kHexLine = "#a08c62";
const char* const kRiver = "#2f78c4";

// The hexes a track graph node lies on: one ("Jab.s0", "Kq.j0") or two for an edge ("Iaa/Iy").
std::vector<std::string> NodeHexes(const std::string& node) {
  const size_t slash = node.find('/');
  if (slash != std::string::npos) return {node.substr(0, slash), node.substr(slash + 1)};
  return {node.substr(0, node.find('.'))};
}

// Readable text on a company colour.
std::string TextOn(const std::string& colour) {
  const int r = std::stoi(colour.substr(1, 2), nullptr, 16);
  const int g = std::stoi(colour.substr(3, 2), nullptr, 16);
  const int b = std::stoi(colour.substr(5, 2), nullptr, 16);
  return (0.299 * r + 0.587 * g + 0.114 * b) > 150 ? "#000000" : "#ffffff";
}

std::string TerrainName(Terrain terrain) {
  switch (terrain) {
    case Terrain::kRiver: return "river";
    case Terrain::kMultipleRiver: return "multiple river";
    case Terrain::kHill: return "hill";
    case Terrain::kMountain: return "mountain";
    case Terrain::kHimalaya: return "Himalaya";
    case Terrain::kNone: break;
  }
  return "";
}

class BoardPicture {
 public:
  BoardPicture(const EditionData& data, const BoardOverlay& overlay) : data_(data), overlay_(overlay) {
    first_row_ = 99;
    last_row_ = 0;
    for (const HexDef& hex : data.hexes) {
      first_row_ = std::min(first_row_, hex.coord.row);
      last_row_ = std::max(last_row_, hex.coord.row);
      last_col_ = std::max(last_col_, hex.coord.col);
    }
  }

  Result<std::string> Draw() {
    if (auto status = CheckOverlay(); !status.ok()) return status.error();
    const double width = 2 * kMargin + (last_col_ + 1) * kW / 2;
    const double height = kHeader + 2 * kMargin + (last_row_ - first_row_) * 1.5 * kR + 2 * kR;
    SvgCanvas canvas(width, height);
    canvas.Rect({0, 0}, width, height, 0, "#ffffff", "none", 0);
    canvas.Rect({kMargin, kHeader}, width - 2 * kMargin, height - kHeader - kMargin, 0, kSea, "#7f9fb5", 1);
    DrawCells(canvas);
    if (!overlay_.highlight_area.empty()) DrawArea(canvas);
    DrawBuffEdges(canvas);
    for (const HexDef& hex : data_.hexes) {
      if (hex.playable) DrawHexContents(canvas, hex);
    }
    DrawRuns(canvas);
    DrawHomesAndTokens(canvas);
    for (const HexDef& hex : data_.hexes) {
      if (hex.playable) DrawHexLabels(canvas, hex);
    }
    DrawLegend(canvas);
    DrawTitle(canvas, width);
    return canvas.Finish();
  }

 private:
  Point Centre(HexCoord hex) const {
    return Point{kMargin + hex.col * kW / 2, kHeader + kMargin + kR + (hex.row - first_row_) * 1.5 * kR};
  }

  Status CheckOverlay() {
    for (const LaidTile& laid : overlay_.tiles) {
      const HexDef* hex = data_.Hex(laid.hex);
      const TileDef* tile = data_.Tile(laid.tile_id);
      if (hex == nullptr || !hex->playable) return Malformed("1853.refusal.board_svg.no_playable_hex_tile", fmt::format("no playable hex {} for tile {}", HexName(laid.hex), laid.tile_id)).With({param::Text("hex", HexName(laid.hex)), param::Text("tile", laid.tile_id)});
      if (tile == nullptr) return Malformed("1853.refusal.board_svg.no_tile_laid", fmt::format("no tile {} (laid on {})", laid.tile_id, HexName(laid.hex))).With({param::Text("tile", laid.tile_id), param::Text("hex", HexName(laid.hex))});
      if (laid.rotation < 0 || laid.rotation > 5) return Malformed("1853.refusal.board_svg.rotation_tile_not_0_5", fmt::format("rotation {} of tile {} on {} is not 0..5", laid.rotation, laid.tile_id, HexName(laid.hex))).With({param::Count("rotation", laid.rotation), param::Text("tile", laid.tile_id), param::Text("hex", HexName(laid.hex))});
      if (!laid_.emplace(laid.hex, &laid).second) return Malformed("1853.refusal.board_svg.two_tiles_laid", fmt::format("two tiles laid on {}", HexName(laid.hex))).With({param::Text("hex", HexName(laid.hex))});
    }
    for (const PlacedToken& token : overlay_.tokens) {
      if (data_.Company(token.company) == nullptr) return Malformed("1853.refusal.board_svg.no_company_token", fmt::format("no company {} for a token on {}", token.company, HexName(token.hex))).With({param::Text("company", token.company), param::Text("hex", HexName(token.hex))});
      const HexDef* hex = data_.Hex(token.hex);
      if (hex == nullptr || !hex->playable) return Malformed("1853.refusal.board_svg.no_playable_hex_token", fmt::format("no playable hex {} for the {} token", HexName(token.hex), token.company)).With({param::Text("hex", HexName(token.hex)), param::Text("company", token.company)});
      const int stations = StationCount(*hex);
      if (token.station < 0 || token.station >= stations) {
        return Malformed("1853.refusal.board_svg.station_s_no_station_token", fmt::format("{} has {} station(s); no station {} for the {} token", HexName(token.hex), stations, token.station, token.company)).With({param::Text("hex", HexName(token.hex)), param::Count("stations", stations), param::Count("station", token.station), param::Company("company", token.company)});
      }
    }
    for (const DrawnRun& run : overlay_.runs) {
      if (data_.Company(run.company) == nullptr) return Malformed("1853.refusal.board_svg.no_company_run", fmt::format("no company {} for a run", run.company)).With({param::Text("company", run.company)});
      for (const std::string& node : run.nodes) {
        for (const std::string& name : NodeHexes(node)) {
          const auto hex = ParseHexName(name);
          if (!hex || data_.Hex(*hex) == nullptr) return Malformed("1853.refusal.board_svg.no_hex_run", fmt::format("the {}'s run passes '{}', which is not on the board", run.company, node)).With({param::Company("company", run.company), param::Text("place", node)});
        }
      }
    }
    if (!overlay_.highlight_area.empty() && data_.Company(overlay_.highlight_area) == nullptr) {
      std::string known;
      for (const CompanyDef& company : data_.companies) known += (known.empty() ? "" : ", ") + company.initials;
      return Malformed("1853.refusal.board_svg.no_company_whose_area_show", fmt::format("no company {} whose area to show (known: {})", overlay_.highlight_area, known)).With({param::Text("company", overlay_.highlight_area), param::Text("known", known)});
    }
    return OkStatus();
  }

  // The tile drawn on a hex (laid, else preprinted) and its rotation; nullptr when bare.
  const TileDef* TileOn(const HexDef& hex, int* rotation) const {
    if (auto found = laid_.find(hex.coord); found != laid_.end()) {
      *rotation = found->second->rotation;
      return data_.Tile(found->second->tile_id);
    }
    if (hex.preprinted) {
      *rotation = hex.preprinted->rotation;
      return data_.Tile(hex.preprinted->tile_id);
    }
    return nullptr;
  }

  int StationCount(const HexDef& hex) const {
    int rotation = 0;
    if (const TileDef* tile = TileOn(hex, &rotation)) return static_cast<int>(tile->stations.size());
    return hex.city ? 1 : 0;
  }

  void DrawCells(SvgCanvas& canvas) {
    for (const HexDef& hex : data_.hexes) {
      const auto corners = render::HexCorners(Centre(hex.coord), kR);
      switch (hex.outside) {
        case HexDef::Outside::kNone:
          canvas.Polygon(corners, hex.ganges_area ? kGanges : kLand, kHexLine, 1);
          break;
        case HexDef::Outside::kDarkGrey:
          canvas.Polygon(corners, kDarkGrey, kDarkGrey, 1);
          break;
        case HexDef::Outside::kDarkGreen:
          canvas.Polygon(corners, kDarkGreen, kDarkGreen, 1);
          break;
        case HexDef::Outside::kSea:
          break;
      }
    }
  }

  std::pair<Point, Point> EdgeEnds(HexCoord hex, int edge) const {
    const Point centre = Centre(hex);
    const double a = (90.0 + 60.0 * edge) * std::numbers::pi / 180.0;
    const double b = (150.0 + 60.0 * edge) * std::numbers::pi / 180.0;
    return {centre + Point{std::cos(a), std::sin(a)} * kR, centre + Point{std::cos(b), std::sin(b)} * kR};
  }

  void DrawArea(SvgCanvas& canvas) {
    const CompanyDef& company = *data_.Company(overlay_.highlight_area);
    for (const HexDef& hex : data_.hexes) {
      if (!hex.playable || !company.area.Contains(hex.coord)) continue;
      canvas.Polygon(render::HexCorners(Centre(hex.coord), kR), company.colour, "none", 0, 0.28);
      for (int edge = 0; edge < 6; ++edge) {
        const HexDef* next = data_.Hex(Neighbour(hex.coord, edge));
        if (next != nullptr && next->playable && company.area.Contains(next->coord)) continue;
        const auto [a, b] = EdgeEnds(hex.coord, edge);
        canvas.Line(a, b, company.colour, 4);
      }
    }
  }

  // 4.1.11: edges where track may run off the board (the 2009 board has none).
  void DrawBuffEdges(SvgCanvas& canvas) {
    for (const HexDef& hex : data_.hexes) {
      if (!hex.playable) continue;
      for (int edge = 0; edge < 6; ++edge) {
        const HexDef* next = data_.Hex(Neighbour(hex.coord, edge));
        if (hex.edge_blocked[edge] || (next != nullptr && next->playable)) continue;
        const auto [a, b] = EdgeEnds(hex.coord, edge);
        canvas.Line(a, b, "#c48a1c", 4, "6 4");
        ++buff_edges_;
      }
    }
  }

  // 4.2.12: each tile label and the large cities its tiles are reserved for (those whose
  // preprinted tile bears it), in alphabetical order, e.g. "CD" -> {"Calcutta", "Delhi"}.
  std::map<std::string, std::vector<std::string>> ReservedLabels() const {
    std::map<std::string, std::vector<std::string>> labels;
    for (const TileDef& tile : data_.tiles) {
      if (!tile.label.empty()) labels[tile.label];
    }
    for (const CityDef& city : data_.cities) {
      const HexDef* hex = data_.Hex(city.hex);
      const TileDef* tile = hex != nullptr && hex->preprinted ? data_.Tile(hex->preprinted->tile_id) : nullptr;
      if (tile != nullptr && !tile->label.empty()) labels[tile->label].push_back(city.name);
    }
    for (auto& [label, cities] : labels) std::sort(cities.begin(), cities.end());
    return labels;
  }

  void DrawTerrainSymbol(SvgCanvas& canvas, Terrain terrain, Point p) {
    const double s = kR * 0.2;
    switch (terrain) {
      case Terrain::kRiver:
      case Terrain::kMultipleRiver: {
        const int lines = terrain == Terrain::kRiver ? 1 : 2;
        for (int i = 0; i < lines; ++i) {
          const Point q = p + Point{0, (i - (lines - 1) / 2.0) * s * 0.75};
          canvas.Path(fmt::format("M{},{} c{},{} {},{} {},0 s{},{} {},0", render::Num(q.x - 1.3 * s), render::Num(q.y),
                                  render::Num(0.4 * s), render::Num(-0.6 * s), render::Num(0.9 * s), render::Num(-0.6 * s),
                                  render::Num(1.3 * s), render::Num(0.9 * s), render::Num(0.6 * s), render::Num(1.3 * s)),
                      kRiver, kR * 0.06);
        }
        break;
      }
      case Terrain::kHill:
        canvas.FilledPath(fmt::format("M{},{} Q{},{} {},{} Z", render::Num(p.x - s * 1.1), render::Num(p.y + s * 0.5),
                                      render::Num(p.x), render::Num(p.y - s * 1.1), render::Num(p.x + s * 1.1),
                                      render::Num(p.y + s * 0.5)),
                          "#a8743f", "#6d4a24", 1);
        break;
      case Terrain::kMountain:
        canvas.Polygon({p + Point{-s * 1.1, s * 0.6}, p + Point{0, -s * 0.95}, p + Point{s * 1.1, s * 0.6}}, "#5e4532", "#3b2b1f", 1);
        break;
      case Terrain::kHimalaya:
        canvas.Polygon({p + Point{-s * 1.3, s * 0.7}, p + Point{0, -s * 1.2}, p + Point{s * 1.3, s * 0.7}}, "#4a3a30", "#2b211b", 1);
        canvas.Polygon({p + Point{-s * 0.45, -s * 0.55}, p + Point{0, -s * 1.2}, p + Point{s * 0.45, -s * 0.55}}, "#ffffff", "#ffffff", 0.5);
        break;
      case Terrain::kNone:
        break;
    }
  }

  // The hex's drawing: terrain, tile or bare city and towns. Each blocks its place for the hex's
  // texts (DrawHexLabels).
  void DrawHexContents(SvgCanvas& canvas, const HexDef& hex) {
    const Point c = Centre(hex.coord);
    render::LabelPlacer& labels = labels_;
    labels.SetHex(c, kR);
    int rotation = 0;
    const TileDef* tile = TileOn(hex, &rotation);
    for (size_t i = 0; i < hex.terrain_features.size(); ++i) {
      const Point at = c + Point{-kR * 0.56, kR * (0.02 + 0.3 * i)};
      DrawTerrainSymbol(canvas, hex.terrain_features[i], at);
      // A tile drawn over the hex hides the symbol.
      if (tile == nullptr) labels.BlockBox({at.x - kR * 0.27, at.y - kR * 0.24, at.x + kR * 0.27, at.y + kR * 0.15});
    }
    if (tile != nullptr) {
      layouts_[hex.coord] = render::DrawTile(canvas, *tile, rotation, c, kR, labels);
    } else if (hex.city) {
      canvas.Circle(c + Point{0, -kR * 0.02}, kR * 0.24, "#ffffff", kInk, 1.6);
      labels.BlockCircle(c + Point{0, -kR * 0.02}, kR * 0.24 + 0.8);
      render::TileLayout bare;
      bare.stations = {c + Point{0, -kR * 0.02}};
      bare.spaces = {{c + Point{0, -kR * 0.02}}};
      bare.space_radius = kR * 0.24;
      layouts_[hex.coord] = bare;
    } else {
      for (int town = 0; town < hex.towns; ++town) {
        const Point at = hex.towns == 1 ? c + Point{kR * 0.1, 0} : c + Point{kR * (town == 0 ? -0.1 : 0.32), kR * (town == 0 ? -0.12 : 0.16)};
        canvas.Circle(at, kR * 0.11, kInk, "#ffffff", kR * 0.035);
        canvas.Circle(at, kR * 0.15, "none", kInk, 1);
        labels.BlockCircle(at, kR * 0.15 + 0.5);
      }
    }
  }

  // The hex's texts, most important first, each where the hex's placer finds room: the city's
  // name and bid value, the hex's id, the tile's revenues, label and id, the construction cost,
  // the frontier post.
  void DrawHexLabels(SvgCanvas& canvas, const HexDef& hex) {
    const Point c = Centre(hex.coord);
    render::LabelPlacer& labels = labels_;
    labels.SetHex(c, kR);
    const auto layout = layouts_.find(hex.coord);
    const bool centre_free = layout != layouts_.end() && layout->second.centre_free;
    if (hex.city) {
      const CityDef& city = data_.cities[*hex.city];
      if (laid_.count(hex.coord) != 0) {
        // A laid tile fills the hex: the name alone (the bid value serves the bids before any
        // tile), below its station or between its stations, smaller where it must be.
        const Point preferred = centre_free ? c + Point{0, -kR * 0.02} : c + Point{0, kR * 0.56};
        bool placed = false;
        for (const double size : {0.2, 0.17, 0.15}) {
          const TextStyle style{kR * size, kInk, "middle", "bold", "#ffffff"};
          if (const auto at = labels.TryPlaceText(preferred, city.name, style, centre_free ? 0.25 : 1.8)) {
            canvas.Text(*at, city.name, style);
            placed = true;
            break;
          }
        }
        if (!placed) labels.Text(canvas, preferred, city.name, TextStyle{kR * 0.15, kInk, "middle", "bold", "#ffffff"});
      } else {
        // Large cities (a free centre between their stations) get the same sizes as the others:
        // the name and the bid value with the companies' shares must read at the board's scale.
        const std::string shares = fmt::format("{}", fmt::join(city.share_companies, " "));
        const Point name_at = labels.Text(canvas, centre_free ? c + Point{-kR * 0.02, -kR * 0.1} : c + Point{0, kR * 0.4}, city.name,
                                          TextStyle{kR * 0.22, kInk, "middle", "bold", "#ffffff"});
        const TextStyle value_style{kR * 0.2, "#3a2a10", "middle", "bold", "#ffffff"};
        const std::string value = fmt::format("£{} · {}", city.bid_value, shares);
        if (const auto at = labels.TryPlaceText(name_at + Point{0, kR * 0.25}, value, value_style)) {
          canvas.Text(*at, value, value_style);
        } else {  // between a large city's stations: the bid value and the shares on lines of their own
          const Point value_at = labels.Text(canvas, name_at + Point{0, kR * 0.25}, fmt::format("£{}", city.bid_value), value_style);
          labels.Text(canvas, value_at + Point{0, kR * 0.23}, shares, value_style);
        }
      }
    }
    labels.Text(canvas, c + Point{0, -kR * 0.7}, HexName(hex.coord), TextStyle{kR * 0.2, "#5a4a2a", "middle", "normal", "#f3e4bc"});
    int rotation = 0;
    if (const TileDef* tile = TileOn(hex, &rotation)) render::DrawTileMarks(canvas, *tile, layout->second, c, kR, labels);
    const int broad = data_.ConstructionCost(hex, Gauge::kBroad);
    if (broad > 0 && laid_.count(hex.coord) == 0) {  // once a tile is laid the cost is paid
      // On a preprinted large city the cost is that of its first promotion (4.2.13).
      const Point at = centre_free ? c + Point{std::cos(layout->second.free_direction), std::sin(layout->second.free_direction)} * (kR * 0.6)
                                   : c + Point{-kR * 0.4, -kR * 0.42};
      labels.Text(canvas, at, fmt::format("£{}/{}", broad, data_.ConstructionCost(hex, Gauge::kMetre)),
                  TextStyle{kR * 0.18, "#6d2f12", "middle", "bold", "#f3e4bc"});
    }
    const bool paid = std::find(overlay_.frontier_paid.begin(), overlay_.frontier_paid.end(), hex.coord) != overlay_.frontier_paid.end();
    if (hex.frontier_value && !paid) {  // 4.1.15: a post pays once; then its marker is gone
      const Point at = labels.PlaceCircle(c + Point{kR * 0.46, -kR * 0.4}, kR * 0.2 + 0.5);
      canvas.Circle(at, kR * 0.2, "#c0392b", "#7b1e14", 1);
      canvas.Text(at, std::to_string(*hex.frontier_value), TextStyle{kR * 0.17, "#ffffff", "middle", "bold", ""});
    }
  }

  // A run node's point: a station where its tile drew it, an edge's midpoint, a hex's centre.
  Point NodePoint(const std::string& node) const {
    const auto hexes = NodeHexes(node);
    const HexCoord a = *ParseHexName(hexes.front());
    if (hexes.size() == 2) return (Centre(a) + Centre(*ParseHexName(hexes.back()))) * 0.5;
    const size_t dot = node.find(".s");
    const auto layout = layouts_.find(a);
    if (dot != std::string::npos && layout != layouts_.end()) {
      const size_t station = std::stoul(node.substr(dot + 2));
      if (station < layout->second.stations.size()) return layout->second.stations[station];
    }
    return Centre(a);
  }

  // 4.5: each company's last runs along their track, in the company's colour, over the tiles.
  void DrawRuns(SvgCanvas& canvas) {
    for (const DrawnRun& run : overlay_.runs) {
      if (run.nodes.size() < 2) continue;
      std::string path;
      for (const std::string& node : run.nodes) {
        const Point p = NodePoint(node);
        path += fmt::format("{}{},{} ", path.empty() ? "M" : "L", render::Num(p.x), render::Num(p.y));
      }
      path.pop_back();
      canvas.Comment("last run of the " + run.company);
      canvas.Path(path, "#ffffff", kR * 0.2);
      canvas.Path(path, data_.Company(run.company)->colour, kR * 0.11, "14 6");
    }
  }

  void DrawDisc(SvgCanvas& canvas, Point at, double radius, const CompanyDef& company, bool reserved, bool optional) {
    if (optional) {
      canvas.Circle(at, radius * 0.92, "#ffffff", company.colour, 2.2, "3 2");
      canvas.Text(at, company.initials, TextStyle{kR * 0.12, company.colour, "middle", "bold", ""});
      return;
    }
    canvas.Circle(at, radius * 0.92, company.colour, reserved ? "#ffffff" : kInk, reserved ? 1.5 : 1.2, reserved ? "2 1.5" : "");
    canvas.Text(at, company.initials, TextStyle{kR * (company.initials.size() > 3 ? 0.12 : 0.15), TextOn(company.colour), "middle", "bold", ""});
  }

  void DrawHomesAndTokens(SvgCanvas& canvas) {
    std::map<std::pair<HexCoord, int>, int> used;  // spaces filled per station
    auto next_space = [&](HexCoord hex, int station) -> std::optional<Point> {
      const auto found = layouts_.find(hex);
      if (found == layouts_.end() || station >= static_cast<int>(found->second.spaces.size())) return std::nullopt;
      int& count = used[{hex, station}];
      const auto& spaces = found->second.spaces[station];
      if (spaces.empty()) return std::nullopt;
      return spaces[std::min<size_t>(count++, spaces.size() - 1)];
    };
    std::set<std::pair<HexCoord, std::string>> has_token;
    for (const PlacedToken& token : overlay_.tokens) {
      const CompanyDef& company = *data_.Company(token.company);
      has_token.insert({token.hex, company.initials});
      if (auto at = next_space(token.hex, token.station)) DrawDisc(canvas, *at, layouts_[token.hex].space_radius, company, false, false);
    }
    if (!overlay_.show_home_bases) return;
    for (const CompanyDef& company : data_.companies) {
      std::vector<std::pair<HomeBase, bool>> homes;
      for (const HomeBase& home : company.homes) homes.push_back({home, false});
      if (company.major_home) homes.push_back({*company.major_home, true});
      for (const auto& [home, optional] : homes) {
        if (has_token.count({home.hex, company.initials})) continue;
        if (auto at = next_space(home.hex, home.station)) {
          DrawDisc(canvas, *at, layouts_[home.hex].space_radius, company, true, optional);
        }
      }
    }
  }

  void DrawLegend(SvgCanvas& canvas) {
    // In the Arabian Sea, south-west of the land.
    const Point origin{kMargin + 10, Centre({16, 1}).y - kR + 4};
    const double line = 17.5;
    const auto labels = ReservedLabels();
    const int lines = 21 + static_cast<int>(labels.size()) + (buff_edges_ > 0 ? 1 : 0);
    canvas.Rect(origin, 372, line * lines + 14, 8, "#ffffff", "#7f9fb5", 1, 0.92);
    Point at = origin + Point{12, 16};
    const TextStyle heading{13, kInk, "start", "bold", ""};
    const TextStyle body{11.5, kInk, "start", "normal", ""};
    canvas.Text(at, "Terrain (TABLE 4): cost broad/metre gauge", heading);
    at.y += line;
    for (Terrain terrain : {Terrain::kRiver, Terrain::kMultipleRiver, Terrain::kHill, Terrain::kMountain, Terrain::kHimalaya}) {
      DrawTerrainSymbol(canvas, terrain, at + Point{10, 0});
      const auto cost = data_.terrain_costs.find(terrain);
      canvas.Text(at + Point{30, 0},
                  fmt::format("{}  £{}/{}", TerrainName(terrain), cost == data_.terrain_costs.end() ? 0 : cost->second.broad,
                              cost == data_.terrain_costs.end() ? 0 : cost->second.metre),
                  body);
      at.y += line;
    }
    canvas.Text(at, "costs add up on a hex with several features", TextStyle{10.5, "#555555", "start", "normal", ""});
    at.y += line;
    canvas.Circle(at + Point{10, 0}, 5, kInk, "#ffffff", 1.6);
    canvas.Circle(at + Point{10, 0}, 7, "none", kInk, 1);
    canvas.Text(at + Point{30, 0}, "town (small station)", body);
    at.y += line;
    canvas.Circle(at + Point{10, 0}, 7, "#ffffff", kInk, 1.5);
    canvas.Text(at + Point{30, 0}, "city: name, bid value · company numbers", body);
    at.y += line;
    canvas.Rect(at + Point{2, -7}, 16, 14, 2, render::TileFill(TileColour::kGreen), "#555555", 1);
    canvas.Text(at + Point{30, 0}, "large city, preprinted (separate stations)", body);
    at.y += line;
    canvas.Circle(at + Point{10, 0}, 8, "#c0392b", "#7b1e14", 1);
    canvas.Text(at + Point{30, 0}, CiteInText(data_, "frontier post: paid once when connected (4.1.15)"), body);
    at.y += line;
    canvas.Rect(at + Point{2, -7}, 16, 14, 2, kGanges, kHexLine, 1);
    canvas.Text(at + Point{30, 0}, CiteInText(data_, "Ganges valley (2.5.2.7)"), body);
    at.y += line;
    canvas.Rect(at + Point{2, -7}, 7, 14, 0, kDarkGrey, kDarkGrey, 0);
    canvas.Rect(at + Point{10, -7}, 8, 14, 0, kDarkGreen, kDarkGreen, 0);
    canvas.Text(at + Point{30, 0}, "margins off the grid; no track into sea or margin", body);
    at.y += line;
    if (buff_edges_ > 0) {
      canvas.Line(at + Point{2, 0}, at + Point{18, 0}, "#c48a1c", 4, "6 4");
      canvas.Text(at + Point{30, 0}, CiteInText(data_, "buff edge: track may run off the board (4.1.11)"), body);
      at.y += line;
    }
    for (const auto& [label, cities] : labels) {
      canvas.Text(at + Point{10, 0}, label, TextStyle{11.5, kInk, "middle", "bold", ""});
      canvas.Text(at + Point{30, 0},
                  CiteInText(data_, cities.empty() ? fmt::format("{} tiles: reserved (4.2.12)", label)
                                                   : fmt::format("{} tiles: only for {} (4.2.12)", label, fmt::join(cities, " or "))),
                  body);
      at.y += line;
    }
    const std::pair<Gauge, const char*> gauges[] = {{Gauge::kBroad, "broad gauge"}, {Gauge::kMetre, "metre gauge"}, {Gauge::kDual, "dual gauge"}};
    for (const auto& [gauge, name] : gauges) {
      const double w = kR * 0.12;
      if (gauge == Gauge::kBroad) canvas.Line(at + Point{0, 0}, at + Point{20, 0}, kInk, w);
      if (gauge == Gauge::kMetre) {
        canvas.Line(at, at + Point{20, 0}, "#ffffff", w);
        canvas.Line(at, at + Point{20, 0}, kInk, w, "6 4");
      }
      if (gauge == Gauge::kDual) {
        canvas.Line(at, at + Point{20, 0}, kInk, w * 1.6);
        canvas.Line(at, at + Point{20, 0}, "#ffffff", w * 0.5);
      }
      canvas.Text(at + Point{30, 0}, name, body);
      at.y += line;
    }
    canvas.Text(at, "Companies (TABLE 1; discs mark home bases)", heading);
    at.y += line;
    for (size_t i = 0; i < data_.companies.size(); ++i) {
      const CompanyDef& company = data_.companies[i];
      const Point p = at + Point{(i % 2) * 180.0, (i / 2) * line};
      canvas.Circle(p + Point{8, 0}, 7, company.colour, kInk, 1);
      canvas.Text(p + Point{20, 0}, fmt::format("{} {}  par £{}", company.number, company.initials, company.par), body);
    }
  }

  void DrawTitle(SvgCanvas& canvas, double width) {
    int playable = 0;
    for (const HexDef& hex : data_.hexes) playable += hex.playable ? 1 : 0;
    const bool lookout = data_.edition == mailrun::v1::EDITION_LOOKOUT_2009;
    const std::string title =
        !overlay_.title.empty() ? overlay_.title
        : lookout ? "1853 (2009 Lookout edition): the board of India, reconstructed (docs/board-data.md)"
                  : "1853 (Retuned): the board of India";
    canvas.Text({kMargin + 4, kHeader / 2 - 6}, title, TextStyle{22, kInk, "start", "bold", ""});
    std::string subtitle = fmt::format("{} playable hexes · {} named cities · rows B–V north to south, columns a–{} west to east",
                                       playable, data_.cities.size(), lookout ? "ad" : "ak");
    if (!overlay_.highlight_area.empty()) {
      const CompanyDef& company = *data_.Company(overlay_.highlight_area);
      subtitle += fmt::format(" · shaded: {} area (TABLE 2)", company.initials);
    }
    canvas.Text({kMargin + 4, kHeader / 2 + 14}, subtitle, TextStyle{12.5, "#444444", "start", "normal", ""});
    canvas.Text({width - kMargin - 4, kHeader / 2 + 14}, "N ↑", TextStyle{14, kInk, "end", "bold", ""});
  }

  const EditionData& data_;
  const BoardOverlay& overlay_;
  int first_row_ = 0;
  int last_row_ = 0;
  int last_col_ = 0;
  int buff_edges_ = 0;
  std::map<HexCoord, const LaidTile*> laid_;
  std::map<HexCoord, render::TileLayout> layouts_;
  render::LabelPlacer labels_;  // the hexes' texts and what they must not cover
};

}  // namespace

Result<std::string> RenderBoardSvg(const EditionData& data, const BoardOverlay& overlay) {
  BoardPicture picture(data, overlay);
  return picture.Draw();
}

}  // namespace mailrun::engine::t1853
