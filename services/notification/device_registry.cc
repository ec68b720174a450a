#include "services/notification/device_registry.h"

#include "services/common/token.h"
#include "services/notification/webhook.h"

namespace mailrun::notification {

std::string DeviceRegistry::PlatformName(mailrun::v1::Platform platform) {
  switch (platform) {
    case mailrun::v1::PLATFORM_APNS: return "apns";
    case mailrun::v1::PLATFORM_FCM: return "fcm";
    case mailrun::v1::PLATFORM_WEBHOOK: return "webhook";
    case mailrun::v1::PLATFORM_WEB_PUSH: return "webpush";
    default: return "";
  }
}

std::string DeviceRegistry::Register(pqxx::work& txn, const std::string& user_id, const std::string& platform,
                                     const std::string& push_token) {
  return txn
      .exec_params(
          "INSERT INTO push_devices (device_id, user_id, platform, push_token) VALUES ($1, $2, $3, $4) "
          "ON CONFLICT (platform, push_token) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING device_id",
          service::RandomId(), user_id, platform, push_token)[0][0]
      .as<std::string>();
}

std::string DeviceRegistry::RegisterWebPush(pqxx::work& txn, const std::string& user_id, const std::string& endpoint,
                                            const std::string& p256dh, const std::string& auth,
                                            const std::string& vapid_key) {
  return txn
      .exec_params(
          "INSERT INTO push_devices (device_id, user_id, platform, push_token, web_push_p256dh, web_push_auth, "
          "web_push_vapid_key) VALUES ($1, $2, 'webpush', $3, $4, $5, $6) "
          "ON CONFLICT (platform, push_token) DO UPDATE SET user_id = EXCLUDED.user_id, "
          "web_push_p256dh = EXCLUDED.web_push_p256dh, web_push_auth = EXCLUDED.web_push_auth, "
          "web_push_vapid_key = EXCLUDED.web_push_vapid_key RETURNING device_id",
          service::RandomId(), user_id, endpoint, p256dh, auth, vapid_key)[0][0]
      .as<std::string>();
}

std::string DeviceRegistry::RegisterWebhook(pqxx::work& txn, const std::string& user_id, const std::string& url,
                                            const std::string& secret) {
  return txn
      .exec_params(
          "INSERT INTO push_devices (device_id, user_id, platform, push_token, webhook_secret) "
          "VALUES ($1, $2, 'webhook', $3, $4) ON CONFLICT (platform, push_token) DO UPDATE SET "
          "user_id = EXCLUDED.user_id, webhook_secret = EXCLUDED.webhook_secret RETURNING device_id",
          service::RandomId(), user_id, url, secret)[0][0]
      .as<std::string>();
}

bool DeviceRegistry::Unregister(pqxx::work& txn, const std::string& user_id, const std::string& device_id) {
  const pqxx::result removed =
      txn.exec_params("DELETE FROM push_devices WHERE device_id = $1 AND user_id = $2", device_id, user_id);
  if (removed.affected_rows() == 0) return false;
  txn.exec_params(
      "UPDATE push_deliveries SET status = 'cancelled', finished_at = clock_timestamp(), "
      "last_error = 'device unregistered' WHERE device_id = $1 AND status = 'pending'",
      device_id);
  return true;
}

std::vector<Device> DeviceRegistry::DevicesOf(pqxx::transaction_base& txn, const std::string& user_id) {
  std::vector<Device> devices;
  for (const auto& row : txn.exec_params("SELECT device_id, platform FROM push_devices WHERE user_id = $1 ORDER BY "
                                         "created_at, device_id",
                                         user_id)) {
    devices.push_back({row[0].as<std::string>(), row[1].as<std::string>()});
  }
  return devices;
}

std::vector<mailrun::v1::RegisteredDevice> DeviceRegistry::Listed(pqxx::transaction_base& txn, const std::string& user_id) {
  std::vector<mailrun::v1::RegisteredDevice> listed;
  for (const auto& row : txn.exec_params(
           "SELECT device_id, platform, push_token, (extract(epoch FROM created_at) * 1000)::bigint FROM push_devices "
           "WHERE user_id = $1 ORDER BY created_at, device_id",
           user_id)) {
    mailrun::v1::RegisteredDevice& device = listed.emplace_back();
    device.set_device_id(row[0].as<std::string>());
    const std::string platform = row[1].as<std::string>();
    device.set_registered_at_unix_ms(row[3].as<int64_t>());
    if (platform == "apns") device.set_platform(mailrun::v1::PLATFORM_APNS);
    if (platform == "fcm") device.set_platform(mailrun::v1::PLATFORM_FCM);
    if (platform == "webpush") {
      device.set_platform(mailrun::v1::PLATFORM_WEB_PUSH);
      device.set_host(UrlHost(row[2].as<std::string>()));
    }
    if (platform == "webhook") {
      const std::string url = row[2].as<std::string>();
      device.set_platform(mailrun::v1::PLATFORM_WEBHOOK);
      device.set_host(UrlHost(url));
      switch (WebhookShapeOf(url)) {
        case WebhookShape::kDiscord: device.set_webhook_shape(mailrun::v1::WEBHOOK_SHAPE_DISCORD); break;
        case WebhookShape::kSlack: device.set_webhook_shape(mailrun::v1::WEBHOOK_SHAPE_SLACK); break;
        case WebhookShape::kPlain: device.set_webhook_shape(mailrun::v1::WEBHOOK_SHAPE_JSON); break;
      }
    }
  }
  return listed;
}

}  // namespace mailrun::notification
