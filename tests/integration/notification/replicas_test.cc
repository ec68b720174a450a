// Two replicas of the notification service on one database and one Redis (the Kubernetes
// shape): each event is stored once, and each replica's own open streams get it once.
#include <gtest/gtest.h>

#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

TEST(Replicas, EveryStreamOnEitherReplicaGetsEachEventOnceAndTheInboxHoldsItOnce) {
  const std::string db = MigratedDatabase("notify_replicas");
  InProcessNotify first(TestOptions(db, RedisUrl()));
  InProcessNotify second(TestOptions(db, RedisUrl()));
  ASSERT_TRUE(first.WaitSubscribed());
  ASSERT_TRUE(second.WaitSubscribed());
  auto relay = StartRelay(db, RedisUrl());
  auto first_stub = first.Stub();
  auto second_stub = second.Stub();
  StreamReader phone(*first_stub, AccessToken("alice"));
  StreamReader tablet(*second_stub, AccessToken("alice"));
  constexpr int kEvents = 30;
  for (int i = 1; i <= kEvents; ++i) AppendToOutbox(db, YourTurn("r-" + std::to_string(i), "alice", "game-1", i));
  for (StreamReader* stream : {&phone, &tablet}) {
    const auto got = stream->Take(kEvents);
    ASSERT_EQ(got.size(), static_cast<size_t>(kEvents));
    for (int i = 0; i < kEvents; ++i) {
      EXPECT_EQ(got[i].event_id(), "r-" + std::to_string(i + 1));
      EXPECT_EQ(got[i].sequence(), i + 1);
    }
    EXPECT_FALSE(stream->Next(std::chrono::milliseconds(300)).has_value());
  }
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM inbox"), kEvents);
  EXPECT_EQ(first.app().consumer().events_stored() + second.app().consumer().events_stored(), kEvents)
      << "each event stored by exactly one replica";
}

}  // namespace
}  // namespace mailrun::notification::testing
