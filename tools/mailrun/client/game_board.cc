#include "tools/mailrun/client/game_board.h"

#include <fmt/format.h>

#include <map>

#include "engine/core/board/board_data.h"
#include "engine/render/game_board_picture.h"
#include "engine/titles/registry.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

using mailrun::engine::HexCoord;

// The view's title, through the registry (a view without one is 1853's).
mailrun::engine::Result<const mailrun::engine::Title*> TitleOf(const mailrun::v1::GameView& view) {
  return mailrun::engine::FindTitle(view.title());
}

mailrun::engine::Result<HexCoord> HexOf(const std::string& name) {
  const auto hex = mailrun::engine::ParseHexName(name);
  if (!hex) return mailrun::engine::Malformed("cli.refusal.board.unknown_hex", "the game names an unknown hex '" + name + "'");
  return *hex;
}

}  // namespace

mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::GameView& view, const std::string& heading) {
  return mailrun::engine::GameBoardPicture(view, heading);
}

std::string HexLabel(const mailrun::v1::GameView& view, const std::string& hex) {
  auto title = TitleOf(view);
  auto coord = HexOf(hex);
  if (!title.ok() || !coord.ok()) return hex;
  const std::string place = (*title)->PlaceName(view.edition(), *coord);
  return place.empty() ? hex : place + " (" + hex + ")";
}

mailrun::engine::Result<std::string> GameBoardText(const mailrun::v1::GameView& view) {
  auto title = TitleOf(view);
  if (!title.ok()) return title.error();
  struct Hex {
    std::string name;
    const mailrun::v1::LaidTile* tile = nullptr;
    std::vector<std::string> bases;
  };
  std::map<HexCoord, Hex> hexes;  // in the board's reading order: by row, then column
  const auto entry = [&](const std::string& name) -> mailrun::engine::Result<Hex*> {
    auto hex = HexOf(name);
    if (!hex.ok()) return hex.error();
    Hex& h = hexes[*hex];
    h.name = name;
    return &h;
  };
  for (const auto& tile : view.tiles()) {
    auto h = entry(tile.hex());
    if (!h.ok()) return h.error();
    (*h)->tile = &tile;
  }
  for (const auto& company : view.companies()) {
    for (const auto& base : company.bases()) {
      auto h = entry(base.hex());
      if (!h.ok()) return h.error();
      (*h)->bases.push_back(base.station() > 0 ? fmt::format("{} (station {})", company.initials(), base.station() + 1)
                                               : company.initials());
    }
  }
  if (hexes.empty()) return std::string("Board: no tile laid and no base placed yet\n");
  TextTable table({"hex", "place", "tile", "rotation", "bases"});
  for (const auto& [coord, h] : hexes) {
    std::string bases;
    for (const auto& b : h.bases) bases += (bases.empty() ? "" : ", ") + b;
    const std::string place = (*title)->PlaceName(view.edition(), coord);
    table.Row({h.name, place.empty() ? "-" : place, h.tile ? h.tile->tile() : "printed",
               h.tile ? std::to_string(h.tile->rotation()) : "-", bases.empty() ? "-" : bases});
  }
  return fmt::format("Board: {} tile{} laid\n", view.tiles_size(), view.tiles_size() == 1 ? "" : "s") +
         table.Render("  ");
}

}  // namespace mailrun::cli
