#include "tests/e2e/stack/gateway_process.h"

#include "tests/testing/servers.h"

namespace mailrun::e2e {

using namespace std::chrono_literals;

namespace {

std::map<std::string, std::string> WithStack(const Stack& stack, std::map<std::string, std::string> settings) {
  settings["MAILRUN_GAME_ADDRESS"] = stack.game_address();
  settings["MAILRUN_LOBBY_ADDRESS"] = stack.lobby_address();
  settings["MAILRUN_NOTIFY_ADDRESS"] = stack.notify_address();
  return settings;
}

}  // namespace

GatewayProcess::GatewayProcess(const Stack& stack, const std::string& gateway_dir,
                               const std::map<std::string, std::string>& settings)
    : GatewayProcess(gateway_dir, WithStack(stack, settings)) {}

GatewayProcess::GatewayProcess(const std::string& gateway_dir, const std::map<std::string, std::string>& backends)
    : address_("127.0.0.1:" + std::to_string(mailrun::testing::FreePort())) {
  std::map<std::string, std::string> env = backends;
  env["MAILRUN_GATEWAY_LISTEN"] = address_;
  process_ = std::make_unique<ChildProcess>(std::vector<std::string>{"node", gateway_dir + "/gateway.mjs"}, env);
  listening_ = process_->WaitForError("\"gateway_listening\"", 30s);
}

ChildResult GatewayProcess::Finish() { return process_->Finish(0ms); }

GatewaySuite::GatewaySuite(const std::string& setup_script, const std::string& client_dir,
                           const std::string& stack_name, const std::string& gateway_dir,
                           const std::map<std::string, std::string>& settings,
                           const std::map<std::string, std::string>& notify_env,
                           const std::map<std::string, std::string>& every_env)
    : setup(RunChild({mailrun::testing::SourcePath(setup_script), client_dir}, {}, "", 600s)),
      stack(stack_name, 1, notify_env, every_env),
      gateway(stack, gateway_dir, settings) {}

}  // namespace mailrun::e2e
