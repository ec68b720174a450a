// Contract bids as 2.5.1.1 - 2.5.1.4 outline them and 2.5.2 details them: a bid (2.5.2.1) is a
// bond of at least the value of its cities, written down secretly (2.5.1.1, 2.5.1.4), cities
// claimed one by one with a public share each (2.5.1.2), three to six cities with the Ganges
// limits (2.5.1.3). No illegal bid can be made (2.5.2.12, docs/rulings.md #2).
#include "engine/titles/t1853/rules/contract_bids.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "engine/core/rng.h"
#include "engine/titles/t1853/rules/dealing_round.h"
#include "engine/titles/t1853/rules/share_ledger.h"

namespace mailrun::engine::t1853 {
namespace {

// Shares a bid may still claim: the eight ordinary certificates (the director's certificate is
// only ever exchanged, 2.9.2).
constexpr int kOrdinaryCertificates = kSharesPerCompany - 2;

std::optional<int> CompanyIndex(const Context& ctx, const std::string& initials) {
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.Initials(c) == initials) return c;
  }
  return std::nullopt;
}

struct BidCounts {
  int cities = 0;
  int value = 0;
  int valley = 0;     // 2.5.2.7: Cawnpore, Lucknow, Allahabad, Benares, Patna
  bool calcutta = false;
};

BidCounts Count(const Context& ctx, const std::vector<BidClaim>& claims) {
  BidCounts counts;
  for (const BidClaim& claim : claims) {
    const CityDef& city = ctx.data.cities[claim.city];
    ++counts.cities;
    counts.value += city.bid_value;
    if (city.ganges_valley) ++counts.valley;
    if (city.counts_as_ganges_in_long_bids) counts.calcutta = true;
  }
  return counts;
}

// 2.5.2.7 for a bid of exactly `cities` cities.
bool GangesRuleHolds(const BidCounts& counts, int cities) {
  if (cities == 3) return counts.valley <= 1;
  return counts.valley + (counts.calcutta ? 1 : 0) <= 2;
}

// Whether the partial bid can still be completed legally within the bond (2.5.2.2, 2.5.2.6,
// 2.5.2.7): some final size n between the limits keeps the Ganges rule, and the cheapest cities
// (£20, 2.5.2.9) to reach n fit the bond.
bool Completable(const Context& ctx, const BidCounts& counts, int bond) {
  const PlayerCountRules limits = ctx.Limits();
  for (int n = std::max(counts.cities, limits.min_bid_cities); n <= limits.max_bid_cities; ++n) {
    if (!GangesRuleHolds(counts, n)) continue;
    if (counts.value + 20 * (n - counts.cities) <= bond) return true;
  }
  return false;
}

bool AnyLegalClaim(const Context& ctx, int seat) {
  for (size_t city = 0; city < ctx.data.cities.size(); ++city) {
    for (int company_number : ctx.data.cities[city].share_companies) {
      mailrun::v1::ClaimCity claim;
      claim.set_city(ctx.data.cities[city].name);
      claim.set_company(ctx.Initials(company_number - 1));
      if (ValidateClaimCity(ctx, seat, claim).ok()) return true;
    }
  }
  return false;
}

void RevealBondsAndSeat(Context& ctx) {
  GameState& s = ctx.state;
  std::vector<int> seats(s.players_count);
  for (int i = 0; i < s.players_count; ++i) seats[i] = i;
  // Ties are resolved by lot (2.5.2.3): shuffle first, then a stable sort by bond.
  for (int i = s.players_count - 1; i > 0; --i) {
    const int j = static_cast<int>(RandomBelow(s.rng, static_cast<uint64_t>(i + 1)));
    std::swap(seats[i], seats[j]);
  }
  std::stable_sort(seats.begin(), seats.end(),
                   [&](int a, int b) { return s.players[a].bond.amount > s.players[b].bond.amount; });
  s.seating_order = seats;
  for (int i = 0; i < s.players_count; ++i) {
    PlayerState& p = s.players[seats[i]];
    p.seating = i;
    p.cash -= p.bond.amount;  // into the envelope
    ctx.Say("1853.log.contract_bids.bonds", "{seat} bonds {bond} (cash left {cash})", {param::Seat("seat", seats[i]), param::Amount("bond", p.bond.amount), param::Amount("cash", p.cash)});
  }
  s.elephant = seats[0];
  std::string order;
  for (int seat : seats) order += (order.empty() ? "" : ", ") + s.players[seat].name;
  ctx.Say("1853.log.contract_bids.seating_order", "Seating order: {order}; {seat} takes the Elephant", {param::Text("order", order), param::Seat("seat", seats[0])});
  s.stage = Stage::kCityClaims;
  s.dealing.current = seats[0];
}

