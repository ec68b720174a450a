// WatchGame against the real mailrun-game, PostgreSQL and its NOTIFY: followers (two players and a
// spectator, each on a connection of their own) follow a game while the reference bot plays it
// through the API, one of them drops its stream and resumes; every version arrives once, in order,
// with the entry's log lines as SubmitAction answered them, and each follower's merged view equals
// the engine's view for that viewer at every version (so no follower sees another's secrets). An
// undo on the way comes through as well. Idle streams take no thread of the service; bad requests
// are refused with the right code.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <dirent.h>

#include <numeric>
#include <thread>

#include "engine/bot/choose_action.h"
#include "services/game/view_delta.h"
#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using google::protobuf::util::MessageDifferencer;
using mailrun::engine::Game;
using mailrun::v1::WatchGameResponse;

GameHarness* harness_ = nullptr;  // the suite's service

class Watch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_watch"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
};

// One WatchGame stream on a connection of its own.
class Stream {
 public:
  Stream(const std::string& token, const std::string& game_id, int64_t after) : stub_(harness_->NewStub()) {
    context_.AddMetadata("authorization", "Bearer " + token);
    context_.set_wait_for_ready(true);
    context_.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(120));
    mailrun::v1::WatchGameRequest request;
    request.set_game_id(game_id);
    request.set_after_version(after);
    reader_ = stub_->WatchGame(&context_, request);
  }
  bool Read(WatchGameResponse* message) { return reader_->Read(message); }
  // The client drops the stream (a phone losing its network).
  void Drop() { context_.TryCancel(); }
  grpc::Status Finish() { return reader_->Finish(); }

 private:
  std::unique_ptr<GameStub> stub_;
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<WatchGameResponse>> reader_;
};

// What the players' thread saw at each version: the log lines SubmitAction (or the undo) answered,
// who acted, and each viewer's view from the engine.
struct Expected {
  std::vector<std::string> log_lines;
  int seat = 0;
  int64_t undoes_seq = 0;
  std::map<int, mailrun::v1::GameView> views;  // by viewer seat (-1: spectator)
};

std::vector<std::string> Texts(const google::protobuf::RepeatedPtrField<mailrun::v1::LogLine>& lines) {
  std::vector<std::string> texts;
  for (const auto& line : lines) texts.push_back(line.text());
  return texts;
}

// A follower's record: the versions received in order and the merged view after each.
struct Followed {
  std::vector<int64_t> versions;
  std::vector<WatchGameResponse> messages;
  std::vector<mailrun::v1::GameView> views;
  int drops = 0;
  std::string failure;
};

// Follows `game_id` from version 0 (full view `start`) up to version `last`, dropping the stream
// once after `drop_after` (0: never) and resuming from the last version received.
Followed Follow(const std::string& token, const std::string& game_id, mailrun::v1::GameView start, int64_t last,
                int64_t drop_after) {
  Followed out;
  mailrun::v1::GameView view = std::move(start);
  int64_t have = 0;
  while (have < last) {
    Stream stream(token, game_id, have);
    WatchGameResponse message;
    bool dropped = false;
    while (have < last && stream.Read(&message)) {
      out.versions.push_back(message.version());
      if (message.is_delta()) {
        MergeDelta(view, message.view());
      } else {
        view = message.view();
      }
      have = message.version();
      out.views.push_back(view);
      out.messages.push_back(message);
      if (drop_after > 0 && have == drop_after && out.drops == 0) {
        stream.Drop();
        ++out.drops;
        dropped = true;
        break;
      }
    }
    if (have >= last) stream.Drop();
    const grpc::Status status = stream.Finish();
    if (!dropped && have < last) {
      out.failure = "the stream ended at version " + std::to_string(have) + ": " + Describe(status);
      return out;
    }
  }
  return out;
}

