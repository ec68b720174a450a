// What reaching expatriation sites allows after the run (6.10, 6.12; see game.h): the
// token's paid advance, one space per new site, with the charter's stockbrokers (from the 7th
// site) and the stock market opportunities of boxes 9-11 (which are spent then or give their
// box's stockbrokers instead); and the P6's third benefit, a station beyond a city's spaces (3.1).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
#include "engine/titles/t1947/rules/sites.h"
#include "engine/titles/t1947/rules/stations.h"

namespace mailrun::engine::t1947 {
namespace {

// 6.10: "From the 7th expatriation, stockbrokers may be used to reduce the Company money spent".
constexpr int kStockbrokersFromSite = 7;

int SitesReachedBy(const Board1947& board, int railway) {
  return static_cast<int>(std::count(board.sites_reached[railway].begin(), board.sites_reached[railway].end(), true));
}

const char* DirectionName(TokenAdvance direction) { return direction == TokenAdvance::kUp ? "up a row" : "right a space"; }

}  // namespace

// 6.10: "To move its Stock Market Token up, the Company pays Rupees equal to the value marked in
// the space moved to; to move to the right the Company pays ... the value of the space moved to
// +50%." In the top row only the move right exists, at a row's end only the move up.
int T1947Game::AdvanceCost(int railway, TokenAdvance direction) const {
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok() || direction == TokenAdvance::kDecline) return -1;
  const MarketCell from = railways_[railway].token;
  const bool up = direction == TokenAdvance::kUp;
  const MarketCell to = up ? MarketCell{from.row - 1, from.column} : MarketCell{from.row, from.column + 1};
  if (!data_->market.Exists(to)) return -1;
  return data_->market.Value(to) * (up ? (*rules)->up_cost_percent : (*rules)->right_cost_percent) / 100;
}

bool T1947Game::StockbrokersPayAdvances(int railway) const { return SitesReachedBy(board_, railway) >= kStockbrokersFromSite; }

void T1947Game::OfferSiteAdvance(int railway, int sites, std::vector<int> opportunities) {
  if (sites == 0) return;
  site_advance_ = PendingSiteAdvance{railway, sites, std::move(opportunities)};
  SettleSiteAdvance();
}

// The advances end when none is left or none can be paid (the treasury, the usable stockbrokers
// and the unspent opportunities together short of both moves); 6.12.2: an opportunity not spent
// then gives its box's stockbrokers.
void T1947Game::SettleSiteAdvance() {
  if (!site_advance_) return;
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return;
  const int railway = site_advance_->railway;
  const Railway1947& r = railways_[railway];
  int means = r.treasury;
  if (StockbrokersPayAdvances(railway)) means += r.stockbrokers * (*rules)->stockbroker_value;
  for (int box : site_advance_->opportunities) means += (*rules)->expatriation_track[box - 1].opportunity;
  bool payable = false;
  for (TokenAdvance d : {TokenAdvance::kUp, TokenAdvance::kRight}) {
    const int cost = AdvanceCost(railway, d);
    payable = payable || (cost >= 0 && cost <= means);
  }
  if (site_advance_->advances > 0 && payable) return;
  for (int box : site_advance_->opportunities) railways_[railway].stockbrokers += (*rules)->expatriation_track[box - 1].stockbrokers;
  site_advance_.reset();
}

Status T1947Game::AdvanceToken(int player, TokenAdvance direction, int stockbrokers, const std::vector<int>& boxes) {
  if (!site_advance_) {
    return Illegal("1947.refusal.sites.no_advance_due", "6.10", "no token advance is due: only a run reaching a new expatriation site allows one");
  }
  const int railway = site_advance_->railway;
  const int president = PresidentOf(railway);
  const std::string& initials = data_->railways[railway].initials;
  if (player != president) {
    return OutOfTurn("1947.refusal.operating.president_operates", "6.10", players_[president].name + " operates " + initials)
        .With({param::Seat("seat", president), param::Company("company", initials)});
  }
  if (direction == TokenAdvance::kDecline) {
    site_advance_->advances = 0;
    SettleSiteAdvance();
    return OkStatus();
  }
  if (stockbrokers < 0) {
    return Malformed("1947.refusal.sites.negative_stockbrokers", "a number of stockbrokers is not negative: " + std::to_string(stockbrokers))
        .With({param::Count("count", stockbrokers)});
  }
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  const int cost = AdvanceCost(railway, direction);
  if (cost < 0) {
    return Illegal("1947.refusal.sites.no_space_there", "6.10", initials + "'s token cannot move " + DirectionName(direction))
        .With({param::Company("company", initials), param::Text("direction", DirectionName(direction))});
  }
  Railway1947& r = railways_[railway];
  const int reached = SitesReachedBy(board_, railway);
  if (stockbrokers > 0 && !StockbrokersPayAdvances(railway)) {
    return Illegal("1947.refusal.sites.stockbrokers_from_seventh_site", "6.10",
                   "stockbrokers pay for an advance from a railway's 7th expatriation site; " + initials + " has reached " + std::to_string(reached))
        .With({param::Company("company", initials), param::Count("count", reached)});
  }
  if (stockbrokers > r.stockbrokers) {
    return Illegal("1947.refusal.sites.not_enough_stockbrokers", "6.12.1",
                   initials + "'s charter holds " + std::to_string(r.stockbrokers) + " stockbroker(s), not " + std::to_string(stockbrokers))
        .With({param::Company("company", initials), param::Count("held", r.stockbrokers), param::Count("count", stockbrokers)});
  }
  // 6.12.2: the opportunities of boxes reached by this run, each spent once.
  std::vector<int> left = site_advance_->opportunities;
  int discount = stockbrokers * (*rules)->stockbroker_value;
  for (int box : boxes) {
    const auto held = std::find(left.begin(), left.end(), box);
    if (held == left.end()) {
      return Illegal("1947.refusal.sites.no_such_opportunity", "6.12.2",
                     initials + " holds no unspent stock market opportunity of its charter's box " + std::to_string(box))
          .With({param::Company("company", initials), param::Count("box", box)});
    }
    discount += (*rules)->expatriation_track[box - 1].opportunity;
    left.erase(held);
  }
  const int due = std::max(0, cost - discount);  // 6.12: "any excess value ... is lost"
  if (due > r.treasury) {  // 6.3: no credit
    return Illegal("1947.refusal.sites.treasury_short", "6.3",
                   "the advance costs Rs." + std::to_string(cost) + ", Rs." + std::to_string(due) + " of it from " + initials + "'s treasury of Rs." + std::to_string(r.treasury))
        .With({param::Company("company", initials), param::Amount("cost", cost), param::Amount("due", due), param::Amount("treasury", r.treasury)});
  }
  r.treasury -= due;
  r.stockbrokers -= stockbrokers;
  r.token = direction == TokenAdvance::kUp ? MarketCell{r.token.row - 1, r.token.column} : MarketCell{r.token.row, r.token.column + 1};
  site_advance_->opportunities = std::move(left);
  --site_advance_->advances;
  SettleSiteAdvance();
  return OkStatus();
}

