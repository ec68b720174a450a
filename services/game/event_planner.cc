#include "services/game/event_planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "engine/titles/registry.h"

namespace mailrun::game {
namespace {

using mailrun::v1::Event;

bool Contains(const std::vector<int>& seats, int seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

Event NewEvent(const std::string& id, int64_t now_unix_ms) {
  Event event;
  event.set_event_id(id);
  event.set_created_at_unix_ms(now_unix_ms);
  return event;
}

void AddEveryPlayer(const GameInfo& info, Event& event) {
  for (int seat = 0; seat < info.players(); ++seat) event.add_user_ids(info.user_of(seat));
}

// A word of a step as it goes into a key: "lay or promote track" -> "lay_or_promote_track".
std::string KeyWord(const std::string& words) {
  std::string out;
  for (const char c : words) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (c == ' ' && !out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  return out;
}

std::string RoundKindWord(mailrun::v1::RoundKind kind) {
  switch (kind) {
    case mailrun::v1::ROUND_CONTRACT_BIDS: return "contract_bids";
    case mailrun::v1::ROUND_DEALING: return "dealing";
    case mailrun::v1::ROUND_RAILWAY: return "railway";
    case mailrun::v1::ROUND_FINISHED: return "finished";
    case mailrun::v1::ROUND_PRIVATE_AUCTION: return "private_auction";
    case mailrun::v1::ROUND_STOCK: return "stock";
    case mailrun::v1::ROUND_OPERATING: return "operating";
    default: return "unknown";
  }
}

mailrun::v1::TextParam* AddParam(mailrun::v1::StructuredText& text, const char* name) {
  auto* p = text.add_params();
  p->set_name(name);
  return p;
}

// What the seat's turn asks of them, as a key and typed parameters (events.proto, YourTurn
// field 12): the round kind and the engine's step, or the offer awaiting the seat's answer
// (1853 3.1.11 / 4.8.9).
mailrun::v1::StructuredText StructuredExpected(const std::string& title, const mailrun::v1::GameView& view, int seat,
                                               const std::string& acting_for) {
  mailrun::v1::StructuredText out;
  const auto& round = view.round();
  if (view.has_pending_offer() && view.pending_offer().to_seat() == seat) {
    const auto& offer = view.pending_offer();
    const bool elephant = offer.kind() == "elephant";
    out.set_key(fmt::format("{}.turn.offer.{}", title, KeyWord(offer.kind())));
    AddParam(out, "seat")->set_seat(seat);
    AddParam(out, "from")->set_seat(offer.from_seat());
    AddParam(out, "amount")->set_amount(offer.price());
    AddParam(out, "rule")->set_rule(elephant ? "3.1.11" : "4.8.9");
    if (!elephant) {
      AddParam(out, "train")->set_train(offer.train_id());
      AddParam(out, "company")->set_company(offer.selling_company());
    }
  } else {
    out.set_key(fmt::format("{}.turn.{}{}", title, RoundKindWord(round.kind()),
                            round.step().empty() ? "" : "." + KeyWord(round.step())));
    AddParam(out, "seat")->set_seat(seat);
    if (round.number() > 0) AddParam(out, "round")->set_count(round.number());
    const std::string& company = acting_for.empty() ? round.acting_company() : acting_for;
    if (!company.empty()) AddParam(out, "company")->set_company(company);
  }
  return out;
}

// `view`: the game's TurnView after the change (its round and pending offer are read).
Event YourTurnEvent(const GameInfo& info, const mailrun::v1::GameView& view, int seat, int64_t version,
                    int64_t now_unix_ms) {
  Event event = NewEvent(fmt::format("game:{}:{}:turn:{}", info.game_id, version, seat), now_unix_ms);
  event.add_user_ids(info.user_of(seat));
  auto* turn = event.mutable_your_turn();
  turn->set_game_id(info.game_id);
  turn->set_version(version);
  turn->set_round(RoundName(view.round()));
  turn->set_expected(view.round().description());
  if ((view.round().kind() == mailrun::v1::ROUND_RAILWAY || view.round().kind() == mailrun::v1::ROUND_OPERATING) && !view.has_pending_offer()) {
    turn->set_acting_for(view.round().acting_company());
  }
  turn->set_remind_after_seconds(info.turn_deadline_seconds);
  turn->set_title(mailrun::engine::EffectiveTitle(info.config.title()));
  turn->set_round_kind(view.round().kind());
  turn->set_round_number(view.round().number());
  turn->set_railway_in_set(view.round().railway_in_set());
  turn->set_railway_set_size(view.round().railway_set_size());
  *turn->mutable_structured_expected() =
      StructuredExpected(turn->title() == mailrun::v1::TITLE_1947 ? "1947" : "1853", view, seat, turn->acting_for());
  return event;
}

}  // namespace

std::string RoundName(const mailrun::v1::RoundInfo& round) {
  switch (round.kind()) {
    case mailrun::v1::ROUND_CONTRACT_BIDS:
      return "Contract bids";
    case mailrun::v1::ROUND_DEALING:
      return fmt::format("Dealing Round {}", round.number());
    case mailrun::v1::ROUND_RAILWAY:
      if (round.railway_set_size() > 1) {
        return fmt::format("Railway Round {} ({} of {})", round.number(), round.railway_in_set(),
                           round.railway_set_size());
      }
      return fmt::format("Railway Round {}", round.number());
    case mailrun::v1::ROUND_FINISHED:
      return "Finished";
    case mailrun::v1::ROUND_PRIVATE_AUCTION:
      return "Private auction";
    case mailrun::v1::ROUND_STOCK:
      return fmt::format("Stock Round {}", round.number());
    case mailrun::v1::ROUND_OPERATING:  // 1947: the m-th operating round after stock round n is "n.m"
      if (round.railway_in_set() > 0) return fmt::format("Operating Round {}.{}", round.number(), round.railway_in_set());
      return fmt::format("Operating Round {}", round.number());
    default:
      break;
  }
  return "";
}

std::vector<Event> PlanEvents(const GameInfo& info, const mailrun::engine::Game* before,
                              const mailrun::engine::Game& after, int actor, int64_t version, int64_t now_unix_ms) {
  return PlanEvents(info, before, after, after.TurnView(), actor, version, now_unix_ms);
}

std::vector<Event> PlanEvents(const GameInfo& info, const mailrun::engine::Game* before,
                              const mailrun::engine::Game& after, const mailrun::v1::GameView& after_turn_view,
                              int actor, int64_t version, int64_t now_unix_ms) {
  std::vector<Event> events;
  const std::vector<int> was_active = before ? before->ActiveSeats() : std::vector<int>{};
  for (int seat : after.ActiveSeats()) {
    if (seat == actor || Contains(was_active, seat)) continue;
    events.push_back(YourTurnEvent(info, after_turn_view, seat, version, now_unix_ms));
  }

  // 1853 4.3.2: a returned bond's cities are public; every player is told.
  for (const mailrun::engine::RevealedBid& revealed : after.RevealedSince(before)) {
    Event event = NewEvent(fmt::format("game:{}:bond:{}", info.game_id, revealed.seat), now_unix_ms);
    AddEveryPlayer(info, event);
    auto* bond = event.mutable_bond_returned();
    bond->set_game_id(info.game_id);
    bond->set_user_id(info.user_of(revealed.seat));
    bond->set_amount(revealed.amount);
    for (const auto& city : revealed.cities) bond->add_cities(city);
    events.push_back(std::move(event));
  }

  if (after.Finished() && (before == nullptr || !before->Finished())) {
    Event event = NewEvent(fmt::format("game:{}:finished", info.game_id), now_unix_ms);
    AddEveryPlayer(info, event);
    auto* finished = event.mutable_game_finished();
    finished->set_game_id(info.game_id);
    finished->set_reason(after.EndReason());
    *finished->mutable_structured_reason() = after.EndReasonStructured();
    finished->set_table_id(info.table_id);
    finished->set_tournament_id(info.tournament_id);
    finished->set_title(mailrun::engine::EffectiveTitle(info.config.title()));
    for (const auto& score : after.Standings()) {  // in seat order
      auto* result = finished->add_results();
      result->set_user_id(info.user_of(score.seat));
      result->set_display_name(info.config.players(score.seat).display_name());
      result->set_seat(score.seat);
      result->set_final_wealth(score.wealth);
      result->set_rank(score.rank);
    }
    for (const auto& handover : info.handovers) *finished->add_handovers() = handover;  // empty_seats.h
    events.push_back(std::move(event));
  }
  return events;
}

}  // namespace mailrun::game
