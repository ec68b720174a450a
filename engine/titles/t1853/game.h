// Game: one game of 1853 as its configuration plus the actions applied so far. State is their
// fold; Apply validates an action completely before changing anything, so a refused action leaves
// the game exactly as it was. Pure and deterministic: no I/O, no clock, no threads; the same
// configuration and actions always give the same state. Not thread-safe: use one Game per thread
// (copying a Game is cheap enough to validate a move on a copy).
// It is 1853's TitleGame (engine/core/title.h): the services see it through engine::Game; the
// rules' tests use it directly and inspect its state.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/title.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"
#include "engine/titles/t1853/track_cache.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {
class Game;
}  // namespace mailrun::engine

namespace mailrun::engine::t1853 {

class Game final : public TitleGame {
 public:
  // Starts a game: checks the configuration (3 to 6 players, a known edition, consistent options).
  static Result<Game> Create(const mailrun::v1::GameConfig& config);
  static Result<Game> Create(const EditionData& data, const mailrun::v1::GameConfig& config);

  std::unique_ptr<TitleGame> Clone() const override { return std::make_unique<Game>(*this); }

  // Validates `action` (its seat must be one of ActiveSeats()) and applies it with everything that
  // follows automatically (payments, appointments, the end of a round). On error nothing changes.
  Result<ApplyOutcome> Apply(const mailrun::v1::Action& action) override;
  // Apply, knowing the action that follows (TitleGame::ApplyBefore): a lay, promotion or base of
  // the next seat that is legal after `action` answers whether that seat's step is forced to end.
  Result<ApplyOutcome> ApplyBefore(const mailrun::v1::Action& action, const mailrun::v1::Action& next) override;

  // A preview (TitleGame::Preview): the bonds are not revealed (2.5.2.3), other players' contracts
  // are not checked (4.3.2), and the end of the first dealing round is not played while the BBCI's
  // type hangs on another player's bid (2.6.2).
  Result<ApplyOutcome> Preview(const mailrun::v1::Action& action) override;

  // The seats that may act now (several only during the secret bond stage).
  std::vector<int> ActiveSeats() const override;

  // Every legal action of `seat` now (empty if it is not their turn). Free amounts (a bond, a
  // price) are listed once with their range.
  std::vector<mailrun::v1::LegalAction> LegalActions(int seat) const override;

  // What `viewer` (a seat, kSpectator or kOmniscient) may see.
  mailrun::v1::GameView View(int viewer) const override;
  mailrun::v1::GameView TurnView() const override;

  // The route optimiser's best runs for the company with these initials (4.5 - 4.7).
  Result<mailrun::v1::RunPlan> SuggestedRuns(const std::string& company, bool best_dividend) const override;

  bool Finished() const override { return state_.stage == Stage::kFinished; }
  std::string EndReason() const override;  // citing the edition's rule numbers
  mailrun::v1::StructuredText EndReasonStructured() const override;  // the same
  std::vector<FinalStanding> Standings() const override;  // 5.2
  const GameState& state() const { return state_; }
  const EditionData& data() const { return *data_; }
  const mailrun::v1::GameConfig& config() const override { return config_; }

  // Snapshots: the whole state as JSON, and a Game restored from one (for the game service).
  std::string SnapshotJson() const override;
  static Result<Game> FromSnapshot(const mailrun::v1::GameConfig& config, const std::string& json);

  // 1853's hooks (game_hooks.cc): no undo past a revealed bond or the end (2.5.2.3, 4.3.2, 5.1),
  // bonds returned with their cities (4.3.2), the invariants (invariants.h) and the reference bot
  // (bot.h).
  std::optional<Error> UndoRefusal(const TitleGame& before) const override;
  std::vector<RevealedBid> RevealedSince(const TitleGame* before) const override;
  std::vector<std::string> CheckInvariants(const TitleGame* before) const override;
  std::optional<mailrun::v1::Action> BotAction(int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                               uint64_t& rng) const override;

 private:
  // `next` (may be null): the action known to follow (ApplyBefore).
  Result<ApplyOutcome> ApplyAs(const mailrun::v1::Action& action, bool preview, const mailrun::v1::Action* next);
  // `view` with the round's description and the end reason as the players read them (rules cited).
  mailrun::v1::GameView Cited(mailrun::v1::GameView view) const;

  Game(const EditionData* data, mailrun::v1::GameConfig config, GameState state)
      : data_(data), config_(std::move(config)), state_(std::move(state)) {}

  const EditionData* data_;
  mailrun::v1::GameConfig config_;
  GameState state_;
  // The track network and reaches of the last board Apply looked at (track_cache.h): derived
  // from state_ alone, kept so that the next action need not build them again.
  TrackCache track_;
  // The action ApplyBefore was told would follow, when it found it legal on state_ as Apply left
  // it (NextIsLegalChoice validated it there): applied next, it is not validated a second time.
  // Cleared by every Apply and Preview (ApplyAs, where alone state_ changes); a preview sets none.
  std::optional<std::string> validated_next_;  // serialised
};

// The 1853 game behind a game of any title (engine/titles/game.h), for tests and tools that
// inspect 1853's state; nullptr when it is a game of another title.
const Game* As1853(const engine::Game& game);

}  // namespace mailrun::engine::t1853
