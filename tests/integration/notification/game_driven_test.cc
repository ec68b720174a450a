// Issue 11's acceptance 1 to 3 driven by the real game service: players submit real moves (the
// Appendix 4 sample game: contract bonds, city claims, dealing rounds, railway rounds) to
// mailrun-game, whose move transaction writes the events into the outbox and whose in-process relay
// publishes them on Redis; the real mailrun-notify stores them and streams them to the players'
// open Subscribe streams. What each move must announce to whom is worked out from the engine
// (game_play.h). The outbox-driven versions of these tests (delivery_test.cc, redis_outage_test.cc)
// check the notification service's side in more detail.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "tests/integration/notification/game_play.h"
#include "tests/integration/notification/player_streams.h"
#include "tests/integration/notification/private_redis.h"
#include "tests/integration/notification/service_stack.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::engine::GameRecord;

const GameRecord& SampleGame() {
  static const GameRecord record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  return record;
}

int64_t Turns(const std::vector<Announcement>& announced) {
  return std::count_if(announced.begin(), announced.end(),
                       [](const Announcement& a) { return a.kind == mailrun::v1::EVENT_KIND_YOUR_TURN; });
}

// Acceptance 1: every move that gives someone the turn reaches that player's open stream as "your
// turn" for the right game, and nobody else's. Two games of the same five players run at once with
// their moves interleaved, so a notification naming the wrong game would show.
TEST(GameDrivenDelivery, EveryMoveReachesTheNextPlayersOpenStreamAsYourTurnForTheRightGame) {
  ServiceStack stack("notify_game_moves", {});
  const GameRecord& record = SampleGame();
  PlayerStreams phones(stack.notify(), PlayersOf(record.config));
  GamePlay first(stack.game().stub(), stack.game().CreateGame(record.config, "table-first"), record.config);
  GamePlay second(stack.game().stub(), stack.game().CreateGame(record.config, "table-second"), record.config);
  ASSERT_NE(first.game_id(), second.game_id());
  phones.ExpectDelivered(first.Created());
  phones.ExpectDelivered(second.Created());
  int64_t turns = 0;
  int64_t notifications = 2 * static_cast<int64_t>(first.Created().size());
  for (const auto& action : record.actions) {
    for (GamePlay* play : {&first, &second}) {
      const auto announced = play->Submit(action);
      turns += Turns(announced);
      notifications += static_cast<int64_t>(announced.size());
      phones.ExpectDelivered(announced);
      if (HasFailure()) GTEST_FAIL() << stack.Logs();
    }
  }
  EXPECT_EQ(first.version(), static_cast<int64_t>(record.actions.size()));
  EXPECT_GE(turns, 100) << "the sample game passes the turn some 60 times per game";
  phones.ExpectNothingMore();
  EXPECT_EQ(stack.Count("SELECT count(*) FROM inbox"), notifications);
  // The relay marks the last rows sent by its next read or, idle, within its mark_delay.
  EXPECT_TRUE(Eventually([&] { return stack.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
}

// Acceptance 2: with Redis stopped the game service still accepts moves (their events wait in the
// outbox); after Redis returns, every event reaches its player exactly once and in order.
TEST(GameDrivenDelivery, MovesAreAcceptedWhileRedisIsDownAndEveryEventArrivesOnceInOrderAfterwards) {
  PrivateRedis redis;
  ServiceStack stack("notify_game_outage", {.redis_url = redis.url()});
  const GameRecord& record = SampleGame();
  PlayerStreams phones(stack.notify(), PlayersOf(record.config));
  GamePlay play(stack.game().stub(), stack.game().CreateGame(record.config), record.config);
  phones.ExpectDelivered(play.Created());
  constexpr size_t kBeforeOutage = 20;
  constexpr size_t kDuringOutage = 40;
  for (size_t i = 0; i < kBeforeOutage; ++i) phones.ExpectDelivered(play.Submit(record.actions[i]));
  ASSERT_FALSE(HasFailure()) << stack.Logs();

  redis.Stop();
  std::vector<Announcement> missed;
  for (size_t i = kBeforeOutage; i < kBeforeOutage + kDuringOutage; ++i) {
    const auto announced = play.Submit(record.actions[i]);  // fails the test if the move is refused
    missed.insert(missed.end(), announced.begin(), announced.end());
  }
  ASSERT_EQ(play.version(), static_cast<int64_t>(kBeforeOutage + kDuringOutage)) << "a move was refused";
  ASSERT_GE(Turns(missed), 15);
  std::set<std::string> missed_events;
  for (const auto& a : missed) missed_events.insert(a.event_id);
  EXPECT_EQ(stack.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL"),
            static_cast<int64_t>(missed_events.size()))
      << "each event of the outage waits in the outbox";
  phones.ExpectNothingMore(std::chrono::milliseconds(500));

  redis.Start();
  phones.ExpectDelivered(missed, std::chrono::seconds(30));
  phones.ExpectNothingMore(std::chrono::milliseconds(500));
  EXPECT_TRUE(Eventually([&] { return stack.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL") == 0; }));
  // And the game goes on live.
  std::vector<Announcement> live;
  for (size_t i = kBeforeOutage + kDuringOutage; live.empty() && i < record.actions.size(); ++i) {
    live = play.Submit(record.actions[i]);
  }
  ASSERT_FALSE(live.empty());
  phones.ExpectDelivered(live);
  if (HasFailure()) ADD_FAILURE() << stack.Logs();
}

// Acceptance 3: a player whose phone disconnects, misses ten "your turn"s of real moves and
// reconnects with the last event id it had receives exactly those ten, in order, then live ones.
TEST(GameDrivenDelivery, APhoneThatMissedTenTurnsGetsExactlyThoseTenInOrderWhenItReconnects) {
  ServiceStack stack("notify_game_reconnect", {});
  const GameRecord& record = SampleGame();
  const std::string adam = record.config.players(0).user_id();
  GamePlay play(stack.game().stub(), stack.game().CreateGame(record.config), record.config);
  std::string last_seen;
  {
    StreamReader phone(stack.notify(), AccessToken(adam));
    const auto first = For(adam, play.Created());
    ASSERT_EQ(first.size(), 1u);
    // The game may have been announced before the stream opened: it is in the inbox either way.
    ASSERT_TRUE(Eventually([&] {
      return stack.Count("SELECT count(*) FROM inbox WHERE user_id = '" + adam + "'") == 1;
    }));
    last_seen = first[0].event_id;
    phone.Cancel();
    EXPECT_EQ(phone.Finish().error_code(), grpc::StatusCode::CANCELLED);
  }
  std::vector<Announcement> missed;
  size_t next = 0;
  while (missed.size() < 10 && next < record.actions.size()) {
    for (const auto& a : For(adam, play.Submit(record.actions[next++]))) missed.push_back(a);
  }
  ASSERT_EQ(missed.size(), 10u);
  ASSERT_TRUE(Eventually([&] {
    return stack.Count("SELECT count(*) FROM inbox WHERE user_id = '" + adam + "'") == 11;
  })) << stack.Logs();

  StreamReader phone(stack.notify(), AccessToken(adam), last_seen);
  const auto replay = phone.Take(10);
  ASSERT_EQ(replay.size(), 10u);
  for (size_t i = 0; i < replay.size(); ++i) {
    EXPECT_EQ(replay[i].event_id(), missed[i].event_id);
    EXPECT_EQ(replay[i].sequence(), static_cast<int64_t>(i) + 2);
    EXPECT_EQ(replay[i].event().your_turn().game_id(), play.game_id());
  }
  EXPECT_FALSE(phone.Next(std::chrono::milliseconds(300)).has_value()) << "more than the ten missed";

  std::vector<Announcement> live;
  while (live.empty() && next < record.actions.size()) live = For(adam, play.Submit(record.actions[next++]));
  ASSERT_FALSE(live.empty());
  const auto got = phone.Next();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->event_id(), live[0].event_id);
  EXPECT_EQ(got->sequence(), 12);
}

}  // namespace
}  // namespace mailrun::notification::testing
