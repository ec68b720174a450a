// 64 logins at once against a lobby with the chart's limits (charts/mailrun values.yaml: 512 MiB
// of memory and one CPU for the lobby, the default Argon2id cost, "rfc9106"). The lobby runs in a
// cgroup with those limits (cgroup v1 or v2, made here under this process's own cgroup), as
// Kubernetes would run it, and sizes its password hashing from them. Where no cgroup can be made,
// it gets the same figures as flags (half of 512 MiB for hashing) and its peak resident memory is
// checked against 512 MiB instead. Either way: it stays alive, answers every login (done, wrong
// password, or RESOURCE_EXHAUSTED with a retry hint, at once) and keeps answering other calls.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "services/common/retry_later.h"
#include "tests/integration/lobby/lobby_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {
namespace {

using LobbyStub = mailrun::v1::LobbyService::Stub;
constexpr uint64_t kChartMemory = 512ULL * 1024 * 1024;

// A cgroup of the test's own with the chart's memory and CPU limits; empty dirs when none could be
// made (no writable cgroup file system).
struct ChartCgroup {
  std::vector<std::string> dirs;  // each gets the process (v1: memory and cpu; v2: one)
  std::string memory_dir;

  ChartCgroup() {
    std::ifstream self("/proc/self/cgroup");
    std::string line, v2_path, memory_path, cpu_path;
    while (std::getline(self, line)) {
      const auto first = line.find(':'), second = line.find(':', first + 1);
      const std::string controllers = line.substr(first + 1, second - first - 1);
      const std::string path = line.substr(second + 1);
      if (line.rfind("0::", 0) == 0) v2_path = path;
      if (controllers.find("memory") != std::string::npos) memory_path = path;
      if (controllers == "cpu" || controllers.find("cpu,") != std::string::npos) cpu_path = path;
    }
    const std::string name = "mailrun-login-flood-" + std::to_string(getpid());
    if (!memory_path.empty() && std::filesystem::exists("/sys/fs/cgroup/memory")) {
      const std::string memory = "/sys/fs/cgroup/memory" + memory_path + "/" + name;
      if (Make(memory) && Write(memory + "/memory.limit_in_bytes", std::to_string(kChartMemory))) {
        memory_dir = memory;
        dirs.push_back(memory);
        const std::string cpu = "/sys/fs/cgroup/cpu" + cpu_path + "/" + name;
        if (!cpu_path.empty() && Make(cpu) && Write(cpu + "/cpu.cfs_period_us", "100000") &&
            Write(cpu + "/cpu.cfs_quota_us", "100000")) {
          dirs.push_back(cpu);
        }
      }
    } else if (!v2_path.empty()) {
      const std::string unified = "/sys/fs/cgroup" + (v2_path == "/" ? "" : v2_path) + "/" + name;
      if (Make(unified) && Write(unified + "/memory.max", std::to_string(kChartMemory))) {
        Write(unified + "/cpu.max", "100000 100000");
        memory_dir = unified;
        dirs.push_back(unified);
      }
    }
  }
  ~ChartCgroup() {
    for (const auto& dir : dirs) std::filesystem::remove(dir);  // empty once the lobby is gone
  }
  bool ok() const { return !memory_dir.empty(); }
  // The peak memory charged to the cgroup.
  uint64_t PeakBytes() const {
    for (const char* file : {"/memory.max_usage_in_bytes", "/memory.peak"}) {
      std::ifstream in(memory_dir + file);
      uint64_t value = 0;
      if (in >> value) return value;
    }
    return 0;
  }

 private:
  static bool Make(const std::string& dir) {
    std::error_code error;
    return std::filesystem::create_directory(dir, error) || std::filesystem::exists(dir);
  }
  static bool Write(const std::string& file, const std::string& value) {
    std::ofstream out(file);
    out << value;
    out.close();
    return !out.fail();
  }
};

uint64_t PeakResidentBytes(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  }
  return 0;
}

