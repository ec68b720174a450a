#include "services/notification/email_message.h"

#include <openssl/sha.h>

#include <ctime>

#include "services/notification/smtp_client.h"
#include "services/notification/web_push_crypto.h"

namespace mailrun::notification {
namespace {

std::string Date(int64_t unix_s) {
  const time_t t = static_cast<time_t>(unix_s);
  std::tm tm{};
  gmtime_r(&t, &tm);
  static const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char out[64];
  std::snprintf(out, sizeof out, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[tm.tm_wday], tm.tm_mday, kMonths[tm.tm_mon],
                tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
  return out;
}

// RFC 2047 for a header with anything outside printable ASCII.
std::string HeaderText(const std::string& text) {
  for (unsigned char c : text) {
    if (c < 0x20 || c > 0x7e) {
      // base64 (standard alphabet) of the UTF-8 bytes
      std::string b64 = Base64UrlEncode(text);
      for (char& ch : b64) ch = ch == '-' ? '+' : ch == '_' ? '/' : ch;
      while (b64.size() % 4) b64.push_back('=');
      return "=?UTF-8?B?" + b64 + "?=";
    }
  }
  return text;
}

// "<kind>-<the first 32 hex digits of SHA-256(text)>@<the domain of `from`>".
std::string MessageId(const std::string& kind, const std::string& text, const std::string& from) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id = "<" + kind + "-";
  for (int i = 0; i < 16; ++i) {
    id.push_back(kHex[digest[i] >> 4]);
    id.push_back(kHex[digest[i] & 15]);
  }
  const std::string sender = BareAddress(from);
  const size_t at = sender.rfind('@');
  return id + "@" + (at == std::string::npos || at + 1 == sender.size() ? "mailrun" : sender.substr(at + 1)) + ">";
}

std::string Frame(const MailFrame& frame, const MailWords& words, const std::string& subject, const std::string& body,
                  const std::string& unsubscribe_url, const std::vector<std::string>& event_ids = {}) {
  std::string mail = "From: " + frame.from + "\r\nTo: <" + frame.to + ">\r\nSubject: " + HeaderText(subject) +
                     "\r\nDate: " + Date(frame.date_unix_s) + "\r\nMessage-ID: " + frame.message_id +
                     "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n"
                     "Content-Transfer-Encoding: 8bit\r\nAuto-Submitted: auto-generated\r\n";
  if (words.language() != "en") mail += "Content-Language: " + words.language() + "\r\n";
  if (!unsubscribe_url.empty()) {
    mail += "List-Unsubscribe: <" + unsubscribe_url + ">\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  if (!event_ids.empty()) {  // one per line (folded), for receivers and the fault suite to match
    mail += "X-Mailrun-Events:";
    for (const auto& id : event_ids) mail += (&id == &event_ids.front() ? " " : "\r\n ") + id;
    mail += "\r\n";
  }
  mail += "\r\n";
  size_t start = 0;  // the body with CRLF line ends
  while (start <= body.size()) {
    const size_t end = body.find('\n', start);
    mail += body.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\r\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return mail;
}

}  // namespace

std::string EmailAddressProblem(const std::string& address) {
  if (address.size() > 254) return "address may be at most 254 characters";
  const size_t at = address.find('@');
  if (at == std::string::npos || at == 0 || at + 1 == address.size() || address.find('@', at + 1) != std::string::npos) {
    return "address must be one mailbox like name@example.net";
  }
  for (unsigned char c : address) {
    if (c <= 0x20 || c == 0x7f || c == '<' || c == '>' || c == ',' || c == ';' || c == '"' || c == '\\') {
      return "address must not contain spaces, control characters or <>,;\"\\";
    }
  }
  if (address.find('.', at) == std::string::npos) return "address must have a domain with a dot";
  return "";
}

std::string BatchMessageId(const std::string& user_id, const std::vector<std::string>& event_ids, const std::string& from) {
  std::string text = user_id;
  for (const auto& id : event_ids) text += "\n" + id;
  return MessageId("batch", text, from);
}

std::string VerifyMessageId(const std::string& user_id, const std::string& token_hash, const std::string& from) {
  return MessageId("verify", user_id + "\n" + token_hash, from);
}

std::string LoginCodeMessageId(const std::string& event_id, const std::string& from) {
  return MessageId("login", event_id, from);
}

std::string LoginCodeMail(const MailFrame& frame, const std::string& code, const std::string& display_name,
                          int64_t expires_at_unix_ms, const MailWords& words) {
  const std::string body = words.Say("mail.login_code.asked", {{"name", display_name}}) + "\n\n" +
                           words.Say("mail.login_code.code", {{"code", code}}) + "\n\n" +
                           words.Say("mail.login_code.how", {{"until", Date(expires_at_unix_ms / 1000)}}) + "\n\n" +
                           words.Say("mail.login_code.not_you") + "\n";
  return Frame(frame, words, words.Say("mail.login_code.subject"), body, "");
}

std::string VerifyLink(const std::string& public_url, const std::string& token) {
  return public_url + "/#/verify-email/" + token;
}

std::string UnsubscribeLink(const std::string& public_url, const std::string& token) {
  return public_url + "/unsubscribe/" + token;
}

std::string VerificationMail(const MailFrame& frame, const std::string& public_url, const std::string& token,
                             const MailWords& words) {
  const std::string body = words.Say("mail.verify.asked") + "\n\n" + words.Say("mail.verify.open_link") + "\n" +
                           VerifyLink(public_url, token) + "\n\n" + words.Say("mail.verify.not_you") + "\n";
  return Frame(frame, words, words.Say("mail.verify.subject"), body, "");
}

std::string NotificationsMail(const MailFrame& frame, const std::string& public_url, const std::vector<MailItem>& items,
                              const std::string& unsubscribe_token, const MailWords& words) {
  std::string subject =
      items.size() == 1 ? items.front().title
                        : words.Say("mail.notifications.subject_many",
                                    {{"count", std::to_string(items.size())}, {"title", items.front().title}});
  std::string body;
  std::vector<std::string> event_ids;
  for (const auto& item : items) {
    if (!item.event_id.empty()) event_ids.push_back(item.event_id);
    body += item.title + ": " + item.text + "\n";
    if (!item.game_id.empty()) body += public_url + "/#/game/" + item.game_id + "\n";
    body += "\n";
  }
  const std::string unsubscribe = UnsubscribeLink(public_url, unsubscribe_token);
  body += "-- \n" + words.Say("mail.notifications.unsubscribe", {{"link", unsubscribe}}) + "\n";
  return Frame(frame, words, subject, body, unsubscribe, event_ids);
}

}  // namespace mailrun::notification
