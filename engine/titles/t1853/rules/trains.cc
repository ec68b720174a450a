#include "engine/titles/t1853/rules/trains.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/share_ledger.h"

namespace mailrun::engine::t1853 {
namespace {

const TrainDef* FindTrain(const EditionData& data, const std::string& name) {
  for (const TrainDef& train : data.trains) {
    if (train.name == name) return &train;
  }
  return nullptr;
}

// The bank's card type a train is bought from: a '1M' is a '2/1M' card bought as a 1M (2.8.4).
std::string CardType(const std::string& name) { return name == "1M" ? "2" : name; }

int TrainLimit(const Context& ctx) { return engine::TrainLimit(ctx.data.phases, ctx.state.phase); }

// 4.8.4: obsolete trains leave the game (the core's rusting).
bool Obsolete(const Context& ctx, const TrainDef& def) { return Rusted(def, ctx.state.phase); }

// 4.8.17: in the first railway round only, with the 2/1M cards sold out and no '3' bought yet,
// any company may buy more 2 (or, minors, 1M) trains.
bool FirstRoundExtraOption(const Context& ctx) {
  const GameState& s = ctx.state;
  return s.minor_formed_in_first_round && s.railway.number == 1 && !s.first_three_bought &&
         s.trains_left.count("2") && s.trains_left.at("2") == 0;
}

int Left(const Context& ctx, const std::string& card) {
  const auto it = ctx.state.trains_left.find(card);
  return it == ctx.state.trains_left.end() ? 0 : it->second;
}

// Broad-gauge trains are bought in order of size (4.8.3): the smaller type still in the bank's
// stock that holds `def` back, or null. Once a '5' has been bought the '6' is on sale beside the
// remaining 5s.
const TrainDef* HeldBackBy(const Context& ctx, const TrainDef& def) {
  if (def.name == "6") {
    const auto bought = ctx.state.trains_next_serial.find("5");
    return bought != ctx.state.trains_next_serial.end() && bought->second > 0 ? nullptr : FindTrain(ctx.data, "5");
  }
  for (const TrainDef& other : ctx.data.trains) {
    if (other.gauge == Gauge::kBroad && other.large_stations < def.large_stations && Left(ctx, other.name) > 0) {
      return &other;
    }
  }
  return nullptr;
}

// 4.8.17: why no more 2/1M cards can be bought once the seven are gone.
Error NoMoreTwoOneM(const Context& ctx) {
  if (ctx.state.railway.number == 1) {
    return Illegal("1853.refusal.trains.first_3_been_bought_no", "4.8.17", "the first '3' has been bought: no more 2/1M trains are added");
  }
  return Illegal("1853.refusal.trains.seven_2_1m_trains_sold", "4.8.17", "the seven 2/1M trains are sold: more are added only in the first railway round");
}

// A train back in the bank (4.8.6, 4.8.10) that can be bought as `name`: a returned 2/1M card
// is again either face (2.8.4).
std::vector<TrainCard>::const_iterator ReturnedTrain(const Context& ctx, const std::string& name) {
  const auto& returned = ctx.state.returned_trains;
  return std::find_if(returned.begin(), returned.end(),
                      [&](const TrainCard& card) { return CardType(card.name) == CardType(name); });
}

bool IsReturnedTrain(const Context& ctx, const std::string& name) {
  return ReturnedTrain(ctx, name) != ctx.state.returned_trains.end();
}

// 4.8.19: a metre-gauge train of this type on sale from the bank now, new or returned.
bool MetreTrainOnSale(const Context& ctx, const TrainDef& def) {
  if (def.name == "1M" && !ctx.state.minor_formed_in_first_round) return false;  // 4.8.16
  return Left(ctx, CardType(def.name)) > 0 || IsReturnedTrain(ctx, def.name);
}

struct PurchaseCheck {
  const TrainDef* def = nullptr;
  bool from_returned = false;  // 4.8.6: an excess train back in the bank
  bool extra_card = false;     // 4.8.17: an additional 2/1M card
};

Result<PurchaseCheck> CheckAvailability(const Context& ctx, int company, const mailrun::v1::BuyTrain& action,
                                        const Refuse& refuse) {
  const GameState& s = ctx.state;
  const CompanyState& c = s.companies[company];
  PurchaseCheck check;
  check.def = FindTrain(ctx.data, action.train());
  if (!check.def) return refuse([&] { return Malformed("1853.refusal.trains.there_no_train", fmt::format("there is no train '{}'", action.train())).With({param::Text("train", action.train())}); });
  const TrainDef& def = *check.def;
  if (Obsolete(ctx, def)) return refuse([&] { return Illegal("1853.refusal.trains.trains_obsolete", "4.8.4", fmt::format("'{}' trains are obsolete", def.name)).With({param::Train("train", def.name)}); });
  if (action.use_special_token() && (c.major || !c.special_token)) {
    return refuse([&] { return Illegal("1853.refusal.trains.company_no_special_token", "4.8.19", "the company has no special token"); });
  }
  if (def.name == "1M") {
    if (c.major) return refuse([&] { return Illegal("1853.refusal.trains.only_minor_companies_buy_1m", "4.8.18", "only minor companies may buy '1M' trains"); });
    if (!s.minor_formed_in_first_round) {
      return refuse([&] { return Illegal("1853.refusal.trains.1m_trains_game_only_if", "4.8.16", "'1M' trains are in the game only if a minor formed in the first dealing round"); });
    }
  }
  if (def.gauge == Gauge::kMetre && c.major && s.phase < 2) {
    return refuse([&] { return Illegal("1853.refusal.trains.metre_gauge_trains_not_sale", "4.8.15",
                   fmt::format("metre-gauge trains are not on sale to major companies before phase {}", ctx.data.PhaseShown(2))).With({param::Count("phase", ctx.data.PhaseShown(2))}); });
  }
  if (action.use_special_token()) {
    if (s.railway.number == 1) return refuse([&] { return Illegal("1853.refusal.trains.special_token_not_used_first", "4.8.19", "the special token may not be used in the first railway round"); });
    if (def.gauge != Gauge::kMetre || def.phase_introduced != s.phase + 1) {
      return refuse([&] { return Illegal("1853.refusal.trains.special_token_buys_metre_gauge", "4.8.19", "the special token buys a metre-gauge train of the next phase"); });
    }
    for (const TrainDef& other : ctx.data.trains) {
      if (other.gauge != Gauge::kMetre || other.phase_introduced > s.phase || Obsolete(ctx, other)) continue;
      if (MetreTrainOnSale(ctx, other)) {
        return refuse([&] { return Illegal("1853.refusal.trains.trains_still_sale_special_token", "4.8.19", fmt::format("'{}' trains are still on sale: the special token is for when no "
                                             "metre-gauge train of the current phase is left",
                                             other.name)).With({param::Train("train", other.name)}); });
      }
    }
    if (Left(ctx, def.name) == 0) return refuse([&] { return Illegal("1853.refusal.trains.no_train_left", "4.8.19", fmt::format("no '{}' train is left", def.name)).With({param::Train("train", def.name)}); });
    return check;
  }
  if (IsReturnedTrain(ctx, def.name)) {
    check.from_returned = true;
    return check;
  }
  if (def.phase_introduced > s.phase && !def.starts_phase) {
    return refuse([&] { return Illegal("1853.refusal.trains.trains_not_sale_before_phase", def.gauge == Gauge::kMetre ? "4.8.13" : "4.8.3",
                   fmt::format("'{}' trains are not on sale before phase {}", def.name, ctx.data.PhaseShown(def.phase_introduced))).With({param::Train("train", def.name), param::Count("phase", ctx.data.PhaseShown(def.phase_introduced))}); });
  }
  if (def.gauge == Gauge::kMetre) {
    if (def.name == "1M") {
      if (Left(ctx, "2") > 0) return check;
      if (FirstRoundExtraOption(ctx)) {
        check.extra_card = true;
        return check;
      }
      return refuse([&] { return NoMoreTwoOneM(ctx); });
    }
    if (Left(ctx, def.name) == 0) return refuse([&] { return Illegal("1853.refusal.trains.no_train_left", "4.8.12", fmt::format("no '{}' train is left", def.name)).With({param::Train("train", def.name)}); });
    return check;
  }
  if (def.name == "2" && Left(ctx, "2") == 0 && s.minor_formed_in_first_round) {
    if (!FirstRoundExtraOption(ctx)) return refuse([&] { return NoMoreTwoOneM(ctx); });
    check.extra_card = true;
    return check;
  }
  if (Left(ctx, def.name) == 0) return refuse([&] { return Illegal("1853.refusal.trains.no_train_left", "4.8.3", fmt::format("no '{}' train is left", def.name)).With({param::Train("train", def.name)}); });
  if (const TrainDef* held_back = HeldBackBy(ctx, def)) {
    if (held_back->name == "2" && s.minor_formed_in_first_round) {
      return refuse([&] { return Illegal("1853.refusal.trains.all_seven_2_1m_trains", "4.8.16", fmt::format("all seven 2/1M trains must be bought before the first '3' ({} left)",
                                           Left(ctx, "2"))).With({param::Count("left", Left(ctx, "2"))}); });
    }
    if (def.name == "6") return refuse([&] { return Illegal("1853.refusal.trains.6_trains_sale_once_first", "4.8.3", "the '6' trains are on sale once the first '5' has been bought"); });
    return refuse([&] { return Illegal("1853.refusal.trains.broad_gauge_trains_bought_order", "4.8.3", fmt::format("broad-gauge trains are bought in order: the '{}' trains come first",
                                        held_back->name)).With({param::Train("train", held_back->name)}); });
  }
  return check;
}

std::string NextCardId(GameState& s, const std::string& card) {
  const int serial = ++s.trains_next_serial[card];
  return fmt::format("{}-{}", card, serial);
}

// 4.8.6: one of the company's trains goes back to the bank without payment, on sale there at full
// price beside the trains on offer.
void ReturnToBank(Context& ctx, int company, std::vector<TrainCard>::iterator train) {
  auto& trains = ctx.state.companies[company].trains;
  ctx.Say("1853.log.trains.returns_excess_train", "The {company} returns an excess '{train}' train to the bank ({rule})", {param::Company("company", ctx.Initials(company)), param::Train("train", train->name), param::Rule("rule", "4.8.6")});
  TrainCard returned = *train;
  returned.on_credit = false;
  ctx.state.returned_trains.push_back(returned);
  trains.erase(train);
}

// Whether returning any of these trains comes to the same: one type, all paid for or all not.
bool AllAlike(const std::vector<TrainCard>& trains) {
  return std::all_of(trains.begin(), trains.end(), [&](const TrainCard& t) {
    return t.name == trains.front().name && t.on_credit == trains.front().on_credit;
  });
}

// 4.10.1: the first train of a new type starts a phase: obsolete trains leave the game (4.8.4); trains over the new limit go back to
// the bank (4.8.6), chosen by the company's director or manager (docs/rulings.md #14) unless they
// are all alike.
void EnterPhase(Context& ctx, int phase) {
  GameState& s = ctx.state;
  s.phase = phase;
  ctx.Say("1853.log.trains.phase_begins", "Phase {phase} begins ({rule})", {param::Count("phase", ctx.data.PhaseShown(phase)), param::Rule("rule", "4.10")});
  for (int company = 0; company < kCompanies; ++company) {
    auto& trains = s.companies[company].trains;
    for (auto it = trains.begin(); it != trains.end();) {
      const TrainDef* def = FindTrain(ctx.data, it->name);
      if (def && Obsolete(ctx, *def)) {
        ctx.Say("1853.log.trains.loses_obsolete_train", "The {company} loses its obsolete '{train}' train ({rule})", {param::Company("company", ctx.Initials(company)), param::Train("train", it->name), param::Rule("rule", "4.8.4")});
        it = trains.erase(it);
      } else {
        ++it;
      }
    }
    while (static_cast<int>(trains.size()) > TrainLimit(ctx) && AllAlike(trains)) {
      ReturnToBank(ctx, company, trains.end() - 1);
    }
  }
  // Trains in the bank that are now obsolete leave the game too.
  for (auto& [name, left] : s.trains_left) {
    const TrainDef* def = FindTrain(ctx.data, name);
    if (def && Obsolete(ctx, *def)) left = 0;
  }
  std::erase_if(s.returned_trains, [&](const TrainCard& card) {
    const TrainDef* def = FindTrain(ctx.data, card.name);
    return def && Obsolete(ctx, *def);
  });
}

bool OperatingController(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kRailway && ctx.state.railway.step == TurnStep::kBuyTrains &&
         OperatingSeat(ctx) == seat && !ctx.state.offer && ctx.state.pending_credit_settlements.empty() &&
         CompanyWithExcessTrains(ctx) < 0;
}

// 4.8.1: trains are bought at the end of the company's turn.
Error NotBuyingNow(const Context& ctx, int seat) { return NotAtStep(ctx, seat, TurnStep::kBuyTrains); }

std::optional<int> CompanyIndex(const Context& ctx, const std::string& initials) {
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.Initials(c) == initials) return c;
  }
  return std::nullopt;
}

