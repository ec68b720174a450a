// Delivery of events from the outbox to open streams and inboxes, driven the way the game service
// drives it: an event appended to the outbox in a committed transaction, published by a relay
// (as the game service runs one), consumed by the notification service. (game_driven_test.cc has
// acceptance 1 to 3 with real moves in the real game service.)
#include <gtest/gtest.h>

#include "services/common/outbox.h"
#include "services/common/redis.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

class OutboxDrivenDelivery : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = MigratedDatabase("notify_delivery");
    notify_ = std::make_unique<InProcessNotify>(TestOptions(db_, RedisUrl()));
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }

  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(OutboxDrivenDelivery, MoveReachesTheNextPlayersOpenStream) {
  StreamReader alice(*stub_, AccessToken("alice"));
  ASSERT_TRUE(alice.live());
  AppendToOutbox(db_, YourTurn("turn-1", "alice", "game-1", 7));
  const auto got = alice.Next();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->event_id(), "turn-1");
  EXPECT_EQ(got->sequence(), 1);
  EXPECT_EQ(got->kind(), mailrun::v1::EVENT_KIND_YOUR_TURN);
  EXPECT_EQ(got->event().your_turn().game_id(), "game-1");
  EXPECT_EQ(got->title(), "Your turn");
  EXPECT_EQ(got->text(), "Railway Round 2.1: operate the EIR: lay track");
  EXPECT_FALSE(got->read());
  EXPECT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
}

TEST_F(OutboxDrivenDelivery, OtherPlayersStreamsGetNothing) {
  StreamReader bob(*stub_, AccessToken("bob"));
  StreamReader alice(*stub_, AccessToken("alice"));
  AppendToOutbox(db_, YourTurn("turn-a", "alice", "game-1", 1));
  ASSERT_TRUE(alice.Next().has_value());
  EXPECT_FALSE(bob.Next(std::chrono::milliseconds(300)).has_value());
}

TEST_F(OutboxDrivenDelivery, EventForSeveralPlayersReachesEachWithTheirOwnSequence) {
  AppendToOutbox(db_, YourTurn("first-for-bob", "bob", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM inbox") == 1; }));
  StreamReader alice(*stub_, AccessToken("alice"));
  StreamReader bob(*stub_, AccessToken("bob"));
  mailrun::v1::Event finished;
  finished.set_event_id("finished-1");
  finished.set_created_at_unix_ms(NowMs());
  finished.add_user_ids("alice");
  finished.add_user_ids("bob");
  finished.mutable_game_finished()->set_game_id("game-1");
  finished.mutable_game_finished()->set_reason("bank broken");
  AppendToOutbox(db_, finished);
  const auto to_alice = alice.Next();
  const auto to_bob = bob.Next();
  ASSERT_TRUE(to_alice && to_bob);
  EXPECT_EQ(to_alice->event_id(), "finished-1");
  EXPECT_EQ(to_alice->sequence(), 1);
  EXPECT_EQ(to_bob->sequence(), 2);
  EXPECT_EQ(to_bob->kind(), mailrun::v1::EVENT_KIND_GAME_FINISHED);
}

TEST_F(OutboxDrivenDelivery, TheSameEventPublishedTwiceIsStoredAndStreamedOnce) {
  StreamReader alice(*stub_, AccessToken("alice"));
  const auto event = YourTurn("dup-1", "alice", "game-1", 3);
  AppendToOutbox(db_, event);
  // A relay that crashed after PUBLISH and before marking the row sent publishes it again.
  service::RedisPublisher publisher(service::ParseRedisUrl(RedisUrl()), std::chrono::seconds(2));
  std::string error;
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM inbox") == 1; }));
  ASSERT_TRUE(publisher.Publish(ChannelFor(db_), event.SerializeAsString(), &error)) << error;
  ASSERT_TRUE(publisher.Publish(ChannelFor(db_), event.SerializeAsString(), &error)) << error;
  AppendToOutbox(db_, YourTurn("after-dup", "alice", "game-1", 4));
  const auto got = alice.Take(2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].event_id(), "dup-1");
  EXPECT_EQ(got[1].event_id(), "after-dup");
  EXPECT_FALSE(alice.Next(std::chrono::milliseconds(300)).has_value());
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM inbox WHERE event_id = 'dup-1'"), 1);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM notification_events"), 2);
}

