#include "tests/integration/notification/player_streams.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

namespace mailrun::notification::testing {

PlayerStreams::PlayerStreams(mailrun::v1::NotificationService::Stub& stub, const std::vector<std::string>& user_ids) {
  for (const auto& user : user_ids) {
    auto stream = std::make_unique<StreamReader>(stub, AccessToken(user));
    EXPECT_TRUE(stream->live()) << "the stream of " << user << " did not open";
    streams_[user] = std::move(stream);
  }
}

void PlayerStreams::ExpectDelivered(const std::vector<Announcement>& expected, std::chrono::milliseconds timeout) {
  for (auto& [user, stream] : streams_) {
    const std::vector<Announcement> mine = For(user, expected);
    const auto got = stream->Take(mine.size(), timeout);
    ASSERT_EQ(got.size(), mine.size()) << user << " got " << got.size() << " of " << mine.size() << " notifications";
    for (size_t i = 0; i < mine.size(); ++i) {
      const auto& n = got[i];
      EXPECT_EQ(n.event_id(), mine[i].event_id) << user << ", notification " << i;
      EXPECT_EQ(n.kind(), mine[i].kind) << n.event_id();
      const auto& recipients = n.event().user_ids();
      EXPECT_NE(std::find(recipients.begin(), recipients.end(), user), recipients.end()) << n.event_id();
      if (mine[i].kind == mailrun::v1::EVENT_KIND_YOUR_TURN) {
        EXPECT_EQ(n.event().your_turn().game_id(), mine[i].game_id) << n.event_id();
        EXPECT_EQ(n.event().your_turn().version(), mine[i].version) << n.event_id();
        EXPECT_EQ(n.title(), "Your turn") << n.event_id();
      }
    }
  }
}

void PlayerStreams::ExpectNothingMore(std::chrono::milliseconds quiet) {
  std::this_thread::sleep_for(quiet);
  for (auto& [user, stream] : streams_) {
    const auto extra = stream->Next(std::chrono::milliseconds(0));
    EXPECT_FALSE(extra.has_value()) << user << " got an unexpected notification: " << extra->event_id();
  }
}

std::vector<std::string> PlayersOf(const mailrun::v1::GameConfig& config) {
  std::vector<std::string> users;
  for (const auto& player : config.players()) users.push_back(player.user_id());
  return users;
}

std::vector<Announcement> For(const std::string& user_id, const std::vector<Announcement>& all) {
  std::vector<Announcement> mine;
  std::copy_if(all.begin(), all.end(), std::back_inserter(mine),
               [&](const Announcement& a) { return a.user_id == user_id; });
  return mine;
}

}  // namespace mailrun::notification::testing