bool HasCreditTrain(const CompanyState& c) {
  return std::any_of(c.trains.begin(), c.trains.end(), [](const TrainCard& t) { return t.on_credit; });
}

}  // namespace

void SetUpTrainStock(GameState& state, const EditionData& data) {
  for (const TrainDef& train : data.trains) {
    if (train.name == "1M") continue;  // bought as a 2/1M card (2.8.4)
    state.trains_left[train.name] = train.count;
  }
}

void AddFirstRoundTrainMix(Context& ctx) {
  if (!ctx.state.minor_formed_in_first_round) return;
  for (const TrainDef& train : ctx.data.trains) {
    if (train.name == "1M") continue;
    ctx.state.trains_left[train.name] += train.count_if_minor_formed - train.count;
  }
  ctx.Say("1853.log.trains.minor_formed_more_trains", "A minor company formed: one more '2', '2M' and '3M' join the trains, and minors may buy the 2 cards as '1M' trains ({rule})", {param::Rule("rule", "2.8.4")});
}

int TrainsInBank(const Context& ctx, const TrainDef& def) {
  const std::string type = CardType(def.name);
  int count = Left(ctx, type);
  for (const TrainCard& card : ctx.state.returned_trains) count += CardType(card.name) == type ? 1 : 0;
  return count;
}

