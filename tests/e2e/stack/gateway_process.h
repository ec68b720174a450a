// GatewayProcess: the browser gateway (node build/gateway/gateway.mjs) in front of a Stack's three
// services, on a free loopback port, for the end-to-end tests that go through it (e2e_gateway_*,
// e2e_web_*). It is stopped when the object goes (or by Finish, which returns what it logged).
#pragma once

#include <map>
#include <memory>
#include <string>

#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {

class GatewayProcess {
 public:
  // `gateway_dir`: the built gateway (build/gateway); `settings`: more MAILRUN_GATEWAY_* settings.
  GatewayProcess(const Stack& stack, const std::string& gateway_dir, const std::map<std::string, std::string>& settings);

  bool listening() const { return listening_; }       // it logged gateway_listening in time
  const std::string& address() const { return address_; }  // 127.0.0.1:port
  std::string url() const { return "http://" + address_; }
  // Stops it and returns its exit and what it wrote (its JSON log lines on standard error).
  ChildResult Finish();

 private:
  std::string address_;
  std::unique_ptr<ChildProcess> process_;
  bool listening_ = false;
};

}  // namespace mailrun::e2e
