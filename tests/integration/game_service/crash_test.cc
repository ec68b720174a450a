// Acceptance 5 of issue 9: the real mailrun-game is killed with SIGKILL while a client submits
// moves as fast as it can, five times in one game, and restarted each time. Afterwards every
// acknowledged action is in the log at the version its answer gave, the log has no gaps and
// matches games.version, the move that was in flight is either fully there or not at all (its
// retry with the same request_id then applies it exactly once), no event names a version that was
// never committed, every snapshot equals the replay up to it, and the game plays on to its end
// with the engine's replay of the log equal to the client's copy.
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <thread>

#include "engine/bot/choose_action.h"
#include "mailrun/v1/events.pb.h"
#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::engine::Game;

constexpr int kCrashes = 5;

struct Move {
  std::string request_id;
  mailrun::v1::Action action;  // seat set
  int64_t expected_version = 0;
};

// A client that plays the bot's moves for whoever is to act, keeping a copy of the game in step.
class BotClient {
 public:
  BotClient(const mailrun::v1::GameConfig& config, std::string game_id)
      : config_(config), game_id_(std::move(game_id)), local_(*Game::Create(config)), rng_(BotRngStart(config)) {}

  // The next move (a new request id), or nullopt once the game is over.
  std::optional<Move> NextMove() {
    if (local_.Finished()) return std::nullopt;
    const int seat = local_.ActiveSeats().at(0);
    Move move{NewRequestId(), mailrun::engine::bot::ChooseAction(local_, seat, local_.LegalActions(seat), rng_),
              version_};
    move.action.set_seat(seat);
    return move;
  }
  grpc::Status Send(GameStub& stub, const Move& move, mailrun::v1::SubmitActionResponse* response) const {
    return Submit(stub, GameHarness::AccessToken(config_.players(move.action.seat()).user_id()), game_id_,
                  move.expected_version, move.action, move.request_id, response);
  }
  void Acknowledged(const Move& move, int64_t version) {
    ASSERT_TRUE(local_.Apply(move.action).ok());
    version_ = version;
    acknowledged_.push_back({move.request_id, version});
  }

  const Game& local() const { return local_; }
  int64_t version() const { return version_; }
  const std::vector<std::pair<std::string, int64_t>>& acknowledged() const { return acknowledged_; }

 private:
  mailrun::v1::GameConfig config_;
  std::string game_id_;
  Game local_;
  uint64_t rng_;
  int64_t version_ = 0;
  std::vector<std::pair<std::string, int64_t>> acknowledged_;  // request id, version answered
};

void ExpectLogIsWhole(GameHarness& harness, const std::string& game_id, const BotClient& client) {
  pqxx::nontransaction txn(harness.db());
  const int64_t version = txn.exec_params1("SELECT version FROM games WHERE game_id = $1", game_id)[0].as<int64_t>();
  const auto counts =
      txn.exec_params1("SELECT count(*), coalesce(max(seq), 0) FROM game_actions WHERE game_id = $1", game_id);
  EXPECT_EQ(counts[0].as<int64_t>(), version) << "rows";
  EXPECT_EQ(counts[1].as<int64_t>(), version) << "highest seq";
  for (const auto& [request_id, answered] : client.acknowledged()) {
    const pqxx::result row =
        txn.exec_params("SELECT seq FROM game_actions WHERE game_id = $1 AND request_id = $2", game_id, request_id);
    ASSERT_EQ(row.size(), 1u) << "acknowledged action " << request_id << " (version " << answered << ") is lost";
    EXPECT_EQ(row[0][0].as<int64_t>(), answered);
  }
  for (const auto& row : txn.exec("SELECT payload FROM outbox")) {
    mailrun::v1::Event event;
    ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(row[0]).str()));
    EXPECT_TRUE(!event.has_your_turn() || event.your_turn().version() <= version) << event.event_id();
  }
}

