#include "services/lobby/login_limits.h"

#include <absl/strings/ascii.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "services/common/retry_later.h"

namespace mailrun::lobby {
namespace {

std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

}  // namespace

AttemptBuckets::AttemptBuckets(int attempts, std::chrono::seconds window, size_t max_keys)
    : capacity_(std::max(1, attempts)),
      per_second_(static_cast<double>(std::max(1, attempts)) / static_cast<double>(std::max<int64_t>(1, window.count()))),
      max_keys_(std::max<size_t>(1, max_keys)) {}

void AttemptBuckets::Refill(Bucket& bucket, LimitClock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - bucket.updated).count();
  if (elapsed > 0) bucket.tokens = std::min(capacity_, bucket.tokens + elapsed * per_second_);
  bucket.updated = std::max(bucket.updated, now);
}

void AttemptBuckets::MakeRoom(LimitClock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    Refill(it->second, now);
    it = it->second.tokens >= capacity_ ? buckets_.erase(it) : std::next(it);
  }
  if (buckets_.size() >= max_keys_) buckets_.erase(buckets_.begin());  // still full: forget one
}

std::chrono::seconds AttemptBuckets::Take(const std::string& key, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  auto found = buckets_.find(key);
  if (found == buckets_.end()) {
    if (buckets_.size() >= max_keys_) MakeRoom(now);
    found = buckets_.emplace(key, Bucket{capacity_, now}).first;
  }
  Bucket& bucket = found->second;
  Refill(bucket, now);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return std::chrono::seconds(0);
  }
  return std::chrono::seconds(std::max<int64_t>(1, std::llround(std::ceil((1 - bucket.tokens) / per_second_))));
}

void AttemptBuckets::GiveBack(const std::string& key, LimitClock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto found = buckets_.find(key);
  if (found == buckets_.end()) return;
  Refill(found->second, now);
  found->second.tokens = std::min(capacity_, found->second.tokens + 1);
}

size_t AttemptBuckets::size() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

LoginLimits::LoginLimits(LoginLimitSettings settings)
    : accounts_(settings.account_attempts, settings.account_window, settings.max_keys),
      clients_(settings.client_attempts, settings.client_window, settings.max_keys),
      devices_(settings.account_attempts, settings.account_window, settings.max_keys),
      signed_in_(settings.account_attempts, settings.account_window, settings.max_keys),
      code_requests_(settings.code_requests, settings.code_request_window, settings.max_keys),
      wrong_codes_(settings.wrong_codes, settings.code_request_window, settings.max_keys) {}

grpc::Status LoginLimits::AdmitLogin(const std::string& client, const std::string& display_name,
                                     LimitClock::time_point now) {
  return AdmitLogin(client, display_name, "", now);
}

grpc::Status LoginLimits::AdmitLogin(const std::string& client, const std::string& display_name,
                                     const std::string& device, LimitClock::time_point now) {
  if (const auto wait = clients_.Take(client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many logins from your address", wait);
  }
  if (!device.empty()) {
    if (const auto wait = devices_.Take(device, now); wait.count() > 0) {
      return mailrun::service::RetryLater("too many failed logins from this device", wait);
    }
    return grpc::Status::OK;
  }
  if (const auto wait = accounts_.Take(absl::AsciiStrToLower(display_name), now); wait.count() > 0) {
    return mailrun::service::RetryLater(
        "too many failed logins for this display name from unknown devices (a device this account logged in "
        "from before is not held back: its app sends the device_token it was given)",
        wait);
  }
  return grpc::Status::OK;
}

grpc::Status LoginLimits::AdmitRegister(const std::string& client, LimitClock::time_point now) {
  if (const auto wait = clients_.Take(client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many logins and registrations from your address", wait);
  }
  return grpc::Status::OK;
}

void LoginLimits::Refund(const std::string& display_name, LimitClock::time_point now) { Refund(display_name, "", now); }

void LoginLimits::Refund(const std::string& display_name, const std::string& device, LimitClock::time_point now) {
  if (device.empty()) {
    accounts_.GiveBack(absl::AsciiStrToLower(display_name), now);
  } else {
    devices_.GiveBack(device, now);
  }
}

grpc::Status LoginLimits::AdmitPasswordCheck(const std::string& client, const std::string& user_id,
                                             LimitClock::time_point now) {
  if (const auto wait = clients_.Take(client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many password checks from your address", wait);
  }
  if (const auto wait = signed_in_.Take(user_id, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many wrong passwords given by this account's own sessions", wait);
  }
  return grpc::Status::OK;
}

void LoginLimits::RefundPasswordCheck(const std::string& user_id, LimitClock::time_point now) {
  signed_in_.GiveBack(user_id, now);
}

grpc::Status LoginLimits::AdmitCodeRequest(const std::string& client, const std::string& display_name,
                                           LimitClock::time_point now) {
  if (const auto wait = clients_.Take(client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many logins and login code requests from your address", wait);
  }
  if (const auto wait = code_requests_.Take(absl::AsciiStrToLower(display_name), now); wait.count() > 0) {
    return mailrun::service::RetryLater(
        "login codes for this display name were asked for too often (3 per 15 minutes); use a code already "
        "mailed, each works for 15 minutes",
        wait);
  }
  return grpc::Status::OK;
}

grpc::Status LoginLimits::AdmitCodeLogin(const std::string& client, const std::string& display_name,
                                         LimitClock::time_point now) {
  if (const auto wait = clients_.Take(client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many logins from your address", wait);
  }
  if (const auto wait = wrong_codes_.Take(absl::AsciiStrToLower(display_name) + "\n" + client, now); wait.count() > 0) {
    return mailrun::service::RetryLater("too many wrong login codes for this display name from your address", wait);
  }
  return grpc::Status::OK;
}

void LoginLimits::RefundCodeLogin(const std::string& client, const std::string& display_name,
                                  LimitClock::time_point now) {
  wrong_codes_.GiveBack(absl::AsciiStrToLower(display_name) + "\n" + client, now);
}

std::string ClientAddress(const grpc::ServerContext& context, bool trust_forwarded_for) {
  if (trust_forwarded_for) {
    const auto& metadata = context.client_metadata();
    const auto found = metadata.find("x-forwarded-for");
    if (found != metadata.end()) {
      const std::string value(found->second.data(), found->second.size());
      const std::string last = Trim(value.substr(value.rfind(',') == std::string::npos ? 0 : value.rfind(',') + 1));
      if (!last.empty() && last.size() <= 64) return last;
    }
  }
  // "ipv4:127.0.0.1:5000", "ipv6:[::1]:5000", "unix:/path": the address without the port.
  std::string peer = context.peer();
  const size_t scheme = peer.find(':');
  if (scheme != std::string::npos) peer = peer.substr(scheme + 1);
  if (!peer.empty() && peer.front() == '[') return peer.substr(1, peer.find(']') - 1);
  const size_t port = peer.rfind(':');
  return port == std::string::npos ? peer : peer.substr(0, port);
}

}  // namespace mailrun::lobby
