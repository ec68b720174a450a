// Issue 46 item 6 against the real mailrun-lobby: a login code, mailed to a player's verified
// address, lets them in from a new device while a stranger keeps the account's logins from unknown
// devices waiting. Here the code is read from the LoginCodeRequested event the lobby appended to
// the outbox (the notification service mails it: tests/e2e/stack/login_code_test.cc). RequestLoginCode
// answers the same whatever the name, keeps 3 codes per name per 15 minutes, stores only a hash;
// a code works once, for 15 minutes, with the right password, whatever its case, spaces and
// dashes; wrong codes are limited per name and address.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "mailrun/v1/events.pb.h"
#include "services/common/refusal_details.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using Stub = mailrun::v1::LobbyService::Stub;

grpc::ClientContext* From(grpc::ClientContext* context, const std::string& address) {
  context->AddMetadata("x-forwarded-for", address);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return context;
}

grpc::Status AskForCode(LobbyHarness& lobby, const std::string& address, const std::string& name) {
  mailrun::v1::RequestLoginCodeRequest request;
  request.set_display_name(name);
  mailrun::v1::RequestLoginCodeResponse response;
  grpc::ClientContext context;
  return lobby.stub().RequestLoginCode(From(&context, address), request, &response);
}

grpc::Status LoginWith(LobbyHarness& lobby, const std::string& address, const std::string& name,
                       const std::string& password, const std::string& code, mailrun::v1::AuthResponse* response,
                       const std::string& request_id = "") {
  mailrun::v1::LoginRequest request;
  request.set_request_id(request_id.empty() ? lobby.NewRequestId() : request_id);
  request.set_display_name(name);
  request.set_password(password);
  request.set_login_code(code);
  grpc::ClientContext context;
  return lobby.stub().Login(From(&context, address), request, response);
}

std::string KeyOf(const grpc::Status& status) {
  const auto refusal = mailrun::service::RefusalOf(status);
  return refusal ? refusal->key : "";
}

class LobbyLoginCodes : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // As behind the gateway: the client's address is the last of x-forwarded-for.
    LobbyHarness::Options options;
    options.lobby_env = {{"MAILRUN_TRUST_FORWARDED_FOR", "true"}};
    lobby_ = new LobbyHarness("lobby_login_codes", options);
  }
  static void TearDownTestSuite() {
    delete lobby_;
    lobby_ = nullptr;
  }
  // The codes the lobby appended for `user_id`, oldest first, as mailed ("ABCD-EFGH").
  static std::vector<std::string> CodesOf(const std::string& user_id) {
    std::vector<std::string> codes;
    pqxx::work txn(lobby_->db());
    for (const auto& row : txn.exec("SELECT payload FROM outbox ORDER BY id")) {
      mailrun::v1::Event event;
      if (!event.ParseFromString(pqxx::binarystring(row[0]).str()) || !event.has_login_code_requested()) continue;
      if (event.user_ids_size() == 1 && event.user_ids(0) == user_id) codes.push_back(event.login_code_requested().code());
    }
    return codes;
  }
  // A stranger uses up the account's allowance for unknown devices.
  static void LockOut(const std::string& name) {
    mailrun::v1::AuthResponse response;
    for (int attempt = 0; attempt < 6; ++attempt) {
      LoginWith(*lobby_, "198.51.100." + std::to_string(10 + attempt), name, "a-wrong-guess", "", &response);
    }
    const grpc::Status held = LoginWith(*lobby_, "192.0.2.200", name, "password-" + name, "", &response);
    ASSERT_EQ(held.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << Describe(held);
  }
  static LobbyHarness* lobby_;
};
LobbyHarness* LobbyLoginCodes::lobby_ = nullptr;

