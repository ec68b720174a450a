#include "engine/titles/t1853/rules/share_ledger.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/shares/presidency.h"
#include "engine/titles/t1853/rules/contracts.h"
#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

void GainShares(Context& ctx, int seat, int company, int count, ShareHolder from) {
  PlayerState& p = ctx.state.players[seat];
  ShareLedger& shares = ctx.state.shares;
  if (shares.HeldBy(seat, company) == 0 && count > 0) p.holding_since[company] = ++ctx.state.tick;
  shares.Move(from, ShareHolder::Player(seat), company, count);
}

void LoseShares(Context& ctx, int seat, int company, int count, ShareHolder to) {
  PlayerState& p = ctx.state.players[seat];
  ShareLedger& shares = ctx.state.shares;
  shares.Move(ShareHolder::Player(seat), to, company, count);
  const int held = shares.HeldBy(seat, company);
  // 2.8.3: bought shares go first, so the holder keeps the contracted ones that may still be sold
  // after flotation (a sale of contracted shares counts them down before this, dealing_round.cc).
  p.contracted[company] = std::min(p.contracted[company], held);
  if (held == 0) p.holding_since[company] = 0;
}

namespace {

// Every player's holding of `company` but `exclude`'s, ties going to who has held shares the
// longest (2.9.2, 3.2.1).
std::vector<Holding> Holdings(const Context& ctx, int company, int exclude = -1) {
  const auto held_since = [&](int seat) { return ctx.state.players[seat].holding_since[company]; };
  return ctx.state.shares.PlayerHoldings(company, held_since, exclude);
}

// Among players with at least `min_shares`, the one with most shares (ties: held longest), or -1.
int MostShares(const Context& ctx, int company, int min_shares) {
  return LargestHolder(Holdings(ctx, company), min_shares);
}

void SetDirector(Context& ctx, int company, int seat) {
  CompanyState& c = ctx.state.companies[company];
  const int previous = c.director;
  c.director = seat;
  c.manager = -1;
  if (previous >= 0 && previous != seat) {
    ctx.Say("1853.log.shares.takes_over_director", "{seat} takes over the {company} director's certificate from {from_seat}", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company)), param::Seat("from_seat", previous)});
    // 3.2.3: the former director may now hold too many certificates; corrected in his next turn.
    if (ctx.CountedCertificates(previous) > ctx.Limits().certificate_limit) {
      ctx.state.players[previous].must_correct_certificates = true;
    }
  } else if (previous != seat) {
    ctx.Say("1853.log.shares.becomes_director", "{seat} becomes director of the {company}", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company))});
  }
  if (ctx.state.companies[company].status == CompanyStatus::kFormed) {
    // 4.8.10: a new director must pay for or return a train bought on credit.
    for (const TrainCard& train : c.trains) {
      if (train.on_credit) ctx.state.pending_credit_settlements.emplace_back(company, seat);
    }
  }
}

void SetManager(Context& ctx, int company, int seat) {
  CompanyState& c = ctx.state.companies[company];
  if (c.manager == seat && c.director < 0) return;
  c.director = -1;
  c.manager = seat;
  ctx.Say("1853.log.shares.manages", "{seat} manages the {company} (no player holds two shares, {rule})", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company)), param::Rule("rule", "3.4.1")});
}

}  // namespace

int LargestQualifyingHolder(const Context& ctx, int company) { return MostShares(ctx, company, 2); }

