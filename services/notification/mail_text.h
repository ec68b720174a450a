// The words of a mail in its player's language (issue 42): English, or German from the German
// catalog (i18n/de.json, built into the binary) where the catalog has a line's key, and English
// for that line where it has not (key by key). A notification's title and text are rendered from
// their message keys and parameters (event_text.h); the mail's own sentences (subjects, the
// verification mail, the unsubscribe line) have keys "mail.*", English templates here and German
// ones in de.json beside the notifications' "notify.*" keys. Pure; the catalog is parsed once.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "mailrun/v1/texts.pb.h"

namespace mailrun::notification {

// The languages a player's mails can be written in: "en" and "de".
bool IsMailLanguage(const std::string& language);

// A catalog: message key -> template whose {placeholders} name the key's parameters.
class MailCatalog {
 public:
  // `json_text`: {"language": ..., "messages": {key: template}}; throws std::invalid_argument
  // naming what is wrong when it is not one.
  explicit MailCatalog(const std::string& json_text);
  // i18n/de.json as built in (services/notification/CMakeLists.txt).
  static const MailCatalog& German();
  // The template of `key`, or null when the catalog lacks it.
  const std::string* Find(const std::string& key) const;

 private:
  std::map<std::string, std::string> messages_;
};

// The mail's own keys with their English templates ("mail.verify.subject" -> "Confirm your
// address for Mailrun"); de.json must have each with the same placeholders (a unit test checks).
const std::map<std::string, std::string>& MailKeysInEnglish();

// A mail's words in one language.
class MailWords {
 public:
  // "de": the built-in German catalog; any other language: English.
  explicit MailWords(const std::string& language);
  // With a catalog of the caller's (tests); null: English.
  MailWords(std::string language, const MailCatalog* catalog) : language_(std::move(language)), catalog_(catalog) {}

  const std::string& language() const { return language_; }
  // A notification's structured title or text in the language: the catalog's template with its
  // parameters filled (money the German way, with the pound sign when `pounds`), or `english`
  // when the catalog lacks the key or a placeholder has no parameter the mail can show (a seat:
  // a mail knows no player's name).
  std::string Render(const mailrun::v1::StructuredText& text, const std::string& english, bool pounds = true) const;
  // One of the mail's own keys (MailKeysInEnglish) with text parameters, e.g.
  // Say("mail.notifications.unsubscribe", {{"link", url}}).
  std::string Say(const std::string& key, const std::vector<std::pair<std::string, std::string>>& params = {}) const;

 private:
  std::string language_;
  const MailCatalog* catalog_ = nullptr;
};

}  // namespace mailrun::notification