// 2.7.2 - 2.7.3: pay for the contracted shares; what cannot be afforded stays un-redeemed, and
// those must be the cheapest shares of the bid.
void PayForContractedShares(Context& ctx) {
  GameState& s = ctx.state;
  const bool by_company = ctx.data.edition == mailrun::v1::EDITION_LOOKOUT_2009;
  std::map<int, std::map<int, int>> paid;  // company -> seat -> shares paid for
  std::vector<std::pair<int, std::string>> unredeemed;  // seat, what it keeps un-redeemed
  for (int seat : s.seating_order) {
    PlayerState& p = s.players[seat];
    std::vector<int> companies;
    for (const BidClaim& claim : p.bond.claims) companies.push_back(claim.company);
    // Most expensive first; the unpaid tail is then the cheapest.
    std::stable_sort(companies.begin(), companies.end(),
                     [&](int a, int b) { return ctx.Def(a).par > ctx.Def(b).par; });
    int paid_count = static_cast<int>(companies.size());
    auto cost_of_first = [&](int n) {
      int total = 0;
      for (int i = 0; i < n; ++i) total += ctx.Def(companies[i]).par;
      return total;
    };
    while (paid_count > 0 && cost_of_first(paid_count) > p.cash) --paid_count;
    const int cost = cost_of_first(paid_count);
    p.cash -= cost;
    s.bank += cost;
    // 2.7.3: the shares left unpaid, counted per company ("2 SIR un-redeemed", never one entry a share).
    std::map<int, int> unpaid_by_company;
    for (size_t i = paid_count; i < companies.size(); ++i) {
      ++p.unredeemed[companies[i]];
      ++unpaid_by_company[companies[i]];
    }
    std::string unpaid;
    for (const auto& [company, count] : unpaid_by_company) {
      unpaid += fmt::format(", {} {} un-redeemed", count, ctx.Initials(company));
    }
    if (!by_company) {
      ctx.Say("1853.log.contract_bids.pays_for_contracted_shares", "{seat} pays {amount} for contracted shares (cash {cash}){unpaid}", {param::Seat("seat", seat), param::Amount("amount", cost), param::Amount("cash", p.cash), param::Text("unpaid", unpaid)});
    }
    for (int i = 0; i < paid_count; ++i) ++paid[companies[i]][seat];
    if (by_company && !unpaid.empty()) unredeemed.emplace_back(seat, unpaid.substr(2));
  }
  // 2009 2.7.2: the payments are made company by company, in company order. Par falls with the
  // company number, so what each player can pay for is the same as paying the dearest first.
  for (int c = 0; by_company && c < kCompanies; ++c) {
    for (int seat : s.seating_order) {
      if (paid[c][seat] == 0) continue;
      ctx.Say("1853.log.contract_bids.pays_for_company_shares", "{seat} pays {amount} for {count} contracted {company} share{s} ({rule})",
              {param::Seat("seat", seat), param::Amount("amount", paid[c][seat] * ctx.Def(c).par), param::Count("count", paid[c][seat]),
               param::Company("company", ctx.Initials(c)), param::Text("s", paid[c][seat] == 1 ? "" : "s"), param::Rule("rule", "2.7.2")});
    }
  }
  for (const auto& [seat, kept] : unredeemed) {
    ctx.Say("1853.log.contract_bids.keeps_unredeemed", "{seat} keeps {kept} ({rule})",
            {param::Seat("seat", seat), param::Text("kept", kept), param::Rule("rule", "2.7.3")});
  }
  // 2.7.6 / 3.1.3: companies nobody bid for are set aside.
  for (int c = 0; c < kCompanies; ++c) {
    s.companies[c].status = s.shares.IssuedOut(c) > 0 ? CompanyStatus::kOnSale : CompanyStatus::kSetAside;
  }
  StartDealingRound(ctx, s.elephant);  // 1.6.2: the first dealing round follows
}

}  // namespace

// The next player still claiming cities, or the end of the bids (then payment, 2.7.2).
void AdvanceClaimTurn(Context& ctx);

