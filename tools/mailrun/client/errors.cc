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

std::string StatusCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::OK: return "OK";
    case grpc::StatusCode::CANCELLED: return "CANCELLED";
    case grpc::StatusCode::UNKNOWN: return "UNKNOWN";
    case grpc::StatusCode::INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "DEADLINE_EXCEEDED";
    case grpc::StatusCode::NOT_FOUND: return "NOT_FOUND";
    case grpc::StatusCode::ALREADY_EXISTS: return "ALREADY_EXISTS";
    case grpc::StatusCode::PERMISSION_DENIED: return "PERMISSION_DENIED";
    case grpc::StatusCode::RESOURCE_EXHAUSTED: return "RESOURCE_EXHAUSTED";
    case grpc::StatusCode::FAILED_PRECONDITION: return "FAILED_PRECONDITION";
    case grpc::StatusCode::ABORTED: return "ABORTED";
    case grpc::StatusCode::OUT_OF_RANGE: return "OUT_OF_RANGE";
    case grpc::StatusCode::UNIMPLEMENTED: return "UNIMPLEMENTED";
    case grpc::StatusCode::INTERNAL: return "INTERNAL";
    case grpc::StatusCode::UNAVAILABLE: return "UNAVAILABLE";
    case grpc::StatusCode::DATA_LOSS: return "DATA_LOSS";
    case grpc::StatusCode::UNAUTHENTICATED: return "UNAUTHENTICATED";
    default: return "CODE_" + std::to_string(static_cast<int>(code));
  }
}

}  // namespace mailrun::cli