template <typename Request, typename Response>
grpc::Status Call(LobbyStub& stub, grpc::Status (LobbyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                  const std::string& token, const std::string& client, const Request& request, Response* response,
                  std::chrono::seconds deadline = std::chrono::seconds(60)) {
  grpc::ClientContext context;
  if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
  context.AddMetadata("x-forwarded-for", client);
  context.set_deadline(std::chrono::system_clock::now() + deadline);
  return (stub.*method)(&context, request, response);
}

TEST(LoginFlood, SixtyFourLoginsLeaveALobbyWithTheChartsLimitsAliveAndAnswering) {
  ChartCgroup cgroup;
  RecordProperty("limits", cgroup.ok() ? "cgroup " + cgroup.memory_dir : "flags (no writable cgroup)");
  const std::string log = ::testing::TempDir() + "/lobby-login-flood.log";
  std::remove(log.c_str());
  std::map<std::string, std::string> env = {{"MAILRUN_DATABASE_URL", FreshDatabase("lobby_login_flood")},
                                            {"MAILRUN_REDIS_URL", RedisUrl()},
                                            {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()},
                                            {"MAILRUN_GAME_ADDR", "127.0.0.1:1"},
                                            {"MAILRUN_TRUST_FORWARDED_FOR", "true"}};
  if (!cgroup.ok()) env["MAILRUN_PASSWORD_HASH_MEMORY_MIB"] = "256";  // what half of 512 MiB gives
  // The lobby joins the cgroup before it starts (so it sizes itself from the cgroup's limits).
  std::string join;
  for (const auto& dir : cgroup.dirs) join += "echo $$ > " + dir + "/cgroup.procs && ";
  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  ServiceProcess lobby("/bin/sh", {"-c", join + "exec \"$0\" \"$@\"", BinaryPath("mailrun-lobby"), "--listen", address},
                       env, log);
  ASSERT_TRUE(lobby.WaitServing(address, std::chrono::seconds(60))) << ReadFile(log);
  auto stub = mailrun::v1::LobbyService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));

  std::vector<mailrun::v1::AuthResponse> users;
  for (int i = 0; i < 4; ++i) {
    mailrun::v1::RegisterRequest request;
    request.set_request_id("flood-register-" + std::to_string(i));
    request.set_display_name("Flooder" + std::to_string(i));
    request.set_password("password-" + std::to_string(i));
    mailrun::v1::AuthResponse response;
    const grpc::Status status = Call(*stub, &LobbyStub::Register, "", "10.0.0.1", request, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
    users.push_back(response);
  }

  // While the logins come in, another player keeps using the lobby.
  std::atomic<bool> flooding{true};
  std::atomic<int64_t> slowest_other_ms{0};
  std::atomic<int> other_failures{0};
  std::thread other([&] {
    while (flooding) {
      const auto start = std::chrono::steady_clock::now();
      mailrun::v1::Profile profile;
      const grpc::Status status = Call(*stub, &LobbyStub::GetProfile, users[0].access_token(), "10.0.0.2",
                                       mailrun::v1::GetProfileRequest(), &profile, std::chrono::seconds(10));
      const int64_t ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
      if (!status.ok()) ++other_failures;
      slowest_other_ms = std::max<int64_t>(slowest_other_ms, ms);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  std::vector<std::future<std::pair<grpc::Status, int64_t>>> logins;
  for (int i = 0; i < 64; ++i) {
    logins.push_back(std::async(std::launch::async, [&, i] {
      mailrun::v1::LoginRequest request;
      request.set_request_id("flood-login-" + std::to_string(i));
      request.set_display_name("Flooder" + std::to_string(i % 4));
      request.set_password(i % 2 == 0 ? "password-" + std::to_string(i % 4) : "wrong-password");
      mailrun::v1::AuthResponse response;
      const auto start = std::chrono::steady_clock::now();
      const grpc::Status status =
          Call(*stub, &LobbyStub::Login, "", "10.1.0." + std::to_string(i), request, &response);
      return std::make_pair(
          status,
          std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
    }));
  }
  int done = 0, wrong = 0, refused = 0;
  int64_t slowest_refusal_ms = 0;
  for (auto& login : logins) {
    const auto [status, ms] = login.get();
    switch (status.error_code()) {
      case grpc::StatusCode::OK: ++done; break;
      case grpc::StatusCode::UNAUTHENTICATED: ++wrong; break;
      case grpc::StatusCode::RESOURCE_EXHAUSTED:
        ++refused;
        slowest_refusal_ms = std::max(slowest_refusal_ms, ms);
        EXPECT_TRUE(mailrun::service::RetryDelayOf(status).has_value()) << "a retry hint";
        break;
      default:
        ADD_FAILURE() << "a login answered " << static_cast<int>(status.error_code()) << ": "
                      << status.error_message();
    }
  }
  flooding = false;
  other.join();
  RecordProperty("logins_done", done);
  RecordProperty("logins_wrong_password", wrong);
  RecordProperty("logins_refused_busy", refused);
  RecordProperty("slowest_other_call_ms", static_cast<int>(slowest_other_ms));

  EXPECT_GE(done, 1);
  EXPECT_EQ(done + wrong + refused, 64);
  EXPECT_LT(slowest_refusal_ms, 2000) << "a refusal comes at once, not after a queue of hashes";
  EXPECT_EQ(other_failures.load(), 0);
  EXPECT_LT(slowest_other_ms.load(), 2000) << "the lobby kept answering other calls";
  ASSERT_TRUE(lobby.Running()) << "the lobby died (out of memory?):\n" << ReadFile(log);
  EXPECT_TRUE(lobby.WaitServing(address, std::chrono::seconds(5)));
  const uint64_t peak = cgroup.ok() ? cgroup.PeakBytes() : PeakResidentBytes(lobby.pid());
  RecordProperty("peak_memory_mib", static_cast<int>(peak / (1024 * 1024)));
  EXPECT_GT(peak, 0u);
  EXPECT_LT(peak, kChartMemory * 9 / 10) << "peak memory " << peak / (1024 * 1024) << " MiB";
  // A login later, once the flood is over, succeeds as usual.
  mailrun::v1::LoginRequest request;
  request.set_request_id("flood-after");
  request.set_display_name("Flooder3");
  request.set_password("password-3");
  mailrun::v1::AuthResponse response;
  EXPECT_TRUE(Call(*stub, &LobbyStub::Login, "", "10.2.0.1", request, &response).ok());
}

}  // namespace
}  // namespace mailrun::testing
