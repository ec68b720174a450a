#include "engine/titles/game.h"

#include "engine/titles/registry.h"

namespace mailrun::engine {

Result<Game> Game::Create(const mailrun::v1::GameConfig& config) {
  auto title = FindTitle(config.title());
  if (!title.ok()) return title.error();
  if (Status playable = (*title)->CheckPlayable(config.edition()); !playable.ok()) return playable.error();
  auto game = (*title)->Create(NormalizedConfig(config));
  if (!game.ok()) return game.error();
  return Game(std::move(*game));
}

Result<Game> Game::FromSnapshot(const mailrun::v1::GameConfig& config, const std::string& json) {
  auto title = FindTitle(config.title());
  if (!title.ok()) return title.error();
  auto game = (*title)->FromSnapshot(NormalizedConfig(config), json);
  if (!game.ok()) return game.error();
  return Game(std::move(*game));
}

mailrun::v1::GameView Game::View(int viewer) const {
  mailrun::v1::GameView view = game_->View(viewer);
  view.set_title(EffectiveTitle(config().title()));
  view.set_board_reconstructed(BoardReconstructed(config().title(), config().edition()));
  return view;
}

mailrun::v1::GameView Game::TurnView() const {
  mailrun::v1::GameView view = game_->TurnView();
  view.set_title(EffectiveTitle(config().title()));
  return view;
}

}  // namespace mailrun::engine
