// Issue 46, points 2, 3 and 7, through the whole stack (the three service binaries, real PostgreSQL
// and Redis): what an access token can still do after its session ended.
//
// - A deleted account's other, unexpired access token: the lobby's writes (CreateTable, JoinTable,
//   CreateTournament) are refused UNAUTHENTICATED naming the deletion (they answered INTERNAL, a
//   foreign-key violation); the notification service's writes (RegisterDevice, SetPreferences)
//   are refused at once and leave no row (they answered OK, and the rows stayed under the deleted
//   id for good); the game service refuses it too.
// - Logout, RevokeSession and ChangePassword: the ended sessions' access tokens stop working on
//   every service within seconds (they worked until they expired, up to 15 minutes), the
//   session that did it keeps working, and so do the access tokens of a session refreshed since.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <pqxx/pqxx>
#include <string>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/refusal_details.h"
#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;
using NotifyStub = mailrun::v1::NotificationService::Stub;

constexpr char kPassword[] = "a long enough password";

class SessionEnd : public ::testing::Test {
 protected:
  void SetUp() override {
    stack_ = std::make_unique<Stack>("e2e_session_end");
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
    notify_ = mailrun::v1::NotificationService::NewStub(Stack::Channel(stack_->notify_address()));
    db_ = std::make_unique<pqxx::connection>(stack_->database_url());
  }

  mailrun::v1::AuthResponse Register(const std::string& name) {
    mailrun::v1::RegisterRequest request;
    request.set_request_id(NewRequestId());
    request.set_display_name(name);
    request.set_password(kPassword);
    mailrun::v1::AuthResponse auth;
    const grpc::Status status = CallAs(*lobby_, &LobbyStub::Register, "", request, &auth);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return auth;
  }
  mailrun::v1::AuthResponse Login(const std::string& name, const std::string& password = kPassword) {
    mailrun::v1::LoginRequest request;
    request.set_request_id(NewRequestId());
    request.set_display_name(name);
    request.set_password(password);
    mailrun::v1::AuthResponse auth;
    const grpc::Status status = CallAs(*lobby_, &LobbyStub::Login, "", request, &auth);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return auth;
  }

  // One read on each service with `token`: the lobby's GetProfile, the game's ListMyGames, the
  // notification service's ListInbox.
  grpc::Status LobbyRead(const std::string& token) {
    mailrun::v1::Profile profile;
    return CallAs(*lobby_, &LobbyStub::GetProfile, token, mailrun::v1::GetProfileRequest(), &profile);
  }
  grpc::Status GameRead(const std::string& token) {
    mailrun::v1::ListMyGamesResponse games;
    return CallAs(*game_, &GameStub::ListMyGames, token, mailrun::v1::ListMyGamesRequest(), &games);
  }
  grpc::Status NotifyRead(const std::string& token) {
    mailrun::v1::ListInboxResponse inbox;
    return CallAs(*notify_, &NotifyStub::ListInbox, token, mailrun::v1::ListInboxRequest(), &inbox);
  }
  // Whether `token` is refused UNAUTHENTICATED by every service within `limit`; the seconds it took
  // for the slowest in *took.
  bool RefusedEverywhereWithin(const std::string& token, std::chrono::milliseconds limit, double* took) {
    const auto start = std::chrono::steady_clock::now();
    for (const auto& read : std::vector<std::function<grpc::Status(const std::string&)>>{
             [&](const std::string& t) { return LobbyRead(t); }, [&](const std::string& t) { return GameRead(t); },
             [&](const std::string& t) { return NotifyRead(t); }}) {
      while (read(token).error_code() != grpc::StatusCode::UNAUTHENTICATED) {
        if (std::chrono::steady_clock::now() - start > limit) return false;
        std::this_thread::sleep_for(50ms);
      }
    }
    *took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return true;
  }
  void ExpectWorksEverywhere(const std::string& token, const std::string& what) {
    EXPECT_TRUE(LobbyRead(token).ok()) << what;
    EXPECT_TRUE(GameRead(token).ok()) << what;
    EXPECT_TRUE(NotifyRead(token).ok()) << what;
  }
  int Count(const std::string& sql, const std::string& parameter) {
    pqxx::work txn(*db_);
    return txn.exec_params(sql, parameter)[0][0].as<int>();
  }

