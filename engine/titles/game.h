// Game: one game of any title, as the services, the tools, the bot and self-play use it. It is
// made from a GameConfig (whose title picks the rules, engine/titles/registry.h) and forwards to
// that title's TitleGame (engine/core/title.h). A Game is a value: copying it copies the game
// (the services validate a move on a copy). Pure and deterministic; not thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/title.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

class Game {
 public:
  // Starts a game of the configuration's title (unspecified: 1853) with the defaults filled in
  // (title, edition). kMalformed for a bad configuration; kUnavailable for a title or edition that
  // cannot be played yet.
  static Result<Game> Create(const mailrun::v1::GameConfig& config);
  // A game restored from SnapshotJson() of a game with this configuration.
  static Result<Game> FromSnapshot(const mailrun::v1::GameConfig& config, const std::string& json);

  explicit Game(std::unique_ptr<TitleGame> game) : game_(std::move(game)) {}
  Game(const Game& other) : game_(other.game_->Clone()) {}
  Game& operator=(const Game& other) {
    if (this != &other) game_ = other.game_->Clone();
    return *this;
  }
  Game(Game&&) noexcept = default;
  Game& operator=(Game&&) noexcept = default;

  // See TitleGame for each of these.
  Result<ApplyOutcome> Apply(const mailrun::v1::Action& action) { return game_->Apply(action); }
  Result<ApplyOutcome> ApplyBefore(const mailrun::v1::Action& action, const mailrun::v1::Action& next) {
    return game_->ApplyBefore(action, next);
  }
  // Applies log[i] of a log being replayed: told log[i + 1] when there is one (ApplyBefore), as
  // `mailrun replay`, the game service's loader and self-play replay a log.
  Result<ApplyOutcome> ApplyLogged(std::span<const mailrun::v1::Action> log, size_t i) {
    return i + 1 < log.size() ? game_->ApplyBefore(log[i], log[i + 1]) : game_->Apply(log[i]);
  }
  Result<ApplyOutcome> Preview(const mailrun::v1::Action& action) { return game_->Preview(action); }
  std::vector<int> ActiveSeats() const { return game_->ActiveSeats(); }
  std::vector<mailrun::v1::LegalAction> LegalActions(int seat) const { return game_->LegalActions(seat); }
  // The title's view, with the title and whether its board is a reconstruction.
  mailrun::v1::GameView View(int viewer) const;
  // The title's TurnView, with the title: whose turn it is and what it asks (TitleGame::TurnView).
  mailrun::v1::GameView TurnView() const;
  Result<mailrun::v1::RunPlan> SuggestedRuns(const std::string& company, bool best_dividend) const {
    return game_->SuggestedRuns(company, best_dividend);
  }
  bool Finished() const { return game_->Finished(); }
  std::string EndReason() const { return game_->EndReason(); }
  mailrun::v1::StructuredText EndReasonStructured() const { return game_->EndReasonStructured(); }
  std::vector<FinalStanding> Standings() const { return game_->Standings(); }
  const mailrun::v1::GameConfig& config() const { return game_->config(); }
  std::string SnapshotJson() const { return game_->SnapshotJson(); }

  // The title's hooks (engine/core/title.h), with games of the same title.
  std::optional<Error> UndoRefusal(const Game& before) const { return game_->UndoRefusal(*before.game_); }
  std::vector<RevealedBid> RevealedSince(const Game* before) const {
    return game_->RevealedSince(before ? before->game_.get() : nullptr);
  }
  std::vector<std::string> CheckInvariants(const Game* before) const {
    return game_->CheckInvariants(before ? before->game_.get() : nullptr);
  }

  const TitleGame& title_game() const { return *game_; }

 private:
  std::unique_ptr<TitleGame> game_;
};

}  // namespace mailrun::engine
