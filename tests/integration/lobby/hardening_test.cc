// Issue 20 against the real mailrun-lobby: two instances of an app refreshing at once stay logged
// in while a replayed stolen token still ends the session; login attempts are limited per account
// and per client with RESOURCE_EXHAUSTED and a retry hint; ids follow one rule; a request_id reused
// for a different request is refused by name.
#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "services/common/retry_later.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using Stub = mailrun::v1::LobbyService::Stub;

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

grpc::Status Refresh(LobbyHarness& lobby, const std::string& refresh_token, const std::string& request_id,
                     mailrun::v1::AuthResponse* response) {
  mailrun::v1::RefreshRequest request;
  request.set_request_id(request_id);
  request.set_refresh_token(refresh_token);
  return lobby.Call(&Stub::Refresh, "", request, response);
}

// A login as the gateway forwards it: the client's address in x-forwarded-for; `device_token` as
// the app kept it from an earlier answer ("" for none).
grpc::Status LoginFrom(LobbyHarness& lobby, const std::string& address, const std::string& name,
                       const std::string& password, mailrun::v1::AuthResponse* response,
                       const std::string& device_token = "") {
  mailrun::v1::LoginRequest request;
  request.set_request_id(lobby.NewRequestId());
  request.set_display_name(name);
  request.set_password(password);
  request.set_device_token(device_token);
  grpc::ClientContext context;
  context.AddMetadata("x-forwarded-for", "198.51.100.1, " + address);
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return lobby.stub().Login(&context, request, response);
}

class LobbyHardening : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lobby_ = new LobbyHarness("lobby_hardening"); }
  static void TearDownTestSuite() {
    delete lobby_;
    lobby_ = nullptr;
  }
  static LobbyHarness* lobby_;
};
LobbyHarness* LobbyHardening::lobby_ = nullptr;

TEST_F(LobbyHardening, TwoInstancesRefreshingAtOnceStayLoggedIn) {
  const auto user = lobby_->NewUser("Twin");
  // Two copies of the app, one login, each refreshing with its own request_id at the same moment.
  auto refresh = [&](const std::string& request_id) {
    mailrun::v1::AuthResponse response;
    const grpc::Status status = Refresh(*lobby_, user.refresh_token(), request_id, &response);
    return std::make_pair(status, response);
  };
  auto first = std::async(std::launch::async, refresh, "twin-a");
  auto second = std::async(std::launch::async, refresh, "twin-b");
  const auto [a, a_tokens] = first.get();
  const auto [b, b_tokens] = second.get();
  ASSERT_TRUE(a.ok()) << a.error_message();
  ASSERT_TRUE(b.ok()) << b.error_message() << " (before: taken for theft, and the session revoked)";
  EXPECT_EQ(a_tokens.refresh_token(), b_tokens.refresh_token()) << "both continue the one session";
  EXPECT_EQ(a_tokens.user_id(), user.user_id());
  // Nothing was revoked: the shared new token refreshes again, and so does its successor.
  mailrun::v1::AuthResponse next, after;
  ASSERT_TRUE(Refresh(*lobby_, a_tokens.refresh_token(), "twin-c", &next).ok());
  ASSERT_TRUE(Refresh(*lobby_, next.refresh_token(), "twin-d", &after).ok());
  // The original token now comes back after its successor moved on: that is a replay.
  mailrun::v1::AuthResponse ignored;
  EXPECT_EQ(Refresh(*lobby_, user.refresh_token(), "twin-e", &ignored).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Refresh(*lobby_, after.refresh_token(), "twin-f", &ignored).error_code(),
            grpc::StatusCode::UNAUTHENTICATED)
      << "the session ended";
}

