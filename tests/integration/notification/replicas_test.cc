// Two replicas of the notification service on one database and one Redis (the Kubernetes
// shape): each event is stored once, by one transaction of one replica, and each replica's own
// open streams get it once.
#include <gtest/gtest.h>

#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/observability.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"
#include "services/common/redis.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::BinaryPath;
using mailrun::testing::FreePort;
using mailrun::testing::MetricSamples;
using mailrun::testing::ReadFile;
using mailrun::testing::RedisUrl;
using mailrun::testing::ServiceProcess;

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

// A replica claimed alice's first event and went silent: the replica that claimed her second
// stores it only after the first, which it stores itself once claim_wait has passed. Her
// sequence numbers follow the order the events were published.
TEST(Replicas, AUsersEventsKeepTheirOrderWhenAnEarlierOneWaitsForItsClaimant) {
  const std::string db = MigratedDatabase("notify_replica_order");
  NotificationOptions options = TestOptions(db, RedisUrl());
  options.claim_wait = std::chrono::milliseconds(800);
  InProcessNotify replica(options);
  ASSERT_TRUE(replica.WaitSubscribed());
  service::RedisPublisher silent(service::ParseRedisUrl(RedisUrl()), std::chrono::seconds(2));
  bool claimed = false;
  std::string error;
  ASSERT_TRUE(silent.Claim(ChannelFor(db) + ":claim:o-1", std::chrono::seconds(60), &claimed, &error)) << error;
  ASSERT_TRUE(claimed);
  auto relay = StartRelay(db, RedisUrl());
  auto stub = replica.Stub();
  StreamReader phone(*stub, AccessToken("alice"));
  AppendToOutbox(db, YourTurn("o-1", "alice", "game-1", 1));
  AppendToOutbox(db, YourTurn("o-2", "alice", "game-1", 2));
  const auto got = phone.Take(2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].event_id(), "o-1");
  EXPECT_EQ(got[0].sequence(), 1);
  EXPECT_EQ(got[1].event_id(), "o-2");
  EXPECT_EQ(got[1].sequence(), 2);
  EXPECT_EQ(replica.app().consumer().events_stored(), 2) << "the silent claimant's event stored here";
}

// One real mailrun-notify process on `db`, its relay on, metrics on a free port.
struct NotifyProcess {
  NotifyProcess(const std::string& db, const std::string& name)
      : address("127.0.0.1:" + std::to_string(FreePort())),
        log(::testing::TempDir() + "/mailrun-notify-" + name + "-" + std::to_string(FreePort()) + ".log"),
        process(BinaryPath("mailrun-notify"), {"--listen", address},
                {{"MAILRUN_DATABASE_URL", db},
                 {"MAILRUN_REDIS_URL", RedisUrl()},
                 {"MAILRUN_TOKEN_PUBLIC_KEYS", mailrun::testing::TestPublicKeys()},
                 {"MAILRUN_EVENTS_CHANNEL", ChannelFor(db)},
                 {"MAILRUN_METRICS_LISTEN", "127.0.0.1:0"}},
                log) {}
  // What this process counted of the events it took off Redis, by outcome.
  double Consumed(const std::string& outcome) {
    return MetricSamples(mailrun::testing::ScrapeMetrics(mailrun::testing::MetricsAddress(log)))
        .Sum("mailrun_events_consumed_total", {{"outcome", outcome}});
  }
  std::string address;
  std::string log;
  ServiceProcess process;
};

TEST(Replicas, TwoProcessesStoreEachEventInOneTransactionAndBothRingTheirStreams) {
  const std::string db = MigratedDatabase("notify_replica_procs");
  NotifyProcess first(db, "first"), second(db, "second");
  ASSERT_TRUE(first.process.WaitServing(first.address, std::chrono::seconds(30))) << ReadFile(first.log);
  ASSERT_TRUE(second.process.WaitServing(second.address, std::chrono::seconds(30))) << ReadFile(second.log);
  auto first_stub = StubFor(first.address);
  auto second_stub = StubFor(second.address);
  StreamReader phone(*first_stub, AccessToken("alice"));
  StreamReader tablet(*second_stub, AccessToken("alice"));
  // A first event through both, once both consumers are subscribed and caught up.
  ASSERT_TRUE(Eventually(
      [&] {
        return ReadFile(first.log).find("subscribed to 2 channel(s)") != std::string::npos &&
               ReadFile(second.log).find("subscribed to 2 channel(s)") != std::string::npos;
      },
      std::chrono::seconds(20)));
  AppendToOutbox(db, YourTurn("p-0", "alice", "game-1", 1));
  ASSERT_EQ(phone.Take(1).size(), 1u);
  ASSERT_EQ(tablet.Take(1).size(), 1u);
  const double stored_before = first.Consumed("stored") + second.Consumed("stored");
  const double elsewhere_before = first.Consumed("claimed_elsewhere") + second.Consumed("claimed_elsewhere");
  const double duplicates_before = first.Consumed("duplicate") + second.Consumed("duplicate");

  constexpr int kEvents = 5;
  for (int i = 1; i <= kEvents; ++i) AppendToOutbox(db, YourTurn("p-" + std::to_string(i), "alice", "game-1", i + 1));
  for (StreamReader* stream : {&phone, &tablet}) {
    const auto got = stream->Take(kEvents);
    ASSERT_EQ(got.size(), static_cast<size_t>(kEvents));
    for (int i = 0; i < kEvents; ++i) {
      EXPECT_EQ(got[i].event_id(), "p-" + std::to_string(i + 1));
      EXPECT_EQ(got[i].sequence(), i + 2);
    }
    EXPECT_FALSE(stream->Next(std::chrono::milliseconds(300)).has_value());
  }
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM notification_events"), kEvents + 1);
  // Each event: one replica claimed and stored it (one transaction), the other only rang its
  // streams on the announcement and never ran a transaction for it (no "duplicate").
  EXPECT_EQ(first.Consumed("stored") + second.Consumed("stored") - stored_before, kEvents);
  EXPECT_EQ(first.Consumed("claimed_elsewhere") + second.Consumed("claimed_elsewhere") - elsewhere_before, kEvents);
  EXPECT_EQ(first.Consumed("duplicate") + second.Consumed("duplicate") - duplicates_before, 0);
}

}  // namespace
}  // namespace mailrun::notification::testing
