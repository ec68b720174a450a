// A 1947 game: setup (2.1-2.3), the private company auction (3.2) with the P9 and the BNR (3.1,
// 5.2.3), the player order cards (3.6, 3.7, 5.12), the P4 (3.1), the stock round in full
// (5.1-5.12: purchases and sales, floating, convertible bonds, savings shares, limits, presidency
// changes, the market moves) and the operating rounds (4.2, 6.0): the season, private revenue, the
// operating order, a company's steps (rules/operating_round.cc; laying track, stations, workers
// and runs call the game's OperatingHooks), the phases and the trains (4.0, 6.15,
// rules/trains.cc), railways buying private companies and the P6 and P8 (3.3, 3.1,
// rules/privates.cc). Every refusal names its rule. A T1947Game is a value holding a pointer to its
// data, which must outlive it; not thread-safe.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/rounds/operating_set.h"
#include "engine/core/shares/share_ledger.h"
#include "engine/titles/t1947/board_state.h"
#include "engine/titles/t1947/edition/edition_data.h"
#include "engine/titles/t1947/rules/stations.h"
#include "engine/titles/t1947/rules/track.h"

namespace mailrun::engine::t1947 {

// Every railway's shares make 100%: ten 10% units, the president's certificate counting two (the
// BNR's three), as the data's check requires (edition/edition_data.cc).
inline constexpr int kUnitsPerRailway = 10;

enum class Round { kAuction, kBnrPar, kStockRound, kOperatingRound };

// The steps of a railway company's operating turn, in the order of 4.2 and 6.3 (the core's
// OperatingSet steps through them). Private companies may be bought at any step (3.3).
enum class OrStep { kLayTrack, kPlaceStation, kUseWorkers, kRunTrains, kBuyTrains };

struct Player1947 {
  std::string name;
  int cash = 0;
  std::vector<int> privates;        // numbers 1..9
  // Per railway (index of T1947Data::railways), beside the ordinary shares the game's ShareLedger
  // holds (T1947Game::shares):
  std::vector<int> savings;         // savings shares (5.6)
  std::vector<bool> president;
  std::vector<int> protected_units; // bought by price protection: may exceed 60% (5.4.5, 5.8)
  std::vector<int> bonds;           // convertible bonds from earlier stock rounds
  std::vector<int> new_bonds;       // bought this stock round: not for sale before the next (5.4.2)
  int workers = 0;                  // workers the player employs (6.10, 6.11)
  int new_workers = 0;              // employed in this company's turn: usable from the next turn (6.10)
  int TotalBonds() const;
};

// A railway's shares in the initial offer and the bank pool are the game's ShareLedger's (the bank
// and the pool, T1947Game::shares).
// One train's run the last time its railway ran its trains (6.14), for the view's last_runs.
struct LastRun1947 {
  std::string train_id;             // the owned train's id, as SuggestRuns names it ("T2-0")
  std::vector<std::string> hexes;   // the run's stops as submitted, in order
  std::vector<std::string> places;  // the stops that scored, as OperatingRevenue took them
  int revenue = 0;                  // that train's run (6.14.2), before the turn's modifiers
};

struct Railway1947 {
  bool president_sold = false;
  int par = 0;
  MarketCell token;
  bool operational = false;
  int treasury = 0;
  int bonds_unissued = 10;   // under the shares on the board (2.3 a)
  int bonds_io = 0;
  int bonds_pool = 0;
  int bonds_removed = 0;
  int floated_in_sr = 0;     // the stock round its president's certificate was bought (5.2 NOTE)
  std::vector<std::string> trains;  // train names ("T2"), in the order bought
  int arrival = 0;           // 4.2.1: when the token entered its space; a later arrival lies lower in the stack
  MarketCell arrived_at{-1, -1};
  bool operated = false;     // has operated in this operating round
  int stockbrokers = 0;      // on the charter (6.11.4, 6.12.1)
  // Its last run step (6.14): each train's run, and the turn's revenue with every modifier (what
  // was paid out or withheld); empty and 0 before its first run and after a turn it ran no train.
  std::vector<LastRun1947> last_runs;
  int last_revenue = 0;
};

// A train offered by one company to another at an agreed price, waiting for the seller's
// president (6.15.2).
struct PendingTrainSale {
  int buyer = 0;
  int seller = 0;
  std::string train;
  int price = 0;
  bool p8 = false;  // bought with the P8's power (3.1): the P8 is discarded when the sale is made
};

// The operating railway's offer for a private owned by a player other than its president,
// waiting for that player's answer (3.3; docs/rulings.md, 1947 ruling 43).
struct PendingPrivatePurchase {
  int buyer = 0;           // railway index
  int private_number = 0;  // 1..9
  int price = 0;
};

// What a stock round turn has done so far (5.1).
struct SrTurn {
  bool sold_before_buy = false;
  bool bought = false;
  bool sold_after_buy = false;
  bool converted = false;
  bool Acted() const { return sold_before_buy || bought || sold_after_buy || converted; }
};

// A sale the company's president may price protect (5.4.5): asked before the market moves.
struct PendingProtection {
  int railway = 0;
  int seller = 0;
  int units = 0;
  int bonds_needed = 0;
};

// An issue of convertible bonds offered to the shareholders in turn (5.4.2).
struct PendingBondOffer {
  int railway = 0;
  int issuer = 0;
  int left = 0;                 // bonds of the issue not yet taken
  std::vector<int> to_ask;      // shareholders still to answer, in player order from the issuer
};

// A request to turn savings shares back into ordinary ones, waiting for the president (5.6.4).
struct PendingConversion {
  int railway = 0;
  int player = 0;
};

// 6.10, 6.12: after its run, the railway's token may advance one space for each new expatriation
// site the run reached, paid by the treasury, the charter's stockbrokers (from the 7th site) and
// the stock market opportunities of boxes 9 and 10 (rules/sites.cc). Nothing else happens in the
// operating round until the president has advanced or declined.
enum class TokenAdvance { kUp, kRight, kDecline };
struct PendingSiteAdvance {
  int railway = 0;
  int advances = 0;                // advances left: one per new site of the run (6.10)
  std::vector<int> opportunities;  // boxes (9 and 10) of the run whose opportunity is unspent (6.12.2)
};

class T1947Game;
struct Action1947;

// The steps of a company's operating turn whose rules live in other modules: each validates and
// carries out one action for the operating railway and refuses with a typed Error naming its
// rule; it is handed a copy of the game, kept only when it succeeds. A game starts with
// DefaultOperatingHooks() (rules/operating_track.cc).
struct OperatingHooks {
  std::function<Status(T1947Game&, int railway, const Action1947&)> lay_track;      // 6.4
  std::function<Status(T1947Game&, int railway, const Action1947&)> place_station;  // 6.7
  std::function<Status(T1947Game&, int railway, const Action1947&)> use_workers;    // 6.11
  std::function<Status(T1947Game&, int railway, const Action1947&)> run_trains;     // 6.14
  std::function<Result<bool>(const T1947Game&, int railway)> has_legal_route;      // 6.15
};
// The hooks a game starts with: track (6.4-6.6), stations (6.7), workers (6.11.2-6.11.4), the run
// (6.14, rules/operating_run.cc) and the legal route (6.15, route_graph.h) carried out on
// the game's board (rules/operating_track.cc).
OperatingHooks DefaultOperatingHooks();

std::string SnapshotJson(const T1947Game& game);
Result<T1947Game> RestoreSnapshot(const T1947Data& data, const std::string& json);

class T1947Game {
 public:
  // Players in seating order; cards[i] is the player order card dealt to player i (2.1: 1 = first);
  // pool_draws are the railways whose 10% share the setup drew into the bank pool (2.3 d, e).
  static Result<T1947Game> Setup(const T1947Data& data, std::vector<std::string> players, std::vector<int> cards,
                                 std::vector<std::string> pool_draws);

