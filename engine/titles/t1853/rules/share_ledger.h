// Who holds what, and who controls each company: moving shares between players, the bank and the
// pool (the counts are the core's ShareLedger, GameState::shares; 1853 keeps "held since" and the
// contracted shares beside it); appointing directors (2.9, 3.2) and managers (3.4); takeovers
// (3.2.3); and forming a company (3.3). Every change of a formed company's holdings goes through
// ResolveControl.
#pragma once

#include "engine/titles/t1853/rules/context.h"

namespace mailrun::engine::t1853 {

// Moves shares of `company` to `seat`'s holding from `from` (the bank or the pool), or from it to
// `to`, keeping "held since" (for the tie rule "held shares the longest", 2.9.2, 3.2.1, 3.4.1) and
// the contracted count (2.8.3) right.
void GainShares(Context& ctx, int seat, int company, int count, ShareHolder from);
void LoseShares(Context& ctx, int seat, int company, int count, ShareHolder to);

// The largest holder with at least two shares (ties: held longest), or -1.
int LargestQualifyingHolder(const Context& ctx, int company);

// After any change of holdings in a formed company: a player holding MORE shares than the
// director takes the director's certificate at once (3.2.3); a director left with fewer than two
// shares gives way; with no one holding two shares, a manager runs it (3.4.1).
void ResolveControl(Context& ctx, int company);

// 3.3: appoints the director (or a manager, 3.2.2) and forms the company: capital of ten times
// par from the bank, share price at par, home bases placed. In the first dealing round also decides
// the BBCI's type (2.6).
void FormCompany(Context& ctx, int company);

// The seat that runs a formed company (director, else manager), or -1.
int Controller(const Context& ctx, int company);

// 3.1.2: whether `seat` could hold one more share of `company` within TABLE 3's limits.
bool WithinLimitsAfterBuying(const Context& ctx, int seat, int company);

}  // namespace mailrun::engine::t1853