// 3.1 P6: "place the first Station available on its Charter in a City completely occupied by
// Stations of other Railway Companies and/or reserved for home stations of Railway Companies yet to
// come into play, by paying the required cost", with a legal route to the city. It is the
// operating round's station (6.7.2, as the P6's free station: 1947 ruling 45) and is additional
// to the city's spaces (Board1947::p6_stations).
Status T1947Game::UseP6BeyondSpaces(int player, const std::string& hex_name) {
  Result<HexCoord> hex = CheckP6Use(player, hex_name);
  if (!hex.ok()) return hex.error();
  Result<StationOutcome> placed =
      PlaceStation(*data_, &board_, or_set_.company, railways_[or_set_.company].treasury, &station_turn_, *hex, StationRoom::kFullOrReserved);
  if (!placed.ok()) return placed.error();
  railways_[or_set_.company].treasury -= placed->cost;
  if (placed->stockbroker) ++railways_[or_set_.company].stockbrokers;  // 6.7, 6.12.1
  or_set_.Reach(OrStep::kPlaceStation);  // CheckP6Use: the turn has not passed it
  DiscardPrivate(6);
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

namespace mailrun::engine::t1947 {

void AddSiteAdvances(const T1947Game& game, int player, std::vector<Action1947>& candidates) {
  const std::optional<PendingSiteAdvance>& pending = game.site_advance();
  if (!pending) return;
  const int railway = pending->railway;
  const std::string& initials = game.data().railways[railway].initials;
  if (player != game.President(initials)) return;
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return;
  Action1947 decline;
  decline.kind = ActionKind::kAdvanceToken;
  decline.player = player;
  decline.advance = TokenAdvance::kDecline;
  candidates.push_back(decline);
  const int held = game.railway(initials).stockbrokers;
  const int value = (*rules)->stockbroker_value;
  const std::vector<int>& boxes = pending->opportunities;
  for (TokenAdvance d : {TokenAdvance::kUp, TokenAdvance::kRight}) {
    const int cost = game.AdvanceCost(railway, d);
    if (cost < 0) continue;
    for (unsigned set = 0; set < (1u << boxes.size()); ++set) {
      Action1947 a = decline;
      a.advance = d;
      int left = cost;
      for (size_t b = 0; b < boxes.size(); ++b) {
        if (!(set & (1u << b))) continue;
        a.opportunity_boxes.push_back(boxes[b]);
        left -= (*rules)->expatriation_track[boxes[b] - 1].opportunity;
      }
      const int useful = value > 0 ? std::min(held, (std::max(left, 0) + value - 1) / value) : 0;
      for (int s = 0; s <= useful; ++s) {
        a.amount = s;
        candidates.push_back(a);
      }
    }
  }
}

void AddP6BeyondSpaces(const T1947Game& game, int player, std::vector<Action1947>& candidates) {
  const int r = game.operating_railway();
  if (r < 0 || !game.RailwayOwns(r, 6) || game.step() > OrStep::kPlaceStation) return;
  const std::string& initials = game.data().railways[r].initials;
  if (player != game.President(initials)) return;
  Action1947 a;
  a.kind = ActionKind::kUsePrivatePower;
  a.player = player;
  a.power = PrivatePower::kP6BeyondSpaces;
  for (const HexCoord& hex :
       LegalStations(game.data(), game.board(), r, game.railway(initials).treasury, game.station_turn(), StationRoom::kFullOrReserved)) {
    a.hex = HexName1947(hex);
    candidates.push_back(a);
  }
  // A move into a city full of other railways' stations (the moves into free spaces are listed
  // with the P6's other benefits, actions.cc).
  constexpr int kCostWaived = 1000000;
  const std::vector<Base>& own = game.board().stations[r];
  a.power = PrivatePower::kP6MoveStation;
  for (const HexCoord& hex : LegalStations(game.data(), game.board(), r, kCostWaived, StationTurn{}, StationRoom::kEvenIfFull)) {
    const std::optional<TileOnHex> on = TileOn(game.data().board.data, game.board().board, hex);
    if (!on || static_cast<int>(game.board().StationsAt(hex).size()) < on->tile->stations[0].token_slots) continue;
    a.hex = HexName1947(hex);
    for (size_t s = 1; s < own.size(); ++s) {
      a.from_hex = HexName1947(own[s].hex);
      candidates.push_back(a);
    }
  }
}

}  // namespace mailrun::engine::t1947
