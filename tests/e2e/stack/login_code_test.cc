// Issue 46 item 6 end to end: the whole stack (the three service binaries, real PostgreSQL and
// Redis) mailing through a real SMTP server (Debian's aiosmtpd, tests/integration/notification/
// smtp_catcher.h). A stranger keeps a player's name held back for unknown devices; the player, on a
// new device, asks for a login code, reads it from the mail and logs in with password and code.
// The code works once; an expired one is refused; a name without an account gets the same answer
// and no mail; an account without a verified address gets no mail; the code never reaches the
// inbox, a stream or a service's log, and the sent mail's row no longer holds it.
#include <gtest/gtest.h>

#include <fstream>
#include <pqxx/pqxx>
#include <sstream>
#include <string>
#include <thread>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/refusal_details.h"
#include "tests/e2e/stack/notification_stream.h"
#include "tests/e2e/stack/stack.h"
#include "tests/integration/notification/smtp_catcher.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using mailrun::notification::testing::HeaderOf;
using mailrun::notification::testing::SmtpCatcher;
using mailrun::notification::testing::TokenAfter;
using LobbyStub = mailrun::v1::LobbyService::Stub;
using NotifyStub = mailrun::v1::NotificationService::Stub;

constexpr char kPassword[] = "a long enough password";
constexpr char kSubject[] = "Your Mailrun login code";

std::string KeyOf(const grpc::Status& status) {
  const auto refusal = mailrun::service::RefusalOf(status);
  return refusal ? refusal->key : "";
}

std::string FileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class LoginCodeByMail : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    catcher_ = new SmtpCatcher(MAILRUN_SMTP_DIR);
    stack_ = new Stack("e2e_login_code", 1,
                       {{"MAILRUN_SMTP_URL", catcher_->url()},
                        {"MAILRUN_SMTP_FROM", "Mailrun <logins@mailrun.test>"},
                        {"MAILRUN_PUBLIC_URL", "https://mailrun.test"}});
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address())).release();
    notify_ = mailrun::v1::NotificationService::NewStub(Stack::Channel(stack_->notify_address())).release();
  }
  static void TearDownTestSuite() {
    delete notify_;
    delete lobby_;
    delete stack_;
    delete catcher_;
  }

  static mailrun::v1::AuthResponse Register(const std::string& name) {
    mailrun::v1::RegisterRequest request;
    request.set_request_id(NewRequestId());
    request.set_display_name(name);
    request.set_password(kPassword);
    mailrun::v1::AuthResponse response;
    const grpc::Status status = CallAs(*lobby_, &LobbyStub::Register, "", request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response;
  }
  // Mails to `address` with `subject`, waiting up to `wait` for at least `count` of them.
  static std::vector<std::string> MailsTo(const std::string& address, const std::string& subject, size_t count,
                                          std::chrono::milliseconds wait) {
    std::vector<std::string> found;
    const auto deadline = std::chrono::steady_clock::now() + wait;
    do {
      found.clear();
      for (const auto& mail : catcher_->Mails()) {
        if (HeaderOf(mail, "To").find(address) != std::string::npos && HeaderOf(mail, "Subject") == subject) {
          found.push_back(mail);
        }
      }
      if (found.size() >= count) break;
      std::this_thread::sleep_for(100ms);
    } while (std::chrono::steady_clock::now() < deadline);
    return found;
  }
  // Sets and verifies `address` for the owner of `token`, following the mailed link.
  static void VerifiedAddress(const std::string& token, const std::string& address) {
    mailrun::v1::SetEmailRequest set;
    set.set_request_id(NewRequestId());
    set.set_address(address);
    mailrun::v1::SetEmailResponse set_response;
    ASSERT_TRUE(CallAs(*notify_, &NotifyStub::SetEmail, token, set, &set_response).ok());
    const auto mails = MailsTo(address, "Confirm your address for Mailrun", 1, 20s);
    ASSERT_EQ(mails.size(), 1u) << "no verification mail";
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(TokenAfter(mails[0], "https://mailrun.test/#/verify-email/"));
    mailrun::v1::VerifyEmailResponse verified;
    const grpc::Status status = CallAs(*notify_, &NotifyStub::VerifyEmail, "", verify, &verified);
    ASSERT_TRUE(status.ok()) << Describe(status);
  }
  static grpc::Status AskForCode(const std::string& name) {
    mailrun::v1::RequestLoginCodeRequest request;
    request.set_display_name(name);
    mailrun::v1::RequestLoginCodeResponse response;
    return CallAs(*lobby_, &LobbyStub::RequestLoginCode, "", request, &response);
  }
  static grpc::Status Login(const std::string& name, const std::string& password, const std::string& code,
                            mailrun::v1::AuthResponse* response) {
    mailrun::v1::LoginRequest request;
    request.set_request_id(NewRequestId());
    request.set_display_name(name);
    request.set_password(password);
    request.set_login_code(code);
    return CallAs(*lobby_, &LobbyStub::Login, "", request, response);
  }
  // The code in a login code mail ("Your login code: ABCD-EFGH").
  static std::string CodeIn(const std::string& mail) {
    const std::string marker = "Your login code: ";
    const size_t at = mail.find(marker);
    return at == std::string::npos ? "" : mail.substr(at + marker.size(), 9);
  }

  static SmtpCatcher* catcher_;
  static Stack* stack_;
  static LobbyStub* lobby_;
  static NotifyStub* notify_;
};
SmtpCatcher* LoginCodeByMail::catcher_ = nullptr;
Stack* LoginCodeByMail::stack_ = nullptr;
LobbyStub* LoginCodeByMail::lobby_ = nullptr;
NotifyStub* LoginCodeByMail::notify_ = nullptr;

