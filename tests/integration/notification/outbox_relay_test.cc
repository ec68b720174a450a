// The shared outbox and its relay (services/common/outbox*.h) against real PostgreSQL and Redis.
#include <gtest/gtest.h>

#include <algorithm>

#include <pqxx/pqxx>

#include "services/common/outbox.h"
#include "services/common/outbox_relay.h"
#include "services/common/redis.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

// Collects the event ids published on "mailrun.events".
class ChannelRecorder {
 public:
  ChannelRecorder(const std::string& redis_url, const std::string& channel) {
    service::RedisSubscriber::Options options;
    options.endpoint = service::ParseRedisUrl(redis_url);
    options.channels = {channel};
    subscriber_ = std::make_unique<service::RedisSubscriber>(options, [this](const std::string&, const std::string& m) {
      mailrun::v1::Event event;
      event.ParseFromString(m);
      std::lock_guard lock(mutex_);
      ids_.push_back(event.event_id());
    });
    subscriber_->Start();
    Eventually([this] { return subscriber_->subscribed(); });
  }
  std::vector<std::string> ids() {
    std::lock_guard lock(mutex_);
    return ids_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> ids_;
  std::unique_ptr<service::RedisSubscriber> subscriber_;
};

TEST(OutboxRelay, PublishesCommittedEventsInOrderAndMarksThemSent) {
  const std::string db = MigratedDatabase("relay_order");
  ChannelRecorder recorder(RedisUrl(), ChannelFor(db));
  for (int i = 1; i <= 5; ++i) AppendToOutbox(db, YourTurn("ordered-" + std::to_string(i), "alice", "game-1", i));
  auto relay = StartRelay(db, RedisUrl());
  ASSERT_TRUE(Eventually([&] { return recorder.ids().size() == 5; }));
  EXPECT_EQ(recorder.ids(), (std::vector<std::string>{"ordered-1", "ordered-2", "ordered-3", "ordered-4", "ordered-5"}));
  EXPECT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  EXPECT_EQ(relay->stats().published, 5);
}

TEST(OutboxRelay, WakesOnCommitAndNeverPublishesARolledBackEvent) {
  const std::string db = MigratedDatabase("relay_rollback");
  ChannelRecorder recorder(RedisUrl(), ChannelFor(db));
  auto relay = StartRelay(db, RedisUrl());
  {
    pqxx::connection connection(db);
    pqxx::work txn(connection);
    service::AppendOutboxEvent(txn, YourTurn("rolled-back", "alice", "game-1", 1));
    txn.abort();  // the move failed: its event must not exist
  }
  AppendToOutbox(db, YourTurn("committed", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return !recorder.ids().empty(); }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(recorder.ids(), std::vector<std::string>{"committed"});
}

TEST(OutboxRelay, AppendingTheSameEventIdTwiceKeepsOneRowAndIncompleteEventsAreRefused) {
  const std::string db = MigratedDatabase("relay_append");
  AppendToOutbox(db, YourTurn("once", "alice", "game-1", 1));
  AppendToOutbox(db, YourTurn("once", "alice", "game-1", 1));
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM outbox"), 1);
  pqxx::connection connection(db);
  pqxx::work txn(connection);
  mailrun::v1::Event no_id = YourTurn("", "alice", "game-1", 1);
  EXPECT_THROW(service::AppendOutboxEvent(txn, no_id), std::invalid_argument);
  mailrun::v1::Event no_users = YourTurn("x", "alice", "game-1", 1);
  no_users.clear_user_ids();
  EXPECT_THROW(service::AppendOutboxEvent(txn, no_users), std::invalid_argument);
  mailrun::v1::Event no_kind = YourTurn("y", "alice", "game-1", 1);
  no_kind.clear_your_turn();
  EXPECT_THROW(service::AppendOutboxEvent(txn, no_kind), std::invalid_argument);
}

TEST(OutboxRelay, SeveralRelaysTogetherPublishEveryRowAndMarkEachSent) {
  const std::string db = MigratedDatabase("relay_many");
  ChannelRecorder recorder(RedisUrl(), ChannelFor(db));
  auto first = StartRelay(db, RedisUrl());
  auto second = StartRelay(db, RedisUrl());
  auto third = StartRelay(db, RedisUrl());
  constexpr int kEvents = 300;
  for (int i = 0; i < kEvents; ++i) AppendToOutbox(db, YourTurn("many-" + std::to_string(i), "alice", "game-1", i));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  ASSERT_TRUE(Eventually([&] { return recorder.ids().size() >= kEvents; }));
  const auto ids = recorder.ids();
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), static_cast<size_t>(kEvents));
  EXPECT_EQ(first->stats().published + second->stats().published + third->stats().published, kEvents)
      << "one relay leads: no row is published by two relays";
}

// One relay leads (holds the session advisory lock and listens); when its process stops, another
// takes the lead within its poll interval and publishes what came meanwhile.
TEST(OutboxRelay, OneRelayLeadsAndAnotherTakesOverWhenItStops) {
  const std::string db = MigratedDatabase("relay_lead");
  ChannelRecorder recorder(RedisUrl(), ChannelFor(db));
  std::vector<std::unique_ptr<service::OutboxRelay>> relays;
  for (int i = 0; i < 3; ++i) relays.push_back(StartRelay(db, RedisUrl()));
  // This database's relays only: pg_locks lists the whole server's, and the suites running beside
  // this one have relays (and so a leader) of their own.
  const std::string leaders =
      "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = " +
      std::to_string(service::kOutboxRelayLockKey) +
      " AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";
  ASSERT_TRUE(Eventually([&] { return QueryInt(db, leaders) == 1; }));
  for (int i = 0; i < 5; ++i) AppendToOutbox(db, YourTurn("first-" + std::to_string(i), "alice", "game-1", i));
  ASSERT_TRUE(Eventually([&] { return recorder.ids().size() == 5; }));
  EXPECT_EQ(QueryInt(db, leaders), 1);
  // Stop the leader (whichever it is), then the next one, each after new rows.
  for (int round = 0; round < 2; ++round) {
    const auto leader = std::max_element(relays.begin(), relays.end(), [](const auto& a, const auto& b) {
      return a->stats().published < b->stats().published;
    });
    ASSERT_GT((*leader)->stats().published, 0);
    relays.erase(leader);  // stops it: its connection, and with it the lead, goes
    const size_t before = recorder.ids().size();
    for (int i = 0; i < 5; ++i) {
      AppendToOutbox(db, YourTurn("round-" + std::to_string(round) + "-" + std::to_string(i), "alice", "game-1", i));
    }
    ASSERT_TRUE(Eventually([&] { return recorder.ids().size() == before + 5; })) << "round " << round;
    EXPECT_TRUE(Eventually([&] { return QueryInt(db, leaders) == 1; }));
  }
  // The last rows are marked sent by the next read or, idle, within the relay's mark_delay.
  EXPECT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  const auto ids = recorder.ids();
  EXPECT_EQ(std::set<std::string>(ids.begin(), ids.end()).size(), 15u);
}

}  // namespace
}  // namespace mailrun::notification::testing