bool TrainOnSale(const Context& ctx, const TrainDef& def) {
  const GameState& s = ctx.state;
  if (Obsolete(ctx, def)) return false;
  if (def.name == "1M" && !s.minor_formed_in_first_round) return false;  // 4.8.16
  if (IsReturnedTrain(ctx, def.name)) return true;                       // 4.8.6
  if (CardType(def.name) == "2" && Left(ctx, "2") == 0) return FirstRoundExtraOption(ctx);  // 4.8.17
  if (Left(ctx, CardType(def.name)) == 0) return false;
  if (def.gauge == Gauge::kMetre) return def.phase_introduced <= s.phase;  // 4.8.12, 4.8.13
  return HeldBackBy(ctx, def) == nullptr;                                  // 4.8.3
}

namespace {

// 4.8.2: a new train from the bank at its card price; several may be bought, one at a time. No
// action sells a train back to the bank (4.8.7).
Status ValidateBuy(const Context& ctx, int seat, const mailrun::v1::BuyTrain& action, const Refuse& refuse) {
  if (!OperatingController(ctx, seat)) return refuse([&] { return NotBuyingNow(ctx, seat); });
  const int company = ctx.state.railway.company;
  const CompanyState& c = ctx.state.companies[company];
  auto check = CheckAvailability(ctx, company, action, refuse);
  if (!check.ok()) return check.error();
  const TrainDef& def = *check->def;
  // 4.8.5: the phase's limit, metre trains included (4.8.14).
  if (static_cast<int>(c.trains.size()) >= TrainLimit(ctx)) {
    return refuse([&] { return Illegal("1853.refusal.trains.already_owns_trains_limit_phase", "4.8.5", fmt::format("the {} already owns {} trains, the limit in phase {}", ctx.Initials(company),
                                        c.trains.size(), ctx.data.PhaseShown(ctx.state.phase))).With({param::Company("company", ctx.Initials(company)), param::Count("count", c.trains.size()), param::Count("phase", ctx.data.PhaseShown(ctx.state.phase))}); });
  }
  if (action.director_gift() < 0) return refuse([&] { return Malformed("1853.refusal.trains.gift_not_negative", "a gift may not be negative"); });
  if (action.on_credit()) {
    // 3.4.3, 4.8.10: a manager's new train from the bank; "Only ONE such train may be held". That
    // is the whole condition: the company may own other trains and may have the money
    // (docs/rulings.md #24). Any new train on sale, broad or metre (3.4.4).
    if (c.director >= 0 || c.manager != seat) return refuse([&] { return Illegal("1853.refusal.trains.only_manager_buy_train_credit", "3.4.3", "only a manager may buy a train on credit"); });
    if (check->from_returned) return refuse([&] { return Illegal("1853.refusal.trains.train_credit_must_new_train", "3.4.3", "a train on credit must be a new train from the bank"); });
    if (HasCreditTrain(c)) return refuse([&] { return Illegal("1853.refusal.trains.only_one_train_held_credit", "3.4.3", "only one train may be held on credit"); });
    if (action.director_gift() > 0) return refuse([&] { return Illegal("1853.refusal.trains.manager_not_give_money_company", "4.8.8", "a manager may not give money to the company"); });
    return OkStatus();
  }
  if (action.director_gift() > 0) {
    if (c.director != seat) return refuse([&] { return Illegal("1853.refusal.trains.only_director_give_money_complete", "4.8.8", "only the director may give money to complete a purchase"); });
    if (c.treasury >= def.price) return refuse([&] { return Illegal("1853.refusal.trains.company_can_pay_train_itself", "4.8.8", "the company can pay for this train itself: no gift allowed"); });
    if (action.director_gift() != def.price - c.treasury) {
      return refuse([&] { return Illegal("1853.refusal.trains.gift_must_make_up_exactly", "4.8.8", fmt::format("the gift must make up exactly the balance of {}, emptying the treasury",
                                          Money(def.price - c.treasury))).With({param::Amount("balance", def.price - c.treasury)}); });
    }
    if (ctx.state.players[seat].cash < action.director_gift()) {
      return refuse([&] { return Illegal("1853.refusal.trains.you_only", "4.8.8", fmt::format("you have only {}", Money(ctx.state.players[seat].cash))).With({param::Amount("cash", ctx.state.players[seat].cash)}); });
    }
    return OkStatus();
  }
  if (c.treasury < def.price) {
    return refuse([&] {
      return Illegal("1853.refusal.trains.train_costs", "4.8.2", fmt::format("a '{}' train costs {}; the {} has {}", def.name, Money(def.price),
                                          ctx.Initials(company), Money(c.treasury)))
          .With({param::Train("train", def.name), param::Amount("price", def.price),
                 param::Company("company", ctx.Initials(company)), param::Amount("treasury", c.treasury)});
    });
  }
  return OkStatus();
}

}  // namespace