// Acceptance 3: a client that disconnects, misses ten events and reconnects with its last event
// id receives exactly the ten, in order, and then live events.
TEST_F(OutboxDrivenDelivery, ReconnectWithLastEventIdReplaysExactlyTheTenMissedInOrderThenLive) {
  std::string last_event_id;
  {
    StreamReader phone(*stub_, AccessToken("alice"));
    AppendToOutbox(db_, YourTurn("seen-1", "alice", "game-1", 1));
    AppendToOutbox(db_, YourTurn("seen-2", "alice", "game-1", 2));
    const auto seen = phone.Take(2);
    ASSERT_EQ(seen.size(), 2u);
    last_event_id = seen.back().event_id();
    phone.Cancel();
    EXPECT_EQ(phone.Finish().error_code(), grpc::StatusCode::CANCELLED);
  }
  for (int i = 1; i <= 10; ++i) AppendToOutbox(db_, YourTurn("missed-" + std::to_string(i), "alice", "game-1", 2 + i));
  // Someone else's event in between must not show up in alice's replay.
  AppendToOutbox(db_, YourTurn("bobs-turn", "bob", "game-2", 1));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM inbox") == 13; }));

  StreamReader phone(*stub_, AccessToken("alice"), last_event_id);
  const auto replay = phone.Take(10);
  ASSERT_EQ(replay.size(), 10u);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(replay[i].event_id(), "missed-" + std::to_string(i + 1));
    EXPECT_EQ(replay[i].sequence(), 3 + i);
  }
  EXPECT_FALSE(phone.Next(std::chrono::milliseconds(300)).has_value()) << "more than the ten missed events";
  AppendToOutbox(db_, YourTurn("live-1", "alice", "game-1", 20));
  const auto live = phone.Next();
  ASSERT_TRUE(live.has_value());
  EXPECT_EQ(live->event_id(), "live-1");
  EXPECT_EQ(live->sequence(), 13);
}

TEST_F(OutboxDrivenDelivery, SubscribeSinceAnUnknownEventIsNotFound) {
  StreamReader phone(*stub_, AccessToken("alice"), "no-such-event");
  const grpc::Status status = phone.Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_NE(status.error_message().find("no-such-event"), std::string::npos);
}

