// Acceptance 2 of issue 23: one move followed by its trace id from the SubmitAction call to the
// notification on the stream and the push, through the log lines of the services, with the whole
// stack running (the three binaries, real PostgreSQL and Redis, a local push gateway).
//
// Three players commit their contract bonds (2.5.2.2, all at once); the last commit, sent with a
// W3C traceparent of the test's own, makes the largest bond's player the one to claim first
// (2.5.2.3), so it announces "your turn" to them. That trace id must then be in: the game
// service's answer (traceresponse) and its "rpc" and "move_committed" lines (with the request id
// the test sent, the mover and the game); the "outbox_published" line of whichever relay
// published the event; the notification service's "event_stored", "notification_streamed" (as the
// recipient's stream) and "push_delivered" lines; and the push request's traceparent header. The
// event reaches the client without its trace context. Every line of every log is a JSON object
// with time, level, service and event, and no log holds a token, a password, a device token or
// a secret bid city (the first claim names one, 2.5.2.4).
#include <gtest/gtest.h>

#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/trace_context.h"
#include "tests/e2e/stack/notification_stream.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/observability.h"
#include "tests/testing/service_process.h"

namespace mailrun::e2e {
namespace {

using mailrun::testing::JsonLogLines;
using nlohmann::json;
using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;
using NotifyStub = mailrun::v1::NotificationService::Stub;

const std::vector<std::string> kBinaries = {"mailrun-game", "mailrun-lobby", "mailrun-notify"};

// The lines of `binary`'s log with `event` and every field of `fields`.
std::vector<json> LinesWith(const Stack& stack, const std::string& binary, const std::string& event,
                            const json& fields) {
  std::vector<json> found;
  for (const auto& line : JsonLogLines(stack.log_path(binary))) {
    if (line.value("event", "") != event) continue;
    bool all = true;
    for (const auto& [key, value] : fields.items()) all = all && line.contains(key) && line[key] == value;
    if (all) found.push_back(line);
  }
  return found;
}

// Waits (up to 10 s) until `binary`'s log has such a line; returns them.
std::vector<json> AwaitLines(const Stack& stack, const std::string& binary, const std::string& event,
                             const json& fields) {
  for (int i = 0; i < 100; ++i) {
    auto found = LinesWith(stack, binary, event, fields);
    if (!found.empty()) return found;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return {};
}

class TraceOfAMove : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    sink_ = new mailrun::notification::testing::PushSink([](int) { return 200; });
    stack_ = new Stack("e2e_observability", 3600, {{"MAILRUN_PUSH_ENDPOINT", sink_->url()}});
  }
  static void TearDownTestSuite() {
    delete stack_;
    delete sink_;
  }
  static Stack* stack_;
  static mailrun::notification::testing::PushSink* sink_;
};
Stack* TraceOfAMove::stack_ = nullptr;
mailrun::notification::testing::PushSink* TraceOfAMove::sink_ = nullptr;

TEST_F(TraceOfAMove, FromTheSubmitActionCallToTheStreamAndThePush) {
  auto lobby = LobbyStub(Stack::Channel(stack_->lobby_address()));
  auto games = GameStub(Stack::Channel(stack_->game_address()));
  auto notify = NotifyStub(Stack::Channel(stack_->notify_address()));

  // ---- Three players, each with a stream and a phone; their table's game -----------------------
  std::vector<Account> accounts;
  std::vector<std::string> secrets;  // what no log may hold
  for (const std::string name : {"Ines", "Joao", "Kofi"}) {
    accounts.push_back(RegisterAccount(lobby, name, "secret-password-of-" + name));
    secrets.push_back("secret-password-of-" + name);
    secrets.push_back(accounts.back().token);
  }
  std::vector<std::unique_ptr<NotificationStream>> streams;
  for (const auto& account : accounts) {
    streams.push_back(std::make_unique<NotificationStream>(stack_->notify_address(), account.token));
    mailrun::v1::RegisterDeviceRequest device;
    device.set_request_id(NewRequestId());
    device.set_platform(mailrun::v1::PLATFORM_FCM);
    device.set_push_token("device-token-of-" + account.name);
    secrets.push_back(device.push_token());
    mailrun::v1::RegisterDeviceResponse registered;
    ASSERT_TRUE(CallAs(notify, &NotifyStub::RegisterDevice, account.token, device, &registered).ok());
  }
  const mailrun::v1::Table table = SeatAndStart(lobby, accounts, 3, mailrun::v1::GameOptions());
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << stack_->LogTails();
  const std::string game_id = table.game_id();
  std::vector<Account> by_seat;  // the table lists its players in seat order
  for (const auto& player : table.players()) {
    for (const auto& account : accounts) {
      if (account.user_id == player.user_id()) by_seat.push_back(account);
    }
  }
  ASSERT_EQ(by_seat.size(), 3u);

  // ---- The bonds: seat 0 the largest, the last commit (seat 2) traced --------------------------
  const auto trace = mailrun::service::TraceContext::NewTrace();
  const std::string request_id = "e2e-trace-" + NewRequestId();
  int64_t version = 0;
  std::string traceresponse;
  for (int seat = 0; seat < 3; ++seat) {
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    ASSERT_TRUE(CallAs(games, &GameStub::ListLegalActions, by_seat[seat].token, list, &legal).ok());
    const mailrun::v1::LegalAction* bond = nullptr;
    for (const auto& choice : legal.actions()) {
      if (choice.action().has_commit_bond()) bond = &choice;
    }
    ASSERT_NE(bond, nullptr) << "2.5.2.2: every player commits a bond first";
    ASSERT_GE(bond->max_amount(), bond->min_amount() + 20);
    mailrun::v1::SubmitActionRequest submit;
    submit.set_game_id(game_id);
    submit.set_expected_version(version);
    *submit.mutable_action() = bond->action();
    submit.mutable_action()->clear_seat();
    submit.mutable_action()->mutable_commit_bond()->set_amount(static_cast<int32_t>(bond->min_amount() + 10 * (2 - seat)));
    submit.set_request_id(NewRequestId());
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + by_seat[seat].token);
    if (seat == 2) {
      context.AddMetadata("traceparent", trace.ToTraceparent());
      context.AddMetadata("x-request-id", request_id);
    }
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    mailrun::v1::SubmitActionResponse answer;
    const grpc::Status status = games.SubmitAction(&context, submit, &answer);
    ASSERT_TRUE(status.ok()) << Describe(status);
    version = answer.version();
    if (seat == 2) {
      const auto& headers = context.GetServerInitialMetadata();
      const auto found = headers.find("traceresponse");
      ASSERT_NE(found, headers.end());
      traceresponse = std::string(found->second.data(), found->second.size());
      const auto echoed = headers.find("x-request-id");
      ASSERT_NE(echoed, headers.end());
      EXPECT_EQ(std::string(echoed->second.data(), echoed->second.size()), request_id);
    }
  }
  const auto answered = mailrun::service::TraceContext::Parse(traceresponse);
  ASSERT_TRUE(answered.has_value()) << traceresponse;
  EXPECT_EQ(answered->trace_id, trace.trace_id) << "the answer names the client's trace";
  EXPECT_NE(answered->span_id, trace.span_id) << "and the game service's own span in it";