Status ValidateBuyTrain(const Context& ctx, int seat, const mailrun::v1::BuyTrain& action) {
  return ValidateBuy(ctx, seat, action, Refuse::Worded());
}

void ExecuteBuyTrain(Context& ctx, int seat, const mailrun::v1::BuyTrain& action) {
  GameState& s = ctx.state;
  const int company = s.railway.company;
  CompanyState& c = s.companies[company];
  const PurchaseCheck check = *CheckAvailability(ctx, company, action, Refuse::Bare());
  const TrainDef& def = *check.def;
  TrainCard card;
  if (check.from_returned) {
    const auto it = ReturnedTrain(ctx, def.name);
    card = *it;
    card.name = def.name;
    s.returned_trains.erase(it);
  } else {
    const std::string type = CardType(def.name);
    if (!check.extra_card) --s.trains_left[type];
    card.id = NextCardId(s, type);
    card.name = def.name;
  }
  std::string paid;
  if (action.on_credit()) {
    card.on_credit = true;
    paid = "on credit (3.4.3)";
  } else {
    const int gift = action.director_gift();
    if (gift > 0) DirectorGives(ctx, seat, company, gift);
    CompanyPays(ctx, company, def.price);
    paid = gift > 0 ? fmt::format("for {}, {} of it a gift from {} (4.8.8)", Money(def.price), Money(gift), ctx.Name(seat))
                    : fmt::format("for {}", Money(def.price));
  }
  if (action.use_special_token()) {
    c.special_token = false;
    paid += ", using its special token (4.8.19)";
  }
  c.trains.push_back(card);
  s.railway.trains_bought = true;
  ctx.Say("1853.log.trains.buys_train", "The {company} buys a '{train}' train {paid} (treasury {treasury})", {param::Company("company", ctx.Initials(company)), param::Train("train", def.name), param::Text("paid", paid), param::Amount("treasury", c.treasury)});
  if (def.name == "3") s.first_three_bought = true;
  // 4.10.1: the first train of the type that introduces a later phase starts it; 4.8.11: a metre
  // train never does (no phase is introduced by one), nor one bought with the special token.
  if (const auto next = PhaseStartedBy(ctx.data.phases, s.phase, def.name); next && !action.use_special_token()) {
    EnterPhase(ctx, *next);
  }
}

