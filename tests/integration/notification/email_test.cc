// Issue 42, email: mail through a real SMTP server (Debian's aiosmtpd, read back from its
// Maildir): nothing but the verification mail until its link is followed; a your-turn mailed
// with its game link and a List-Unsubscribe header; several turns within a minute gathered into
// one mail, naming its events, with the batch's own Message-ID; the outcome recorded before the
// relay is asked to QUIT; none while the player has the app open; the unsubscribe link works
// without logging in; malformed addresses are refused naming the field; a German player's mails
// are German (i18n/de.json, key by key, English where it has no line), an English player's
// English, and a language other than en or de is refused naming the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include "services/notification/email_message.h"
#include "services/notification/web_push_crypto.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/integration/notification/smtp_catcher.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

class Email : public ::testing::Test {
 protected:
  // `holding`: the SMTP server runs tools/standins/smtp_hold.py, which can hold its answers.
  void StartService(Clock clock = SystemClock(), bool email = true, bool holding = false) {
    catcher_ = std::make_unique<SmtpCatcher>(MAILRUN_SMTP_DIR, holding ? MAILRUN_SMTP_STANDINS : "");
    db_ = MigratedDatabase("notify_email");
    auto options = TestOptions(db_, RedisUrl());
    if (email) options.email.smtp.url = catcher_->url();
    options.email.smtp.from = "Mailrun <turns@mailrun.test>";
    options.email.public_url = "https://mailrun.test";
    options.email.poll_interval = std::chrono::milliseconds(20);
    options.email.initial_backoff = std::chrono::milliseconds(20);
    options.clock = std::move(clock);
    options_ = options;
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }

  grpc::Status SetEmail(const std::string& user, const std::string& address) {
    mailrun::v1::SetEmailRequest request;
    request.set_request_id(service::RandomId());
    request.set_address(address);
    mailrun::v1::SetEmailResponse response;
    return stub_->SetEmail(ContextWith(AccessToken(user)).get(), request, &response);
  }