  // The auction (3.2) and the P9 (3.1, 5.2).
  Status Bid(int player, int amount);
  Status PassBid(int player);
  Status SetBnrPar(int player, int par);

  // The stock round (5). A turn is: sell, then buy one certificate; or buy, then sell; or convert;
  // or pass (5.1). Done ends a turn that did something.
  Status UseInsiderTrading(int player);                                    // 3.1 P4
  Status Buy(int player, const std::string& railway, bool from_pool, int par = 0, bool savings = false);
  Status Sell(int player, const std::string& railway, int shares);         // 5.5
  Status IssueBonds(int player, const std::string& railway);               // 5.4.2
  Status SubscribeBonds(int player, int count);                            // 5.4.2, 5.4.4
  Status BuyBond(int player, const std::string& railway, bool from_pool);  // 5.4.3
  Status SellBonds(int player, const std::string& railway, int count);     // 5.4.6
  Status ProtectPrice(int player, bool protect);                           // 5.4.5
  Status Convert(int player, const std::string& railway, bool to_savings);  // 5.6.4
  Status ConsentConversion(int player, bool consent);                      // 5.6.4
  Status Done(int player);   // in an operating round: ends the company's current step
  Status Pass(int player);

  // The operating round (4.2, 6.0, 6.15). `from` is "" for the bank, "pool" for the bank pool or
  // the initials of the company selling at `price` (6.15.2; any other source pays face value).
  Status BuyTrain(int player, const std::string& train, const std::string& from, int price);
  Status AnswerTrainSale(int player, bool accept);                          // 6.15.2
  Status DiscardTrain(int player, const std::string& railway, const std::string& train);  // 6.15.5
  // 6.15.5: the president of a company that must buy a train and cannot pay the cheapest one with
  // its treasury and their own cash sells shares and bonds to make up the difference
  // (rules/forced_sale.cc): `count` shares (or, with `bonds`, bonds from earlier stock rounds) of
  // `railway`, while still short. ForcedSaleDue says whether the president is short now.
  Status ForcedSale(int player, const std::string& railway, int count, bool bonds);
  bool ForcedSaleDue() const;
  // 6.15.5: a president short of the cheapest train with nothing left to sell declares
  // bankruptcy; the game ends (7.0).
  Status DeclareBankruptcy(int player);
  // 3.3: the operating railway buys private `number` from the player owning it for `price`, Rs.1
  // up to the hammer price times the phase's percentage. Bought from its president the sale is
  // made at once; from another player it waits for their answer. A P4 bought is removed (3.1 P4).
  Status BuyPrivate(int player, int number, int price);
  Status AnswerPrivatePurchase(int player, bool accept);
  // 3.1 P8: the operating railway discards its P8 to buy a train at any step of its turn (as
  // BuyTrain), or to take the charter's next expatriation bonus for `site`, a site it has not
  // reached, without the site's workers.
  Status UseP8ToBuyTrain(int player, const std::string& train, const std::string& from, int price);
  Status UseP8ForSite(int player, int site);
  // 3.1 P6: the operating railway discards its P6 to place its next station free (`from` empty),
  // or to move one of its stations other than its home from `from` to `hex` free.
  Status UseP6(int player, const std::string& hex, const std::string& from);
  // 3.1 P6's third benefit: the next station of the charter, at its cost, on a city full of other
  // railways' stations or whose free spaces are kept for homes (rules/sites.cc).
  Status UseP6BeyondSpaces(int player, const std::string& hex);
  const OperatingHooks& hooks() const { return *hooks_; }
  void set_hooks(OperatingHooks hooks) { hooks_ = std::make_shared<const OperatingHooks>(std::move(hooks)); }
  // A step's own action (track, station, workers, run: OperatingHooks above): checks that
  // `player` operates the railway now and that the turn has not passed `step`, then runs `body`
  // on a copy of the game for the operating railway, kept only when it succeeds. A run ends the
  // run step.
  Status OperateStep(int player, OrStep step, const std::function<Status(T1947Game&, int)>& body);

