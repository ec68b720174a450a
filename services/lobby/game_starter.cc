#include "services/lobby/game_starter.h"

#include <spdlog/spdlog.h>

#include "services/lobby/transaction.h"

namespace mailrun::lobby {

std::string GameStarter::CreateGameRequestId(const std::string& table_id) { return "lobby-table-" + table_id; }

GameStarter::GameStarter(ConnectionPool& pool, GameServiceClient& games, EventWriter events)
    : pool_(pool), games_(games), events_(std::move(events)) {}

grpc::Status GameStarter::Start(const std::string& table_id) {
  mailrun::v1::CreateGameRequest request;
  bool starting = false;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result rows = txn.exec_params(
        "SELECT status, edition, options, tournament_id, turn_deadline_seconds, title, host_user_id, abandon_after_missed"
        " FROM lobby_tables"
        " WHERE table_id = $1",
        table_id);
    starting = !rows.empty() && rows[0][0].as<std::string>() == "starting";
    if (!starting) return grpc::Status::OK;
    request.set_request_id(CreateGameRequestId(table_id));
    request.set_table_id(table_id);
    if (!rows[0][3].is_null()) request.set_tournament_id(rows[0][3].as<std::string>());
    request.set_turn_deadline_seconds(rows[0][4].as<int64_t>());
    request.set_host_user_id(rows[0][6].as<std::string>());  // may hide chat messages
    // Empty seats (seats.proto): only with a deadline to miss; a tournament table's host is its
    // organiser, who decides as the director.
    if (rows[0][4].as<int64_t>() > 0 && rows[0][7].as<int>() > 0) {
      auto* rules = request.mutable_empty_seats();
      rules->set_abandon_after_missed_deadlines(rows[0][7].as<int>());
      if (!rows[0][3].is_null()) rules->set_director_user_id(rows[0][6].as<std::string>());
    }
    auto* config = request.mutable_config();
    config->set_edition(static_cast<mailrun::v1::Edition>(rows[0][1].as<int>()));
    // 1853 stays unspecified (it means 1853), so a retried request of a table that was starting
    // before titles existed is the same request and creates the same game.
    const auto title = static_cast<mailrun::v1::Title>(rows[0][5].as<int>());
    if (title != mailrun::v1::TITLE_1853) config->set_title(title);
    const pqxx::binarystring options(rows[0][2]);
    config->mutable_options()->ParseFromString(options.str());
    const pqxx::result players = txn.exec_params(
        "SELECT p.user_id, u.display_name FROM lobby_table_players p JOIN users u USING (user_id)"
        " WHERE p.table_id = $1 ORDER BY p.position",
        table_id);
    for (const auto& row : players) {
      auto* seat = config->add_players();
      seat->set_user_id(row[0].as<std::string>());
      seat->set_display_name(row[1].as<std::string>());
    }
    return grpc::Status::OK;
  });
  if (!status.ok() || !starting) return status;

  mailrun::v1::CreateGameResponse created;
  status = games_.CreateGame(request, &created);
  if (!status.ok()) {
    spdlog::warn("table {}: the game service did not create the game ({} {}); will retry", table_id,
                 static_cast<int>(status.error_code()), status.error_message());
    return status;
  }
  if (created.game_id().empty()) {
    spdlog::error("table {}: the game service answered CreateGame without a game id", table_id);
    return grpc::Status(grpc::StatusCode::INTERNAL, "the game service returned no game id");
  }

  return RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result updated = txn.exec_params(
        "UPDATE lobby_tables SET status = 'playing', game_id = $2, started_at = now()"
        " WHERE table_id = $1 AND status = 'starting'"
        " RETURNING tournament_id, tournament_round, table_number",
        table_id, created.game_id());
    if (updated.empty() || updated[0][0].is_null()) return grpc::Status::OK;
    mailrun::v1::Event event = NewLobbyEvent("lobby-round-started-" + table_id);
    for (const auto& player : request.config().players()) event.add_user_ids(player.user_id());
    auto* started = event.mutable_tournament_round_started();
    started->set_tournament_id(updated[0][0].as<std::string>());
    started->set_tournament_name(
        txn.exec_params1("SELECT name FROM tournaments WHERE tournament_id = $1", started->tournament_id())[0]
            .as<std::string>());
    started->set_round(updated[0][1].as<int>());
    started->set_table_number(updated[0][2].as<int>());
    started->set_game_id(created.game_id());
    events_(txn, event);
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::lobby
