// Accounts against the real mailrun-lobby and PostgreSQL: registering, logging in, tokens
// (expired, forged, revoked, reused), profiles; refused calls change nothing.
#include <gtest/gtest.h>

#include <thread>

#include "services/common/auth.h"
#include "services/common/token.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::service::TokenKind;
using mailrun::service::UnixNow;
using mailrun::v1::LobbyService;
using Stub = mailrun::v1::LobbyService::Stub;

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

class Accounts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lobby_ = new LobbyHarness("lobby_accounts"); }
  static void TearDownTestSuite() {
    delete lobby_;
    lobby_ = nullptr;
  }

  mailrun::v1::RegisterRequest Registration(const std::string& name, const std::string& password) {
    mailrun::v1::RegisterRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_display_name(name);
    request.set_password(password);
    return request;
  }

  grpc::Status Login(const std::string& name, const std::string& password, mailrun::v1::AuthResponse* response,
                     const std::string& request_id = "") {
    mailrun::v1::LoginRequest request;
    request.set_request_id(request_id.empty() ? lobby_->NewRequestId() : request_id);
    request.set_display_name(name);
    request.set_password(password);
    return lobby_->Call(&Stub::Login, "", request, response);
  }

  grpc::Status Profile(const std::string& token, mailrun::v1::Profile* profile, const std::string& user_id = "") {
    mailrun::v1::GetProfileRequest request;
    request.set_user_id(user_id);
    return lobby_->Call(&Stub::GetProfile, token, request, profile);
  }

  static LobbyHarness* lobby_;
};

LobbyHarness* Accounts::lobby_ = nullptr;

TEST_F(Accounts, RegisterGivesTokensTheOtherServicesCanVerify) {
  const std::string name = lobby_->UniqueName("Ann");
  mailrun::v1::AuthResponse auth;
  auto request = Registration(name, "correct horse battery");
  request.set_time_zone("Asia/Kolkata");
  ASSERT_TRUE(lobby_->Call(&Stub::Register, "", request, &auth).ok());
  EXPECT_EQ(auth.user_id().size(), 32u);
  EXPECT_EQ(auth.display_name(), name);

  const auto access = TestVerifier().Verify(auth.access_token(), TokenKind::kAccess, UnixNow());
  ASSERT_TRUE(access.has_value());
  EXPECT_EQ(access->subject, auth.user_id());
  EXPECT_EQ(access->display_name, name);
  EXPECT_LE(access->expires_at - access->issued_at, 15 * 60);
  EXPECT_EQ(auth.access_expires_at_unix_ms(), access->expires_at * 1000);
  const auto refresh = TestVerifier().Verify(auth.refresh_token(), TokenKind::kRefresh, UnixNow());
  ASSERT_TRUE(refresh.has_value());
  EXPECT_GE(refresh->expires_at - refresh->issued_at, 29 * 24 * 3600);

  mailrun::v1::Profile profile;
  ASSERT_TRUE(Profile(auth.access_token(), &profile).ok());
  EXPECT_EQ(profile.display_name(), name);
  EXPECT_EQ(profile.time_zone(), "Asia/Kolkata");
  ASSERT_EQ(profile.ratings_size(), 1);
  EXPECT_EQ(profile.ratings(0).rating(), 1500.0);
  EXPECT_EQ(profile.ratings(0).games(), 0);

  // The password is stored only as an Argon2id hash, and the hash never leaves the database.
  pqxx::work txn(lobby_->db());
  const std::string hash =
      txn.exec_params1("SELECT password_hash FROM users WHERE user_id = $1", auth.user_id())[0].as<std::string>();
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u);
  EXPECT_EQ(hash.find("correct horse"), std::string::npos);
  EXPECT_EQ(auth.DebugString().find("$argon2"), std::string::npos);
  EXPECT_EQ(profile.DebugString().find("$argon2"), std::string::npos);
  EXPECT_EQ(ReadFile(lobby_->log_path()).find(auth.refresh_token()), std::string::npos);
}

