// A move's write (game_store.h AdvanceAndAppend) against real PostgreSQL: one statement that
// commits by itself, writes everything or nothing, and NOTIFYs nothing at its commit; the
// announcement after it (AnnounceCommitted, sent by the VersionAnnouncer) wakes the relays and the
// version listeners.
#include <gtest/gtest.h>

#include <pqxx/pqxx>

#include <algorithm>
#include <set>

#include "services/common/database.h"
#include "services/common/outbox.h"
#include "services/game/game_store.h"
#include "services/game/version_announcer.h"
#include "tests/testing/servers.h"

namespace mailrun::game::testing {
namespace {

std::string MigratedDatabase(const std::string& prefix) {
  const std::string url = mailrun::testing::FreshDatabase(prefix);
  pqxx::connection connection(url);
  mailrun::service::ApplyMigrations(connection, mailrun::service::EmbeddedMigrations());
  return url;
}

int64_t Count(const std::string& url, const std::string& sql) {
  pqxx::connection connection(url);
  pqxx::nontransaction txn(connection);
  return txn.exec1(sql)[0].as<int64_t>();
}

void InsertGame(const std::string& url, const std::string& game_id) {
  store::NewGame game;
  game.info.game_id = game_id;
  for (const char* user : {"ann", "bob", "cy"}) {
    auto* player = game.info.config.add_players();
    player->set_user_id(user);
    player->set_display_name(user);
  }
  game.created_by = "test";
  pqxx::connection connection(url);
  pqxx::work txn(connection);
  ASSERT_TRUE(store::InsertGame(txn, game));
  txn.commit();
}

store::HeadUpdate Head(int64_t expected_version) {
  store::HeadUpdate head;
  head.expected_version = expected_version;
  head.active_seats = {1};
  head.round = "Railway Round 1";
  return head;
}

store::NewRow Row(int64_t seq, const std::string& request_id) {
  return store::NewRow{seq, store::kActionRow, 0, "ann", "action-bytes", 0, request_id, "answer-bytes"};
}

mailrun::service::OutboxRow TurnEvent(const std::string& id) {
  mailrun::v1::Event event;
  event.set_event_id(id);
  event.add_user_ids("bob");
  event.mutable_your_turn()->set_game_id("g1");
  return mailrun::service::ToOutboxRow(event);
}

// Counts NOTIFYs on one channel reaching a listening connection, and keeps their payloads.
class Heard : public pqxx::notification_receiver {
 public:
  Heard(pqxx::connection_base& connection, const std::string& channel) : pqxx::notification_receiver(connection, channel) {}
  void operator()(const std::string& payload, int) override {
    ++count;
    payloads.push_back(payload);
  }
  int count = 0;
  std::vector<std::string> payloads;
};

TEST(MoveWrite, CommitsEverythingInOneStatementAndNotifiesNothingUntilAnnounced) {
  const std::string url = MigratedDatabase("move_write_announce");
  InsertGame(url, "g1");
  pqxx::connection listener(url);
  Heard relays(listener, mailrun::service::kOutboxNotifyChannel);
  Heard versions(listener, store::kGameVersionChannel);
  listener.get_notifs();

  pqxx::connection writer(url);
  {
    pqxx::nontransaction txn(writer);
    ASSERT_TRUE(store::AdvanceAndAppend(txn, "g1", Head(0), Row(1, "r1"), {TurnEvent("e1"), TurnEvent("e2")},
                                        std::string("{\"state\":1}")));
  }
  // Committed by the statement itself: another connection sees all of it at once.
  EXPECT_EQ(Count(url, "SELECT version FROM games WHERE game_id = 'g1'"), 1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM game_actions WHERE game_id = 'g1' AND seq = 1 AND request_id = 'r1'"), 1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM game_snapshots WHERE game_id = 'g1' AND seq = 1"), 1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM outbox WHERE event_id IN ('e1', 'e2') AND sent_at IS NULL"), 2);
  listener.await_notification(1, 0);
  EXPECT_EQ(relays.count, 0);
  EXPECT_EQ(versions.count, 0);

  {
    pqxx::nontransaction txn(writer);
    store::AnnounceCommitted(txn, {"g1"}, /*outbox_rows=*/true);
  }
  for (int waited = 0; waited < 10 && (relays.count == 0 || versions.count == 0); ++waited) {
    listener.await_notification(1, 0);
  }
  EXPECT_EQ(relays.count, 1);
  EXPECT_EQ(versions.count, 1);

  // The setting ended with the statement: a row appended the usual way wakes the relays at commit.
  {
    pqxx::work txn(writer);
    mailrun::v1::Event event;
    event.set_event_id("at-commit");
    event.add_user_ids("bob");
    event.mutable_your_turn()->set_game_id("g1");
    mailrun::service::AppendOutboxEvent(txn, event);
    txn.commit();
  }
  for (int waited = 0; waited < 10 && relays.count == 1; ++waited) listener.await_notification(1, 0);
  EXPECT_EQ(relays.count, 2);
}

TEST(MoveWrite, ALostRaceWritesNothing) {
  const std::string url = MigratedDatabase("move_write_race");
  InsertGame(url, "g1");
  pqxx::connection writer(url);
  pqxx::nontransaction txn(writer);
  ASSERT_TRUE(store::AdvanceAndAppend(txn, "g1", Head(0), Row(1, "first"), {}, std::nullopt));
  // The same version again (a second submitter that read version 0): nothing of it is written.
  store::HeadUpdate finished = Head(0);
  finished.finished = true;
  finished.results = "results";
  EXPECT_FALSE(store::AdvanceAndAppend(txn, "g1", finished, Row(1, "second"), {TurnEvent("lost")},
                                       std::string("{}")));
  EXPECT_EQ(Count(url, "SELECT version FROM games WHERE game_id = 'g1'"), 1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM games WHERE game_id = 'g1' AND status = 'active' AND results IS NULL"), 1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM game_actions WHERE request_id = 'second'"), 0);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM outbox"), 0);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM game_snapshots"), 0);
  // The game's last move: its results and its status go with it.
  EXPECT_TRUE(store::AdvanceAndAppend(txn, "g1", [] {
    store::HeadUpdate last = Head(1);
    last.finished = true;
    last.results = "results";
    return last;
  }(), Row(2, "third"), {TurnEvent("finished")}, std::string("{}")));
  EXPECT_EQ(Count(url, "SELECT count(*) FROM games WHERE game_id = 'g1' AND version = 2 AND status = 'finished'"
                       " AND results = 'results'::bytea AND finished_at IS NOT NULL"),
            1);
  EXPECT_EQ(Count(url, "SELECT count(*) FROM outbox WHERE event_id = 'finished'"), 1);
}


