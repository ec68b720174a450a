// Games that really end in the game service (the reference bot plays them to the end through its
// API), and the two ways the lobby learns of them:
//   - the GameFinished event on the events channel (Redis), with the reconciler not running again
//     during the test;
//   - with Redis unavailable to the lobby, the reconciler asking GetGameResult.
// Either way the lobby records the game service's results once, with placement points and wealth
// shares, rates the players and marks the table finished.
#include <gtest/gtest.h>

#include "services/lobby/game_client.h"
#include "tests/integration/lobby/bot_games.h"
#include "tests/integration/lobby/lobby_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using Stub = mailrun::v1::LobbyService::Stub;

struct FinishedTable {
  std::vector<AuthResponse> players;  // in seat order
  mailrun::v1::Table table;
  mailrun::v1::GetGameResultResponse result;  // the game service's
};

// Three new players fill a short-bank table; the bot plays its game to the end.
FinishedTable PlayATableToTheEnd(LobbyHarness& lobby) {
  FinishedTable finished;
  std::map<std::string, std::string> token_of;
  for (int i = 0; i < 3; ++i) {
    finished.players.push_back(lobby.NewUser("End"));
    token_of[finished.players.back().user_id()] = finished.players.back().access_token();
  }
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(lobby.NewRequestId());
  create.set_seats(3);
  create.mutable_options()->set_bank(mailrun::v1::BANK_SHORT);
  EXPECT_TRUE(lobby.Call(&Stub::CreateTable, finished.players[0].access_token(), create, &finished.table).ok());
  for (int i = 1; i < 3; ++i) {
    mailrun::v1::JoinTableRequest join;
    join.set_request_id(lobby.NewRequestId());
    join.set_table_id(finished.table.table_id());
    EXPECT_TRUE(lobby.Call(&Stub::JoinTable, finished.players[i].access_token(), join, &finished.table).ok());
  }
  EXPECT_EQ(finished.table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  if (!PlayToTheEndWithBots(lobby, finished.table.game_id(), token_of)) return finished;
  mailrun::v1::GetGameResultRequest ask;
  ask.set_game_id(finished.table.game_id());
  EXPECT_TRUE(lobby
                  .GameCall(&GameStub::GetGameResult, mailrun::lobby::LobbyServiceToken(TestSigner()), ask,
                            &finished.result)
                  .ok());
  EXPECT_EQ(finished.result.status(), mailrun::v1::GAME_STATUS_FINISHED);
  return finished;
}

// The lobby's record of the game equals the game service's results.
void ExpectRecorded(LobbyHarness& lobby, const FinishedTable& finished) {
  const std::string& game_id = finished.table.game_id();
  ASSERT_EQ(finished.result.results_size(), 3);
  int64_t total = 0;
  for (const auto& entry : finished.result.results()) total += entry.final_wealth();
  {
    pqxx::nontransaction txn(lobby.db());
    EXPECT_EQ(txn.exec_params1("SELECT reason FROM lobby_game_results WHERE game_id = $1", game_id)[0]
                  .as<std::string>(),
              finished.result.reason());
    for (const auto& entry : finished.result.results()) {
      const pqxx::row row = txn.exec_params1(
          "SELECT seat, rank, final_wealth, placement_points, wealth_share FROM lobby_result_players"
          " WHERE game_id = $1 AND user_id = $2",
          game_id, entry.user_id());
      EXPECT_EQ(row[0].as<int>(), entry.seat());
      EXPECT_EQ(row[1].as<int>(), entry.rank());
      EXPECT_EQ(row[2].as<int64_t>(), entry.final_wealth());
      // Three players: 60, 30, 0; tied players share the points of their places.
      int better = 0;
      int tied = 0;
      for (const auto& other : finished.result.results()) {
        better += other.rank() < entry.rank() ? 1 : 0;
        tied += other.rank() == entry.rank() ? 1 : 0;
      }
      double points = 0;
      for (int place = better + 1; place <= better + tied; ++place) points += 30.0 * (3 - place);
      EXPECT_DOUBLE_EQ(row[3].as<double>(), points / tied) << "rank " << entry.rank();
      EXPECT_DOUBLE_EQ(row[4].as<double>(), static_cast<double>(entry.final_wealth()) / static_cast<double>(total));
    }
  }
  mailrun::v1::GetTableRequest get;
  get.set_table_id(finished.table.table_id());
  mailrun::v1::Table table;
  ASSERT_TRUE(lobby.Call(&Stub::GetTable, finished.players[0].access_token(), get, &table).ok());
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_FINISHED);
  for (int seat = 0; seat < 3; ++seat) {
    mailrun::v1::MyResults mine;
    ASSERT_TRUE(lobby
                    .Call(&Stub::GetMyResults, finished.players[seat].access_token(),
                          mailrun::v1::GetMyResultsRequest(), &mine)
                    .ok());
    ASSERT_EQ(mine.results_size(), 1);
    EXPECT_EQ(mine.results(0).game_id(), game_id);
    EXPECT_EQ(mine.results(0).rank(), finished.result.results(seat).rank());
    EXPECT_DOUBLE_EQ(mine.results(0).rating_before(), 1500);
  }
}

// Waits until the lobby has recorded the game, checks the record and returns the lobby's log.
std::string ExpectRecordedSoon(LobbyHarness& lobby, const FinishedTable& finished) {
  const std::string count = "SELECT count(*) FROM lobby_game_results WHERE game_id = '" + finished.table.game_id() + "'";
  EXPECT_EQ(lobby.WaitForCount(count, 1, std::chrono::seconds(20)), 1) << ReadFile(lobby.log_path());
  ExpectRecorded(lobby, finished);
  return ReadFile(lobby.log_path());
}

TEST(FinishedGames, TheLobbyRecordsAGameFromItsGameFinishedEvent) {
  // The reconciler's first pass runs at start-up, before the game exists; the next in an hour.
  LobbyHarness::Options options;
  options.reconcile_seconds = 3600;
  LobbyHarness lobby("lobby_finished_event", options);
  const FinishedTable finished = PlayATableToTheEnd(lobby);
  ASSERT_FALSE(HasFailure());
  const std::string log = ExpectRecordedSoon(lobby, finished);
  EXPECT_NE(log.find("game " + finished.table.game_id() + ": result recorded"), std::string::npos) << log;
  EXPECT_EQ(log.find("results recorded"), std::string::npos) << "the reconciler recorded it:\n" << log;
}

TEST(FinishedGames, WithoutRedisTheReconcilerRecordsTheGame) {
  LobbyHarness::Options options;
  options.lobby_redis_url = "redis://127.0.0.1:" + std::to_string(FreePort());  // nobody listens there
  LobbyHarness lobby("lobby_finished_no_redis", options);
  const FinishedTable finished = PlayATableToTheEnd(lobby);
  ASSERT_FALSE(HasFailure());
  const std::string log = ExpectRecordedSoon(lobby, finished);
  EXPECT_NE(log.find("Redis subscriber: cannot connect to Redis"), std::string::npos) << log;
  EXPECT_NE(log.find("reconciler: 0 games created, 1 results recorded"), std::string::npos) << log;
}

}  // namespace
}  // namespace mailrun::testing
