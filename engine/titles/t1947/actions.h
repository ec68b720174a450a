// 1947's actions as one value type, applied to a T1947Game, and the list of every legal action of
// a player now (built by trying each candidate on a copy of the game, so the list can never
// disagree with the rules that apply an action; tile lays come from the track rules' own
// LegalLays, which checks each with the rule Apply runs, and one of them is tried).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {

enum class ActionKind {
  kBid, kPassBid, kSetBnrPar,
  kUseInsiderTrading, kBuyShare, kBuyPresident, kSell, kIssueBonds, kSubscribeBonds, kBuyBond, kSellBonds,
  kProtectPrice, kConvert, kConsentConversion, kDone, kPass,
  // operating rounds (4.2): the steps' own actions go to the game's OperatingHooks (game.h)
  kLayTrack, kPlaceStation, kUseWorkers, kRunTrains, kBuyTrain, kAnswerTrainSale, kDiscardTrain,
  kDeclareBankruptcy,
  kChooseTempleBonus,  // 6.8.2: `amount` is the site (index of T1947Data::sites); `yes` false refuses
  // 3.3: the operating railway buys `private_number` for `amount`; the owner answers (`yes`).
  kBuyPrivate, kAnswerPrivatePurchase,
  kUsePrivatePower,    // 3.1 P6, P8: `power` says which benefit
  // 6.10, 6.12: the token's paid advance after the run (`advance`), `amount` stockbrokers and the
  // opportunities of `opportunity_boxes` spent first.
  kAdvanceToken,
};

// The one-off powers' benefits a president chooses (3.1 P6, P8).
enum class PrivatePower {
  kP8BuyTrain,        // `train` from `source` ("" the bank, "pool", a railway's initials) at `amount`
  kP8ExpatriationSite,  // `amount` is the site (index of T1947Data::sites)
  kP6FreeStation,     // the next station on `hex`, free
  kP6MoveStation,     // the station on `from_hex` moved to `hex`, free
  kP6BeyondSpaces,    // the next station on `hex`, a city full or kept for homes, at its cost
};

// What a president's worker is used for (6.11); running through a blocked city (6.11.1) is part
// of the run.
enum class WorkerUse { kSecondTileAction, kSecondStation, kStockbrokers };

struct Action1947 {
  ActionKind kind = ActionKind::kPass;
  int player = 0;
  std::string railway;   // initials, where the action names a railway
  int amount = 0;        // bid, par, shares, bonds
  bool from_pool = false;
  bool savings = false;  // buy a savings share; convert to savings
  bool yes = false;      // protect, consent; accept a train offer
  std::string train;     // buy or discard a train ("T3")
  std::string source;    // where a train is bought: "" the bank, "pool", or a company's initials (amount: the price)
  std::string hex;       // track and stations, by the 1947 name ("D21")
  std::string tile;      // track: the tile's id ("57")
  int rotation = 0;      // track: tile edge e faces board edge (e + rotation) % 6 (rules/track.h)
  std::vector<std::vector<std::string>> routes;  // a run: each train's stops, by hex (for the runs module)
  WorkerUse worker_use = WorkerUse::kSecondTileAction;  // workers; for kStockbrokers `amount` is the stockbrokers made
  int private_number = 0;  // a private bought (3.3)
  PrivatePower power = PrivatePower::kP8BuyTrain;
  std::string from_hex;    // the P6's station moved
  TokenAdvance advance = TokenAdvance::kDecline;  // 6.10
  std::vector<int> opportunity_boxes;             // 6.12.2: boxes 9 and 10 (ruling 58)
  // Set by LegalActions on the lays it lists: the cost the track rules found (6.4.2), which
  // Describe then shows without pricing the lay again. Not part of the action itself.
  std::optional<int> listed_cost;
};

Status Apply(T1947Game& game, const Action1947& action);

// Every action `player` may take now; empty when it is not the player's move. Bids are listed as
// the smallest legal bid (any larger one up to the player's cash is legal too).
std::vector<Action1947> LegalActions(const T1947Game& game, int player);

// "buy a 10% ordinary share of PRC from the initial offer": for logs and clients' fallbacks.
// What an action says, for the log and the legal-action list ("Ann: bid Rs.120 for P3"), with its
// message key "1947.action.<kind>"; `suffix` (" or more" for a listed minimum bid) extends both.
Said Describe(const T1947Game& game, const Action1947& action, std::string_view suffix = "");

}  // namespace mailrun::engine::t1947