  std::unique_ptr<Stack> stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
  std::unique_ptr<NotifyStub> notify_;
  std::unique_ptr<pqxx::connection> db_;
};

// Points 2 and 3.
TEST_F(SessionEnd, ADeletedAccountsOtherTokenWritesNothingAnywhere) {
  const auto host = Register("Hana Hosts");
  const auto doomed = Register("Dora Deleted");
  const auto other_login = Login("Dora Deleted");  // another session, its access token unexpired
  mailrun::v1::CreateTableRequest open;
  open.set_request_id(NewRequestId());
  open.set_name("come and join");
  open.set_seats(3);
  mailrun::v1::Table table;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::CreateTable, host.access_token(), open, &table).ok());

  mailrun::v1::DeleteAccountRequest deletion;
  deletion.set_request_id(NewRequestId());
  deletion.set_password(kPassword);
  mailrun::v1::DeleteAccountResponse deleted;
  const grpc::Status gone = CallAs(*lobby_, &LobbyStub::DeleteAccount, doomed.access_token(), deletion, &deleted);
  ASSERT_TRUE(gone.ok()) << Describe(gone);
  const std::string& token = other_login.access_token();

  // The lobby's writes: a clean refusal that says why, nothing written.
  auto expect_deleted = [&](const grpc::Status& status, const std::string& call) {
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << call << ": " << Describe(status);
    EXPECT_NE(status.error_message().find("deleted"), std::string::npos) << call << ": " << status.error_message();
    const auto refusal = mailrun::service::RefusalOf(status);
    ASSERT_TRUE(refusal.has_value()) << call;
    EXPECT_EQ(refusal->key, "lobby.session.account_deleted") << call;
  };
  mailrun::v1::Table ignored;
  open.set_request_id(NewRequestId());
  expect_deleted(CallAs(*lobby_, &LobbyStub::CreateTable, token, open, &ignored), "CreateTable");
  mailrun::v1::JoinTableRequest join;
  join.set_request_id(NewRequestId());
  join.set_table_id(table.table_id());
  expect_deleted(CallAs(*lobby_, &LobbyStub::JoinTable, token, join, &ignored), "JoinTable");
  mailrun::v1::CreateTournamentRequest cup;
  cup.set_request_id(NewRequestId());
  cup.set_name("Dora's Cup");
  cup.set_format(mailrun::v1::TOURNAMENT_FORMAT_SWISS);
  cup.set_table_size(3);
  cup.set_rounds(2);
  cup.set_registration_closes_at_unix_ms(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count() +
      3600 * 1000);
  mailrun::v1::Tournament tournament;
  expect_deleted(CallAs(*lobby_, &LobbyStub::CreateTournament, token, cup, &tournament), "CreateTournament");
  EXPECT_EQ(Count("SELECT count(*) FROM lobby_table_players WHERE user_id = $1", doomed.user_id()), 0);

  // The notification service's writes: refused at once, before and after its part of the deletion.
  auto notify_writes = [&](const std::string& when) {
    mailrun::v1::RegisterDeviceRequest device;
    device.set_request_id(NewRequestId());
    device.set_platform(mailrun::v1::PLATFORM_APNS);
    device.set_push_token("apns-token-after-deletion");
    mailrun::v1::RegisterDeviceResponse registered;
    const grpc::Status status = CallAs(*notify_, &NotifyStub::RegisterDevice, token, device, &registered);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << when << ": " << Describe(status);
    mailrun::v1::SetPreferencesRequest preferences;
    preferences.set_request_id(NewRequestId());
    preferences.mutable_preferences()->mutable_quiet_hours()->set_time_zone("Europe/London");
    mailrun::v1::SetPreferencesResponse set;
    const grpc::Status set_status = CallAs(*notify_, &NotifyStub::SetPreferences, token, preferences, &set);
    EXPECT_EQ(set_status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << when << ": " << Describe(set_status);
  };
  notify_writes("right after DeleteAccount");
  const auto forgotten_by = std::chrono::steady_clock::now() + 30s;
  while (Count("SELECT count(*) FROM account_deletions WHERE user_id = $1", doomed.user_id()) > 0) {
    ASSERT_LT(std::chrono::steady_clock::now(), forgotten_by) << "the deletion was not finished\n" << stack_->LogTails();
    std::this_thread::sleep_for(100ms);
  }
  notify_writes("after the services forgot the account");
  for (const char* table_name : {"push_devices", "notification_preferences", "notification_requests"}) {
    EXPECT_EQ(Count(std::string("SELECT count(*) FROM ") + table_name + " WHERE user_id = $1", doomed.user_id()), 0)
        << table_name << " holds the deleted account";
  }

  // Every service refuses the token within seconds, reads too.
  double took = 0;
  EXPECT_TRUE(RefusedEverywhereWithin(token, 5s, &took)) << "the deleted account's token still works somewhere";
}