  Round round() const { return round_; }
  int ActivePlayer() const;  // -1 when nobody is to act (the game is over)
  const std::vector<int>& order() const { return order_; }  // player index by card: order()[0] holds card 1
  const Player1947& player(int i) const { return players_[i]; }
  int player_count() const { return static_cast<int>(players_.size()); }
  const Railway1947& railway(const std::string& initials) const { return railways_[data_->RailwayIndex(initials)]; }
  const T1947Data& data() const { return *data_; }
  int hammer_price(int private_number) const { return hammer_[private_number - 1]; }  // -1: unsold or removed
  int private_owner(int private_number) const { return private_owner_[private_number - 1]; }
  bool private_removed(int private_number) const { return removed_[private_number - 1]; }
  // 3.3: the railway owning the private (index of T1947Data::railways), -1 when none does.
  int private_railway(int private_number) const { return private_railway_[private_number - 1]; }
  bool RailwayOwns(int railway, int private_number) const { return railway >= 0 && private_railway(private_number) == railway; }
  // 3.3: the most a railway may pay for the private now: its hammer price times the percentage of
  // the phase the latest train bought from the bank began (docs/rulings.md, 1947 ruling 42).
  int PrivatePriceMaximum(int private_number) const;
  const std::optional<PendingPrivatePurchase>& pending_private_purchase() const { return private_purchase_; }
  int auction_private() const { return auction_ + 1; }
  int high_bid() const { return high_bid_; }
  int high_bidder() const { return high_bidder_; }
  int stock_round() const { return stock_round_; }
  const SrTurn& turn() const { return turn_; }
  const std::optional<PendingProtection>& pending_protection() const { return protection_; }
  const std::optional<PendingBondOffer>& pending_bond_offer() const { return bond_offer_; }
  const std::optional<PendingConversion>& pending_conversion() const { return conversion_; }
  // The ordinary shares in 10% units: each player's (the president's certificate included), the
  // initial offer's (the ledger's bank) and the bank pool's. Savings shares are the players' own
  // (Player1947::savings), beside the ledger.
  const ShareLedger& shares() const { return shares_; }
  int WealthPoints(int player) const;   // 3.6
  int Certificates(int player) const;   // 5.7
  // 5.6.2: at most one savings share for every two ordinary shares (a private counting as one).
  bool SavingsRatioKept(int player) const { return RatioSavings(player) <= RatioOrdinary(player) / 2; }
  // The same once one of the player's privates has left their hand (sold to a railway, 3.3, or
  // the P4 discarded, 3.1; docs/rulings.md, 1947 rulings 48 and 50).
  bool SavingsRatioKeptWithoutAPrivate(int player) const { return RatioSavings(player) <= (RatioOrdinary(player) - 1) / 2; }
  int MarketValue(const std::string& initials) const;
  int CurrentPhase() const { return phase_; }  // 4.0: 1..8
  // The operating round.
  int season() const { return season_; }              // index of rules' seasons: 0 = dry (6.13.1)
  int operating_round() const { return or_set_.in_set; }  // 1.. within the set after a stock round
  int operating_rounds_in_set() const { return or_set_.set_size; }
  int operating_railway() const { return or_set_.company; }  // railway index, -1 when none
  OrStep step() const { return or_set_.step; }
  // The railways' order of operation now (4.2.1): highest market value first, then the column
  // furthest right, then top of the stack; floated railways only.
  std::vector<int> OperatingOrder() const;
  // Trains (6.15).
  const std::vector<int>& bank_trains() const { return bank_trains_; }  // cards left per data().trains index
  const std::vector<std::string>& pool_trains() const { return pool_trains_; }
  const std::vector<int>& rusted_trains() const { return rusted_trains_; }  // per data().trains index
  const TrainDef* AvailableTrain() const;  // the bank's next train (6.15.1); nullptr when none
  int TrainLimit() const;                  // 6.15.4
  const std::vector<int>& excess() const { return excess_; }  // railways that must discard (6.15.5)
  const std::optional<PendingTrainSale>& pending_train_sale() const { return train_sale_; }
  // The board (6.4-6.10) and what the operating railway has laid and placed in its turn: the
  // track turn's season_reduction is 6.13.3's reduction of this turn's revenue.
  const Board1947& board() const { return board_; }
  const TrackTurn& track_turn() const { return track_turn_; }
  const StationTurn& station_turn() const { return station_turn_; }
  int new_city_town_tiles() const { return new_city_town_tiles_; }  // yellow city and town tiles laid this turn (6.14.2)
  // 6.8.2: the railway whose president now chooses the temple's free expatriation bonus (a site
  // the railway has not reached, which then counts as reached) or refuses it; nothing else happens
  // in the operating round until they have.
  std::optional<int> temple_choice() const { return temple_choice_; }
  Status ChooseTempleBonus(int player, int site, bool take);
  // 6.10, 6.12: the token's paid advance after a run that reached new sites (rules/sites.cc):
  // `stockbrokers` from the charter and the opportunities of `opportunity_boxes` (9 and 10) pay first,
  // the treasury the rest; any excess is lost. kDecline ends the advances; an opportunity not
  // spent gives its box's stockbrokers instead (6.12.2).
  Status AdvanceToken(int player, TokenAdvance direction, int stockbrokers, const std::vector<int>& opportunity_boxes);
  const std::optional<PendingSiteAdvance>& site_advance() const { return site_advance_; }
  // 6.10: the price of moving the operating railway's token `direction` now; -1 when it cannot.
  int AdvanceCost(int railway, TokenAdvance direction) const;
  // 6.10: stockbrokers pay for advances from the railway's 7th site on.
  bool StockbrokersPayAdvances(int railway) const;
  // The operating railway's lays now: its phase, treasury and the season's zone (6.4, 6.13.3).
  Result<LayContext> LayContextNow() const;
  // The end (7.0): a company at the market's end value ends the game when the round ends; a
  // bankruptcy ends it at once. Standings: each player's wealth (7.0, ruling 15), richest first.
  bool finished() const { return finished_; }
  const std::string& end_reason() const { return end_reason_; }
  bool ends_after_round() const { return market_end_; }
  int CheapestTrain() const;  // 6.15.5: the cheapest train of the bank and the bank pool; -1 when none
  int President(const std::string& initials) const { return PresidentOf(RailwayOf(initials)); }

