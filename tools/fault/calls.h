// Making calls as a client of the stack: a unary call with "authorization: Bearer <token>" and a
// deadline, which statuses are worth retrying with the same request_id, tokens minted with the
// run's signing key, and a channel per client (its own connection, as separate phones have).
#pragma once

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "services/common/token.h"
#include "services/common/unix_time.h"

namespace mailrun::fault {

template <typename Stub, typename Request, typename Response>
grpc::Status Call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                  const std::string& token, const Request& request, Response* response,
                  std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
  grpc::ClientContext context;
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  return (stub.*method)(&context, request, response);
}

// The answer says nothing about whether the call took effect (the service was unreachable, went
// away mid-call or did not answer in time): repeat it with the same request_id.
inline bool InDoubt(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE || code == grpc::StatusCode::DEADLINE_EXCEEDED ||
         code == grpc::StatusCode::CANCELLED || code == grpc::StatusCode::UNKNOWN ||
         code == grpc::StatusCode::INTERNAL;
}

std::shared_ptr<grpc::Channel> OwnChannel(const std::string& address);

std::string UserToken(const mailrun::service::TokenSigner& signer, const std::string& user_id);
std::string LobbyToken(const mailrun::service::TokenSigner& signer);

using mailrun::service::NowUnixMs;

// Joins `threads`; once `grace` has passed, sets `hard_stop`, so that threads still repeating a
// call in doubt give up.
void JoinWithin(std::vector<std::thread>& threads, std::atomic<bool>& hard_stop, std::chrono::seconds grace);

}  // namespace mailrun::fault
