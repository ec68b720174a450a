// Acceptance 2 of issue 9: 16 clients (each on a connection of its own) submit to one game at the
// same moment with the same expected version: exactly one succeeds, the other 15 get ABORTED with
// the current version. Repeated 1,000 times over a series of games; afterwards the stored log
// holds exactly the 1,000 winning actions (each once, in order, with the winner's request_id),
// every game's version equals its number of log rows, and the engine's replay of each log equals
// the local copy that followed the winners. Prints SubmitAction latency percentiles (information,
// not a claim: see docs/benchmarks.md for measurements).
#include <gtest/gtest.h>

#include <algorithm>
#include <barrier>
#include <chrono>
#include <thread>

#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::engine::Game;

constexpr int kClients = 16;
constexpr int kRepetitions = 1000;
constexpr int kActionsPerGame = 200;  // a new game after this many (or when one ends)

struct Attempt {
  mailrun::v1::Action action;
  std::string request_id;
  grpc::Status status;
  mailrun::v1::SubmitActionResponse response;
  std::multimap<std::string, std::string> trailers;
  double millis = 0;
};

struct PlayedGame {
  std::string game_id;
  mailrun::v1::GameConfig config;
  std::vector<std::string> winning_request_ids;  // by seq - 1
  std::optional<Game> local;
};

double Percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * (values.size() - 1))];
}

TEST(Race, SixteenClientsOneVersionExactlyOneWinsAThousandTimes) {
  GameHarness harness("game_service_race");
  std::vector<std::unique_ptr<GameStub>> stubs;
  for (int c = 0; c < kClients; ++c) stubs.push_back(harness.NewStub());

  std::vector<PlayedGame> games;
  std::vector<Attempt> attempts(kClients);
  std::string token;
  std::string game_id;
  int64_t version = 0;
  bool stop = false;
  std::barrier start(kClients + 1), done(kClients + 1);
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      while (true) {
        start.arrive_and_wait();
        if (stop) return;
        Attempt& attempt = attempts[c];
        const auto began = std::chrono::steady_clock::now();
        attempt.trailers.clear();
        attempt.status = Submit(*stubs[c], token, game_id, version, attempt.action, attempt.request_id,
                                &attempt.response, &attempt.trailers);
        attempt.millis = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
        done.arrive_and_wait();
      }
    });
  }

  std::vector<double> winner_ms, loser_ms;
  uint64_t rng = 12345;
  int wins = 0, aborted = 0, other = 0;
  for (int rep = 0; rep < kRepetitions && !::testing::Test::HasFailure(); ++rep) {
    if (games.empty() || games.back().local->Finished() ||
        static_cast<int>(games.back().winning_request_ids.size()) >= kActionsPerGame) {
      PlayedGame next;
      next.config = PlayersConfig("race" + std::to_string(games.size()), 4, 1000 + games.size());
      next.game_id = harness.CreateGame(next.config);
      next.local.emplace(*Game::Create(next.config));
      games.push_back(std::move(next));
      version = 0;
    }
    PlayedGame& game = games.back();
    game_id = game.game_id;
    const int seat = game.local->ActiveSeats().at(0);
    token = GameHarness::AccessToken(game.config.players(seat).user_id());
    const auto legal = game.local->LegalActions(seat);
    if (legal.empty()) {
      ADD_FAILURE() << "seat " << seat << " is to act but has no legal action";
      break;
    }
    for (int c = 0; c < kClients; ++c) {
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      attempts[c].action = legal[(rng >> 33) % legal.size()].action();
      attempts[c].request_id = NewRequestId();
    }
    start.arrive_and_wait();
    done.arrive_and_wait();

    int winner = -1;
    for (int c = 0; c < kClients; ++c) {
      const Attempt& attempt = attempts[c];
      if (attempt.status.ok()) {
        EXPECT_EQ(winner, -1) << "two clients won repetition " << rep;
        winner = c;
        winner_ms.push_back(attempt.millis);
        EXPECT_EQ(attempt.response.version(), version + 1);
      } else if (attempt.status.error_code() == grpc::StatusCode::ABORTED) {
        ++aborted;
        loser_ms.push_back(attempt.millis);
        const auto trailer = attempt.trailers.find("mailrun-current-version");
        EXPECT_TRUE(trailer != attempt.trailers.end() && trailer->second == std::to_string(version + 1))
            << Describe(attempt.status);
        EXPECT_NE(attempt.status.error_message().find(std::to_string(version + 1)), std::string::npos);
      } else {
        ++other;
        ADD_FAILURE() << "repetition " << rep << " client " << c << ": " << Describe(attempt.status);
      }
    }
    if (winner < 0) {
      ADD_FAILURE() << "nobody won repetition " << rep;
      break;
    }
    ++wins;
    mailrun::v1::Action applied = attempts[winner].action;
    applied.set_seat(seat);
    EXPECT_TRUE(game.local->Apply(applied).ok());
    game.winning_request_ids.push_back(attempts[winner].request_id);
    version += 1;
  }
  stop = true;
  start.arrive_and_wait();
  for (auto& client : clients) client.join();

  EXPECT_EQ(wins, kRepetitions);
  EXPECT_EQ(aborted, kRepetitions * (kClients - 1));
  EXPECT_EQ(other, 0);
  EXPECT_EQ(harness.Count("SELECT count(*) FROM game_actions"), kRepetitions);
  for (const auto& game : games) {
    {
      pqxx::nontransaction txn(harness.db());
      const pqxx::result rows =
          txn.exec_params("SELECT seq, request_id FROM game_actions WHERE game_id = $1 ORDER BY seq", game.game_id);
      ASSERT_EQ(rows.size(), game.winning_request_ids.size());
      for (size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i][0].as<size_t>(), i + 1);
        EXPECT_EQ(rows[i][1].as<std::string>(), game.winning_request_ids[i]);
      }
      EXPECT_EQ(txn.exec_params1("SELECT version FROM games WHERE game_id = $1", game.game_id)[0].as<size_t>(),
                rows.size());
    }
    EXPECT_EQ(ReplayStoredLog(harness.db(), game.game_id).SnapshotJson(), game.local->SnapshotJson());
  }
  std::printf("[ race ] %d repetitions x %d clients over %zu games\n", kRepetitions, kClients, games.size());
  std::printf("[ race ] SubmitAction winners: p50 %.2f ms, p99 %.2f ms; ABORTED losers: p50 %.2f ms, p99 %.2f ms\n",
              Percentile(winner_ms, 0.5), Percentile(winner_ms, 0.99), Percentile(loser_ms, 0.5),
              Percentile(loser_ms, 0.99));
}

}  // namespace
}  // namespace mailrun::game::testing
