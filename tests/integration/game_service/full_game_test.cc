// Acceptance 1 of issue 9: whole games played through the gRPC API only, each player with their
// own token (the seat comes from the token), against the real mailrun-game process and PostgreSQL.
//   - the Appendix 4 sample game (125 actions, to Railway Round 4): every answer's log lines equal
//     the engine's, every player's delta-synced view and full view equal the engine's view for that
//     seat, the stored log's replay equals the engine's direct replay, and so does every stored
//     snapshot at its point;
//   - complete games of the reference bot (engine/bot/choose_action.h) to the end of the game: the final
//     state equals the engine's replay of the stored log, GetGameResult gives the engine's scores,
//     and a GameFinished event with the table is in the outbox;
//   - issue 47: a finished game kept compact by the history pruner (history_pruner.h): its
//     intermediate snapshots deleted, its log and final state kept, every earlier view the same.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "engine/bot/choose_action.h"
#include "mailrun/v1/events.pb.h"
#include "services/game/view_delta.h"
#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/testing/service_process.h"
#include "tests/unit/engine/engine_test_util.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::game::testing {
namespace {

using google::protobuf::util::MessageDifferencer;
using mailrun::engine::Game;

bool SameView(const mailrun::v1::GameView& a, const mailrun::v1::GameView& b, std::string* report) {
  MessageDifferencer differ;
  differ.set_repeated_field_comparison(MessageDifferencer::AS_SET);
  differ.ReportDifferencesToString(report);
  return differ.Compare(a, b);
}

class FullGame : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    harness_ = new GameHarness("game_service_full", {.extra_args = {"--snapshot-every", "10"}, .redis_url = ""});
  }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  static GameHarness* harness_;
};
GameHarness* FullGame::harness_ = nullptr;

TEST_F(FullGame, SampleGameThroughTheApiMatchesTheEngine) {
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string game_id = harness_->CreateGame(record.config, "table-appendix4");
  ASSERT_FALSE(game_id.empty());
  auto direct = Game::Create(record.config);
  ASSERT_TRUE(direct.ok());
  const int players = record.config.players_size();
  std::vector<std::string> tokens;
  for (const auto& player : record.config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));
  const std::string spectator = GameHarness::AccessToken("someone-watching");

  // Each player keeps a copy of their view up to date with deltas, as an app would.
  std::vector<mailrun::v1::GameView> synced(players);
  std::vector<int64_t> synced_version(players, 0);
  for (int seat = 0; seat < players; ++seat) synced[seat] = GetGame(harness_->stub(), tokens[seat], game_id).view();

  int64_t version = 0;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const int seat = record.actions[i].seat();
    mailrun::v1::Action action = record.actions[i];
    action.clear_seat();  // the service takes the seat from the token
    mailrun::v1::SubmitActionResponse response;
    const grpc::Status status =
        Submit(harness_->stub(), tokens[seat], game_id, version, action, NewRequestId(), &response);
    ASSERT_TRUE(status.ok()) << "action " << i << ": " << Describe(status);
    const auto expected = direct->Apply(record.actions[i]);
    ASSERT_TRUE(expected.ok());
    ASSERT_EQ(response.version(), version + 1);
    version = response.version();
    ASSERT_EQ(response.log_lines_size(), static_cast<int>(expected->log.size())) << "action " << i;
    for (int l = 0; l < response.log_lines_size(); ++l) EXPECT_EQ(response.log_lines(l).text(), expected->log[l]);

    if (i % 7 == 3 || i + 1 == record.actions.size()) {
      for (int s = 0; s < players; ++s) {
        const auto answer = GetGame(harness_->stub(), tokens[s], game_id, synced_version[s]);
        ASSERT_EQ(answer.version(), version);
        if (answer.is_delta())
          MergeDelta(synced[s], answer.view());
        else
          synced[s] = answer.view();
        synced_version[s] = answer.version();
        std::string report;
        ASSERT_TRUE(SameView(synced[s], direct->View(s), &report)) << "seat " << s << " after action " << i << "\n"
                                                                   << report;
      }
    }
  }

  for (int seat = 0; seat < players; ++seat) {
    const auto full = GetGame(harness_->stub(), tokens[seat], game_id);
    EXPECT_EQ(full.your_seat(), seat);
    EXPECT_TRUE(MessageDifferencer::Equals(full.view(), direct->View(seat))) << "seat " << seat;
  }
  const auto watched = GetGame(harness_->stub(), spectator, game_id);
  EXPECT_EQ(watched.your_seat(), -1);
  EXPECT_TRUE(MessageDifferencer::Equals(watched.view(), direct->View(mailrun::engine::kSpectator)));

  // The stored log replays to the same state, and every snapshot equals the state at its point.
  EXPECT_EQ(ReplayStoredLog(harness_->db(), game_id).SnapshotJson(), direct->SnapshotJson());
  auto again = Game::Create(record.config);
  ASSERT_TRUE(again.ok());
  pqxx::nontransaction txn(harness_->db());
  const pqxx::result snapshots =
      txn.exec_params("SELECT seq, state FROM game_snapshots WHERE game_id = $1 ORDER BY seq", game_id);
  EXPECT_EQ(snapshots.size(), record.actions.size() / 10);
  size_t applied = 0;
  for (const auto& row : snapshots) {
    for (; applied < row[0].as<size_t>(); ++applied) ASSERT_TRUE(again->Apply(record.actions[applied]).ok());
    EXPECT_EQ(row[1].as<std::string>(), again->SnapshotJson()) << "snapshot at " << applied;
  }
}

