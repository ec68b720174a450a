// PrivateRedis: a redis-server of one test's own on a free loopback port (deploy/servers.sh), so a
// test can stop and start Redis without disturbing any other test's (the shared test Redis is never
// stopped). Its data directory is removed afterwards. Not thread-safe.
#pragma once

#include <string>

namespace mailrun::notification::testing {

class PrivateRedis {
 public:
  PrivateRedis();  // and starts it
  ~PrivateRedis();
  PrivateRedis(const PrivateRedis&) = delete;
  PrivateRedis& operator=(const PrivateRedis&) = delete;

  void Start();
  void Stop();  // returns when the server has gone
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_); }

 private:
  void Run(const std::string& args);
  int port_;
  std::string dir_;
};

}  // namespace mailrun::notification::testing
