// The names of gRPC status codes as the gRPC documentation spells them ("OK", "ABORTED", ...):
// for metrics labels, log lines and the command-line client's messages.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

namespace mailrun::service {

// "CODE_<n>" for a number that is no status code.
std::string StatusCodeName(grpc::StatusCode code);

}  // namespace mailrun::service
