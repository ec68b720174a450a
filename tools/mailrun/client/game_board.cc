#include "tools/mailrun/client/game_board.h"

#include <fmt/format.h>

#include <map>

#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/board_svg.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

using mailrun::engine::EditionData;
using mailrun::engine::Error;
using mailrun::engine::ErrorKind;
using mailrun::engine::HexCoord;

mailrun::engine::Result<const EditionData*> BoardOf(const mailrun::v1::GameView& view) {
  return mailrun::engine::LoadEdition(view.edition() == mailrun::v1::EDITION_UNSPECIFIED ? mailrun::v1::EDITION_RETUNED
                                                                                        : view.edition());
}

mailrun::engine::Result<HexCoord> HexOf(const std::string& name) {
  const auto hex = mailrun::engine::ParseHexName(name);
  if (!hex) return Error{ErrorKind::kMalformed, "", "the game names an unknown hex '" + name + "'"};
  return *hex;
}

// What is printed on a hex: its city, its towns, or nothing.
std::string PlaceName(const EditionData& data, HexCoord coord) {
  const auto* hex = data.Hex(coord);
  if (hex == nullptr) return "";
  if (hex->city) return data.cities[static_cast<size_t>(*hex->city)].name;
  if (hex->towns > 0) return hex->towns == 1 ? "town" : "2 towns";
  return "";
}

}  // namespace

mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::GameView& view, const std::string& title) {
  auto data = BoardOf(view);
  if (!data.ok()) return data.error();
  mailrun::engine::BoardOverlay overlay;
  overlay.title = title;
  for (const auto& tile : view.tiles()) {
    auto hex = HexOf(tile.hex());
    if (!hex.ok()) return hex.error();
    overlay.tiles.push_back({*hex, tile.tile(), tile.rotation()});
  }
  for (const auto& company : view.companies()) {
    for (const auto& base : company.bases()) {
      auto hex = HexOf(base.hex());
      if (!hex.ok()) return hex.error();
      overlay.tokens.push_back({*hex, base.station(), company.initials()});
    }
  }
  return mailrun::engine::RenderBoardSvg(**data, overlay);
}

mailrun::engine::Result<std::string> GameBoardText(const mailrun::v1::GameView& view) {
  auto data = BoardOf(view);
  if (!data.ok()) return data.error();
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
    const std::string place = PlaceName(**data, coord);
    table.Row({h.name, place.empty() ? "-" : place, h.tile ? h.tile->tile() : "printed",
               h.tile ? std::to_string(h.tile->rotation()) : "-", bases.empty() ? "-" : bases});
  }
  return fmt::format("Board: {} tile{} laid\n", view.tiles_size(), view.tiles_size() == 1 ? "" : "s") +
         table.Render("  ");
}

}  // namespace mailrun::cli
