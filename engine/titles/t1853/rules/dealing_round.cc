#include "engine/titles/t1853/rules/dealing_round.h"

#include <fmt/format.h>

#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/rules/elephant.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/titles/t1853/rules/trains.h"

namespace mailrun::engine::t1853 {
namespace {

std::optional<int> CompanyIndex(const Context& ctx, const std::string& initials) {
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.Initials(c) == initials) return c;
  }
  return std::nullopt;
}

Error NotYourTurn() { return OutOfTurn("1853.refusal.dealing_round.not_your_turn_deal_shares", "3.1.1", "it is not your turn to deal in shares"); }

bool InDealingTurn(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kDealing && ctx.state.dealing.current == seat;
}

// The first dealing round follows the contract bids (2.8.1) and is played as any other (2.8.2),
// with the special rules of 2.8.3 and 2.9; the simplified game (2.4.1) starts with an ordinary
// dealing round.
bool FirstRound(const Context& ctx) {
  return ctx.state.dealing.number == 1 && !ctx.config.options().simplified_game();
}

// Shares that can still come out of the bank: before a director is appointed, only the eight
// ordinary certificates (the director's certificate is only exchanged, 2.9.2).
int BankSharesOnOffer(const Context& ctx, int company) {
  const int in_bank = ctx.state.shares.InBank(company);
  if (ctx.state.companies[company].status == CompanyStatus::kFormed) return in_bank;
  return std::max(0, in_bank - 2);
}

// 3.1.3: once every share of the contract-bid companies is issued, the set-aside companies go on sale.
void ReleaseSetAsideCompanies(Context& ctx) {
  bool any_set_aside = false;
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.state.companies[c].status == CompanyStatus::kSetAside) any_set_aside = true;
    else if (ctx.state.shares.InBank(c) > 0) return;
  }
  if (!any_set_aside) return;
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.state.companies[c].status == CompanyStatus::kSetAside) {
      ctx.state.companies[c].status = CompanyStatus::kOnSale;
    }
  }
  ctx.Say("1853.log.dealing.remaining_shares_on_sale", "Every share of the bid companies is issued: the remaining companies' shares go on sale ({rule})", {param::Rule("rule", "3.1.3")});
}

// After a purchase: has the company floated (2.7.5, 2.8.3)? Pool shares count as issued (3.1.10).
// In later rounds it forms at once (3.2.1).
void CheckFlotation(Context& ctx, int company) {
  CompanyState& c = ctx.state.companies[company];
  if (c.floated || ctx.state.shares.IssuedOut(company) < ctx.Limits().qualifying_shares) return;
  c.floated = true;
  if (FirstRound(ctx)) {
    ctx.Say("1853.log.dealing.floats", "The {company} floats; its director is appointed at the end of this dealing round ({rule})", {param::Company("company", ctx.Initials(company)), param::Rule("rule", "2.9.1")});
    // 2.8.3: holders of contracted shares may sell them at their first opportunity after flotation.
    for (PlayerState& p : ctx.state.players) {
      if (p.contracted[company] > p.unredeemed[company]) p.contract_sale_pending[company] = true;
    }
  } else {
    FormCompany(ctx, company);
  }
}

void BeginTurn(Context& ctx, int seat) {
  GameState& s = ctx.state;
  s.dealing.current = seat;
  s.dealing.bought_this_turn = false;
  s.dealing.bought_company = -1;
  s.dealing.sold_this_turn.fill(false);
  s.dealing.redeemed_this_turn.fill(false);
  PlayerState& p = s.players[seat];
  for (int c = 0; c < kCompanies; ++c) {
    p.contract_sale_open[c] = p.contract_sale_pending[c];
    p.contract_sale_pending[c] = false;
  }
}

// A preview stops before the end of the first dealing round when the BBCI's type (2.6.2) would be
// decided by another player's bid cities.
bool BbciTypeHiddenFromPreview(Context& ctx) {
  const GameState& s = ctx.state;
  if (!ctx.preview_for || !FirstRound(ctx)) return false;
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.Def(c).kind != CompanyKind::kMajorOrMinor) continue;
    if (!s.companies[c].floated || s.companies[c].status == CompanyStatus::kFormed) continue;
    const int director = LargestQualifyingHolder(ctx, c);
    if (director >= 0 && ctx.Hidden(director)) return true;
  }
  return false;
}

