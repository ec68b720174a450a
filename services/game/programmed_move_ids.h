// The request ids of programmed moves (programmed_moves.h): "service:prog:" and a keyed hash (BLAKE2b,
// libsodium's crypto_generichash, with the service's secret key from migrations/0106) of the game,
// the version and the seat. The same move tried twice (two replicas, or one before and after a
// restart) has the same id, so the action log applies it once; nobody without the key can make
// one, and the game service refuses client request ids in the service's own namespace
// (request_checks.h, "service:"), so a client can neither take a programmed move's place nor pass
// its move off as programmed.
// Kept apart from the bot's ids (deleted_players.cc). Pure, thread-safe.
#pragma once

#include <cstdint>
#include <string>

namespace mailrun::game {

inline constexpr char kProgrammedRequestPrefix[] = "service:prog:";

// "service:prog:" + 32 hex digits. `key`: the secret key's bytes.
std::string ProgrammedRequestId(const std::string& key, const std::string& game_id, int64_t version, int seat);

}  // namespace mailrun::game
