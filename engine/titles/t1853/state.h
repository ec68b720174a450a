// GameState: everything that changes during one game of 1853, as plain values. It is the fold of
// the game's configuration and its actions (see game.h); the rules in rules/ read and
// change it. It holds every secret (all players' bid cities): views (view.h) decide what each
// viewer may see. It serialises to JSON (state_json.cc) for snapshots and replay checks.
//
// Indices: players by seat (0-based, the lobby's order); companies by number - 1 (0 = EIR).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/board/board_state.h"
#include "engine/core/rounds/operating_set.h"
#include "engine/core/shares/share_ledger.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine::t1853 {

inline constexpr int kCompanies = 8;
inline constexpr int kSharesPerCompany = 10;  // 1.5.1

// One city of a contract bid (2.5.2.4): the city is secret, the company share is public.
struct BidClaim {
  int city = 0;     // index into EditionData::cities
  int company = 0;  // company index
};

struct Bond {
  int amount = 0;
  bool committed = false;            // 2.5.2.2: written down (secret until all have committed)
  std::vector<BidClaim> claims;
  bool passed = false;               // 2.5.2.4: the bid is complete
  bool returned = false;             // 4.3: fulfilled and paid back
};

struct PlayerState {
  std::string name;
  int cash = 0;
  Bond bond;
  int seating = -1;                                 // position in the seating order (2.5.2.3)
  // Beside the shares the player holds (GameState::shares; a director's certificate counts 2):
  std::array<int, kCompanies> unredeemed{};         // 2.7.3: of those, not yet paid for
  std::array<int, kCompanies> contracted{};         // of those, from the contract bid (2.8.3)
  std::array<int64_t, kCompanies> holding_since{};  // tick at which the holding became non-empty; 0 = none
  std::array<bool, kCompanies> sold_this_round{};   // 3.1.9: no buying back until the next dealing round
  std::array<bool, kCompanies> contract_sale_open{};     // 2.8.3: may sell contracted shares this turn
  std::array<bool, kCompanies> contract_sale_pending{};  // 2.8.3: flotation seen; opens at the next turn
  bool must_correct_certificates = false;           // 3.2.3: over the limit after losing a directorship
};

enum class CompanyStatus { kSetAside, kOnSale, kFormed };
enum class DoubleLay { kUndecided, kFromPhase2, kPayPerUse };

struct TrainCard {
  std::string id;    // "2-3": the third card of type '2'
  std::string name;  // the type it runs as: "2", "1M", "3M", ...
  bool on_credit = false;  // 3.4.3: bought by a manager, still owed to the bank
  friend bool operator==(const TrainCard&, const TrainCard&) = default;
};

// One train's run as the company last ran it (4.5), for views and the board picture.
struct RunTrace {
  std::string train_id;
  std::vector<std::string> nodes;  // track graph node names, as in the RunTrains action
  int revenue = 0;
};

struct CompanyState {
  CompanyStatus status = CompanyStatus::kSetAside;
  bool floated = false;              // 2.8.3: the qualifying number has been issued
  bool major = true;                 // resolved for the BBCI at the end of the first dealing round (2.6)
  int director = -1;                 // seat, or -1
  int manager = -1;                  // seat running it without a director (3.4), or -1
  int treasury = 0;
  int price_index = -1;              // position on the share-price track; -1 until formed
  std::vector<TrainCard> trains;
  int tokens_left = 0;
  std::vector<Base> bases;
  DoubleLay double_lay = DoubleLay::kUndecided;
  bool special_token = false;        // 4.8.19, minors only
  int formed_in_dealing_round = 0;   // 3.1.8: no selling in the round the director is first appointed
  int railway_turns = 0;             // completed operating turns
  std::vector<RunTrace> last_runs;   // its last operating turn's runs; empty if it ran none
};

// The board (the core's tiles and supply) and what 1853 adds to it.
struct BoardState : engine::BoardState {
  std::vector<HexCoord> frontier_paid;       // 4.1.15: frontier posts already paid (the first company only)
};

enum class Stage {
  kBondCommit,      // 2.5.2.2 first stage
  kCityClaims,      // 2.5.2.4 second stage
  kDealing,         // section 3
  kElephantSale,    // 3.1.11: end of a dealing round, the holder may sell the Elephant
  kRailway,         // section 4
  kExtraRound,      // 4.9: the holder decides on one extra railway round
  kFinished,        // section 5
};

// Steps of a company's operating turn (4.0), in the order taken (RailwayState steps through them).
enum class TurnStep {
  kDoubleLayChoice,  // 4.1.3, first turn of a major only
  kTrack,            // 4.1 / 4.2
  kBase,             // 4.4
  kRun,              // 4.5 - 4.7
  kBuyTrains,        // 4.8
};

