// The errors of the mailrun client: a message for a person and the process's exit code. Commands
// throw them; main.cc prints the message (as JSON with --json) and exits with the code.
//   0 done   1 refused by a service   2 bad input (nothing was sent)   3 a service is unreachable
//   or did not answer in time   4 not logged in, or the session has ended
#pragma once

#include <grpcpp/grpcpp.h>

#include <stdexcept>
#include <string>

#include "services/common/status_names.h"

namespace mailrun::cli {

inline constexpr int kExitRefused = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitUnreachable = 3;
inline constexpr int kExitLoggedOut = 4;

class CliError : public std::runtime_error {
 public:
  CliError(int exit_code, const std::string& message) : std::runtime_error(message), exit_code_(exit_code) {}
  int exit_code() const { return exit_code_; }

 private:
  int exit_code_;
};

// Bad input found before anything was sent (exit code 2).
inline CliError BadInput(const std::string& message) { return CliError(kExitBadInput, message); }

// A call a service refused or that did not get through. `service` names the service ("lobby",
// "game service", "notification service"), `what` the call ("CreateTable").
class CallError : public CliError {
 public:
  CallError(const grpc::Status& status, const std::string& service, const std::string& address,
            const std::string& what);
  grpc::StatusCode code() const { return code_; }
  const std::string& service_message() const { return service_message_; }

 private:
  grpc::StatusCode code_;
  std::string service_message_;
};

// "FAILED_PRECONDITION", "UNAVAILABLE", ...
using mailrun::service::StatusCodeName;

}  // namespace mailrun::cli
