#include "services/notification/mail_text.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <stdexcept>
#include <utility>

namespace mailrun::notification {

std::vector<std::pair<std::string, std::string>> EmbeddedCatalogFiles();  // generated (CMakeLists.txt)

namespace {

// 1234567 -> "1.234.567" (German digit grouping).
std::string GermanNumber(int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(static_cast<size_t>(at), ".");
  return (value < 0 ? "-" : "") + digits;
}

// A parameter as the mail shows it; nullopt for a seat (no player's name in a mail).
std::optional<std::string> ParamText(const mailrun::v1::TextParam& param, bool pounds) {
  using P = mailrun::v1::TextParam;
  switch (param.value_case()) {
    case P::kCompany: return param.company();
    case P::kHex: return param.hex();
    case P::kCity: return param.city();
    case P::kTile: return param.tile();
    case P::kRule: return param.rule();
    case P::kTrain: return param.train();
    case P::kText: return param.text();
    case P::kCount: return GermanNumber(param.count());
    case P::kAmount: return GermanNumber(param.amount()) + (pounds ? " £" : "");
    case P::kSeat:
    case P::VALUE_NOT_SET: break;
  }
  return std::nullopt;
}

// `pattern` with each {name} replaced by `value_of(name)`; nullopt when one has none.
template <typename ValueOf>
std::optional<std::string> Fill(const std::string& pattern, const ValueOf& value_of) {
  std::string out;
  size_t at = 0;
  while (at < pattern.size()) {
    const size_t open = pattern.find('{', at);
    const size_t close = open == std::string::npos ? std::string::npos : pattern.find('}', open);
    if (close == std::string::npos) {
      out += pattern.substr(at);
      break;
    }
    out += pattern.substr(at, open - at);
    const std::optional<std::string> value = value_of(pattern.substr(open + 1, close - open - 1));
    if (!value) return std::nullopt;
    out += *value;
    at = close + 1;
  }
  return out;
}

}  // namespace

bool IsMailLanguage(const std::string& language) { return language == "en" || language == "de"; }

MailCatalog::MailCatalog(const std::string& json_text) {
  const auto json = nlohmann::json::parse(json_text, nullptr, false);
  if (!json.is_object() || !json.contains("messages") || !json.at("messages").is_object()) {
    throw std::invalid_argument("a message catalog is a JSON object with an object \"messages\"");
  }
  for (const auto& [key, value] : json.at("messages").items()) {
    if (!value.is_string()) throw std::invalid_argument("catalog entry \"" + key + "\" is not a string");
    messages_[key] = value.get<std::string>();
  }
}

const MailCatalog& MailCatalog::German() {
  static const MailCatalog german = [] {
    for (const auto& [name, text] : EmbeddedCatalogFiles()) {
      if (name == "de.json") return MailCatalog(text);
    }
    throw std::logic_error("i18n/de.json is not built into this binary");
  }();
  return german;
}

const std::string* MailCatalog::Find(const std::string& key) const {
  const auto found = messages_.find(key);
  return found == messages_.end() ? nullptr : &found->second;
}

const std::map<std::string, std::string>& MailKeysInEnglish() {
  static const std::map<std::string, std::string> keys = {
      {"mail.login_code.subject", "Your Mailrun login code"},
      {"mail.login_code.asked",
       "Someone (we hope you) asked for a code to log into the Mailrun account \"{name}\" from a new device."},
      {"mail.login_code.code", "Your login code: {code}"},
      {"mail.login_code.how", "Type it with your password on the login screen. It works once, until {until}."},
      {"mail.login_code.not_you",
       "If it was not you, ignore this mail: the code is no use without your password, and nobody can log in as "
       "you with it alone. Your own devices keep logging in as before."},
      {"mail.notifications.subject_many", "{count} notifications: {title}"},
      {"mail.notifications.unsubscribe", "No more mail from Mailrun (one click, no login): {link}"},
      {"mail.verify.subject", "Confirm your address for Mailrun"},
      {"mail.verify.asked", "Someone (we hope you) asked Mailrun to mail this address when it is their turn."},
      {"mail.verify.open_link", "To confirm, open this link:"},
      {"mail.verify.not_you", "If it was not you, ignore this mail: nothing more will be sent."},
  };
  return keys;
}

MailWords::MailWords(const std::string& language)
    : language_(language == "de" ? "de" : "en"), catalog_(language == "de" ? &MailCatalog::German() : nullptr) {}

std::string MailWords::Render(const mailrun::v1::StructuredText& text, const std::string& english, bool pounds) const {
  const std::string* pattern = catalog_ == nullptr ? nullptr : catalog_->Find(text.key());
  if (pattern == nullptr) return english;
  const auto filled = Fill(*pattern, [&](const std::string& name) -> std::optional<std::string> {
    for (const auto& param : text.params()) {
      if (param.name() == name) return ParamText(param, pounds);
    }
    return std::nullopt;
  });
  return filled.value_or(english);
}

std::string MailWords::Say(const std::string& key, const std::vector<std::pair<std::string, std::string>>& params) const {
  const auto value_of = [&](const std::string& name) -> std::optional<std::string> {
    for (const auto& [n, v] : params) {
      if (n == name) return v;
    }
    return std::nullopt;
  };
  const auto& english = MailKeysInEnglish();
  const auto own = english.find(key);
  if (own == english.end()) throw std::logic_error("no English text for mail key " + key);
  const std::string* pattern = catalog_ == nullptr ? nullptr : catalog_->Find(key);
  if (pattern != nullptr) {
    if (auto filled = Fill(*pattern, value_of)) return *filled;
  }
  return Fill(own->second, value_of).value_or(own->second);
}

}  // namespace mailrun::notification
