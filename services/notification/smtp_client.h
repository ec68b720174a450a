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

// One mail handed to the relay. Send() returns once the relay answered the mail's data: "" when
// it took the mail, else what went wrong (never the credentials). The connection stays open until
// the handoff is destroyed, which sends QUIT and waits for the relay's answer to it (libcurl
// does so when its handle is cleaned up): a caller records the outcome first and lets the handoff
// go after, so that wait is no part of the window in which a crash sends the mail again.
class SmtpHandoff {
 public:
  SmtpHandoff() = default;
  ~SmtpHandoff();
  SmtpHandoff(const SmtpHandoff&) = delete;
  SmtpHandoff& operator=(const SmtpHandoff&) = delete;
  std::string Send(const SmtpOptions& options, const std::string& to, const std::string& message);

 private:
  void* curl_ = nullptr;  // libcurl's easy handle (CURL*), kept for its open connection
};

}  // namespace mailrun::notification