TEST_F(LoginCodeByMail, APlayerHeldBackByAStrangerLogsInOnANewDeviceWithTheMailedCode) {
  const auto player = Register("Coded-Player");
  ASSERT_NO_FATAL_FAILURE(VerifiedAddress(player.access_token(), "coded@example.net"));
  const auto unverified = Register("Unverified-Player");
  mailrun::v1::SetEmailRequest pending;
  pending.set_request_id(NewRequestId());
  pending.set_address("pending@example.net");
  mailrun::v1::SetEmailResponse pending_response;
  ASSERT_TRUE(CallAs(*notify_, &NotifyStub::SetEmail, unverified.access_token(), pending, &pending_response).ok());
  NotificationStream stream(stack_->notify_address(), player.access_token());

  // A stranger uses up the name's logins from unknown devices: the player's new phone waits.
  mailrun::v1::AuthResponse ignored;
  for (int attempt = 0; attempt < 6; ++attempt) Login("Coded-Player", "a-wrong-guess", "", &ignored);
  const grpc::Status held = Login("Coded-Player", kPassword, "", &ignored);
  ASSERT_EQ(held.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << Describe(held);

  // The player asks for a code and reads it from the mail.
  const grpc::Status asked = AskForCode("coded-player");
  ASSERT_TRUE(asked.ok()) << Describe(asked);
  const auto mails = MailsTo("coded@example.net", kSubject, 1, 20s);
  ASSERT_EQ(mails.size(), 1u) << stack_->LogTails();
  const std::string code = CodeIn(mails[0]);
  ASSERT_EQ(code.size(), 9u) << mails[0];
  EXPECT_EQ(code[4], '-');
  EXPECT_EQ(HeaderOf(mails[0], "Subject").find(code), std::string::npos) << "the code is not in the subject";

  // Password and code (typed in lower case): in, from a device that is now known.
  std::string typed = code;
  for (char& c : typed) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  mailrun::v1::AuthResponse in;
  const grpc::Status logged_in = Login("Coded-Player", kPassword, typed, &in);
  ASSERT_TRUE(logged_in.ok()) << Describe(logged_in) << " (before: RESOURCE_EXHAUSTED while the stranger keeps at it)";
  EXPECT_EQ(in.user_id(), player.user_id());
  EXPECT_FALSE(in.device_token().empty());
  // Once only.
  const grpc::Status again = Login("Coded-Player", kPassword, code, &ignored);
  EXPECT_EQ(KeyOf(again), "lobby.account.login_code_used") << Describe(again);
  // The code is no use without the password.
  ASSERT_TRUE(AskForCode("Coded-Player").ok());
  const auto second = MailsTo("coded@example.net", kSubject, 2, 20s);
  ASSERT_EQ(second.size(), 2u);
  const std::string next = CodeIn(second[0]) == code ? CodeIn(second[1]) : CodeIn(second[0]);
  EXPECT_EQ(KeyOf(Login("Coded-Player", "a-wrong-guess", next, &ignored)), "lobby.account.wrong_credentials");

  // An expired code is refused (its 15 minutes moved into the past).
  {
    pqxx::connection db(stack_->database_url());
    pqxx::work txn(db);
    txn.exec_params("UPDATE login_codes SET expires_at = clock_timestamp() - interval '1 second' WHERE user_id = $1",
                    player.user_id());
    txn.commit();
  }
  const grpc::Status expired = Login("Coded-Player", kPassword, next, &ignored);
  EXPECT_EQ(KeyOf(expired), "lobby.account.login_code_expired") << Describe(expired);

  // A name without an account, and an account without a verified address: the same answer, no mail.
  const size_t mails_before = catcher_->Mails().size();
  const grpc::Status nobody = AskForCode("Nobody-Has-This");
  ASSERT_TRUE(nobody.ok()) << Describe(nobody);
  const grpc::Status unmailed = AskForCode("Unverified-Player");
  ASSERT_TRUE(unmailed.ok()) << Describe(unmailed);
  // The next code for the player arrives; by then the other two would have too.
  ASSERT_TRUE(AskForCode("Coded-Player").ok());
  ASSERT_EQ(MailsTo("coded@example.net", kSubject, 3, 20s).size(), 3u);
  std::this_thread::sleep_for(2s);
  EXPECT_EQ(catcher_->Mails().size(), mails_before + 1) << "only the verified address got mail";
  EXPECT_TRUE(MailsTo("pending@example.net", kSubject, 0, 0ms).empty());

  // Nowhere else: not in the inbox, not on the stream, not in a log line, not kept in the mail rows.
  mailrun::v1::ListInboxRequest list;
  mailrun::v1::ListInboxResponse inbox;
  ASSERT_TRUE(CallAs(*notify_, &NotifyStub::ListInbox, in.access_token(), list, &inbox).ok());
  EXPECT_EQ(inbox.notifications_size(), 0) << inbox.DebugString();
  EXPECT_TRUE(stream.Received().empty());
  for (const std::string binary : {"mailrun-lobby", "mailrun-notify", "mailrun-game"}) {
    const std::string log = FileText(stack_->log_path(binary));
    EXPECT_EQ(log.find(code), std::string::npos) << binary;
    EXPECT_EQ(log.find(code.substr(0, 4) + code.substr(5)), std::string::npos) << binary;
    EXPECT_EQ(log.find(next), std::string::npos) << binary;
  }
  pqxx::connection db(stack_->database_url());
  pqxx::work txn(db);
  EXPECT_EQ(txn.exec_params1("SELECT count(*) FROM email_mails WHERE kind = 'login_code' AND status = 'sent' AND message = ''"
                             " AND user_id = $1",
                             player.user_id())[0]
                .as<int>(),
            3);
  EXPECT_EQ(txn.exec_params1("SELECT count(*) FROM email_mails WHERE position($1 IN message) > 0", code)[0].as<int>(), 0);
  EXPECT_EQ(txn.exec_params1("SELECT count(*) FROM login_codes WHERE position($1 IN code_hash) > 0",
                             code.substr(0, 4) + code.substr(5))[0]
                .as<int>(),
            0);
}

}  // namespace
}  // namespace mailrun::e2e
