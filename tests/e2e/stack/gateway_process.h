// GatewayProcess: the browser gateway (node build/gateway/gateway.mjs) in front of a Stack's three
// services, on a free loopback port, for the end-to-end tests that go through it (e2e_gateway_*,
// e2e_web_*). It is stopped when the object goes (or by Finish, which returns what it logged).
// GatewaySuite: what such a test suite starts once: its node client's npm packages (a setup
// script), a Stack and the gateway in front of it; stopped in the reverse order.
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
  // In front of backends of the caller's: `backends` sets MAILRUN_GAME_ADDRESS,
  // MAILRUN_LOBBY_ADDRESS and MAILRUN_NOTIFY_ADDRESS (and any other setting).
  GatewayProcess(const std::string& gateway_dir, const std::map<std::string, std::string>& backends);

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

struct GatewaySuite {
  // `setup_script` (a source path) installs the client's packages into `client_dir`;
  // `settings`: the gateway's MAILRUN_GATEWAY_* settings; `notify_env`: more environment for
  // mailrun-notify (an SMTP relay, say); `every_env`: more environment for all three services.
  GatewaySuite(const std::string& setup_script, const std::string& client_dir, const std::string& stack_name,
               const std::string& gateway_dir, const std::map<std::string, std::string>& settings,
               const std::map<std::string, std::string>& notify_env = {},
               const std::map<std::string, std::string>& every_env = {});

  ChildResult setup;  // the setup script's exit and output
  Stack stack;
  GatewayProcess gateway;
};

}  // namespace mailrun::e2e
