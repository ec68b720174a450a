// How a notification handler's unexpected failure reaches the client: database trouble becomes
// UNAVAILABLE ("retry"), anything else INTERNAL, logged here with the method; the client never
// sees internals. Shared by the synchronous handlers and the Subscribe streams.
#pragma once

#include <grpcpp/grpcpp.h>

#include <exception>

namespace mailrun::notification {

grpc::Status FailureStatus(const char* method, const std::exception& e);

}  // namespace mailrun::notification
