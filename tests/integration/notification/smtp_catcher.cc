#include "tests/integration/notification/smtp_catcher.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "services/common/token.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {

SmtpCatcher::SmtpCatcher(const std::string& dir, const std::string& standins_dir) {
  maildir_ = dir + "/maildir-" + service::RandomId();
  std::filesystem::create_directories(dir);
  port_ = mailrun::testing::FreePort();
  std::map<std::string, std::string> env;
  if (!standins_dir.empty()) env["PYTHONPATH"] = standins_dir;
  // Debian's python3 (aiosmtpd is a Debian package, not a pip one).
  child_ = std::make_unique<process::Child>(
      "/usr/bin/python3",
      std::vector<std::string>{"-m", "aiosmtpd", "-n", "-l", "127.0.0.1:" + std::to_string(port_), "-c",
                               standins_dir.empty() ? "aiosmtpd.handlers.Mailbox" : "smtp_hold.HoldingMailbox",
                               maildir_},
      env, maildir_ + ".out");
  for (int i = 0; i < 200; ++i) {
    httplib::Client probe("127.0.0.1", port_);  // any TCP connect will do: SMTP greets first
    probe.set_connection_timeout(0, 100000);
    if (auto result = probe.Get("/"); result || result.error() != httplib::Error::Connection) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("aiosmtpd did not start (is python3-aiosmtpd installed?); see " + maildir_ + ".out");
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
