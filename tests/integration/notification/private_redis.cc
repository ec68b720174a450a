#include "tests/integration/notification/private_redis.h"

#include <cstdlib>
#include <stdexcept>

#include "tests/testing/servers.h"

namespace mailrun::notification::testing {

PrivateRedis::PrivateRedis() : port_(mailrun::testing::FreePort()) {
  char dir[] = "/tmp/mailrun-notify-redis.XXXXXX";
  if (!mkdtemp(dir)) throw std::runtime_error("cannot create a temporary directory");
  dir_ = dir;
  Start();
}

PrivateRedis::~PrivateRedis() {
  Stop();
  (void)std::system(("rm -rf '" + dir_ + "'").c_str());
}

void PrivateRedis::Start() { Run("start-redis '" + dir_ + "/redis' " + std::to_string(port_)); }

void PrivateRedis::Stop() { Run("stop-redis '" + dir_ + "/redis'"); }

void PrivateRedis::Run(const std::string& args) {
  const std::string command = mailrun::testing::SourcePath("deploy/servers.sh") + " " + args + " >/dev/null";
  if (std::system(command.c_str()) != 0) throw std::runtime_error("deploy/servers.sh " + args + " failed");
}

}  // namespace mailrun::notification::testing