void EndDealingRound(Context& ctx) {
  GameState& s = ctx.state;
  if (BbciTypeHiddenFromPreview(ctx)) {
    ctx.StopPreview("2.6.2: the first dealing round would end here, and the BBCI's type depends on its director's "
                    "secret bid; a preview stops before it.");
    return;
  }
  ctx.Say("1853.log.dealing.round_ends", "Dealing Round {round} ends", {param::Count("round", s.dealing.number)});
  if (s.dealing.number == 1) {
    // 2.9.1: directors for every floated company, in company order.
    for (int c = 0; c < kCompanies; ++c) {
      if (s.companies[c].floated && s.companies[c].status != CompanyStatus::kFormed) FormCompany(ctx, c);
    }
    for (int c = 0; c < kCompanies; ++c) {
      if (s.companies[c].status == CompanyStatus::kFormed && !s.companies[c].major) s.minor_formed_in_first_round = true;
    }
    AddFirstRoundTrainMix(ctx);  // 2.8.4
  }
  if (s.dealing.last_buyer >= 0) {
    const int holder = ctx.NextInSeating(s.dealing.last_buyer);
    if (holder != s.elephant) ctx.Say("1853.log.dealing.takes_elephant", "{seat} takes the Elephant ({rule})", {param::Seat("seat", holder), param::Rule("rule", "3.1.11")});
    s.elephant = holder;
  }
  for (PlayerState& p : s.players) {
    p.sold_this_round.fill(false);
    p.contract_sale_open.fill(false);
    p.contract_sale_pending.fill(false);
  }
  for (int c = 0; c < kCompanies; ++c) ResolveControl(ctx, c);  // 3.4.1: managers follow the Elephant
  s.phase_for_round_count = s.phase;                             // 4.10.1 note
  s.dealing.current = -1;
  StartElephantSale(ctx);
}

}  // namespace

// 1.6.1, 3.1.1: dealing rounds go round in player order from the Elephant's holder.
void StartDealingRound(Context& ctx, int first_seat) {
  GameState& s = ctx.state;
  s.stage = Stage::kDealing;
  ++s.dealing.number;
  s.dealing.consecutive_declines = 0;
  s.dealing.last_buyer = -1;
  ctx.Say("1853.log.dealing.round_begins", "Dealing Round {round} begins with {seat}", {param::Count("round", s.dealing.number), param::Seat("seat", first_seat)});
  if (FirstRound(ctx)) {
    // 2.7.5: the contracted shares alone may already be the qualifying number.
    for (int c = 0; c < kCompanies; ++c) CheckFlotation(ctx, c);
  }
  BeginTurn(ctx, first_seat);
}

int SalePrice(const Context& ctx, int company) {
  if (FirstRound(ctx)) return ctx.Def(company).par - 5;  // 2.8.3
  return ctx.SharePrice(company);
}

int PurchasePrice(const Context& ctx, int company, mailrun::v1::ShareSource source) {
  if (source == mailrun::v1::SHARE_SOURCE_BANK) return ctx.Def(company).par;  // 3.1.4
  return ctx.SharePrice(company);                                             // 3.1.7
}