  // Sets and verifies alice's address through the link of the verification mail.
  void VerifiedAlice() {
    ASSERT_TRUE(SetEmail("alice", "alice@example.net").ok());
    ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 1; }));
    const std::string mail = catcher_->Mails()[0];
    EXPECT_EQ(HeaderOf(mail, "Subject"), "Confirm your address for Mailrun");
    const std::string token = TokenAfter(mail, "https://mailrun.test/#/verify-email/");
    ASSERT_FALSE(token.empty()) << mail;
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(token);
    mailrun::v1::VerifyEmailResponse verified;
    const auto status = stub_->VerifyEmail(ContextWith("").get(), verify, &verified);  // no login
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(verified.email().verified());
    EXPECT_EQ(verified.email().address(), "alice@example.net");
  }

  int64_t Count(const std::string& sql) { return QueryInt(db_, sql); }

  grpc::Status SetLanguage(const std::string& user, const std::string& language,
                           mailrun::v1::SetPreferencesResponse* response) {
    mailrun::v1::SetPreferencesRequest request;
    request.set_request_id(service::RandomId());
    request.mutable_preferences()->set_language(language);
    return stub_->SetPreferences(ContextWith(AccessToken(user)).get(), request, response);
  }

  mailrun::v1::Preferences PreferencesOf(const std::string& user) {
    mailrun::v1::GetPreferencesResponse response;
    EXPECT_TRUE(stub_->GetPreferences(ContextWith(AccessToken(user)).get(), {}, &response).ok());
    return response.preferences();
  }

  // The mails to `address` so far, oldest first.
  std::vector<std::string> MailsTo(const std::string& address) {
    std::vector<std::string> found;
    for (const auto& mail : catcher_->Mails()) {
      if (HeaderOf(mail, "To").find(address) != std::string::npos) found.push_back(mail);
    }
    return found;
  }

  // Follows the verification link of the only mail to `address`.
  void FollowVerifyLink(const std::string& address) {
    ASSERT_TRUE(Eventually([&] { return MailsTo(address).size() == 1; }));
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(TokenAfter(MailsTo(address)[0], "/#/verify-email/"));
    mailrun::v1::VerifyEmailResponse verified;
    ASSERT_TRUE(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).ok());
  }

  std::unique_ptr<SmtpCatcher> catcher_;
  NotificationOptions options_;
  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(Email, NothingButTheVerificationMailUntilItsLinkIsFollowedThenAYourTurnIsMailed) {
  StartService();
  ASSERT_TRUE(SetEmail("alice", "alice@example.net").ok());
  AppendToOutbox(db_, YourTurn("mail-early", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 1; }));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 1u) << "only the verification mail";
  EXPECT_EQ(Count("SELECT count(*) FROM email_items"), 0);
  const std::string token = TokenAfter(catcher_->Mails()[0], "/#/verify-email/");
  mailrun::v1::VerifyEmailRequest verify;
  verify.set_token(token);
  mailrun::v1::VerifyEmailResponse verified;
  ASSERT_TRUE(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).ok());
  EXPECT_EQ(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).error_code(), grpc::StatusCode::NOT_FOUND)
      << "a link works once";

  AppendToOutbox(db_, YourTurn("mail-turn", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  const std::string mail = catcher_->Mails()[1];
  EXPECT_EQ(HeaderOf(mail, "Subject"), "Your turn");
  EXPECT_NE(HeaderOf(mail, "To").find("alice@example.net"), std::string::npos);
  EXPECT_NE(mail.find("https://mailrun.test/#/game/game-1"), std::string::npos) << mail;
  EXPECT_EQ(HeaderOf(mail, "List-Unsubscribe").rfind("<https://mailrun.test/unsubscribe/", 0), 0u) << mail;
  EXPECT_EQ(HeaderOf(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click") << mail;
  EXPECT_EQ(Count("SELECT count(*) FROM email_mails WHERE status = 'sent'"), 2);
}

TEST_F(Email, SeveralTurnsWithinAMinuteAreGatheredIntoOneMail) {
  FakeClock clock(NowMs());
  StartService(clock.clock());
  VerifiedAlice();
  AppendToOutbox(db_, YourTurn("batch-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  for (int i = 2; i <= 4; ++i) {
    AppendToOutbox(db_, YourTurn("batch-" + std::to_string(i), "alice", "game-" + std::to_string(i), 1));
  }
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items") == 4; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 2u) << "at most one mail a minute";
  clock.Set(clock.ms() + 61'000);
  notify_->app().email().Wake();
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 3; }));
  const std::string mail = catcher_->Mails()[2];
  EXPECT_EQ(HeaderOf(mail, "Subject"), "3 notifications: Your turn");
  for (int i = 2; i <= 4; ++i) {
    EXPECT_NE(mail.find("/#/game/game-" + std::to_string(i)), std::string::npos) << mail;
  }
  // It names its events (one a line), and its Message-ID is the batch's own.
  const std::string header = mail.substr(0, mail.find("\n\n"));
  EXPECT_NE(header.find("X-Mailrun-Events: batch-2"), std::string::npos) << header;
  EXPECT_NE(header.find("\n batch-3"), std::string::npos) << header;
  EXPECT_NE(header.find("\n batch-4"), std::string::npos) << header;
  EXPECT_EQ(HeaderOf(mail, "Message-ID"), BatchMessageId("alice", {"batch-2", "batch-3", "batch-4"}, "turns@mailrun.test"));
  EXPECT_EQ(HeaderOf(mail, "Message-ID").rfind("<batch-", 0), 0u);
  EXPECT_NE(HeaderOf(mail, "Message-ID").find("@mailrun.test>"), std::string::npos) << "the sender's domain";
  EXPECT_NE(HeaderOf(mail, "Message-ID"), BatchMessageId("alice", {"batch-2", "batch-3"}, "turns@mailrun.test"));
  EXPECT_NE(HeaderOf(mail, "Message-ID"), BatchMessageId("bob", {"batch-2", "batch-3", "batch-4"}, "turns@mailrun.test"));
  EXPECT_NE(HeaderOf(catcher_->Mails()[1], "Message-ID"), HeaderOf(mail, "Message-ID"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 3u);
  EXPECT_EQ(Count("SELECT count(*) FROM email_items WHERE status = 'mailed'"), 4);
}

// Issue 42, the kill scenario: the mail's outcome is committed as soon as the relay answered
// its data; the connection is closed (QUIT) only after that, so a crash while the relay answers
// QUIT sends nothing again. The relay holds its answer to QUIT: the mail is already 'sent'.
TEST_F(Email, AMailIsRecordedSentBeforeTheRelayIsAskedToQuit) {
  StartService(SystemClock(), true, true);
  VerifiedAlice();
  catcher_->HoldQuit();
  AppendToOutbox(db_, YourTurn("quit-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->HoldingQuit(); })) << "the relay got no QUIT";
  EXPECT_TRUE(Eventually([&] {
    return Count("SELECT count(*) FROM email_mails WHERE kind = 'notifications' AND status = 'sent'") == 1;
  })) << "the mail was not recorded while the relay held its answer to QUIT";
  catcher_->ReleaseQuit();
  ASSERT_EQ(catcher_->Mails().size(), 2u);
  EXPECT_EQ(HeaderOf(catcher_->Mails()[1], "X-Mailrun-Events"), "quit-1");
}

TEST_F(Email, TheUnsubscribeLinkWorksWithoutLoggingIn) {
  StartService();
  VerifiedAlice();
  AppendToOutbox(db_, YourTurn("unsub-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  const std::string token = TokenAfter(HeaderOf(catcher_->Mails()[1], "List-Unsubscribe"), "/unsubscribe/");
  ASSERT_FALSE(token.empty());
  mailrun::v1::UnsubscribeEmailRequest request;
  request.set_token(token);
  mailrun::v1::UnsubscribeEmailResponse response;
  ASSERT_TRUE(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).ok());
  ASSERT_TRUE(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).ok()) << "a second click is fine";
  request.set_token("not-a-token");
  EXPECT_EQ(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).error_code(), grpc::StatusCode::NOT_FOUND);

  AppendToOutbox(db_, YourTurn("unsub-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 2u);
  mailrun::v1::GetPreferencesResponse preferences;
  ASSERT_TRUE(stub_->GetPreferences(ContextWith(AccessToken("alice")).get(), {}, &preferences).ok());
  EXPECT_FALSE(preferences.email().verified());
}

TEST_F(Email, NoMailWhileThePlayerHasTheAppOpenAndMutedKindsAreNotMailed) {
  StartService();
  VerifiedAlice();
  {
    StreamReader stream(*stub_, AccessToken("alice"));
    AppendToOutbox(db_, YourTurn("active-1", "alice", "game-1", 1));
    ASSERT_TRUE(stream.Next().has_value());
    ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items WHERE status = 'seen'") == 1; }));
  }
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("mute-mail");
  set.mutable_preferences()->add_email_muted_kinds(mailrun::v1::EVENT_KIND_YOUR_TURN);
  mailrun::v1::SetPreferencesResponse set_response;
  ASSERT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), set, &set_response).ok());
  AppendToOutbox(db_, YourTurn("muted-1", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 1u) << "only the verification mail";
  EXPECT_EQ(Count("SELECT count(*) FROM email_items"), 1);
}

// Two replicas: whichever stores the event and gathers alice's mail, none is sent while her
// stream is open on the other one (presence in Redis, presence.h; Presence.* checks it directly).
TEST_F(Email, NoMailWhileThePlayerHasTheAppOpenOnAnotherReplica) {
  StartService();
  VerifiedAlice();
  auto options = options_;  // replicas of one deployment: the same settings
  options.run_outbox_relay = false;
  InProcessNotify other(options);
  ASSERT_TRUE(other.WaitSubscribed());
  auto other_stub = other.Stub();
  {
    StreamReader stream(*other_stub, AccessToken("alice"));
    ASSERT_TRUE(Eventually([&] { return other.app().fanout().StreamCount("alice") == 1; }));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the presence worker records it
    AppendToOutbox(db_, YourTurn("elsewhere-1", "alice", "game-1", 1));
    ASSERT_TRUE(stream.Next().has_value());
    ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items WHERE status = 'seen'") == 1; }))
        << "mailed although her stream was open on the other replica";
  }
  // Stream closed: the next turn is mailed.
  ASSERT_TRUE(Eventually([&] { return other.app().fanout().StreamCount("alice") == 0; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  AppendToOutbox(db_, YourTurn("elsewhere-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }, std::chrono::seconds(90)));
  EXPECT_EQ(Count("SELECT count(*) FROM email_items WHERE status = 'seen'"), 1);
}

// The German catalog's entry for `key`, its {placeholders} filled from `params`.
std::string German(const std::string& key, const std::map<std::string, std::string>& params = {}) {
  std::ifstream in(std::filesystem::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  std::string text = nlohmann::json::parse(in).at("messages").at(key).get<std::string>();
  for (const auto& [name, value] : params) {
    const std::string placeholder = "{" + name + "}";
    for (size_t at = text.find(placeholder); at != std::string::npos; at = text.find(placeholder, at + value.size())) {
      text.replace(at, placeholder.size(), value);
    }
  }
  return text;
}

bool InGermanCatalog(const std::string& key) {
  std::ifstream in(std::filesystem::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  return nlohmann::json::parse(in).at("messages").contains(key);
}

// (The Maildir keeps lines with LF ends.)
// A header as a reader sees it: RFC 2047's "=?UTF-8?B?...?=" decoded.
std::string Decoded(const std::string& header) {
  const std::string prefix = "=?UTF-8?B?";
  if (header.rfind(prefix, 0) != 0 || header.size() < prefix.size() + 2) return header;
  std::string b64 = header.substr(prefix.size(), header.size() - prefix.size() - 2);
  for (char& c : b64) c = c == '+' ? '-' : c == '/' ? '_' : c;
  while (!b64.empty() && b64.back() == '=') b64.pop_back();
  return Base64UrlDecode(b64).value_or("(not base64: " + header + ")");
}

TEST_F(Email, AGermanPlayersMailsAreGermanKeyByKeyAndAnEnglishPlayersEnglish) {
  FakeClock clock(NowMs());
  StartService(clock.clock());
  mailrun::v1::SetPreferencesResponse chosen;
  ASSERT_TRUE(SetLanguage("alice", "de", &chosen).ok());
  EXPECT_EQ(chosen.preferences().language(), "de");

  // The verification mail: subject and every line German.
  ASSERT_TRUE(SetEmail("alice", "alice@example.net").ok());
  ASSERT_TRUE(Eventually([&] { return MailsTo("alice@example.net").size() == 1; }));
  const std::string verify = MailsTo("alice@example.net")[0];
  EXPECT_EQ(Decoded(HeaderOf(verify, "Subject")), German("mail.verify.subject"));
  EXPECT_EQ(Decoded(HeaderOf(verify, "Subject")), "Bestätige deine Adresse für Mailrun");
  EXPECT_EQ(HeaderOf(verify, "Content-Language"), "de");
  for (const char* key : {"mail.verify.asked", "mail.verify.open_link", "mail.verify.not_you"}) {
    EXPECT_NE(verify.find(German(key) + "\n"), std::string::npos) << key << "\n" << verify;
  }
  EXPECT_EQ(verify.find("To confirm"), std::string::npos) << verify;
  FollowVerifyLink("alice@example.net");

  // A your-turn: the German title, the unsubscribe line German with its link filled in.
  AppendToOutbox(db_, YourTurn("de-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return MailsTo("alice@example.net").size() == 2; }));
  const std::string turn = MailsTo("alice@example.net")[1];
  EXPECT_EQ(Decoded(HeaderOf(turn, "Subject")), German("notify.your_turn.title"));
  EXPECT_NE(turn.find(German("notify.your_turn.title") + ": Railway Round 2.1: operate the EIR: lay track\n"),
            std::string::npos)
      << turn;
  const std::string link = "https://mailrun.test/unsubscribe/" + TokenAfter(turn, "https://mailrun.test/unsubscribe/");
  EXPECT_NE(turn.find(German("mail.notifications.unsubscribe", {{"link", link}}) + "\n"), std::string::npos) << turn;
  EXPECT_EQ(HeaderOf(turn, "List-Unsubscribe"), "<" + link + ">");
  EXPECT_EQ(HeaderOf(turn, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click");

  // Two gathered: the bond's text with its parameters filled the German way; a turn whose key
  // the catalog lacks keeps its German title and says its text in English.
  mailrun::v1::Event bond;
  bond.set_event_id("de-2-bond");
  bond.set_created_at_unix_ms(NowMs());
  bond.add_user_ids("alice");
  bond.mutable_bond_returned()->set_user_id("alice");
  bond.mutable_bond_returned()->set_game_id("game-1");
  bond.mutable_bond_returned()->set_amount(1200);
  bond.mutable_bond_returned()->add_cities("Delhi");
  bond.mutable_bond_returned()->add_cities("Agra");
  AppendToOutbox(db_, bond);
  auto unknown = YourTurn("de-3-turn", "alice", "game-2", 2);
  unknown.mutable_your_turn()->mutable_structured_expected()->set_key("1853.expect.not_in_the_catalog");
  ASSERT_FALSE(InGermanCatalog("1853.expect.not_in_the_catalog"));
  AppendToOutbox(db_, unknown);
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items WHERE status = 'pending'") == 2; }));
  clock.Set(clock.ms() + 61'000);
  notify_->app().email().Wake();
  ASSERT_TRUE(Eventually([&] { return MailsTo("alice@example.net").size() == 3; }));
  const std::string gathered = MailsTo("alice@example.net")[2];
  EXPECT_EQ(Decoded(HeaderOf(gathered, "Subject")),
            German("mail.notifications.subject_many", {{"count", "2"}, {"title", German("notify.bond_returned.title")}}));
  const std::string bond_line = German("notify.bond_returned.title") + ": " +
      German("notify.bond_returned.text_yours", {{"amount", "1.200 £"}, {"game_id", "game-1"}, {"cities", "Delhi, Agra"}});
  EXPECT_EQ(bond_line, "Vertragsanleihe zurückgegeben: Deine Anleihe über 1.200 £ kam in Spiel game-1 zurück; Städte: Delhi, Agra");
  EXPECT_NE(gathered.find(bond_line + "\n"), std::string::npos) << gathered;
  EXPECT_NE(gathered.find(German("notify.your_turn.title") + ": Railway Round 2.1: operate the EIR: lay track\n"),
            std::string::npos)
      << gathered;

  // Bob chose nothing: English.
  EXPECT_EQ(PreferencesOf("bob").language(), "en");
  ASSERT_TRUE(SetEmail("bob", "bob@example.net").ok());
  FollowVerifyLink("bob@example.net");
  const std::string bob_verify = MailsTo("bob@example.net")[0];
  EXPECT_EQ(HeaderOf(bob_verify, "Subject"), "Confirm your address for Mailrun");
  EXPECT_NE(bob_verify.find("To confirm, open this link:\n"), std::string::npos) << bob_verify;
  EXPECT_EQ(HeaderOf(bob_verify, "Content-Language"), "");
  AppendToOutbox(db_, YourTurn("en-1", "bob", "game-1", 3));
  ASSERT_TRUE(Eventually([&] { return MailsTo("bob@example.net").size() == 2; }));
  const std::string bob_turn = MailsTo("bob@example.net")[1];
  EXPECT_EQ(HeaderOf(bob_turn, "Subject"), "Your turn");
  EXPECT_NE(bob_turn.find("Your turn: Railway Round 2.1: operate the EIR: lay track\n"), std::string::npos) << bob_turn;
  EXPECT_NE(bob_turn.find("No more mail from Mailrun (one click, no login): https://mailrun.test/unsubscribe/"),
            std::string::npos)
      << bob_turn;
}

TEST_F(Email, ALanguageOtherThanEnglishOrGermanIsRefusedNamingTheFieldAndChangesNothing) {
  StartService();
  mailrun::v1::SetPreferencesResponse response;
  ASSERT_TRUE(SetLanguage("alice", "de", &response).ok());
  for (const char* bad : {"fr", "DE", "de-DE", "german"}) {
    const auto status = SetLanguage("alice", bad, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad;
    EXPECT_NE(status.error_message().find("language"), std::string::npos) << status.error_message();
    EXPECT_EQ(PreferencesOf("alice").language(), "de") << bad;
  }
  // A client that does not know the field (language empty) keeps the stored one.
  mailrun::v1::SetPreferencesRequest mute;
  mute.set_request_id("mute-without-language");
  mute.mutable_preferences()->add_email_muted_kinds(mailrun::v1::EVENT_KIND_REMINDER);
  ASSERT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), mute, &response).ok());
  EXPECT_EQ(response.preferences().language(), "de");
  EXPECT_EQ(PreferencesOf("alice").email_muted_kinds_size(), 1);
  ASSERT_TRUE(SetLanguage("alice", "en", &response).ok());
  EXPECT_EQ(PreferencesOf("alice").language(), "en");
  EXPECT_EQ(PreferencesOf("nobody-yet").language(), "en");
}

TEST_F(Email, MalformedAddressesAreRefusedAndWithoutARelayNothingIsSet) {
  StartService();
  for (const char* bad : {"alice", "alice@", "a b@example.net", "alice@example.net\r\nBcc: x@y.z", "a@b@c.net"}) {
    const auto status = SetEmail("alice", bad);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad;
    EXPECT_NE(status.error_message().find("address"), std::string::npos) << status.error_message();
  }
  EXPECT_EQ(Count("SELECT count(*) FROM email_addresses"), 0);
  StartService(SystemClock(), false);
  EXPECT_EQ(SetEmail("alice", "alice@example.net").error_code(), grpc::StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace mailrun::notification::testing
