// What a mail says and how it is framed (RFC 5322, plain UTF-8 text, CRLF): the verification
// mail with its link, and the gathered mail of one or more notifications with each one's title,
// text and game link, a one-click unsubscribe link that works without logging in, and the
// List-Unsubscribe header (RFC 2369) pointing at it, and X-Mailrun-Events naming the events it
// carries. Texts are the notifications' English texts (event_text.h). A gathered mail's
// Message-ID is made from its player and its events (BatchMessageId), so the same batch always
// has the same one: a mail sent again after a crash is the same message to mail systems that
// drop repeats by Message-ID. Pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mailrun::notification {

// "" when `address` can be mailed, else what is wrong with it (one @, no spaces or control
// characters, at most 254 characters).
std::string EmailAddressProblem(const std::string& address);

struct MailFrame {
  std::string from;        // SmtpOptions::from
  std::string to;
  std::string message_id;  // "<...@...>"
  int64_t date_unix_s = 0;
};

struct MailItem {
  std::string title;
  std::string text;
  std::string game_id;  // "" when none
  std::string event_id;
};

// "<batch-<32 hex digits of SHA-256 over the player and the events>@<the sender's domain>>":
// the same for the same player and events, different for any other batch (an item is mailed
// once). `from` is SmtpOptions::from.
std::string BatchMessageId(const std::string& user_id, const std::vector<std::string>& event_ids, const std::string& from);
// "<verify-<32 hex digits over the player and the link's token hash>@<the sender's domain>>".
std::string VerifyMessageId(const std::string& user_id, const std::string& token_hash, const std::string& from);

// "<login-<32 hex digits over the event id>@<the sender's domain>>": one per login code event.
std::string LoginCodeMessageId(const std::string& event_id, const std::string& from);

// The mail of a login code (events.proto LoginCodeRequested): the code, whose account it is for,
// until when it works (UTC), and what to do if the reader did not ask for it. No unsubscribe link:
// it is not a notification, and it goes only where the player asked for one.
std::string LoginCodeMail(const MailFrame& frame, const std::string& code, const std::string& display_name,
                          int64_t expires_at_unix_ms);

// `public_url`: where the web client is served ("https://mailrun.example.net"), for the links.
std::string VerificationMail(const MailFrame& frame, const std::string& public_url, const std::string& token);
std::string NotificationsMail(const MailFrame& frame, const std::string& public_url, const std::vector<MailItem>& items,
                              const std::string& unsubscribe_token);

// The links the mails carry (the web client's routes; web/src/notify/).
std::string VerifyLink(const std::string& public_url, const std::string& token);
std::string UnsubscribeLink(const std::string& public_url, const std::string& token);

}  // namespace mailrun::notification