// 3.1.5, 3.1.6: any number of shares, of any companies, may be sold in a turn, one sale at a time.
Status ValidateSellShares(const Context& ctx, int seat, const mailrun::v1::SellShares& action) {
  if (!InDealingTurn(ctx, seat)) return NotYourTurn();
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return Malformed("1853.refusal.dealing_round.there_no_company", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())});
  if (action.count() < 1) return Malformed("1853.refusal.dealing_round.number_shares_sell_must_least", "the number of shares to sell must be at least 1");
  const GameState& s = ctx.state;
  const PlayerState& p = s.players[seat];
  const CompanyState& c = s.companies[*company];
  const std::string& name = action.company();
  const int held = s.shares.HeldBy(seat, *company);
  if (held == 0) return Illegal("1853.refusal.dealing_round.you_hold_no_shares", "3.1.5", fmt::format("you hold no {} shares", name)).With({param::Company("company", name)});
  const int sellable = held - p.unredeemed[*company];
  if (action.count() > sellable) {
    if (p.unredeemed[*company] > 0) {
      return Illegal("1853.refusal.dealing_round.un_redeemed_shares_not_sold", "2.7.4", fmt::format("un-redeemed shares may not be sold; you can sell at most {} {} share{}",
                                          sellable, name, sellable == 1 ? "" : "s")).With({param::Count("count", sellable), param::Company("company", name)});
    }
    return Illegal("1853.refusal.dealing_round.you_hold_only_share_s", "3.1.5", fmt::format("you hold only {} {} share{}", sellable, name, sellable == 1 ? "" : "s")).With({param::Count("count", sellable), param::Company("company", name)});
  }
  if (s.dealing.bought_this_turn && s.dealing.bought_company == *company) {
    return Illegal("1853.refusal.dealing_round.you_bought_turn_you_not", "3.1.9", fmt::format("you bought {} this turn: you may not also sell {} shares", ShareOf(name), name)).With({param::Company("company", name)});
  }
  if (c.director == seat && held == 2 && action.count() == 1) {
    return Illegal("1853.refusal.dealing_round.your_director_s_certificate_two", "1.5.3", fmt::format("your {} director's certificate is two shares: sell it whole or not at all",
                                        name)).With({param::Company("company", name)});
  }
  if (FirstRound(ctx)) {
    if (c.floated) {
      // 2.8.3: contracted shares only, at the first opportunity after flotation.
      if (!p.contract_sale_open[*company]) {
        return Illegal("1853.refusal.dealing_round.floated_shares_not_sold_until", "2.8.3", fmt::format("the {} has floated: its shares may not be sold until the next dealing "
                                            "round (contracted shares only at your first turn after it floated)",
                                            name)).With({param::Company("company", name)});
      }
      const int contracted_sellable = p.contracted[*company] - p.unredeemed[*company];
      if (action.count() > contracted_sellable) {
        return Illegal("1853.refusal.dealing_round.only_contracted_shares_floated_company", "2.8.3", fmt::format("only contracted shares of a floated company may be sold now: at most {}",
                                            contracted_sellable)).With({param::Count("count", contracted_sellable)});
      }
    }
  } else if (c.status == CompanyStatus::kFormed && c.formed_in_dealing_round == s.dealing.number && c.director < 0) {
    return Illegal("1853.refusal.dealing_round.formed_this_dealing_round_manager", "3.1.8", fmt::format("the {} formed in this dealing round and is run by a manager: its shares may not be sold "
                                        "until the next one",
                                        name)).With({param::Company("company", name)});
  } else if (c.status == CompanyStatus::kFormed && c.formed_in_dealing_round == s.dealing.number) {
    return Illegal("1853.refusal.dealing_round.director_was_appointed_dealing_round", "3.1.8", fmt::format("the {} director was appointed in this dealing round: its shares may not be "
                                        "sold until the next one",
                                        name)).With({param::Company("company", name)});
  }
  return OkStatus();
}

void ExecuteSellShares(Context& ctx, int seat, const mailrun::v1::SellShares& action) {
  GameState& s = ctx.state;
  const int company = *CompanyIndex(ctx, action.company());
  const int price = SalePrice(ctx, company);
  const int total = price * action.count();
  PlayerState& p = s.players[seat];
  // 2.8.3: a floated company's shares are sold in the first dealing round only as contracted
  // shares, which are then used up; any other sale gives up bought shares first (LoseShares).
  if (FirstRound(ctx) && s.companies[company].floated) p.contracted[company] -= action.count();
  LoseShares(ctx, seat, company, action.count(), ShareHolder::Pool());
  p.cash += total;
  PayFromBank(ctx, total);
  p.sold_this_round[company] = true;
  s.dealing.sold_this_turn[company] = true;
  if (action.count() == 1) {
    ctx.Say("1853.log.dealing.sells_share", "{seat} sells {count} {company} share for {price} each (cash {cash})", {param::Seat("seat", seat), param::Count("count", action.count()), param::Company("company", action.company()), param::Amount("price", price), param::Amount("cash", p.cash)});
  } else {
    ctx.Say("1853.log.dealing.sells_shares", "{seat} sells {count} {company} shares for {price} each (cash {cash})", {param::Seat("seat", seat), param::Count("count", action.count()), param::Company("company", action.company()), param::Amount("price", price), param::Amount("cash", p.cash)});
  }
  ResolveControl(ctx, company);
  if (p.must_correct_certificates && ctx.CountedCertificates(seat) <= ctx.Limits().certificate_limit) {
    p.must_correct_certificates = false;
  }
}

