// SetAutopilot against the real mailrun-game and PostgreSQL: the game service's bot plays the
// seats put on autopilot (each move stored as that seat's player), a short game so played reaches
// its end, turning it off stops the bot, GetGame and ListMyGames show the setting, every player's
// and a spectator's view (GetGame, WatchGame) names the seats the bot plays, and the
// refusals (no seat, finished game, malformed id, no token) carry their status and rule. A
// co-player cannot freeze a seat the bot plays by taking its request id first (issue 46), and no
// client may use the service's own request ids.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "engine/bot/choose_action.h"
#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using namespace std::chrono_literals;

class Autopilot : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_autopilot"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }

  grpc::Status Set(const std::string& token, const std::string& game_id, bool on,
                   mailrun::v1::SetAutopilotResponse* response) {
    mailrun::v1::SetAutopilotRequest request;
    request.set_game_id(game_id);
    request.set_on(on);
    return harness_->Call(&GameStub::SetAutopilot, token, request, response);
  }
  // Polls the game (as `token`) until `done` holds or `limit` passes; returns the last answer.
  mailrun::v1::GetGameResponse WaitFor(const std::string& token, const std::string& game_id,
                                       const std::function<bool(const mailrun::v1::GetGameResponse&)>& done,
                                       std::chrono::seconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    auto game = GetGame(harness_->stub(), token, game_id);
    while (!done(game) && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(100ms);
      game = GetGame(harness_->stub(), token, game_id);
    }
    return game;
  }
  mailrun::v1::GameSummary Summary(const std::string& token, const std::string& game_id) {
    mailrun::v1::ListMyGamesResponse games;
    EXPECT_TRUE(harness_->Call(&GameStub::ListMyGames, token, mailrun::v1::ListMyGamesRequest(), &games).ok());
    for (const auto& game : games.games()) {
      if (game.game_id() == game_id) return game;
    }
    ADD_FAILURE() << "ListMyGames has no game " << game_id;
    return {};
  }

  static GameHarness* harness_;
};
GameHarness* Autopilot::harness_ = nullptr;

TEST_F(Autopilot, TheBotPlaysTheSeatsOnAutopilotToTheEndAndStopsWhenTurnedOff) {
  const auto config = PlayersConfig("pilot", 3, 11, mailrun::v1::BANK_SHORT);
  const std::string game_id = harness_->CreateGame(config, "table-autopilot");
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));

  EXPECT_FALSE(GetGame(harness_->stub(), tokens[0], game_id).autopilot());
  EXPECT_FALSE(Summary(tokens[0], game_id).autopilot());

  // Every seat on autopilot: the game moves on with nobody submitting.
  for (const auto& token : tokens) {
    mailrun::v1::SetAutopilotResponse answer;
    ASSERT_TRUE(Set(token, game_id, true, &answer).ok());
    EXPECT_TRUE(answer.on());
  }
  EXPECT_TRUE(GetGame(harness_->stub(), tokens[1], game_id).autopilot());
  EXPECT_TRUE(Summary(tokens[1], game_id).autopilot());
  auto moved = WaitFor(tokens[0], game_id, [](const auto& g) { return g.version() >= 20; }, 60s);
  ASSERT_GE(moved.version(), 20) << "the bot did not play the seats on autopilot";

  // All off: at most a move the bot had chosen already lands, then the game stands still.
  for (const auto& token : tokens) {
    mailrun::v1::SetAutopilotResponse answer;
    ASSERT_TRUE(Set(token, game_id, false, &answer).ok());
    EXPECT_FALSE(answer.on());
  }
  EXPECT_FALSE(GetGame(harness_->stub(), tokens[2], game_id).autopilot());
  std::this_thread::sleep_for(1500ms);
  const int64_t stopped = GetGame(harness_->stub(), tokens[0], game_id).version();
  std::this_thread::sleep_for(2500ms);  // more than two polls of the bot (1 s)
  EXPECT_EQ(GetGame(harness_->stub(), tokens[0], game_id).version(), stopped) << "the bot played a seat turned off";

  // Each move was stored as its seat's own player, never as anyone else.
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id +
                            "' AND user_id NOT LIKE 'pilot-%'"), 0);
  EXPECT_GE(harness_->Count("SELECT count(DISTINCT user_id) FROM game_actions WHERE game_id = '" + game_id + "'"), 3);

  // On again: the short game (2.4.2) is played to its end.
  for (const auto& token : tokens) {
    mailrun::v1::SetAutopilotResponse answer;
    ASSERT_TRUE(Set(token, game_id, true, &answer).ok());
  }
  const auto end = WaitFor(tokens[0], game_id, [](const auto& g) { return g.status() == mailrun::v1::GAME_STATUS_FINISHED; },
                           240s);
  ASSERT_EQ(end.status(), mailrun::v1::GAME_STATUS_FINISHED) << "at version " << end.version();
  EXPECT_FALSE(end.view().end_reason().empty());

  // A finished game has no seat left to hand over.
  mailrun::v1::SetAutopilotResponse answer;
  const grpc::Status finished = Set(tokens[0], game_id, false, &answer);
  EXPECT_EQ(finished.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(finished);
  const auto refusal = mailrun::service::RefusalOf(finished);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->rule, "mailrun.autopilot");
  EXPECT_EQ(refusal->key, "game.refusal.autopilot_finished");
}