TEST_F(Accounts, DisplayNamesAreUniqueIgnoringCase) {
  const std::string name = lobby_->UniqueName("Bea");
  mailrun::v1::AuthResponse auth;
  ASSERT_TRUE(lobby_->Call(&Stub::Register, "", Registration(name, "password-1"), &auth).ok());
  std::string shouted = name;
  for (char& c : shouted) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto before = lobby_->Snapshot();
  const grpc::Status status = lobby_->Call(&Stub::Register, "", Registration(shouted, "password-2"), &auth);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(status.error_message(), "display name '" + shouted + "' is taken");
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Accounts, BadRegistrationsAreRefusedAndChangeNothing) {
  const auto before = lobby_->Snapshot();
  mailrun::v1::AuthResponse auth;
  struct Case {
    mailrun::v1::RegisterRequest request;
    std::string expected;
  };
  std::vector<Case> cases;
  cases.push_back({Registration("x", "password-1"), "display_name must be 3 to 24 characters"});
  cases.push_back({Registration("Bad;Name", "password-1"), "display_name may contain only"});
  cases.push_back({Registration(lobby_->UniqueName("Cy"), "short"), "password must be at least 8 characters"});
  auto no_request_id = Registration(lobby_->UniqueName("Di"), "password-1");
  no_request_id.clear_request_id();
  cases.push_back({no_request_id, "request_id is required"});
  auto bad_zone = Registration(lobby_->UniqueName("Ed"), "password-1");
  bad_zone.set_time_zone("Mars/Olympus_Mons");
  cases.push_back({bad_zone, "time_zone 'Mars/Olympus_Mons' is not a known IANA time zone"});
  for (const auto& c : cases) {
    const grpc::Status status = lobby_->Call(&Stub::Register, "", c.request, &auth);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.expected;
    EXPECT_NE(status.error_message().find(c.expected), std::string::npos) << status.error_message();
    EXPECT_EQ(status.error_message().find(c.request.password()), std::string::npos);
  }
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Accounts, ConcurrentRegistrationsOfOneNameCreateOneAccount) {
  const std::string name = lobby_->UniqueName("Race");
  std::vector<mailrun::v1::RegisterRequest> requests;
  for (int i = 0; i < 4; ++i) requests.push_back(Registration(i % 2 ? name : Lower(name), "password-race"));
  std::vector<grpc::Status> statuses(requests.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < requests.size(); ++i) {
    threads.emplace_back([&, i] {
      mailrun::v1::AuthResponse auth;
      statuses[i] = lobby_->Call(&Stub::Register, "", requests[i], &auth);
    });
  }
  for (auto& thread : threads) thread.join();
  int created = 0;
  for (const auto& status : statuses) {
    if (status.ok()) {
      ++created;
    } else {
      EXPECT_EQ(status.error_code(), grpc::StatusCode::ALREADY_EXISTS) << Describe(status);
    }
  }
  EXPECT_EQ(created, 1);
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM users WHERE lower(display_name) = '" + Lower(name) + "'"), 1);
}

