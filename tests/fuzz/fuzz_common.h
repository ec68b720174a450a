// What both halves of the engine fuzz target share (engine_fuzz_target.cc for 1853,
// engine_fuzz_1947.cc): aborting on a finding, the games' configurations, and names from fuzz bytes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine::fuzz {

[[noreturn]] inline void Fail(const std::string& what) {
  std::fprintf(stderr, "FUZZ FAILURE: %s\n", what.c_str());
  std::abort();
}

// `players` players named Player 1, Player 2, ... of `title` (1853: the Retuned edition).
inline mailrun::v1::GameConfig ConfigFor(mailrun::v1::Title title, int players, uint64_t seed) {
  mailrun::v1::GameConfig config;
  config.set_title(title);
  if (title == mailrun::v1::TITLE_1853) config.set_edition(mailrun::v1::EDITION_RETUNED);
  config.set_seed(seed);
  for (int i = 0; i < players; ++i) {
    auto* p = config.add_players();
    p->set_user_id("u" + std::to_string(i));
    p->set_display_name("Player " + std::to_string(i + 1));
  }
  return config;
}

// A short string from fuzz bytes, biased towards names the engine knows.
inline std::string PickName(const uint8_t* bytes, size_t n, const std::vector<std::string>& known) {
  if (n == 0) return "";
  if (bytes[0] % 4 != 0 && !known.empty()) return known[bytes[0] % known.size()];
  return std::string(reinterpret_cast<const char*>(bytes + 1), n - 1);
}

// Applies `action`: a refusal must say why and leave the game exactly as it was (its snapshot);
// after an accepted action `problems(game)` (the title's invariants against the game before,
// which the caller captured) must find nothing.
template <class GameT, class Problems>
void ApplyChecked(GameT& game, const mailrun::v1::Action& action, Problems problems) {
  const std::string before_json = game.SnapshotJson();
  auto result = game.Apply(action);
  if (!result.ok()) {
    if (result.error().message.empty()) Fail("a refusal without a message: " + action.ShortDebugString());
    if (game.SnapshotJson() != before_json) Fail("a refused action changed the state: " + action.ShortDebugString());
    return;
  }
  for (const std::string& problem : problems(game)) Fail(problem + " after " + action.ShortDebugString());
}

// Plays the chunks of an input (engine_fuzz_target.h: [kind][length][bytes]...) into `game`: an
// even kind parses its bytes as an Action; an odd kind takes a legal action of an active seat (its
// first byte picks both) and `mutate`s it with the rest. Each action goes to `apply`.
template <class GameT, class Mutate, class Apply>
void PlayChunks(GameT& game, const uint8_t* data, size_t size, Mutate mutate, Apply apply) {
  size_t at = 0;
  while (at + 2 <= size) {
    const uint8_t kind = data[at];
    const size_t length = std::min<size_t>(data[at + 1], size - at - 2);
    const uint8_t* chunk = data + at + 2;
    at += 2 + length;
    mailrun::v1::Action action;
    if (kind % 2 == 0) {
      if (!action.ParseFromArray(chunk, static_cast<int>(length))) continue;
    } else {
      const auto seats = game.ActiveSeats();
      if (seats.empty()) break;
      const int seat = seats[length > 0 ? chunk[0] % seats.size() : 0];
      const auto legal = game.LegalActions(seat);
      if (legal.empty()) continue;
      action = legal[length > 0 ? chunk[0] % legal.size() : 0].action();
      if (length > 1) mutate(action, chunk + 1, length - 1);
    }
    apply(game, action);
  }
}

}  // namespace mailrun::engine::fuzz