int ClaimedValue(const Context& ctx, int seat) { return Count(ctx, ctx.state.players[seat].bond.claims).value; }

// 2.5.2.2 (2009: 2.5.2, a minimum per player count); never less than the fewest cities at £20.
int MinimumBond(const Context& ctx) {
  return std::max(ctx.data.MinimumBond(ctx.state.players_count), 20 * ctx.Limits().min_bid_cities);
}

int MaximumBond(const Context& ctx, int seat) { return ctx.state.players[seat].cash; }

Status ValidateCommitBond(const Context& ctx, int seat, const mailrun::v1::CommitBond& action) {
  if (ctx.state.stage != Stage::kBondCommit) return Illegal("1853.refusal.contract_bids.bonds_committed_only_start_game", "2.5.2.2", "bonds are committed only at the start of the game");
  if (ctx.state.players[seat].bond.committed) return Illegal("1853.refusal.contract_bids.you_already_committed_your_bond", "2.5.2.2", "you have already committed your bond");
  const int min = MinimumBond(ctx);
  if (action.amount() < min) {
    return Illegal("1853.refusal.contract_bids.your_bond_must_least_enough", "2.5.2.2", fmt::format("your bond must be at least {} (enough for {} cities at £20)", Money(min),
                                          ctx.Limits().min_bid_cities)).With({param::Amount("min", min), param::Count("cities", ctx.Limits().min_bid_cities)});
  }
  if (action.amount() > MaximumBond(ctx, seat)) {
    return Illegal("1853.refusal.contract_bids.your_bond_more_than_your", "2.5.2.2", fmt::format("your bond of {} is more than your {}", Money(action.amount()),
                                          Money(MaximumBond(ctx, seat)))).With({param::Amount("bond", action.amount()), param::Amount("max", MaximumBond(ctx, seat))});
  }
  return OkStatus();
}

void ExecuteCommitBond(Context& ctx, int seat, const mailrun::v1::CommitBond& action) {
  Bond& bond = ctx.state.players[seat].bond;
  bond.amount = action.amount();
  bond.committed = true;
  ctx.Say("1853.log.contract_bids.writes_bond", "{seat} has written down a bond", {param::Seat("seat", seat)});
  for (const PlayerState& p : ctx.state.players) {
    if (!p.bond.committed) return;
  }
  if (ctx.preview_for) {
    // The reveal shows every other bond: only the real action does it (2.5.2.3).
    ctx.StopPreview("2.5.2.3: every bond is revealed once the last is written down; a preview does not reveal them.");
    return;
  }
  RevealBondsAndSeat(ctx);
}

