#include "engine/render/game_board_picture.h"

#include <fmt/format.h>

#include "engine/core/board/board_overlay.h"
#include "engine/core/structured_text.h"
#include "engine/titles/registry.h"
#include "engine/titles/t1853/board_svg.h"
#include "engine/titles/t1853/components.h"
#include "engine/titles/t1853/title.h"
#include "engine/titles/t1947/board_svg.h"
#include "engine/titles/t1947/components.h"
#include "engine/titles/t1947/title.h"

namespace mailrun::engine {
namespace {

Result<HexCoord> HexOf(const Title& title, const std::string& name) {
  const auto hex = title.ParseHex(name);
  if (!hex) return Malformed("core.refusal.board_picture.unknown_hex", "the game names an unknown hex '" + name + "'").With({param::Text("hex", name)});
  return *hex;
}

// The view's tiles, base tokens (1947: stations), last runs and paid frontier posts.
Result<BoardOverlay> OverlayOf(const Title& title, const mailrun::v1::GameView& view, const std::string& heading) {
  BoardOverlay overlay;
  overlay.title = heading;
  for (const auto& tile : view.tiles()) {
    auto hex = HexOf(title, tile.hex());
    if (!hex.ok()) return hex.error();
    overlay.tiles.push_back({*hex, tile.tile(), tile.rotation()});
  }
  for (const auto& company : view.companies()) {
    for (const auto& base : company.bases()) {
      auto hex = HexOf(title, base.hex());
      if (!hex.ok()) return hex.error();
      overlay.tokens.push_back({*hex, base.station(), company.initials()});
    }
    for (const auto& run : company.last_runs()) {
      overlay.runs.push_back({company.initials(), {run.nodes().begin(), run.nodes().end()}});
    }
  }
  for (const auto& railway : view.game_1947().railways()) {
    for (const auto& station : railway.stations()) {
      auto hex = HexOf(title, station.hex());
      if (!hex.ok()) return hex.error();
      overlay.tokens.push_back({*hex, station.station(), railway.initials()});
    }
  }
  for (const auto& name : view.frontier_posts_paid()) {
    auto hex = HexOf(title, name);
    if (!hex.ok()) return hex.error();
    overlay.frontier_paid.push_back(*hex);
  }
  return overlay;
}

}  // namespace

Result<std::string> GameBoardPicture(const mailrun::v1::Components& components, const mailrun::v1::GameView& view,
                                     const std::string& heading) {
  const auto title = EffectiveTitle(view.title());
  if (EffectiveTitle(components.title()) != title ||
      (view.edition() != mailrun::v1::EDITION_UNSPECIFIED && components.edition() != view.edition())) {
    return Malformed("core.refusal.board_picture.components_of_another_game",
                     fmt::format("the components are of {}, the game is {}",
                                 EditionName(components.title(), components.edition()),
                                 EditionName(view.title(), view.edition()))).With({param::Text("components", EditionName(components.title(), components.edition())), param::Text("game", EditionName(view.title(), view.edition()))});
  }
  auto overlay = OverlayOf(title == mailrun::v1::TITLE_1947 ? t1947::Title1947() : t1853::Title1853(), view, heading);
  if (!overlay.ok()) return overlay.error();
  return BoardPictureFromComponents(components, *overlay);
}

Result<std::string> BoardPictureFromComponents(const mailrun::v1::Components& components, const BoardOverlay& overlay) {
  const auto title = EffectiveTitle(components.title());
  if (title == mailrun::v1::TITLE_1947) {
    auto data = t1947::MapDataFromComponents(components);
    if (!data.ok()) return data.error();
    return t1947::DrawBoard1947(*data, overlay);
  }
  if (title != mailrun::v1::TITLE_1853) {
    return Malformed("core.refusal.board_picture.no_picture_from_components",
                     "no board picture is drawn from " + TitleName(title) + "'s components yet").With({param::Text("title", TitleName(title))});
  }
  auto data = t1853::EditionDataFromComponents(components);
  if (!data.ok()) return data.error();
  return t1853::RenderBoardSvg(*data, overlay);
}

Result<std::string> GameBoardPicture(const mailrun::v1::GameView& view, const std::string& heading) {
  auto title = FindTitle(view.title());  // a view without a title is 1853's
  if (!title.ok()) return title.error();
  if (auto components = (*title)->Components(view.edition()); components.ok()) {
    return GameBoardPicture(*components, view, heading);
  }
  auto overlay = OverlayOf(**title, view, heading);
  if (!overlay.ok()) return overlay.error();
  return (*title)->RenderBoardSvg(view.edition(), *overlay);
}

}  // namespace mailrun::engine
