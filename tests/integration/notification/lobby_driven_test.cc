// Events that start in the lobby, end to end: the real mailrun-lobby and mailrun-game on one
// database with the notification service, through the outbox, a relay and Redis.
//   - An invitation (InvitePlayers) reaches the invited user's open stream and inbox.
//   - Reminders: the table's turn deadline goes from the lobby to CreateGame's
//     turn_deadline_seconds, from the game into each YourTurn's remind_after_seconds, and the
//     notification service reminds the players the game waits for once it has passed. The
//     notification service runs in-process here so that the test can say what time it is (the
//     lobby's shortest deadline is a minute); the other services are the real binaries.
#include <gtest/gtest.h>

#include "services/common/token.h"
#include "tests/integration/notification/game_play.h"
#include "tests/integration/notification/player_streams.h"
#include "tests/integration/notification/service_stack.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::notification::testing {
namespace {

using LobbyStub = mailrun::v1::LobbyService::Stub;

template <typename Request, typename Response>
grpc::Status CallLobby(LobbyStub& stub, grpc::Status (LobbyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                       const std::string& token, const Request& request, Response* response) {
  auto context = ContextWith(token);
  return (stub.*method)(context.get(), request, response);
}

mailrun::v1::AuthResponse Register(LobbyStub& lobby, const std::string& display_name) {
  mailrun::v1::RegisterRequest request;
  request.set_request_id(service::RandomId());
  request.set_display_name(display_name);
  request.set_password("password-" + display_name);
  mailrun::v1::AuthResponse response;
  const grpc::Status status = CallLobby(lobby, &LobbyStub::Register, "", request, &response);
  EXPECT_TRUE(status.ok()) << "Register " << display_name << ": " << status.error_message();
  return response;
}

mailrun::v1::Table CreateTable(LobbyStub& lobby, const mailrun::v1::AuthResponse& host, int seats,
                               int64_t turn_deadline_seconds) {
  mailrun::v1::CreateTableRequest request;
  request.set_request_id(service::RandomId());
  request.set_name("Notification test table");
  request.set_seats(seats);
  request.set_turn_deadline_seconds(turn_deadline_seconds);
  mailrun::v1::Table table;
  const grpc::Status status = CallLobby(lobby, &LobbyStub::CreateTable, host.access_token(), request, &table);
  EXPECT_TRUE(status.ok()) << "CreateTable: " << status.error_message();
  return table;
}

TEST(LobbyDrivenEvents, AnInvitationReachesTheInvitedUsersStreamAndInbox) {
  ServiceStack stack("notify_lobby_invite", {.redis_url = "", .notify = true, .lobby = true});
  const auto host = Register(stack.lobby(), "Hostess");
  const auto guest = Register(stack.lobby(), "Guest");
  StreamReader guests_phone(stack.notify(), guest.access_token());
  StreamReader hosts_phone(stack.notify(), host.access_token());
  ASSERT_TRUE(guests_phone.live());
  const auto table = CreateTable(stack.lobby(), host, 4, 0);

  mailrun::v1::InvitePlayersRequest invite;
  invite.set_request_id(service::RandomId());
  invite.set_table_id(table.table_id());
  invite.add_display_names("guest");  // any case
  mailrun::v1::Table invited;
  ASSERT_TRUE(CallLobby(stack.lobby(), &LobbyStub::InvitePlayers, host.access_token(), invite, &invited).ok());

  const auto got = guests_phone.Next();
  ASSERT_TRUE(got.has_value()) << stack.Logs();
  EXPECT_EQ(got->kind(), mailrun::v1::EVENT_KIND_INVITATION_RECEIVED);
  EXPECT_EQ(got->sequence(), 1);
  EXPECT_EQ(got->event().invitation_received().table_id(), table.table_id());
  EXPECT_EQ(got->event().invitation_received().from_user_id(), host.user_id());
  EXPECT_EQ(got->event().invitation_received().from_display_name(), "Hostess");
  EXPECT_EQ(got->title(), "Invitation");
  EXPECT_EQ(got->text(), "Hostess invites you to a table");
  EXPECT_FALSE(hosts_phone.Next(std::chrono::milliseconds(300)).has_value()) << "the host invited nobody to anything";

  mailrun::v1::ListInboxResponse inbox;
  ASSERT_TRUE(stack.notify().ListInbox(ContextWith(guest.access_token()).get(), {}, &inbox).ok());
  ASSERT_EQ(inbox.notifications_size(), 1);
  EXPECT_EQ(inbox.notifications(0).event_id(), got->event_id());
  EXPECT_EQ(inbox.unread_count(), 1);
  EXPECT_TRUE(Eventually([&] { return stack.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
}

class LobbyDeadlineReminders : public ::testing::Test {
 protected:
  static constexpr int64_t kDeadlineSeconds = 60;  // the lobby's shortest turn deadline

  void SetUp() override {
    stack_ = std::make_unique<ServiceStack>("notify_lobby_remind",
                                            StackOptions{.redis_url = "", .notify = false, .lobby = true});
    auto options = TestOptions(stack_->database_url(), stack_->redis_url());
    options.events_channel = stack_->channel();
    options.run_outbox_relay = true;  // reminders leave through the outbox like any event
    options.clock = clock_.clock();   // stands still: the test alone says when it is time to remind
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    notify_stub_ = notify_->Stub();
  }

  // Reminders due `seconds` after `since_ms`; returns how many went out.
  int RemindAt(int64_t since_ms, int64_t seconds) {
    return notify_->app().reminders().Tick(FromUnixMs(since_ms + seconds * 1000));
  }

  FakeClock clock_{NowMs()};
  std::unique_ptr<ServiceStack> stack_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> notify_stub_;
};

TEST_F(LobbyDeadlineReminders, TheTablesTurnDeadlineRemindsThePlayersTheGameWaitsFor) {
  LobbyStub& lobby = stack_->lobby();
  std::vector<mailrun::v1::AuthResponse> players = {Register(lobby, "Anil"), Register(lobby, "Bina"),
                                                    Register(lobby, "Chand")};
  std::vector<std::string> user_ids;
  for (const auto& p : players) user_ids.push_back(p.user_id());
  PlayerStreams phones(*notify_stub_, user_ids);
  const auto table = CreateTable(lobby, players[0], 3, kDeadlineSeconds);
  ASSERT_EQ(table.turn_deadline_seconds(), kDeadlineSeconds);

  // The last seat taken starts the table: the lobby creates the game in the game service.
  const int64_t started_ms = NowMs();
  for (size_t i = 1; i < players.size(); ++i) {
    mailrun::v1::JoinTableRequest join;
    join.set_request_id(service::RandomId());
    join.set_table_id(table.table_id());
    mailrun::v1::Table joined;
    ASSERT_TRUE(CallLobby(lobby, &LobbyStub::JoinTable, players[i].access_token(), join, &joined).ok());
  }
  std::string game_id;
  ASSERT_TRUE(Eventually([&] {
    mailrun::v1::GetTableRequest get;
    get.set_table_id(table.table_id());
    mailrun::v1::Table now;
    if (CallLobby(lobby, &LobbyStub::GetTable, players[0].access_token(), get, &now).ok()) game_id = now.game_id();
    return !game_id.empty();
  })) << stack_->Logs();
  GamePlay play(stack_->game().stub(), game_id, StoredConfig(stack_->database_url(), game_id));
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(play.user_of(seat), user_ids[seat]) << "seat order";

  // The contract bonds: all three players are asked at once, and the deadline came along.
  const auto bonds = play.Created();
  ASSERT_EQ(bonds.size(), 3u);
  phones.ExpectDelivered(bonds);
  for (const auto& id : user_ids) {
    mailrun::v1::ListInboxResponse inbox;
    ASSERT_TRUE(notify_stub_->ListInbox(ContextWith(AccessToken(id)).get(), {}, &inbox).ok());
    ASSERT_EQ(inbox.notifications_size(), 1);
    EXPECT_EQ(inbox.notifications(0).event().your_turn().remind_after_seconds(), kDeadlineSeconds);
  }
  EXPECT_EQ(RemindAt(started_ms, kDeadlineSeconds - 1), 0) << "not yet";
  EXPECT_EQ(RemindAt(NowMs(), kDeadlineSeconds + 1), 3) << "each player still owes a bond";
  for (const auto& id : user_ids) {
    const auto reminder = phones.of(id).Next();
    ASSERT_TRUE(reminder.has_value()) << id;
    EXPECT_EQ(reminder->kind(), mailrun::v1::EVENT_KIND_REMINDER);
    EXPECT_EQ(reminder->event().reminder().game_id(), game_id);
    EXPECT_EQ(reminder->title(), "Reminder: your turn");
  }

  // Every bond committed: the largest bond (seat 0's) claims the first city (2.5.2.3), and seat 0
  // is not the one who made the last move, so it is told.
  std::vector<Announcement> announced;
  const int64_t before_claim_ms = NowMs();
  for (const auto& [seat, amount] : std::vector<std::pair<int, int>>{{0, 150}, {1, 100}, {2, 90}}) {
    const auto more = play.Submit(mailrun::engine::t1853::testing::Bond(seat, amount));
    announced.insert(announced.end(), more.begin(), more.end());
  }
  ASSERT_EQ(announced.size(), 1u);
  ASSERT_EQ(announced[0].user_id, user_ids[0]);
  phones.ExpectDelivered(announced);
  const int64_t claim_ms = NowMs();
  EXPECT_EQ(RemindAt(before_claim_ms, kDeadlineSeconds - 1), 0) << "the claim's deadline has not passed";
  EXPECT_EQ(RemindAt(claim_ms, kDeadlineSeconds + 1), 1) << "only the claimant is waited for";
  const auto reminder = phones.of(user_ids[0]).Next();
  ASSERT_TRUE(reminder.has_value());
  EXPECT_EQ(reminder->event().reminder().game_id(), game_id);
  EXPECT_EQ(reminder->event().reminder().expected(),
            play.game().View(mailrun::engine::kSpectator).round().description());
  phones.ExpectNothingMore();

  // The claimant moves: the next player is waited for, the claimant no longer.
  const auto handed = play.SubmitBotMove();
  ASSERT_FALSE(handed.empty());
  phones.ExpectDelivered(handed);
  EXPECT_EQ(RemindAt(NowMs(), kDeadlineSeconds + 1), 1);
  const auto next_reminder = phones.of(handed[0].user_id).Next();
  ASSERT_TRUE(next_reminder.has_value());
  EXPECT_EQ(next_reminder->kind(), mailrun::v1::EVENT_KIND_REMINDER);
  phones.ExpectNothingMore();
}

}  // namespace
}  // namespace mailrun::notification::testing
