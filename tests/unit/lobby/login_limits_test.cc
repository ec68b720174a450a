// How much password hashing fits the container (hash_sizing.h), reading the cgroup limits, and the
// login attempt limits (login_limits.h) with a clock of the test's own.
#include <gtest/gtest.h>
#include <sodium.h>

#include <filesystem>
#include <fstream>

#include "services/common/retry_later.h"
#include "services/lobby/hash_sizing.h"
#include "services/lobby/login_limits.h"

namespace mailrun::lobby {
namespace {

constexpr uint64_t kMiB = 1024 * 1024;

TEST(HashSizing, TheChartsLobbyGetsWhatFitsInHalfIts512MiB) {
  // The chart: 512 MiB and one CPU for the lobby. Half for hashing: one moderate hash at a time.
  HashSizing one_cpu = SizeHashing("moderate", {.memory_limit = 512 * kMiB, .cpus = 1});
  EXPECT_EQ(one_cpu.concurrency, 1);
  EXPECT_EQ(one_cpu.memlimit, crypto_pwhash_MEMLIMIT_MODERATE);
  EXPECT_EQ(one_cpu.opslimit, crypto_pwhash_OPSLIMIT_MODERATE);
  EXPECT_EQ(one_cpu.queue, 4);
  // Two CPUs: two hashes of 128 MiB, each with twice the passes.
  HashSizing two = SizeHashing("moderate", {.memory_limit = 512 * kMiB, .cpus = 2});
  EXPECT_EQ(two.concurrency, 2);
  EXPECT_EQ(two.memlimit, 128 * kMiB);
  EXPECT_EQ(two.opslimit, 2 * crypto_pwhash_OPSLIMIT_MODERATE);
  EXPECT_LE(two.concurrency * two.memlimit, 256 * kMiB);
}

TEST(HashSizing, NeverPlansMoreThanTheBudget) {
  for (uint64_t limit : {128 * kMiB, 300 * kMiB, 512 * kMiB, 1024 * kMiB, 8192 * kMiB}) {
    for (int cpus : {1, 2, 4, 16}) {
      const HashSizing sizing = SizeHashing("moderate", {.memory_limit = limit, .cpus = cpus});
      EXPECT_LE(sizing.concurrency * sizing.memlimit, limit / 2) << limit / kMiB << " MiB, " << cpus << " CPUs";
      EXPECT_LE(sizing.concurrency, cpus);
      EXPECT_GE(sizing.concurrency, 1);
    }
  }
  // Without a known limit: one named-limits hash per CPU.
  const HashSizing unbounded = SizeHashing("interactive", {.memory_limit = std::nullopt, .cpus = 3});
  EXPECT_EQ(unbounded.concurrency, 3);
  EXPECT_EQ(unbounded.memlimit, crypto_pwhash_MEMLIMIT_INTERACTIVE);
  // Set by hand, and refused when it cannot work.
  const HashSizing manual = SizeHashing("moderate", {.memory_limit = std::nullopt, .cpus = 8,
                                                     .budget_override = 64 * kMiB, .concurrency_override = 2,
                                                     .queue_override = 7});
  EXPECT_EQ(manual.concurrency, 2);
  EXPECT_EQ(manual.memlimit, 32 * kMiB);
  EXPECT_EQ(manual.queue, 7);
  EXPECT_THROW(SizeHashing("moderate", {.memory_limit = 8 * kMiB, .cpus = 1}), std::invalid_argument);
  EXPECT_THROW(SizeHashing("weak", {}), std::invalid_argument);
}

// A cgroup tree of the test's own, at the paths this process has in /proc/self/cgroup.
TEST(HashSizing, ReadsTheSmallestMemoryLimitAlongTheProcessCgroup) {
  const std::filesystem::path root = std::filesystem::path(::testing::TempDir()) / "cgroup-root";
  std::filesystem::remove_all(root);
  std::ifstream self("/proc/self/cgroup");
  std::string line, v1_path, v2_path;
  while (std::getline(self, line)) {
    const auto first = line.find(':'), second = line.find(':', first + 1);
    const std::string controllers = line.substr(first + 1, second - first - 1);
    if (line.rfind("0::", 0) == 0) v2_path = line.substr(second + 1);
    if (controllers.find("memory") != std::string::npos) v1_path = line.substr(second + 1);
  }
  EXPECT_FALSE(ContainerMemoryLimit(root.string()).has_value()) << "no files: no limit";
  const auto write = [](const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text << "\n";
  };
  if (!v2_path.empty()) {
    write(root / v2_path.substr(1) / "memory.max", "max");
    write(root / "memory.max", std::to_string(768 * kMiB));  // an ancestor's limit applies too
    EXPECT_EQ(ContainerMemoryLimit(root.string()), 768 * kMiB);
  }
  if (!v1_path.empty()) {
    write(root / "memory" / v1_path.substr(1) / "memory.limit_in_bytes", std::to_string(512 * kMiB));
    EXPECT_EQ(ContainerMemoryLimit(root.string()), 512 * kMiB);
  }
  std::filesystem::remove_all(root);
}

TEST(AttemptBuckets, AllowTheBurstThenOneAttemptPerShareOfTheWindow) {
  AttemptBuckets buckets(5, std::chrono::seconds(300), 100);
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(buckets.Take("ann", t0).count(), 0) << i;
  EXPECT_EQ(buckets.Take("ann", t0).count(), 60) << "one attempt comes back every 300 / 5 s";
  EXPECT_EQ(buckets.Take("ann", t0 + std::chrono::seconds(45)).count(), 15);
  EXPECT_EQ(buckets.Take("ann", t0 + std::chrono::seconds(60)).count(), 0);
  EXPECT_EQ(buckets.Take("bob", t0).count(), 0) << "keys are independent";
  buckets.GiveBack("ann", t0 + std::chrono::seconds(60));
  EXPECT_EQ(buckets.Take("ann", t0 + std::chrono::seconds(60)).count(), 0) << "a given-back attempt is there again";
}

TEST(AttemptBuckets, StayWithinTheirKeyLimitForgettingFullOnesFirst) {
  AttemptBuckets buckets(2, std::chrono::seconds(100), 3);
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  buckets.Take("a", t0);
  buckets.Take("a", t0);  // "a" has nothing left
  for (const char* full : {"b", "c"}) {
    buckets.Take(full, t0);
    buckets.GiveBack(full, t0);  // back to full: nothing to remember
  }
  EXPECT_EQ(buckets.size(), 3u);
  buckets.Take("d", t0);  // no room: the full ones go
  EXPECT_EQ(buckets.size(), 2u);
  EXPECT_EQ(buckets.Take("a", t0).count(), 50) << "the limited key is still remembered";
}

TEST(LoginLimits, CountFailuresPerAccountAndEveryAttemptPerClient) {
  LoginLimits limits({.account_attempts = 2, .account_window = std::chrono::seconds(60), .client_attempts = 4,
                      .client_window = std::chrono::seconds(60)});
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "Ann", t0).ok());
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "ANN", t0).ok()) << "names in any case are one account";
  const grpc::Status account = limits.AdmitLogin("10.0.0.1", "ann", t0);
  EXPECT_EQ(account.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(account.error_message().find("display name"), std::string::npos);
  EXPECT_EQ(mailrun::service::RetryDelayOf(account), std::chrono::seconds(30));
  limits.Refund("ann", t0);  // that one succeeded
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.2", "ann", t0).ok());
  // The client 10.0.0.1 has used 3 of its 4 attempts (the refused one counted too).
  EXPECT_TRUE(limits.AdmitRegister("10.0.0.1", t0).ok());
  const grpc::Status client = limits.AdmitLogin("10.0.0.1", "bob", t0);
  EXPECT_EQ(client.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(client.error_message().find("your address"), std::string::npos);
  EXPECT_EQ(mailrun::service::RetryDelayOf(client), std::chrono::seconds(15));
}

// Two attempts a minute per account, plenty per client; someone else spends "Ann"'s two at `t0`.
constexpr LoginLimitSettings kTwoAMinute{.account_attempts = 2, .account_window = std::chrono::seconds(60),
                                         .client_attempts = 100, .client_window = std::chrono::seconds(60)};
void SpendAnnsAllowance(LoginLimits& limits, LimitClock::time_point t0) {
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.9", "Ann", t0).ok());
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.9", "Ann", t0).ok());
  EXPECT_EQ(limits.AdmitLogin("10.0.0.9", "Ann", t0).error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
}

// Issue 46: a known device is counted on its own, so the account's allowance used up by someone
// else does not hold it back, and it guesses no faster than anyone.
TEST(LoginLimits, AKnownDeviceIsCountedOnItsOwn) {
  LoginLimits limits(kTwoAMinute);
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  SpendAnnsAllowance(limits, t0);
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "Ann", "device:phone", t0).ok());
  limits.Refund("Ann", "device:phone", t0);  // it succeeded
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "Ann", "device:phone", t0).ok());
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "Ann", "device:phone", t0).ok());
  const grpc::Status device = limits.AdmitLogin("10.0.0.1", "Ann", "device:phone", t0);
  EXPECT_EQ(device.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(device.error_message().find("this device"), std::string::npos);
  EXPECT_TRUE(limits.AdmitLogin("10.0.0.1", "Ann", "device:laptop", t0).ok()) << "each device on its own";
}

