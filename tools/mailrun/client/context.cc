#include "tools/mailrun/client/context.h"

#include "services/common/token.h"

namespace mailrun::cli {

std::string NewRequestId() { return "cli-" + mailrun::service::RandomId(); }

std::string CommandContext::ResolveGame(const std::string& given) {
  if (!given.empty()) return given;
  mailrun::v1::ListMyGamesRequest request;
  request.set_page_size(200);
  const auto games = connections.Game(&GameStub::ListMyGames, request, session.AccessToken(), "ListMyGames");
  std::vector<std::string> active, my_turn;
  for (const auto& game : games.games()) {
    if (game.status() != mailrun::v1::GAME_STATUS_ACTIVE) continue;
    active.push_back(game.game_id());
    if (game.your_turn()) my_turn.push_back(game.game_id());
  }
  if (my_turn.size() == 1) return my_turn[0];
  if (active.size() == 1) return active[0];
  if (active.empty()) throw BadInput("you play in no unfinished game: name the GAME (mailrun games list)");
  std::string listed;
  for (const auto& id : my_turn.empty() ? active : my_turn) listed += "\n  " + id;
  throw BadInput("you play in several games; name one (mailrun games list):" + listed);
}

mailrun::v1::GetGameResponse CommandContext::ReadGame(const std::string& game_id) {
  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id);
  return connections.Game(&GameStub::GetGame, request, session.AccessToken(), "GetGame");
}

mailrun::v1::ListLegalActionsResponse CommandContext::ReadLegalActions(const std::string& game_id) {
  mailrun::v1::ListLegalActionsRequest request;
  request.set_game_id(game_id);
  return connections.Game(&GameStub::ListLegalActions, request, session.AccessToken(), "ListLegalActions");
}

const mailrun::v1::Components& CommandContext::ReadComponents(const mailrun::v1::GameView& view) {
  if (components_) return *components_;
  mailrun::v1::GetComponentsRequest request;
  request.set_title(view.title());
  request.set_edition(view.edition());
  try {
    components_ =
        connections.Game(&GameStub::GetComponents, request, session.AccessToken(), "GetComponents").components();
  } catch (const CallError& error) {
    if (error.code() != grpc::StatusCode::FAILED_PRECONDITION) throw;
    components_.emplace();  // the title serves no components yet: hexes are named by their ids
  }
  return *components_;
}

}  // namespace mailrun::cli
