// DeviceRegistry: the push devices of each user (migrations/0302). A (platform, push token) pair
// belongs to one user at a time: registering it again returns the same device, and registering
// it as another user moves it (a phone that changed hands). Push tokens are secrets: they leave
// this class only towards the push endpoint, never in an answer or a log line.
// Stateless; every method works inside the caller's transaction. Thread-safe.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "mailrun/v1/notification.pb.h"

namespace mailrun::notification {

struct Device {
  std::string device_id;
  std::string platform;  // "apns", "fcm", "webhook"
};

class DeviceRegistry {
 public:
  // "apns", "fcm", "webhook"; "" for PLATFORM_UNSPECIFIED or an unknown value.
  static std::string PlatformName(mailrun::v1::Platform platform);

  // Returns the device id (new, or the existing one for this platform and token).
  static std::string Register(pqxx::work& txn, const std::string& user_id, const std::string& platform,
                              const std::string& push_token);
  // Removes one of the user's devices and cancels its pending pushes; false if the user has no
  // such device.
  static bool Unregister(pqxx::work& txn, const std::string& user_id, const std::string& device_id);
  static std::vector<Device> DevicesOf(pqxx::transaction_base& txn, const std::string& user_id);
};

}  // namespace mailrun::notification
