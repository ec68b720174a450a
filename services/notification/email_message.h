// What a mail says and how it is framed (RFC 5322, plain UTF-8 text, CRLF): the verification
// mail with its link, and the gathered mail of one or more notifications with each one's title,
// text and game link, a one-click unsubscribe link that works without logging in, the
// List-Unsubscribe header (RFC 2369) pointing at it with List-Unsubscribe-Post (RFC 8058: a mail
// program unsubscribes by POSTing "List-Unsubscribe=One-Click" to it; the gateway answers that
// POST, gateway/unsubscribe.mjs), and X-Mailrun-Events naming the events it carries. The words
// are in the player's language (mail_text.h: the items come rendered, the mail's own sentences
// are rendered here; a German mail says Content-Language: de). A gathered mail's
// Message-ID is made from its player and its events (BatchMessageId), so the same batch always
// has the same one: a mail sent again after a crash is the same message to mail systems that
// drop repeats by Message-ID. Pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "services/notification/mail_text.h"

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
  std::string title;    // in the mail's language (MailWords::Render)
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
// it is not a notification, and it goes only where the player asked for one. In the player's
// language (`words`), as their other mails.
std::string LoginCodeMail(const MailFrame& frame, const std::string& code, const std::string& display_name,
                          int64_t expires_at_unix_ms, const MailWords& words);

// `public_url`: where the web client is served ("https://mailrun.example.net"), for the links.
// `words`: the player's language.
std::string VerificationMail(const MailFrame& frame, const std::string& public_url, const std::string& token,
                             const MailWords& words);
std::string NotificationsMail(const MailFrame& frame, const std::string& public_url, const std::vector<MailItem>& items,
                              const std::string& unsubscribe_token, const MailWords& words);

// The links the mails carry: the web client's route "<public_url>/#/verify-email/<token>"
// (web/src/notify/), and "<public_url>/unsubscribe/<token>", which the gateway answers (a GET:
// to the web client's page that unsubscribes; the one-click POST of RFC 8058: unsubscribes).
std::string VerifyLink(const std::string& public_url, const std::string& token);
std::string UnsubscribeLink(const std::string& public_url, const std::string& token);

}  // namespace mailrun::notification
