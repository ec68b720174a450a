#include "tools/mailrun/client/connections.h"

#include <chrono>

namespace mailrun::cli {

std::shared_ptr<grpc::Channel> Connections::Open(const std::string& address) const {
  grpc::ChannelArguments arguments;
  // A service that is down should be reported at once, not after gRPC's reconnect back-off.
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments);
}

LobbyStub& Connections::lobby() {
  if (!lobby_) lobby_ = mailrun::v1::LobbyService::NewStub(Open(options_.lobby_address));
  return *lobby_;
}

GameStub& Connections::game() {
  if (!game_) game_ = mailrun::v1::GameService::NewStub(Open(options_.game_address));
  return *game_;
}

ProgrammedStub& Connections::programmed() {
  if (!programmed_) programmed_ = mailrun::v1::ProgrammedMoveService::NewStub(Open(options_.game_address));
  return *programmed_;
}

StudyStub& Connections::study() {
  if (!study_) study_ = mailrun::v1::StudyService::NewStub(Open(options_.game_address));
  return *study_;
}

SeatStub& Connections::seats() {
  if (!seats_) seats_ = mailrun::v1::SeatService::NewStub(Open(options_.game_address));
  return *seats_;
}

NotifyStub& Connections::notify() {
  if (!notify_) notify_ = mailrun::v1::NotificationService::NewStub(Open(options_.notify_address));
  return *notify_;
}

void Connections::Prepare(grpc::ClientContext& context, const std::string& token, bool with_deadline) const {
  if (with_deadline) {
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::milliseconds(static_cast<int64_t>(options_.timeout_seconds * 1000)));
  }
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
}

}  // namespace mailrun::cli