// Waits up to 10 s until `heard` has `count` notifications.
void AwaitCount(pqxx::connection& listener, const Heard& heard, int count) {
  for (int waited = 0; waited < 10 && heard.count < count; ++waited) listener.await_notification(1, 0);
}

// A fresh database with a connection listening to the relays' and the versions' channels.
struct Listening {
  explicit Listening(const std::string& prefix) : url(MigratedDatabase(prefix)), listener(url) { listener.get_notifs(); }
  std::string url;
  pqxx::connection listener;
  Heard relays{listener, mailrun::service::kOutboxNotifyChannel};
  Heard versions{listener, store::kGameVersionChannel};
};

TEST(MoveWrite, ManyGamesAnnouncedInStatementsOfAtMostAFewEach) {
  Listening db("move_write_many");
  auto& [url, listener, relays, versions] = db;
  std::vector<std::string> games;
  for (size_t i = 0; i < store::kAnnouncedAtOnce + 5; ++i) games.push_back("game-" + std::to_string(i));
  pqxx::connection writer(url);
  {
    pqxx::nontransaction txn(writer);
    store::AnnounceCommitted(txn, games, /*outbox_rows=*/true);
  }
  AwaitCount(listener, versions, static_cast<int>(games.size()));
  listener.await_notification(0, 200000);  // anything more that was sent arrives meanwhile
  std::vector<std::string> heard = versions.payloads;
  std::sort(heard.begin(), heard.end());
  std::sort(games.begin(), games.end());
  EXPECT_EQ(heard, games);
  EXPECT_EQ(relays.count, 1);  // once, not once per game: identical NOTIFYs of a statement fold
}

TEST(VersionAnnouncer, SendsEveryQueuedGameAndWhatIsQueuedWhenStopped) {
  Listening db("version_announcer");
  auto& [url, listener, relays, versions] = db;
  mailrun::service::ConnectionPool pool(url, 2);
  {
    VersionAnnouncer announcer(pool);
    // Not started: sent on the caller's thread.
    announcer.Announce("before-start", /*outbox_rows=*/false);
    AwaitCount(listener, versions, 1);
    ASSERT_EQ(versions.payloads, std::vector<std::string>{"before-start"});
    announcer.Start();
    for (int i = 0; i < 200; ++i) announcer.Announce("g" + std::to_string(i % 20), /*outbox_rows=*/i == 7);
    announcer.Stop();  // sends what is still queued
    AwaitCount(listener, versions, 21);
    listener.await_notification(0, 200000);
  }
  // Each of the 20 games at least once (more if a batch went out between two of its moves), and
  // the relays woken; nothing announced that was not queued.
  std::set<std::string> games(versions.payloads.begin() + 1, versions.payloads.end());
  EXPECT_EQ(games.size(), 20u);
  for (const auto& game : games) EXPECT_EQ(game.rfind('g', 0), 0u) << game;
  EXPECT_LE(versions.count, 201);
  EXPECT_GE(relays.count, 1);
}
}  // namespace
}  // namespace mailrun::game::testing
