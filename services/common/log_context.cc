#include "services/common/log_context.h"

#include <vector>

namespace mailrun::service {
namespace {

// The current thread's open scopes, innermost last.
thread_local std::vector<std::shared_ptr<LogContext>> scopes;

LogContext* Current() { return scopes.empty() ? nullptr : scopes.back().get(); }

}  // namespace

LogScope::LogScope(LogContext context) : context_(std::make_shared<LogContext>(std::move(context))) {
  scopes.push_back(context_);
}

LogScope LogScope::Continuing(std::string_view traceparent) {
  LogContext context = Current() ? *Current() : LogContext{};
  context.trace = TraceContext::ContinueFrom(traceparent);
  return LogScope(std::move(context));
}

LogScope::LogScope(LogScope&& other) noexcept : context_(std::move(other.context_)), active_(other.active_) {
  other.active_ = false;
}

LogScope::~LogScope() {
  // Only the thread whose current scope this is may unwind it (a scope ended on another thread
  // leaves the threads' contexts alone).
  if (active_ && !scopes.empty() && scopes.back() == context_) scopes.pop_back();
}

const LogContext* CurrentLogContext() { return Current(); }

LogContext HandOffCurrentScope() {
  if (scopes.empty()) return {};
  LogContext context = *scopes.back();
  scopes.pop_back();
  return context;
}

// Ids come from clients: a line keeps at most this much of one.
constexpr size_t kMaxNoted = 128;

void NoteUser(std::string_view user) {
  if (LogContext* current = Current()) current->user = user.substr(0, kMaxNoted);
}

void NoteGame(std::string_view game) {
  if (LogContext* current = Current()) current->game = game.substr(0, kMaxNoted);
}

std::string OutgoingTraceparent() {
  if (const LogContext* current = Current(); current && current->trace.valid()) return current->trace.ToTraceparent();
  return TraceContext::NewTrace().ToTraceparent();
}

}  // namespace mailrun::service