// Issue 46: the signed-in account's own password checks (ChangePassword, DeleteAccount) have an
// allowance of their own, apart from the one logins share with anyone who types the name.
TEST(LoginLimits, ASignedInAccountsPasswordChecksHaveTheirOwnAllowance) {
  LoginLimits limits(kTwoAMinute);
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  SpendAnnsAllowance(limits, t0);
  EXPECT_TRUE(limits.AdmitPasswordCheck("10.0.0.1", "user-ann", t0).ok()) << "the stranger's failures do not count";
  limits.RefundPasswordCheck("user-ann", t0);  // the password was right
  EXPECT_TRUE(limits.AdmitPasswordCheck("10.0.0.1", "user-ann", t0).ok());
  EXPECT_TRUE(limits.AdmitPasswordCheck("10.0.0.1", "user-ann", t0).ok());
  const grpc::Status guessing = limits.AdmitPasswordCheck("10.0.0.1", "user-ann", t0);
  EXPECT_EQ(guessing.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << "as strict as logins";
  EXPECT_NE(guessing.error_message().find("own sessions"), std::string::npos) << guessing.error_message();
  EXPECT_TRUE(limits.AdmitPasswordCheck("10.0.0.1", "user-bob", t0).ok()) << "each account on its own";
  EXPECT_TRUE(limits.AdmitPasswordCheck("10.0.0.1", "user-ann", t0 + std::chrono::seconds(30)).ok())
      << "one comes back every window / attempts";
}

// Issue 46 item 6: asks for a mailed login code, 3 per name per 15 minutes whatever the name (so the
// refusal tells nothing about it), and wrong codes counted per name and address: a stranger's wrong
// codes from their address leave the player's address its own allowance.
TEST(LoginLimits, LoginCodesHaveAllowancesOfTheirOwn) {
  LoginLimits limits(kTwoAMinute);
  const auto t0 = LimitClock::time_point{} + std::chrono::hours(1);
  for (const std::string name : {"Ann", "Nobody-Here"}) {
    for (int ask = 0; ask < 3; ++ask) EXPECT_TRUE(limits.AdmitCodeRequest("10.0.0." + std::to_string(ask), name, t0).ok());
    const grpc::Status fourth = limits.AdmitCodeRequest("10.0.0.9", name == "Ann" ? "ANN" : name, t0);
    EXPECT_EQ(fourth.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << name;
    EXPECT_NE(fourth.error_message().find("3 per 15 minutes"), std::string::npos) << fourth.error_message();
    EXPECT_TRUE(limits.AdmitCodeRequest("10.0.0.9", name, t0 + std::chrono::minutes(5)).ok()) << "one back in 5 minutes";
  }
  SpendAnnsAllowance(limits, t0);
  for (int wrong = 0; wrong < 5; ++wrong) EXPECT_TRUE(limits.AdmitCodeLogin("203.0.113.5", "Ann", t0).ok());
  const grpc::Status guessing = limits.AdmitCodeLogin("203.0.113.5", "ann", t0);
  EXPECT_EQ(guessing.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_NE(guessing.error_message().find("wrong login codes"), std::string::npos) << guessing.error_message();
  EXPECT_TRUE(limits.AdmitCodeLogin("192.0.2.7", "Ann", t0).ok()) << "the player's address is not held back";
  limits.RefundCodeLogin("192.0.2.7", "Ann", t0);  // the code was the account's
  for (int right = 0; right < 10; ++right) {
    EXPECT_TRUE(limits.AdmitCodeLogin("192.0.2.7", "Ann", t0).ok());
    limits.RefundCodeLogin("192.0.2.7", "Ann", t0);
  }
}

}  // namespace
}  // namespace mailrun::lobby
