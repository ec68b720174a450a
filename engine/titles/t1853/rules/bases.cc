#include "engine/titles/t1853/rules/bases.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/rules/contracts.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/running.h"

namespace mailrun::engine::t1853 {
namespace {

bool Operating(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kRailway && ctx.state.railway.step == TurnStep::kBase &&
         OperatingSeat(ctx) == seat && !ctx.state.offer;
}

// 4.4.4: the bases of TABLE 1 are free; the first additional one costs £40, all further ones £100.
int BaseCost(const Context& ctx, int company) {
  const CompanyState& c = ctx.state.companies[company];
  int homes = static_cast<int>(ctx.Def(company).homes.size());
  if (c.major && ctx.Def(company).major_home) ++homes;
  const int additional = static_cast<int>(c.bases.size()) - homes;
  return additional == 0 ? 40 : 100;
}

bool Unrestricted(const Context& ctx, int company) {
  if (ctx.state.phase < 4) return false;
  for (const TrainCard& train : ctx.state.companies[company].trains) {
    if (train.name == "5" || train.name == "6") return true;
  }
  return false;
}

// 2.6.2: whether the BBCI may still become a major, and north Bombay still be its home: only
// until the end of the first dealing round (after it, a BBCI without a director is a minor, 2.6.3).
bool MayStillBecomeMajor(const Context& ctx, int company) {
  const GameState& s = ctx.state;
  if (ctx.Def(company).kind != CompanyKind::kMajorOrMinor || ctx.config.options().simplified_game()) return false;
  return s.stage == Stage::kBondCommit || s.stage == Stage::kCityClaims ||
         (s.stage == Stage::kDealing && s.dealing.number == 1);
}

// 4.4.7: whether the station is the home of a company not yet running (docs/rulings.md #29). A
// large city's homes are followed through its promotions (on Bombay's brown tile both terminals'
// homes are on its one station).
bool HomeOfCompanyNotRunning(const Context& ctx, HexCoord hex, int station) {
  for (int c = 0; c < kCompanies; ++c) {
    if (ctx.state.companies[c].status == CompanyStatus::kFormed) continue;
    const CompanyDef& def = ctx.Def(c);
    auto here = [&](const HomeBase& home) {
      return home.hex == hex && CurrentStation(ctx.data, ctx.state.board, hex, home.station) == station;
    };
    for (const HomeBase& home : def.homes) {
      if (here(home)) return true;
    }
    if (def.major_home && MayStillBecomeMajor(ctx, c) && here(*def.major_home)) return true;
  }
  return false;
}

// Base tokens of any company on station `station` of `hex`.
int TokensOn(const Context& ctx, HexCoord hex, int station) {
  int taken = 0;
  for (const CompanyState& c : ctx.state.companies) {
    for (const Base& base : c.bases) taken += (base.hex == hex && base.station == station) ? 1 : 0;
  }
  return taken;
}

// 4.4.1 sets no limit on the bases established in one turn (docs/rulings.md #28): each one is
// checked on its own, against the tokens and money left. `name` names the hex in the words of a
// refusal.
Status ValidateAt(const Context& ctx, const CompanyReach& reach, HexCoord hex, int station_index, const std::string& name,
                  const Refuse& refuse) {
  const int company = ctx.state.railway.company;
  const CompanyState& c = ctx.state.companies[company];
  if (ExpensesBarredByCreditTrain(ctx, company)) {
    return refuse([&] {
      return Illegal("1853.refusal.bases.credit_train_unpaid", "3.4.6",
                     fmt::format("until its train bought on credit is paid the {} establishes no base", ctx.Initials(company))).With({param::Company("company", ctx.Initials(company))});
    });
  }
  if (c.tokens_left <= 0) return refuse([&] { return Illegal("1853.refusal.bases.no_base_token_left_table", "4.4.1", fmt::format("the {} has no base token left (TABLE 7)", ctx.Initials(company))).With({param::Company("company", ctx.Initials(company))}); });
  const auto on = TileOn(ctx.data, ctx.state.board, hex);
  if (!on || station_index < 0 || station_index >= static_cast<int>(on->tile->stations.size())) {
    return refuse([&] { return Illegal("1853.refusal.bases.there_no_station", "4.4.5", fmt::format("there is no station {} on {}", station_index, name)).With({param::Count("station", station_index), param::Hex("hex", name)}); });
  }
  const TileStation& station = on->tile->stations[station_index];
  if (station.kind != StationKind::kLarge) return refuse([&] { return Illegal("1853.refusal.bases.base_tokens_go_only_large", "4.4.5", "base tokens go only on large stations"); });
  for (const Base& base : c.bases) {
    if (base.hex == hex) return refuse([&] { return Illegal("1853.refusal.bases.already_base", "4.4.5", fmt::format("the {} already has a base on {}", ctx.Initials(company), name)).With({param::Company("company", ctx.Initials(company)), param::Hex("hex", name)}); });
  }
  if (TokensOn(ctx, hex, station_index) >= station.token_slots) return refuse([&] { return Illegal("1853.refusal.bases.station_no_vacant_space_base", "4.4.5", "that station has no vacant space for a base"); });
  if (HomeOfCompanyNotRunning(ctx, hex, station_index)) {
    return refuse([&] { return Illegal("1853.refusal.bases.station_home_base_company_not", "4.4.7", "that station is the home base of a company not yet running"); });
  }
  if (!reach.ReachesStation(hex, station_index)) {
    return refuse([&] {
      return Illegal("1853.refusal.bases.station_must_connected_one_s", "4.4.6", fmt::format("the station must be connected to one of the {}'s bases by a continuous line "
                                          "of one gauge, not blocked by other companies' bases",
                                          ctx.Initials(company))).With({param::Company("company", ctx.Initials(company))});
    });
  }
  const bool in_area = ctx.Def(company).area.Contains(hex);  // 1.4.6: rows and columns included
  if (!in_area && !Unrestricted(ctx, company) && ctx.state.phase >= 4) {
    // 4.4.2: from phase 4 only a company owning a '5' or '6' works outside its area.
    return refuse([&] {
      return Illegal("1853.refusal.bases.outside_area_needs_5_or_6_train", "4.4.2",
                     fmt::format("outside its area a company establishes bases only if it owns a '5' or '6' train; the {} owns none",
                                 ctx.Initials(company)))
          .With({param::Company("company", ctx.Initials(company))});
    });
  }
  if (!in_area && !Unrestricted(ctx, company)) {
    return refuse([&] {
      return Illegal("1853.refusal.bases.before_phase_4_establishes_bases", "4.4.1", fmt::format("before phase {} the {} establishes bases only within its area (TABLE 2)", ctx.data.PhaseShown(4),
                                          ctx.Initials(company))).With({param::Count("phase", ctx.data.PhaseShown(4)), param::Company("company", ctx.Initials(company))});
    });
  }
  if (!in_area) {
    // 4.4.2: outside its area the company must run over the new base this round.
    GameState after = ctx.state;
    after.companies[company].bases.push_back({hex, station_index});
    std::vector<HexCoord> must = ctx.state.railway.must_run_hexes;
    must.push_back(hex);
    if (!CanRunOver(ctx, after, company, must)) {
      return refuse([&] {
        return Illegal("1853.refusal.bases.outside_area_must_run_over", "4.4.2", fmt::format("outside its area the {} must run over a new base this round, and its trains "
                                            "could not run over {}",
                                            ctx.Initials(company), name)).With({param::Company("company", ctx.Initials(company)), param::Hex("hex", name)});
      });
    }
  }
  const int cost = BaseCost(ctx, company);
  if (c.treasury < cost) {
    return refuse([&] { return Illegal("1853.refusal.bases.base_costs", "4.4.4", fmt::format("a base costs {}; the {} has {}", Money(cost), ctx.Initials(company), Money(c.treasury))).With({param::Amount("cost", cost), param::Company("company", ctx.Initials(company)), param::Amount("treasury", c.treasury)}); });
  }
  return OkStatus();
}

// The base a player asked for.
Status Validate(const Context& ctx, const CompanyReach& reach, const mailrun::v1::PlaceBase& action) {
  const auto hex = ParseHexName(action.hex());
  if (!hex || !ctx.data.Hex(*hex)) return Malformed("1853.refusal.bases.there_no_hex_board", fmt::format("there is no hex {} on the board", action.hex())).With({param::Text("hex", action.hex())});
  return ValidateAt(ctx, reach, *hex, action.station(), action.hex(), Refuse::Worded());
}

}  // namespace

Status ValidatePlaceBase(const Context& ctx, int seat, const mailrun::v1::PlaceBase& action) {
  if (!Operating(ctx, seat)) return NotAtStep(ctx, seat, TurnStep::kBase);
  return Validate(ctx, *ctx.Reach(ctx.state.railway.company), action);
}

void ExecutePlaceBase(Context& ctx, int, const mailrun::v1::PlaceBase& action) {
  GameState& s = ctx.state;
  const int company = s.railway.company;
  const HexCoord hex = *ParseHexName(action.hex());
  // Validated already (ValidatePlaceBase): outside the area only as 4.4.2 allows.
  const bool outside = !ctx.Def(company).area.Contains(hex);
  const int cost = BaseCost(ctx, company);
  CompanyPays(ctx, company, cost);
  CompanyState& c = s.companies[company];
  c.bases.push_back({hex, action.station()});
  --c.tokens_left;
  s.railway.base_placed = true;
  if (outside) s.railway.must_run_hexes.push_back(hex);  // 4.4.2
  ctx.Say("1853.log.bases.establishes_base", "The {company} establishes a base on {hex} for {amount} (treasury {treasury})", {param::Company("company", ctx.Initials(company)), param::Hex("hex", action.hex()), param::Amount("amount", cost), param::Amount("treasury", c.treasury)});
  CheckContracts(ctx);
}

namespace {

// Every base the operating company may establish now, in listing order, handed to `take`
// until it returns false. Returns false if `take` stopped it.
template <typename Take>
bool EachBaseAction(const Context& ctx, Take take) {
  // What ValidateAt refuses whatever the station (a credit train unpaid, no token, too little
  // money): then no station is looked at, nor the company's reach asked for.
  const int company = ctx.state.railway.company;
  const CompanyState& c = ctx.state.companies[company];
  if (ExpensesBarredByCreditTrain(ctx, company) || c.tokens_left <= 0 || c.treasury < BaseCost(ctx, company)) return true;
  const std::shared_ptr<const CompanyReach> kept = ctx.Reach(company);
  const CompanyReach& reach = *kept;
  static const std::string kUnnamed;
  for (const auto& [hex, station] : reach.stations) {
    // Checked as the player's action would be (a reached hex is on the board), with a bare refusal.
    if (!ctx.data.Hex(hex) || !ValidateAt(ctx, reach, hex, station, kUnnamed, Refuse::Bare()).ok()) continue;
    mailrun::v1::Action action;
    action.mutable_place_base()->set_hex(HexName(hex));
    action.mutable_place_base()->set_station(station);
    if (!take(std::move(action))) return false;
  }
  return true;
}

}  // namespace

void ListBaseActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  if (!Operating(ctx, seat)) return;
  const int company = ctx.state.railway.company;
  EachBaseAction(ctx, [&](mailrun::v1::Action action) {
    std::string text = fmt::format("Establish a base on {} (station {}) for {}", action.place_base().hex(),
                                   action.place_base().station(), Money(BaseCost(ctx, company)));
    AddLegal(out, seat, std::move(action), std::move(text));
    return true;
  });
}

bool AnyBaseAction(const Context& ctx, int seat) {
  if (!Operating(ctx, seat)) return false;
  return !EachBaseAction(ctx, [](const mailrun::v1::Action&) { return false; });
}

}  // namespace mailrun::engine::t1853