// Plays a game with the reference bot through the API until it ends; the bot decides on a local
// copy of the game kept in step with the service's answers. Returns the local copy.
Game PlayWithBot(GameHarness& harness, const mailrun::v1::GameConfig& config, const std::string& game_id,
                 int max_actions) {
  auto local = Game::Create(config);
  EXPECT_TRUE(local.ok());
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));
  uint64_t rng = BotRngStart(config);
  int64_t version = 0;
  for (int n = 0; n < max_actions; ++n) {
    const auto state = GetGame(harness.stub(), tokens[0], game_id);
    EXPECT_EQ(state.version(), version);
    if (state.status() == mailrun::v1::GAME_STATUS_FINISHED) break;
    if (state.view().active_seats().empty()) {
      ADD_FAILURE() << "nobody may act in an active game at version " << version;
      break;
    }
    const int seat = state.view().active_seats(0);
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    EXPECT_TRUE(GameHarness::Call(harness.stub(), &GameStub::ListLegalActions, tokens[seat], list, &legal).ok());
    const std::vector<mailrun::v1::LegalAction> choices(legal.actions().begin(), legal.actions().end());
    if (choices.empty()) {
      ADD_FAILURE() << "seat " << seat << " is active but has no legal action";
      break;
    }
    mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(*local, seat, choices, rng);
    mailrun::v1::SubmitActionResponse response;
    const grpc::Status status =
        Submit(harness.stub(), tokens[seat], game_id, version, action, NewRequestId(), &response);
    if (!status.ok()) {
      ADD_FAILURE() << "action " << n << " refused: " << Describe(status);
      break;
    }
    action.set_seat(seat);
    EXPECT_TRUE(local->Apply(action).ok());
    version = response.version();
  }
  return std::move(*local);
}

TEST_F(FullGame, CompleteBotGamesThroughTheApiEqualTheReplayOfTheirLog) {
  int bonds_returned = 0;
  const auto configs = EndingBotGames("bot", 2);
  for (size_t g = 0; g < configs.size(); ++g) {
    const auto& config = configs[g];
    const int players = config.players_size();
    const std::string table = "table-bot-" + std::to_string(g);
    const std::string game_id = harness_->CreateGame(config, table, 3600);
    const Game local = PlayWithBot(*harness_, config, game_id, kBotGameMaxActions);
    ASSERT_TRUE(local.Finished()) << "seed " << config.seed() << ": the bot game did not end";

    const Game replayed = ReplayStoredLog(harness_->db(), game_id);
    EXPECT_TRUE(replayed.Finished());
    EXPECT_EQ(replayed.SnapshotJson(), local.SnapshotJson());

    mailrun::v1::GetGameResultRequest ask;
    ask.set_game_id(game_id);
    mailrun::v1::GetGameResultResponse result;
    ASSERT_TRUE(harness_->Call(&GameStub::GetGameResult, GameHarness::ServiceToken(), ask, &result).ok());
    EXPECT_EQ(result.status(), mailrun::v1::GAME_STATUS_FINISHED);
    EXPECT_EQ(result.reason(), mailrun::engine::t1853::As1853(local)->state().end_reason);
    EXPECT_EQ(result.table_id(), table);
    ASSERT_EQ(result.results_size(), players);
    for (const auto& score : mailrun::engine::t1853::As1853(local)->state().scores) {
      EXPECT_EQ(result.results(score.seat).user_id(), config.players(score.seat).user_id());
      EXPECT_EQ(result.results(score.seat).final_wealth(), score.wealth);
      EXPECT_EQ(result.results(score.seat).rank(), score.rank);
    }
    pqxx::nontransaction txn(harness_->db());
    const auto finished =
        txn.exec_params1("SELECT payload FROM outbox WHERE event_id = $1", "game:" + game_id + ":finished");
    mailrun::v1::Event event;
    ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(finished[0]).str()));
    EXPECT_EQ(event.game_finished().table_id(), table);
    EXPECT_EQ(event.game_finished().results_size(), players);
    EXPECT_EQ(event.user_ids_size(), players);
    for (int seat = 0; seat < players; ++seat) {
      const pqxx::result bond = txn.exec_params("SELECT payload FROM outbox WHERE event_id = $1",
                                                "game:" + game_id + ":bond:" + std::to_string(seat));
      EXPECT_EQ(bond.size(), mailrun::engine::t1853::As1853(local)->state().players[seat].bond.returned ? 1u : 0u);
      bonds_returned += static_cast<int>(bond.size());
    }
  }
  EXPECT_GT(bonds_returned, 0) << "no BondReturned event went through the service";
}

