// The caller's own sessions and password against the real mailrun-lobby and PostgreSQL:
// ChangePassword (keeps the calling session, ends the others), ListSessions, RevokeSession; refused
// calls change nothing.
#include <gtest/gtest.h>

#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using Stub = mailrun::v1::LobbyService::Stub;

class AccountSessions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lobby_ = new LobbyHarness("lobby_account_sessions"); }
  static void TearDownTestSuite() {
    delete lobby_;
    lobby_ = nullptr;
  }

  grpc::Status Login(const std::string& name, const std::string& password, mailrun::v1::AuthResponse* response) {
    mailrun::v1::LoginRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_display_name(name);
    request.set_password(password);
    return lobby_->Call(&Stub::Login, "", request, response);
  }

  grpc::Status Refresh(const std::string& refresh_token, mailrun::v1::AuthResponse* response) {
    mailrun::v1::RefreshRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_refresh_token(refresh_token);
    return lobby_->Call(&Stub::Refresh, "", request, response);
  }

  mailrun::v1::ListSessionsResponse Sessions(const std::string& access_token) {
    mailrun::v1::ListSessionsResponse sessions;
    const grpc::Status status = lobby_->Call(&Stub::ListSessions, access_token, mailrun::v1::ListSessionsRequest(), &sessions);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return sessions;
  }

  static LobbyHarness* lobby_;
};

LobbyHarness* AccountSessions::lobby_ = nullptr;

TEST_F(AccountSessions, ChangePasswordKeepsTheCallingSessionAndEndsTheOthers) {
  const auto user = lobby_->NewUser("Pia");  // session A (Register)
  const std::string old_password = "password-" + user.display_name();
  mailrun::v1::AuthResponse second;  // session B
  ASSERT_TRUE(Login(user.display_name(), old_password, &second).ok());

  mailrun::v1::ChangePasswordRequest change;
  change.set_request_id(lobby_->NewRequestId());
  change.set_current_password("not-the-password");
  change.set_new_password("a-new-password");
  mailrun::v1::ChangePasswordResponse changed;
  const auto before = lobby_->Snapshot();
  grpc::Status status = lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(status.error_message(), "current_password is wrong");
  change.set_current_password(old_password);
  change.set_new_password("short");
  status = lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(), "new_password: password must be at least 8 characters");
  change.set_new_password(old_password);
  EXPECT_EQ(lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(lobby_->Snapshot(), before) << "refused changes change nothing";

  change.set_new_password("a-new-password");
  status = lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(changed.other_sessions_revoked(), 1);
  // The answer was lost: the retry (whose current_password is no longer right) gets the same one.
  mailrun::v1::ChangePasswordResponse retried;
  ASSERT_TRUE(lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &retried).ok());
  EXPECT_EQ(retried.other_sessions_revoked(), 1);

  mailrun::v1::AuthResponse ignored;
  EXPECT_EQ(Login(user.display_name(), old_password, &ignored).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(Login(user.display_name(), "a-new-password", &ignored).ok());
  EXPECT_EQ(Refresh(second.refresh_token(), &ignored).error_code(), grpc::StatusCode::UNAUTHENTICATED)
      << "the other session ended";
  EXPECT_TRUE(Refresh(user.refresh_token(), &ignored).ok()) << "the calling session goes on";
}

TEST_F(AccountSessions, ListSessionsShowsEachLoginOnceAndRevokeSessionEndsOne) {
  const auto user = lobby_->NewUser("Quin");  // session A
  const auto other = lobby_->NewUser("Rhea");
  mailrun::v1::AuthResponse second, rotated;  // session B, refreshed once
  ASSERT_TRUE(Login(user.display_name(), "password-" + user.display_name(), &second).ok());
  ASSERT_TRUE(Refresh(second.refresh_token(), &rotated).ok());

  auto sessions = Sessions(user.access_token());
  ASSERT_EQ(sessions.sessions_size(), 2) << "a refresh continues a session, it does not add one";
  std::string session_a, session_b;
  for (const auto& s : sessions.sessions()) {
    (s.current() ? session_a : session_b) = s.session_id();
    EXPECT_GE(s.last_refreshed_at_unix_ms(), s.started_at_unix_ms());
    EXPECT_GT(s.expires_at_unix_ms(), s.last_refreshed_at_unix_ms());
  }
  ASSERT_FALSE(session_a.empty());
  ASSERT_FALSE(session_b.empty());
  // The rotated token of B sees the same two sessions, B now current.
  sessions = Sessions(rotated.access_token());
  ASSERT_EQ(sessions.sessions_size(), 2);
  for (const auto& s : sessions.sessions()) EXPECT_EQ(s.current(), s.session_id() == session_b);

  // Another user's session, an unknown one and an empty id are refused and change nothing.
  const std::string others = Sessions(other.access_token()).sessions(0).session_id();
  mailrun::v1::RevokeSessionRequest revoke;
  revoke.set_request_id(lobby_->NewRequestId());
  revoke.set_session_id(others);
  mailrun::v1::RevokeSessionResponse revoked;
  const auto before = lobby_->Snapshot();
  EXPECT_EQ(lobby_->Call(&Stub::RevokeSession, user.access_token(), revoke, &revoked).error_code(),
            grpc::StatusCode::NOT_FOUND);
  revoke.set_session_id("");
  EXPECT_EQ(lobby_->Call(&Stub::RevokeSession, user.access_token(), revoke, &revoked).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(lobby_->Snapshot(), before);
  EXPECT_EQ(Sessions(other.access_token()).sessions_size(), 1);

  revoke.set_session_id(session_b);
  ASSERT_TRUE(lobby_->Call(&Stub::RevokeSession, user.access_token(), revoke, &revoked).ok());
  EXPECT_EQ(revoked.sessions_revoked(), 1);
  ASSERT_TRUE(lobby_->Call(&Stub::RevokeSession, user.access_token(), revoke, &revoked).ok());  // retry
  EXPECT_EQ(revoked.sessions_revoked(), 0);
  mailrun::v1::AuthResponse ignored;
  EXPECT_EQ(Refresh(rotated.refresh_token(), &ignored).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  sessions = Sessions(user.access_token());
  ASSERT_EQ(sessions.sessions_size(), 1);
  EXPECT_EQ(sessions.sessions(0).session_id(), session_a);
  EXPECT_TRUE(sessions.sessions(0).current());
}

}  // namespace
}  // namespace mailrun::testing
