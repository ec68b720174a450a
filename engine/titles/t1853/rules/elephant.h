// The Elephant (3.1.11, 4.9): at the end of each dealing round its holder may sell it to another
// player for a mutually agreed price (offer, then acceptance); at the end of each sequence of
// railway rounds its holder may call one extra railway round.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

void StartElephantSale(Context& ctx);

Status ValidateOfferElephant(const Context& ctx, int seat, const mailrun::v1::OfferElephant& action);
void ExecuteOfferElephant(Context& ctx, int seat, const mailrun::v1::OfferElephant& action);

Status ValidateKeepElephant(const Context& ctx, int seat);
void ExecuteKeepElephant(Context& ctx, int seat);

// Answers to a pending offer (the Elephant, or a train between companies, 4.8.9).
Status ValidateAnswerOffer(const Context& ctx, int seat, const mailrun::v1::AnswerOffer& action);
void ExecuteAnswerOffer(Context& ctx, int seat, const mailrun::v1::AnswerOffer& action);

Status ValidateCallExtraRound(const Context& ctx, int seat, const mailrun::v1::CallExtraRailwayRound& action);
void ExecuteCallExtraRound(Context& ctx, int seat, const mailrun::v1::CallExtraRailwayRound& action);

void ListElephantActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);

}  // namespace mailrun::engine::t1853
