// AsAccessCaller: what the game service's small gRPC faces (ProgrammedMoveServiceImpl,
// SeatServiceImpl) do first in every handler: authenticate the caller's access token and run the
// handler with its claims (user id, display name); UNAUTHENTICATED without a valid one.
#pragma once

#include <grpcpp/grpcpp.h>

#include "services/common/auth.h"
#include "services/common/token.h"

namespace mailrun::game {

template <typename Handler>
grpc::Status AsAccessCaller(grpc::ServerContext* context, const mailrun::service::TokenVerifier& verifier,
                            const Handler& handler) {
  grpc::Status status;
  const auto claims = mailrun::service::Authenticate(*context, verifier, mailrun::service::TokenKind::kAccess, &status);
  if (!claims) return status;
  return handler(*claims);
}

}  // namespace mailrun::game