  // For tests and tools that set up a position directly (the examples of section 5 start mid-game).
  Player1947& mutable_player(int i) { return players_[i]; }
  ShareLedger& mutable_shares() { return shares_; }
  Railway1947& mutable_railway(const std::string& initials) { return railways_[data_->RailwayIndex(initials)]; }
  void StartStockRoundForTest(int number);
  // Ends the stock round now and starts the operating rounds (as if everybody had passed).
  void StartOperatingRoundsForTest() { EndStockRound(); }
  std::vector<int>& mutable_bank_trains() { return bank_trains_; }
  Board1947& mutable_board() { return board_; }
  // The private `number` as if `player` had bought it at the auction for `hammer_price` (3.2).
  void GivePrivateForTest(int number, int player, int hammer_price);

 private:
  friend std::string SnapshotJson(const T1947Game& game);
  friend Result<T1947Game> RestoreSnapshot(const T1947Data& data, const std::string& json);

  const T1947Data* data_ = nullptr;
  std::shared_ptr<const OperatingHooks> hooks_ = std::make_shared<const OperatingHooks>(DefaultOperatingHooks());
  std::vector<Player1947> players_;
  std::vector<Railway1947> railways_;
  ShareLedger shares_;  // ordinary shares: the players', the initial offer (the bank) and the bank pool
  std::vector<int> order_;
  std::vector<int> hammer_;
  std::vector<int> private_owner_;
  std::vector<bool> removed_;
  std::vector<int> private_railway_;  // by private: the railway owning it, -1 none (3.3)
  std::optional<PendingPrivatePurchase> private_purchase_;
  Round round_ = Round::kAuction;
  // auction (3.2)
  int auction_ = 0;
  int opener_ = 0;
  int to_act_ = 0;
  int high_bid_ = 0;
  int high_bidder_ = -1;
  std::vector<bool> out_;
  int passes_ = 0;
  // stock round (5)
  int stock_round_ = 0;          // 1 = the first stock round of the game
  int sr_to_act_ = 0;
  int consecutive_passes_ = 0;
  bool traded_ = false;
  bool anyone_acted_ = false;    // 3.1 P4: only at the beginning of the round
  SrTurn turn_;
  std::vector<std::vector<bool>> sold_this_round_;
  std::optional<PendingProtection> protection_;
  std::optional<PendingBondOffer> bond_offer_;
  std::optional<PendingConversion> conversion_;
  // phases and trains (4.0, 6.15)
  int phase_ = 1;
  std::vector<int> bank_trains_;
  std::vector<std::string> pool_trains_;
  std::vector<int> rusted_trains_;
  std::vector<int> excess_;
  std::optional<PendingTrainSale> train_sale_;
  // operating rounds (4.2, 6.0)
  int season_ = 0;
  // The set, the railway operating (railway index) and its step; one round in the set until the
  // first stock round fixes it (4.0).
  OperatingSet<OrStep, OrStep::kBuyTrains> or_set_{1, OrStep::kLayTrack};
  int arrivals_ = 0;
  // the board and the operating railway's turn on it (6.4-6.11)
  Board1947 board_;
  TrackTurn track_turn_;
  StationTurn station_turn_;
  int new_city_town_tiles_ = 0;
  std::optional<int> temple_choice_;
  std::optional<PendingSiteAdvance> site_advance_;  // 6.10, 6.12
  // the end (7.0)
  bool market_end_ = false;
  bool finished_ = false;
  std::string end_reason_;

