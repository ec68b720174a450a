// A mail's words in its player's language (mail_text.h, email_message.h): German from the catalog
// built into the binary (the same text as i18n/de.json), English where a key has no German line,
// the mail's own keys all in de.json with their placeholders, and the one-click unsubscribe
// headers of RFC 8058.
#include "services/notification/mail_text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "services/notification/email_message.h"
#include "services/notification/event_text.h"

namespace mailrun::notification {
namespace {

std::string CatalogText() {
  std::ifstream in(std::filesystem::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string German(const std::string& key) { return nlohmann::json::parse(CatalogText()).at("messages").at(key); }

std::set<std::string> Placeholders(const std::string& pattern) {
  static const std::regex placeholder(R"(\{([a-z_]+)\})");
  std::set<std::string> names;
  for (std::sregex_iterator it(pattern.begin(), pattern.end(), placeholder), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

TEST(MailText, EveryMailKeyHasAGermanEntryWithTheSamePlaceholders) {
  const auto messages = nlohmann::json::parse(CatalogText()).at("messages");
  ASSERT_FALSE(MailKeysInEnglish().empty());
  for (const auto& [key, english] : MailKeysInEnglish()) {
    ASSERT_TRUE(messages.contains(key)) << key << " is not in i18n/de.json";
    EXPECT_EQ(Placeholders(messages.at(key).get<std::string>()), Placeholders(english)) << key;
  }
}

TEST(MailText, TheBuiltInCatalogIsTheFileInTheTree) {
  const MailCatalog file(CatalogText());
  for (const char* key : {"notify.your_turn.title", "notify.bond_returned.text_yours", "mail.verify.subject"}) {
    ASSERT_NE(MailCatalog::German().Find(key), nullptr) << key;
    EXPECT_EQ(*MailCatalog::German().Find(key), *file.Find(key)) << key;
  }
  EXPECT_EQ(MailCatalog::German().Find("mail.no_such_key"), nullptr);
  EXPECT_THROW(MailCatalog("[1, 2]"), std::invalid_argument);
  EXPECT_THROW(MailCatalog(R"({"messages": {"a": 1}})"), std::invalid_argument);
}

TEST(MailText, LanguagesAreEnglishAndGermanOnly) {
  EXPECT_TRUE(IsMailLanguage("en"));
  EXPECT_TRUE(IsMailLanguage("de"));
  for (const char* other : {"", "fr", "DE", "de-DE", "english"}) EXPECT_FALSE(IsMailLanguage(other)) << other;
  EXPECT_EQ(MailWords("fr").language(), "en");
}

TEST(MailText, ANotificationIsRenderedFromItsKeyWithItsParametersInGerman) {
  mailrun::v1::Event event;
  auto* bond = event.mutable_bond_returned();
  bond->set_user_id("alice");
  bond->set_game_id("g7");
  bond->set_amount(1200);
  bond->add_cities("Delhi");
  bond->add_cities("Agra");
  const EventText text = DescribeEvent(event, "alice");
  const MailWords german("de");
  EXPECT_EQ(german.Render(text.structured_title, text.title), German("notify.bond_returned.title"));
  std::string expected = German("notify.bond_returned.text_yours");
  expected = std::regex_replace(expected, std::regex(R"(\{amount\})"), "1.200 £");
  expected = std::regex_replace(expected, std::regex(R"(\{game_id\})"), "g7");
  expected = std::regex_replace(expected, std::regex(R"(\{cities\})"), "Delhi, Agra");
  EXPECT_EQ(german.Render(text.structured_text, text.text), expected);
  EXPECT_EQ(expected, "Deine Anleihe über 1.200 £ kam in Spiel g7 zurück; Städte: Delhi, Agra");
  // 1947's rupees have no sign, as in English.
  EXPECT_EQ(german.Render(text.structured_text, text.text, false),
            "Deine Anleihe über 1.200 kam in Spiel g7 zurück; Städte: Delhi, Agra");
  // English: the English text as it is.
  EXPECT_EQ(MailWords("en").Render(text.structured_text, text.text), text.text);
}

TEST(MailText, AKeyTheCatalogLacksOrASeatFallsBackToEnglishForThatLineOnly) {
  const MailWords german("de");
  mailrun::v1::StructuredText unknown;
  unknown.set_key("1853.expect.not_in_any_catalog");
  EXPECT_EQ(german.Render(unknown, "operate the EIR: lay track"), "operate the EIR: lay track");
  mailrun::v1::StructuredText seated;
  seated.set_key("notify.invitation_received.text");  // "{from} lädt dich an einen Tisch ein"
  auto* seat = seated.add_params();
  seat->set_name("from");
  seat->set_seat(2);  // a mail knows no player's name
  EXPECT_EQ(german.Render(seated, "Beth invites you to a table"), "Beth invites you to a table");
  seat->set_text("Beth");
  EXPECT_EQ(german.Render(seated, "Beth invites you to a table"), "Beth lädt dich an einen Tisch ein");

  // A catalog without the unsubscribe line: that line in English, the rest in German.
  auto json = nlohmann::json::parse(CatalogText());
  json["messages"].erase("mail.notifications.unsubscribe");
  const MailCatalog partial(json.dump());
  const MailWords words("de", &partial);
  const std::string mail = NotificationsMail({"Mailrun <turns@mailrun.test>", "a@example.net", "<m@mailrun.test>", 0},
                                             "https://mailrun.test", {{"Du bist am Zug", "zieh", "g1", "e1"},
                                                                      {"Du bist am Zug", "zieh", "g2", "e2"}},
                                             "TOKEN", words);
  EXPECT_NE(mail.find("No more mail from Mailrun (one click, no login): https://mailrun.test/unsubscribe/TOKEN\r\n"),
            std::string::npos)
      << mail;
  EXPECT_EQ(words.Say("mail.notifications.subject_many", {{"count", "2"}, {"title", "Du bist am Zug"}}),
            "2 Benachrichtigungen: Du bist am Zug");
  EXPECT_NE(mail.find("\r\nContent-Language: de\r\n"), std::string::npos) << mail;
}

TEST(MailText, MailsCarryTheOneClickUnsubscribeHeadersAndVerificationHasNone) {
  const MailFrame frame{"Mailrun <turns@mailrun.test>", "a@example.net", "<m@mailrun.test>", 0};
  const std::string mail =
      NotificationsMail(frame, "https://mailrun.test", {{"Your turn", "lay track", "g1", "e1"}}, "TOKEN", MailWords("en"));
  EXPECT_NE(mail.find("\r\nList-Unsubscribe: <https://mailrun.test/unsubscribe/TOKEN>\r\n"), std::string::npos) << mail;
  EXPECT_NE(mail.find("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos) << mail;
  EXPECT_EQ(mail.find("Content-Language"), std::string::npos) << "English mails say nothing";
  const std::string verify = VerificationMail(frame, "https://mailrun.test", "V", MailWords("de"));
  EXPECT_EQ(verify.find("List-Unsubscribe"), std::string::npos);
  EXPECT_NE(verify.find(German("mail.verify.open_link") + "\r\nhttps://mailrun.test/#/verify-email/V\r\n"),
            std::string::npos)
      << verify;
}

TEST(MailText, TheLoginCodeMailIsInThePlayersLanguageWithNoUnsubscribeLine) {
  const MailFrame frame{"Mailrun <turns@mailrun.test>", "a@example.net", "<login-1@mailrun.test>", 0};
  const int64_t until_ms = 1'800'000'000'000;  // Fri, 15 Jan 2027 08:00:00 +0000
  const std::string german = LoginCodeMail(frame, "K7PQ-M2XR", "Asha", until_ms, MailWords("de"));
  EXPECT_NE(german.find("\r\nSubject: " + German("mail.login_code.subject") + "\r\n"), std::string::npos) << german;
  EXPECT_NE(german.find("\r\nDein Anmeldecode: K7PQ-M2XR\r\n"), std::string::npos) << german;
  EXPECT_NE(german.find("Mailrun-Konto \u201eAsha\u201c"), std::string::npos) << german;
  EXPECT_NE(german.find("\r\nContent-Language: de\r\n"), std::string::npos) << german;
  const std::string english = LoginCodeMail(frame, "K7PQ-M2XR", "Asha", until_ms, MailWords("en"));
  EXPECT_NE(english.find("\r\nSubject: Your Mailrun login code\r\n"), std::string::npos) << english;
  EXPECT_NE(english.find("\r\nYour login code: K7PQ-M2XR\r\n"), std::string::npos) << english;
  EXPECT_NE(english.find("It works once, until Fri, 15 Jan 2027 08:00:00 +0000."), std::string::npos) << english;
  for (const std::string* mail : {&german, &english}) {
    EXPECT_EQ(mail->find("List-Unsubscribe"), std::string::npos) << "a code the player asked for is no notification";
  }
}

}  // namespace
}  // namespace mailrun::notification