Status ValidateClaimCity(const Context& ctx, int seat, const mailrun::v1::ClaimCity& action) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kCityClaims) return Illegal("1853.refusal.contract_bids.cities_claimed_only_second_stage", "2.5.2.4", "cities are claimed only in the second stage of the bids");
  if (s.dealing.current != seat) return OutOfTurn("1853.refusal.contract_bids.not_your_turn_claim_city", "2.5.2.4", "it is not your turn to claim a city");
  const auto city = ctx.data.CityIndex(action.city());  // the 24 named cities: no town (2.5.2.8)
  if (!city) return Malformed("1853.refusal.contract_bids.there_no_city_named", fmt::format("there is no city named '{}'", action.city())).With({param::Text("city", action.city())});
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return Malformed("1853.refusal.contract_bids.there_no_company", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())});
  const CityDef& def = ctx.data.cities[*city];
  const Bond& bond = s.players[seat].bond;
  if (bond.passed) return Illegal("1853.refusal.contract_bids.you_passed_your_bid_complete", "2.5.2.4", "you have passed: your bid is complete");
  for (const BidClaim& claim : bond.claims) {
    if (claim.city == *city) return Illegal("1853.refusal.contract_bids.already_your_bid", "2.5.2.10", fmt::format("{} is already in your bid", def.name)).With({param::City("city", def.name)});
  }
  const int number = *company + 1;
  if (std::find(def.share_companies.begin(), def.share_companies.end(), number) == def.share_companies.end()) {
    std::string offered;
    for (int n : def.share_companies) offered += (offered.empty() ? "" : ", ") + ctx.Initials(n - 1);
    return Illegal("1853.refusal.contract_bids.offers_shares_only_not", "2.5.2.5", fmt::format("{} offers shares of {} only, not {}", def.name, offered, action.company())).With({param::City("city", def.name), param::Text("offered", offered), param::Company("company", action.company())});
  }
  const PlayerCountRules limits = ctx.Limits();
  if (static_cast<int>(bond.claims.size()) >= limits.max_bid_cities) {
    return Illegal("1853.refusal.contract_bids.bid_include_most_cities_players", "2.5.2.6", fmt::format("a bid may include at most {} cities with {} players", limits.max_bid_cities,
                                          ctx.Players())).With({param::Count("max_cities", limits.max_bid_cities), param::Count("players", ctx.Players())});
  }
  if (ctx.state.shares.IssuedOut(*company) >= kOrdinaryCertificates) {
    return Illegal("1853.refusal.contract_bids.no_share_left_claim", "2.5.2.10", fmt::format("no {} share is left to claim", action.company())).With({param::Company("company", action.company())});
  }
  std::vector<BidClaim> claims = bond.claims;
  claims.push_back({*city, *company});
  const BidCounts counts = Count(ctx, claims);
  if (counts.value > bond.amount) {
    return Illegal("1853.refusal.contract_bids.would_bring_your_cities_more", "2.5.2.2", fmt::format("{} (£{}) would bring your cities to {}, more than your bond of {}", def.name,
                                          def.bid_value, Money(counts.value), Money(bond.amount))).With({param::City("city", def.name), param::Amount("value", def.bid_value), param::Amount("total", counts.value), param::Amount("bond", bond.amount)});
  }
  if (!Completable(ctx, counts, bond.amount)) {
    bool ganges_possible = false;
    for (int n = std::max(counts.cities, limits.min_bid_cities); n <= limits.max_bid_cities; ++n) {
      ganges_possible = ganges_possible || GangesRuleHolds(counts, n);
    }
    if (!ganges_possible) {
      return Illegal("1853.refusal.contract_bids.bid_include_most_two_ganges", "2.5.2.7", fmt::format("a bid may include at most two Ganges valley cities (Cawnpore, Lucknow, "
                                            "Allahabad, Benares, Patna and Calcutta); {} would be one too many",
                                            def.name)).With({param::City("city", def.name)});
    }
    return Illegal("1853.refusal.contract_bids.your_bond_could_not_cover", "2.5.2.2", fmt::format("with {} your bond of {} could not cover the {} cities your bid needs",
                                          def.name, Money(bond.amount), limits.min_bid_cities)).With({param::City("city", def.name), param::Amount("bond", bond.amount), param::Count("cities", limits.min_bid_cities)});
  }
  return OkStatus();
}

// 2.7.1: the player receives the share claimed (paid for when the bids are complete, 2.7.2).
void ExecuteClaimCity(Context& ctx, int seat, const mailrun::v1::ClaimCity& action) {
  GameState& s = ctx.state;
  const int city = *ctx.data.CityIndex(action.city());
  const int company = *CompanyIndex(ctx, action.company());
  PlayerState& p = s.players[seat];
  p.bond.claims.push_back({city, company});
  GainShares(ctx, seat, company, 1, ShareHolder::Bank());
  ++p.contracted[company];
  ctx.Say("1853.log.contract_bids.claims_share", "{seat} claims {share}", {param::Seat("seat", seat), param::Text("share", ShareOf(action.company())), param::Company("company", action.company())});
  AdvanceClaimTurn(ctx);
}

Status ValidatePassBid(const Context& ctx, int seat) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kCityClaims) return Illegal("1853.refusal.contract_bids.passing_bid_belongs_second_stage", "2.5.2.4", "passing a bid belongs to the second stage of the bids");
  if (s.dealing.current != seat) return OutOfTurn("1853.refusal.contract_bids.not_your_turn_claim_city", "2.5.2.4", "it is not your turn to claim a city");
  const Bond& bond = s.players[seat].bond;
  const BidCounts counts = Count(ctx, bond.claims);
  const PlayerCountRules limits = ctx.Limits();
  const bool can_claim = AnyLegalClaim(ctx, seat);
  if (counts.cities < limits.min_bid_cities && can_claim) {
    return Illegal("1853.refusal.contract_bids.you_not_pass_before_your", "2.5.2.4", fmt::format("you may not pass before your bid has {} cities (it has {})",
                                          limits.min_bid_cities, counts.cities)).With({param::Count("min_cities", limits.min_bid_cities), param::Count("cities", counts.cities)});
  }
  if (counts.cities < limits.max_bid_cities && bond.amount - counts.value >= 40 && can_claim) {
    return Illegal("1853.refusal.contract_bids.you_not_pass_while_your", "2.5.2.4", fmt::format("you may not pass while {} of your bond is not accounted for",
                                          Money(bond.amount - counts.value))).With({param::Amount("amount", bond.amount - counts.value)});
  }
  if (!GangesRuleHolds(counts, counts.cities) && can_claim) {
    return Illegal("1853.refusal.contract_bids.bid_three_cities_include_only", "2.5.2.7", "a bid of three cities may include only one of Cawnpore, Lucknow, Allahabad, Benares "
                              "and Patna: add a fourth city");
  }
  return OkStatus();
}

