// Presence (services/notification/presence.h): what one replica records of its players' streams,
// another reads from the real Redis; a replica that stops vouches for nobody, and one that dies
// stops counting after the ttl.
#include "services/notification/presence.h"

#include <gtest/gtest.h>

#include "services/common/token.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;
using std::chrono::milliseconds;

PresenceOptions Quick(const std::string& prefix) {
  PresenceOptions options;
  options.redis_url = RedisUrl();
  options.prefix = prefix;
  options.ttl = milliseconds(800);
  options.renew = milliseconds(200);
  return options;
}

TEST(Presence, AStreamOnOneReplicaIsSeenFromAnotherUntilItCloses) {
  const std::string prefix = "presence-test-" + service::RandomId();
  Presence here(Quick(prefix), "replica-a");
  Presence there(Quick(prefix), "replica-b");
  here.Start();
  there.Start();
  EXPECT_FALSE(there.Active("alice"));
  here.Changed("alice", true);
  ASSERT_TRUE(Eventually([&] { return there.Active("alice"); }));
  EXPECT_FALSE(there.Active("bob"));
  std::this_thread::sleep_for(milliseconds(1500));  // past the ttl: renewed meanwhile
  EXPECT_TRUE(there.Active("alice")) << "not renewed";
  here.Changed("alice", false);
  ASSERT_TRUE(Eventually([&] { return !there.Active("alice"); }));
}

TEST(Presence, AStoppedReplicaVouchesForNobodyAndADeadOnesWordExpires) {
  const std::string prefix = "presence-test-" + service::RandomId();
  Presence reader(Quick(prefix), "reader");
  {
    Presence stopping(Quick(prefix), "stopping");
    stopping.Start();
    stopping.Changed("alice", true);
    ASSERT_TRUE(Eventually([&] { return reader.Active("alice"); }));
    stopping.Stop();
    EXPECT_FALSE(reader.Active("alice"));
  }
  // A replica killed between renewals: its member stays in Redis but its time runs out.
  PresenceOptions long_renewal = Quick(prefix);
  long_renewal.renew = std::chrono::hours(1);
  auto dying = std::make_unique<Presence>(long_renewal, "dying");
  dying->Start();
  dying->Changed("bob", true);
  ASSERT_TRUE(Eventually([&] { return reader.Active("bob"); }));
  std::this_thread::sleep_for(milliseconds(1200));
  EXPECT_FALSE(reader.Active("bob")) << "a vouch older than the ttl still counted";
}

}  // namespace
}  // namespace mailrun::notification::testing