struct DealingState {
  int number = 0;                    // dealing round number (1 = the first, 2.8)
  int current = -1;                  // seat whose turn it is
  bool bought_this_turn = false;
  int bought_company = -1;
  std::array<bool, kCompanies> sold_this_turn{};
  std::array<bool, kCompanies> redeemed_this_turn{};
  int consecutive_declines = 0;
  int last_buyer = -1;
};

// One tile lay of the current turn, for the second lay's checks (4.1.8).
struct LayRecord {
  HexCoord hex;
  bool home = false;       // laid on a base hex without a railhead (4.1.9)
  int base = -1;           // home lays: the base
  // Otherwise: every railhead on `hex` it extended (edge of `hex` and gauge of the line); the
  // second lay's check may pair it with any of them.
  std::vector<int> railhead_edges;
  std::vector<Gauge> railhead_gauges;
};

// Where the railway rounds stand: the set, the company operating and its step (the core's
// OperatingSet) and what 1853 adds: the game's count of railway rounds, the Elephant's extra
// round (4.9) and what the operating company has done in its turn.
struct RailwayState : OperatingSet<TurnStep, TurnStep::kBuyTrains> {
  int number = 0;          // railway rounds played so far in the game, including this one
  bool extra_called = false;
  int lays_done = 0;
  std::vector<LayRecord> lays;           // this turn's lays (4.1.8)
  bool promoted = false;
  bool base_placed = false;              // a base was established this turn (4.4.1 sets no limit)
  std::vector<HexCoord> must_run_hexes;  // 4.2.3 / 4.4.2
  bool trains_bought = false;

  // Before the first railway round the step reads track (and the set size, TABLE 6 plus the
  // Elephant's round, 0), as the snapshots of stored games record it.
  RailwayState() : OperatingSet(0, TurnStep::kTrack) {}

  // A company's turn begins (4.0): it operates, at `at`, with nothing of the turn done yet.
  void BeginTurn(int operating, TurnStep at) {
    OperatingSet::BeginTurn(operating, at);
    lays_done = 0;
    lays.clear();
    promoted = false;
    base_placed = false;
    must_run_hexes.clear();
    trains_bought = false;
  }
};

struct PendingOffer {
  enum class Kind { kElephant, kTrain };
  Kind kind = Kind::kElephant;
  int from_seat = -1;
  int to_seat = -1;
  int price = 0;
  int buying_company = -1;
  int selling_company = -1;
  std::string train_id;
};

struct FinalScore {
  int seat = 0;
  int wealth = 0;
  int rank = 0;
};

struct GameState {
  mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED;
  int players_count = 0;
  int bank = 0;                          // money; may fall below 0 once the bank is broken (5.1.2)
  int credits = 0;                       // the bank's Company Credits (negative: held by companies), bank.h
  int total_money = 0;                   // bank + players + companies + bonds, constant
  uint64_t rng = 0;                      // state of the lot-drawing generator (rng.h)
  int64_t tick = 0;                      // increases with every share acquisition (for "held longest")
  std::vector<PlayerState> players;
  std::array<CompanyState, kCompanies> companies{};
  // Who holds each company's shares: the players (a director's certificate counts 2), the pool and
  // the bank (not yet issued; the director's certificate is 2 of them until appointed). The
  // snapshots keep them as each player's "shares" and each company's "bank_shares" and
  // "pool_shares" (state_json.cc).
  ShareLedger shares{0, kCompanies, kSharesPerCompany};
  std::vector<int> seating_order;        // seats, first = the largest bond
  int elephant = -1;                     // seat holding the Elephant
  int phase = 1;
  int phase_for_round_count = 1;         // 4.10.1: the round count changes only after the next dealing round
  bool minor_formed_in_first_round = false;  // 2.8.4 / 4.8.16
  std::map<std::string, int> trains_left;    // cards left in the bank by type name
  std::map<std::string, int> trains_next_serial;
  std::vector<TrainCard> returned_trains;    // 4.8.6: excess trains back in the bank, on sale at full price
  bool first_three_bought = false;           // 4.8.17
  BoardState board;
  Stage stage = Stage::kBondCommit;
  DealingState dealing;
  RailwayState railway;
  std::optional<PendingOffer> offer;
  std::vector<std::pair<int, int>> pending_credit_settlements;  // (company, new director) 4.8.10
  bool bank_broken = false;
  std::string end_reason;
  // The same as a StructuredText in protobuf's JSON ("" in games ended before it was kept).
  std::string end_reason_structured;
  std::vector<FinalScore> scores;
};

}  // namespace mailrun::engine::t1853
