// Railways buying private companies (3.3) and the one-off powers a railway uses in its operating
// turn, the P6 and the P8 (3.1, 3.5; see game.h). The permanent powers act where their
// rules are: P1, P2, P3 and P5's swamps in LayContextNow (rules/operating_track.cc), P5's sites
// and P7's trading posts in the run (rules/operating_run.cc). A power is the owning railway's, the
// P4's only a player's (3.0).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/rules/revenue_bonuses.h"
#include "engine/titles/t1947/rules/revenue_rules.h"

namespace mailrun::engine::t1947 {
namespace {

std::string Money(int rupees) { return "Rs." + std::to_string(rupees); }
// A treasury no station's cost exceeds: the P6's stations are placed free (3.1 P6).
constexpr int kCostWaived = 1000000;
std::string Name(int number) { return "P" + std::to_string(number); }

}  // namespace

int T1947Game::PrivatePriceMaximum(int number) const {
  const int hammer = hammer_price(number);
  return hammer < 0 ? 0 : hammer * data_->phases[phase_ - 1].private_sale_max_percent / 100;  // 3.3's table
}

void T1947Game::GivePrivateForTest(int number, int player, int hammer_price) {
  hammer_[number - 1] = hammer_price;
  private_owner_[number - 1] = player;
  players_[player].privates.push_back(number);
}

void T1947Game::DiscardPrivate(int number) {
  private_railway_[number - 1] = -1;
  removed_[number - 1] = true;
}

Status T1947Game::CheckOwnsPrivate(int railway, int number, const char* rule) const {
  if (RailwayOwns(railway, number)) return OkStatus();
  const std::string& initials = data_->railways[railway].initials;
  return Illegal("1947.refusal.privates.not_owned", rule, initials + " does not own the " + Name(number))
      .With({param::Company("company", initials), param::Count("private", number)});
}

Status T1947Game::BuyPrivate(int player, int number, int price) {
  if (Status turn = CheckOrTurn(player, "3.3"); !turn.ok()) return turn;
  if (number < 1 || number > static_cast<int>(data_->privates.size())) {
    return Malformed("1947.refusal.privates.no_such_private", "no private company P" + std::to_string(number) + " in 1947")
        .With({param::Count("private", number)});
  }
  const PrivateDef& def = data_->privates[number - 1];
  if (def.power == "president_certificate") {  // 3.1 P9: discarded when bought at the auction
    return Illegal("1947.refusal.privates.p9_never_for_sale", "3.1", "the P9 is discarded when bought at the auction: no railway buys it");
  }
  if (private_railway(number) >= 0) {  // 3.3: never sold again
    const std::string& owner = data_->railways[private_railway(number)].initials;
    return Illegal("1947.refusal.privates.railway_owns_it", "3.3", owner + " owns the " + Name(number) + ": it may no longer be bought")
        .With({param::Company("company", owner), param::Count("private", number)});
  }
  if (removed_[number - 1] || private_owner(number) < 0) {
    return Illegal("1947.refusal.privates.no_player_owns_it", "3.3", "no player owns the " + Name(number)).With({param::Count("private", number)});
  }
  if (price < 1) return Illegal("1947.refusal.privates.price_at_least_1", "3.3", "a private costs at least Rs.1, not " + Money(price)).With({param::Amount("price", price)});
  const int most = PrivatePriceMaximum(number);
  if (price > most) {
    return Illegal("1947.refusal.privates.price_above_maximum", "3.3",
                   "the " + Name(number) + " costs at most " + Money(most) + " in phase " + std::to_string(phase_) + ", not " + Money(price))
        .With({param::Count("private", number), param::Amount("maximum", most), param::Count("phase", phase_), param::Amount("price", price)});
  }
  const std::string& initials = data_->railways[or_set_.company].initials;
  if (railways_[or_set_.company].treasury < price) {  // 6.3: no credit
    return Illegal("1947.refusal.privates.treasury_short", "6.3", initials + " has " + Money(railways_[or_set_.company].treasury) + ", not " + Money(price))
        .With({param::Company("company", initials), param::Amount("treasury", railways_[or_set_.company].treasury), param::Amount("price", price)});
  }
  // 5.6.2: the private counts as an ordinary share, and the ratio "must always be respected"
  // (docs/rulings.md, 1947 ruling 48): a sale that would leave its owner with more than one
  // savings share for every two ordinary shares is refused.
  const int seller = private_owner(number);
  if (!SavingsRatioKeptWithoutAPrivate(seller)) {
    return Illegal("1947.refusal.privates.savings_ratio", "5.6.2",
                   players_[seller].name + " would own more than one savings share for every two ordinary shares without the " + Name(number))
        .With({param::Seat("seat", seller), param::Count("private", number)});
  }
  const PendingPrivatePurchase purchase{or_set_.company, number, price};
  if (private_owner(number) == player) {  // the president sells to their own railway
    private_purchase_ = purchase;
    return AnswerPrivatePurchase(player, true);
  }
  private_purchase_ = purchase;  // docs/rulings.md, 1947 ruling 43: the owner answers
  return OkStatus();
}

Status T1947Game::AnswerPrivatePurchase(int player, bool accept) {
  if (!private_purchase_) return Illegal("1947.refusal.privates.no_offer", "3.3", "no railway has offered to buy a private");
  const PendingPrivatePurchase purchase = *private_purchase_;
  const int owner = private_owner(purchase.private_number);
  if (player != owner) {
    return OutOfTurn("1947.refusal.privates.owner_answers", "3.3", players_[owner].name + " answers the offer for the " + Name(purchase.private_number))
        .With({param::Seat("seat", owner), param::Count("private", purchase.private_number)});
  }
  private_purchase_.reset();
  if (!accept) return OkStatus();
  Player1947& seller = players_[owner];
  seller.cash += purchase.price;
  railways_[purchase.buyer].treasury -= purchase.price;
  seller.privates.erase(std::find(seller.privates.begin(), seller.privates.end(), purchase.private_number));
  private_owner_[purchase.private_number - 1] = -1;
  private_railway_[purchase.private_number - 1] = purchase.buyer;
  // 3.1 P4: its power is a player's only; bought by a railway it is removed at once.
  if (data_->privates[purchase.private_number - 1].power == "take_first_player_order_card") DiscardPrivate(purchase.private_number);
  return OkStatus();
}

Status T1947Game::UseP8ToBuyTrain(int player, const std::string& train, const std::string& from, int price) {
  if (Status turn = CheckOrTurn(player, "3.1"); !turn.ok()) return turn;
  if (Status owns = CheckOwnsPrivate(or_set_.company, 8, "3.1"); !owns.ok()) return owns;
  return BuyTrainAtAnyStep(player, train, from, price, /*p8=*/true);  // 3.1 P8: "at any time in its OR turn"
}

// 3.1 P8: "an Expatriation Site of its choice (from among those it has not yet achieved) along
// with all the relevant benefits on the table on its Company Charter, except for any Workers on
// the map": the charter's next box, the site's workers left where they are, no P5 extra (it is no
// benefit of the charter's table) and, at the 9th to 11th boxes, stockbrokers (rulings 37, 39, 46).
Status T1947Game::UseP8ForSite(int player, int site) {
  if (Status turn = CheckOrTurn(player, "3.1"); !turn.ok()) return turn;
  if (Status owns = CheckOwnsPrivate(or_set_.company, 8, "3.1"); !owns.ok()) return owns;
  if (site < 0 || site >= static_cast<int>(data_->sites.size())) {
    return Malformed("1947.refusal.privates.no_such_site", "no expatriation site " + std::to_string(site)).With({param::Count("site", site)});
  }
  const std::string& initials = data_->railways[or_set_.company].initials;
  if (board_.sites_reached[or_set_.company][site]) {
    return Illegal("1947.refusal.privates.p8_site_reached", "3.1", initials + " has reached " + data_->sites[site].name + " before")
        .With({param::Company("company", initials), param::Text("site", data_->sites[site].name)});
  }
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  const int nth = static_cast<int>(std::count(board_.sites_reached[or_set_.company].begin(), board_.sites_reached[or_set_.company].end(), true)) + 1;
  Result<ExpatriationReward> reward = ReachSite(**rules, nth, /*first_to_reach=*/false, 0, /*owns_p5=*/false);
  if (!reward.ok()) return reward.error();
  railways_[or_set_.company].treasury += reward->box.cash;
  players_[player].new_workers += reward->box.workers;  // 6.10: usable from the next turn
  railways_[or_set_.company].stockbrokers += reward->box.stockbrokers;
  board_.sites_reached[or_set_.company][site] = true;
  DiscardPrivate(8);
  return OkStatus();
}

// 3.1 P6, the first two of its benefits: the next station of the charter placed free, a station
// the railway could place now (6.7; it is the operating round's station, 6.7.2 being "always in
// effect"), or a station other than the home moved free to a city the railway reaches, with a free
// space or full of other railways' stations (the station is then additional to its spaces, ruling
// 45). The third benefit is UseP6BeyondSpaces (rules/sites.cc).
Result<HexCoord> T1947Game::CheckP6Use(int player, const std::string& hex_name) const {
  if (Status turn = CheckOrTurn(player, "3.1"); !turn.ok()) return turn.error();
  if (Status owns = CheckOwnsPrivate(or_set_.company, 6, "3.1"); !owns.ok()) return owns.error();
  if (or_set_.Passed(OrStep::kPlaceStation)) {
    return Illegal("1947.refusal.privates.p6_after_stations", "6.7", "the P6's stations are placed in the station step, which the railway has left");
  }
  const std::optional<HexCoord> hex = ParseHex1947(hex_name);
  if (!hex) return Malformed("1947.refusal.privates.no_such_hex", "no hex " + hex_name + " on the 1947 map").With({param::Hex("hex", hex_name)});
  return *hex;
}

Status T1947Game::UseP6(int player, const std::string& hex_name, const std::string& from_name) {
  Result<HexCoord> hex = CheckP6Use(player, hex_name);
  if (!hex.ok()) return hex.error();
  const std::string& initials = data_->railways[or_set_.company].initials;
  std::vector<Base>& own = board_.stations[or_set_.company];
  if (from_name.empty()) {  // the next station, free
    Result<StationOutcome> placed = PlaceStation(*data_, &board_, or_set_.company, kCostWaived, &station_turn_, *hex);
    if (!placed.ok()) return placed.error();
    if (placed->stockbroker) ++railways_[or_set_.company].stockbrokers;  // 6.7, 6.12.1
    or_set_.Reach(OrStep::kPlaceStation);
    DiscardPrivate(6);
    return OkStatus();
  }
  const std::optional<HexCoord> from = ParseHex1947(from_name);
  const auto moved = from ? std::find_if(own.begin(), own.end(), [&](const Base& b) { return b.hex == *from; }) : own.end();
  if (moved == own.end()) {
    return Illegal("1947.refusal.privates.p6_no_station_there", "3.1", initials + " has no station on " + from_name)
        .With({param::Company("company", initials), param::Hex("hex", from_name)});
  }
  if (moved == own.begin()) return Illegal("1947.refusal.privates.p6_home_stays", "3.1", "the P6 does not move a railway's home station");
  // The station leaves its city, then is placed as a station of the charter would be, free and
  // not counted against this round's (the count of stations on the charter is unchanged).
  Board1947 next = board_;
  next.stations[or_set_.company].erase(next.stations[or_set_.company].begin() + (moved - own.begin()));
  StationTurn turn;  // a move is no placement of 6.7.2
  // 3.1 P6: "even if that city is already fully occupied by Stations of other Railway Companies".
  Result<StationOutcome> placed = CheckStation(*data_, next, or_set_.company, kCostWaived, turn, *hex, StationRoom::kEvenIfFull);
  if (!placed.ok()) return placed.error();
  next.stations[or_set_.company].push_back(Base{*hex, 0});
  if (placed->beyond_spaces) next.p6_stations.push_back(*hex);
  board_ = std::move(next);
  or_set_.Reach(OrStep::kPlaceStation);
  DiscardPrivate(6);
  return OkStatus();
}

}  // namespace mailrun::engine::t1947
