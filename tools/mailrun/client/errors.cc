#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {
namespace {

int ExitCodeOf(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return kExitUnreachable;
    case grpc::StatusCode::UNAUTHENTICATED:
      return kExitLoggedOut;
    default:
      return kExitRefused;
  }
}

std::string Explain(const grpc::Status& status, const std::string& service, const std::string& address,
                    const std::string& what) {
  switch (status.error_code()) {
    case grpc::StatusCode::UNAVAILABLE:
      return what + ": cannot reach the " + service + " at " + address + " (" + status.error_message() +
             "); is the stack running (make run)?";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return what + ": the " + service + " at " + address + " did not answer in time (--timeout)";
    default:
      return what + " refused by the " + service + " (" + StatusCodeName(status.error_code()) +
             "): " + status.error_message();
  }
}

}  // namespace

CallError::CallError(const grpc::Status& status, const std::string& service, const std::string& address,
                     const std::string& what)
    : CliError(ExitCodeOf(status.error_code()), Explain(status, service, address, what)),
      code_(status.error_code()),
      service_message_(status.error_message()) {}

}  // namespace mailrun::cli
