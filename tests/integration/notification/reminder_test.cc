// Reminders: a player who has not acted within the table's deadline gets a Reminder (through the
// outbox, so it reaches inbox, stream and push like any event), at most one per interval, and
// none once the game moved on or finished. Time is a FakeClock; Tick() is driven by the test.
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;
using std::chrono::minutes;

constexpr int64_t kHourSeconds = 3600;

class Reminders : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = MigratedDatabase("notify_reminders");
    auto options = TestOptions(db_, RedisUrl());
    options.run_outbox_relay = true;  // reminders leave through the service's own relay
    options.clock = clock_.clock();
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    stub_ = notify_->Stub();
  }

  // A YourTurn created at the fake clock's start, stored before returning.
  void Turn(const std::string& event_id, const std::string& user, int64_t version, int64_t remind_after = kHourSeconds) {
    auto event = YourTurn(event_id, user, "game-1", version, remind_after);
    event.set_created_at_unix_ms(kStart);
    // What the game service keys the turn as (events.proto, YourTurn 8-12).
    auto* turn = event.mutable_your_turn();
    turn->set_round_kind(mailrun::v1::ROUND_RAILWAY);
    turn->set_round_number(3);
    auto* expected = turn->mutable_structured_expected();
    expected->set_key("1853.turn.railway.lay_or_promote_track");
    auto* company = expected->add_params();
    company->set_name("company");
    company->set_company("EIR");
    AppendToOutbox(db_, event);
    ASSERT_TRUE(Eventually([&] {
      return QueryInt(db_, "SELECT count(*) FROM notification_events WHERE event_id = '" + event_id + "'") == 1;
    }));
  }
  int Tick(minutes after_start) {
    return notify_->app().reminders().Tick(FromUnixMs(kStart) + after_start);
  }

  static constexpr int64_t kStart = 1'800'000'000'000;
  FakeClock clock_{kStart};
  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(Reminders, AReminderComesAfterTheDeadlineAndAtMostOncePerInterval) {
  StreamReader alice(*stub_, AccessToken("alice"));
  Turn("turn-5", "alice", 5);
  ASSERT_TRUE(alice.Next().has_value());

  EXPECT_EQ(Tick(minutes(59)), 0);
  EXPECT_EQ(Tick(minutes(61)), 1);
  const auto reminder = alice.Next();
  ASSERT_TRUE(reminder.has_value());
  EXPECT_EQ(reminder->kind(), mailrun::v1::EVENT_KIND_REMINDER);
  EXPECT_EQ(reminder->event().reminder().game_id(), "game-1");
  EXPECT_EQ(reminder->event().reminder().waiting_since_unix_ms(), kStart);
  EXPECT_EQ(reminder->event().reminder().expected(), "operate the EIR: lay track");
  EXPECT_EQ(reminder->title(), "Reminder: your turn");
  // Issue 22: the reminder carries the turn's round and what it expects, typed, from the wait.
  EXPECT_EQ(reminder->event().reminder().round_kind(), mailrun::v1::ROUND_RAILWAY);
  EXPECT_EQ(reminder->event().reminder().round_number(), 3);
  EXPECT_EQ(reminder->event().reminder().structured_expected().key(), "1853.turn.railway.lay_or_promote_track");
  EXPECT_EQ(reminder->structured_text().key(), "1853.turn.railway.lay_or_promote_track");
  ASSERT_EQ(reminder->structured_text().params_size(), 1);
  EXPECT_EQ(reminder->structured_text().params(0).company(), "EIR");

  EXPECT_EQ(Tick(minutes(62)), 0) << "one reminder per interval";
  EXPECT_EQ(Tick(minutes(120)), 0);
  EXPECT_EQ(Tick(minutes(122)), 1);
  const auto second = alice.Next();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->kind(), mailrun::v1::EVENT_KIND_REMINDER);
  EXPECT_NE(second->event_id(), reminder->event_id());
  EXPECT_FALSE(alice.Next(std::chrono::milliseconds(300)).has_value());
}

TEST_F(Reminders, NoReminderOnceTheTurnMovedOn) {
  Turn("turn-5", "alice", 5);
  Turn("turn-6", "bob", 6);  // alice acted: the game is at version 6, bob's turn
  EXPECT_EQ(Tick(minutes(61)), 1);
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM inbox WHERE user_id = 'bob'") == 2; }));
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM notification_events WHERE kind = 'reminder'"), 1);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM inbox WHERE user_id = 'alice'"), 1);
}

