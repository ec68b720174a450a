// Test setup for focused railway-round tests (section 4). A position starts from a game reached
// through real play - Appendix 4's sample game at the start of Railway Round 1 (EIR, GIP, NWR,
// BBCI as a major and SIR running; BNR, MSM and BAR not) - and is then edited as a GameState:
// tiles on the board, bases, companies formed, the phase, trains, treasuries, and whose turn it is
// at which step. The edited state is restored with Game::FromSnapshot. This is setup only: every
// rule check of a test goes through Game::Apply and Game::LegalActions.
//
// Also the action builders and checks of railway-round tests: an accepted action must have been
// listed by LegalActions, a refused one must not be, and must change nothing.
#pragma once

#include <string>
#include <vector>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {

class RailwayPosition {
 public:
  RailwayPosition();
  // Continues from any game (a position already built, then played on).
  explicit RailwayPosition(const Game& from);

  // A tile on `hex`, taken from the supply; a tile already there goes back to it and its base tokens
  // move as a promotion would move them.
  RailwayPosition& Tile(const std::string& hex, const std::string& tile, int rotation);
  // ... turned so that one line joins every hex of `towards` (its neighbours).
  RailwayPosition& Tile(const std::string& hex, const std::string& tile, const std::vector<std::string>& towards);
  // A base token of `company` on station `station` of `hex`.
  RailwayPosition& Base(const std::string& company, const std::string& hex, int station = 0);
  // `company` running with `director`, its TABLE 1 home bases and ten times par (as 3.3 forms it).
  RailwayPosition& Form(const std::string& company, int director);
  // `company` not running: never formed, its shares all back in the bank, no bases, trains or money.
  RailwayPosition& NotFormed(const std::string& company);
  // `company` run by `seat` as a manager (3.4): no director.
  RailwayPosition& Manager(const std::string& company, int seat);
  RailwayPosition& Phase(int phase);
  RailwayPosition& Trains(const std::string& company, const std::vector<std::string>& names);
  RailwayPosition& Treasury(const std::string& company, int amount);
  RailwayPosition& DoubleLay(const std::string& company, t1853::DoubleLay option);
  // Railway turns `company` has completed (its first turn is number 0).
  RailwayPosition& TurnsDone(const std::string& company, int turns);
  RailwayPosition& Options(const mailrun::v1::GameOptions& options);
  GameState& state() { return state_; }

  // The game with `company` operating at `step` of its turn (nothing done yet in the turn). The
  // money of the game is counted afresh, so the money invariant holds from here on.
  Game Operate(const std::string& company, TurnStep step = TurnStep::kTrack);

  // The game in a dealing round after the first, at `seat`'s turn (for companies forming late).
  Game Deal(int seat);

  int Index(const std::string& company) const;

 private:
  mailrun::v1::GameConfig config_;
  GameState state_;
  const EditionData* data_ = nullptr;
};

// Whether `action` is among the legal actions listed for its seat.
bool Listed(const Game& game, const mailrun::v1::Action& action);
// The action must be listed and accepted (MustApply).
void Accept(Game& game, const mailrun::v1::Action& action);
// The action must be refused without any change (MustRefuse) and must not be listed; returns the
// error (its rule number is what tests assert).
Error Refuse(Game& game, const mailrun::v1::Action& action);

// The lays and promotions listed now, as "lay Hx 5 0" / "promote Jab 104 0", sorted.
std::vector<std::string> ListedTrackMoves(const Game& game);
// The lays and promotions Apply accepts, found by trying every yellow tile in every rotation on
// every hex next to a tile or holding a base, and every other tile on every tiled hex (on copies
// of the game).
std::vector<std::string> AcceptedTrackMoves(const Game& game);

// The base placements listed now, as "Gs 0", sorted; and those Apply accepts, found by trying
// every station of every tiled hex (on copies of the game).
std::vector<std::string> ListedBasePlacements(const Game& game);
std::vector<std::string> AcceptedBasePlacements(const Game& game);

const CompanyState& CompanyOf(const Game& game, const std::string& initials);
// The money in `company`'s treasury.
inline int Treasury(const Game& game, const std::string& company) { return CompanyOf(game, company).treasury; }
// Whether the operating company is still at its track step.
inline bool StillLaying(const Game& game) { return game.state().railway.step == TurnStep::kTrack; }
bool HasTile(const Game& game, const std::string& hex, const std::string& tile);

}  // namespace mailrun::engine::t1853::testing
