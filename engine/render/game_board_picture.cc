#include "engine/render/game_board_picture.h"

#include "engine/core/board/board_overlay.h"
#include "engine/titles/registry.h"

namespace mailrun::engine {
namespace {

Result<HexCoord> HexOf(const std::string& name) {
  const auto hex = ParseHexName(name);
  if (!hex) return Malformed("core.refusal.board_picture.unknown_hex", "the game names an unknown hex '" + name + "'");
  return *hex;
}

}  // namespace

Result<std::string> GameBoardPicture(const mailrun::v1::GameView& view, const std::string& heading) {
  auto title = FindTitle(view.title());  // a view without a title is 1853's
  if (!title.ok()) return title.error();
  BoardOverlay overlay;
  overlay.title = heading;
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
  return (*title)->RenderBoardSvg(view.edition(), overlay);
}

}  // namespace mailrun::engine
