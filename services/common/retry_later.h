// RESOURCE_EXHAUSTED with a retry hint, the way gRPC clients read one: the standard
// google.rpc.RetryInfo detail (proto/google/rpc) in the "grpc-status-details-bin" trailer, and the
// delay in the message too ("...; retry in 12 s") for people and for clients that do not decode
// details. Used when a call is refused to protect the service (login limits, a full hashing
// queue); the client waits at least the delay and then retries the same call.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <optional>
#include <string>

namespace mailrun::service {

grpc::Status RetryLater(const std::string& message, std::chrono::seconds delay);

// The RetryInfo delay of a status, if it carries one (for clients and tests).
std::optional<std::chrono::milliseconds> RetryDelayOf(const grpc::Status& status);

}  // namespace mailrun::service
