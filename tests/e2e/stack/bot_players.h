// The reference bot (engine/bot/choose_action.h) playing a started table's seats through the public
// API, as end-to-end tests need it. The bot decides on an engine Game, so a local copy of the game
// is kept in step with the service from the API alone: the configuration is the lobby's table
// (players in seat order) and GetGame (edition and options), and every action applied is one the
// service accepted. The API does not publish the game's seed, which decides ties of bonds by lot
// (2.5.2.3) and nothing else in a game without the simplified deal (2.4.1): when a move's log
// differs from the local copy's, the copy is rebuilt once with a seed whose lot logs the same
// (WithTheServicesLot). 1947's seed deals the opening (player order cards, pool shares): its copy
// takes the first seed whose opening view is the service's. A seat handed over during the game
// (seats.proto) plays on with its new holder's token (Seat), or, handed to the service's own bot,
// is left to it: its moves are read back from the game's record (StudyService.ExportGame) into the
// local copy. Failures are reported as test failures. Thread-compatible.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.pb.h"
#include "mailrun/v1/study.grpc.pb.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {

// The log lines of a move as the service answered it, in English.
std::vector<std::string> LogOf(const mailrun::v1::SubmitActionResponse& answer);

// The local copy rebuilt with the first seed whose lot makes `action` (after `applied`) log `log`;
// nullopt if none of the seeds tried does.
std::optional<mailrun::engine::Game> WithTheServicesLot(mailrun::v1::GameConfig config,
                                                        const std::vector<mailrun::v1::Action>& applied,
                                                        const mailrun::v1::Action& action,
                                                        const std::vector<std::string>& log);

class BotPlayers {
 public:
  // The bot for every seat of `table` (started, players in seat order), each seat playing with the
  // token of its account in `accounts` and its own random stream (seed `first_rng` + seat).
  // Reads the game's edition and options with GetGame. nullopt (and a test failure) if it cannot.
  static std::optional<BotPlayers> Sit(mailrun::v1::GameService::Stub& game, const mailrun::v1::Table& table,
                                       const std::vector<Account>& accounts, uint64_t first_rng);

  // The acting seat's move: its legal actions listed through the API, the bot's choice submitted
  // and applied to the local copy. False (and a test failure) if anything disagrees.
  // When the seat to act is left to the service's bot, waits up to a minute for the service to
  // move and applies its moves to the local copy instead.
  bool PlayOne();

  // From now on `seat` is played with `account`'s token (a substitute); `account` must outlive
  // this object.
  void Seat(int seat, const Account& account) { by_seat_.at(static_cast<size_t>(seat)) = &account; }
  // From now on the game service's bot plays `seat`; its moves are read through `records`, which
  // must outlive this object.
  void LeaveToTheServicesBot(int seat, mailrun::v1::StudyService::Stub& records) {
    by_seat_.at(static_cast<size_t>(seat)) = nullptr;
    records_ = &records;
  }

  bool Finished() const { return local_.Finished(); }
  int64_t version() const { return version_; }
  const mailrun::engine::Game& local() const { return local_; }

 private:
  BotPlayers(mailrun::v1::GameService::Stub& game, std::string game_id, std::vector<const Account*> by_seat,
             mailrun::v1::GameConfig config, mailrun::engine::Game local, uint64_t first_rng);
  // The service's moves after version_ (read from its record as `token` sees it) applied to the
  // local copy; false (and a test failure) if none came within a minute or one does not apply.
  bool FollowTheService(const std::string& token);

  mailrun::v1::GameService::Stub* game_;
  mailrun::v1::StudyService::Stub* records_ = nullptr;
  std::string game_id_;
  std::vector<const Account*> by_seat_;
  mailrun::v1::GameConfig config_;
  mailrun::engine::Game local_;
  std::vector<uint64_t> rng_;
  std::vector<mailrun::v1::Action> applied_;
  bool reseeded_ = false;
  int64_t version_ = 0;
};

}  // namespace mailrun::e2e
