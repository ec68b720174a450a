// Authentication of gRPC calls: reads "authorization: Bearer <token>" from the call's metadata
// and verifies it with the service's trusted public keys (token.h). Handlers call this first and
// return the status it gives on failure.
#pragma once

#include <grpcpp/grpcpp.h>

#include <optional>
#include <string>

#include "services/common/token.h"

namespace mailrun::service {

// Verifies the caller's bearer token of `kind`. On failure returns nullopt and sets *status to
// UNAUTHENTICATED with a message saying what was wrong (never the token). On success the token's
// subject becomes the user of the call's log lines (log_context.h).
// Works for both APIs: synchronous handlers (grpc::ServerContext) and reactors
// (grpc::CallbackServerContext).
std::optional<TokenClaims> Authenticate(const grpc::ServerContextBase& context, const TokenVerifier& verifier,
                                        TokenKind kind, grpc::Status* status);

// Unix seconds now; the one clock the services use for tokens.
int64_t UnixNow();

}  // namespace mailrun::service
