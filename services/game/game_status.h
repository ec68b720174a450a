// The gRPC statuses the game service answers with, made in one place (see the status codes of
// proto/mailrun/v1/game.proto). EngineErrorStatus is THE mapping of engine errors: a malformed
// action is INVALID_ARGUMENT; an action the rules refuse now, or one by a seat that is not to act,
// is FAILED_PRECONDITION with "rule: message". Both carry the refusal's message key and rule in the
// standard error details (services/common/refusal_details.h: ErrorInfo, PreconditionFailure,
// BadRequest). Messages name the problem and never contain a token or another player's secret
// (engine messages never do).
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "mailrun/v1/texts.pb.h"

namespace mailrun::game {

// Trailing metadata key of an ABORTED answer: the game's current version, in decimal.
inline constexpr char kCurrentVersionTrailer[] = "mailrun-current-version";

grpc::Status EngineErrorStatus(const mailrun::engine::Error& error);
// A GameConfig the engine refused at CreateGame: the caller's mistake (INVALID_ARGUMENT), or a
// title or edition that cannot be played yet (FAILED_PRECONDITION).
grpc::Status ConfigErrorStatus(const mailrun::engine::Error& error);

using RefusalParams = std::vector<mailrun::v1::TextParam>;

// The service's own refusals. One whose message names values (an id, a version, a seat) has a key
// of its own and passes those values typed (`params`, the StructuredText detail), so an app can
// say it in its language (tests/unit/lobby/refusal_keys_test.cc walks the calls).
grpc::Status Invalid(const std::string& message);  // key "game.refusal.invalid_request"
grpc::Status Invalid(const std::string& key, const std::string& message, RefusalParams params);
// INVALID_ARGUMENT for one request field: key "game.invalid.<field>[.<reason>]", BadRequest naming
// `field`.
grpc::Status InvalidField(const std::string& field, const std::string& message, RefusalParams params = {},
                          const std::string& reason = "");
grpc::Status NotNow(const std::string& message);  // FAILED_PRECONDITION, key "game.refusal.not_now"
grpc::Status NotNow(const std::string& key, const std::string& message, RefusalParams params);
grpc::Status Denied(const std::string& message);  // PERMISSION_DENIED, key "game.refusal.permission_denied"
grpc::Status Denied(const std::string& key, const std::string& message, RefusalParams params);
grpc::Status NoSuchGame(const std::string& game_id);
grpc::Status Internal(const std::string& message);
// ABORTED: expected_version was stale. The message carries the current version.
grpc::Status StaleVersion(int64_t expected, int64_t current);
// ABORTED for an undo that lost a race with another change.
grpc::Status ChangedMeanwhile(int64_t current);

}  // namespace mailrun::game
