// Tables against the real mailrun-lobby, mailrun-game, PostgreSQL and Redis: creating, joining,
// leaving, kicking, inviting (the invitation published by the lobby's own outbox relay), private
// codes, listing with filters and pages, starting (by the host, or when full, also while the game
// service is down), idempotent retries, and refused calls that change nothing.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>
#include <thread>

#include "mailrun/v1/events.pb.h"
#include "services/common/auth.h"
#include "services/common/redis.h"
#include "services/common/refusal_details.h"
#include "services/common/token.h"
#include "tests/integration/lobby/lobby_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using mailrun::v1::Table;
using Stub = mailrun::v1::LobbyService::Stub;

class TableTest : public ::testing::Test {
 protected:
  // The game service runs no outbox relay here: whatever reaches Redis, the lobby published.
  static void SetUpTestSuite() {
    LobbyHarness::Options options;
    options.game_outbox_relay = false;
    lobby_ = new LobbyHarness("lobby_tables", options);
  }
  static void TearDownTestSuite() {
    delete lobby_;
    lobby_ = nullptr;
  }

  static Table Create(const AuthResponse& host, int seats, bool is_private = false,
                      mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED) {
    mailrun::v1::CreateTableRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_name("Calcutta express");
    request.set_seats(seats);
    request.set_is_private(is_private);
    request.set_edition(edition);
    request.set_turn_deadline_seconds(86400);
    Table table;
    const grpc::Status status = lobby_->Call(&Stub::CreateTable, host.access_token(), request, &table);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return table;
  }

  static grpc::Status Join(const AuthResponse& user, const std::string& table_id, Table* table = nullptr,
                           const std::string& request_id = "") {
    mailrun::v1::JoinTableRequest request;
    request.set_request_id(request_id.empty() ? lobby_->NewRequestId() : request_id);
    request.set_table_id(table_id);
    Table ignored;
    return lobby_->Call(&Stub::JoinTable, user.access_token(), request, table ? table : &ignored);
  }

  static grpc::Status Start(const AuthResponse& user, const std::string& table_id, Table* table = nullptr,
                            const std::string& request_id = "") {
    mailrun::v1::StartTableRequest request;
    request.set_request_id(request_id.empty() ? lobby_->NewRequestId() : request_id);
    request.set_table_id(table_id);
    Table ignored;
    return lobby_->Call(&Stub::StartTable, user.access_token(), request, table ? table : &ignored);
  }

  static Table Get(const AuthResponse& user, const std::string& table_id) {
    mailrun::v1::GetTableRequest request;
    request.set_table_id(table_id);
    Table table;
    EXPECT_TRUE(lobby_->Call(&Stub::GetTable, user.access_token(), request, &table).ok());
    return table;
  }

  static std::vector<std::string> PlayerIds(const Table& table) {
    std::vector<std::string> ids;
    for (const auto& player : table.players()) ids.push_back(player.user_id());
    return ids;
  }

  // How many games the game service has for `table_id`.
  static int64_t GamesOf(const std::string& table_id) {
    return lobby_->Count("SELECT count(*) FROM games WHERE table_id = '" + table_id + "'");
  }

  static LobbyHarness* lobby_;
};

LobbyHarness* TableTest::lobby_ = nullptr;