namespace {

// A purchase of a share, checked with worded refusals for a player or bare ones for the
// dealing-turn test (EachDealingTrade).
Status CheckBuyShare(const Context& ctx, int seat, const mailrun::v1::BuyShare& action, const Refuse& refuse) {
  if (!InDealingTurn(ctx, seat)) return refuse([&] { return NotYourTurn(); });
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return refuse([&] { return Malformed("1853.refusal.dealing_round.there_no_company", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())}); });
  if (action.source() != mailrun::v1::SHARE_SOURCE_BANK && action.source() != mailrun::v1::SHARE_SOURCE_POOL) {
    return refuse([&] { return Malformed("1853.refusal.dealing_round.say_where_share_comes_bank", "say where the share comes from: the bank (new, at par) or the pool"); });
  }
  const GameState& s = ctx.state;
  const PlayerState& p = s.players[seat];
  const CompanyState& c = s.companies[*company];
  const std::string& name = action.company();
  if (s.dealing.bought_this_turn) return refuse([&] { return Illegal("1853.refusal.dealing_round.only_one_share_bought_turn", "3.0", "only one share may be bought in a turn"); });
  for (int other = 0; other < kCompanies; ++other) {
    if (p.unredeemed[other] > 0) {
      return refuse([&] { return Illegal("1853.refusal.dealing_round.you_must_redeem_your_un", "2.7.4", fmt::format("you must redeem your un-redeemed {} share before buying any other share",
                                          ctx.Initials(other))).With({param::Company("company", ctx.Initials(other))}); });
    }
  }
  if (p.sold_this_round[*company]) {
    return refuse([&] { return Illegal("1853.refusal.dealing_round.you_sold_shares_dealing_round", "3.1.9", fmt::format("you sold {} shares in this dealing round: you may not buy them until the next",
                                        name)).With({param::Company("company", name)}); });
  }
  if (action.source() == mailrun::v1::SHARE_SOURCE_BANK) {
    if (c.status == CompanyStatus::kSetAside) {
      return refuse([&] { return Illegal("1853.refusal.dealing_round.shares_go_sale_only_when", "3.1.3", fmt::format("{} shares go on sale only when every share of the bid companies is issued",
                                          name)).With({param::Company("company", name)}); });
    }
    if (BankSharesOnOffer(ctx, *company) == 0 && s.shares.InBank(*company) > 0) {
      // 3.2.1: the director's certificate is only exchanged for two ordinary shares (rulings.md #3).
      return refuse([&] { return Illegal("1853.refusal.dealing_round.bank_holds_only_directors_certificate", "3.2.1", fmt::format("the bank holds only the {} director's certificate, which is not bought but exchanged for two ordinary shares", name)).With({param::Company("company", name)}); });
    }
    if (BankSharesOnOffer(ctx, *company) == 0) return refuse([&] { return Illegal("1853.refusal.dealing_round.bank_no_share_left", "3.1.4", fmt::format("the bank has no {} share left", name)).With({param::Company("company", name)}); });
  } else if (s.shares.InPool(*company) == 0) {
    return refuse([&] { return Illegal("1853.refusal.dealing_round.pool_holds_no_share", "3.1.7", fmt::format("the pool holds no {} share", name)).With({param::Company("company", name)}); });
  }
  if (!WithinLimitsAfterBuying(ctx, seat, *company)) {
    const PlayerCountRules limits = ctx.Limits();
    if (s.shares.HeldBy(seat, *company) + 1 > limits.share_limit) {
      return refuse([&] { return Illegal("1853.refusal.dealing_round.you_hold_most_shares_one", "3.1.2", fmt::format("you may hold at most {} shares of one company", limits.share_limit)).With({param::Count("limit", limits.share_limit)}); });
    }
    return refuse([&] { return Illegal("1853.refusal.dealing_round.you_hold_most_certificates", "3.1.2", fmt::format("you may hold at most {} certificates", limits.certificate_limit)).With({param::Count("limit", limits.certificate_limit)}); });
  }
  const int price = PurchasePrice(ctx, *company, action.source());
  if (p.cash < price) {
    // 3.1.4: a new share at par; 3.1.7: a share from the pool at the market price.
    const char* rule = action.source() == mailrun::v1::SHARE_SOURCE_BANK ? "3.1.4" : "3.1.7";
    return refuse([&] { return Illegal("1853.refusal.dealing_round.one_share_costs_you", rule, fmt::format("one {} share costs {}; you have {}", name, Money(price), Money(p.cash))).With({param::Company("company", name), param::Amount("price", price), param::Amount("cash", p.cash)}); });
  }
  return OkStatus();
}

}  // namespace