namespace {

Status ValidateOffer(const Context& ctx, int seat, const mailrun::v1::OfferTrain& action, const Refuse& refuse) {
  if (!OperatingController(ctx, seat)) return refuse([&] { return NotBuyingNow(ctx, seat); });
  const GameState& s = ctx.state;
  const int buyer = s.railway.company;
  const auto seller = CompanyIndex(ctx, action.from_company());
  if (!seller) return refuse([&] { return Malformed("1853.refusal.trains.there_no_company", fmt::format("there is no company '{}'", action.from_company())).With({param::Text("company", action.from_company())}); });
  if (*seller == buyer) return refuse([&] { return Illegal("1853.refusal.trains.company_cannot_buy_own_train", "4.8.9", "a company cannot buy its own train"); });
  const CompanyState& from = s.companies[*seller];
  const auto train = std::find_if(from.trains.begin(), from.trains.end(),
                                  [&](const TrainCard& t) { return t.id == action.train_id(); });
  if (train == from.trains.end()) {
    return refuse([&] { return Illegal("1853.refusal.trains.no_train", "4.8.9", fmt::format("the {} has no train '{}'", action.from_company(), action.train_id())).With({param::Company("company", action.from_company()), param::Text("train", action.train_id())}); });
  }
  if (train->on_credit) return refuse([&] { return Illegal("1853.refusal.trains.train_must_fully_paid_before", "3.4.5", "a train must be fully paid for before it may be sold"); });
  if (train->name == "1M" && s.companies[buyer].major) {
    return refuse([&] { return Illegal("1853.refusal.trains.major_company_not_buy_1m", "4.8.18", "a major company may not buy a '1M' train"); });
  }
  if (action.price() < 10) return refuse([&] { return Illegal("1853.refusal.trains.price_must_least_10", "4.8.9", "the price must be at least £10"); });
  if (action.price() > s.companies[buyer].treasury) {
    return refuse([&] { return Illegal("1853.refusal.trains.only", "4.8.9", fmt::format("the {} has only {}", ctx.Initials(buyer), Money(s.companies[buyer].treasury))).With({param::Company("company", ctx.Initials(buyer)), param::Amount("treasury", s.companies[buyer].treasury)}); });
  }
  if (static_cast<int>(s.companies[buyer].trains.size()) >= TrainLimit(ctx)) {
    return refuse([&] { return Illegal("1853.refusal.trains.train_limit", "4.8.5", fmt::format("the {} is at its train limit", ctx.Initials(buyer))).With({param::Company("company", ctx.Initials(buyer))}); });
  }
  // 4.8.15 makes no exception for trains bought from another company (docs/rulings.md #30).
  if (const TrainDef* def = FindTrain(ctx.data, train->name);
      def && def->gauge == Gauge::kMetre && s.companies[buyer].major && s.phase < 2) {
    return refuse([&] { return Illegal("1853.refusal.trains.metre_gauge_trains_not_available", "4.8.15",
                   fmt::format("metre-gauge trains are not available to major companies before phase {}, from the bank "
                               "or from another company", ctx.data.PhaseShown(2))).With({param::Count("phase", ctx.data.PhaseShown(2))}); });
  }
  if (Controller(ctx, *seller) < 0) return refuse([&] { return Illegal("1853.refusal.trains.selling_company_nobody_agree", "4.8.9", "the selling company has nobody to agree"); });
  return OkStatus();
}

}  // namespace

Status ValidateOfferTrain(const Context& ctx, int seat, const mailrun::v1::OfferTrain& action) {
  return ValidateOffer(ctx, seat, action, Refuse::Worded());
}