TEST_F(LobbyLoginCodes, AnyNameGetsTheSameAnswerAndOnlyAnAccountGetsACode) {
  const auto user = lobby_->NewUser("Asker");
  const int64_t events_before = lobby_->Count("SELECT count(*) FROM outbox");
  const grpc::Status nobody = AskForCode(*lobby_, "192.0.2.1", "Nobody-Has-This");
  ASSERT_TRUE(nobody.ok()) << Describe(nobody);
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM outbox"), events_before) << "no code for a name without an account";

  const std::string lower = [&] {
    std::string name = user.display_name();
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    return name;
  }();
  const grpc::Status asked = AskForCode(*lobby_, "192.0.2.1", lower);
  ASSERT_TRUE(asked.ok()) << Describe(asked);
  const auto codes = CodesOf(user.user_id());
  ASSERT_EQ(codes.size(), 1u);
  ASSERT_EQ(codes[0].size(), 9u) << codes[0];
  EXPECT_EQ(codes[0][4], '-');
  // Only the hash is kept; the code is nowhere in the lobby's own table.
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM login_codes WHERE user_id = '" + user.user_id() + "'"), 1);
  const std::string bare = codes[0].substr(0, 4) + codes[0].substr(5);
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM login_codes WHERE code_hash LIKE '%" + bare + "%' OR code_hash = '" +
                          bare + "'"),
            0);

  // Bad names are refused by name; nothing is made.
  EXPECT_EQ(AskForCode(*lobby_, "192.0.2.1", "").error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(AskForCode(*lobby_, "192.0.2.1", "no\nname").error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(LobbyLoginCodes, ThreeCodesPerNamePer15MinutesWhateverTheName) {
  const auto user = lobby_->NewUser("Limited");
  for (int ask = 0; ask < 3; ++ask) {
    const grpc::Status asked = AskForCode(*lobby_, "192.0.2." + std::to_string(30 + ask), user.display_name());
    ASSERT_TRUE(asked.ok()) << ask << ": " << Describe(asked);
  }
  const grpc::Status fourth = AskForCode(*lobby_, "192.0.2.39", user.display_name());
  EXPECT_EQ(fourth.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << Describe(fourth);
  EXPECT_EQ(CodesOf(user.user_id()).size(), 3u);
  // A name without an account is answered alike (the answers tell nothing).
  for (int ask = 0; ask < 3; ++ask) ASSERT_TRUE(AskForCode(*lobby_, "192.0.2.40", "Ghost-Of-Limited").ok());
  const grpc::Status ghost = AskForCode(*lobby_, "192.0.2.41", "Ghost-Of-Limited");
  EXPECT_EQ(ghost.error_code(), fourth.error_code());
  EXPECT_EQ(KeyOf(ghost), KeyOf(fourth));
}

TEST_F(LobbyLoginCodes, ACodeWithThePasswordLetsThePlayerInOnceWhileAStrangerHoldsTheNameBack) {
  const auto user = lobby_->NewUser("Besieged");
  const std::string right = "password-" + user.display_name();
  LockOut(user.display_name());

  // The stranger asks for codes too: they go to the player, and none cancels another.
  ASSERT_TRUE(AskForCode(*lobby_, "198.51.100.50", user.display_name()).ok());
  ASSERT_TRUE(AskForCode(*lobby_, "192.0.2.60", user.display_name()).ok());
  const auto codes = CodesOf(user.user_id());
  ASSERT_EQ(codes.size(), 2u);

  // The player types the first one in lower case with spaces: in, and the device becomes known.
  std::string typed;
  for (const char c : codes[0]) typed += c == '-' ? std::string(" ") : std::string(1, static_cast<char>(std::tolower(c)));
  mailrun::v1::AuthResponse in;
  const std::string request_id = lobby_->NewRequestId();
  const grpc::Status first = LoginWith(*lobby_, "192.0.2.60", user.display_name(), right, typed, &in, request_id);
  ASSERT_TRUE(first.ok()) << Describe(first) << " (before: RESOURCE_EXHAUSTED while the stranger keeps at it)";
  EXPECT_EQ(in.user_id(), user.user_id());
  EXPECT_FALSE(in.device_token().empty());
  // A retry of that same call is answered with the same session; any other use of the code is not.
  mailrun::v1::AuthResponse retried;
  ASSERT_TRUE(LoginWith(*lobby_, "192.0.2.60", user.display_name(), right, typed, &retried, request_id).ok());
  EXPECT_EQ(retried.refresh_token(), in.refresh_token());
  mailrun::v1::AuthResponse ignored;
  const grpc::Status again = LoginWith(*lobby_, "192.0.2.61", user.display_name(), right, codes[0], &ignored);
  EXPECT_EQ(again.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(KeyOf(again), "lobby.account.login_code_used") << Describe(again);
  // The known device now logs in with its token as before.
  mailrun::v1::LoginRequest known;
  known.set_request_id(lobby_->NewRequestId());
  known.set_display_name(user.display_name());
  known.set_password(right);
  known.set_device_token(in.device_token());
  EXPECT_TRUE(lobby_->Call(&Stub::Login, "", known, &ignored).ok());

  // The code without the right password: refused, and a code takes 5 wrong passwords at most.
  for (int wrong = 0; wrong < 5; ++wrong) {
    const grpc::Status guess = LoginWith(*lobby_, "192.0.2.62", user.display_name(), "a-wrong-guess", codes[1], &ignored);
    EXPECT_EQ(KeyOf(guess), "lobby.account.wrong_credentials") << wrong << ": " << Describe(guess);
  }
  const grpc::Status used_up = LoginWith(*lobby_, "192.0.2.62", user.display_name(), right, codes[1], &ignored);
  EXPECT_EQ(KeyOf(used_up), "lobby.account.login_code_used") << Describe(used_up);

  // An expired code (its 15 minutes moved into the past) is refused as expired.
  ASSERT_TRUE(AskForCode(*lobby_, "192.0.2.63", user.display_name()).ok());
  const auto later = CodesOf(user.user_id());
  ASSERT_EQ(later.size(), 3u);
  {
    pqxx::work txn(lobby_->db());
    txn.exec_params("UPDATE login_codes SET expires_at = clock_timestamp() - interval '1 second' WHERE user_id = $1 "
                    "AND used_at IS NULL",
                    user.user_id());
    txn.commit();
  }
  const grpc::Status expired = LoginWith(*lobby_, "192.0.2.63", user.display_name(), right, later[2], &ignored);
  EXPECT_EQ(KeyOf(expired), "lobby.account.login_code_expired") << Describe(expired);
}

TEST_F(LobbyLoginCodes, WrongCodesAreLimitedPerNameAndAddressAndMalformedOnesRefusedByName) {
  const auto user = lobby_->NewUser("Guessed");
  const std::string right = "password-" + user.display_name();
  ASSERT_TRUE(AskForCode(*lobby_, "192.0.2.70", user.display_name()).ok());
  const auto codes = CodesOf(user.user_id());
  ASSERT_EQ(codes.size(), 1u);
  const std::string wrong = codes[0][0] == 'A' ? "BBBB-BBBB" : "AAAA-AAAA";

  mailrun::v1::AuthResponse ignored;
  for (int guess = 0; guess < 5; ++guess) {
    const grpc::Status refused = LoginWith(*lobby_, "203.0.113.9", user.display_name(), right, wrong, &ignored);
    EXPECT_EQ(KeyOf(refused), "lobby.account.login_code_wrong") << guess << ": " << Describe(refused);
  }
  const grpc::Status limited = LoginWith(*lobby_, "203.0.113.9", user.display_name(), right, codes[0], &ignored);
  EXPECT_EQ(limited.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << "even the right code waits there";
  // A name without an account: the same refusal as a wrong code.
  EXPECT_EQ(KeyOf(LoginWith(*lobby_, "203.0.113.10", "Ghost-Of-Guessed", right, wrong, &ignored)),
            "lobby.account.login_code_wrong");

  const grpc::Status malformed = LoginWith(*lobby_, "192.0.2.71", user.display_name(), right, "ABCD-EFG0", &ignored);
  EXPECT_EQ(malformed.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  ASSERT_TRUE(mailrun::service::RefusalOf(malformed).has_value());
  EXPECT_EQ(mailrun::service::RefusalOf(malformed)->bad_field, "login_code");
  // From the player's own address the code still works.
  const grpc::Status in = LoginWith(*lobby_, "192.0.2.71", user.display_name(), right, codes[0], &ignored);
  EXPECT_TRUE(in.ok()) << Describe(in);
}

}  // namespace
}  // namespace mailrun::testing
