// Acceptance 2: with Redis stopped, moves are still accepted (their transactions, outbox rows
// included, commit); after Redis returns every event is delivered once. Uses a private
// redis-server (private_redis.h), never the shared test Redis. (game_driven_test.cc has the same
// with the real game service making the moves.)
#include <gtest/gtest.h>

#include "tests/integration/notification/notification_harness.h"
#include "tests/integration/notification/private_redis.h"

namespace mailrun::notification::testing {
namespace {

TEST(RedisOutage, MovesAreAcceptedWhileRedisIsDownAndEveryEventArrivesOnceAfterwards) {
  PrivateRedis redis;
  const std::string db = MigratedDatabase("notify_outage");
  InProcessNotify notify(TestOptions(db, redis.url()));
  ASSERT_TRUE(notify.WaitSubscribed());
  auto relay = StartRelay(db, redis.url());
  auto stub = notify.Stub();
  StreamReader phone(*stub, AccessToken("alice"));
  AppendToOutbox(db, YourTurn("before-outage", "alice", "game-1", 1));
  ASSERT_TRUE(phone.Next().has_value());

  redis.Stop();
  constexpr int kMoves = 20;
  for (int i = 1; i <= kMoves; ++i) {
    // Each append commits: Redis is not on the writers' path.
    ASSERT_NO_THROW(AppendToOutbox(db, YourTurn("during-" + std::to_string(i), "alice", "game-1", 1 + i)));
  }
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL"), kMoves);
  EXPECT_FALSE(phone.Next(std::chrono::milliseconds(500)).has_value()) << "nothing can be delivered without Redis";
  EXPECT_FALSE(notify.app().consumer().subscribed());
  EXPECT_GT(relay->stats().redis_failures, 0);

  redis.Start();
  const auto got = phone.Take(kMoves, std::chrono::seconds(20));
  ASSERT_EQ(got.size(), static_cast<size_t>(kMoves));
  for (int i = 0; i < kMoves; ++i) EXPECT_EQ(got[i].event_id(), "during-" + std::to_string(i + 1));
  EXPECT_FALSE(phone.Next(std::chrono::milliseconds(500)).has_value()) << "an event arrived twice";
  EXPECT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM inbox WHERE user_id = 'alice'"), kMoves + 1);
}

}  // namespace
}  // namespace mailrun::notification::testing
