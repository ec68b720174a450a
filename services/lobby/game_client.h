// The lobby's client of the game service (proto/mailrun/v1/game.proto): CreateGame and
// GetGameResult, each sent with a fresh service token (kind service, subject "lobby", 5 minutes)
// and a deadline. A game's calls go to that game's pod (services/common/game_channels.h);
// CreateGame, which names no game yet, round-robin. Thread-safe (gRPC stubs are).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <memory>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/game_channels.h"
#include "services/common/token.h"

namespace mailrun::lobby {

class GameServiceClient {
 public:
  // `signer`: the lobby's signing key (must outlive the client); `timeout`: each call's deadline.
  GameServiceClient(std::unique_ptr<mailrun::service::GameChannels> channels, const mailrun::service::TokenSigner& signer,
                    std::chrono::seconds timeout);

  grpc::Status CreateGame(const mailrun::v1::CreateGameRequest& request, mailrun::v1::CreateGameResponse* response);
  grpc::Status GetGameResult(const std::string& game_id, mailrun::v1::GetGameResultResponse* response);

 private:
  void Prepare(grpc::ClientContext& context) const;

  std::unique_ptr<mailrun::service::GameChannels> channels_;
  const mailrun::service::TokenSigner& signer_;
  std::chrono::seconds timeout_;
};

// The service token the lobby presents to the game service.
std::string LobbyServiceToken(const mailrun::service::TokenSigner& signer);

}  // namespace mailrun::lobby