void ExecuteOfferTrain(Context& ctx, int seat, const mailrun::v1::OfferTrain& action) {
  PendingOffer offer;
  offer.kind = PendingOffer::Kind::kTrain;
  offer.from_seat = seat;
  offer.buying_company = ctx.state.railway.company;
  offer.selling_company = *CompanyIndex(ctx, action.from_company());
  offer.to_seat = Controller(ctx, offer.selling_company);
  offer.price = action.price();
  offer.train_id = action.train_id();
  ctx.Say("1853.log.trains.offers_for_train", "The {buyer} offers the {seller} {price} for its train {train_id}", {param::Company("buyer", ctx.Initials(offer.buying_company)), param::Company("seller", action.from_company()), param::Amount("price", action.price()), param::Text("train_id", action.train_id())});
  if (offer.to_seat == seat) {
    ResolveTrainOffer(ctx, offer, true);  // both companies have the same director: agreed
    return;
  }
  ctx.state.offer = offer;
}

Status ValidateTrainOfferAcceptance(const Context& ctx) {
  const PendingOffer& offer = *ctx.state.offer;
  const CompanyState& buyer = ctx.state.companies[offer.buying_company];
  if (buyer.treasury < offer.price) return Illegal("1853.refusal.trains.buying_company_can_no_longer", "4.8.9", "the buying company can no longer pay the price");
  return OkStatus();
}

void ResolveTrainOffer(Context& ctx, const PendingOffer& offer, bool accepted) {
  GameState& s = ctx.state;
  if (!accepted) {
    ctx.Say("1853.log.trains.declines_to_sell", "The {company} declines to sell", {param::Company("company", ctx.Initials(offer.selling_company))});
    return;
  }
  CompanyState& buyer = s.companies[offer.buying_company];
  CompanyState& seller = s.companies[offer.selling_company];
  auto it = std::find_if(seller.trains.begin(), seller.trains.end(),
                         [&](const TrainCard& t) { return t.id == offer.train_id; });
  buyer.trains.push_back(*it);
  seller.trains.erase(it);
  buyer.treasury -= offer.price;
  seller.treasury += offer.price;
  s.railway.trains_bought = true;
  ctx.Say("1853.log.trains.buys_train_from_company", "The {buyer} buys train {train_id} from the {seller} for {price} ({rule})", {param::Company("buyer", ctx.Initials(offer.buying_company)), param::Text("train_id", offer.train_id), param::Company("seller", ctx.Initials(offer.selling_company)), param::Amount("price", offer.price), param::Rule("rule", "4.8.9")});
}

Status ValidateSettleCreditTrain(const Context& ctx, int seat, const mailrun::v1::SettleCreditTrain& action) {
  const GameState& s = ctx.state;
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return Malformed("1853.refusal.trains.there_no_company_2", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())});
  const CompanyState& c = s.companies[*company];
  const auto credit = std::find_if(c.trains.begin(), c.trains.end(), [](const TrainCard& t) { return t.on_credit; });
  if (credit == c.trains.end()) return Illegal("1853.refusal.trains.owes_nothing_train", "4.8.10", fmt::format("the {} owes nothing for a train", action.company())).With({param::Company("company", action.company())});
  const bool forced = !s.pending_credit_settlements.empty() && s.pending_credit_settlements.front().first == *company &&
                      s.pending_credit_settlements.front().second == seat;
  const bool own_turn = OperatingController(ctx, seat) && s.railway.company == *company;
  if (!forced && !own_turn && s.railway.company == *company && OperatingSeat(ctx) == seat) {
    return NotBuyingNow(ctx, seat);  // its turn, at another step
  }
  if (!forced && !own_turn) {
    return OutOfTurn("1853.refusal.trains.credit_train_paid_off_company", "4.8.10",
                 "a credit train is paid off in the company's turn, or by a new director at once");
  }
  if (!action.pay()) {
    if (!forced) return Illegal("1853.refusal.trains.only_new_director_return_train", "4.8.10", "only a new director may return a train bought on credit");
    if (action.director_gift() != 0) return Illegal("1853.refusal.trains.no_gift_when_returning_train", "4.8.8", "no gift when returning a train");
    return OkStatus();
  }
  const int price = FindTrain(ctx.data, credit->name)->price;
  const int gift = action.director_gift();
  if (gift < 0) return Malformed("1853.refusal.trains.gift_not_negative", "a gift may not be negative");
  if (gift > 0) {
    if (c.director != seat) return Illegal("1853.refusal.trains.only_director_give_money_complete", "4.8.8", "only the director may give money to complete a purchase");
    if (gift != price - c.treasury || c.treasury >= price) {
      return Illegal("1853.refusal.trains.gift_must_make_up_exactly_2", "4.8.8", fmt::format("the gift must make up exactly the balance of {}", Money(price - c.treasury))).With({param::Amount("balance", price - c.treasury)});
    }
    if (s.players[seat].cash < gift) return Illegal("1853.refusal.trains.you_only_2", "4.8.8", fmt::format("you have only {}", Money(s.players[seat].cash))).With({param::Amount("cash", s.players[seat].cash)});
  } else if (c.treasury < price) {
    return Illegal("1853.refusal.trains.train_costs_2", "4.8.10", fmt::format("the train costs {}; the {} has {}", Money(price), action.company(),
                                         Money(c.treasury)))
        .With({param::Amount("price", price), param::Company("company", action.company()),
               param::Amount("treasury", c.treasury)});
  }
  return OkStatus();
}