TEST_F(OutboxDrivenDelivery, ListInboxPagesNewestFirstAndMarkReadIsIdempotent) {
  for (int i = 1; i <= 5; ++i) AppendToOutbox(db_, YourTurn("e" + std::to_string(i), "alice", "game-1", i));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM inbox") == 5; }));
  const std::string token = AccessToken("alice");

  mailrun::v1::ListInboxRequest list;
  list.mutable_page()->set_page_size(2);
  std::vector<std::string> seen;
  for (int page = 0; page < 5; ++page) {
    mailrun::v1::ListInboxResponse response;
    ASSERT_TRUE(stub_->ListInbox(ContextWith(token).get(), list, &response).ok());
    EXPECT_EQ(response.unread_count(), 5);
    for (const auto& n : response.notifications()) seen.push_back(n.event_id());
    if (response.page().next_page_token().empty()) break;
    list.mutable_page()->set_page_token(response.page().next_page_token());
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"e5", "e4", "e3", "e2", "e1"}));

  mailrun::v1::MarkReadRequest mark;
  mark.set_request_id("mark-1");
  mark.add_event_ids("e5");
  mark.set_up_to_sequence(2);
  mailrun::v1::MarkReadResponse marked;
  ASSERT_TRUE(stub_->MarkRead(ContextWith(token).get(), mark, &marked).ok());
  EXPECT_EQ(marked.marked(), 3);
  EXPECT_EQ(marked.unread_count(), 2);
  // A retry with the same request_id gets the first answer.
  mailrun::v1::MarkReadResponse again;
  ASSERT_TRUE(stub_->MarkRead(ContextWith(token).get(), mark, &again).ok());
  EXPECT_EQ(again.marked(), 3);
  // The same request_id for another call is refused.
  mailrun::v1::SetPreferencesRequest prefs;
  prefs.set_request_id("mark-1");
  mailrun::v1::SetPreferencesResponse prefs_response;
  EXPECT_EQ(stub_->SetPreferences(ContextWith(token).get(), prefs, &prefs_response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);

  mailrun::v1::ListInboxRequest unread;
  unread.set_unread_only(true);
  mailrun::v1::ListInboxResponse unread_response;
  ASSERT_TRUE(stub_->ListInbox(ContextWith(token).get(), unread, &unread_response).ok());
  ASSERT_EQ(unread_response.notifications_size(), 2);
  EXPECT_EQ(unread_response.notifications(0).event_id(), "e4");
  EXPECT_EQ(unread_response.notifications(1).event_id(), "e3");

  // Marking an event that is not in the inbox changes nothing, not even the valid ids beside it.
  mailrun::v1::MarkReadRequest bad;
  bad.set_request_id("mark-2");
  bad.add_event_ids("e4");
  bad.add_event_ids("not-mine");
  mailrun::v1::MarkReadResponse bad_response;
  const grpc::Status status = stub_->MarkRead(ContextWith(token).get(), bad, &bad_response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_NE(status.error_message().find("not-mine"), std::string::npos);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM inbox WHERE read_at IS NULL"), 2);

  mailrun::v1::ListInboxRequest bad_page;
  bad_page.mutable_page()->set_page_token("xyz");
  mailrun::v1::ListInboxResponse ignored;
  EXPECT_EQ(stub_->ListInbox(ContextWith(token).get(), bad_page, &ignored).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(OutboxDrivenDelivery, ShutdownEndsOpenStreamsAskingToReconnect) {
  StreamReader alice(*stub_, AccessToken("alice"));
  ASSERT_TRUE(alice.live());
  notify_->app().CloseStreams();
  EXPECT_EQ(alice.Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
}

// Events published while the notification service was down (pub/sub forgets them) are caught up
// from the outbox when it subscribes again.
TEST(NotificationCatchUp, EventsPublishedWhileTheServiceWasDownArriveAfterItStarts) {
  const std::string db = MigratedDatabase("notify_catchup");
  std::string last_event_id;
  {
    InProcessNotify notify(TestOptions(db, RedisUrl()));
    ASSERT_TRUE(notify.WaitSubscribed());
    auto relay = StartRelay(db, RedisUrl());
    AppendToOutbox(db, YourTurn("before", "alice", "game-1", 1));
    auto stub = notify.Stub();
    ASSERT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM inbox") == 1; }));
    last_event_id = "before";
  }
  {
    auto relay = StartRelay(db, RedisUrl());
    for (int i = 1; i <= 3; ++i) AppendToOutbox(db, YourTurn("while-down-" + std::to_string(i), "alice", "game-1", 1 + i));
    ASSERT_TRUE(Eventually([&] { return QueryInt(db, "SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  }
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM inbox"), 1) << "nobody was listening";
  InProcessNotify notify(TestOptions(db, RedisUrl()));
  ASSERT_TRUE(notify.WaitSubscribed());
  auto stub = notify.Stub();
  StreamReader phone(*stub, AccessToken("alice"), last_event_id);
  const auto got = phone.Take(3);
  ASSERT_EQ(got.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(got[i].event_id(), "while-down-" + std::to_string(i + 1));
  EXPECT_FALSE(phone.Next(std::chrono::milliseconds(300)).has_value());
}

}  // namespace
}  // namespace mailrun::notification::testing
