#include "engine/titles/t1853/game.h"

#include <fmt/format.h>
#include <google/protobuf/util/json_util.h>

#include "engine/titles/t1853/rule_citations.h"
#include "engine/titles/t1853/state_json.h"
#include "engine/titles/t1853/rules/bases.h"
#include "engine/titles/t1853/rules/context.h"
#include "engine/titles/t1853/rules/contract_bids.h"
#include "engine/titles/t1853/rules/dealing_round.h"
#include "engine/titles/t1853/rules/elephant.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/running.h"
#include "engine/titles/t1853/rules/setup.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/titles/t1853/rules/track.h"
#include "engine/titles/t1853/rules/trains.h"
#include "engine/titles/t1853/rules/view.h"

namespace mailrun::engine::t1853 {
namespace {

using mailrun::v1::Action;

const char* KindName(Action::KindCase kind) {
  switch (kind) {
    case Action::kCommitBond: return "committing a bond";
    case Action::kClaimCity: return "claiming a city";
    case Action::kPassBid: return "passing in the bids";
    case Action::kSellShares: return "selling shares";
    case Action::kBuyShare: return "buying a share";
    case Action::kRedeemShare: return "redeeming a share";
    case Action::kEndDealingTurn: return "ending a dealing turn";
    case Action::kOfferElephant: return "offering the Elephant";
    case Action::kAnswerOffer: return "answering an offer";
    case Action::kKeepElephant: return "keeping the Elephant";
    case Action::kCallExtraRailwayRound: return "deciding on an extra railway round";
    case Action::kChooseDoubleLay: return "choosing the double-lay option";
    case Action::kLayTile: return "laying a tile";
    case Action::kPromoteTile: return "promoting a tile";
    case Action::kPlaceBase: return "placing a base";
    case Action::kRunTrains: return "running trains";
    case Action::kBuyTrain: return "buying a train";
    case Action::kOfferTrain: return "offering to buy a train";
    case Action::kSettleCreditTrain: return "settling a train bought on credit";
    case Action::kEndStep: return "ending a step";
    case Action::kReturnExcessTrain: return "returning an excess train";
    case Action::KIND_NOT_SET: return "an empty action";
    default: return "an action of another title";
  }
}

// Which stage each kind of action belongs to (interrupts handled before this).
bool KindFitsStage(Action::KindCase kind, Stage stage) {
  switch (kind) {
    case Action::kCommitBond: return stage == Stage::kBondCommit;
    case Action::kClaimCity:
    case Action::kPassBid: return stage == Stage::kCityClaims;
    case Action::kSellShares:
    case Action::kBuyShare:
    case Action::kRedeemShare:
    case Action::kEndDealingTurn: return stage == Stage::kDealing;
    case Action::kOfferElephant:
    case Action::kKeepElephant: return stage == Stage::kElephantSale;
    case Action::kCallExtraRailwayRound: return stage == Stage::kExtraRound;
    case Action::kChooseDoubleLay:
    case Action::kLayTile:
    case Action::kPromoteTile:
    case Action::kPlaceBase:
    case Action::kRunTrains:
    case Action::kBuyTrain:
    case Action::kOfferTrain:
    case Action::kSettleCreditTrain:
    case Action::kEndStep: return stage == Stage::kRailway;
    default: return false;
  }
}

std::string Expectation(const Context& ctx) {
  const GameState& s = ctx.state;
  switch (s.stage) {
    case Stage::kBondCommit: return "the players are writing down their bonds";
    case Stage::kCityClaims: return fmt::format("{} is claiming a city", ctx.Name(s.dealing.current));
    case Stage::kDealing: return fmt::format("{} is dealing in shares", ctx.Name(s.dealing.current));
    case Stage::kElephantSale: return fmt::format("{} may sell the Elephant", ctx.Name(s.elephant));
    case Stage::kExtraRound: return fmt::format("{} decides on an extra railway round", ctx.Name(s.elephant));
    case Stage::kRailway:
      if (const int excess = CompanyWithExcessTrains(ctx); excess >= 0) {
        return fmt::format("the {} is returning an excess train (4.8.6)", ctx.Initials(excess));
      }
      return fmt::format("the {} is operating ({})", ctx.Initials(s.railway.company), StepName(s.railway.step));
    case Stage::kFinished: return "the game is over";
  }
  return "";
}

// The state-independent checks shared by every action: the seat exists, the game is running,
// an interrupt (an offer, a credit train to settle) comes first, the action fits the stage.
Status CheckActionFits(const Context& ctx, const Action& action) {
  const GameState& s = ctx.state;
  if (action.seat() < 0 || action.seat() >= s.players_count) {
    return Malformed("1853.refusal.game.there_no_seat", fmt::format("there is no seat {}", action.seat())).With({param::Count("seat", action.seat())});
  }
  if (action.kind_case() == Action::KIND_NOT_SET) return Malformed("1853.refusal.game.action_empty_say_what_do", "the action is empty: say what to do");
  // Another title's actions (field numbers 100 and up in actions.proto: 1947's).
  if (action.kind_case() >= Action::kBidPrivate1947) return Malformed("1853.refusal.game.action_1947_not_1853", "that is an action of 1947, not of 1853");
  if (s.stage == Stage::kFinished) return Illegal("1853.refusal.game.game_over", "5.1", "the game is over");
  if (s.offer) {
    if (action.kind_case() != Action::kAnswerOffer) {
      return OutOfTurn("1853.refusal.game.waiting_answer_offer", s.offer->kind == PendingOffer::Kind::kElephant ? "3.1.11" : "4.8.9", fmt::format("waiting for {} to answer an offer", ctx.Name(s.offer->to_seat))).With({param::Seat("seat", s.offer->to_seat)});
    }
    return OkStatus();
  }
  if (const int excess = CompanyWithExcessTrains(ctx); excess >= 0) {
    if (action.kind_case() != Action::kReturnExcessTrain) {
      return OutOfTurn("1853.refusal.game.must_first_choose_s_train", "4.8.6",
                   fmt::format("{} must first choose the {}'s train to return to the bank",
                               ctx.Name(Controller(ctx, excess)), ctx.Initials(excess))).With({param::Seat("seat", Controller(ctx, excess)), param::Company("company", ctx.Initials(excess))});
    }
    return OkStatus();
  }
  if (action.kind_case() == Action::kReturnExcessTrain) return Illegal("1853.refusal.game.no_company_train_over_limit", "4.8.6", "no company has a train over its limit");
  if (!s.pending_credit_settlements.empty()) {
    const auto& [company, seat] = s.pending_credit_settlements.front();
    if (action.kind_case() != Action::kSettleCreditTrain || action.seat() != seat) {
      return OutOfTurn("1853.refusal.game.must_first_pay_return_s", "4.8.10",
                   fmt::format("{} must first pay for or return the {}'s train bought on credit", ctx.Name(seat),
                               ctx.Initials(company))).With({param::Seat("seat", seat), param::Company("company", ctx.Initials(company))});
    }
    return OkStatus();
  }
  if (action.kind_case() == Action::kAnswerOffer) return Illegal("1853.refusal.game.there_no_offer_answer", "1.6", "there is no offer to answer");
  if (!KindFitsStage(action.kind_case(), s.stage)) {
    return Illegal("1853.refusal.game.not_possible_now", "1.6", fmt::format("{} is not possible now: {}", KindName(action.kind_case()), Expectation(ctx))).With({param::Text("action", KindName(action.kind_case())), param::Text("expected", Expectation(ctx))});
  }
  return OkStatus();
}

Status Validate(const Context& ctx, const Action& a) {
  const int seat = a.seat();
  switch (a.kind_case()) {
    case Action::kCommitBond: return ValidateCommitBond(ctx, seat, a.commit_bond());
    case Action::kClaimCity: return ValidateClaimCity(ctx, seat, a.claim_city());
    case Action::kPassBid: return ValidatePassBid(ctx, seat);
    case Action::kSellShares: return ValidateSellShares(ctx, seat, a.sell_shares());
    case Action::kBuyShare: return ValidateBuyShare(ctx, seat, a.buy_share());
    case Action::kRedeemShare: return ValidateRedeemShare(ctx, seat, a.redeem_share());
    case Action::kEndDealingTurn: return ValidateEndDealingTurn(ctx, seat);
    case Action::kOfferElephant: return ValidateOfferElephant(ctx, seat, a.offer_elephant());
    case Action::kAnswerOffer: return ValidateAnswerOffer(ctx, seat, a.answer_offer());
    case Action::kKeepElephant: return ValidateKeepElephant(ctx, seat);
    case Action::kCallExtraRailwayRound: return ValidateCallExtraRound(ctx, seat, a.call_extra_railway_round());
    case Action::kChooseDoubleLay: return ValidateChooseDoubleLay(ctx, seat, a.choose_double_lay());
    case Action::kLayTile: return ValidateLayTile(ctx, seat, a.lay_tile());
    case Action::kPromoteTile: return ValidatePromoteTile(ctx, seat, a.promote_tile());
    case Action::kPlaceBase: return ValidatePlaceBase(ctx, seat, a.place_base());
    case Action::kRunTrains: return ValidateRunTrains(ctx, seat, a.run_trains());
    case Action::kBuyTrain: return ValidateBuyTrain(ctx, seat, a.buy_train());
    case Action::kOfferTrain: return ValidateOfferTrain(ctx, seat, a.offer_train());
    case Action::kSettleCreditTrain: return ValidateSettleCreditTrain(ctx, seat, a.settle_credit_train());
    case Action::kEndStep: return ValidateEndStep(ctx, seat);
    case Action::kReturnExcessTrain: return ValidateReturnExcessTrain(ctx, seat, a.return_excess_train());
    case Action::KIND_NOT_SET: break;
    default: return Malformed("1853.refusal.game.action_another_title_not_1853", "that is an action of another title, not of 1853");
  }
  return Malformed("1853.refusal.game.action_empty", "the action is empty");
}

void Execute(Context& ctx, const Action& a) {
  const int seat = a.seat();
  switch (a.kind_case()) {
    case Action::kCommitBond: ExecuteCommitBond(ctx, seat, a.commit_bond()); break;
    case Action::kClaimCity: ExecuteClaimCity(ctx, seat, a.claim_city()); break;
    case Action::kPassBid: ExecutePassBid(ctx, seat); break;
    case Action::kSellShares: ExecuteSellShares(ctx, seat, a.sell_shares()); break;
    case Action::kBuyShare: ExecuteBuyShare(ctx, seat, a.buy_share()); break;
    case Action::kRedeemShare: ExecuteRedeemShare(ctx, seat, a.redeem_share()); break;
    case Action::kEndDealingTurn: ExecuteEndDealingTurn(ctx, seat); break;
    case Action::kOfferElephant: ExecuteOfferElephant(ctx, seat, a.offer_elephant()); break;
    case Action::kAnswerOffer: ExecuteAnswerOffer(ctx, seat, a.answer_offer()); break;
    case Action::kKeepElephant: ExecuteKeepElephant(ctx, seat); break;
    case Action::kCallExtraRailwayRound: ExecuteCallExtraRound(ctx, seat, a.call_extra_railway_round()); break;
    case Action::kChooseDoubleLay: ExecuteChooseDoubleLay(ctx, seat, a.choose_double_lay()); break;
    case Action::kLayTile: ExecuteLayTile(ctx, seat, a.lay_tile()); break;
    case Action::kPromoteTile: ExecutePromoteTile(ctx, seat, a.promote_tile()); break;
    case Action::kPlaceBase: ExecutePlaceBase(ctx, seat, a.place_base()); break;
    case Action::kRunTrains: ExecuteRunTrains(ctx, seat, a.run_trains()); break;
    case Action::kBuyTrain: ExecuteBuyTrain(ctx, seat, a.buy_train()); break;
    case Action::kOfferTrain: ExecuteOfferTrain(ctx, seat, a.offer_train()); break;
    case Action::kSettleCreditTrain: ExecuteSettleCreditTrain(ctx, seat, a.settle_credit_train()); break;
    case Action::kEndStep: ExecuteEndStep(ctx, seat); break;
    case Action::kReturnExcessTrain: ExecuteReturnExcessTrain(ctx, seat, a.return_excess_train()); break;
    case Action::KIND_NOT_SET:
    default: break;  // refused by Validate
  }
}

std::vector<int> ActiveSeatsOf(const Context& ctx) {
  const GameState& s = ctx.state;
  if (s.stage == Stage::kFinished) return {};
  if (s.offer) return {s.offer->to_seat};
  if (const int excess = CompanyWithExcessTrains(ctx); excess >= 0) return {Controller(ctx, excess)};
  if (!s.pending_credit_settlements.empty()) return {s.pending_credit_settlements.front().second};
  switch (s.stage) {
    case Stage::kBondCommit:
    case Stage::kCityClaims: return BidActiveSeats(ctx);
    case Stage::kDealing: return {s.dealing.current};
    case Stage::kElephantSale:
    case Stage::kExtraRound: return {s.elephant};
    case Stage::kRailway: {
      const int seat = OperatingSeat(ctx);
      if (seat >= 0) return {seat};
      return {};
    }
    case Stage::kFinished: break;
  }
  return {};
}

std::vector<mailrun::v1::LegalAction> LegalActionsOf(const Context& ctx, int seat) {
  std::vector<mailrun::v1::LegalAction> out;
  const GameState& s = ctx.state;
  if (seat < 0 || seat >= s.players_count || s.stage == Stage::kFinished) return out;
  if (s.offer) {
    ListElephantActions(ctx, seat, out);
    return out;
  }
  if (CompanyWithExcessTrains(ctx) >= 0) {
    ListExcessTrainActions(ctx, seat, out);
    return out;
  }
  if (!s.pending_credit_settlements.empty()) {
    ListCreditSettlementActions(ctx, seat, out);
    return out;
  }
  switch (s.stage) {
    case Stage::kBondCommit:
    case Stage::kCityClaims: ListBidActions(ctx, seat, out); break;
    case Stage::kDealing: ListDealingActions(ctx, seat, out); break;
    case Stage::kElephantSale:
    case Stage::kExtraRound: ListElephantActions(ctx, seat, out); break;
    case Stage::kRailway: ListRailwayActions(ctx, seat, out); break;
    case Stage::kFinished: break;
  }
  return out;
}

// Whether `next`, the action known to follow, is a lay, promotion or base of `seat` that is legal
// now: then the track or base step has more in it than its end, which is all OnlyEndStepLegal
// would find out (it looks for exactly these: 4.1, 4.2). A replay knows the next action; asking
// it is one validation instead of a search for any legal lay or base.
bool NextIsLegalChoice(const Context& ctx, int seat, const Action* next) {
  if (next == nullptr || next->seat() != seat) return false;
  const TurnStep step = ctx.state.railway.step;
  const Action::KindCase kind = next->kind_case();
  const bool sought = (step == TurnStep::kTrack && (kind == Action::kLayTile || kind == Action::kPromoteTile)) ||
                      (step == TurnStep::kBase && kind == Action::kPlaceBase);
  return sought && CheckActionFits(ctx, *next).ok() && Validate(ctx, *next).ok();
}

// Actions a player has no choice about are taken for them: passing when passing is all that is
// left (a dealing turn with nothing to buy or sell, a step with nothing to do, a bid complete on
// public facts). Each depends on public facts only (docs/rulings.md #6): a bid complete only
// because of its secret cities is passed by its player, or the others would learn of them.
// `next` (may be null): the action known to follow, which may answer the question for a step;
// `next_legal` (may be null) is then set: `next` was validated, legal on the state left.
bool ApplyForcedAction(Context& ctx, const Action* next, bool* next_legal = nullptr) {
  const std::vector<int> seats = ActiveSeatsOf(ctx);
  if (seats.size() != 1) return false;
  // Takes the pass `kind` sets (an action with no fields) for the seat.
  const auto take = [&](auto kind) {
    Action pass;
    pass.set_seat(seats[0]);
    kind(pass);
    Execute(ctx, pass);
    return true;
  };
  if (ctx.state.stage == Stage::kCityClaims && !ctx.state.offer) {
    if (!BidCompleteOnPublicFacts(ctx, seats[0])) return false;
    return take([](Action& a) { a.mutable_pass_bid(); });
  }
  const GameState& s = ctx.state;
  if (s.stage == Stage::kRailway && !s.offer && CompanyWithExcessTrains(ctx) < 0 &&
      s.pending_credit_settlements.empty()) {
    // What LegalActionsOf would decide, without listing every lay and run.
    if (NextIsLegalChoice(ctx, seats[0], next)) {
      if (next_legal) *next_legal = true;
      return false;
    }
    if (!OnlyEndStepLegal(ctx, seats[0])) return false;
    return take([](Action& a) { a.mutable_end_step(); });
  }
  if (s.stage == Stage::kDealing && !s.offer && CompanyWithExcessTrains(ctx) < 0 &&
      s.pending_credit_settlements.empty()) {
    // The same, for a dealing turn: stops at the first share that may be bought, sold or redeemed.
    if (!OnlyEndDealingTurnLegal(ctx, seats[0])) return false;
    return take([](Action& a) { a.mutable_end_dealing_turn(); });
  }
  const auto legal = LegalActionsOf(ctx, seats[0]);
  if (legal.size() != 1) return false;
  const Action& only = legal[0].action();
  if (only.kind_case() != Action::kPassBid && only.kind_case() != Action::kEndDealingTurn &&
      only.kind_case() != Action::kEndStep) {
    return false;
  }
  Execute(ctx, only);
  return true;
}

}  // namespace

Result<Game> Game::Create(const mailrun::v1::GameConfig& config) {
  mailrun::v1::Edition edition = config.edition();
  if (edition == mailrun::v1::EDITION_UNSPECIFIED) edition = mailrun::v1::EDITION_RETUNED;
  auto data = LoadEdition(edition);
  if (!data.ok()) return data.error();
  return Create(**data, config);
}

Result<Game> Game::Create(const EditionData& data, const mailrun::v1::GameConfig& config) {
  mailrun::v1::GameConfig normalized = config;
  if (normalized.edition() == mailrun::v1::EDITION_UNSPECIFIED) normalized.set_edition(mailrun::v1::EDITION_RETUNED);
  auto state = SetUpGame(data, normalized);
  if (!state.ok()) return state.error();
  Game game(&data, normalized, std::move(*state));
  ApplyOutcome unused;
  Context ctx{data, game.config_, game.state_, &unused};
  ctx.track = &game.track_;
  while (ApplyForcedAction(ctx, nullptr)) {
  }
  return game;
}

Result<ApplyOutcome> Game::Apply(const mailrun::v1::Action& action) { return ApplyAs(action, false, nullptr); }

Result<ApplyOutcome> Game::ApplyBefore(const mailrun::v1::Action& action, const mailrun::v1::Action& next) {
  return ApplyAs(action, false, &next);
}

Result<ApplyOutcome> Game::Preview(const mailrun::v1::Action& action) { return ApplyAs(action, true, nullptr); }

Result<ApplyOutcome> Game::ApplyAs(const mailrun::v1::Action& action, bool preview, const Action* next) {
  // An action is validated on the game as it is, so a refusal changes nothing; once accepted it
  // is carried out in place (Execute and the forced actions after it cannot fail), without a
  // copy of the state. A preview may stop part-way (Context::StopPreview): it works on a copy.
  std::optional<GameState> copy;
  if (preview) copy = state_;
  ApplyOutcome outcome;
  Context ctx{*data_, config_, preview ? *copy : state_, &outcome};
  ctx.track = &track_;
  if (preview) {
    ctx.preview_for = action.seat();
    ctx.withheld = &outcome.withheld;
  }
  // The previous Apply validated this very action on this very state (validated_next_): it is
  // not validated again. Any other action is; either way the remembered one is gone.
  // (Compared as serialised: equal bytes are the same action, and two small messages serialise
  // faster than a field-by-field comparison by reflection.)
  const bool validated = !preview && validated_next_ && *validated_next_ == action.SerializeAsString();
  validated_next_.reset();
  if (!validated) {
    // A refusal cites the edition's own rule numbers (rule_citations.h; log lines: Context::Say).
    if (Status fits = CheckActionFits(ctx, action); !fits.ok()) return Cite(*data_, fits.error());
    if (Status valid = Validate(ctx, action); !valid.ok()) return Cite(*data_, valid.error());
  }
  Execute(ctx, action);
  bool next_legal = false;
  for (int guard = 0; guard < 10000 && !ctx.stopped && ApplyForcedAction(ctx, next, &next_legal); ++guard) {
  }
  // NextIsLegalChoice validated `next` on the state as it is now, and nothing changed after it.
  if (next_legal && !preview) validated_next_ = next->SerializeAsString();
  if (copy) state_ = std::move(*copy);
  outcome.withheld = CiteInText(*data_, std::move(outcome.withheld));
  return outcome;
}

std::vector<int> Game::ActiveSeats() const {
  GameState& s = const_cast<GameState&>(state_);
  Context ctx{*data_, config_, s, nullptr};
  return ActiveSeatsOf(ctx);
}

std::vector<mailrun::v1::LegalAction> Game::LegalActions(int seat) const {
  GameState& s = const_cast<GameState&>(state_);
  Context ctx{*data_, config_, s, nullptr};
  auto legal = LegalActionsOf(ctx, seat);
  for (auto& listed : legal) Cite(*data_, listed);
  return legal;
}

mailrun::v1::GameView Game::View(int viewer) const {
  GameState& s = const_cast<GameState&>(state_);
  Context ctx{*data_, config_, s, nullptr};
  return Cited(BuildView(ctx, viewer, ActiveSeatsOf(ctx)));
}

mailrun::v1::GameView Game::TurnView() const {
  GameState& s = const_cast<GameState&>(state_);
  Context ctx{*data_, config_, s, nullptr};
  return Cited(BuildTurnView(ctx, ActiveSeatsOf(ctx)));
}

mailrun::v1::GameView Game::Cited(mailrun::v1::GameView view) const {
  view.mutable_round()->set_description(CiteInText(*data_, view.round().description()));
  view.set_end_reason(EndReason());
  *view.mutable_structured_end_reason() = EndReasonStructured();
  return view;
}

std::string Game::EndReason() const { return CiteInText(*data_, state_.end_reason); }

mailrun::v1::StructuredText Game::EndReasonStructured() const {
  mailrun::v1::StructuredText out;
  if (state_.end_reason_structured.empty() ||
      !google::protobuf::util::JsonStringToMessage(state_.end_reason_structured, &out).ok()) {
    return {};
  }
  CiteParams(*data_, *out.mutable_params());
  return out;
}

Result<mailrun::v1::RunPlan> Game::SuggestedRuns(const std::string& company, bool best_dividend) const {
  GameState& s = const_cast<GameState&>(state_);
  const Context ctx{*data_, config_, s, nullptr};
  for (int c = 0; c < kCompanies; ++c) {
    if (data_->companies[c].initials != company) continue;
    if (s.companies[c].status != CompanyStatus::kFormed) return Cite(*data_, Illegal("1853.refusal.game.not_running", "4.5", company + " is not running").With({param::Company("company", company)}));
    auto suggestions = SuggestRuns(ctx, c);
    if (!suggestions.ok()) return Cite(*data_, suggestions.error());
    return best_dividend ? suggestions->best_dividend : suggestions->best_total;
  }
  return Malformed("1853.refusal.game.there_no_company", "there is no company '" + company + "'").With({param::Text("company", company)});
}

std::string Game::SnapshotJson() const { return StateToJson(state_); }

Result<Game> Game::FromSnapshot(const mailrun::v1::GameConfig& config, const std::string& json) {
  mailrun::v1::Edition edition = config.edition();
  if (edition == mailrun::v1::EDITION_UNSPECIFIED) edition = mailrun::v1::EDITION_RETUNED;
  auto data = LoadEdition(edition);
  if (!data.ok()) return data.error();
  auto state = StateFromJson(json);
  if (!state.ok()) return state.error();
  mailrun::v1::GameConfig normalized = config;
  normalized.set_edition(edition);
  return Game(*data, normalized, std::move(*state));
}

}  // namespace mailrun::engine::t1853