TEST_F(LobbyHardening, AStolenTokenReplayedAfterTheGracePeriodEndsTheSession) {
  LobbyHarness::Options options;
  options.lobby_env = {{"MAILRUN_REFRESH_REUSE_GRACE_SECONDS", "1"}};
  LobbyHarness lobby("lobby_hardening_grace", options);
  const auto user = lobby.NewUser("Victim");
  mailrun::v1::AuthResponse rotated, ignored;
  ASSERT_TRUE(Refresh(lobby, user.refresh_token(), "victim-1", &rotated).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  const grpc::Status thief = Refresh(lobby, user.refresh_token(), "thief-1", &ignored);
  EXPECT_EQ(thief.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(thief.error_message().find("already used"), std::string::npos) << thief.error_message();
  const grpc::Status owner = Refresh(lobby, rotated.refresh_token(), "victim-2", &ignored);
  EXPECT_EQ(owner.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(owner.error_message().find("revoked"), std::string::npos) << owner.error_message();
}

TEST_F(LobbyHardening, WrongPasswordsForOneAccountStopWithARetryHint) {
  const auto user = lobby_->NewUser("Guarded");
  const std::string wrong = "not-the-password";
  mailrun::v1::AuthResponse response;
  // A right password in between does not use the allowance up.
  ASSERT_TRUE(LoginFrom(*lobby_, "192.0.2.10", user.display_name(), "password-" + user.display_name(), &response)
                  .ok());
  for (int attempt = 0; attempt < 5; ++attempt) {
    EXPECT_EQ(LoginFrom(*lobby_, "192.0.2." + std::to_string(20 + attempt), user.display_name(), wrong, &response)
                  .error_code(),
              grpc::StatusCode::UNAUTHENTICATED)
        << attempt;
  }
  // Before: every guess was tried (120 in a row). Now the sixth is not, from any address.
  const grpc::Status limited = LoginFrom(*lobby_, "192.0.2.99", user.display_name(), wrong, &response);
  EXPECT_EQ(limited.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << limited.error_message();
  const auto delay = mailrun::service::RetryDelayOf(limited);
  ASSERT_TRUE(delay.has_value()) << "a google.rpc.RetryInfo detail";
  EXPECT_GE(*delay, std::chrono::seconds(1));
  EXPECT_LE(*delay, std::chrono::seconds(60));
  EXPECT_NE(limited.error_message().find("retry in"), std::string::npos);
  // The name's case does not get around it, and unknown names are limited alike.
  EXPECT_EQ(LoginFrom(*lobby_, "192.0.2.98", Lower(user.display_name()), wrong, &response).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  for (int attempt = 0; attempt < 5; ++attempt) LoginFrom(*lobby_, "192.0.2.97", "Nobody-Here", wrong, &response);
  EXPECT_EQ(LoginFrom(*lobby_, "192.0.2.97", "Nobody-Here", wrong, &response).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
}

// Issue 46: anyone who knows a player's name could keep them locked out with a wrong password a
// minute (after five, the right password was refused too). A device the player logged in from
// before sends the device token it was given and is counted on its own.
TEST_F(LobbyHardening, AStrangerCannotLockAPlayerOutOfTheDevicesTheyUse) {
  const auto user = lobby_->NewUser("Besieged");
  const std::string right = "password-" + user.display_name();
  ASSERT_FALSE(user.device_token().empty()) << "Register gives the device a token";
  mailrun::v1::AuthResponse phone;
  ASSERT_TRUE(LoginFrom(*lobby_, "192.0.2.40", user.display_name(), right, &phone, user.device_token()).ok());
  ASSERT_FALSE(phone.device_token().empty());

  // A stranger uses the account's allowance up from several addresses.
  mailrun::v1::AuthResponse response;
  for (int attempt = 0; attempt < 5; ++attempt) {
    LoginFrom(*lobby_, "198.51.100." + std::to_string(10 + attempt), user.display_name(), "a-wrong-guess", &response);
  }
  const grpc::Status stranger = LoginFrom(*lobby_, "198.51.100.30", user.display_name(), "a-wrong-guess", &response);
  EXPECT_EQ(stranger.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << "guessing stays limited";

  // The player's devices get in (each with the token its last answer gave it, or an older one);
  // a device without one waits, as the stranger does.
  mailrun::v1::AuthResponse again;
  const grpc::Status known = LoginFrom(*lobby_, "192.0.2.40", user.display_name(), right, &again, phone.device_token());
  EXPECT_TRUE(known.ok()) << Describe(known) << " (before: RESOURCE_EXHAUSTED, locked out by a stranger)";
  EXPECT_TRUE(LoginFrom(*lobby_, "192.0.2.41", user.display_name(), right, &again, user.device_token()).ok());
  const grpc::Status unknown = LoginFrom(*lobby_, "192.0.2.42", user.display_name(), right, &again);
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(unknown.error_message().find("unknown devices"), std::string::npos) << unknown.error_message();

  // A device token guesses no faster than anyone: five wrong passwords, then it waits too.
  for (int attempt = 0; attempt < 5; ++attempt) {
    EXPECT_EQ(LoginFrom(*lobby_, "192.0.2.43", user.display_name(), "a-wrong-guess", &response, phone.device_token())
                  .error_code(),
              grpc::StatusCode::UNAUTHENTICATED);
  }
  const grpc::Status device = LoginFrom(*lobby_, "192.0.2.43", user.display_name(), "a-wrong-guess", &response,
                                        phone.device_token());
  EXPECT_EQ(device.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(device.error_message().find("this device"), std::string::npos) << device.error_message();

  // Another account's device token, or a forged one, is an unknown device.
  const auto other = lobby_->NewUser("Bystander");
  EXPECT_EQ(LoginFrom(*lobby_, "192.0.2.44", user.display_name(), right, &again, other.device_token()).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(LoginFrom(*lobby_, "192.0.2.44", user.display_name(), right, &again, "v2.x.y.z").error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
}

// Issue 46: ChangePassword and DeleteAccount shared the account's allowance with logins, so a
// stranger's failed logins also refused a signed-in player changing their password or deleting
// their account. They have their own allowance, as strict: a stolen access token still guesses the
// password no faster than a login could.
TEST_F(LobbyHardening, AStrangersFailedLoginsDoNotStopASignedInPlayersPasswordCalls) {
  const auto user = lobby_->NewUser("Signedin");
  const std::string right = "password-" + user.display_name();
  mailrun::v1::AuthResponse response;
  for (int attempt = 0; attempt < 5; ++attempt) {
    LoginFrom(*lobby_, "198.51.100." + std::to_string(50 + attempt), user.display_name(), "a-wrong-guess", &response);
  }
  ASSERT_EQ(LoginFrom(*lobby_, "198.51.100.60", user.display_name(), "a-wrong-guess", &response).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED)
      << "the stranger used the account's login allowance up";

  mailrun::v1::ChangePasswordRequest change;
  change.set_request_id(lobby_->NewRequestId());
  change.set_current_password(right);
  change.set_new_password("a-new-password-" + user.display_name());
  mailrun::v1::ChangePasswordResponse changed;
  const grpc::Status status = lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed);
  EXPECT_TRUE(status.ok()) << Describe(status) << " (before: RESOURCE_EXHAUSTED, the stranger's failed logins)";

  // Wrong current passwords through the player's own token: five are checked, the sixth waits,
  // whether it is ChangePassword or DeleteAccount; the stranger is still held back too.
  change.set_current_password("still-not-the-password");
  change.set_new_password("yet-another-password");
  for (int attempt = 0; attempt < 5; ++attempt) {
    change.set_request_id(lobby_->NewRequestId());
    EXPECT_EQ(lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed).error_code(),
              grpc::StatusCode::PERMISSION_DENIED)
        << attempt;
  }
  change.set_request_id(lobby_->NewRequestId());
  const grpc::Status guessing = lobby_->Call(&Stub::ChangePassword, user.access_token(), change, &changed);
  EXPECT_EQ(guessing.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << Describe(guessing);
  EXPECT_NE(guessing.error_message().find("own sessions"), std::string::npos) << guessing.error_message();
  EXPECT_TRUE(mailrun::service::RetryDelayOf(guessing).has_value());
  mailrun::v1::DeleteAccountRequest deletion;
  deletion.set_request_id(lobby_->NewRequestId());
  deletion.set_password("still-not-the-password");
  mailrun::v1::DeleteAccountResponse deleted;
  EXPECT_EQ(lobby_->Call(&Stub::DeleteAccount, user.access_token(), deletion, &deleted).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(LoginFrom(*lobby_, "198.51.100.61", user.display_name(), "a-wrong-guess", &response).error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);

  // Another player's DeleteAccount, with the account's login allowance spent by a stranger.
  const auto leaving = lobby_->NewUser("Leaving");
  for (int attempt = 0; attempt < 6; ++attempt) {
    LoginFrom(*lobby_, "198.51.100." + std::to_string(70 + attempt), leaving.display_name(), "a-wrong-guess", &response);
  }
  deletion.set_request_id(lobby_->NewRequestId());
  deletion.set_password("password-" + leaving.display_name());
  const grpc::Status gone = lobby_->Call(&Stub::DeleteAccount, leaving.access_token(), deletion, &deleted);
  EXPECT_TRUE(gone.ok()) << Describe(gone) << " (before: RESOURCE_EXHAUSTED, the stranger's failed logins)";
}

TEST_F(LobbyHardening, OneClientIsLimitedAcrossAccounts) {
  LobbyHarness::Options options;
  options.lobby_env = {{"MAILRUN_LOGIN_CLIENT_ATTEMPTS", "3"}, {"MAILRUN_TRUST_FORWARDED_FOR", "true"}};
  LobbyHarness lobby("lobby_hardening_client", options);
  mailrun::v1::AuthResponse response;
  for (int attempt = 0; attempt < 3; ++attempt) {
    EXPECT_EQ(LoginFrom(lobby, "203.0.113.7", "Someone" + std::to_string(attempt), "guess-guess", &response)
                  .error_code(),
              grpc::StatusCode::UNAUTHENTICATED);
  }
  const grpc::Status limited = LoginFrom(lobby, "203.0.113.7", "Someone9", "guess-guess", &response);
  EXPECT_EQ(limited.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(limited.error_message().find("your address"), std::string::npos) << limited.error_message();
  EXPECT_TRUE(mailrun::service::RetryDelayOf(limited).has_value());
  EXPECT_EQ(LoginFrom(lobby, "203.0.113.8", "Someone9", "guess-guess", &response).error_code(),
            grpc::StatusCode::UNAUTHENTICATED)
      << "another client is not limited";
}

TEST_F(LobbyHardening, IdsWithANulAndJunkAreRefusedNamingTheField) {
  const auto user = lobby_->NewUser("Idcheck");
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(lobby_->NewRequestId());
  create.set_seats(4);
  mailrun::v1::Table table;
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, user.access_token(), create, &table).ok());
  mailrun::v1::GetTableRequest get;
  get.set_table_id(table.table_id() + std::string("\0junk", 5));
  mailrun::v1::Table read;
  const grpc::Status status = lobby_->Call(&Stub::GetTable, user.access_token(), get, &read);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << "before: the table was found";
  EXPECT_NE(status.error_message().find("table_id holds a NUL byte"), std::string::npos) << status.error_message();
  mailrun::v1::GetProfileRequest profile;
  profile.set_user_id(user.user_id() + std::string("\0", 1));
  mailrun::v1::Profile ignored;
  EXPECT_EQ(lobby_->Call(&Stub::GetProfile, user.access_token(), profile, &ignored).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  create.set_request_id("table\x01" + lobby_->NewRequestId());
  EXPECT_EQ(lobby_->Call(&Stub::CreateTable, user.access_token(), create, &read).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(LobbyHardening, ARequestIdReusedForADifferentRequestIsRefused) {
  const auto user = lobby_->NewUser("Reuser");
  mailrun::v1::CreateTableRequest create;
  create.set_request_id("reuser-table");
  create.set_name("first");
  create.set_seats(4);
  mailrun::v1::Table first, again;
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, user.access_token(), create, &first).ok());
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, user.access_token(), create, &again).ok()) << "a retry";
  EXPECT_EQ(again.table_id(), first.table_id());
  const auto before = lobby_->Snapshot();
  create.set_name("second");
  create.set_seats(5);
  const grpc::Status reused = lobby_->Call(&Stub::CreateTable, user.access_token(), create, &again);
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << "before: the first table, silently";
  EXPECT_NE(reused.error_message().find("already used for a different CreateTable request"), std::string::npos)
      << reused.error_message();
  EXPECT_EQ(lobby_->Snapshot(), before);
}

}  // namespace
}  // namespace mailrun::testing