Status ValidateBuyShare(const Context& ctx, int seat, const mailrun::v1::BuyShare& action) {
  return CheckBuyShare(ctx, seat, action, Refuse::Worded());
}

void ExecuteBuyShare(Context& ctx, int seat, const mailrun::v1::BuyShare& action) {
  GameState& s = ctx.state;
  const int company = *CompanyIndex(ctx, action.company());
  const int price = PurchasePrice(ctx, company, action.source());
  PlayerState& p = s.players[seat];
  p.cash -= price;
  s.bank += price;
  GainShares(ctx, seat, company, 1,
             action.source() == mailrun::v1::SHARE_SOURCE_BANK ? ShareHolder::Bank() : ShareHolder::Pool());
  s.dealing.bought_this_turn = true;
  s.dealing.bought_company = company;
  s.dealing.last_buyer = seat;
  // 3.1.9: a share of this company may not also be sold in this turn.
  p.contract_sale_open[company] = false;
  if (action.source() == mailrun::v1::SHARE_SOURCE_BANK) {
    ctx.Say("1853.log.dealing.buys_from_bank", "{seat} buys {share} from the bank for {price} (cash {cash})", {param::Seat("seat", seat), param::Text("share", ShareOf(action.company())), param::Amount("price", price), param::Amount("cash", p.cash), param::Company("company", action.company())});
  } else {
    ctx.Say("1853.log.dealing.buys_from_pool", "{seat} buys {share} from the pool for {price} (cash {cash})", {param::Seat("seat", seat), param::Text("share", ShareOf(action.company())), param::Amount("price", price), param::Amount("cash", p.cash), param::Company("company", action.company())});
  }
  CheckFlotation(ctx, company);
  ResolveControl(ctx, company);
  ReleaseSetAsideCompanies(ctx);
}

namespace {

// A redemption, checked with worded refusals for a player or bare ones for the dealing-turn test.
Status CheckRedeemShare(const Context& ctx, int seat, const mailrun::v1::RedeemShare& action, const Refuse& refuse) {
  if (!InDealingTurn(ctx, seat)) return refuse([&] { return NotYourTurn(); });
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return refuse([&] { return Malformed("1853.refusal.dealing_round.there_no_company", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())}); });
  const PlayerState& p = ctx.state.players[seat];
  if (p.unredeemed[*company] == 0) {
    return refuse([&] { return Illegal("1853.refusal.dealing_round.you_hold_no_un_redeemed", "2.7.4", fmt::format("you hold no un-redeemed {} share", action.company())).With({param::Company("company", action.company())}); });
  }
  const int price = ctx.Def(*company).par;
  if (p.cash < price) {
    return refuse([&] { return Illegal("1853.refusal.dealing_round.redeeming_costs_you", "2.7.4", fmt::format("redeeming {} costs {}; you have {}", ShareOf(action.company()), Money(price),
                                        Money(p.cash))).With({param::Company("company", action.company()), param::Amount("price", price), param::Amount("cash", p.cash)}); });
  }
  return OkStatus();
}

}  // namespace

Status ValidateRedeemShare(const Context& ctx, int seat, const mailrun::v1::RedeemShare& action) {
  return CheckRedeemShare(ctx, seat, action, Refuse::Worded());
}

void ExecuteRedeemShare(Context& ctx, int seat, const mailrun::v1::RedeemShare& action) {
  const int company = *CompanyIndex(ctx, action.company());
  const int price = ctx.Def(company).par;
  PlayerState& p = ctx.state.players[seat];
  p.cash -= price;
  ctx.state.bank += price;
  --p.unredeemed[company];
  ctx.state.dealing.redeemed_this_turn[company] = true;
  ctx.Say("1853.log.dealing.redeems", "{seat} redeems {share} for {amount} (cash {cash})", {param::Seat("seat", seat), param::Text("share", ShareOf(action.company())), param::Amount("amount", price), param::Amount("cash", p.cash), param::Company("company", action.company())});
}