void ExecuteSettleCreditTrain(Context& ctx, int seat, const mailrun::v1::SettleCreditTrain& action) {
  GameState& s = ctx.state;
  const int company = *CompanyIndex(ctx, action.company());
  CompanyState& c = s.companies[company];
  auto credit = std::find_if(c.trains.begin(), c.trains.end(), [](const TrainCard& t) { return t.on_credit; });
  if (!s.pending_credit_settlements.empty() && s.pending_credit_settlements.front().first == company) {
    s.pending_credit_settlements.erase(s.pending_credit_settlements.begin());
  }
  if (!action.pay()) {
    // Back in the bank like an excess train (4.8.6): on sale at full price beside the trains on
    // offer, not ahead of them in the order of 4.8.3 (docs/rulings.md).
    TrainCard card = *credit;
    card.on_credit = false;
    c.trains.erase(credit);
    s.returned_trains.push_back(card);
    ctx.Say("1853.log.trains.returns_credit_train", "{seat} returns the {company}'s '{train}' train bought on credit to the bank ({rule})", {param::Seat("seat", seat), param::Company("company", action.company()), param::Train("train", card.name), param::Rule("rule", "4.8.10")});
    return;
  }
  const int price = FindTrain(ctx.data, credit->name)->price;
  if (action.director_gift() > 0) DirectorGives(ctx, seat, company, action.director_gift());
  CompanyPays(ctx, company, price);
  credit->on_credit = false;
  ctx.Say("1853.log.trains.pays_for_credit_train", "The {company} pays {amount} for its '{train}' train bought on credit (treasury {treasury})", {param::Company("company", action.company()), param::Amount("amount", price), param::Train("train", credit->name), param::Amount("treasury", c.treasury)});
}

int CompanyWithExcessTrains(const Context& ctx) {
  if (ctx.state.stage != Stage::kRailway) return -1;
  for (int c = 0; c < kCompanies; ++c) {
    if (static_cast<int>(ctx.state.companies[c].trains.size()) > TrainLimit(ctx)) return c;
  }
  return -1;
}

Status ValidateReturnExcessTrain(const Context& ctx, int seat, const mailrun::v1::ReturnExcessTrain& action) {
  const auto company = CompanyIndex(ctx, action.company());
  if (!company) return Malformed("1853.refusal.trains.there_no_company_2", fmt::format("there is no company '{}'", action.company())).With({param::Text("company", action.company())});
  const int excess = CompanyWithExcessTrains(ctx);
  if (excess < 0) return Illegal("1853.refusal.trains.no_company_owns_more_trains", "4.8.6", "no company owns more trains than the phase allows");
  if (excess != *company) {
    return Illegal("1853.refusal.trains.no_train_over_limit_returns", "4.8.6", fmt::format("the {} has no train over its limit; the {} returns one first",
                                        action.company(), ctx.Initials(excess))).With({param::Company("company", action.company()), param::Company("excess", ctx.Initials(excess))});
  }
  if (Controller(ctx, excess) != seat) {
    return OutOfTurn("1853.refusal.trains.chooses_which_s_trains_goes", "4.8.6",
                 fmt::format("{} chooses which of the {}'s trains goes back", ctx.Name(Controller(ctx, excess)),
                             action.company())).With({param::Seat("seat", Controller(ctx, excess)), param::Company("company", action.company())});
  }
  const auto& trains = ctx.state.companies[excess].trains;
  if (std::none_of(trains.begin(), trains.end(), [&](const TrainCard& t) { return t.id == action.train_id(); })) {
    return Illegal("1853.refusal.trains.no_train_2", "4.8.6", fmt::format("the {} has no train '{}'", action.company(), action.train_id())).With({param::Company("company", action.company()), param::Text("train", action.train_id())});
  }
  return OkStatus();
}

void ExecuteReturnExcessTrain(Context& ctx, int seat, const mailrun::v1::ReturnExcessTrain& action) {
  const int company = *CompanyIndex(ctx, action.company());
  auto& trains = ctx.state.companies[company].trains;
  ctx.Say("1853.log.trains.chooses_train_given_up", "{seat} chooses the train the {company} gives up ({rule})", {param::Seat("seat", seat), param::Company("company", action.company()), param::Rule("rule", "4.8.6")});
  ReturnToBank(ctx, company, std::find_if(trains.begin(), trains.end(),
                                          [&](const TrainCard& t) { return t.id == action.train_id(); }));
  while (static_cast<int>(trains.size()) > TrainLimit(ctx) && AllAlike(trains)) {
    ReturnToBank(ctx, company, trains.end() - 1);
  }
}

void ListExcessTrainActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  const int company = CompanyWithExcessTrains(ctx);
  if (company < 0 || Controller(ctx, company) != seat) return;
  for (const TrainCard& train : ctx.state.companies[company].trains) {
    mailrun::v1::Action action;
    action.mutable_return_excess_train()->set_company(ctx.Initials(company));
    action.mutable_return_excess_train()->set_train_id(train.id);
    AddLegal(out, seat, std::move(action),
             fmt::format("Return the {}'s '{}' train ({}{}) to the bank (4.8.6)", ctx.Initials(company), train.name,
                         train.id, train.on_credit ? ", bought on credit" : ""));
  }
}