// 1.5.2: the director is the largest holder and is unseated only by a larger holding; 1.5.3: the
// director's certificate (two shares) is always the director's.
void ResolveControl(Context& ctx, int company) {
  CompanyState& c = ctx.state.companies[company];
  if (c.status != CompanyStatus::kFormed) return;
  if (c.director >= 0) {
    const int d = c.director;
    const int director_shares = ctx.state.shares.HeldBy(d, company);
    const int rival = PresidencyTakenBy(Holdings(ctx, company, d), director_shares, 2);
    if (rival >= 0) {
      SetDirector(ctx, company, rival);  // 3.2.3
      return;
    }
    if (director_shares >= 2) return;
  }
  const int director = LargestQualifyingHolder(ctx, company);
  if (director >= 0) {
    SetDirector(ctx, company, director);
    return;
  }
  // 3.4.1: the previous director (if he still holds a share), else the longest holder, else the
  // holder of the Elephant.
  const int previous = c.director >= 0 ? c.director : c.manager;
  if (previous >= 0 && ctx.state.shares.HeldBy(previous, company) >= 1 && c.director >= 0) {
    SetManager(ctx, company, previous);
    return;
  }
  if (c.manager >= 0 && ctx.state.shares.HeldBy(c.manager, company) >= 1) return;
  const int holder = MostShares(ctx, company, 1);
  if (holder >= 0) {
    // With everyone at one share, "most shares" is decided by who held longest.
    SetManager(ctx, company, holder);
    return;
  }
  SetManager(ctx, company, ctx.state.elephant);
}

int Controller(const Context& ctx, int company) {
  const CompanyState& c = ctx.state.companies[company];
  return c.director >= 0 ? c.director : c.manager;
}

void FormCompany(Context& ctx, int company) {
  GameState& s = ctx.state;
  CompanyState& c = s.companies[company];
  const CompanyDef& def = ctx.Def(company);
  c.status = CompanyStatus::kFormed;
  c.formed_in_dealing_round = s.dealing.number;
  const int director = LargestQualifyingHolder(ctx, company);
  // 2.6.1 - 2.6.3: the BBCI is major only if its director (at the end of the first dealing round)
  // bid for both Ajmer and Bombay (2.6.2); otherwise it is a minor (2.6.3).
  if (def.kind == CompanyKind::kMajorOrMinor) {
    bool ajmer = false, bombay = false;
    if (director >= 0 && s.dealing.number == 1) {
      for (const BidClaim& claim : s.players[director].bond.claims) {
        const std::string& name = ctx.data.cities[claim.city].name;
        ajmer = ajmer || name == "Ajmer";
        bombay = bombay || name == "Bombay";
      }
    }
    c.major = ajmer && bombay;
  } else {
    c.major = def.kind == CompanyKind::kMajor;
  }
  CompanyReceives(ctx, company, 10 * def.par);  // 3.3.1
  // 3.3.2: its price marker at par, its tokens on its TABLE 1 homes.
  c.price_index = ctx.data.market.Find(def.par)->column;  // the loader checked every par is on the track
  c.tokens_left = def.tokens;
  // A home in a large city promoted before the company forms is on the station that carries its
  // printed station's line (4.2.12).
  auto place_home = [&](const HomeBase& home) {
    c.bases.push_back({home.hex, CurrentStation(ctx.data, s.board, home.hex, home.station)});
    --c.tokens_left;
  };
  for (const HomeBase& home : def.homes) place_home(home);
  if (c.major && def.kind == CompanyKind::kMajorOrMinor && def.major_home) place_home(*def.major_home);
  c.special_token = !c.major;  // 4.8.19
  if (director >= 0) {
    SetDirector(ctx, company, director);
  } else {
    ResolveControl(ctx, company);  // 3.2.2: a manager
  }
  if (c.major) {
    ctx.Say("1853.log.shares.forms_major", "The {company} forms as a major company with {treasury}; shares at {par}", {param::Company("company", def.initials), param::Amount("treasury", c.treasury), param::Amount("par", def.par)});
  } else {
    ctx.Say("1853.log.shares.forms_minor", "The {company} forms as a minor company with {treasury}; shares at {par}", {param::Company("company", def.initials), param::Amount("treasury", c.treasury), param::Amount("par", def.par)});
  }
  CheckContracts(ctx);  // its home bases may link a bid's cities (4.3.1)
}

// 3.1.2: the share and certificate limits of TABLE 3; shares at £40 or less are exempt.
bool WithinLimitsAfterBuying(const Context& ctx, int seat, int company) {
  if (ctx.ExemptFromLimits(company)) return true;
  const PlayerCountRules limits = ctx.Limits();
  if (ctx.state.shares.HeldBy(seat, company) + 1 > limits.share_limit) return false;
  return ctx.CountedCertificates(seat) + 1 <= limits.certificate_limit;
}

}  // namespace mailrun::engine::t1853
