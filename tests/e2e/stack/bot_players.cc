// The reference bot playing a table's seats through the API: see bot_players.h.
#include "tests/e2e/stack/bot_players.h"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <chrono>
#include <thread>
#include <utility>

#include "engine/bot/choose_action.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {

using mailrun::engine::Game;
using GameStub = mailrun::v1::GameService::Stub;

std::vector<std::string> LogOf(const mailrun::v1::SubmitActionResponse& answer) {
  std::vector<std::string> log;
  for (const auto& line : answer.log_lines()) log.push_back(line.text());
  return log;
}

std::optional<Game> WithTheServicesLot(mailrun::v1::GameConfig config, const std::vector<mailrun::v1::Action>& applied,
                                       const mailrun::v1::Action& action, const std::vector<std::string>& log) {
  for (uint64_t seed = 0; seed < 5000; ++seed) {
    config.set_seed(seed);
    auto game = Game::Create(config);
    if (!game.ok()) return std::nullopt;
    bool replayed = true;
    for (const auto& a : applied) replayed = replayed && game->Apply(a).ok();
    if (!replayed) continue;
    const auto outcome = game->Apply(action);
    if (outcome.ok() && outcome->log == log) return std::move(*game);
  }
  return std::nullopt;
}

std::optional<BotPlayers> BotPlayers::Sit(GameStub& game, const mailrun::v1::Table& table,
                                          const std::vector<Account>& accounts, uint64_t first_rng) {
  std::vector<const Account*> by_seat;
  mailrun::v1::GameConfig config;
  for (int seat = 0; seat < table.players_size(); ++seat) {
    const Account* account = nullptr;
    for (const auto& candidate : accounts) {
      if (candidate.user_id == table.players(seat).user_id()) account = &candidate;
    }
    EXPECT_NE(account, nullptr) << "seat " << seat << " is nobody's of the accounts given";
    if (account == nullptr) return std::nullopt;
    by_seat.push_back(account);
    auto* entry = config.add_players();
    entry->set_user_id(account->user_id);
    entry->set_display_name(account->name);
  }
  if (by_seat.empty()) return std::nullopt;
  const auto first = GetGameAs(game, by_seat[0]->token, table.game_id());
  EXPECT_EQ(first.version(), 0) << "the bot sits down at a game not yet begun";
  config.set_title(first.view().title());
  config.set_edition(first.view().edition());
  *config.mutable_options() = first.view().options();
  auto created = Game::Create(config);
  EXPECT_TRUE(created.ok()) << created.error().ToString();
  // 1947's seed deals the player order cards (2.1) and draws two shares into the pool (2.3 d, e):
  // the copy takes the first seed whose opening view is the service's.
  if (created.ok() && config.title() == mailrun::v1::TITLE_1947) {
    bool dealt = false;
    for (uint64_t seed = 0; seed < 20000 && !dealt; ++seed) {
      config.set_seed(seed);
      auto candidate = Game::Create(config);
      if (!candidate.ok()) break;
      if (google::protobuf::util::MessageDifferencer::Equals(candidate->View(0), first.view())) {
        created = std::move(candidate);
        dealt = true;
      }
    }
    EXPECT_TRUE(dealt) << "no seed deals the service's player order cards and pool shares";
    if (!dealt) return std::nullopt;
  }
  if (!created.ok() || first.version() != 0) return std::nullopt;
  return BotPlayers(game, table.game_id(), std::move(by_seat), std::move(config), std::move(*created), first_rng);
}

BotPlayers::BotPlayers(GameStub& game, std::string game_id, std::vector<const Account*> by_seat,
                       mailrun::v1::GameConfig config, Game local, uint64_t first_rng)
    : game_(&game),
      game_id_(std::move(game_id)),
      by_seat_(std::move(by_seat)),
      config_(std::move(config)),
      local_(std::move(local)) {
  for (size_t seat = 0; seat < by_seat_.size(); ++seat) rng_.push_back(first_rng + seat);
}