Status ValidateEndDealingTurn(const Context& ctx, int seat) {
  if (!InDealingTurn(ctx, seat)) return NotYourTurn();
  const PlayerState& p = ctx.state.players[seat];
  const int limit = ctx.Limits().certificate_limit;
  // 3.2.3: a former director whose certificate passed on may hold more than 3.1.2's limit; the
  // limit refuses the end of his next turn until he has sold down to it.
  if (p.must_correct_certificates && ctx.CountedCertificates(seat) > limit) {
    return Illegal("1853.refusal.dealing_round.you_hold_certificates_more_than", "3.1.2", fmt::format("you hold {} certificates, more than the limit of {}: sell before ending "
                                        "your turn",
                                        ctx.CountedCertificates(seat), limit)).With({param::Count("count", ctx.CountedCertificates(seat)), param::Count("limit", limit)});
  }
  return OkStatus();
}

void ExecuteEndDealingTurn(Context& ctx, int seat) {
  GameState& s = ctx.state;
  PlayerState& p = s.players[seat];
  p.contract_sale_open.fill(false);
  if (s.dealing.bought_this_turn) {
    s.dealing.consecutive_declines = 0;
  } else {
    ++s.dealing.consecutive_declines;
    ctx.Say("1853.log.dealing.passes", "{seat} passes", {param::Seat("seat", seat)});
  }
  if (s.dealing.consecutive_declines >= s.players_count) {
    EndDealingRound(ctx);
    return;
  }
  BeginTurn(ctx, ctx.NextInSeating(seat));
}

namespace {

// Each legal buy, sale and redemption of a dealing turn in listing order: visit(action, text),
// `text` a callable that describes it (only a listing pays for the words). Stops when visit
// returns false. The end of the turn is not among them.
template <typename Visit>
void EachDealingTrade(const Context& ctx, int seat, Visit&& visit) {
  if (!InDealingTurn(ctx, seat)) return;
  const ShareLedger& shares = ctx.state.shares;
  for (int c = 0; c < kCompanies; ++c) {
    const std::string& name = ctx.Initials(c);
    for (auto source : {mailrun::v1::SHARE_SOURCE_BANK, mailrun::v1::SHARE_SOURCE_POOL}) {
      mailrun::v1::Action action;
      action.mutable_buy_share()->set_company(name);
      action.mutable_buy_share()->set_source(source);
      if (CheckBuyShare(ctx, seat, action.buy_share(), Refuse::Bare()).ok()) {
        const auto text = [&] {
          return fmt::format("Buy {} from the {} for {}", ShareOf(name),
                             source == mailrun::v1::SHARE_SOURCE_BANK ? "bank" : "pool",
                             Money(PurchasePrice(ctx, c, source)));
        };
        if (!visit(action, text)) return;
      }
    }
    for (int count = 1; count <= shares.HeldBy(seat, c); ++count) {
      mailrun::v1::Action action;
      action.mutable_sell_shares()->set_company(name);
      action.mutable_sell_shares()->set_count(count);
      if (ValidateSellShares(ctx, seat, action.sell_shares()).ok()) {
        const auto text = [&] {
          return fmt::format("Sell {} {} share{} for {}", count, name, count == 1 ? "" : "s",
                             Money(count * SalePrice(ctx, c)));
        };
        if (!visit(action, text)) return;
      }
    }
    mailrun::v1::Action redeem;
    redeem.mutable_redeem_share()->set_company(name);
    if (CheckRedeemShare(ctx, seat, redeem.redeem_share(), Refuse::Bare()).ok()) {
      if (!visit(redeem, [&] { return fmt::format("Redeem {} for {}", ShareOf(name), Money(ctx.Def(c).par)); })) {
        return;
      }
    }
  }
}

}  // namespace

void ListDealingActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  if (!InDealingTurn(ctx, seat)) return;
  EachDealingTrade(ctx, seat, [&](const mailrun::v1::Action& action, const auto& text) {
    AddLegal(out, seat, action, text());
    return true;
  });
  if (ValidateEndDealingTurn(ctx, seat).ok()) {
    mailrun::v1::Action end;
    end.mutable_end_dealing_turn();
    AddLegal(out, seat, std::move(end),
             std::string(ctx.state.dealing.bought_this_turn ? "End your turn" : "Pass (decline to buy)"));
  }
}

bool OnlyEndDealingTurnLegal(const Context& ctx, int seat) {
  if (!InDealingTurn(ctx, seat)) return false;
  bool trade = false;
  EachDealingTrade(ctx, seat, [&](const mailrun::v1::Action&, const auto&) {
    trade = true;
    return false;
  });
  return !trade && ValidateEndDealingTurn(ctx, seat).ok();
}

}  // namespace mailrun::engine::t1853
