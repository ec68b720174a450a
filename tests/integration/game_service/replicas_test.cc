// Two replicas of mailrun-game on one database, each with a cache of its own: a move the cache can
// answer is written without reading first (move_service.h), so what decides it must be the
// database's version, never what a replica remembers. Against real processes and PostgreSQL.
#include <gtest/gtest.h>

#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::engine::Game;

TEST(Replicas, AMoveOnAReplicaThatRemembersAnOlderVersionIsRefusedAsStale) {
  GameHarness first("game_service_replicas");
  GameHarness second("game_service_replicas_2", first);
  const mailrun::v1::GameConfig config = PlayersConfig("replicas", 3, 91);
  const std::string game_id = first.CreateGame(config);
  Game local = *Game::Create(config);

  // Plays the local copy's next action through `replica` at `version`.
  const auto play = [&](GameHarness& replica, int64_t version, mailrun::v1::SubmitActionResponse* response,
                        std::multimap<std::string, std::string>* trailers) {
    const int seat = local.ActiveSeats().at(0);
    mailrun::v1::Action action = local.LegalActions(seat).at(0).action();
    const std::string token = GameHarness::AccessToken(config.players(seat).user_id());
    const grpc::Status status =
        Submit(replica.stub(), token, game_id, version, action, NewRequestId(), response, trailers);
    if (status.ok()) {
      action.set_seat(seat);
      EXPECT_TRUE(local.Apply(action).ok());
    }
    return status;
  };

  mailrun::v1::SubmitActionResponse answer;
  ASSERT_TRUE(play(first, 0, &answer, nullptr).ok());  // the first replica now holds version 1
  ASSERT_TRUE(play(second, 1, &answer, nullptr).ok());  // the second moves the game to 2
  // A client that saw version 1 asks the first replica, which still holds version 1.
  std::multimap<std::string, std::string> trailers;
  const grpc::Status stale = play(first, 1, &answer, &trailers);
  EXPECT_EQ(stale.error_code(), grpc::StatusCode::ABORTED) << Describe(stale);
  const auto current = trailers.find("mailrun-current-version");
  ASSERT_NE(current, trailers.end());
  EXPECT_EQ(current->second, "2");
  EXPECT_EQ(first.Count("SELECT version FROM games WHERE game_id = '" + game_id + "'"), 2);
  EXPECT_EQ(first.Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "'"), 2);

  // At the version the database holds, the first replica loads the game again and moves it on.
  ASSERT_TRUE(play(first, 2, &answer, nullptr).ok());
  EXPECT_EQ(answer.version(), 3);
  EXPECT_EQ(ReplayStoredLog(first.db(), game_id).SnapshotJson(), local.SnapshotJson());
}

}  // namespace
}  // namespace mailrun::game::testing
