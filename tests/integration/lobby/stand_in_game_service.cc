#include "tests/integration/lobby/stand_in_game_service.h"

#include "services/common/auth.h"

namespace mailrun::testing {

StandInGameService::StandInGameService(std::string token_key) : token_key_(std::move(token_key)) {}

StandInGameService::~StandInGameService() { Stop(); }

void StandInGameService::Serve(int port) {
  grpc::ServerBuilder builder;
  builder.AddListeningPort("127.0.0.1:" + std::to_string(port), grpc::InsecureServerCredentials());
  builder.RegisterService(this);
  server_ = builder.BuildAndStart();
}

void StandInGameService::Stop() {
  if (server_) {
    server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(2));
    server_->Wait();
    server_.reset();
  }
}

bool StandInGameService::Authorised(grpc::ServerContext* context) {
  grpc::Status status;
  const auto claims =
      mailrun::service::Authenticate(*context, token_key_, mailrun::service::TokenKind::kService, &status);
  if (!claims || claims->subject != "lobby") {
    std::lock_guard lock(mutex_);
    ++refused_calls_;
    return false;
  }
  return true;
}

grpc::Status StandInGameService::CreateGame(grpc::ServerContext* context, const mailrun::v1::CreateGameRequest* request,
                                            mailrun::v1::CreateGameResponse* response) {
  if (!Authorised(context)) return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "service token required");
  const int players = request->config().players_size();
  if (request->request_id().empty() || players < 3 || players > 6) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "request_id and 3 to 6 players are required");
  }
  std::lock_guard lock(mutex_);
  ++create_calls_;
  auto found = game_of_request_.find(request->request_id());
  if (found == game_of_request_.end()) {
    const std::string game_id = "game-" + std::to_string(games_.size() + 1);
    found = game_of_request_.emplace(request->request_id(), game_id).first;
    games_[game_id] = *request;
  }
  response->set_game_id(found->second);
  return grpc::Status::OK;
}

grpc::Status StandInGameService::GetGameResult(grpc::ServerContext* context,
                                               const mailrun::v1::GetGameResultRequest* request,
                                               mailrun::v1::GetGameResultResponse* response) {
  if (!Authorised(context)) return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "service token required");
  std::lock_guard lock(mutex_);
  const auto game = games_.find(request->game_id());
  if (game == games_.end()) return grpc::Status(grpc::StatusCode::NOT_FOUND, "no such game");
  const auto done = finished_.find(request->game_id());
  if (done != finished_.end()) {
    *response = done->second;
  } else {
    response->set_status(mailrun::v1::GAME_STATUS_ACTIVE);
  }
  response->set_table_id(game->second.table_id());
  response->set_tournament_id(game->second.tournament_id());
  return grpc::Status::OK;
}

std::optional<std::string> StandInGameService::GameOfTable(const std::string& table_id) const {
  std::lock_guard lock(mutex_);
  for (const auto& [game_id, request] : games_) {
    if (request.table_id() == table_id) return game_id;
  }
  return std::nullopt;
}

std::optional<mailrun::v1::CreateGameRequest> StandInGameService::CreateRequestOf(const std::string& game_id) const {
  std::lock_guard lock(mutex_);
  const auto found = games_.find(game_id);
  if (found == games_.end()) return std::nullopt;
  return found->second;
}

int StandInGameService::games_created() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(games_.size());
}

int StandInGameService::create_calls() const {
  std::lock_guard lock(mutex_);
  return create_calls_;
}

int StandInGameService::refused_calls() const {
  std::lock_guard lock(mutex_);
  return refused_calls_;
}

void StandInGameService::Finish(const std::string& game_id, const std::string& reason,
                                const std::vector<mailrun::v1::GameResultEntry>& results) {
  std::lock_guard lock(mutex_);
  mailrun::v1::GetGameResultResponse response;
  response.set_status(mailrun::v1::GAME_STATUS_FINISHED);
  response.set_reason(reason);
  for (const auto& entry : results) *response.add_results() = entry;
  finished_[game_id] = response;
}

}  // namespace mailrun::testing