  // ---- The notification: seat 0 is to claim first, and is told so on their stream ---------------
  mailrun::v1::Notification told;
  ASSERT_TRUE(streams[0]->WaitFor(
      [&](const std::vector<mailrun::v1::Notification>& received) {
        for (const auto& n : received) {
          if (n.event().has_your_turn() && n.event().your_turn().version() == version) told = n;
        }
        return !told.event_id().empty();
      },
      std::chrono::seconds(30)))
      << "seat 0 was not told it is their turn\n"
      << stack_->LogTails();
  // Seat 0 is whoever sat first: find their stream's owner.
  ASSERT_EQ(by_seat[0].user_id, accounts[0].user_id) << "the host sits first";
  EXPECT_TRUE(told.event().traceparent().empty()) << "the trace context stays inside the services";
  const std::string event_id = told.event_id();

  // ---- The trace through the logs --------------------------------------------------------------
  const json moved = {{"trace_id", trace.trace_id}, {"game", game_id}, {"user", by_seat[2].user_id},
                      {"request_id", request_id}};
  const auto rpc = LinesWith(*stack_, "mailrun-game", "rpc", moved);
  ASSERT_EQ(rpc.size(), 1u) << stack_->LogTails();
  EXPECT_EQ(rpc[0].value("method", ""), "/mailrun.v1.GameService/SubmitAction");
  EXPECT_EQ(rpc[0].value("status", ""), "OK");
  EXPECT_TRUE(rpc[0].contains("duration_ms") && rpc[0]["duration_ms"].is_number());
  EXPECT_EQ(rpc[0].value("span_id", ""), answered->span_id);
  const auto committed = LinesWith(*stack_, "mailrun-game", "move_committed", moved);
  ASSERT_EQ(committed.size(), 1u);
  EXPECT_EQ(committed[0].value("version", -1), version);

