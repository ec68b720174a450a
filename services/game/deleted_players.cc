#include "services/game/deleted_players.h"

#include <spdlog/spdlog.h>

#include <functional>
#include <set>
#include <vector>

#include "engine/bot/choose_action.h"
#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/game.pb.h"
#include "services/common/account_scrub.h"

namespace mailrun::game {
namespace {

using mailrun::service::ForgottenAccount;
using mailrun::service::ScrubSerialized;

std::string Bytes(const pqxx::field& field) { return field.is_null() ? std::string() : pqxx::binarystring(field).str(); }
pqxx::binarystring Blob(const std::string& bytes) { return pqxx::binarystring(bytes.data(), bytes.size()); }

// Rewrites the bytea `column` of games (a serialized `prototype`) if it names the account.
void ScrubGameColumn(pqxx::work& txn, const std::string& game_id, const std::string& column,
                     const google::protobuf::Message& prototype, const ForgottenAccount& account) {
  const pqxx::result row = txn.exec_params("SELECT " + column + " FROM games WHERE game_id = $1", game_id);
  if (row.empty() || row[0][0].is_null()) return;
  std::string scrubbed;
  if (ScrubSerialized(prototype, Bytes(row[0][0]), account, &scrubbed)) {
    txn.exec_params("UPDATE games SET " + column + " = $2 WHERE game_id = $1", game_id, Blob(scrubbed));
  }
}

// The account's part of one game: seats, configuration, results, log rows and their answers.
void ForgetInGame(pqxx::work& txn, const std::string& game_id, const ForgottenAccount& account) {
  // The account's private notes go with it (migrations/0105); its chat messages stay, under the
  // seat, which game_players renames below.
  txn.exec_params(
      "DELETE FROM game_notes n USING game_players p"
      " WHERE n.game_id = $1 AND p.game_id = n.game_id AND p.seat = n.seat AND p.user_id = $2",
      game_id, account.user_id);
  ScrubGameColumn(txn, game_id, "config", mailrun::v1::GameConfig(), account);
  ScrubGameColumn(txn, game_id, "create_request", mailrun::v1::CreateGameRequest(), account);
  ScrubGameColumn(txn, game_id, "results", mailrun::v1::GameFinished(), account);
  txn.exec_params("UPDATE games SET host_user_id = $3 WHERE game_id = $1 AND host_user_id = $2", game_id,
                  account.user_id, account.placeholder_user_id);
  txn.exec_params(
      "UPDATE game_players SET user_id = $3, display_name = $4, played_by_bot = true"
      " WHERE game_id = $1 AND user_id IN ($2, $3)",
      game_id, account.user_id, account.placeholder_user_id, account.placeholder_name);
  // Every answer: the log lines of other players' moves name the account too.
  const pqxx::result rows =
      txn.exec_params("SELECT seq, kind, user_id, answer FROM game_actions WHERE game_id = $1 ORDER BY seq", game_id);
  for (const auto& row : rows) {
    const bool undo = row[1].as<std::string>() == "undo";
    std::string answer = Bytes(row[3]);
    const bool answer_changed =
        undo ? ScrubSerialized(mailrun::v1::UndoLastActionResponse(), answer, account, &answer)
             : ScrubSerialized(mailrun::v1::SubmitActionResponse(), answer, account, &answer);
    const bool actor_changed = row[2].as<std::string>() == account.user_id;
    if (!answer_changed && !actor_changed) continue;
    txn.exec_params(
        "UPDATE game_actions SET user_id = CASE WHEN user_id = $3 THEN $4 ELSE user_id END, answer = $5"
        " WHERE game_id = $1 AND seq = $2",
        game_id, row[0].as<int64_t>(), account.user_id, account.placeholder_user_id, Blob(answer));
  }
  // The engine's saved state names the players; replay from the (scrubbed) config rebuilds it.
  txn.exec_params("DELETE FROM game_snapshots WHERE game_id = $1 AND (strpos(state, $2) > 0 OR strpos(state, $3) > 0)",
                  game_id, account.user_id, account.display_name);
}

}  // namespace

DeletedPlayers::DeletedPlayers(mailrun::service::ConnectionPool& pool, GameLoader& loader, MoveService& moves,
                               std::chrono::milliseconds poll_interval)
    : pool_(pool), loader_(loader), moves_(moves), poll_interval_(poll_interval) {}

DeletedPlayers::~DeletedPlayers() { Stop(); }

void DeletedPlayers::Start() {
  worker_.Start([this] { Run(); });
}

void DeletedPlayers::Stop() { worker_.Stop(); }

void DeletedPlayers::VersionCommitted(const std::string& game_id) {
  if (bot_games_.Contains(game_id)) worker_.Wake();
}

void DeletedPlayers::Run() {
  while (!worker_.stopping()) {
    try {
      ForgetAccounts();
      // A game whose players are all bots now plays on in bursts of moves, each poll.
      while (!worker_.stopping() && PlayBotSeats() > 0) {
      }
    } catch (const std::exception& e) {
      spdlog::warn("deleted players: {} (trying again)", e.what());
    }
    if (!worker_.WaitFor(poll_interval_)) break;
  }
}

int DeletedPlayers::ForgetAccounts() {
  int forgotten = 0;
  while (!worker_.stopping()) {
    std::vector<std::string> games;
    std::string placeholder;
    {
      auto connection = pool_.Acquire();
      pqxx::work txn(*connection);
      const pqxx::result pending = txn.exec(
          "SELECT user_id, display_name, placeholder_user_id, placeholder_name FROM account_deletions"
          " WHERE games_done_at IS NULL ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED");
      if (pending.empty()) break;
      const ForgottenAccount account{pending[0][0].as<std::string>(), pending[0][1].as<std::string>(),
                                     pending[0][2].as<std::string>(), pending[0][3].as<std::string>()};
      txn.exec("SET LOCAL mailrun.forgetting_account = 'on'");
      for (const auto& row : txn.exec_params(
               "SELECT DISTINCT game_id FROM game_players WHERE user_id IN ($1, $2) ORDER BY game_id",
               account.user_id, account.placeholder_user_id)) {
        games.push_back(row[0].as<std::string>());
        ForgetInGame(txn, games.back(), account);
      }
      txn.exec_params("UPDATE account_deletions SET games_done_at = clock_timestamp() WHERE user_id = $1",
                      account.user_id);
      txn.commit();
      placeholder = account.placeholder_name;
    }
    for (const auto& game : games) loader_.cache().Forget(game);
    spdlog::info("deleted players: {} now holds a deleted account's seats in {} game(s)", placeholder, games.size());
    ++forgotten;
  }
  return forgotten;
}

int DeletedPlayers::PlayBotSeats() {
  struct Turn {
    std::string game_id;
    int64_t version;
    int seat;
    std::string user_id;
  };
  std::vector<Turn> turns;
  {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    std::set<std::string> bot_games;  // game_players_bot (migrations/0103) keeps this cheap
    for (const auto& row : txn.exec(
             "SELECT DISTINCT p.game_id FROM game_players p JOIN games g ON g.game_id = p.game_id"
             " WHERE p.played_by_bot AND g.status = 'active'")) {
      bot_games.insert(row[0].as<std::string>());
    }
    bot_games_.Replace(std::move(bot_games));
    for (const auto& row : txn.exec(
             "SELECT g.game_id, g.version, p.seat, p.user_id FROM games g"
             " JOIN game_players p ON p.game_id = g.game_id AND p.played_by_bot AND p.seat = ANY (g.active_seats)"
             " WHERE g.status = 'active' ORDER BY g.game_id, p.seat LIMIT 50")) {
      turns.push_back({row[0].as<std::string>(), row[1].as<int64_t>(), row[2].as<int>(), row[3].as<std::string>()});
    }
  }
  std::set<BotTurns::Turn> seen;
  for (const Turn& turn : turns) seen.insert({turn.game_id, turn.version, turn.seat});
  refused_turns_.KeepOnly(seen);
  int moved = 0;
  for (const Turn& turn : turns) {
    if (worker_.stopping()) break;
    const BotTurns::Turn key{turn.game_id, turn.version, turn.seat};
    if (!refused_turns_.Due(key, BotTurns::Clock::now())) continue;
    mailrun::v1::SubmitActionRequest request;
    {
      auto connection = pool_.Acquire();
      pqxx::read_transaction txn(*connection);
      const auto info = loader_.Info(txn, turn.game_id);
      if (!info) continue;
      const auto game = loader_.At(txn, info, turn.version);
      if (!game.ok()) {
        spdlog::error("deleted players: game {} does not load: {}", turn.game_id, game.error().ToString());
        continue;
      }
      const auto legal = game->LegalActions(turn.seat);
      if (legal.empty()) continue;
      uint64_t rng = std::hash<std::string>{}(turn.game_id + "/" + std::to_string(turn.version)) | 1;
      *request.mutable_action() = mailrun::engine::bot::ChooseAction(*game, turn.seat, legal, rng);
      request.mutable_action()->set_seat(turn.seat);
    }
    request.set_game_id(turn.game_id);
    request.set_expected_version(turn.version);
    request.set_request_id(BotRequestId(turn.version, turn.seat, refused_turns_.Attempt(key)));
    mailrun::v1::SubmitActionResponse response;
    int64_t current = 0;
    const grpc::Status status = moves_.Submit(turn.user_id, request, &response, &current);
    if (status.ok()) {
      ++moved;
    } else if (status.error_code() != grpc::StatusCode::ABORTED) {
      const auto wait = refused_turns_.Refused(key, BotTurns::Clock::now());
      spdlog::error("deleted players: the bot's move in game {} at version {} was refused: {} (next try in {} s, with a new request id)",
                    turn.game_id, turn.version, status.error_message(), wait.count() / 1000);
    }
  }
  return moved;
}

}  // namespace mailrun::game