TEST_F(Autopilot, OnlyTheGamesPlayersMaySetItAndBadRequestsChangeNothing) {
  const auto config = PlayersConfig("solo", 3, 5);
  const std::string game_id = harness_->CreateGame(config, "table-autopilot-refusals");
  mailrun::v1::SetAutopilotResponse answer;

  const grpc::Status stranger = Set(GameHarness::AccessToken("stranger"), game_id, true, &answer);
  EXPECT_EQ(stranger.error_code(), grpc::StatusCode::NOT_FOUND) << Describe(stranger);
  EXPECT_NE(stranger.error_message().find("no seat"), std::string::npos) << stranger.error_message();
  EXPECT_EQ(Set(GameHarness::AccessToken(config.players(0).user_id()), "", true, &answer).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Set("", game_id, true, &answer).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_players WHERE game_id = '" + game_id + "' AND played_by_bot"), 0);

  // The game stands still: nobody's seat was handed to the bot.
  const std::string token = GameHarness::AccessToken(config.players(0).user_id());
  const int64_t before = GetGame(harness_->stub(), token, game_id).version();
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(GetGame(harness_->stub(), token, game_id).version(), before);
}

TEST_F(Autopilot, EveryPlayerAndSpectatorSeesWhichSeatsTheBotPlays) {
  const auto config = PlayersConfig("shown", 3, 7);
  const std::string game_id = harness_->CreateGame(config, "table-autopilot-shown");
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));
  tokens.push_back(GameHarness::AccessToken("shown-onlooker"));  // a spectator
  auto seats_seen = [&](const std::string& token) {
    const auto view = GetGame(harness_->stub(), token, game_id).view();
    return std::vector<int>(view.autopilot_seats().begin(), view.autopilot_seats().end());
  };
  for (const auto& token : tokens) EXPECT_TRUE(seats_seen(token).empty());

  // The third seat hands over: everyone sees it, and only its player is told "your seat".
  mailrun::v1::SetAutopilotResponse answer;
  ASSERT_TRUE(Set(tokens[2], game_id, true, &answer).ok());
  for (const auto& token : tokens) EXPECT_EQ(seats_seen(token), std::vector<int>{2});
  EXPECT_FALSE(GetGame(harness_->stub(), tokens[0], game_id).autopilot()) << "autopilot is the caller's own seat";
  EXPECT_TRUE(GetGame(harness_->stub(), tokens[2], game_id).autopilot());

  // A watcher's next version carries it too (the setting itself makes no version). The first seat
  // on autopilot as well: the bot moves, and the stream's view names both seats.
  ASSERT_TRUE(Set(tokens[0], game_id, true, &answer).ok());
  grpc::ClientContext context;
  context.AddMetadata("authorization", "Bearer " + tokens[1]);
  context.set_deadline(std::chrono::system_clock::now() + 30s);
  mailrun::v1::WatchGameRequest watch;
  watch.set_game_id(game_id);
  watch.set_after_version(0);
  auto stream = harness_->stub().WatchGame(&context, watch);
  mailrun::v1::WatchGameResponse change;
  ASSERT_TRUE(stream->Read(&change)) << "the bot made no move";
  EXPECT_EQ(std::vector<int>(change.view().autopilot_seats().begin(), change.view().autopilot_seats().end()),
            (std::vector<int>{0, 2}));
  context.TryCancel();

  for (int seat : {0, 2}) ASSERT_TRUE(Set(tokens[seat], game_id, false, &answer).ok());
  for (const auto& token : tokens) EXPECT_TRUE(seats_seen(token).empty());
}