bool BotPlayers::PlayOne() {
  const auto active = local_.ActiveSeats();
  EXPECT_FALSE(active.empty()) << "nobody may act at version " << version_;
  if (active.empty()) return false;
  const int seat = active.front();
  if (by_seat_[static_cast<size_t>(seat)] == nullptr) {
    for (const Account* player : by_seat_) {
      if (player != nullptr) return FollowTheService(player->token);
    }
    ADD_FAILURE() << "the service's bot plays every seat";
    return false;
  }
  const Account& acting = *by_seat_[static_cast<size_t>(seat)];
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(game_id_);
  mailrun::v1::ListLegalActionsResponse legal;
  const grpc::Status listed = CallAs(*game_, &GameStub::ListLegalActions, acting.token, list, &legal);
  EXPECT_TRUE(listed.ok()) << Describe(listed);
  EXPECT_EQ(legal.version(), version_);
  const std::vector<mailrun::v1::LegalAction> choices(legal.actions().begin(), legal.actions().end());
  EXPECT_EQ(choices.size(), local_.LegalActions(seat).size()) << "at version " << version_;
  if (!listed.ok() || legal.version() != version_ || choices.empty()) return false;

  mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(local_, seat, choices, rng_[static_cast<size_t>(seat)]);
  action.clear_seat();  // the service takes the seat from the token
  mailrun::v1::SubmitActionRequest submit;
  submit.set_game_id(game_id_);
  submit.set_expected_version(version_);
  *submit.mutable_action() = action;
  submit.set_request_id(NewRequestId());
  mailrun::v1::SubmitActionResponse answer;
  const grpc::Status status = CallAs(*game_, &GameStub::SubmitAction, acting.token, submit, &answer);
  EXPECT_TRUE(status.ok()) << "version " << version_ << ", " << acting.name << ": " << Describe(status);
  if (!status.ok()) return false;

  action.set_seat(seat);
  const auto outcome = local_.Apply(action);
  EXPECT_TRUE(outcome.ok()) << "the local copy refuses what the service accepted: " << outcome.error().ToString();
  if (!outcome.ok()) return false;
  const std::vector<std::string> log = LogOf(answer);
  if (outcome->log != log && !reseeded_) {
    auto matched = WithTheServicesLot(config_, applied_, action, log);
    EXPECT_TRUE(matched.has_value()) << "no seed reproduces the service's log at version " << version_;
    if (!matched) return false;
    local_ = std::move(*matched);
    reseeded_ = true;
  } else {
    EXPECT_EQ(log, outcome->log) << "at version " << version_;
    if (log != outcome->log) return false;
  }
  applied_.push_back(action);
  version_ = answer.version();
  return true;
}

bool BotPlayers::FollowTheService(const std::string& token) {
  using StudyStub = mailrun::v1::StudyService::Stub;
  mailrun::v1::ExportGameRequest request;
  request.set_game_id(game_id_);
  mailrun::v1::ExportGameResponse answer;
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  for (bool first = true; answer.record().version() <= version_; first = false) {
    if (std::chrono::steady_clock::now() > until) {
      ADD_FAILURE() << "the service's bot did not move at version " << version_;
      return false;
    }
    // The service's bot moves as soon as the version before reaches it (deleted_players.h).
    if (!first) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const grpc::Status status = CallAs(*records_, &StudyStub::ExportGame, token, request, &answer);
    EXPECT_TRUE(status.ok()) << Describe(status);
    if (!status.ok()) return false;
  }
  for (const auto& entry : answer.record().entries()) {
    if (entry.version() <= version_) continue;
    EXPECT_FALSE(entry.withheld()) << "version " << entry.version();
    mailrun::v1::Action action = entry.action();
    action.set_seat(entry.seat());
    const auto outcome = local_.Apply(action);
    EXPECT_TRUE(outcome.ok()) << "the local copy refuses the service's move at version " << entry.version() << ": "
                              << outcome.error().ToString();
    if (entry.withheld() || !outcome.ok()) return false;
    applied_.push_back(action);
    version_ = entry.version();
  }
  return true;
}

}  // namespace mailrun::e2e
