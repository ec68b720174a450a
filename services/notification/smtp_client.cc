#include "services/notification/smtp_client.h"

#include <curl/curl.h>

#include <cstring>
#include <memory>
#include <mutex>

namespace mailrun::notification {
namespace {

struct Upload {
  const std::string* data;
  size_t offset = 0;
};

size_t ReadMessage(char* buffer, size_t size, size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const size_t n = std::min(size * count, upload->data->size() - upload->offset);
  std::memcpy(buffer, upload->data->data() + upload->offset, n);
  upload->offset += n;
  return n;
}

}  // namespace

std::string BareAddress(const std::string& mailbox) {
  const size_t open = mailbox.rfind('<');
  const size_t close = mailbox.rfind('>');
  if (open != std::string::npos && close != std::string::npos && close > open) return mailbox.substr(open + 1, close - open - 1);
  return mailbox;
}

SmtpHandoff::~SmtpHandoff() {
  if (curl_ != nullptr) curl_easy_cleanup(static_cast<CURL*>(curl_));  // QUIT, then close
}

std::string SmtpHandoff::Send(const SmtpOptions& options, const std::string& to, const std::string& message) {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  if (curl_ != nullptr) curl_easy_cleanup(static_cast<CURL*>(curl_));
  curl_ = curl_easy_init();
  if (curl_ == nullptr) return "libcurl could not start a request";
  CURL* c = static_cast<CURL*>(curl_);
  const std::string from = "<" + BareAddress(options.from) + ">";
  const std::string rcpt = "<" + to + ">";
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> recipients(curl_slist_append(nullptr, rcpt.c_str()), curl_slist_free_all);
  Upload upload{&message};
  curl_easy_setopt(c, CURLOPT_URL, options.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(c, CURLOPT_USE_SSL, static_cast<long>(options.require_tls ? CURLUSESSL_ALL : CURLUSESSL_TRY));
  if (!options.username.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, options.username.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, options.password.c_str());
  }
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients.get());
  curl_easy_setopt(c, CURLOPT_READFUNCTION, ReadMessage);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(options.timeout.count()));
  const CURLcode code = curl_easy_perform(c);
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, nullptr);  // both go with this call; QUIT needs neither
  curl_easy_setopt(c, CURLOPT_READDATA, nullptr);
  if (code == CURLE_OK) return "";
  long response = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response);
  return std::string(curl_easy_strerror(code)) + (response ? " (SMTP " + std::to_string(response) + ")" : "");
}

}  // namespace mailrun::notification
