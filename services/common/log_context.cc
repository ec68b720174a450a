#include "services/common/log_context.h"

namespace mailrun::service {
namespace {

thread_local std::shared_ptr<LogContext> current;

}  // namespace

LogScope::LogScope(LogContext context)
    : context_(std::make_shared<LogContext>(std::move(context))), previous_(std::move(current)) {
  current = context_;
}

LogScope LogScope::Continuing(std::string_view traceparent) {
  LogContext context = current ? *current : LogContext{};
  context.trace = TraceContext::ContinueFrom(traceparent);
  return LogScope(std::move(context));
}

LogScope::LogScope(LogScope&& other) noexcept
    : context_(std::move(other.context_)), previous_(std::move(other.previous_)), active_(other.active_) {
  other.active_ = false;
}

LogScope::~LogScope() {
  // Only the thread whose current scope this is may unwind it (a scope ended on another thread
  // leaves the threads' contexts alone).
  if (active_ && current == context_) current = std::move(previous_);
}

const LogContext* CurrentLogContext() { return current.get(); }

// Ids come from clients: a line keeps at most this much of one.
constexpr size_t kMaxNoted = 128;

void NoteUser(std::string_view user) {
  if (current) current->user = user.substr(0, kMaxNoted);
}

void NoteGame(std::string_view game) {
  if (current) current->game = game.substr(0, kMaxNoted);
}

std::string OutgoingTraceparent() {
  if (current && current->trace.valid()) return current->trace.ToTraceparent();
  return TraceContext::NewTrace().ToTraceparent();
}

}  // namespace mailrun::service
