// Autopilot: a player hands their seat to the game service's bot (SetAutopilot, on) and takes it
// back (off). The seat is marked played_by_bot in game_players, the same mark a deleted account's
// seat gets, so the bot of DeletedPlayers::PlayBotSeats plays it each turn; turning it off clears
// the mark. A player may do it only for their own seat, and only while the game runs.
// Thread-safe.
#pragma once

#include <string>

#include <grpcpp/grpcpp.h>

#include "mailrun/v1/game.pb.h"
#include "services/common/transaction.h"

namespace mailrun::game {

class Autopilot {
 public:
  explicit Autopilot(mailrun::service::Transactor transactor) : transactor_(std::move(transactor)) {}

  grpc::Status Set(const std::string& user_id, const mailrun::v1::SetAutopilotRequest& request,
                   mailrun::v1::SetAutopilotResponse* response);

 private:
  mailrun::service::Transactor transactor_;
};

}  // namespace mailrun::game
