#include "tests/integration/notification/game_play.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <pqxx/pqxx>
#include <stdexcept>

#include "engine/bot/choose_action.h"
#include "tests/integration/game_service/play_helpers.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::notification::testing {
namespace {

mailrun::engine::Game CreateOrThrow(const mailrun::v1::GameConfig& config) {
  auto game = mailrun::engine::Game::Create(config);
  if (!game.ok()) throw std::invalid_argument("the engine refuses the configuration: " + game.error().ToString());
  return std::move(*game);
}

bool Contains(const std::vector<int>& seats, int seat) { return std::find(seats.begin(), seats.end(), seat) != seats.end(); }

}  // namespace

GamePlay::GamePlay(mailrun::v1::GameService::Stub& stub, std::string game_id, const mailrun::v1::GameConfig& config)
    : stub_(stub), game_id_(std::move(game_id)), game_(CreateOrThrow(config)), bot_rng_(config.seed() + 17) {}

std::vector<Announcement> GamePlay::Created() const { return Announced(nullptr, game_, -1, 0); }

std::vector<Announcement> GamePlay::Announced(const mailrun::engine::Game* before, const mailrun::engine::Game& after,
                                              int mover, int64_t version) const {
  std::vector<Announcement> out;
  const std::vector<int> waited_for = before ? before->ActiveSeats() : std::vector<int>{};
  for (int seat : after.ActiveSeats()) {
    if (seat == mover || Contains(waited_for, seat)) continue;
    out.push_back({user_of(seat), fmt::format("game:{}:{}:turn:{}", game_id_, version, seat),
                   mailrun::v1::EVENT_KIND_YOUR_TURN, game_id_, version});
  }
  const auto& players = mailrun::engine::t1853::As1853(after)->state().players;
  for (size_t seat = 0; seat < players.size(); ++seat) {
    if (!players[seat].bond.returned ||
        (before && mailrun::engine::t1853::As1853(*before)->state().players[seat].bond.returned)) {
      continue;
    }
    for (size_t to = 0; to < players.size(); ++to) {  // 4.3.2: every player learns the cities
      out.push_back({user_of(static_cast<int>(to)), fmt::format("game:{}:bond:{}", game_id_, seat),
                     mailrun::v1::EVENT_KIND_BOND_RETURNED, game_id_, version});
    }
  }
  if (after.Finished() && (before == nullptr || !before->Finished())) {
    for (size_t to = 0; to < players.size(); ++to) {
      out.push_back({user_of(static_cast<int>(to)), fmt::format("game:{}:finished", game_id_),
                     mailrun::v1::EVENT_KIND_GAME_FINISHED, game_id_, version});
    }
  }
  return out;
}

std::vector<Announcement> GamePlay::Submit(const mailrun::v1::Action& action) {
  mailrun::engine::Game after = game_;
  const auto applied = after.Apply(action);
  EXPECT_TRUE(applied.ok()) << "the engine refuses the test's own move: " << applied.error().ToString();
  if (!applied.ok()) return {};
  const std::string token = game::testing::GameHarness::AccessToken(user_of(action.seat()));
  mailrun::v1::SubmitActionResponse response;
  const grpc::Status status =
      game::testing::Submit(stub_, token, game_id_, version_, action, game::testing::NewRequestId(), &response);
  EXPECT_TRUE(status.ok()) << "SubmitAction at version " << version_ << ": " << game::testing::Describe(status);
  if (!status.ok()) return {};
  EXPECT_EQ(response.version(), version_ + 1);
  auto announced = Announced(&game_, after, action.seat(), response.version());
  game_ = std::move(after);
  version_ = response.version();
  return announced;
}

std::vector<Announcement> GamePlay::SubmitBotMove() {
  const int seat = game_.ActiveSeats().at(0);
  mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(game_, seat, game_.LegalActions(seat), bot_rng_);
  action.set_seat(seat);
  return Submit(action);
}

mailrun::v1::GameConfig StoredConfig(const std::string& database_url, const std::string& game_id) {
  pqxx::connection connection(database_url);
  pqxx::read_transaction txn(connection);
  const pqxx::row row = txn.exec_params1("SELECT config FROM games WHERE game_id = $1", game_id);
  mailrun::v1::GameConfig config;
  if (!config.ParseFromString(pqxx::binarystring(row[0]).str())) {
    throw std::runtime_error("the stored config of game " + game_id + " is unreadable");
  }
  return config;
}

}  // namespace mailrun::notification::testing
