#include "engine/titles/t1853/rules/elephant.h"

#include <fmt/format.h>

#include "engine/titles/t1853/rules/dealing_round.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/titles/t1853/rules/trains.h"

namespace mailrun::engine::t1853 {
namespace {

Error NotHolder(const Context& ctx) {
  return OutOfTurn("1853.refusal.elephant.only_elephant_s_holder_decides", "3.1.11",
               fmt::format("only the Elephant's holder ({}) decides this", ctx.Name(ctx.state.elephant))).With({param::Seat("seat", ctx.state.elephant)});
}

}  // namespace

void StartElephantSale(Context& ctx) {
  ctx.state.stage = Stage::kElephantSale;
  ctx.state.offer.reset();
}

Status ValidateOfferElephant(const Context& ctx, int seat, const mailrun::v1::OfferElephant& action) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kElephantSale) return Illegal("1853.refusal.elephant.elephant_sold_only_end_dealing", "3.1.11", "the Elephant may be sold only at the end of a dealing round");
  if (seat != s.elephant) return NotHolder(ctx);
  if (s.offer) return Illegal("1853.refusal.elephant.offer_already_waiting_answer", "3.1.11", "an offer is already waiting for an answer");
  if (action.to_seat() < 0 || action.to_seat() >= s.players_count) {
    return Malformed("1853.refusal.elephant.there_no_player_seat", fmt::format("there is no player in seat {}", action.to_seat())).With({param::Count("seat", action.to_seat())});
  }
  if (action.to_seat() == seat) return Illegal("1853.refusal.elephant.you_cannot_sell_elephant_yourself", "3.1.11", "you cannot sell the Elephant to yourself");
  if (action.price() < 0) return Malformed("1853.refusal.elephant.price_not_negative", "the price may not be negative");
  if (action.price() > s.players[action.to_seat()].cash) {
    return Illegal("1853.refusal.elephant.only", "3.1.11", fmt::format("{} has only {}", ctx.Name(action.to_seat()),
                                         Money(s.players[action.to_seat()].cash))).With({param::Seat("seat", action.to_seat()), param::Amount("cash", s.players[action.to_seat()].cash)});
  }
  return OkStatus();
}

void ExecuteOfferElephant(Context& ctx, int seat, const mailrun::v1::OfferElephant& action) {
  PendingOffer offer;
  offer.kind = PendingOffer::Kind::kElephant;
  offer.from_seat = seat;
  offer.to_seat = action.to_seat();
  offer.price = action.price();
  ctx.state.offer = offer;
  ctx.Say("1853.log.elephant.offers", "{seat} offers the Elephant to {to_seat} for {price}", {param::Seat("seat", seat), param::Seat("to_seat", action.to_seat()), param::Amount("price", action.price())});
}

Status ValidateKeepElephant(const Context& ctx, int seat) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kElephantSale) return Illegal("1853.refusal.elephant.there_no_elephant_sale_now", "3.1.11", "there is no Elephant sale now");
  if (seat != s.elephant) return NotHolder(ctx);
  if (s.offer) return Illegal("1853.refusal.elephant.offer_waiting_answer", "3.1.11", "an offer is waiting for an answer");
  return OkStatus();
}

void ExecuteKeepElephant(Context& ctx, int seat) {
  ctx.Say("1853.log.elephant.keeps", "{seat} keeps the Elephant", {param::Seat("seat", seat)});
  StartRailwayRounds(ctx);  // 1.6.2, 3.5: a railway round follows the dealing round
}

Status ValidateAnswerOffer(const Context& ctx, int seat, const mailrun::v1::AnswerOffer& action) {
  const GameState& s = ctx.state;
  if (!s.offer) return Illegal("1853.refusal.elephant.there_no_offer_answer", "1.6", "there is no offer to answer");
  if (seat != s.offer->to_seat) {
    return OutOfTurn("1853.refusal.elephant.offer", s.offer->kind == PendingOffer::Kind::kElephant ? "3.1.11" : "4.8.9", fmt::format("the offer is to {}", ctx.Name(s.offer->to_seat))).With({param::Seat("seat", s.offer->to_seat)});
  }
  if (action.accept() && s.offer->kind == PendingOffer::Kind::kElephant && s.players[seat].cash < s.offer->price) {
    return Illegal("1853.refusal.elephant.you_only", "3.1.11", fmt::format("you have only {}", Money(s.players[seat].cash))).With({param::Amount("cash", s.players[seat].cash)});
  }
  if (action.accept() && s.offer->kind == PendingOffer::Kind::kTrain) return ValidateTrainOfferAcceptance(ctx);
  return OkStatus();
}

