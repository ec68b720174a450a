// Dealing rounds (section 3, and the first dealing round of 2.8 - 2.9): in seating order from
// the Elephant's holder, each turn any number of sales, redemptions of un-redeemed shares, and at
// most one purchase; the round ends when every player in turn has declined to buy. Directors are
// appointed at the end of the first round, and at once in later rounds (3.2). At the end the
// Elephant passes to the left of the last buyer (3.1.11).
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

void StartDealingRound(Context& ctx, int first_seat);

Status ValidateSellShares(const Context& ctx, int seat, const mailrun::v1::SellShares& action);
void ExecuteSellShares(Context& ctx, int seat, const mailrun::v1::SellShares& action);

Status ValidateBuyShare(const Context& ctx, int seat, const mailrun::v1::BuyShare& action);
void ExecuteBuyShare(Context& ctx, int seat, const mailrun::v1::BuyShare& action);

Status ValidateRedeemShare(const Context& ctx, int seat, const mailrun::v1::RedeemShare& action);
void ExecuteRedeemShare(Context& ctx, int seat, const mailrun::v1::RedeemShare& action);

Status ValidateEndDealingTurn(const Context& ctx, int seat);
void ExecuteEndDealingTurn(Context& ctx, int seat);

void ListDealingActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);
// Whether ending the turn is all ListDealingActions would list, found without listing it all (a
// dealing turn with nothing to buy or sell is passed for its player).
bool OnlyEndDealingTurnLegal(const Context& ctx, int seat);

// The price a sale realises now: market price, or par less £5 in the first dealing round (2.8.3).
int SalePrice(const Context& ctx, int company);
// The price of a share bought from `source` now (3.1.4, 3.1.7).
int PurchasePrice(const Context& ctx, int company, mailrun::v1::ShareSource source);

}  // namespace mailrun::engine::t1853