// Acceptance 1, up to the game service: four players at a full table; the lobby asks the game
// service to create the game with exactly those players in seat order (the request as the game
// service stored it), and each player's access token names the user of their seat.
TEST_F(TableTest, FullTableStartsAndTheGameServiceGetsThosePlayers) {
  const auto host = lobby_->NewUser("Host");
  std::vector<AuthResponse> players = {host, lobby_->NewUser("Amy"), lobby_->NewUser("Ben"), lobby_->NewUser("Cat")};
  const Table created = Create(host, 4);
  EXPECT_EQ(created.status(), mailrun::v1::TABLE_STATUS_OPEN);
  EXPECT_EQ(created.open_seats(), 3);
  EXPECT_EQ(created.title(), mailrun::v1::TITLE_1853) << "a table without a title plays 1853";
  EXPECT_FALSE(created.board_reconstructed());
  Table table;
  for (size_t i = 1; i < players.size(); ++i) {
    const grpc::Status status = Join(players[i], created.table_id(), &table);
    ASSERT_TRUE(status.ok()) << Describe(status);
  }
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  ASSERT_FALSE(table.game_id().empty());
  EXPECT_EQ(table.open_seats(), 0);
  EXPECT_GT(table.started_at_unix_ms(), 0);

  const auto request = lobby_->CreateRequestOf(table.game_id());
  ASSERT_TRUE(request.has_value());
  EXPECT_EQ(request->request_id(), "lobby-table-" + created.table_id());
  EXPECT_EQ(request->table_id(), created.table_id());
  EXPECT_TRUE(request->tournament_id().empty());
  EXPECT_EQ(request->turn_deadline_seconds(), 86400);
  EXPECT_EQ(request->config().edition(), mailrun::v1::EDITION_RETUNED);
  // 1853 stays unspecified in the request (retries of tables from before titles are the same).
  EXPECT_EQ(request->config().title(), mailrun::v1::TITLE_UNSPECIFIED);
  ASSERT_EQ(request->config().players_size(), 4);
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(request->config().players(seat).user_id(), players[seat].user_id());
    EXPECT_EQ(request->config().players(seat).display_name(), players[seat].display_name());
    // The game service maps a caller to a seat by the token's subject.
    const auto claims = TestVerifier().Verify(players[seat].access_token(),
                                                      mailrun::service::TokenKind::kAccess,
                                                      mailrun::service::UnixNow());
    ASSERT_TRUE(claims.has_value());
    EXPECT_EQ(claims->subject, request->config().players(seat).user_id());
  }
  EXPECT_EQ(Get(players[2], created.table_id()).game_id(), table.game_id());

  // A fifth player finds the table full.
  const auto late = lobby_->NewUser("Late");
  const auto before = lobby_->Snapshot();
  const grpc::Status full = Join(late, created.table_id());
  EXPECT_EQ(full.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(full.error_message(), "the table is full (4 of 4 seats taken) and its game has started");
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(TableTest, OnlyTheHostStartsAndOnlyWithThreePlayers) {
  const auto host = lobby_->NewUser("Host");
  const auto seated = lobby_->NewUser("Dan");
  const auto stranger = lobby_->NewUser("Eve");
  const Table created = Create(host, 5);
  ASSERT_TRUE(Join(seated, created.table_id()).ok());

  auto before = lobby_->Snapshot();
  grpc::Status status = Start(host, created.table_id());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(status.error_message(), "a game of 1853 needs at least 3 players; 2 seated");
  EXPECT_EQ(mailrun::service::RefusalOf(status)->key, "lobby.table.too_few_players");
  EXPECT_EQ(lobby_->Snapshot(), before);

  const auto third = lobby_->NewUser("Fay");
  ASSERT_TRUE(Join(third, created.table_id()).ok());
  before = lobby_->Snapshot();
  for (const auto* user : {&stranger, &seated}) {
    status = Start(*user, created.table_id());
    EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
    EXPECT_EQ(status.error_message(), "only the host can start the table");
    EXPECT_EQ(mailrun::service::RefusalOf(status)->key, "lobby.table.host_only");
  }
  EXPECT_EQ(lobby_->Snapshot(), before);
  EXPECT_EQ(GamesOf(created.table_id()), 0);

  Table started;
  ASSERT_TRUE(Start(host, created.table_id(), &started, "start-once").ok());
  EXPECT_EQ(started.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  EXPECT_EQ(lobby_->CreateRequestOf(started.game_id())->config().players_size(), 3);
  Table retried;
  ASSERT_TRUE(Start(host, created.table_id(), &retried, "start-once").ok());
  EXPECT_EQ(retried.game_id(), started.game_id());
  EXPECT_EQ(GamesOf(created.table_id()), 1);
  status = Start(host, created.table_id());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(status.error_message(), "the table has already started");
}

TEST_F(TableTest, LeavingPassesTheHostOnAndTheLastToLeaveClosesTheTable) {
  const auto host = lobby_->NewUser("Host");
  const auto second = lobby_->NewUser("Gil");
  const auto third = lobby_->NewUser("Hub");
  const Table created = Create(host, 6);
  ASSERT_TRUE(Join(second, created.table_id()).ok());
  ASSERT_TRUE(Join(third, created.table_id()).ok());

  mailrun::v1::LeaveTableRequest leave;
  leave.set_table_id(created.table_id());
  Table table;
  leave.set_request_id(lobby_->NewRequestId());
  ASSERT_TRUE(lobby_->Call(&Stub::LeaveTable, host.access_token(), leave, &table).ok());
  EXPECT_EQ(table.host().user_id(), second.user_id());
  EXPECT_EQ(PlayerIds(table), (std::vector<std::string>{second.user_id(), third.user_id()}));

  const auto before = lobby_->Snapshot();
  leave.set_request_id(lobby_->NewRequestId());
  const grpc::Status not_seated = lobby_->Call(&Stub::LeaveTable, host.access_token(), leave, &table);
  EXPECT_EQ(not_seated.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(not_seated.error_message(), "you do not sit at this table");
  EXPECT_EQ(lobby_->Snapshot(), before);

  for (const auto* user : {&second, &third}) {
    leave.set_request_id(lobby_->NewRequestId());
    ASSERT_TRUE(lobby_->Call(&Stub::LeaveTable, user->access_token(), leave, &table).ok());
  }
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_CLOSED);
  EXPECT_EQ(Join(host, created.table_id()).error_message(), "the table is closed: everyone left");
}

TEST_F(TableTest, TheHostKicksAndTheKickedCannotRejoin) {
  const auto host = lobby_->NewUser("Host");
  const auto pest = lobby_->NewUser("Ivo");
  const auto other = lobby_->NewUser("Jan");
  const Table created = Create(host, 6);
  ASSERT_TRUE(Join(pest, created.table_id()).ok());
  ASSERT_TRUE(Join(other, created.table_id()).ok());

  mailrun::v1::KickPlayerRequest kick;
  kick.set_table_id(created.table_id());
  kick.set_user_id(pest.user_id());
  kick.set_request_id(lobby_->NewRequestId());
  Table table;
  const auto before = lobby_->Snapshot();
  EXPECT_EQ(lobby_->Call(&Stub::KickPlayer, other.access_token(), kick, &table).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  kick.set_user_id(host.user_id());
  EXPECT_EQ(lobby_->Call(&Stub::KickPlayer, host.access_token(), kick, &table).error_message(),
            "the host cannot remove themselves; use LeaveTable");
  EXPECT_EQ(lobby_->Snapshot(), before);
  kick.set_user_id(lobby_->NewUser("Kit").user_id());
  const auto before_unseated = lobby_->Snapshot();
  EXPECT_EQ(lobby_->Call(&Stub::KickPlayer, host.access_token(), kick, &table).error_code(),
            grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(lobby_->Snapshot(), before_unseated);

  kick.set_user_id(pest.user_id());
  ASSERT_TRUE(lobby_->Call(&Stub::KickPlayer, host.access_token(), kick, &table).ok());
  EXPECT_EQ(PlayerIds(table), (std::vector<std::string>{host.user_id(), other.user_id()}));
  const grpc::Status rejoin = Join(pest, created.table_id());
  EXPECT_EQ(rejoin.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(rejoin.error_message(), "the host removed you from this table");
}

TEST_F(TableTest, PrivateTablesNeedTheCodeOrAnInvitation) {
  const auto host = lobby_->NewUser("Host");
  const auto friend_of_host = lobby_->NewUser("Lia");
  const auto invited = lobby_->NewUser("Mo");
  const auto stranger = lobby_->NewUser("Nia");
  const Table created = Create(host, 6, true);
  ASSERT_EQ(created.invitation_code().size(), 10u);
  EXPECT_TRUE(Get(stranger, created.table_id()).invitation_code().empty());

  const auto before = lobby_->Snapshot();
  grpc::Status status = Join(stranger, created.table_id());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(status.error_message(),
            "the table is private: join with its invitation code or an invitation from the host");
  mailrun::v1::JoinTableRequest by_code;
  by_code.set_request_id(lobby_->NewRequestId());
  by_code.set_invitation_code("WRONGCODE2");
  Table table;
  status = lobby_->Call(&Stub::JoinTable, stranger.access_token(), by_code, &table);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  by_code.set_table_id(created.table_id());
  EXPECT_EQ(lobby_->Call(&Stub::JoinTable, stranger.access_token(), by_code, &table).error_message(),
            "give exactly one of table_id and invitation_code");
  EXPECT_EQ(lobby_->Snapshot(), before);

  by_code.clear_table_id();
  by_code.set_invitation_code(created.invitation_code());
  ASSERT_TRUE(lobby_->Call(&Stub::JoinTable, friend_of_host.access_token(), by_code, &table).ok());
  EXPECT_EQ(table.invitation_code(), created.invitation_code()) << "players see the code";

  // An invitation: an InvitationReceived event in the outbox, and the invitee may join by id.
  mailrun::v1::ListTablesRequest list;
  mailrun::v1::ListTablesResponse listed;
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, invited.access_token(), list, &listed).ok());
  for (const auto& t : listed.tables()) EXPECT_NE(t.table_id(), created.table_id());
  mailrun::v1::InvitePlayersRequest invite;
  invite.set_request_id(lobby_->NewRequestId());
  invite.set_table_id(created.table_id());
  invite.add_display_names(invited.display_name());
  EXPECT_EQ(lobby_->Call(&Stub::InvitePlayers, friend_of_host.access_token(), invite, &table).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  ASSERT_TRUE(lobby_->Call(&Stub::InvitePlayers, host.access_token(), invite, &table).ok());
  {
    pqxx::work txn(lobby_->db());
    const pqxx::result rows =
        txn.exec("SELECT event_id, payload FROM outbox WHERE event_id LIKE 'lobby-invitation-%' ORDER BY id DESC LIMIT 1");
    ASSERT_EQ(rows.size(), 1u);
    mailrun::v1::Event event;
    ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(rows[0][1]).str()));
    EXPECT_EQ(event.event_id(), rows[0][0].as<std::string>());
    EXPECT_EQ(std::vector<std::string>(event.user_ids().begin(), event.user_ids().end()),
              std::vector<std::string>{invited.user_id()});
    ASSERT_TRUE(event.has_invitation_received());
    EXPECT_EQ(event.invitation_received().table_id(), created.table_id());
    EXPECT_EQ(event.invitation_received().from_user_id(), host.user_id());
    EXPECT_EQ(event.invitation_received().from_display_name(), host.display_name());
  }
  listed.Clear();
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, invited.access_token(), list, &listed).ok());
  bool seen = false;
  for (const auto& t : listed.tables()) seen = seen || t.table_id() == created.table_id();
  EXPECT_TRUE(seen) << "invited users see the private table";
  list.set_public_only(true);
  listed.Clear();
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, invited.access_token(), list, &listed).ok());
  for (const auto& t : listed.tables()) EXPECT_NE(t.table_id(), created.table_id());
  ASSERT_TRUE(Join(invited, created.table_id()).ok());
  EXPECT_EQ(Join(stranger, created.table_id()).error_code(), grpc::StatusCode::PERMISSION_DENIED);
}

