// GameInfo: what the game service knows of a game besides its state: its id, the configuration
// the engine plays, who holds each seat, the lobby's table, tournament and turn deadline, and
// whether it is a study game (and whose).
// Fixed when the game is created, so it may be cached for as long as the game is.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "mailrun/v1/game_config.pb.h"

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
