#include "tests/integration/lobby/bot_games.h"

#include <gtest/gtest.h>

#include "engine/bot/choose_action.h"
#include "engine/titles/game.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::testing {

using mailrun::game::testing::GetGame;
using mailrun::game::testing::Submit;

bool PlayToTheEndWithBots(LobbyHarness& lobby, const std::string& game_id,
                          const std::map<std::string, std::string>& token_of_user, int max_actions) {
  const mailrun::v1::GameConfig config = lobby.StoredConfigOf(game_id);
  auto created = mailrun::engine::Game::Create(config);
  if (!created.ok()) {
    ADD_FAILURE() << "game " << game_id << ": " << created.error().ToString();
    return false;
  }
  mailrun::engine::Game local = std::move(*created);
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(token_of_user.at(player.user_id()));
  uint64_t rng = config.seed();
  // Whose turn it is comes from the engine copy: the game service confirms it by offering that
  // seat's player legal actions at the same version, and by applying the choice. (GetGame after
  // every action would say so too, at some 10 ms a call: most of a game's time.)
  int64_t version = 0;
  for (int n = 0; n < max_actions && !local.Finished(); ++n) {
    const int seat = local.ActiveSeats().at(0);
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    grpc::Status status = lobby.GameCall(&GameStub::ListLegalActions, tokens[seat], list, &legal);
    if (!status.ok() || legal.actions().empty() || legal.version() != version) {
      ADD_FAILURE() << "game " << game_id << ": seat " << seat << " is to act at version " << version
                    << " but the game service offers " << legal.actions_size() << " actions at version "
                    << legal.version() << ": " << Describe(status);
      return false;
    }
    const std::vector<mailrun::v1::LegalAction> choices(legal.actions().begin(), legal.actions().end());
    mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(local, seat, choices, rng);
    action.clear_seat();  // the service takes the seat from the token
    mailrun::v1::SubmitActionResponse applied;
    status = Submit(lobby.game().stub(), tokens[seat], game_id, version, action, "bot-" + std::to_string(n), &applied);
    if (!status.ok() || applied.version() != version + 1) {
      ADD_FAILURE() << "game " << game_id << ": action " << n << " of seat " << seat << " at version " << version
                    << ": " << Describe(status) << ", version after it " << applied.version();
      return false;
    }
    version = applied.version();
    action.set_seat(seat);
    if (!local.Apply(action).ok()) {
      ADD_FAILURE() << "game " << game_id << ": the engine refused action " << n << " the game service applied";
      return false;
    }
  }
  const mailrun::v1::GetGameResponse game = GetGame(lobby.game().stub(), tokens[0], game_id);
  EXPECT_EQ(game.version(), version);
  EXPECT_TRUE(game.view().active_seats().empty());
  EXPECT_EQ(game.status(), mailrun::v1::GAME_STATUS_FINISHED)
      << "game " << game_id << " has not ended after " << version << " actions (the engine's copy "
      << (local.Finished() ? "has" : "has not") << ")";
  return game.status() == mailrun::v1::GAME_STATUS_FINISHED;
}

}  // namespace mailrun::testing
