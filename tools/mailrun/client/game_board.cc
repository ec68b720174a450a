#include "tools/mailrun/client/game_board.h"

#include <fmt/format.h>

#include <map>

#include "engine/render/game_board_picture.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

const mailrun::v1::BoardHex* CellOf(const mailrun::v1::Components& components, const std::string& hex) {
  for (const auto& cell : components.hexes()) {
    if (cell.hex() == hex) return &cell;
  }
  return nullptr;
}

// The place on a cell: its city, its town's name (1947), "town", "2 towns", or "".
std::string PlaceOn(const mailrun::v1::BoardHex& cell) {
  if (!cell.city().empty()) return cell.city();
  if (!cell.town().empty()) return cell.town();
  if (cell.towns() > 0) return cell.towns() == 1 ? "town" : "2 towns";
  return "";
}

}  // namespace

mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::Components& components,
                                                  const mailrun::v1::GameView& view, const std::string& heading) {
  return mailrun::engine::GameBoardPicture(components, view, heading);
}

std::string HexLabel(const mailrun::v1::Components& components, const std::string& hex) {
  const auto* cell = CellOf(components, hex);
  const std::string place = cell == nullptr ? "" : PlaceOn(*cell);
  return place.empty() ? hex : place + " (" + hex + ")";
}

mailrun::engine::Result<std::string> GameBoardText(const mailrun::v1::Components& components,
                                                   const mailrun::v1::GameView& view) {
  struct Hex {
    std::string name;
    std::string place;
    const mailrun::v1::LaidTile* tile = nullptr;
    std::vector<std::string> bases;
  };
  // In the board's reading order: by row, then column; 1947's map (turned a quarter) by its column
  // letter, then row number.
  const bool turned = components.layout() == mailrun::v1::BOARD_LAYOUT_FLAT_COLUMNS_TURNED;
  std::map<std::pair<int, int>, Hex> hexes;
  const auto entry = [&](const std::string& name) -> mailrun::engine::Result<Hex*> {
    const auto* cell = CellOf(components, name);
    if (cell == nullptr) {
      return mailrun::engine::Malformed("cli.refusal.board.unknown_hex", "the game names an unknown hex '" + name + "'");
    }
    Hex& h = hexes[{turned ? -cell->row() : cell->row(), cell->col()}];
    h.name = name;
    h.place = PlaceOn(*cell);
    return &h;
  };
  for (const auto& tile : view.tiles()) {
    auto h = entry(tile.hex());
    if (!h.ok()) return h.error();
    (*h)->tile = &tile;
  }
  const auto add_base = [&](const std::string& initials, const mailrun::v1::BaseView& base) -> mailrun::engine::Status {
    auto h = entry(base.hex());
    if (!h.ok()) return h.error();
    (*h)->bases.push_back(base.station() > 0 ? fmt::format("{} (station {})", initials, base.station() + 1) : initials);
    return mailrun::engine::OkStatus();
  };
  for (const auto& company : view.companies()) {
    for (const auto& base : company.bases()) {
      if (auto added = add_base(company.initials(), base); !added.ok()) return added.error();
    }
  }
  for (const auto& railway : view.game_1947().railways()) {  // 1947's stations (6.7)
    for (const auto& station : railway.stations()) {
      if (auto added = add_base(railway.initials(), station); !added.ok()) return added.error();
    }
  }
  if (hexes.empty()) return std::string("Board: no tile laid and no base placed yet\n");
  TextTable table({"hex", "place", "tile", "rotation", "bases"});
  for (const auto& [coord, h] : hexes) {
    std::string bases;
    for (const auto& b : h.bases) bases += (bases.empty() ? "" : ", ") + b;
    table.Row({h.name, h.place.empty() ? "-" : h.place, h.tile ? h.tile->tile() : "printed",
               h.tile ? std::to_string(h.tile->rotation()) : "-", bases.empty() ? "-" : bases});
  }
  return fmt::format("Board: {} tile{} laid\n", view.tiles_size(), view.tiles_size() == 1 ? "" : "s") +
         table.Render("  ");
}

}  // namespace mailrun::cli
