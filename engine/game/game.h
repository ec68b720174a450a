// Game: one game of 1853 as its configuration plus the actions applied so far. State is their
// fold; Apply validates an action completely before changing anything, so a refused action leaves
// the game exactly as it was. Pure and deterministic: no I/O, no clock, no threads; the same
// configuration and actions always give the same state. Not thread-safe: use one Game per thread
// (copying a Game is cheap enough to validate a move on a copy).
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/data/edition_data.h"
#include "engine/game/state.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// What applying one action did: the human-readable log lines (public: they never reveal a secret).
// For a preview, also what it leaves out (empty if nothing).
struct ApplyOutcome {
  std::vector<std::string> log;
  std::string withheld;
};

// Viewer ids for views: a seat (0..players-1), a spectator, or the omniscient view (tests, replay
// tools; never sent to a client).
inline constexpr int kSpectator = -1;
inline constexpr int kOmniscient = -2;

class Game {
 public:
  // Starts a game: checks the configuration (3 to 6 players, a known edition, consistent options).
  static Result<Game> Create(const mailrun::v1::GameConfig& config);
  static Result<Game> Create(const EditionData& data, const mailrun::v1::GameConfig& config);

  // Validates `action` (its seat must be one of ActiveSeats()) and applies it with everything that
  // follows automatically (payments, appointments, the end of a round). On error nothing changes.
  Result<ApplyOutcome> Apply(const mailrun::v1::Action& action);

  // Applies `action` as a preview for its seat (PreviewAction): as Apply, except that no step uses
  // another player's secret: the bonds are not revealed (2.5.2.3), other players' contracts are
  // not checked (4.3.2), and the end of the first dealing round is not played while the BBCI's
  // type hangs on another player's bid (2.6.2). ApplyOutcome::withheld says what was left out;
  // whether anything is depends on public facts only. The game afterwards is for showing that
  // seat what would happen, never to be stored.
  Result<ApplyOutcome> Preview(const mailrun::v1::Action& action);

  // The seats that may act now (several only during the secret bond stage).
  std::vector<int> ActiveSeats() const;

  // Every legal action of `seat` now (empty if it is not their turn). Free amounts (a bond, a
  // price) are listed once with their range.
  std::vector<mailrun::v1::LegalAction> LegalActions(int seat) const;

  // What `viewer` (a seat, kSpectator or kOmniscient) may see.
  mailrun::v1::GameView View(int viewer) const;

  // The route optimiser's best runs for the company with these initials (4.5 - 4.7).
  Result<mailrun::v1::RunPlan> SuggestedRuns(const std::string& company, bool best_dividend) const;

  bool Finished() const { return state_.stage == Stage::kFinished; }
  const GameState& state() const { return state_; }
  const EditionData& data() const { return *data_; }
  const mailrun::v1::GameConfig& config() const { return config_; }

  // Snapshots: the whole state as JSON, and a Game restored from one (for the game service).
  std::string SnapshotJson() const;
  static Result<Game> FromSnapshot(const mailrun::v1::GameConfig& config, const std::string& json);

 private:
  Result<ApplyOutcome> ApplyAs(const mailrun::v1::Action& action, bool preview);

  Game(const EditionData* data, mailrun::v1::GameConfig config, GameState state)
      : data_(data), config_(std::move(config)), state_(std::move(state)) {}

  const EditionData* data_;
  mailrun::v1::GameConfig config_;
  GameState state_;
};

}  // namespace mailrun::engine