TEST_F(Reminders, PlayersExpectedAtTheSameVersionAreEachReminded) {
  Turn("bids-3", "alice", 3);
  Turn("bids-3-bob", "bob", 3);  // simultaneous decisions at one version
  EXPECT_EQ(Tick(minutes(61)), 2);
}

TEST_F(Reminders, ALateOlderTurnStartsNoWait) {
  Turn("turn-6", "bob", 6);
  Turn("turn-5", "alice", 5);  // arrives late, the game is already past it
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM reminder_waits WHERE user_id = 'alice'"), 0);
  EXPECT_EQ(Tick(minutes(61)), 1);
}

TEST_F(Reminders, AFinishedGameAndAZeroDeadlineRemindNobody) {
  Turn("turn-5", "alice", 5);
  mailrun::v1::Event finished;
  finished.set_event_id("finished");
  finished.set_created_at_unix_ms(kStart);
  finished.add_user_ids("alice");
  finished.mutable_game_finished()->set_game_id("game-1");
  AppendToOutbox(db_, finished);
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM reminder_waits") == 0; }));
  Turn("turn-7", "alice", 7);  // a straggler after the end starts nothing either
  auto other = YourTurn("other-game", "bob", "game-2", 1, 0);
  AppendToOutbox(db_, other);
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM notification_events") == 4; }));
  EXPECT_EQ(Tick(minutes(24 * 60)), 0);
}

// The reminders step runs in a savepoint of its own (event_consumer.cc, Extra). A trigger makes it
// fail for one game: always with an ordinary error, or once with a deadlock.
void BreakRemindersOf(const std::string& database_url) {
  pqxx::connection connection(database_url);
  pqxx::work txn(connection);
  txn.exec(
      "CREATE SEQUENCE reminder_trips; "
      "CREATE FUNCTION break_reminders() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
      "  IF NEW.game_id = 'game-broken' THEN RAISE EXCEPTION 'reminders broken by the test'; END IF; "
      "  IF NEW.game_id = 'game-deadlocked' AND nextval('reminder_trips') = 1 THEN "
      "    RAISE EXCEPTION 'a deadlock made by the test' USING ERRCODE = '40P01'; END IF; "
      "  RETURN NEW; END $$; "
      "CREATE TRIGGER break_reminders BEFORE INSERT ON reminder_games FOR EACH ROW EXECUTE FUNCTION break_reminders()");
  txn.commit();
}

// Before the savepoint was real (libpqxx 6.4's subtransaction never sent its SAVEPOINT for
// exec_params), the failure aborted the event's transaction and its COMMIT rolled back silently:
// the event was reported stored and was gone.
TEST_F(Reminders, AnEventWhoseRemindersFailIsStoredAndStreamedWithoutThem) {
  BreakRemindersOf(db_);
  StreamReader alice(*stub_, AccessToken("alice"));
  AppendToOutbox(db_, YourTurn("broken-1", "alice", "game-broken", 1, kHourSeconds));
  const auto arrived = alice.Next();
  ASSERT_TRUE(arrived.has_value()) << "the event was lost with its reminders";
  EXPECT_EQ(arrived->event_id(), "broken-1");
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM notification_events WHERE event_id = 'broken-1'"), 1);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM reminder_waits"), 0);
  Turn("turn-5", "alice", 5);  // the next event, of another game, is stored with its wait
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM reminder_waits WHERE game_id = 'game-1'"), 1);
}

// A deadlock (two replicas storing events of one game at once) is not the reminders' fault: the
// event's transaction is tried again, and the wait is kept.
TEST_F(Reminders, ADeadlockInTheRemindersIsTriedAgainAndTheWaitKept) {
  BreakRemindersOf(db_);
  AppendToOutbox(db_, YourTurn("deadlocked-1", "alice", "game-deadlocked", 1, kHourSeconds));
  ASSERT_TRUE(Eventually([&] {
    return QueryInt(db_, "SELECT count(*) FROM notification_events WHERE event_id = 'deadlocked-1'") == 1;
  }));
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM reminder_waits WHERE game_id = 'game-deadlocked'"), 1);
  EXPECT_GE(QueryInt(db_, "SELECT last_value FROM reminder_trips"), 2) << "the transaction was not tried again";
}

}  // namespace
}  // namespace mailrun::notification::testing