  const json of_event = {{"trace_id", trace.trace_id}, {"event_id", event_id}, {"game", game_id}};
  size_t published = 0;
  for (const auto& binary : kBinaries) published += LinesWith(*stack_, binary, "outbox_published", of_event).size();
  EXPECT_EQ(published, 1u) << "one relay published the event, in the move's trace";

  EXPECT_EQ(AwaitLines(*stack_, "mailrun-notify", "event_stored", of_event).size(), 1u) << stack_->LogTails();
  const auto streamed = AwaitLines(*stack_, "mailrun-notify", "notification_streamed", of_event);
  ASSERT_EQ(streamed.size(), 1u) << "streamed once, to the one recipient's one stream";
  EXPECT_EQ(streamed[0].value("user", ""), by_seat[0].user_id);
  EXPECT_EQ(streamed[0].value("method", ""), "/mailrun.v1.NotificationService/Subscribe");
  EXPECT_EQ(streamed[0].value("sequence", -1), told.sequence());
  EXPECT_EQ(AwaitLines(*stack_, "mailrun-notify", "push_delivered", of_event).size(), 1u) << stack_->LogTails();

  // ---- The push carried the trace to the push gateway -----------------------------------------
  bool pushed = false;
  for (const auto& request : sink_->requests()) {
    if (json::parse(request.body).at("notifications").at(0).at("data").value("event_id", "") != event_id) continue;
    pushed = true;
    const auto header = mailrun::service::TraceContext::Parse(request.traceparent);
    ASSERT_TRUE(header.has_value()) << request.traceparent;
    EXPECT_EQ(header->trace_id, trace.trace_id);
  }
  EXPECT_TRUE(pushed) << "no push of " << event_id;

  // ---- A secret in a move never reaches a log ----------------------------------------------------
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(game_id);
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(CallAs(games, &GameStub::ListLegalActions, by_seat[0].token, list, &legal).ok());
  const mailrun::v1::LegalAction* claim = nullptr;
  for (const auto& choice : legal.actions()) {
    if (choice.action().has_claim_city()) claim = &choice;
  }
  ASSERT_NE(claim, nullptr) << "2.5.2.4: the largest bond claims a city first";
  mailrun::v1::SubmitActionRequest submit;
  submit.set_game_id(game_id);
  submit.set_expected_version(version);
  *submit.mutable_action() = claim->action();
  submit.set_request_id(NewRequestId());
  mailrun::v1::SubmitActionResponse answer;
  ASSERT_TRUE(CallAs(games, &GameStub::SubmitAction, by_seat[0].token, submit, &answer).ok());
  const std::string city = claim->action().claim_city().city();
  ASSERT_FALSE(city.empty());
  secrets.push_back("\"" + city + "\"");  // as a JSON value would hold it
  AwaitLines(*stack_, "mailrun-game", "move_committed", {{"version", answer.version()}});

  // ---- Every line of every log: one JSON event with the fixed fields, and no secret -------------
  for (const auto& binary : kBinaries) {
    std::vector<std::string> not_json;
    const auto lines = JsonLogLines(stack_->log_path(binary), &not_json);
    EXPECT_TRUE(not_json.empty()) << binary << ": " << (not_json.empty() ? "" : not_json.front());
    EXPECT_GT(lines.size(), 5u) << binary;
    for (const auto& line : lines) {
      for (const char* key : {"time", "level", "service", "event"}) {
        EXPECT_TRUE(line.contains(key)) << binary << ": " << line.dump();
      }
      EXPECT_EQ(line.value("service", ""), binary);
    }
    const std::string text = mailrun::testing::ReadFile(stack_->log_path(binary));
    for (const auto& secret : secrets) EXPECT_EQ(text.find(secret), std::string::npos) << binary << " logs " << secret;
  }
}

}  // namespace
}  // namespace mailrun::e2e
