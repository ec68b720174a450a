// GameInfo: what the game service knows of a game besides its state: its id, the configuration
// the engine plays, who holds each seat, the lobby's table, tournament and turn deadline, and
// whether it is a study game (and whose).
// Fixed when the game is created (a seat handover changes it, and drops the game from the cache).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <vector>

#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/seats.pb.h"

namespace mailrun::game {

struct GameInfo {
  std::string game_id;
  mailrun::v1::GameConfig config;  // seed filled in; players in seat order
  std::string table_id;
  std::string tournament_id;
  int64_t turn_deadline_seconds = 0;
  // A study game's owner (migrations/0108), who plays every seat (hotseat); empty otherwise.
  std::string study_owner;

  bool study() const { return !study_owner.empty(); }
  // Seats handed over so far (empty_seats.h), oldest first: a handover changes the holder in
  // `config` and drops the game from the cache, so this is current whenever `config` is.
  std::vector<mailrun::v1::SeatHandover> handovers;

  int players() const { return config.players_size(); }
  const std::string& user_of(int seat) const { return config.players(seat).user_id(); }
  // The seat `user_id` holds, or nullopt for a spectator.
  std::optional<int> SeatOf(const std::string& user_id) const {
    for (int seat = 0; seat < config.players_size(); ++seat) {
      if (config.players(seat).user_id() == user_id) return seat;
    }
    return std::nullopt;
  }
};

}  // namespace mailrun::game
