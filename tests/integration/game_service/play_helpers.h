// Helpers for tests that play games through the API: submit one action as a seat, read a seat's
// view, replay a game's stored log with the engine.
#pragma once

#include <pqxx/pqxx>
#include <string>

#include "engine/titles/game.h"
#include "engine/core/game_record.h"
#include "tests/integration/game_service/game_harness.h"

namespace mailrun::game::testing {

// The seats of the players the tests seat at a table, in seat order.
inline constexpr int kAdam = 0, kBeth = 1, kClive = 2;

grpc::Status Submit(GameStub& stub, const std::string& token, const std::string& game_id, int64_t expected_version,
                    const mailrun::v1::Action& action, const std::string& request_id,
                    mailrun::v1::SubmitActionResponse* response,
                    std::multimap<std::string, std::string>* trailers = nullptr);

// GetGame as `token` (full view unless since_version).
mailrun::v1::GetGameResponse GetGame(GameStub& stub, const std::string& token, const std::string& game_id,
                                     int64_t since_version = 0);

// Submits record.actions[from, to) through the API, each as its seat's player (seat from the
// token), starting at `version`; returns the version after them (fails the test on a refusal).
int64_t PlayRecorded(GameStub& stub, const mailrun::engine::GameRecord& record, const std::string& game_id, size_t from,
                     size_t to, int64_t version);

// The engine's replay of the game's stored log (undone actions skipped), from its stored config.
mailrun::engine::Game ReplayStoredLog(pqxx::connection& db, const std::string& game_id);

// The stored actions in effect, in order.
std::vector<mailrun::v1::Action> EffectiveActions(pqxx::connection& db, const std::string& game_id);

}  // namespace mailrun::game::testing
