#include "services/notification/event_text.h"

#include <fmt/format.h>

#include <string_view>
#include <utility>

namespace mailrun::notification {

using mailrun::v1::Event;
using mailrun::v1::EventKind;

EventKind KindOf(const Event& event) {
  switch (event.kind_case()) {
    case Event::kYourTurn: return mailrun::v1::EVENT_KIND_YOUR_TURN;
    case Event::kBondReturned: return mailrun::v1::EVENT_KIND_BOND_RETURNED;
    case Event::kGameFinished: return mailrun::v1::EVENT_KIND_GAME_FINISHED;
    case Event::kTournamentRoundStarted: return mailrun::v1::EVENT_KIND_TOURNAMENT_ROUND_STARTED;
    case Event::kInvitationReceived: return mailrun::v1::EVENT_KIND_INVITATION_RECEIVED;
    case Event::kReminder: return mailrun::v1::EVENT_KIND_REMINDER;
    case Event::kChatMention: return mailrun::v1::EVENT_KIND_CHAT_MENTION;
    case Event::kLoginCodeRequested: break;  // mailed only (EmailSender::MailLoginCode), never a notification
    case Event::KIND_NOT_SET: break;
  }
  return mailrun::v1::EVENT_KIND_UNSPECIFIED;
}

std::string KindName(EventKind kind) {
  switch (kind) {
    case mailrun::v1::EVENT_KIND_YOUR_TURN: return "your_turn";
    case mailrun::v1::EVENT_KIND_BOND_RETURNED: return "bond_returned";
    case mailrun::v1::EVENT_KIND_GAME_FINISHED: return "game_finished";
    case mailrun::v1::EVENT_KIND_TOURNAMENT_ROUND_STARTED: return "tournament_round_started";
    case mailrun::v1::EVENT_KIND_INVITATION_RECEIVED: return "invitation_received";
    case mailrun::v1::EVENT_KIND_REMINDER: return "reminder";
    case mailrun::v1::EVENT_KIND_CHAT_MENTION: return "chat_mention";
    default: return "";
  }
}

std::optional<EventKind> KindFromName(const std::string& name) {
  for (int k = mailrun::v1::EventKind_MIN; k <= mailrun::v1::EventKind_MAX; ++k) {
    const auto kind = static_cast<EventKind>(k);
    if (mailrun::v1::EventKind_IsValid(k) && !KindName(kind).empty() && KindName(kind) == name) return kind;
  }
  return std::nullopt;
}

namespace {

// Games of 1853 (and events from before titles existed) read as always; another title's events
// say which game they are about, and its money has no pound sign (1853's currency).
bool Is1853(mailrun::v1::Title title) {
  return title == mailrun::v1::TITLE_UNSPECIFIED || title == mailrun::v1::TITLE_1853;
}

std::string TitledHeading(const std::string& heading, mailrun::v1::Title title) {
  if (Is1853(title)) return heading;
  return fmt::format("{} ({})", heading, title == mailrun::v1::TITLE_1947 ? "1947" : "another game");
}

// A structured text: `key` with string parameters (name, value) or numbers; typed by their name.
mailrun::v1::StructuredText Keyed(const std::string& key,
                                  std::initializer_list<std::pair<const char*, std::string>> texts = {},
                                  std::initializer_list<std::pair<const char*, int64_t>> numbers = {}) {
  mailrun::v1::StructuredText out;
  out.set_key(key);
  for (const auto& [name, value] : texts) {
    auto* p = out.add_params();
    p->set_name(name);
    p->set_text(value);
  }
  for (const auto& [name, value] : numbers) {
    auto* p = out.add_params();
    p->set_name(name);
    if (std::string_view(name) == "amount" || std::string_view(name) == "wealth") {
      p->set_amount(value);
    } else {
      p->set_count(value);
    }
  }
  return out;
}

// The structured title: the kind's heading key, with the title of a game not of 1853.
mailrun::v1::StructuredText TitleKey(const std::string& kind, mailrun::v1::Title title) {
  if (Is1853(title)) return Keyed("notify." + kind + ".title");
  return Keyed("notify." + kind + ".title_of_title", {{"title", title == mailrun::v1::TITLE_1947 ? "1947" : "another game"}});
}

std::string JoinCities(const google::protobuf::RepeatedPtrField<std::string>& cities) {
  std::string out;
  for (const auto& city : cities) out += (out.empty() ? "" : ", ") + city;
  return out;
}

EventText DescribeFinished(const mailrun::v1::GameFinished& finished, const std::string& recipient) {
  std::string winners;
  std::string mine;
  for (const auto& result : finished.results()) {
    if (result.rank() == 1) winners += (winners.empty() ? "" : " and ") + result.display_name();
    if (result.user_id() == recipient) {
      mine = fmt::format("you finished #{} with {}{}", result.rank(), Is1853(finished.title()) ? "£" : "",
                         result.final_wealth());
    }
  }
  std::string text = fmt::format("Game {} ended ({})", finished.game_id(), finished.reason());
  if (!winners.empty()) text += fmt::format(": {} won", winners);
  if (!mine.empty()) text += fmt::format("; {}", mine);
  // The key names which parts the sentence has; the parameters are the parts' values.
  std::string key = "notify.game_finished.text";
  if (!winners.empty()) key += "_won";
  if (!mine.empty()) key += "_mine";
  int rank = 0;
  int wealth = 0;
  for (const auto& result : finished.results()) {
    if (result.user_id() == recipient) {
      rank = result.rank();
      wealth = result.final_wealth();
    }
  }
  mailrun::v1::StructuredText structured = Keyed(key, {{"game_id", finished.game_id()}, {"winners", winners}},
                                                  {{"rank", rank}, {"wealth", wealth}});
  const std::string& reason_key = finished.structured_reason().key();
  if (reason_key.empty()) {
    // An event from before structured end reasons: the reason as the English sentence it was.
    auto* reason = structured.add_params();
    reason->set_name("reason");
    reason->set_text(finished.reason());
  } else {
    // "1853.end.bank_broken" -> "notify.game_finished.1853.bank_broken[_won][_mine]", with the
    // reason's own typed parameters beside the result's.
    const size_t title_end = reason_key.find('.');
    const std::string why = reason_key.substr(reason_key.rfind('.') + 1);
    structured.set_key(fmt::format("notify.game_finished.{}.{}{}", reason_key.substr(0, title_end), why,
                                   key.substr(std::string("notify.game_finished.text").size())));
    for (const auto& param : finished.structured_reason().params()) *structured.add_params() = param;
  }
  return {TitledHeading("Game finished", finished.title()), text, TitleKey("game_finished", finished.title()),
          std::move(structured)};
}

// A turn's (or its reminder's) structured text: what the turn asks, as the game service keyed it
// (events.proto, YourTurn.structured_expected); `fallback` for events from before it did.
mailrun::v1::StructuredText ExpectedOr(const mailrun::v1::StructuredText& expected, mailrun::v1::StructuredText fallback) {
  return expected.key().empty() ? std::move(fallback) : expected;
}

}  // namespace

bool InPounds(const Event& event) {
  switch (event.kind_case()) {
    case Event::kYourTurn: return Is1853(event.your_turn().title());
    case Event::kGameFinished: return Is1853(event.game_finished().title());
    case Event::kReminder: return Is1853(event.reminder().title());
    case Event::kChatMention: return Is1853(event.chat_mention().title());
    default: return true;
  }
}

EventText DescribeEvent(const Event& event, const std::string& recipient) {
  switch (event.kind_case()) {
    case Event::kYourTurn: {
      const auto& turn = event.your_turn();
      // The game's own description usually names the round already ("Dealing Round 2: Beth
      // deals"); the round is put in front only when it does not.
      const std::string round_stem = turn.round().substr(0, turn.round().find(" ("));
      const bool names_round = !round_stem.empty() && turn.expected().rfind(round_stem, 0) == 0;
      std::string text = turn.round().empty() || names_round ? turn.expected() : turn.round() + ": " + turn.expected();
      if (!turn.acting_for().empty() && text.find("the " + turn.acting_for()) == std::string::npos) {
        text += fmt::format(" (for the {})", turn.acting_for());
      }
      return {TitledHeading("Your turn", turn.title()), text, TitleKey("your_turn", turn.title()),
              ExpectedOr(turn.structured_expected(), Keyed("notify.your_turn.text", {{"text", text}}))};
    }
    case Event::kBondReturned: {
      const auto& bond = event.bond_returned();
      // 4.3: a returned bond makes the contract cities public.
      const std::string whose = bond.user_id() == recipient ? "Your" : "A player's";
      return {"Contract bond returned",
              fmt::format("{} bond of £{} came back in game {}; cities: {}", whose, bond.amount(), bond.game_id(),
                          JoinCities(bond.cities())),
              Keyed("notify.bond_returned.title"),
              Keyed(bond.user_id() == recipient ? "notify.bond_returned.text_yours" : "notify.bond_returned.text",
                    {{"game_id", bond.game_id()}, {"cities", JoinCities(bond.cities())}}, {{"amount", bond.amount()}})};
    }
    case Event::kGameFinished: return DescribeFinished(event.game_finished(), recipient);
    case Event::kTournamentRoundStarted: {
      const auto& round = event.tournament_round_started();
      return {"Tournament round started",
              fmt::format("{}: round {} has begun; you play at table {}", round.tournament_name(), round.round(),
                          round.table_number()),
              Keyed("notify.tournament_round_started.title"),
              Keyed("notify.tournament_round_started.text", {{"tournament", round.tournament_name()}},
                    {{"round", round.round()}, {"table", round.table_number()}})};
    }
    case Event::kInvitationReceived: {
      const auto& invitation = event.invitation_received();
      if (!invitation.game_id().empty()) {  // an abandoned seat of a running game (seats.proto)
        return {"Invitation",
                fmt::format("{} invites you to take over the abandoned seat {} of game {}", invitation.from_display_name(),
                            invitation.seat(), invitation.game_id()),
                Keyed("notify.invitation_received.title"),
                Keyed("notify.invitation_received.seat_text",
                      {{"from", invitation.from_display_name()}, {"game_id", invitation.game_id()}},
                      {{"seat", invitation.seat()}})};
      }
      return {"Invitation", fmt::format("{} invites you to a table", invitation.from_display_name()),
              Keyed("notify.invitation_received.title"),
              Keyed("notify.invitation_received.text", {{"from", invitation.from_display_name()}})};
    }
    case Event::kReminder: {
      const auto& reminder = event.reminder();
      return {"Reminder: your turn", fmt::format("Game {} is waiting for you: {}", reminder.game_id(), reminder.expected()),
              Keyed("notify.reminder.title"),
              ExpectedOr(reminder.structured_expected(),
                         Keyed("notify.reminder.text", {{"game_id", reminder.game_id()}, {"expected", reminder.expected()}}))};
    }
    case Event::kChatMention: {
      // The message's own words (plain text the mentioned player may read in the game anyway).
      const auto& mention = event.chat_mention();
      return {TitledHeading("Mentioned in chat", mention.title()),
              fmt::format("{} in game {}: {}", mention.from_display_name(), mention.game_id(), mention.excerpt()),
              TitleKey("chat_mention", mention.title()),
              Keyed("notify.chat_mention.text",
                    {{"from", mention.from_display_name()}, {"game_id", mention.game_id()}, {"text", mention.excerpt()}})};
    }
    case Event::kLoginCodeRequested: break;  // never described: its code is mailed, nothing else
    case Event::KIND_NOT_SET: break;
  }
  return {"Notification", "", Keyed("notify.unknown.title"), Keyed("notify.unknown.text")};
}

}  // namespace mailrun::notification
