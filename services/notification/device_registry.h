// DeviceRegistry: the push devices of each user (migrations/0302). A (platform, push token) pair
// belongs to one user at a time: registering it again returns the same device, and registering
// it as another user moves it (a phone that changed hands). A Web Push subscription is a device
// whose token is its endpoint, with its keys and the VAPID key it was made with beside it (0308).
// Push tokens and keys are secrets: they leave
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
  std::string platform;  // "apns", "fcm", "webhook", "webpush"
};

class DeviceRegistry {
 public:
  // "apns", "fcm", "webhook", "webpush"; "" for PLATFORM_UNSPECIFIED or an unknown value.
  static std::string PlatformName(mailrun::v1::Platform platform);

  // Returns the device id (new, or the existing one for this platform and token).
  static std::string Register(pqxx::work& txn, const std::string& user_id, const std::string& platform,
                              const std::string& push_token);
  // A Web Push subscription (keys base64url as the browser gives them) made with `vapid_key`.
  // Registering the same endpoint again takes the new keys.
  static std::string RegisterWebPush(pqxx::work& txn, const std::string& user_id, const std::string& endpoint,
                                     const std::string& p256dh, const std::string& auth, const std::string& vapid_key);
  // A webhook (its URL as the token) with the secret that signs its deliveries; registering the
  // same URL again replaces the secret.
  static std::string RegisterWebhook(pqxx::work& txn, const std::string& user_id, const std::string& url,
                                     const std::string& secret);
  // Removes one of the user's devices and cancels its pending pushes; false if the user has no
  // such device.
  static bool Unregister(pqxx::work& txn, const std::string& user_id, const std::string& device_id);
  static std::vector<Device> DevicesOf(pqxx::transaction_base& txn, const std::string& user_id);
  // The user's devices as ListDevices shows them to their owner, oldest first: the platform, when
  // registered, and only the host a webhook or Web Push endpoint delivers to (never the rest).
  static std::vector<mailrun::v1::RegisteredDevice> Listed(pqxx::transaction_base& txn, const std::string& user_id);
};

}  // namespace mailrun::notification