TEST_F(Accounts, RegisterRetriedWithTheSameRequestIdLogsIntoTheSameAccount) {
  const auto request = Registration(lobby_->UniqueName("Flo"), "password-flo");
  mailrun::v1::AuthResponse first, second;
  ASSERT_TRUE(lobby_->Call(&Stub::Register, "", request, &first).ok());
  ASSERT_TRUE(lobby_->Call(&Stub::Register, "", request, &second).ok());
  EXPECT_EQ(second.user_id(), first.user_id());
  EXPECT_EQ(second.refresh_token(), first.refresh_token());  // the same session, signed again
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM users WHERE lower(display_name) = lower('" + request.display_name() +
                          "')"),
            1);

  auto other_name = request;
  other_name.set_display_name(lobby_->UniqueName("Gus"));
  mailrun::v1::AuthResponse ignored;
  grpc::Status status = lobby_->Call(&Stub::Register, "", other_name, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("already used"), std::string::npos);
  auto wrong_password = request;
  wrong_password.set_password("not-the-password");
  status = lobby_->Call(&Stub::Register, "", wrong_password, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

TEST_F(Accounts, WrongPasswordsAndUnknownNamesAreRefusedAlike) {
  const auto user = lobby_->NewUser("Hal");
  const auto before = lobby_->Snapshot();
  mailrun::v1::AuthResponse auth;
  const grpc::Status wrong = Login(user.display_name(), "password-wrong", &auth);
  const grpc::Status unknown = Login(lobby_->UniqueName("Nobody"), "password-x", &auth);
  EXPECT_EQ(wrong.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(wrong.error_message(), "wrong display name or password");
  EXPECT_EQ(unknown.error_message(), wrong.error_message());
  const grpc::Status empty = Login(user.display_name(), "", &auth);
  EXPECT_EQ(empty.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Accounts, LoginIgnoresCaseAndIsIdempotent) {
  const auto user = lobby_->NewUser("Ida");
  const std::string lower = Lower(user.display_name());
  const auto sessions_before =
      lobby_->Count("SELECT count(*) FROM user_sessions WHERE user_id = '" + user.user_id() + "'");
  mailrun::v1::AuthResponse first, retry;
  ASSERT_TRUE(Login(lower, "password-" + user.display_name(), &first, "login-ida").ok());
  ASSERT_TRUE(Login(lower, "password-" + user.display_name(), &retry, "login-ida").ok());
  EXPECT_EQ(first.user_id(), user.user_id());
  EXPECT_EQ(retry.refresh_token(), first.refresh_token());
  EXPECT_EQ(retry.access_token(), first.access_token());
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM user_sessions WHERE user_id = '" + user.user_id() + "'"),
            sessions_before + 1);
}

TEST_F(Accounts, ExpiredForgedAndWrongKindTokensAreRefused) {
  const auto user = lobby_->NewUser("Jo");
  const std::string expired = ExpiredToken(user);
  const std::string forged = ForgedToken(user);
  std::string tampered = user.access_token();
  tampered[tampered.find('.', tampered.find('.') + 1) + 5] ^= 0x01;  // in the payload, after "v2.<key id>."

  const auto before = lobby_->Snapshot();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "missing 'authorization: Bearer <token>' metadata"},
      {expired, "token has expired"},
      {forged, "token signature is not valid"},
      {tampered, "token signature is not valid"},
      {user.refresh_token(), "expected an access token, got a refresh token"},
  };
  for (const auto& [token, message] : cases) {
    mailrun::v1::Profile profile;
    const grpc::Status status = Profile(token, &profile);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << message;
    EXPECT_EQ(status.error_message(), message);
    // A changing call with such a token changes nothing either.
    mailrun::v1::UpdateProfileRequest update;
    update.set_request_id(lobby_->NewRequestId());
    update.set_time_zone("Europe/London");
    EXPECT_EQ(lobby_->Call(&Stub::UpdateProfile, token, update, &profile).error_code(),
              grpc::StatusCode::UNAUTHENTICATED);
  }
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Accounts, RefreshRotatesAndAReusedRefreshTokenEndsTheSession) {
  const auto user = lobby_->NewUser("Kim");
  mailrun::v1::RefreshRequest request;
  request.set_request_id("refresh-kim-1");
  request.set_refresh_token(user.refresh_token());
  mailrun::v1::AuthResponse rotated, retried;
  ASSERT_TRUE(lobby_->Call(&Stub::Refresh, "", request, &rotated).ok());
  EXPECT_NE(rotated.refresh_token(), user.refresh_token());
  EXPECT_EQ(rotated.user_id(), user.user_id());
  // A retry of the same call (the answer was lost) gets the same new tokens.
  ASSERT_TRUE(lobby_->Call(&Stub::Refresh, "", request, &retried).ok());
  EXPECT_EQ(retried.refresh_token(), rotated.refresh_token());
  // The session moves on: the rotated token is rotated in turn.
  mailrun::v1::RefreshRequest onwards;
  onwards.set_request_id("refresh-kim-1b");
  onwards.set_refresh_token(rotated.refresh_token());
  mailrun::v1::AuthResponse latest;
  ASSERT_TRUE(lobby_->Call(&Stub::Refresh, "", onwards, &latest).ok());

  // The first token presented again in a new call, after its successor was itself used: no
  // concurrent refresh of the same app can explain that (hardening_test.cc has the race), so it
  // is refused and the session chain ends.
  request.set_request_id("refresh-kim-2");
  mailrun::v1::AuthResponse ignored;
  grpc::Status status = lobby_->Call(&Stub::Refresh, "", request, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(status.error_message().find("already used"), std::string::npos);
  request.set_request_id("refresh-kim-3");
  request.set_refresh_token(latest.refresh_token());
  status = lobby_->Call(&Stub::Refresh, "", request, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(status.error_message().find("revoked"), std::string::npos);

  // Forged and access tokens are no refresh tokens.
  request.set_refresh_token(user.access_token());
  status = lobby_->Call(&Stub::Refresh, "", request, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  // (The wording after "expected" comes from services/common/token.cc.)
  EXPECT_EQ(status.error_message().rfind("refresh_token: expected a", 0), 0u) << status.error_message();
}

TEST_F(Accounts, LogoutRevokesTheSessionOrAllSessions) {
  const auto user = lobby_->NewUser("Lou");
  const auto other = lobby_->NewUser("Max");
  mailrun::v1::AuthResponse second;
  ASSERT_TRUE(Login(user.display_name(), "password-" + user.display_name(), &second).ok());

  mailrun::v1::LogoutRequest logout;
  logout.set_request_id(lobby_->NewRequestId());
  logout.set_refresh_token(other.refresh_token());
  mailrun::v1::LogoutResponse revoked;
  const auto before = lobby_->Snapshot();
  EXPECT_EQ(lobby_->Call(&Stub::Logout, user.access_token(), logout, &revoked).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(lobby_->Snapshot(), before);

  logout.set_refresh_token(user.refresh_token());
  ASSERT_TRUE(lobby_->Call(&Stub::Logout, user.access_token(), logout, &revoked).ok());
  EXPECT_EQ(revoked.sessions_revoked(), 1);
  ASSERT_TRUE(lobby_->Call(&Stub::Logout, user.access_token(), logout, &revoked).ok());  // retry
  EXPECT_EQ(revoked.sessions_revoked(), 0);

  mailrun::v1::RefreshRequest refresh;
  refresh.set_request_id(lobby_->NewRequestId());
  refresh.set_refresh_token(user.refresh_token());
  mailrun::v1::AuthResponse ignored;
  EXPECT_EQ(lobby_->Call(&Stub::Refresh, "", refresh, &ignored).error_message(),
            "refresh_token has been revoked; log in again");
  refresh.set_refresh_token(second.refresh_token());
  ASSERT_TRUE(lobby_->Call(&Stub::Refresh, "", refresh, &ignored).ok()) << "the other session still works";

  mailrun::v1::LogoutRequest everything;
  everything.set_request_id(lobby_->NewRequestId());
  everything.set_all_sessions(true);
  ASSERT_TRUE(lobby_->Call(&Stub::Logout, user.access_token(), everything, &revoked).ok());
  EXPECT_EQ(revoked.sessions_revoked(), 1);  // the rotated second session; the first was revoked
  refresh.set_request_id(lobby_->NewRequestId());
  refresh.set_refresh_token(ignored.refresh_token());
  EXPECT_EQ(lobby_->Call(&Stub::Refresh, "", refresh, &ignored).error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

TEST_F(Accounts, UpdateProfileRenamesAndChangesTheTimeZone) {
  const auto user = lobby_->NewUser("Ned");
  const auto rival = lobby_->NewUser("Ola");
  mailrun::v1::UpdateProfileRequest update;
  update.set_request_id(lobby_->NewRequestId());
  update.set_time_zone("Asia/Kolkata");
  update.set_display_name(lobby_->UniqueName("Lord Dalhousie "));
  mailrun::v1::Profile profile;
  ASSERT_TRUE(lobby_->Call(&Stub::UpdateProfile, user.access_token(), update, &profile).ok());
  EXPECT_EQ(profile.display_name(), update.display_name());
  EXPECT_EQ(profile.time_zone(), "Asia/Kolkata");
  mailrun::v1::AuthResponse relogged;
  EXPECT_TRUE(Login(update.display_name(), "password-" + user.display_name(), &relogged).ok());
  EXPECT_EQ(relogged.display_name(), update.display_name());

  // Others see the name but not the time zone.
  mailrun::v1::Profile seen;
  ASSERT_TRUE(Profile(rival.access_token(), &seen, user.user_id()).ok());
  EXPECT_EQ(seen.display_name(), update.display_name());
  EXPECT_TRUE(seen.time_zone().empty());
  EXPECT_EQ(Profile(rival.access_token(), &seen, "no-such-user").error_code(), grpc::StatusCode::NOT_FOUND);

  const auto before = lobby_->Snapshot();
  mailrun::v1::UpdateProfileRequest taken;
  taken.set_request_id(lobby_->NewRequestId());
  taken.set_display_name(Lower(rival.display_name()));
  taken.set_time_zone("Europe/Paris");
  EXPECT_EQ(lobby_->Call(&Stub::UpdateProfile, user.access_token(), taken, &profile).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  mailrun::v1::UpdateProfileRequest bad_zone;
  bad_zone.set_request_id(lobby_->NewRequestId());
  bad_zone.set_time_zone("Nowhere/Land");
  EXPECT_EQ(lobby_->Call(&Stub::UpdateProfile, user.access_token(), bad_zone, &profile).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  mailrun::v1::UpdateProfileRequest nothing;
  nothing.set_request_id(lobby_->NewRequestId());
  EXPECT_EQ(lobby_->Call(&Stub::UpdateProfile, user.access_token(), nothing, &profile).error_message(),
            "nothing to change: give display_name and/or time_zone");
  // A request_id already used for another call.
  bad_zone.set_request_id(update.request_id());
  bad_zone.set_time_zone("Europe/Paris");
  mailrun::v1::LogoutRequest reuse;
  reuse.set_request_id(update.request_id());
  reuse.set_all_sessions(true);
  mailrun::v1::LogoutResponse logout;
  const grpc::Status reused = lobby_->Call(&Stub::Logout, user.access_token(), reuse, &logout);
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(reused.error_message().find("already used for UpdateProfile"), std::string::npos);
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Accounts, GetProfileFindsAPlayerByDisplayNameInAnyCase) {
  const auto user = lobby_->NewUser("Pia");
  const auto asker = lobby_->NewUser("Quin");
  mailrun::v1::GetProfileRequest request;
  request.set_display_name(Lower(user.display_name()));
  mailrun::v1::Profile found;
  ASSERT_TRUE(lobby_->Call(&Stub::GetProfile, asker.access_token(), request, &found).ok());
  EXPECT_EQ(found.user_id(), user.user_id());
  EXPECT_EQ(found.display_name(), user.display_name()) << "the name as the player spells it";
  EXPECT_TRUE(found.time_zone().empty()) << "another player's time zone stays theirs";

  // A name nobody has: NOT_FOUND naming the name.
  request.set_display_name("Nobody " + user.display_name());
  grpc::Status status = lobby_->Call(&Stub::GetProfile, asker.access_token(), request, &found);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(status.error_message(), "no user named '" + request.display_name() + "'");
  // Both ways at once, or a name no account could have: INVALID_ARGUMENT.
  request.set_display_name(user.display_name());
  request.set_user_id(user.user_id());
  status = lobby_->Call(&Stub::GetProfile, asker.access_token(), request, &found);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("not both"), std::string::npos) << status.error_message();
  request.clear_user_id();
  request.set_display_name(std::string("bad\x01name", 8));
  EXPECT_EQ(lobby_->Call(&Stub::GetProfile, asker.access_token(), request, &found).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace mailrun::testing
