// The services' log format: one JSON object per line on stderr, one event per line:
//   {"time":"2024-05-01T12:00:00.123Z","level":"info","service":"mailrun-game","event":"rpc",
//    "request_id":"...","trace_id":"...","span_id":"...","method":"/mailrun.v1.GameService/SubmitAction",
//    "user":"...","game":"...","status":"OK","duration_ms":3.2}
// time, level, service and event are always there; the request's fields come from the current
// LogScope (log_context.h) when there is one; an event's own fields follow. A plain spdlog call
// (spdlog::info("...")) becomes event "log" with the text as "message".
//
// What never goes into a field: tokens, passwords and their hashes, request or response bodies,
// players' bids and bid cities. Callers pass ids, names of things, counts and codes only.
#pragma once

#include <spdlog/formatter.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace mailrun::service {

// The formatter behind InitLogging (logging.h); exposed for tests.
class JsonLogFormatter final : public spdlog::formatter {
 public:
  explicit JsonLogFormatter(std::string service) : service_(std::move(service)) {}
  void format(const spdlog::details::log_msg& message, spdlog::memory_buf_t& dest) override;
  std::unique_ptr<spdlog::formatter> clone() const override;

 private:
  std::string service_;
};

// Logs `event` with `fields` (a JSON object) at `level` through the default logger. Its fields are
// written by JsonLogFormatter (InitLogging's); under another formatter the line is the event's name.
void LogEvent(spdlog::level::level_enum level, std::string_view event,
              const nlohmann::json& fields = nlohmann::json::object());

}  // namespace mailrun::service