// Point 7.
TEST_F(SessionEnd, EndedSessionsTokensStopWorkingOnEveryServiceWithinSeconds) {
  const auto first = Register("Rita Revokes");  // session A: does the revoking
  const auto second = Login("Rita Revokes");    // session B: revoked by RevokeSession
  const auto third = Login("Rita Revokes");     // session C: refreshed, then ended by ChangePassword
  mailrun::v1::RefreshRequest refresh;
  refresh.set_request_id(NewRequestId());
  refresh.set_refresh_token(third.refresh_token());
  mailrun::v1::AuthResponse refreshed;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::Refresh, "", refresh, &refreshed).ok());
  for (const auto* auth : std::vector<const mailrun::v1::AuthResponse*>{&first, &second, &third, &refreshed}) {
    ExpectWorksEverywhere(auth->access_token(), "before");
  }

  // RevokeSession ends B: its access token stops working everywhere; A's and C's go on.
  mailrun::v1::ListSessionsResponse sessions;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::ListSessions, second.access_token(), mailrun::v1::ListSessionsRequest(), &sessions).ok());
  std::string session_b;
  for (const auto& session : sessions.sessions()) {
    if (session.current()) session_b = session.session_id();
  }
  ASSERT_FALSE(session_b.empty());
  mailrun::v1::RevokeSessionRequest revoke;
  revoke.set_request_id(NewRequestId());
  revoke.set_session_id(session_b);
  mailrun::v1::RevokeSessionResponse revoked;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::RevokeSession, first.access_token(), revoke, &revoked).ok());
  double took = 0;
  EXPECT_TRUE(RefusedEverywhereWithin(second.access_token(), 5s, &took)) << "RevokeSession";
  RecordProperty("revoke_session_seconds", std::to_string(took));
  const grpc::Status refused = GameRead(second.access_token());
  EXPECT_NE(refused.error_message().find("session has ended"), std::string::npos) << Describe(refused);
  ExpectWorksEverywhere(first.access_token(), "the revoking session");
  ExpectWorksEverywhere(refreshed.access_token(), "another session");

  // ChangePassword ends C, whose access tokens from before and after its refresh both stop.
  mailrun::v1::ChangePasswordRequest change;
  change.set_request_id(NewRequestId());
  change.set_current_password(kPassword);
  change.set_new_password("another long password");
  mailrun::v1::ChangePasswordResponse changed;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::ChangePassword, first.access_token(), change, &changed).ok());
  EXPECT_TRUE(RefusedEverywhereWithin(refreshed.access_token(), 5s, &took)) << "ChangePassword, refreshed token";
  RecordProperty("change_password_seconds", std::to_string(took));
  EXPECT_TRUE(RefusedEverywhereWithin(third.access_token(), 5s, &took)) << "ChangePassword, the token before the refresh";
  ExpectWorksEverywhere(first.access_token(), "the session that changed the password");

  // Logout ends A itself; a retry of the Logout still gets its answer.
  mailrun::v1::LogoutRequest logout;
  logout.set_request_id(NewRequestId());
  logout.set_refresh_token(first.refresh_token());
  mailrun::v1::LogoutResponse out;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::Logout, first.access_token(), logout, &out).ok());
  EXPECT_TRUE(CallAs(*lobby_, &LobbyStub::Logout, first.access_token(), logout, &out).ok()) << "a retried Logout";
  EXPECT_TRUE(RefusedEverywhereWithin(first.access_token(), 5s, &took)) << "Logout";
  RecordProperty("logout_seconds", std::to_string(took));

  // A new login works everywhere.
  ExpectWorksEverywhere(Login("Rita Revokes", "another long password").access_token(), "a new login");
}

}  // namespace
}  // namespace mailrun::e2e