TEST(Crash, SigkillMidGameLosesNoAcknowledgedActionAndLeavesNoHalfMove) {
  GameHarness harness("game_service_crash", {.extra_args = {"--snapshot-every", "7"}, .redis_url = ""});
  const auto config = EndingBotGames("crash", 1).at(0);
  const std::string game_id = harness.CreateGame(config);
  BotClient client(config, game_id);

  int committed_before_kill = 0;
  for (int crash = 0; crash < kCrashes; ++crash) {
    const size_t target = client.acknowledged().size() + 20;
    std::atomic<size_t> acknowledged{client.acknowledged().size()};
    std::atomic<bool> stopped{false};
    std::optional<Move> in_flight;
    std::thread player([&] {
      auto stub = harness.NewStub();
      while (true) {
        in_flight = client.NextMove();
        if (!in_flight) break;
        mailrun::v1::SubmitActionResponse response;
        const grpc::Status status = client.Send(*stub, *in_flight, &response);
        if (!status.ok()) break;  // the service is gone
        client.Acknowledged(*in_flight, response.version());
        in_flight.reset();
        acknowledged = client.acknowledged().size();
      }
      stopped = true;
    });
    while (acknowledged < target && !stopped) std::this_thread::sleep_for(std::chrono::microseconds(200));
    harness.Kill();
    player.join();
    ASSERT_TRUE(in_flight.has_value()) << "the game ended before crash " << crash;

    harness.Start();
    ExpectLogIsWhole(harness, game_id, client);
    committed_before_kill +=
        harness.Count("SELECT version FROM games WHERE game_id = '" + game_id + "'") > in_flight->expected_version;
    // The move in flight: the retry with its request_id applies it once, whatever the kill left.
    auto stub = harness.NewStub();
    mailrun::v1::SubmitActionResponse response;
    const grpc::Status status = client.Send(*stub, *in_flight, &response);
    ASSERT_TRUE(status.ok()) << Describe(status);
    EXPECT_EQ(response.version(), in_flight->expected_version + 1);
    client.Acknowledged(*in_flight, response.version());
    ExpectLogIsWhole(harness, game_id, client);
    EXPECT_EQ(ReplayStoredLog(harness.db(), game_id).SnapshotJson(), client.local().SnapshotJson());
  }

  std::printf("[ crash ] the move in flight had been committed (answer lost) in %d of %d kills\n",
              committed_before_kill, kCrashes);

  // Play on to the end after the last restart.
  auto stub = harness.NewStub();
  while (auto move = client.NextMove()) {
    mailrun::v1::SubmitActionResponse response;
    const grpc::Status status = client.Send(*stub, *move, &response);
    ASSERT_TRUE(status.ok()) << Describe(status);
    client.Acknowledged(*move, response.version());
    if (client.acknowledged().size() > kBotGameMaxActions) break;
  }
  EXPECT_TRUE(client.local().Finished());
  ExpectLogIsWhole(harness, game_id, client);
  const Game replayed = ReplayStoredLog(harness.db(), game_id);
  EXPECT_EQ(replayed.SnapshotJson(), client.local().SnapshotJson());

  // Every snapshot equals the replay of the log up to it.
  const auto actions = EffectiveActions(harness.db(), game_id);  // no undos in this game: seq = index + 1
  auto again = Game::Create(config);
  ASSERT_TRUE(again.ok());
  pqxx::nontransaction txn(harness.db());
  size_t applied = 0;
  int snapshots = 0;
  for (const auto& row :
       txn.exec_params("SELECT seq, state FROM game_snapshots WHERE game_id = $1 ORDER BY seq", game_id)) {
    for (; applied < row[0].as<size_t>(); ++applied) ASSERT_TRUE(again->Apply(actions[applied]).ok());
    EXPECT_EQ(row[1].as<std::string>(), again->SnapshotJson()) << "snapshot at " << applied;
    ++snapshots;
  }
  EXPECT_GE(snapshots, static_cast<int>(actions.size() / 7));
}

}  // namespace
}  // namespace mailrun::game::testing
