// GamePlay: a game played move by move through the real game service, with the engine alongside to
// work out what each move must announce, and to whom, by the contract of events.proto and
// docs/game-service.md: "your turn" to each seat that may act after the move and could not before
// (the mover excepted), a returned bond to every player, the end of the game to every player. This
// is worked out from the engine's states, not by the game service's own event planner, so the
// tests hold the service to the contract. Not thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/notification.pb.h"

namespace mailrun::notification::testing {

// One notification a user must receive.
struct Announcement {
  std::string user_id;
  std::string event_id;
  mailrun::v1::EventKind kind = mailrun::v1::EVENT_KIND_UNSPECIFIED;
  std::string game_id;
  int64_t version = 0;  // the game's version after the change (YourTurn carries it)
};

class GamePlay {
 public:
  // The game `game_id` (created with `config`: the seed as the game service stored it), at its
  // start; `stub` must outlive this object.
  GamePlay(mailrun::v1::GameService::Stub& stub, std::string game_id, const mailrun::v1::GameConfig& config);

  // What the creation of the game announced (version 0).
  std::vector<Announcement> Created() const;

  // Submits `action` as its seat's player (with an access token of that player) at the current
  // version. Fails the test and returns nothing if the game service refuses it.
  std::vector<Announcement> Submit(const mailrun::v1::Action& action);
  // Submits the reference bot's choice (engine/bot/choose_action.h) for the first seat that may act.
  std::vector<Announcement> SubmitBotMove();

  const std::string& game_id() const { return game_id_; }
  int64_t version() const { return version_; }
  const mailrun::engine::Game& game() const { return game_; }
  const std::string& user_of(int seat) const { return game_.config().players(seat).user_id(); }

 private:
  std::vector<Announcement> Announced(const mailrun::engine::Game* before, const mailrun::engine::Game& after,
                                      int mover, int64_t version) const;

  mailrun::v1::GameService::Stub& stub_;
  std::string game_id_;
  mailrun::engine::Game game_;
  int64_t version_ = 0;
  uint64_t bot_rng_;
};

// The GameConfig of a game as the game service stored it (seed included), read from the database.
mailrun::v1::GameConfig StoredConfig(const std::string& database_url, const std::string& game_id);

}  // namespace mailrun::notification::testing
