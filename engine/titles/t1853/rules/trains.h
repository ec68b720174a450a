// Trains and phases (4.8, 4.10, TABLE 5, TABLE 6): buying from the bank in order, train limits,
// phase changes with obsolescence and excess trains, metre-gauge trains and their special rules
// (2/1M cards, the first-round option, special tokens), managers' credit, trains between
// companies, the director's gift.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

// The bank's trains at the start of the game (TABLE 5 without the minors' extras).
void SetUpTrainStock(GameState& state, const EditionData& data);
// 2.8.4: at the end of the first dealing round, if a minor formed: one more 2, 2M and 3M, and
// the 2 cards become dual-option 2/1M for minors.
void AddFirstRoundTrainMix(Context& ctx);

// The bank's cards of this train's type: new ones in the stock and returned ones (4.8.6, 4.8.10).
// A '1M' counts the 2/1M cards (2.8.4).
int TrainsInBank(const Context& ctx, const TrainDef& def);
// Whether some company could buy this train from the bank now (4.8.3, 4.8.12, 4.8.13, 4.8.16,
// 4.8.17), before the buyer's own limits (major or minor, train limit, money).
bool TrainOnSale(const Context& ctx, const TrainDef& def);

Status ValidateBuyTrain(const Context& ctx, int seat, const mailrun::v1::BuyTrain& action);
void ExecuteBuyTrain(Context& ctx, int seat, const mailrun::v1::BuyTrain& action);

Status ValidateOfferTrain(const Context& ctx, int seat, const mailrun::v1::OfferTrain& action);
void ExecuteOfferTrain(Context& ctx, int seat, const mailrun::v1::OfferTrain& action);
Status ValidateTrainOfferAcceptance(const Context& ctx);
void ResolveTrainOffer(Context& ctx, const PendingOffer& offer, bool accepted);

Status ValidateSettleCreditTrain(const Context& ctx, int seat, const mailrun::v1::SettleCreditTrain& action);
void ExecuteSettleCreditTrain(Context& ctx, int seat, const mailrun::v1::SettleCreditTrain& action);

// 4.8.6: the first company, in company order, owning more trains than the phase allows after a
// phase change (-1 if none). Its director or manager chooses which train goes back to the bank
// before anything else happens (docs/rulings.md #14).
int CompanyWithExcessTrains(const Context& ctx);
Status ValidateReturnExcessTrain(const Context& ctx, int seat, const mailrun::v1::ReturnExcessTrain& action);
void ExecuteReturnExcessTrain(Context& ctx, int seat, const mailrun::v1::ReturnExcessTrain& action);
void ListExcessTrainActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);

Status ValidateEndTrainStep(const Context& ctx);
void FinishTrainStep(Context& ctx);

void ListTrainActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);
// Whether ListTrainActions would list anything, found without listing it all (the test for a
// train step with nothing to do, which ends by itself).
bool AnyTrainAction(const Context& ctx, int seat);
void ListCreditSettlementActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);

}  // namespace mailrun::engine::t1853