// Issue 46: the bot's request ids used to be "bot-<version>-<seat>"; a co-player who submitted
// their own move with the id of the bot's next move froze that seat for good (every bot move at that
// version a refused reuse, tried once a second). Now the bot's ids are in the service's own
// namespace, which clients may not use. The test does first what the finding did (the forged id,
// then the seat on autopilot) and checks that the bot moves the seat and that no refusal repeats;
// only then does it try the service's own ids as a client (on the old code those were accepted and
// moved the seat themselves, hiding the freeze).
TEST_F(Autopilot, ACoPlayerCannotFreezeTheBotsSeatByTakingItsRequestId) {
  const auto config = PlayersConfig("frozen", 3, 19);
  const std::string game_id = harness_->CreateGame(config, "table-autopilot-frozen");
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));
  constexpr int kBotSeat = kClive;

  // The players move (as the bot would choose for them) until a human seat alone is to act and its
  // move hands the turn to the bot's seat; that move goes in with the id of the bot's next move.
  int64_t version = 0;
  bool forged = false;
  for (int step = 0; step < 200 && !forged; ++step) {
    auto game = ReplayStoredLog(harness_->db(), game_id);
    const auto active = game.ActiveSeats();
    ASSERT_FALSE(active.empty()) << "the game ended before the bot's seat was to act";
    const int seat = active.front();
    uint64_t rng = 7 + step;
    auto action = mailrun::engine::bot::ChooseAction(game, seat, game.LegalActions(seat), rng);
    action.set_seat(seat);
    auto after = game;
    ASSERT_TRUE(after.Apply(action).ok());
    const auto next = after.ActiveSeats();
    std::string request_id = NewRequestId();
    if (active.size() == 1 && seat != kBotSeat && next == std::vector<int>{kBotSeat}) {
      // Both spellings a client might guess: the old one, and a try at the service's own.
      request_id = "bot-" + std::to_string(version + 1) + "-" + std::to_string(kBotSeat);
      forged = true;
    }
    mailrun::v1::SubmitActionResponse answer;
    const grpc::Status status = Submit(harness_->stub(), tokens[seat], game_id, version, action, request_id, &answer);
    ASSERT_TRUE(status.ok()) << Describe(status);
    version = answer.version();
  }
  ASSERT_TRUE(forged) << "no move handed the turn to the bot's seat";

  // The bot's seat goes on autopilot: the bot moves it although its old id was taken. (Checked
  // first: before the fix this is where the test fails, the seat frozen at this version.)
  mailrun::v1::SetAutopilotResponse answer;
  ASSERT_TRUE(Set(tokens[kBotSeat], game_id, true, &answer).ok());
  const auto moved = WaitFor(tokens[0], game_id, [&](const auto& g) { return g.version() > version; }, 20s);
  EXPECT_GT(moved.version(), version) << "the bot's seat is frozen at version " << version;
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND seq = " +
                            std::to_string(version + 1) + " AND request_id LIKE 'service:bot:%'"),
            1);
  // No refusal loops: the bot polls once a second; in 3 s more a loop would log three refusals more.
  std::this_thread::sleep_for(3s);
  const auto refusals = [&] {
    std::ifstream log(harness_->log_path());
    int count = 0;
    for (std::string line; std::getline(log, line);) {
      if (line.find("the bot's move in game " + game_id) != std::string::npos) ++count;
    }
    return count;
  };
  EXPECT_LE(refusals(), 1) << "the bot's refused move is retried in a loop";

  // A client may not use the service's own ids either: refused, naming the field, nothing stored.
  // The bot stops first, so the game stands still while a player tries.
  ASSERT_TRUE(Set(tokens[kBotSeat], game_id, false, &answer).ok());
  std::this_thread::sleep_for(1s);
  version = GetGame(harness_->stub(), tokens[0], game_id).version();
  {
    auto game = ReplayStoredLog(harness_->db(), game_id);
    const auto active = game.ActiveSeats();
    ASSERT_FALSE(active.empty()) << "the game ended";
    const int seat = active.front();
    uint64_t rng = 3;
    auto action = mailrun::engine::bot::ChooseAction(game, seat, game.LegalActions(seat), rng);
    action.set_seat(seat);
    mailrun::v1::SubmitActionResponse submitted;
    for (int attempt = 0; attempt < 2; ++attempt) {
      const std::string service_id = "service:bot:" + std::to_string(version) + ":" + std::to_string(seat) + ":" +
                                     std::to_string(attempt);
      const grpc::Status status = Submit(harness_->stub(), tokens[seat], game_id, version, action, service_id, &submitted);
      EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
      EXPECT_NE(status.error_message().find("request_id"), std::string::npos) << status.error_message();
      EXPECT_NE(status.error_message().find("reserved"), std::string::npos) << status.error_message();
    }
    mailrun::v1::UndoLastActionRequest undo;
    undo.set_game_id(game_id);
    undo.set_expected_version(version);
    undo.set_request_id("service:undo");
    mailrun::v1::UndoLastActionResponse undone;
    EXPECT_EQ(harness_->Call(&GameStub::UndoLastAction, tokens[(seat + 2) % 3], undo, &undone).error_code(),
              grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_EQ(GetGame(harness_->stub(), tokens[0], game_id).version(), version) << "nothing stored";
  }
}

}  // namespace
}  // namespace mailrun::game::testing