TEST_F(Watch, FollowersSeeEveryVersionOnceWithTheirOwnViewThroughADropAndAnUndo) {
  const auto config = PlayersConfig("watch", 4, 20261124);
  const std::string game_id = harness_->CreateGame(config);
  std::vector<std::string> tokens;
  for (const auto& player : config.players()) tokens.push_back(GameHarness::AccessToken(player.user_id()));
  const std::string spectator = GameHarness::AccessToken("watch-spectator");
  const std::vector<int> viewers = {0, 1, -1};
  auto token_of = [&](int viewer) { return viewer < 0 ? spectator : tokens[viewer]; };

  constexpr int64_t kLast = 90;       // versions to follow (the bids, the first dealing and railway rounds)
  constexpr int64_t kUndoAfter = 60;  // the first action from here on that may be taken back is
  std::map<int64_t, Expected> expected;
  std::map<int, mailrun::v1::GameView> start;
  for (int viewer : viewers) start[viewer] = GetGame(harness_->stub(), token_of(viewer), game_id).view();

  std::vector<Followed> followed(viewers.size());
  std::vector<std::thread> followers;
  for (size_t i = 0; i < viewers.size(); ++i) {
    const int viewer = viewers[i];
    const int64_t drop_after = viewer == 1 ? 25 : (viewer < 0 ? 70 : 0);
    followers.emplace_back([&, i, viewer, drop_after] {
      followed[i] = Follow(token_of(viewer), game_id, start[viewer], kLast, drop_after);
    });
  }

  // The players: the reference bot through the API, each with their own token.
  auto local = Game::Create(config);
  ASSERT_TRUE(local.ok());
  uint64_t rng = BotRngStart(config);
  int64_t version = 0;
  bool undone = false;
  auto remember = [&](int64_t at, int seat, int64_t undoes, const auto& lines) {
    Expected& e = expected[at];
    e.seat = seat;
    e.undoes_seq = undoes;
    e.log_lines = Texts(lines);
    for (int viewer : viewers) e.views[viewer] = local->View(viewer);
  };
  while (version < kLast) {
    const auto seats = local->ActiveSeats();
    ASSERT_FALSE(seats.empty()) << "nobody may act at version " << version;
    const int seat = seats.front();
    mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(*local, seat, local->LegalActions(seat), rng);
    mailrun::v1::SubmitActionResponse answer;
    ASSERT_TRUE(Submit(harness_->stub(), tokens[seat], game_id, version, action, NewRequestId(), &answer).ok());
    const Game before = *local;
    action.set_seat(seat);
    ASSERT_TRUE(local->Apply(action).ok());
    version = answer.version();
    remember(version, seat, 0, answer.log_lines());
    if (!undone && version >= kUndoAfter && version < kLast) {
      mailrun::v1::UndoLastActionRequest undo;
      undo.set_game_id(game_id);
      undo.set_request_id(NewRequestId());
      undo.set_expected_version(version);
      mailrun::v1::UndoLastActionResponse undo_answer;
      if (GameHarness::Call(harness_->stub(), &GameStub::UndoLastAction, tokens[seat], undo, &undo_answer).ok()) {
        undone = true;
        *local = before;
        version = undo_answer.version();
        remember(version, seat, undo_answer.undone_seq(), undo_answer.log_lines());
      }
    }
  }
  for (auto& follower : followers) follower.join();
  EXPECT_TRUE(undone) << "no action between versions " << kUndoAfter << " and " << kLast << " could be taken back";

  for (size_t i = 0; i < viewers.size(); ++i) {
    const int viewer = viewers[i];
    const Followed& got = followed[i];
    SCOPED_TRACE("viewer " + std::to_string(viewer));
    EXPECT_EQ(got.failure, "");
    std::vector<int64_t> every(kLast);
    std::iota(every.begin(), every.end(), 1);
    EXPECT_EQ(got.versions, every) << "a gap or a repeat";
    EXPECT_EQ(got.drops, viewer == 0 ? 0 : 1);
    for (size_t n = 0; n < got.messages.size() && n < every.size(); ++n) {
      const WatchGameResponse& message = got.messages[n];
      const Expected& e = expected[message.version()];
      EXPECT_EQ(message.your_seat(), viewer);
      EXPECT_EQ(message.entry().seq(), message.version());
      EXPECT_EQ(message.entry().seat(), e.seat);
      EXPECT_EQ(message.entry().undoes_seq(), e.undoes_seq);
      EXPECT_GT(message.entry().at_unix_ms(), 0);
      EXPECT_EQ(Texts(message.entry().log_lines()), e.log_lines) << "version " << message.version();
      EXPECT_EQ(message.status(), mailrun::v1::GAME_STATUS_ACTIVE);
      std::string report;
      MessageDifferencer differ;
      differ.set_repeated_field_comparison(MessageDifferencer::AS_SET);
      differ.ReportDifferencesToString(&report);
      EXPECT_TRUE(differ.Compare(got.views[n], e.views.at(viewer))) << "version " << message.version() << ": "
                                                                    << report;
    }
  }
}

