#include "tests/integration/notification/push_service_standin.h"

#include <httplib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "services/common/token.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {

PushServiceStandin::PushServiceStandin(const std::string& dir) {
  const std::string log = dir + "-setup.log";
  if (process::RunShell(mailrun::testing::SourcePath("tools/standins/setup.sh") + " " + dir, log) != 0) {
    throw std::runtime_error("installing the push service stand-in failed; see " + log);
  }
  port_ = mailrun::testing::FreePort();
  child_ = std::make_unique<process::Child>("/usr/bin/env", std::vector<std::string>{"node", dir + "/push_service.mjs", std::to_string(port_)},
                                            std::map<std::string, std::string>{}, dir + "-push-service.log");
  httplib::Client client(origin());
  for (int i = 0; i < 200; ++i) {
    if (auto answer = client.Get("/control/received"); answer && answer->status == 200) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("the push service stand-in did not start; see " + dir + "-push-service.log");
}

PushServiceStandin::~PushServiceStandin() = default;

mailrun::v1::WebPushSubscription PushServiceStandin::Subscribe(const std::string& vapid_key,
                                                               const std::vector<int>& statuses,
                                                               int retry_after_seconds) {
  nlohmann::json request = {{"vapid_key", vapid_key}, {"statuses", statuses}};
  if (retry_after_seconds >= 0) request["retry_after"] = retry_after_seconds;
  httplib::Client client(origin());
  const auto answer = client.Post("/control/subscriptions", request.dump(), "application/json");
  if (!answer || answer->status != 200) throw std::runtime_error("the stand-in gave no subscription");
  const auto body = nlohmann::json::parse(answer->body);
  mailrun::v1::WebPushSubscription subscription;
  subscription.set_endpoint(body.at("endpoint"));
  subscription.set_p256dh(body.at("keys").at("p256dh"));
  subscription.set_auth(body.at("keys").at("auth"));
  return subscription;
}

nlohmann::json PushServiceStandin::Received() {
  httplib::Client client(origin());
  const auto answer = client.Get("/control/received");
  if (!answer || answer->status != 200) throw std::runtime_error("the stand-in did not answer");
  return nlohmann::json::parse(answer->body);
}

std::string TestVapidKeyFile() {
  // Made with `openssl ecparam -name prime256v1 -genkey -noout` for the tests only.
  static const std::string path = [] {
    const auto file = std::filesystem::temp_directory_path() / ("mailrun-test-vapid-" + service::RandomId() + ".pem");
    std::ofstream(file) << "-----BEGIN EC PRIVATE KEY-----\n"
                           "MHcCAQEEIPweiFtR+FpjExUL+dsxHfgvEkKZbSbFIv2kFTKd7d/toAoGCCqGSM49\n"
                           "AwEHoUQDQgAEaV/razovlMoeeyDecY9hB+282nmeyLkn1Ux2eE8omtjwe4THLrXM\n"
                           "zbffMIS3R3zJPjkLtsoA4+MpXZjhgYHH7A==\n"
                           "-----END EC PRIVATE KEY-----\n";
    return file.string();
  }();
  return path;
}

}  // namespace mailrun::notification::testing
