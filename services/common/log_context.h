// What every log line of the current thread is about: the request (its id, gRPC method, caller,
// game) and the trace it belongs to (trace_context.h). The services' request interceptor
// (request_observer.h) opens a LogScope for each call; background workers open one for each
// event they handle, continuing the event's trace. json_log.h writes these fields into each line.
//
// A LogScope is per thread and nests: the innermost one is current until it ends, then the one
// it replaced is again. Note*() fill in the current scope's fields as a handler learns them
// (after authentication, after reading the request); without a scope they do nothing.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "services/common/trace_context.h"

namespace mailrun::service {

struct LogContext {
  std::string request_id;
  std::string method;  // gRPC method, e.g. "/mailrun.v1.GameService/SubmitAction"
  std::string user;    // the authenticated caller (user id or service name)
  std::string game;
  TraceContext trace;
};

class LogScope {
 public:
  explicit LogScope(LogContext context);
  // A scope for handling something that carries a traceparent (an outbox event): the trace
  // continues with a new span (or a new trace when there is none); the other fields are taken
  // over from the current scope, if any.
  static LogScope Continuing(std::string_view traceparent);
  ~LogScope();
  LogScope(LogScope&& other) noexcept;
  LogScope(const LogScope&) = delete;
  LogScope& operator=(const LogScope&) = delete;
  LogScope& operator=(LogScope&&) = delete;

  LogContext& context() { return *context_; }

 private:
  std::shared_ptr<LogContext> context_;
  bool active_ = true;
};

// The current thread's innermost context, or nullptr outside any scope.
const LogContext* CurrentLogContext();

// For a call that goes on after its handler returns (gRPC's callback API): ends the current
// thread's innermost scope here, as if it had closed, and gives its context, which the call's
// later work reopens (LogScope) on whichever thread it runs. Without a scope: an empty context.
LogContext HandOffCurrentScope();

void NoteUser(std::string_view user);
void NoteGame(std::string_view game);

// The traceparent to hand on to the next hop (an outbox event, an outgoing call): the current
// span as the parent of whatever the next hop does, or a new trace outside any scope.
std::string OutgoingTraceparent();

}  // namespace mailrun::service