int Threads(pid_t pid) {
  int count = 0;
  if (DIR* dir = opendir(("/proc/" + std::to_string(pid) + "/task").c_str())) {
    while (const dirent* entry = readdir(dir)) count += entry->d_name[0] != '.';
    closedir(dir);
  }
  return count;
}

TEST_F(Watch, IdleStreamsTakeNoThreadOfTheService) {
  const auto config = PlayersConfig("idle", 3, 7);
  const std::string game_id = harness_->CreateGame(config);
  const std::string token = GameHarness::AccessToken("idle-0");
  const pid_t pid = harness_->pid();
  const int before = Threads(pid);
  constexpr int kStreams = 100;
  std::vector<std::unique_ptr<Stream>> streams;
  for (int n = 0; n < kStreams; ++n) streams.push_back(std::make_unique<Stream>(token, game_id, 0));

  // One move: every stream gets it, so all are open at the service.
  auto local = Game::Create(config);
  ASSERT_TRUE(local.ok());
  const int seat = local->ActiveSeats().front();
  uint64_t rng = 1;
  const auto action = mailrun::engine::bot::ChooseAction(*local, seat, local->LegalActions(seat), rng);
  mailrun::v1::SubmitActionResponse answer;
  ASSERT_TRUE(Submit(harness_->stub(), GameHarness::AccessToken(config.players(seat).user_id()), game_id, 0, action,
                     NewRequestId(), &answer)
                  .ok());
  for (auto& stream : streams) {
    WatchGameResponse message;
    ASSERT_TRUE(stream->Read(&message));
    EXPECT_EQ(message.version(), 1);
  }
  const int open = Threads(pid);
  for (auto& stream : streams) {
    stream->Drop();
    EXPECT_EQ(stream->Finish().error_code(), grpc::StatusCode::CANCELLED);
  }
  // A thread per stream would add 100; gRPC's own pollers and executors take a few.
  EXPECT_LT(open - before, 20) << before << " threads before " << kStreams << " open streams, " << open << " with them";
}

TEST_F(Watch, RefusesWhatItCannotFollow) {
  const auto config = PlayersConfig("refused", 3, 11);
  const std::string game_id = harness_->CreateGame(config);
  const std::string token = GameHarness::AccessToken("refused-0");
  auto status_of = [](const std::string& token, const std::string& game_id, int64_t after) {
    Stream stream(token, game_id, after);
    WatchGameResponse message;
    EXPECT_FALSE(stream.Read(&message));
    return stream.Finish();
  };
  EXPECT_EQ(status_of(token, "g-no-such-game", 0).error_code(), grpc::StatusCode::NOT_FOUND);
  const grpc::Status ahead = status_of(token, game_id, 5);
  EXPECT_EQ(ahead.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(ahead.error_message().find("after_version 5 is ahead"), std::string::npos) << ahead.error_message();
  EXPECT_EQ(status_of(token, game_id, -1).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(status_of("not-a-token", game_id, 0).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(status_of(token, "bad id", 0).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace mailrun::game::testing
