// A real SMTP server for the email tests: Debian's aiosmtpd (python3-aiosmtpd) on a free loopback
// port with its Maildir handler, so the tests read every mail the relay accepted as files.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tools/process/child.h"

namespace mailrun::notification::testing {

class SmtpCatcher {
 public:
  // Starts `python3 -m aiosmtpd` delivering into a fresh Maildir under `dir`; throws when it does
  // not listen within 10 s. With `standins_dir` (the source tree's tools/standins), it runs the
  // handler of smtp_hold.py there, which can hold its answer to the next QUIT (HoldQuit).
  explicit SmtpCatcher(const std::string& dir, const std::string& standins_dir = "");
  ~SmtpCatcher();
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  // Every mail received so far, oldest first (whole messages as received).
  std::vector<std::string> Mails();
  // The Maildir the mails land in (one file each in its new/), for a client that reads them itself.
  const std::string& maildir() const { return maildir_; }
  // With smtp_hold.py: the next QUIT waits for its answer until ReleaseQuit(); HoldingQuit() says
  // whether one waits now.
  void HoldQuit();
  bool HoldingQuit() const;
  void ReleaseQuit();

 private:
  std::string maildir_;
  int port_ = 0;
  std::unique_ptr<process::Child> child_;
};

// The token after `marker` ("/#/verify-email/", "/#/unsubscribe/") in a mail, or "".
std::string TokenAfter(const std::string& mail, const std::string& marker);
// The value of header `name` ("Subject") in a mail, or "".
std::string HeaderOf(const std::string& mail, const std::string& name);

}  // namespace mailrun::notification::testing
