// StandInGameService: takes the place of the game service (services/game, not built yet) in the
// lobby's integration tests. It implements only what the lobby calls, CreateGame and
// GetGameResult of proto/mailrun/v1/game.proto, as the contract describes them: a service token
// is required (verified with the shared test key), CreateGame is idempotent on request_id, and a
// game is ACTIVE until the test finishes it with results. It records every call so tests can check
// what the lobby sent. Runs in the test process on a loopback port. Thread-safe.
//
// The DISABLED_ tests in acceptance_test.cc use the real mailrun-game instead; enable them when
// the game service lands.
#pragma once

#include <grpcpp/grpcpp.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "mailrun/v1/game.grpc.pb.h"

namespace mailrun::testing {

class StandInGameService final : public mailrun::v1::GameService::Service {
 public:
  // `token_key`: 32 raw bytes.
  explicit StandInGameService(std::string token_key);
  ~StandInGameService() override;

  // Serves on 127.0.0.1:`port` until Stop (or destruction).
  void Serve(int port);
  void Stop();

  grpc::Status CreateGame(grpc::ServerContext* context, const mailrun::v1::CreateGameRequest* request,
                          mailrun::v1::CreateGameResponse* response) override;
  grpc::Status GetGameResult(grpc::ServerContext* context, const mailrun::v1::GetGameResultRequest* request,
                             mailrun::v1::GetGameResultResponse* response) override;

  // The game created for `table_id`, if any, and the request that created it.
  std::optional<std::string> GameOfTable(const std::string& table_id) const;
  std::optional<mailrun::v1::CreateGameRequest> CreateRequestOf(const std::string& game_id) const;
  int games_created() const;
  int create_calls() const;  // retries included
  int refused_calls() const;  // calls without a valid service token

  // Ends a game: GetGameResult reports it FINISHED with these results.
  void Finish(const std::string& game_id, const std::string& reason,
              const std::vector<mailrun::v1::GameResultEntry>& results);

 private:
  bool Authorised(grpc::ServerContext* context);

  const std::string token_key_;
  std::unique_ptr<grpc::Server> server_;
  mutable std::mutex mutex_;
  std::map<std::string, std::string> game_of_request_;                 // request_id -> game_id
  std::map<std::string, mailrun::v1::CreateGameRequest> games_;        // game_id -> request
  std::map<std::string, mailrun::v1::GetGameResultResponse> finished_;  // game_id -> result
  int create_calls_ = 0;
  int refused_calls_ = 0;
};

}  // namespace mailrun::testing
