// The title interface: what every 18xx game Mailrun plays (1853, 1947) offers the rest of the
// system. A Title describes one game (its editions, player counts, options, whether it can be
// played yet) and makes TitleGames; a TitleGame is one game of it in progress. The services, the
// lobby, the CLI, the bot and self-play see titles only through these two classes (and the
// registry, engine/titles/registry.h); each title's rules live in engine/titles/<title>/.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/board/board_overlay.h"
#include "engine/core/result.h"
#include "engine/core/structured_text.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/components.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// What applying one action did: the human-readable log lines (public: they never reveal a secret),
// each also as a message key with parameters (structured_log[i] is log[i]). For a preview, also
// what it leaves out (empty if nothing).
struct ApplyOutcome {
  std::vector<std::string> log;
  std::vector<mailrun::v1::StructuredText> structured_log;
  std::string withheld;

  void Add(Said said) {
    log.push_back(std::move(said.text));
    structured_log.push_back(std::move(said.structured));
  }
};

// Viewer ids for views: a seat (0..players-1), a spectator, or the omniscient view (tests, replay
// tools; never sent to a client).
inline constexpr int kSpectator = -1;
inline constexpr int kOmniscient = -2;

// A player's result at the end of a game: final wealth and rank (1 = best, equal wealth shares).
struct FinalStanding {
  int seat = 0;
  int wealth = 0;
  int rank = 0;
};

// A secret bid an action made public (1853: a bond returned with its cities, 4.3.2), for the
// notification every player gets.
struct RevealedBid {
  int seat = 0;
  int amount = 0;
  std::vector<std::string> cities;
};

// One game of a title: its configuration plus the actions applied so far. Apply validates an
// action completely before changing anything. Pure and deterministic; not thread-safe.
class TitleGame {
 public:
  virtual ~TitleGame() = default;
  // A copy that evolves on its own (the services validate moves on copies).
  virtual std::unique_ptr<TitleGame> Clone() const = 0;

  virtual const mailrun::v1::GameConfig& config() const = 0;
  // Validates `action` (its seat must be one of ActiveSeats()) and applies it with everything that
  // follows automatically. On error nothing changes.
  virtual Result<ApplyOutcome> Apply(const mailrun::v1::Action& action) = 0;
  // The same, for a caller that already knows the action that will follow (`next`: a replay of a
  // record, a game loaded from its log). The outcome and the game afterwards are exactly
  // Apply(action)'s; a title may use `next` to answer a question Apply would otherwise work out
  // (1853: whether the next player has nothing to do but pass). Default: Apply(action).
  virtual Result<ApplyOutcome> ApplyBefore(const mailrun::v1::Action& action, const mailrun::v1::Action& next);
  // Applies `action` as a preview for its seat (PreviewAction): as Apply, except that no automatic
  // step uses another player's secret; ApplyOutcome::withheld says what is left out, and whether
  // anything is depends on public facts only. The game afterwards is only for showing that seat
  // what would happen. Default: Apply (a title without secrets).
  virtual Result<ApplyOutcome> Preview(const mailrun::v1::Action& action);
  // The seats that may act now.
  virtual std::vector<int> ActiveSeats() const = 0;
  // Every legal action of `seat` now (empty if it is not their turn); free amounts once, with range.
  virtual std::vector<mailrun::v1::LegalAction> LegalActions(int seat) const = 0;
  // What `viewer` (a seat, kSpectator or kOmniscient) may see.
  virtual mailrun::v1::GameView View(int viewer) const = 0;
  // Of View(kSpectator), only whose turn it is and what it asks: the phase, the round (with its
  // description), the active seats, the pending offer and the end reason; no board, players,
  // companies or trains. What a move's events and the games row need (the game service builds it
  // on every move). Default: the whole spectator's view.
  virtual mailrun::v1::GameView TurnView() const;
  // The route optimiser's best runs for the company with these initials.
  virtual Result<mailrun::v1::RunPlan> SuggestedRuns(const std::string& company, bool best_dividend) const = 0;
  virtual bool Finished() const = 0;
  // Why the game ended ("" while it runs) and each player's result, in seat order (empty while it runs).
  virtual std::string EndReason() const = 0;
  // The end reason as a message key and typed parameters (empty while it runs, or for a title or a
  // game from before structured end reasons).
  virtual mailrun::v1::StructuredText EndReasonStructured() const { return {}; }
  virtual std::vector<FinalStanding> Standings() const = 0;
  // The whole state as JSON, for snapshots (Title::FromSnapshot restores it).
  virtual std::string SnapshotJson() const = 0;

