// The Web Push service stand-in (tools/standins/push_service.mjs) run for a test: installed from
// the npm registry into the build tree once per suite (tools/standins/setup.sh), started on a
// free loopback port, asked for subscriptions as a browser would get them, and read back for what
// it received (each push's VAPID JWT verified and payload decrypted by kept libraries, not by
// Mailrun's own code).
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "mailrun/v1/notification.pb.h"
#include "tools/process/child.h"

namespace mailrun::notification::testing {

class PushServiceStandin {
 public:
  // Installs the npm packages into `dir` (idempotent) and starts the stand-in; throws when either fails.
  explicit PushServiceStandin(const std::string& dir);
  ~PushServiceStandin();
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
  // A new subscription made with `vapid_key`, answered with `statuses` in turn (the last repeats),
  // 429s carrying Retry-After `retry_after_seconds` when >= 0.
  mailrun::v1::WebPushSubscription Subscribe(const std::string& vapid_key, const std::vector<int>& statuses = {201},
                                             int retry_after_seconds = -1);
  // Every push received, in order: {subscription, status, error?, ttl, urgency, topic, jwt, payload}.
  nlohmann::json Received();

 private:
  int port_ = 0;
  std::unique_ptr<process::Child> child_;
};

// A VAPID private key (PEM) for tests, written to a file; returns its path.
std::string TestVapidKeyFile();

}  // namespace mailrun::notification::testing
