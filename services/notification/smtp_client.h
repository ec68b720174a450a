// SmtpClient: hands one mail to the configured SMTP relay through libcurl's SMTP: STARTTLS when
// the relay offers it (required with smtps:// or when the operator says so), AUTH with the
// relay's credentials when given, the envelope sender and one recipient. The relay's address and
// credentials come from the Secret (docs/operations.md "Email"); neither is ever logged.
// Thread-safe: each call has its own libcurl handle.
#pragma once

#include <chrono>
#include <string>

namespace mailrun::notification {

struct SmtpOptions {
  std::string url;        // smtp://host:587 or smtps://host:465; empty: no email
  std::string username;   // empty: no AUTH
  std::string password;
  std::string from = "Mailrun <mailrun@localhost.localdomain>";  // envelope and From: address
  bool require_tls = false;  // refuse a relay that does not offer STARTTLS
  std::chrono::milliseconds timeout{10000};
};

// The bare address of "Name <a@b>" or "a@b".
std::string BareAddress(const std::string& mailbox);

// "" when the relay took the mail, else what went wrong (never the credentials).
std::string SendMail(const SmtpOptions& options, const std::string& to, const std::string& message);

}  // namespace mailrun::notification
