// GameCreation: the lobby's calls, CreateGame and GetGameResult, after the caller's service token
// has been verified. A game's id follows from the creating service and its request_id
// ("g" + 32 hex digits of SHA-256), so CreateGame is idempotent without any cross-game index: a
// retry, even a concurrent one, meets the same primary key and gets the same game. The creation
// writes the game, its seats and the first YourTurn events in one transaction.
// Thread-safe.
#pragma once

#include <functional>
#include <pqxx/pqxx>
#include <string>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/game.pb.h"
#include "services/common/transaction.h"

namespace mailrun::game {

// Appends an event to the outbox inside the creation's transaction (services/common/outbox.h).
using EventWriter = std::function<void(pqxx::work& txn, const mailrun::v1::Event& event)>;

class GameCreation {
 public:
  GameCreation(mailrun::service::Transactor transactor, EventWriter events);

  // `service`: the calling service (the service token's subject).
  grpc::Status CreateGame(const std::string& service, const mailrun::v1::CreateGameRequest& request,
                          mailrun::v1::CreateGameResponse* response);
  grpc::Status GetGameResult(const mailrun::v1::GetGameResultRequest& request,
                             mailrun::v1::GetGameResultResponse* response);

 private:
  mailrun::service::Transactor transactor_;
  EventWriter events_;
};

// The game id CreateGame gives to `request_id` from `service`.
std::string GameIdFor(const std::string& service, const std::string& request_id);

}  // namespace mailrun::game
