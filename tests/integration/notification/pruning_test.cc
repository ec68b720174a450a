// The notification pruner (notification_pruner.h, issue 47) against the real service in-process:
// rows older than what is kept go, everything else stays, and a player's inbox goes on after it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

void Exec(const std::string& database_url, const std::string& sql) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  txn.exec(sql);
}

// A push delivery of `event_id` in `status`, finished (when not pending) `days` ago, with one attempt.
void Delivery(const std::string& db, int64_t id, const std::string& event_id, const std::string& status, int days) {
  Exec(db, fmt::format("INSERT INTO push_deliveries (id, event_id, device_id, user_id, status, attempts,"
                       " next_attempt_at, created_at, finished_at) VALUES ({0}, '{1}', 'device-1', 'alice', '{2}', 1,"
                       " now(), now() - interval '{3} days', {4})",
                       id, event_id, status, days, status == "pending" ? "NULL" : fmt::format("now() - interval '{} days'", days)));
  Exec(db, fmt::format("INSERT INTO push_attempts (delivery_id, attempt, attempted_at, http_status, outcome)"
                       " VALUES ({}, 1, now(), 200, 'retry')",
                       id));
}

TEST(NotificationPruner, ForgetsWhatIsOlderThanKeptAndLeavesTheRestAndTheSequences) {
  const std::string db = MigratedDatabase("notify_pruning");
  NotificationOptions options = TestOptions(db, RedisUrl());
  auto relay = StartRelay(db, RedisUrl());
  std::unique_ptr<InProcessNotify> notify = std::make_unique<InProcessNotify>(options);
  ASSERT_TRUE(notify->WaitSubscribed());
  for (const char* event : {"old-1", "old-2", "new-1"}) AppendToOutbox(db, YourTurn(event, "alice", "game-1", 1));
  AppendToOutbox(db, YourTurn("old-bob", "bob", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM inbox") == 4; }));
  notify.reset();

  // Half a year and more ago: old-1, old-2 and old-bob; old-2 still has a delivery that is pending.
  Exec(db, "UPDATE inbox SET stored_at = now() - interval '200 days' WHERE event_id LIKE 'old-%'");
  Exec(db, "UPDATE notification_events SET received_at = now() - interval '200 days' WHERE event_id LIKE 'old-%'");
  // Their outbox rows are as old (the relay keeps sent rows a week, so a catch-up never reads them).
  Exec(db, "UPDATE outbox SET created_at = now() - interval '200 days', sent_at = now() - interval '200 days'"
           " WHERE event_id LIKE 'old-%'");
  Delivery(db, 1, "old-1", "delivered", 40);  // finished 40 days ago: goes
  Delivery(db, 2, "old-2", "pending", 200);   // pending: stays, and keeps its event
  Delivery(db, 3, "new-1", "gave_up", 5);     // finished 5 days ago: stays
  Exec(db, "INSERT INTO notification_requests (user_id, request_id, method, response, created_at) VALUES"
           " ('alice', 'old-request', 'MarkRead', '', now() - interval '31 days'),"
           " ('alice', 'new-request', 'MarkRead', '', now() - interval '29 days')");

  options.pruning.interval = std::chrono::seconds(1);
  notify = std::make_unique<InProcessNotify>(options);
  ASSERT_TRUE(notify->WaitSubscribed());
  ASSERT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM inbox") == 1; }, std::chrono::seconds(20)))
      << QueryInt(db, "SELECT count(*) FROM inbox") << " inbox entries left, "
      << QueryInt(db, "SELECT count(*) FROM inbox WHERE stored_at < now() - interval '180 days'") << " of them old";
  EXPECT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM notification_requests") == 1; }));
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM inbox WHERE event_id = 'new-1'"), 1);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM notification_events WHERE event_id IN ('old-1', 'old-bob')"), 0);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM notification_events WHERE event_id IN ('old-2', 'new-1')"), 2);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM push_deliveries WHERE id = 1"), 0);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM push_attempts WHERE delivery_id = 1"), 0);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM push_deliveries WHERE id IN (2, 3)"), 2);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM push_attempts WHERE delivery_id IN (2, 3)"), 2);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM notification_requests WHERE request_id = 'new-request'"), 1);

  // Alice's inbox lists what is left, and her next event takes the next sequence, not a reused one.
  auto stub = notify->Stub();
  mailrun::v1::ListInboxRequest list;
  mailrun::v1::ListInboxResponse listed;
  ASSERT_TRUE(stub->ListInbox(ContextWith(AccessToken("alice")).get(), list, &listed).ok());
  ASSERT_EQ(listed.notifications_size(), 1);
  EXPECT_EQ(listed.notifications(0).event_id(), "new-1");
  StreamReader alice(*stub, AccessToken("alice"));
  AppendToOutbox(db, YourTurn("new-2", "alice", "game-1", 3));
  const auto next = alice.Next();
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(next->event_id(), "new-2");
  EXPECT_EQ(next->sequence(), 4);
}

}  // namespace
}  // namespace mailrun::notification::testing
