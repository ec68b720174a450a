// The SMTP server of the mail tests and of the fault suite's delivery stand-ins: Debian's aiosmtpd
// (python3-aiosmtpd, `python3 -m aiosmtpd`) on a loopback port, delivering into a Maildir with the
// handler it is given. One start for both (tests/integration/notification/smtp_catcher.h,
// tools/fault/delivery_standins.h).
#pragma once

#include <memory>
#include <string>

#include "tools/process/child.h"

namespace mailrun::process {

// Starts aiosmtpd on 127.0.0.1:`port` with `handler` ("aiosmtpd.handlers.Mailbox", or
// "smtp_hold.HoldingMailbox" from `python_path`, the source tree's tools/standins; "" for none)
// delivering into `maildir`, its output in `maildir`.out. Returns once it accepts connections;
// throws std::runtime_error when it does not within 10 s.
std::unique_ptr<Child> StartSmtpServer(int port, const std::string& maildir, const std::string& handler,
                                       const std::string& python_path);

}  // namespace mailrun::process
