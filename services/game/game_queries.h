// GameQueries: the read-only calls of a player or spectator: GetGame (full or delta view),
// ListLegalActions, GetHistory, SuggestRuns and ListMyGames. Each reads the game's version first
// and then the game at exactly that version (GameLoader), so every answer is consistent with the
// version it reports. Views come from the engine per viewer: a player sees their own secrets and
// nobody else's; a caller without a seat gets the spectator's view.
// Thread-safe.
#pragma once

#include <optional>
#include <string>

#include "mailrun/v1/game.pb.h"
#include "services/common/transaction.h"
#include "services/game/game_loader.h"
#include "services/game/game_store.h"

namespace mailrun::game {

struct QueryOptions {
  int64_t max_delta_versions = 200;  // GetGame(since_version) further behind gets the full view
};

class GameQueries {
 public:
  // `loader` must outlive the queries.
  GameQueries(mailrun::service::Transactor transactor, GameLoader& loader, QueryOptions options);

  grpc::Status GetGame(const std::string& user_id, const mailrun::v1::GetGameRequest& request,
                       mailrun::v1::GetGameResponse* response);
  grpc::Status ListLegalActions(const std::string& user_id, const mailrun::v1::ListLegalActionsRequest& request,
                                mailrun::v1::ListLegalActionsResponse* response);
  grpc::Status GetHistory(const std::string& user_id, const mailrun::v1::GetHistoryRequest& request,
                          mailrun::v1::GetHistoryResponse* response);
  grpc::Status SuggestRuns(const std::string& user_id, const mailrun::v1::SuggestRunsRequest& request,
                           mailrun::v1::SuggestRunsResponse* response);
  grpc::Status ListMyGames(const std::string& user_id, const mailrun::v1::ListMyGamesRequest& request,
                           mailrun::v1::ListMyGamesResponse* response);
  // WatchGame's next message: the entry that made version `after` + 1 and `user_id`'s view after
  // it (a delta from `after` when it can be). *change stays unset while the game is at `after`;
  // *finished says whether the game has ended (at its current version). NOT_FOUND for no such
  // game, INVALID_ARGUMENT when `after` is ahead of the game.
  grpc::Status GetBoardPicture(const std::string& user_id, const mailrun::v1::GetBoardPictureRequest& request,
                               mailrun::v1::GetBoardPictureResponse* response);
  grpc::Status NextChange(const std::string& user_id, const std::string& game_id, int64_t after,
                          std::optional<mailrun::v1::WatchGameResponse>* change, bool* finished);

 private:
  // Opens the game for `user_id` and loads it at its current version.
  grpc::Status LoadCurrent(pqxx::work& txn, const std::string& game_id, const std::string& user_id, OpenedGame* opened,
                           std::optional<mailrun::engine::Game>* game);

  // Turns `view` (the viewer's full view now) into a delta from the view at `since` when it can be.
  grpc::Status DeltaSince(pqxx::work& txn, const OpenedGame& opened, int64_t since, mailrun::v1::GameView* view,
                          bool* is_delta);

  mailrun::service::Transactor transactor_;
  GameLoader& loader_;
  QueryOptions options_;
};

// The public log lines of a stored log row's answer, each with its version and time (a row stored
// before lines carried them gets the row's seq and time).
std::vector<mailrun::v1::LogLine> LogLinesOfRow(const store::HistoryRow& row);

}  // namespace mailrun::game
