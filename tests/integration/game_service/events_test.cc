// The game service's events on their way out, against the real mailrun-game, PostgreSQL and
// Redis: the in-process outbox relay publishes each move's events on the configured channel, and
// with Redis unreachable moves go on as before while their events wait in the outbox.
#include <gtest/gtest.h>

#include <mutex>
#include <thread>

#include "mailrun/v1/events.pb.h"
#include "services/common/redis.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/testing/servers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

// Collects the events published on a channel.
class Listener {
 public:
  explicit Listener(const std::string& channel)
      : subscriber_({.endpoint = mailrun::service::ParseRedisUrl(mailrun::testing::RedisUrl()), .channels = {channel}},
                    [this](const std::string&, const std::string& payload) {
                      mailrun::v1::Event event;
                      if (!event.ParseFromString(payload)) return;
                      std::lock_guard lock(mutex_);
                      events_[event.event_id()] = event;
                    }) {
    subscriber_.Start();
    for (int i = 0; i < 200 && !subscriber_.subscribed(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ~Listener() { subscriber_.Stop(); }

  // Waits up to 10 s for the event.
  std::optional<mailrun::v1::Event> Await(const std::string& event_id) {
    for (int i = 0; i < 1000; ++i) {
      {
        std::lock_guard lock(mutex_);
        if (auto found = events_.find(event_id); found != events_.end()) return found->second;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return std::nullopt;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, mailrun::v1::Event> events_;
  mailrun::service::RedisSubscriber subscriber_;
};

TEST(Events, EachMovesEventsArePublishedOnTheEventsChannel) {
  GameHarness harness("game_service_events");
  Listener listener(harness.events_channel());
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string game_id = harness.CreateGame(record.config, "table-events", 900);
  for (int seat = 0; seat < 5; ++seat) {
    const auto event = listener.Await("game:" + game_id + ":0:turn:" + std::to_string(seat));
    ASSERT_TRUE(event.has_value()) << "seat " << seat;
    EXPECT_EQ(event->your_turn().remind_after_seconds(), 900);
  }
  const int64_t version = PlayRecorded(harness.stub(), record, game_id, 0, 24, 0);
  // Adam ended his dealing turn with the 24th action: Beth's began.
  const auto beth = listener.Await("game:" + game_id + ":" + std::to_string(version) + ":turn:1");
  ASSERT_TRUE(beth.has_value());
  EXPECT_EQ(beth->user_ids(0), "beth");
  EXPECT_EQ(beth->your_turn().round(), "Dealing Round 1");
  EXPECT_EQ(beth->your_turn().version(), version);
  // Published rows are marked sent.
  for (int i = 0; i < 500 && harness.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL") > 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(harness.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL"), 0);
}

TEST(Events, MovesGoOnWhileRedisIsUnreachable) {
  GameHarness harness(
      "game_service_no_redis",
      {.extra_args = {}, .redis_url = "redis://127.0.0.1:" + std::to_string(mailrun::testing::FreePort())});
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string game_id = harness.CreateGame(record.config);
  const auto began = std::chrono::steady_clock::now();
  EXPECT_EQ(PlayRecorded(harness.stub(), record, game_id, 0, 30, 0), 30);
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(20)) << "moves waited for Redis";
  EXPECT_GT(harness.Count("SELECT count(*) FROM outbox WHERE sent_at IS NULL"), 5) << "the events wait in the outbox";
  EXPECT_EQ(harness.Count("SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL"), 0);
}

}  // namespace
}  // namespace mailrun::game::testing
