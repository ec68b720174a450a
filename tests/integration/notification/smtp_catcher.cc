#include "tests/integration/notification/smtp_catcher.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "services/common/token.h"
#include "tests/testing/servers.h"
#include "tools/process/smtp_server.h"

namespace mailrun::notification::testing {

SmtpCatcher::SmtpCatcher(const std::string& dir, const std::string& standins_dir) {
  maildir_ = dir + "/maildir-" + service::RandomId();
  std::filesystem::create_directories(dir);
  port_ = mailrun::testing::FreePort();
  child_ = process::StartSmtpServer(port_, maildir_,
                                    standins_dir.empty() ? "aiosmtpd.handlers.Mailbox" : "smtp_hold.HoldingMailbox",
                                    standins_dir);
}

SmtpCatcher::~SmtpCatcher() { ReleaseQuit(); }

void SmtpCatcher::HoldQuit() { std::ofstream(maildir_ + ".hold-quit") << "hold\n"; }

bool SmtpCatcher::HoldingQuit() const { return std::filesystem::exists(maildir_ + ".held"); }

void SmtpCatcher::ReleaseQuit() {
  std::error_code ignored;
  std::filesystem::remove(maildir_ + ".hold-quit", ignored);
  std::filesystem::remove(maildir_ + ".held", ignored);
}

std::vector<std::string> SmtpCatcher::Mails() {
  std::vector<std::pair<std::filesystem::file_time_type, std::string>> files;
  const auto dir = std::filesystem::path(maildir_) / "new";
  if (!std::filesystem::exists(dir)) return {};
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    files.emplace_back(entry.last_write_time(), text.str());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> mails;
  for (auto& [time, text] : files) mails.push_back(std::move(text));
  return mails;
}

std::string TokenAfter(const std::string& mail, const std::string& marker) {
  const size_t at = mail.find(marker);
  if (at == std::string::npos) return "";
  const size_t start = at + marker.size();
  const size_t end = mail.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", start);
  return mail.substr(start, end - start);
}

std::string HeaderOf(const std::string& mail, const std::string& name) {
  const std::string key = "\n" + name + ": ";
  const std::string text = "\n" + mail;
  const size_t at = text.find(key);
  if (at == std::string::npos) return "";
  const size_t start = at + key.size();
  return text.substr(start, text.find_first_of("\r\n", start) - start);
}

}  // namespace mailrun::notification::testing