  // Title hooks, with defaults for a title that has no such rule.
  // Why the action that led from `before` to this game may not be taken back (it revealed a
  // secret, ended the game, ...); nullopt when it may.
  virtual std::optional<Error> UndoRefusal(const TitleGame& before) const;
  // The secret bids made public since `before` (nullptr: since the start).
  virtual std::vector<RevealedBid> RevealedSince(const TitleGame* before) const;
  // Violations of the title's invariants after the action that led from `before` (nullptr: none
  // known), each a sentence; empty when all hold. Used by self-play, the fuzzer and tests.
  virtual std::vector<std::string> CheckInvariants(const TitleGame* before) const;
  // The title's own bot: one of `legal` for `seat`, advancing `rng`; nullopt to let the generic
  // bot (engine/bot/choose_action.h) choose.
  virtual std::optional<mailrun::v1::Action> BotAction(int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                                       uint64_t& rng) const;
};

// One edition of a title as the lobby and the CLI show it.
struct EditionInfo {
  mailrun::v1::Edition edition = mailrun::v1::EDITION_UNSPECIFIED;  // UNSPECIFIED: the title has one edition
  std::string name;                  // "1853 Retuned", "1947"
  bool playable = false;             // the engine has its rules and data
  bool reconstructed_board = false;  // its board data is a reconstruction (docs/board-data*.md)
};

class Title {
 public:
  virtual ~Title() = default;
  virtual mailrun::v1::Title id() const = 0;
  virtual std::string name() const = 0;  // "1853"
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  // Every edition, the default first.
  virtual std::vector<EditionInfo> editions() const = 0;
  // An amount of the title's money as its rules print it (1853: "£1,050"; engine/core/texts.h).
  virtual std::string Money(int64_t amount) const = 0;

  // The edition a configuration means (its default when unspecified).
  virtual mailrun::v1::Edition EffectiveEdition(mailrun::v1::Edition edition) const = 0;
  // Whether the edition exists and the options go with it (kMalformed naming the rule if not).
  virtual Status CheckSetup(mailrun::v1::Edition edition, const mailrun::v1::GameOptions& options) const = 0;
  // Whether the edition can be played now (kUnavailable with the reason if not).
  virtual Status CheckPlayable(mailrun::v1::Edition edition) const = 0;

  // A new game (the configuration is checked in full: players, edition, options) and a game
  // restored from a snapshot of one.
  virtual Result<std::unique_ptr<TitleGame>> Create(const mailrun::v1::GameConfig& config) const = 0;
  virtual Result<std::unique_ptr<TitleGame>> FromSnapshot(const mailrun::v1::GameConfig& config,
                                                          const std::string& json) const = 0;

  // The edition's board as an SVG picture with `overlay` on it.
  virtual Result<std::string> RenderBoardSvg(mailrun::v1::Edition edition, const BoardOverlay& overlay) const = 0;
  // What is printed on a hex of the edition's board: its city, its towns, or "" (nothing, or no
  // such hex).
  virtual std::string PlaceName(mailrun::v1::Edition edition, HexCoord hex) const = 0;
  // A hex as the title's views name it ("Fn" in 1853, "D21" in 1947); nullopt if it names none.
  virtual std::optional<HexCoord> ParseHex(std::string_view name) const { return ParseHexName(name); }
  // The edition's board and components counted, as one JSON object (`mailrun board summary`), so
  // they can be checked against the rules text.
  virtual Result<std::string> BoardSummaryJson(mailrun::v1::Edition edition) const = 0;
  // The edition's components as data (GameService.GetComponents): the board, the tile designs,
  // the companies, the market, the trains and the phases. kUnavailable for a title that does not
  // serve them yet.
  virtual Result<mailrun::v1::Components> Components(mailrun::v1::Edition edition) const;
};

}  // namespace mailrun::engine
