// Runs a browser script of tests/e2e/web against a GatewaySuite (web_suite.h, web_notify_test.cc,
// web_push_browser_test.cc): node NAME with the suite's gateway, the stack's services and the build
// (for a script that runs a gateway of its own), screenshots where MAILRUN_SCREENSHOTS says, and
// `more` environment; what it printed, parsed as JSON. Fails the test when the script fails.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {

inline void RunSuiteScript(GatewaySuite& suite, const std::string& name, std::chrono::seconds limit,
                           const std::map<std::string, std::string>& more, nlohmann::json* saw) {
  ASSERT_EQ(suite.setup.exit_code, 0) << "installing puppeteer-core failed: " << suite.setup.Describe();
  ASSERT_TRUE(suite.gateway.listening()) << "the gateway did not start";
  std::map<std::string, std::string> env{
      {"MAILRUN_WEB_CLIENT_DIR", MAILRUN_E2E_WEB_CLIENT_DIR}, {"MAILRUN_WEB_URL", suite.gateway.url()},
      {"MAILRUN_GATEWAY_DIR", MAILRUN_GATEWAY_DIR},           {"MAILRUN_WEB_DIR", MAILRUN_WEB_DIR},
      {"MAILRUN_GAME_ADDRESS", suite.stack.game_address()},   {"MAILRUN_LOBBY_ADDRESS", suite.stack.lobby_address()},
      {"MAILRUN_NOTIFY_ADDRESS", suite.stack.notify_address()}};
  env.insert(more.begin(), more.end());
  if (const char* shots = std::getenv("MAILRUN_SCREENSHOTS")) env["MAILRUN_SCREENSHOTS"] = shots;
  const ChildResult run = RunChild({"node", mailrun::testing::SourcePath("tests/e2e/web/" + name)}, env, "", limit);
  ASSERT_EQ(run.exit_code, 0) << run.Describe() << suite.stack.LogTails();
  *saw = nlohmann::json::parse(run.out);
  EXPECT_FALSE(saw->contains("pageErrors")) << saw->at("pageErrors");
}

}  // namespace mailrun::e2e