// The lobby runs an outbox relay for its own events: an invitation reaches the events channel on
// Redis (this suite's game service runs no relay, so the lobby's published it) and its outbox row
// is marked sent.
TEST_F(TableTest, InvitationsArePublishedByTheLobbysOutboxRelay) {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<mailrun::v1::Event> received;
  mailrun::service::RedisSubscriber::Options options;
  options.endpoint = mailrun::service::ParseRedisUrl(RedisUrl());
  options.channels = {lobby_->events_channel()};
  mailrun::service::RedisSubscriber listener(options, [&](const std::string&, const std::string& message) {
    mailrun::v1::Event event;
    if (!event.ParseFromString(message)) return;
    std::lock_guard lock(mutex);
    received.push_back(event);
    arrived.notify_all();
  });
  listener.Start();
  for (int i = 0; i < 100 && !listener.subscribed(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(listener.subscribed());

  const auto host = lobby_->NewUser("Host");
  const auto invited = lobby_->NewUser("Ola");
  const Table created = Create(host, 3, true);
  mailrun::v1::InvitePlayersRequest invite;
  invite.set_request_id(lobby_->NewRequestId());
  invite.set_table_id(created.table_id());
  invite.add_display_names(invited.display_name());
  Table table;
  ASSERT_TRUE(lobby_->Call(&Stub::InvitePlayers, host.access_token(), invite, &table).ok());

  std::unique_lock lock(mutex);
  mailrun::v1::Event published;
  const bool seen = arrived.wait_for(lock, std::chrono::seconds(15), [&] {
    for (const auto& event : received) {
      if (event.invitation_received().table_id() == created.table_id()) published = event;
    }
    return !published.event_id().empty();
  });
  lock.unlock();
  listener.Stop();
  ASSERT_TRUE(seen) << "no InvitationReceived on " << lobby_->events_channel() << "\n" << ReadFile(lobby_->log_path());
  EXPECT_EQ(std::vector<std::string>(published.user_ids().begin(), published.user_ids().end()),
            std::vector<std::string>{invited.user_id()});
  EXPECT_EQ(published.invitation_received().from_user_id(), host.user_id());
  EXPECT_GT(published.created_at_unix_ms(), 0);
  EXPECT_EQ(lobby_->WaitForCount("SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL AND event_id = '" +
                                     published.event_id() + "'",
                                 1, std::chrono::seconds(10)),
            1);
}

// Other tests' open tables may be listed too (when the suite runs in one process): the checks
// look for this test's tables among the listed ones.
TEST_F(TableTest, ListingFiltersAndPages) {
  const auto host = lobby_->NewUser("Host");
  const auto viewer = lobby_->NewUser("Oz");
  std::set<std::string> hosted;
  std::set<std::string> roomy;  // 4 or more open seats
  for (int i = 0; i < 5; ++i) {
    const Table table = Create(host, 3 + i % 4, false, i % 2 == 0 ? mailrun::v1::EDITION_RETUNED
                                                                  : mailrun::v1::EDITION_UNSPECIFIED);
    EXPECT_EQ(table.edition(), mailrun::v1::EDITION_RETUNED);
    hosted.insert(table.table_id());
    if (table.open_seats() >= 4) roomy.insert(table.table_id());
  }
  // Seats 3, 4, 5, 6, 3 with the host seated: open seats 2, 3, 4, 5, 2.
  EXPECT_EQ(roomy.size(), 2u);

  // Pages of two, newest first, each table once; this test's tables are the newest.
  mailrun::v1::ListTablesRequest request;
  request.set_edition(mailrun::v1::EDITION_RETUNED);
  request.mutable_page()->set_page_size(2);
  std::vector<std::string> listed;
  while (true) {
    mailrun::v1::ListTablesResponse response;
    ASSERT_TRUE(lobby_->Call(&Stub::ListTables, viewer.access_token(), request, &response).ok());
    EXPECT_LE(response.tables_size(), 2);
    for (const auto& table : response.tables()) {
      EXPECT_EQ(table.edition(), mailrun::v1::EDITION_RETUNED);
      EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_OPEN);
      listed.push_back(table.table_id());
    }
    if (response.page().next_page_token().empty()) break;
    request.mutable_page()->set_page_token(response.page().next_page_token());
  }
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), listed.size()) << "a table listed twice";
  ASSERT_GE(listed.size(), 5u);
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.begin() + 5), hosted);

  // No table of the 2009 edition was opened here.
  request.clear_page();
  request.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
  mailrun::v1::ListTablesResponse none;
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, viewer.access_token(), request, &none).ok());
  EXPECT_EQ(none.tables_size(), 0);

  request.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
  request.set_min_open_seats(4);
  request.mutable_page()->set_page_size(100);
  mailrun::v1::ListTablesResponse with_room;
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, viewer.access_token(), request, &with_room).ok());
  std::set<std::string> listed_roomy;
  for (const auto& table : with_room.tables()) {
    EXPECT_GE(table.open_seats(), 4);
    if (hosted.contains(table.table_id())) listed_roomy.insert(table.table_id());
  }
  EXPECT_EQ(listed_roomy, roomy);

  request.mutable_page()->set_page_token("not-a-token");
  const grpc::Status bad = lobby_->Call(&Stub::ListTables, viewer.access_token(), request, &with_room);
  EXPECT_EQ(bad.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(bad.error_message().find("page_token"), std::string::npos);

  mailrun::v1::ListTablesRequest mine;
  mine.set_mine(true);
  mailrun::v1::ListTablesResponse own;
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, host.access_token(), mine, &own).ok());
  EXPECT_EQ(own.tables_size(), 5);
  ASSERT_TRUE(lobby_->Call(&Stub::ListTables, viewer.access_token(), mine, &own).ok());
  EXPECT_EQ(own.tables_size(), 0);
}

