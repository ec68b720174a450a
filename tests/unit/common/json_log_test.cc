// The services' JSON log lines (services/common/json_log.h): one object per line with time,
// level, service and event, the current request's fields (log_context.h), the event's own fields,
// and nothing broken by what a client sent.
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "services/common/json_log.h"
#include "services/common/log_context.h"

namespace mailrun::service {
namespace {

class JsonLog : public ::testing::Test {
 protected:
  void SetUp() override {
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out_);
    auto logger = std::make_shared<spdlog::logger>("json-log-test", sink);
    logger->set_formatter(std::make_unique<JsonLogFormatter>("mailrun-test"));
    logger->set_level(spdlog::level::info);
    previous_ = spdlog::default_logger();
    spdlog::set_default_logger(logger);
  }
  void TearDown() override { spdlog::set_default_logger(previous_); }

  std::vector<nlohmann::json> Lines() {
    std::vector<nlohmann::json> lines;
    std::istringstream in(out_.str());
    for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
    return lines;
  }

  std::ostringstream out_;
  std::shared_ptr<spdlog::logger> previous_;
};

TEST_F(JsonLog, AnEventLineHasTheFixedFieldsThenTheRequestsThenItsOwn) {
  LogContext context;
  context.request_id = "req-1";
  context.method = "/mailrun.v1.GameService/SubmitAction";
  context.trace = *TraceContext::Parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
  {
    LogScope scope(context);
    NoteUser("user-7");
    NoteGame("game-3");
    LogEvent(spdlog::level::info, "rpc", {{"status", "OK"}, {"duration_ms", 1.5}});
  }
  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 1u);
  const auto& line = lines[0];
  EXPECT_TRUE(std::regex_match(line.at("time").get<std::string>(),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")))
      << line.dump();
  EXPECT_EQ(line.at("level"), "info");
  EXPECT_EQ(line.at("service"), "mailrun-test");
  EXPECT_EQ(line.at("event"), "rpc");
  EXPECT_EQ(line.at("request_id"), "req-1");
  EXPECT_EQ(line.at("trace_id"), "4bf92f3577b34da6a3ce929d0e0e4736");
  EXPECT_EQ(line.at("span_id"), "00f067aa0ba902b7");
  EXPECT_EQ(line.at("method"), "/mailrun.v1.GameService/SubmitAction");
  EXPECT_EQ(line.at("user"), "user-7");
  EXPECT_EQ(line.at("game"), "game-3");
  EXPECT_EQ(line.at("status"), "OK");
  EXPECT_EQ(line.at("duration_ms"), 1.5);
  EXPECT_FALSE(line.contains("message"));
  // The fixed fields come first, in this order.
  std::vector<std::string> keys;
  const auto ordered = nlohmann::ordered_json::parse(out_.str().substr(0, out_.str().find('\n')));
  for (const auto& [key, value] : ordered.items()) keys.push_back(key);
  EXPECT_EQ(std::vector<std::string>(keys.begin(), keys.begin() + 4),
            (std::vector<std::string>{"time", "level", "service", "event"}));
}

TEST_F(JsonLog, APlainLineIsEventLogWithItsTextAndNoRequestOutsideAScope) {
  spdlog::warn("outbox relay: {} row(s) wait", 3);
  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].at("event"), "log");
  EXPECT_EQ(lines[0].at("level"), "warning");
  EXPECT_EQ(lines[0].at("message"), "outbox relay: 3 row(s) wait");
  EXPECT_FALSE(lines[0].contains("trace_id"));
  EXPECT_FALSE(lines[0].contains("request_id"));
}

TEST_F(JsonLog, ScopesNestAndEndOnTheirOwn) {
  LogContext outer;
  outer.request_id = "stream-1";
  outer.user = "reader";
  outer.trace = TraceContext::NewTrace();
  LogScope stream(outer);
  {
    // An event handled inside the stream's call continues the event's trace, as the stream's request.
    const LogScope event = LogScope::Continuing("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
    LogEvent(spdlog::level::info, "notification_streamed");
  }
  LogEvent(spdlog::level::info, "after");
  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].at("trace_id"), "4bf92f3577b34da6a3ce929d0e0e4736");
  EXPECT_NE(lines[0].at("span_id"), "00f067aa0ba902b7");
  EXPECT_EQ(lines[0].at("request_id"), "stream-1");
  EXPECT_EQ(lines[0].at("user"), "reader");
  EXPECT_EQ(lines[1].at("trace_id"), outer.trace.trace_id);
}

TEST_F(JsonLog, WhatAClientSentCannotBreakALine) {
  LogScope scope(LogContext{});
  NoteGame(std::string("quote\" newline\n bad utf8 \xff\xfe") + std::string(500, 'x'));
  LogEvent(spdlog::level::info, "rpc");
  const std::string text = out_.str();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 1u);
  const std::string game = lines[0].at("game").get<std::string>();
  EXPECT_LT(game.size(), 140u) << "a client's id is cut to 128 bytes (and bad bytes replaced)";
  EXPECT_EQ(game.substr(0, 15), "quote\" newline\n");
}

TEST_F(JsonLog, BelowTheLevelNothingIsWritten) {
  LogEvent(spdlog::level::debug, "rpc");
  EXPECT_EQ(out_.str(), "");
}

}  // namespace
}  // namespace mailrun::service
