// Contract bids (rules 2.5 - 2.7): the secret bonds and the seating order they fix, the claims of
// cities (secret) and shares (public) in turn, and the payment for the contracted shares with
// un-redeemed shares for what a player cannot afford. The engine knows every secret city, so an
// illegal bid is refused outright and the penalty of 4.3.2 never arises.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

// 2.5.2.2: the smallest and largest bond `seat` may commit.
int MinimumBond(const Context& ctx);
int MaximumBond(const Context& ctx, int seat);

Status ValidateCommitBond(const Context& ctx, int seat, const mailrun::v1::CommitBond& action);
void ExecuteCommitBond(Context& ctx, int seat, const mailrun::v1::CommitBond& action);

Status ValidateClaimCity(const Context& ctx, int seat, const mailrun::v1::ClaimCity& action);
void ExecuteClaimCity(Context& ctx, int seat, const mailrun::v1::ClaimCity& action);

Status ValidatePassBid(const Context& ctx, int seat);
void ExecutePassBid(Context& ctx, int seat);

// The seats that may act in the bid stages.
std::vector<int> BidActiveSeats(const Context& ctx);
void ListBidActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);

// The sum of the bid values (2.5.2.9) of a player's claimed cities.
int ClaimedValue(const Context& ctx, int seat);

}  // namespace mailrun::engine::t1853