TEST_F(TableTest, RetriesWithTheSameRequestIdApplyOnce) {
  const auto host = lobby_->NewUser("Host");
  const auto guest = lobby_->NewUser("Pip");
  mailrun::v1::CreateTableRequest create;
  create.set_request_id("create-once");
  create.set_seats(5);
  Table first, again;
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, host.access_token(), create, &first).ok());
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, host.access_token(), create, &again).ok());
  EXPECT_EQ(again.table_id(), first.table_id());
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM lobby_tables WHERE host_user_id = '" + host.user_id() + "'"), 1);
  // The same request_id from another user is that user's own.
  Table theirs;
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, guest.access_token(), create, &theirs).ok());
  EXPECT_NE(theirs.table_id(), first.table_id());

  Table joined;
  ASSERT_TRUE(Join(guest, first.table_id(), &joined, "join-once").ok());
  ASSERT_TRUE(Join(guest, first.table_id(), &joined, "join-once").ok());
  EXPECT_EQ(joined.players_size(), 2);
  const grpc::Status twice = Join(guest, first.table_id());
  EXPECT_EQ(twice.error_message(), "you already sit at this table");
  const grpc::Status reused = Start(host, first.table_id(), nullptr, "create-once");
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(TableTest, ConcurrentDuplicatesOfOneRequestApplyOnce) {
  const auto host = lobby_->NewUser("Host");
  mailrun::v1::CreateTableRequest create;
  create.set_request_id("create-concurrently");
  create.set_seats(4);
  std::vector<Table> answers(4);
  std::vector<grpc::Status> statuses(4);
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back(
        [&, i] { statuses[i] = lobby_->Call(&Stub::CreateTable, host.access_token(), create, &answers[i]); });
  }
  for (auto& thread : threads) thread.join();
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(statuses[i].ok()) << Describe(statuses[i]);
    EXPECT_EQ(answers[i].table_id(), answers[0].table_id());
  }
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM lobby_tables WHERE host_user_id = '" + host.user_id() + "'"), 1);
}