Status ValidateEndTrainStep(const Context&) { return OkStatus(); }

void FinishTrainStep(Context&) {}

namespace {

// Each legal action of the train step in listing order: visit(action, text, min, max), `text` a
// callable that describes it (only a listing pays for the words). Stops when visit returns false.
template <typename Visit>
void EachTrainAction(const Context& ctx, int seat, Visit&& visit) {
  if (!OperatingController(ctx, seat)) return;
  const GameState& s = ctx.state;
  const int company = s.railway.company;
  const CompanyState& c = s.companies[company];
  const Refuse bare = Refuse::Bare();  // each candidate is only kept or passed over
  for (const TrainDef& def : ctx.data.trains) {
    for (bool token : {false, true}) {
      mailrun::v1::Action action;
      auto* buy = action.mutable_buy_train();
      buy->set_train(def.name);
      buy->set_use_special_token(token);
      // A train not on sale (4.8.3 - 4.8.19) is refused to all three ways of paying for it below:
      // what is on sale depends on the train and the token alone.
      if (!CheckAvailability(ctx, company, *buy, bare).ok()) continue;
      const char* suffix = token ? " with the special token" : "";
      if (ValidateBuy(ctx, seat, *buy, bare).ok()) {
        if (!visit(action, [&] { return fmt::format("Buy a '{}' train for {}{}", def.name, Money(def.price), suffix); },
                   0, 0)) {
          return;
        }
      } else if (buy->set_director_gift(def.price - c.treasury); ValidateBuy(ctx, seat, *buy, bare).ok()) {
        const auto text = [&] {
          return fmt::format("Buy a '{}' train for {}, giving {} of your own (4.8.8){}", def.name, Money(def.price),
                             Money(def.price - c.treasury), suffix);
        };
        if (!visit(action, text, 0, 0)) return;
      }
      buy->set_director_gift(0);
      buy->set_on_credit(true);
      if (ValidateBuy(ctx, seat, *buy, bare).ok()) {
        if (!visit(action, [&] { return fmt::format("Buy a '{}' train on credit (3.4.3){}", def.name, suffix); }, 0,
                   0)) {
          return;
        }
      }
    }
  }
  for (int other = 0; other < kCompanies; ++other) {
    if (other == company) continue;
    for (const TrainCard& train : s.companies[other].trains) {
      mailrun::v1::Action action;
      auto* offer = action.mutable_offer_train();
      offer->set_from_company(ctx.Initials(other));
      offer->set_train_id(train.id);
      offer->set_price(10);
      if (ValidateOffer(ctx, seat, *offer, bare).ok()) {
        const auto text = [&] {
          return fmt::format("Offer to buy the {}'s '{}' train ({})", ctx.Initials(other), train.name, train.id);
        };
        if (!visit(action, text, 10, c.treasury)) return;
      }
    }
  }
  if (HasCreditTrain(c)) {
    mailrun::v1::Action action;
    action.mutable_settle_credit_train()->set_company(ctx.Initials(company));
    action.mutable_settle_credit_train()->set_pay(true);
    if (ValidateSettleCreditTrain(ctx, seat, action.settle_credit_train()).ok()) {
      visit(action, [] { return std::string("Pay off the train bought on credit"); }, 0, 0);
    }
  }
}

}  // namespace

void ListTrainActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  EachTrainAction(ctx, seat, [&](const mailrun::v1::Action& action, const auto& text, int64_t min, int64_t max) {
    AddLegal(out, seat, action, text(), min, max);
    return true;
  });
}

bool AnyTrainAction(const Context& ctx, int seat) {
  bool any = false;
  EachTrainAction(ctx, seat, [&](const mailrun::v1::Action&, const auto&, int64_t, int64_t) {
    any = true;
    return false;
  });
  return any;
}

void ListCreditSettlementActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  const GameState& s = ctx.state;
  if (s.pending_credit_settlements.empty() || s.pending_credit_settlements.front().second != seat) return;
  const int company = s.pending_credit_settlements.front().first;
  const CompanyState& c = s.companies[company];
  for (bool pay : {true, false}) {
    mailrun::v1::Action action;
    auto* settle = action.mutable_settle_credit_train();
    settle->set_company(ctx.Initials(company));
    settle->set_pay(pay);
    if (!ValidateSettleCreditTrain(ctx, seat, *settle).ok() && pay) {
      const auto credit = std::find_if(c.trains.begin(), c.trains.end(), [](const TrainCard& t) { return t.on_credit; });
      settle->set_director_gift(FindTrain(ctx.data, credit->name)->price - c.treasury);
    }
    if (!ValidateSettleCreditTrain(ctx, seat, *settle).ok()) continue;
    AddLegal(out, seat, std::move(action),
             pay ? "Pay for the train the manager bought on credit (4.8.10)"
                 : "Return the train bought on credit to the bank (4.8.10)");
  }
}

}  // namespace mailrun::engine::t1853
