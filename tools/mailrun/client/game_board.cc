#include "tools/mailrun/client/game_board.h"

#include "engine/data/edition_data.h"
#include "engine/render/board_svg.h"

namespace mailrun::cli {

using mailrun::engine::Error;
using mailrun::engine::ErrorKind;

mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::GameView& view, const std::string& title) {
  auto data = mailrun::engine::LoadEdition(
      view.edition() == mailrun::v1::EDITION_UNSPECIFIED ? mailrun::v1::EDITION_RETUNED : view.edition());
  if (!data.ok()) return data.error();
  mailrun::engine::BoardOverlay overlay;
  overlay.title = title;
  for (const auto& tile : view.tiles()) {
    const auto hex = mailrun::engine::ParseHexName(tile.hex());
    if (!hex) return Error{ErrorKind::kMalformed, "", "the game names an unknown hex '" + tile.hex() + "'"};
    overlay.tiles.push_back({*hex, tile.tile(), tile.rotation()});
  }
  for (const auto& company : view.companies()) {
    for (const auto& base : company.bases()) {
      const auto hex = mailrun::engine::ParseHexName(base.hex());
      if (!hex) return Error{ErrorKind::kMalformed, "", "the game names an unknown hex '" + base.hex() + "'"};
      overlay.tokens.push_back({*hex, base.station(), company.initials()});
    }
  }
  return mailrun::engine::RenderBoardSvg(**data, overlay);
}

}  // namespace mailrun::cli