  // auction and order (rules/auction.cc)
  Status CheckAuctionTurn(int player) const;
  void AdvanceBidder();
  void AwardPrivate();
  void NextPrivate();
  void DealOrder(bool wealthiest_first);
  void StartStockRound();
  // stock round (rules/stock_round.cc)
  Status CheckSrTurn(int player, const char* rule) const;
  Status CheckEndOfTurn(int player) const;
  int RailwayOf(const std::string& initials) const { return data_->RailwayIndex(initials); }
  int PresidentOf(int railway) const;
  int RatioOrdinary(int player) const;
  int RatioSavings(int player) const;
  void CheckFloat(int railway);
  void ChangePresidency(int railway, int from);
  void FinishSale(int railway, bool by_president, int units, bool protected_sale);
  // 5.4.5, 5.7: whether the president may take `units` protected shares within the certificate limit.
  bool ProtectionWithinLimit(int president, int units) const;
  void EndSrTurn(bool passed);
  void EndStockRound();
  // operating rounds (rules/operating_round.cc)
  Status CheckOrTurn(int player, const char* rule) const;
  void StartOperatingRound();
  void NextRailway();
  void NoteTokenMoves();
  Status FinishStep(int player);
  // track, stations and workers (rules/operating_track.cc)
  void BeginTurn();  // the operating railway's turn begins
  void RemoveTemplesOfNewRailways();  // an operating round begins (6.8.3)
  Status LayTrackStep(int railway, const Action1947& action);
  Status PlaceStationStep(int railway, const Action1947& action);
  Status UseWorkersStep(int railway, const Action1947& action);
  Status VerifyTemple(int railway);
  // the token's advance after a run (rules/sites.cc)
  void OfferSiteAdvance(int railway, int sites, std::vector<int> opportunities);
  void SettleSiteAdvance();
  // the run (rules/operating_run.cc)
  Status RunTrainsStep(int railway, const Action1947& action);
  friend OperatingHooks DefaultOperatingHooks();
  // the end (rules/end_game.cc)
  void NoteMarketEnd();
  void Finish(std::string reason);
  Result<bool> MustBuyTrain() const;
  // trains (rules/trains.cc)
  // private companies (rules/privates.cc)
  void DiscardPrivate(int number);  // 3.5: a one-off power used, or the P4 bought (3.1)
  Status CheckOwnsPrivate(int railway, int number, const char* rule) const;
  // 3.1 P6: the operating railway's president may use its P6 now; the city named.
  Result<HexCoord> CheckP6Use(int player, const std::string& hex) const;
  Status BuyTrainAtAnyStep(int player, const std::string& train, const std::string& from, int price, bool p8);
  void EnterPhase(int phase, int buyer);
  void TransferTrain(int buyer, const std::string& train, int price, int seller);
  friend void NoteTokenMovesAfterAction(T1947Game& game);
};

// 4.2.1: records which tokens entered a new space since the last call, so that they lie under
// those already there. Apply calls it after every action.
void NoteTokenMovesAfterAction(T1947Game& game);

}  // namespace mailrun::engine::t1947