void ExecutePassBid(Context& ctx, int seat) {
  ctx.state.players[seat].bond.passed = true;
  ctx.Say("1853.log.contract_bids.completes_bid", "{seat} completes their bid", {param::Seat("seat", seat)});
  AdvanceClaimTurn(ctx);
}

void AdvanceClaimTurn(Context& ctx) {
  GameState& s = ctx.state;
  int seat = s.dealing.current;
  for (int i = 0; i < s.players_count; ++i) {
    seat = ctx.NextInSeating(seat);
    if (!s.players[seat].bond.passed) {
      s.dealing.current = seat;
      return;
    }
  }
  PayForContractedShares(ctx);
}

std::vector<int> BidActiveSeats(const Context& ctx) {
  std::vector<int> seats;
  if (ctx.state.stage == Stage::kBondCommit) {
    for (int i = 0; i < ctx.state.players_count; ++i) {
      if (!ctx.state.players[i].bond.committed) seats.push_back(i);
    }
  } else if (ctx.state.stage == Stage::kCityClaims) {
    seats.push_back(ctx.state.dealing.current);
  }
  return seats;
}

bool BidCompleteOnPublicFacts(const Context& ctx, int seat) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kCityClaims) return false;
  const Bond& bond = s.players[seat].bond;
  if (static_cast<int>(bond.claims.size()) >= ctx.Limits().max_bid_cities) return true;  // 2.5.2.6
  // The least the claimed cities can be worth: each claim's company at its cheapest city.
  int least = 0;
  for (const BidClaim& claim : bond.claims) {
    int cheapest = 0;
    for (const CityDef& city : ctx.data.cities) {
      const bool offers = std::find(city.share_companies.begin(), city.share_companies.end(), claim.company + 1) !=
                          city.share_companies.end();
      if (offers && (cheapest == 0 || city.bid_value < cheapest)) cheapest = city.bid_value;
    }
    least += cheapest;
  }
  if (least + 20 > bond.amount) return true;  // not even a £20 city fits (2.5.2.9)
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.state.shares.IssuedOut(c) < kOrdinaryCertificates) return false;
  }
  return true;  // no share is left to claim
}

// 1.4.2: every company's shares may be claimed, whatever the number of players.
void ListBidActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  const GameState& s = ctx.state;
  if (s.stage == Stage::kBondCommit) {
    mailrun::v1::CommitBond bond;
    bond.set_amount(MinimumBond(ctx));
    if (!ValidateCommitBond(ctx, seat, bond).ok()) return;
    mailrun::v1::Action action;
    *action.mutable_commit_bond() = bond;
    AddLegal(out, seat, std::move(action),
             fmt::format("Write down your bond: {} to {}", Money(MinimumBond(ctx)), Money(MaximumBond(ctx, seat))),
             MinimumBond(ctx), MaximumBond(ctx, seat));
    return;
  }
  if (s.stage != Stage::kCityClaims || s.dealing.current != seat) return;
  for (const CityDef& city : ctx.data.cities) {
    for (int number : city.share_companies) {
      mailrun::v1::ClaimCity claim;
      claim.set_city(city.name);
      claim.set_company(ctx.Initials(number - 1));
      if (!ValidateClaimCity(ctx, seat, claim).ok()) continue;
      mailrun::v1::Action action;
      *action.mutable_claim_city() = claim;
      AddLegal(out, seat, std::move(action),
               fmt::format("Bid {} (£{}) and claim {}", city.name, city.bid_value, ShareOf(claim.company())));
    }
  }
  if (ValidatePassBid(ctx, seat).ok()) {
    mailrun::v1::Action action;
    action.mutable_pass_bid();
    AddLegal(out, seat, std::move(action), "Complete your bid");
  }
}

}  // namespace mailrun::engine::t1853