void ExecuteAnswerOffer(Context& ctx, int seat, const mailrun::v1::AnswerOffer& action) {
  GameState& s = ctx.state;
  const PendingOffer offer = *s.offer;
  s.offer.reset();
  if (offer.kind == PendingOffer::Kind::kTrain) {
    ResolveTrainOffer(ctx, offer, action.accept());
    return;
  }
  if (!action.accept()) {
    ctx.Say("1853.log.elephant.declines", "{seat} declines the Elephant", {param::Seat("seat", seat)});
    return;
  }
  s.players[seat].cash -= offer.price;
  s.players[offer.from_seat].cash += offer.price;
  s.elephant = seat;
  ctx.Say("1853.log.elephant.buys", "{seat} buys the Elephant from {from_seat} for {price}", {param::Seat("seat", seat), param::Seat("from_seat", offer.from_seat), param::Amount("price", offer.price)});
  for (int c = 0; c < kCompanies; ++c) ResolveControl(ctx, c);  // 3.4.1: a manager may follow the Elephant
  StartRailwayRounds(ctx);
}

Status ValidateCallExtraRound(const Context& ctx, int seat, const mailrun::v1::CallExtraRailwayRound&) {
  const GameState& s = ctx.state;
  if (s.stage != Stage::kExtraRound) return Illegal("1853.refusal.elephant.extra_railway_round_called_only", "4.9", "an extra railway round is called only at the end of a set");
  if (seat != s.elephant) return NotHolder(ctx);
  return OkStatus();
}

void ExecuteCallExtraRound(Context& ctx, int seat, const mailrun::v1::CallExtraRailwayRound& action) {
  if (action.call()) {
    ctx.Say("1853.log.elephant.calls_extra_round", "{seat} calls an extra railway round ({rule})", {param::Seat("seat", seat), param::Rule("rule", "4.9")});
    ctx.state.railway.extra_called = true;
    ctx.state.railway.AddRound();
    StartRailwayRound(ctx);
  } else {
    ctx.Say("1853.log.elephant.calls_no_extra_round", "{seat} calls no extra railway round", {param::Seat("seat", seat)});
    StartDealingRound(ctx, ctx.state.elephant);
  }
}

void ListElephantActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  const GameState& s = ctx.state;
  if (s.offer && s.offer->to_seat == seat) {
    for (bool accept : {true, false}) {
      mailrun::v1::Action action;
      action.mutable_answer_offer()->set_accept(accept);
      if (ValidateAnswerOffer(ctx, seat, action.answer_offer()).ok()) {
        AddLegal(out, seat, action, accept ? "Accept the offer" : "Decline the offer");
      }
    }
    return;
  }
  if (s.stage == Stage::kElephantSale && seat == s.elephant && !s.offer) {
    for (int to = 0; to < s.players_count; ++to) {
      if (to == seat) continue;
      mailrun::v1::Action action;
      action.mutable_offer_elephant()->set_to_seat(to);
      action.mutable_offer_elephant()->set_price(0);
      AddLegal(out, seat, action, fmt::format("Offer the Elephant to {}", ctx.Name(to)), 0, s.players[to].cash);
    }
    mailrun::v1::Action keep;
    keep.mutable_keep_elephant();
    AddLegal(out, seat, keep, "Keep the Elephant");
  }
  if (s.stage == Stage::kExtraRound && seat == s.elephant) {
    for (bool call : {true, false}) {
      mailrun::v1::Action action;
      action.mutable_call_extra_railway_round()->set_call(call);
      AddLegal(out, seat, action, call ? "Call one extra railway round (4.9)" : "Go on to the dealing round");
    }
  }
}

}  // namespace mailrun::engine::t1853
