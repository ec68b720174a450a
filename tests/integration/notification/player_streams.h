// PlayerStreams: an open Subscribe stream for each of a game's players (one phone each), and the
// checks that a move's announcements (game_play.h) reached exactly the players they were for.
// Not thread-safe: one test thread reads.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/integration/notification/game_play.h"
#include "tests/integration/notification/notification_harness.h"

namespace mailrun::notification::testing {

class PlayerStreams {
 public:
  // Opens a live stream for each of `user_ids` (access tokens of the test key) on `stub`, which
  // must outlive this object.
  PlayerStreams(mailrun::v1::NotificationService::Stub& stub, const std::vector<std::string>& user_ids);

  // Reads from each user's stream the notifications `expected` holds for that user, in that order,
  // and checks each (event id, kind, recipient; for "your turn" the game and the version). A missing
  // or different notification fails the test; `timeout` bounds the wait for each stream.
  void ExpectDelivered(const std::vector<Announcement>& expected,
                       std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // After `quiet`, no stream holds anything unread.
  void ExpectNothingMore(std::chrono::milliseconds quiet = std::chrono::milliseconds(300));

  StreamReader& of(const std::string& user_id) { return *streams_.at(user_id); }

 private:
  std::map<std::string, std::unique_ptr<StreamReader>> streams_;
};

// The user ids of a game's players, in seat order.
std::vector<std::string> PlayersOf(const mailrun::v1::GameConfig& config);

// The announcements among `all` for `user_id`.
std::vector<Announcement> For(const std::string& user_id, const std::vector<Announcement>& all);

}  // namespace mailrun::notification::testing
