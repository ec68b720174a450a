#include "services/common/json_log.h"

#include <fmt/format.h>

#include <ctime>

#include "services/common/log_context.h"

namespace mailrun::service {
namespace {

// The event being logged by LogEvent on this thread (spdlog formats in the calling thread).
struct PendingEvent {
  std::string_view name;
  const nlohmann::json* fields = nullptr;
};
thread_local const PendingEvent* pending = nullptr;

std::string Timestamp(spdlog::log_clock::time_point time) {
  const auto since_epoch = time.time_since_epoch();
  const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(since_epoch);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since_epoch - seconds).count();
  const std::time_t t = seconds.count();
  std::tm utc{};
  gmtime_r(&t, &utc);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday,
                     utc.tm_hour, utc.tm_min, utc.tm_sec, millis);
}

void PutIfSet(nlohmann::ordered_json& line, const char* key, const std::string& value) {
  if (!value.empty()) line[key] = value;
}

}  // namespace

void JsonLogFormatter::format(const spdlog::details::log_msg& message, spdlog::memory_buf_t& dest) {
  nlohmann::ordered_json line;
  line["time"] = Timestamp(message.time);
  const auto level = spdlog::level::to_string_view(message.level);
  line["level"] = std::string(level.data(), level.size());
  line["service"] = service_;
  line["event"] = pending ? std::string(pending->name) : std::string("log");
  // LogEvent's own text (its event's name) is left out: the fields say it all.
  if (!pending && message.payload.size() > 0) line["message"] = std::string(message.payload.data(), message.payload.size());
  if (const LogContext* context = CurrentLogContext()) {
    PutIfSet(line, "request_id", context->request_id);
    PutIfSet(line, "trace_id", context->trace.trace_id);
    PutIfSet(line, "span_id", context->trace.span_id);
    PutIfSet(line, "method", context->method);
    PutIfSet(line, "user", context->user);
    PutIfSet(line, "game", context->game);
  }
  if (pending && pending->fields && pending->fields->is_object()) {
    for (const auto& [key, value] : pending->fields->items()) line[key] = value;
  }
  // Invalid UTF-8 (a malformed id from a client) is replaced, never allowed to break the line.
  const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  dest.append(text.data(), text.data() + text.size());
  dest.push_back('\n');
}

std::unique_ptr<spdlog::formatter> JsonLogFormatter::clone() const {
  return std::make_unique<JsonLogFormatter>(service_);
}

void LogEvent(spdlog::level::level_enum level, std::string_view event, const nlohmann::json& fields) {
  const PendingEvent current{event, &fields};
  const PendingEvent* outer = pending;
  pending = &current;
  try {
    auto* logger = spdlog::default_logger_raw();
    // The text is the event's name alone: JsonLogFormatter writes the fields from `pending`, so
    // they are not written out a second time for a text nobody reads.
    if (logger->should_log(level)) logger->log(level, spdlog::string_view_t(event.data(), event.size()));
  } catch (...) {
    pending = outer;
    throw;
  }
  pending = outer;
}

}  // namespace mailrun::service