TEST(HistoryPruner, AFinishedGameKeepsItsLogAndFinalStateAndLosesItsOtherSnapshots) {
  GameHarness harness("game_service_pruner",
                      {.extra_args = {"--snapshot-every", "10", "--history-prune-seconds", "1",
                                      "--finished-snapshots-seconds", "0"},
                       .redis_url = ""});
  const auto config = EndingBotGames("pruned", 1).at(0);
  const std::string finished = harness.CreateGame(config);
  const Game local = PlayWithBot(harness, config, finished, kBotGameMaxActions);
  ASSERT_TRUE(local.Finished());
  const std::string token = GameHarness::AccessToken(config.players(0).user_id());
  const int64_t version = harness.Count("SELECT version FROM games WHERE game_id = '" + finished + "'");
  // An active game beside it keeps its snapshots.
  const mailrun::v1::GameConfig other = PlayersConfig("pruned-active", 3, 4711);
  const std::string active = harness.CreateGame(other);
  Game active_local = *Game::Create(other);
  for (int64_t v = 0; v < 12; ++v) {
    const int seat = active_local.ActiveSeats().at(0);
    mailrun::v1::Action action = active_local.LegalActions(seat).at(0).action();
    mailrun::v1::SubmitActionResponse answer;
    ASSERT_TRUE(Submit(harness.stub(), GameHarness::AccessToken(other.players(seat).user_id()), active, v, action,
                       NewRequestId(), &answer)
                    .ok());
    action.set_seat(seat);
    ASSERT_TRUE(active_local.Apply(action).ok());
  }

  // Within a minute the pruner (every second, no grace) has left the finished game its final snapshot.
  const std::string snapshots = "SELECT count(*) FROM game_snapshots WHERE game_id = '" + finished + "'";
  for (int i = 0; i < 600 && harness.Count(snapshots) != 1; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_EQ(harness.Count(snapshots), 1) << "the finished game's intermediate snapshots were not pruned";
  EXPECT_EQ(harness.Count("SELECT max(seq) FROM game_snapshots WHERE game_id = '" + finished + "'"), version);
  EXPECT_EQ(harness.Count("SELECT count(*) FROM game_actions WHERE game_id = '" + finished + "'"), version);
  EXPECT_EQ(harness.Count("SELECT count(*) FROM game_snapshots WHERE game_id = '" + active + "'"), 1);
  EXPECT_NE(mailrun::testing::ReadFile(harness.log_path()).find("\"history_pruned\""), std::string::npos);

  // Every view is still there: the final one, and an earlier one rebuilt from the log alone.
  EXPECT_EQ(ReplayStoredLog(harness.db(), finished).SnapshotJson(), local.SnapshotJson());
  const auto final_view = GetGame(harness.stub(), token, finished);
  EXPECT_EQ(final_view.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_TRUE(MessageDifferencer::Equals(final_view.view(), local.View(0)));
  mailrun::v1::GetGameRequest earlier;
  earlier.set_game_id(finished);
  earlier.set_at_version(version / 2);
  mailrun::v1::GetGameResponse then;
  ASSERT_TRUE(GameHarness::Call(harness.stub(), &GameStub::GetGame, token, earlier, &then).ok());
  auto replay = Game::Create(config);
  ASSERT_TRUE(replay.ok());
  const std::vector<mailrun::v1::Action> actions = EffectiveActions(harness.db(), finished);
  ASSERT_EQ(static_cast<int64_t>(actions.size()), version);  // the bot does not undo
  for (int64_t i = 0; i < version / 2; ++i) ASSERT_TRUE(replay->Apply(actions[static_cast<size_t>(i)]).ok());
  EXPECT_TRUE(MessageDifferencer::Equals(then.view(), replay->View(0)));
}

}  // namespace
}  // namespace mailrun::game::testing