TEST_F(TableTest, BadTableRequestsAreRefusedAndChangeNothing) {
  const auto host = lobby_->NewUser("Host");
  const auto before = lobby_->Snapshot();
  struct Case {
    std::function<void(mailrun::v1::CreateTableRequest&)> change;
    std::string message;
    std::string field;  // BadRequest's field; the key is lobby.invalid.<field>
  };
  const std::vector<Case> cases = {
      {[](auto& r) { r.set_seats(7); }, "seats must be 3 to 6 (1853 is a game for 3 to 6 players)", "seats"},
      {[](auto& r) { r.set_seats(2); }, "seats must be 3 to 6 (1853 is a game for 3 to 6 players)", "seats"},
      {[](auto& r) {
         r.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
         r.mutable_options()->set_simplified_game(true);
       },
       "2.4.1: the simplified game is an option of 1853 Retuned only", "options"},
      {[](auto& r) { r.set_turn_deadline_seconds(5); }, "turn_deadline_seconds must be 0", "turn_deadline_seconds"},
      {[](auto& r) { r.set_name(std::string(61, 'n')); }, "name must be at most 60 characters", "name"},
      {[](auto& r) { r.clear_request_id(); }, "request_id is required", "request_id"},
  };
  for (const auto& c : cases) {
    mailrun::v1::CreateTableRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_seats(4);
    c.change(request);
    Table table;
    const grpc::Status status = lobby_->Call(&Stub::CreateTable, host.access_token(), request, &table);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.message;
    EXPECT_EQ(status.error_message().rfind(c.message, 0), 0u) << status.error_message();
    const auto details = mailrun::service::RefusalOf(status);  // issue 22: the standard error details
    ASSERT_TRUE(details.has_value()) << c.message;
    EXPECT_EQ(details->key, "lobby.invalid." + c.field);
    EXPECT_EQ(details->bad_field, c.field);
    EXPECT_EQ(details->kind, "malformed");
  }
  mailrun::v1::CreateTableRequest request;
  request.set_request_id(lobby_->NewRequestId());
  request.set_seats(4);
  Table table;
  const grpc::Status anonymous = lobby_->Call(&Stub::CreateTable, "", request, &table);
  EXPECT_EQ(anonymous.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(mailrun::service::RefusalOf(anonymous)->key, "auth.token_missing");
  const grpc::Status nowhere = Join(host, "no-such-table");
  EXPECT_EQ(nowhere.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(mailrun::service::RefusalOf(nowhere)->key, "lobby.table.not_found");
  EXPECT_EQ(Start(host, "no-such-table").error_message(), "no table with id 'no-such-table'");
  // An edition that does not exist (both editions of 1853 are playable since issue 18).
  request.set_edition(static_cast<mailrun::v1::Edition>(9));
  const grpc::Status unknown_edition = lobby_->Call(&Stub::CreateTable, host.access_token(), request, &table);
  EXPECT_EQ(unknown_edition.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << unknown_edition.error_message();
  request.set_edition(mailrun::v1::EDITION_RETUNED);
  // 1947 has one edition: not 1853's.
  request.set_title(mailrun::v1::TITLE_1947);
  const grpc::Status mixed = lobby_->Call(&Stub::CreateTable, host.access_token(), request, &table);
  EXPECT_EQ(mixed.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << "1947 has no Retuned edition";
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(TableTest, ConcurrentJoinsNeverOverfillATable) {
  const auto host = lobby_->NewUser("Host");
  std::vector<AuthResponse> crowd;
  for (int i = 0; i < 6; ++i) crowd.push_back(lobby_->NewUser("Rush"));
  const Table created = Create(host, 4);
  std::atomic<int> joined{0};
  std::atomic<int> refused{0};
  std::vector<std::thread> threads;
  for (const auto& user : crowd) {
    threads.emplace_back([&, user] {
      const grpc::Status status = Join(user, created.table_id());
      if (status.ok()) {
        ++joined;
      } else if (status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
        ++refused;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(joined.load(), 3);
  EXPECT_EQ(refused.load(), 3);
  const Table table = Get(host, created.table_id());
  EXPECT_EQ(table.players_size(), 4);
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  EXPECT_EQ(lobby_->CreateRequestOf(table.game_id())->config().players_size(), 4);
}

// With the game service down, a started table waits in STARTING (the join itself succeeds); the
// reconciler creates the game once the game service is back, exactly once.
TEST(TablesWithoutGameService, StartedTableWaitsUntilTheGameServiceIsBack) {
  LobbyHarness lobby("lobby_tables_down");  // the reconciler runs every second
  const auto host = lobby.NewUser("Host");
  std::vector<AuthResponse> others = {lobby.NewUser("Quin"), lobby.NewUser("Rex")};
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(lobby.NewRequestId());
  create.set_seats(3);
  Table table;
  ASSERT_TRUE(lobby.Call(&Stub::CreateTable, host.access_token(), create, &table).ok());
  lobby.KillGameService();
  for (const auto& user : others) {
    mailrun::v1::JoinTableRequest join;
    join.set_request_id(lobby.NewRequestId());
    join.set_table_id(table.table_id());
    const grpc::Status status = lobby.Call(&Stub::JoinTable, user.access_token(), join, &table);
    ASSERT_TRUE(status.ok()) << "the join itself succeeds: " << Describe(status);
  }
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_STARTING);
  EXPECT_TRUE(table.game_id().empty());
  std::this_thread::sleep_for(std::chrono::seconds(2));  // reconciler passes that find it down
  const std::string games_of_table = "SELECT count(*) FROM games WHERE table_id = '" + table.table_id() + "'";
  EXPECT_EQ(lobby.Count(games_of_table), 0);

  lobby.StartGameService();
  mailrun::v1::GetTableRequest get;
  get.set_table_id(table.table_id());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (table.status() != mailrun::v1::TABLE_STATUS_PLAYING && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ASSERT_TRUE(lobby.Call(&Stub::GetTable, host.access_token(), get, &table).ok());
  }
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << ReadFile(lobby.log_path());
  EXPECT_EQ(lobby.Count(games_of_table), 1);
  mailrun::v1::GetGameRequest game_request;
  game_request.set_game_id(table.game_id());
  mailrun::v1::GetGameResponse game;
  ASSERT_TRUE(lobby.GameCall(&GameStub::GetGame, others[1].access_token(), game_request, &game).ok());
  EXPECT_EQ(game.your_seat(), 2);
  EXPECT_EQ(game.status(), mailrun::v1::GAME_STATUS_ACTIVE);
}

}  // namespace
}  // namespace mailrun::testing
