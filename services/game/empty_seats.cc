#include "services/game/empty_seats.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <optional>
#include <pqxx/pqxx>
#include <vector>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "services/common/ids.h"
#include "services/common/outbox.h"
#include "services/common/refusal_details.h"
#include "services/common/transaction.h"
#include "services/common/unix_time.h"
#include "services/game/game_status.h"
#include "services/game/request_checks.h"
#include "services/game/seat_changes.h"

namespace mailrun::game {
namespace {

using mailrun::v1::SeatChoice;
using mailrun::v1::SeatStatus;
using service::TextValue;

std::string SeatBytes(const pqxx::field& field) { return field.is_null() ? std::string() : pqxx::binarystring(field).str(); }
pqxx::binarystring SeatBlob(const std::string& bytes) { return pqxx::binarystring(bytes.data(), bytes.size()); }

std::string ChoiceName(SeatChoice choice) { return choice == mailrun::v1::SEAT_CHOICE_BOT ? "bot" : "substitute"; }
SeatChoice ChoiceOf(const std::string& name) {
  return name == "bot" ? mailrun::v1::SEAT_CHOICE_BOT
         : name == "substitute" ? mailrun::v1::SEAT_CHOICE_SUBSTITUTE
                                : mailrun::v1::SEAT_CHOICE_UNSPECIFIED;
}

grpc::Status NotNowSeats(const std::string& what) {
  return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION, "mailrun.seats: " + what,
                                {"game.refusal.seats_not_now", "mailrun.seats", "illegal", "", what,
                                 {TextValue("reason", what)}});
}

grpc::Status DeniedSeats(const std::string& what) {
  return service::RefusalStatus(grpc::StatusCode::PERMISSION_DENIED, what,
                                {"game.refusal.seats_denied", "mailrun.seats", "permission_denied", "", what,
                                 {TextValue("reason", what)}});
}

// A seat to act, and how long it has waited: since it became due (games.due_since, migrations/0112),
// not since the game's last change, so another seat's move does not restart its clock.
struct DueSeat {
  int seat = 0;
  int elapsed = 0;    // whole turn deadlines since it became due (0 without a deadline)
  std::string since;  // when it became due (timestamptz as text): which wait this is
};

// The game's row as the seat calls need it.
struct SeatGameRow {
  int64_t version = 0;
  bool finished = false;
  int abandon_after = 0;
  std::string director;
  std::string host;
  std::string table_id;
  int title = 0;
  std::vector<DueSeat> due;  // the seats to act

  const DueSeat* Due(int seat) const {
    for (const auto& d : due) {
      if (d.seat == seat) return &d;
    }
    return nullptr;
  }
};

std::optional<SeatGameRow> ReadSeatGame(pqxx::work& txn, const std::string& game_id, bool lock) {
  const pqxx::result rows = txn.exec_params(
      std::string("SELECT version, status = 'finished', abandon_after_missed, director_user_id, host_user_id, table_id,"
                  " config FROM games WHERE game_id = $1") +
          (lock ? " FOR NO KEY UPDATE" : ""),
      game_id);
  if (rows.empty()) return std::nullopt;
  SeatGameRow game;
  game.version = rows[0][0].as<int64_t>();
  game.finished = rows[0][1].as<bool>();
  game.abandon_after = rows[0][2].as<int>();
  game.director = rows[0][3].as<std::string>();
  game.host = rows[0][4].as<std::string>();
  game.table_id = rows[0][5].as<std::string>();
  mailrun::v1::GameConfig config;
  if (config.ParseFromString(SeatBytes(rows[0][6]))) game.title = config.title();
  // A seat with no time in due_since (a game not moved since migration 0112) is due since the
  // game's last change.
  for (const auto& row : txn.exec_params(
           "SELECT a.seat, CASE WHEN g.turn_deadline_seconds > 0 THEN floor(extract(epoch FROM now() -"
           " coalesce(g.due_since[a.n], g.updated_at)) / g.turn_deadline_seconds)::integer ELSE 0 END,"
           " coalesce(g.due_since[a.n], g.updated_at)::text"
           " FROM games g, unnest(g.active_seats) WITH ORDINALITY AS a (seat, n) WHERE g.game_id = $1 ORDER BY a.n",
           game_id)) {
    game.due.push_back({row[0].as<int>(), std::max(0, row[1].as<int>()), row[2].as<std::string>()});
  }
  return game;
}

struct SeatHolder {
  std::string user_id;
  std::string name;
  bool bot = false;
  int missed = 0;  // counted for this holder
};

// Every seat's holder, in seat order, with the deadlines counted for them.
std::vector<SeatHolder> ReadHolders(pqxx::work& txn, const std::string& game_id) {
  std::vector<SeatHolder> holders;
  for (const auto& row : txn.exec_params(
           "SELECT p.user_id, p.display_name, p.played_by_bot, coalesce(a.missed, 0) FROM game_players p"
           " LEFT JOIN game_seat_absences a ON a.game_id = p.game_id AND a.seat = p.seat AND a.user_id = p.user_id"
           " WHERE p.game_id = $1 ORDER BY p.seat",
           game_id)) {
    holders.push_back({row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<bool>(), row[3].as<int>()});
  }
  return holders;
}

bool Abandoned(const SeatGameRow& game, const SeatHolder& holder) {
  return game.abandon_after > 0 && !holder.bot && holder.missed >= game.abandon_after;
}

// The seat of `user_id`, or -1.
int HolderSeat(const std::vector<SeatHolder>& holders, const std::string& user_id) {
  for (size_t seat = 0; seat < holders.size(); ++seat) {
    if (holders[seat].user_id == user_id) return static_cast<int>(seat);
  }
  return -1;
}

// The players who vote on `seat`: the other holders still playing (not the bot, not abandoned).
int Voters(const SeatGameRow& game, const std::vector<SeatHolder>& holders, int seat) {
  int voters = 0;
  for (size_t other = 0; other < holders.size(); ++other) {
    if (static_cast<int>(other) != seat && !holders[other].bot && !Abandoned(game, holders[other])) ++voters;
  }
  return voters;
}

int VotesNeeded(int voters) { return voters / 2 + 1; }  // a majority

SeatStatus SeatStatusOf(pqxx::work& txn, const std::string& game_id, const SeatGameRow& game,
                    const std::vector<SeatHolder>& holders, int seat) {
  const SeatHolder& holder = holders[seat];
  SeatStatus status;
  status.set_seat(seat);
  status.set_display_name(holder.name);
  status.set_missed_deadlines(holder.missed);
  status.set_abandoned(Abandoned(game, holder));
  const pqxx::result open = txn.exec_params(
      "SELECT state, decided, invited_user_id FROM game_seat_handovers WHERE game_id = $1 AND seat = $2"
      " AND leaver_user_id = $3 AND state IN ('voting', 'awaiting_invitation', 'invited')",
      game_id, seat, holder.user_id);
  if (!open.empty()) {
    const std::string state = open[0][0].as<std::string>();
    status.set_handover(state == "voting"                ? mailrun::v1::SEAT_HANDOVER_STATE_VOTING
                        : state == "awaiting_invitation" ? mailrun::v1::SEAT_HANDOVER_STATE_AWAITING_INVITATION
                                                         : mailrun::v1::SEAT_HANDOVER_STATE_INVITED);
    status.set_decided(ChoiceOf(open[0][1].as<std::string>()));
    status.set_invited_user_id(open[0][2].as<std::string>());
    for (const auto& vote : txn.exec_params(
             "SELECT voter_seat, choice FROM game_seat_votes WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3"
             " ORDER BY created_at, voter_seat",
             game_id, seat, holder.user_id)) {
      auto* out = status.add_votes();
      out->set_voter_seat(vote[0].as<int>());
      out->set_choice(ChoiceOf(vote[1].as<std::string>()));
    }
    return status;
  }
  const pqxx::result done = txn.exec_params(
      "SELECT decided, leaver_name FROM game_seat_handovers WHERE game_id = $1 AND seat = $2 AND state = 'done'"
      " ORDER BY done_at DESC LIMIT 1",
      game_id, seat);
  if (!done.empty()) {
    status.set_handover(mailrun::v1::SEAT_HANDOVER_STATE_DONE);
    status.set_decided(ChoiceOf(done[0][0].as<std::string>()));
    status.set_left_by_display_name(done[0][1].as<std::string>());
  }
  return status;
}

// Hands `seat` from its holder to `user_id` (the substitute, or SeatBotUserId for the bot): the
// engine's seat and its name stay; the seat's notes, mutes and active programmed moves were the
// leaver's and go; the handover is done and the new holder's deadlines start now.
void HandOver(pqxx::work& txn, const std::string& game_id, const SeatGameRow& game, int seat, const SeatHolder& leaver,
              const std::string& user_id, const std::string& display_name, bool bot) {
  txn.exec_params(
      "UPDATE game_players SET user_id = $3, display_name = $4, played_by_bot = $5 WHERE game_id = $1 AND seat = $2",
      game_id, seat, user_id, display_name, bot);
  mailrun::v1::GameConfig config;
  const pqxx::row stored = txn.exec_params1("SELECT config FROM games WHERE game_id = $1", game_id);
  if (!config.ParseFromString(SeatBytes(stored[0])) || seat >= config.players_size()) {
    throw std::runtime_error("game " + game_id + ": stored config does not parse");
  }
  config.mutable_players(seat)->set_user_id(user_id);  // the seat check of every call reads it (GameInfo)
  txn.exec_params("UPDATE games SET config = $2 WHERE game_id = $1", game_id, SeatBlob(config.SerializeAsString()));
  txn.exec_params("DELETE FROM game_notes WHERE game_id = $1 AND seat = $2", game_id, seat);
  txn.exec_params("DELETE FROM game_chat_mutes WHERE game_id = $1 AND seat = $2", game_id, seat);
  txn.exec_params(
      "UPDATE game_programmed_moves SET state = 'cancelled', reason = 'the seat was handed over', ended_at = now()"
      " WHERE game_id = $1 AND seat = $2 AND state = 'active'",
      game_id, seat);
  txn.exec_params(
      "UPDATE game_seat_handovers SET state = 'done', decided = $4, substitute_user_id = $5, done_at = now()"
      " WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3",
      game_id, seat, leaver.user_id, bot ? "bot" : "substitute", bot ? "" : user_id);
  // The seat's wait so far (when it is to act) was the leaver's: the new holder's starts from here.
  const DueSeat* due = game.Due(seat);
  txn.exec_params(
      "INSERT INTO game_seat_absences (game_id, seat, user_id, missed, counted_version, counted_in_wait,"
      " counted_due_since) VALUES ($1, $2, $3, 0, $4, $5, $6::timestamptz) ON CONFLICT (game_id, seat) DO UPDATE"
      " SET user_id = $3, missed = 0, counted_version = $4, counted_in_wait = $5, counted_due_since = $6::timestamptz",
      game_id, seat, user_id, game.version, due ? due->elapsed : 0,
      due ? std::optional<std::string>(due->since) : std::nullopt);
}

// The game (locked against moves meanwhile) and its holders, for a call on `seat`: a refusal when
// there is no such game or no such seat in it.
std::optional<grpc::Status> OpenSeatCall(pqxx::work& txn, const std::string& game_id, int seat,
                                         std::optional<SeatGameRow>* game, std::vector<SeatHolder>* holders) {
  *game = ReadSeatGame(txn, game_id, true);
  if (!*game) return NoSuchGame(game_id);
  *holders = ReadHolders(txn, game_id);
  if (seat >= static_cast<int>(holders->size())) return InvalidField("seat", "seat is not a seat of this game");
  return std::nullopt;
}

// Checks common to the calls on one seat.
std::optional<grpc::Status> CheckSeatRequest(const std::string& game_id, int seat) {
  if (auto bad = CheckGameId(game_id)) return Invalid(*bad);
  if (seat < 0 || seat > 5) return InvalidField("seat", "seat must be 0 to 5");
  return std::nullopt;
}

}  // namespace

std::string SeatBotUserId(int seat) { return fmt::format("seatbot:{}", seat); }

EmptySeats::EmptySeats(mailrun::service::ConnectionPool& pool, GameLoader& loader, Announcer announce,
                       std::chrono::milliseconds poll_interval)
    : pool_(pool), loader_(loader), announce_(std::move(announce)), poll_interval_(poll_interval) {}

EmptySeats::~EmptySeats() { Stop(); }

void EmptySeats::Start() {
  worker_.Start([this] { Run(); });
}

void EmptySeats::Stop() { worker_.Stop(); }

void EmptySeats::Run() {
  while (!worker_.stopping()) {
    try {
      CountMissedDeadlines();
    } catch (const std::exception& e) {
      spdlog::warn("empty seats: {} (trying again)", e.what());
    }
    if (!worker_.WaitFor(poll_interval_)) break;
  }
}

int EmptySeats::CountMissedDeadlines() {
  std::vector<std::string> games;
  {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    for (const auto& row : txn.exec(
             "SELECT game_id FROM games WHERE status = 'active' AND abandon_after_missed > 0"
             " AND turn_deadline_seconds > 0 ORDER BY game_id")) {
      games.push_back(row[0].as<std::string>());
    }
  }
  int changed = 0;
  for (const auto& game_id : games) {
    if (worker_.stopping()) break;
    changed += CountGame(game_id);
  }
  return changed;
}

int EmptySeats::CountGame(const std::string& game_id) {
  int changed = 0;
  const grpc::Status status = service::RunTransaction(pool_, [&](pqxx::work& txn) {
    changed = 0;
    const auto game = ReadSeatGame(txn, game_id, false);
    if (!game || game->finished) return grpc::Status::OK;
    const std::vector<SeatHolder> holders = ReadHolders(txn, game_id);
    // Every seat's row, locked: two counters (replicas) take turns, the second sees the first's counts.
    txn.exec_params(
        "INSERT INTO game_seat_absences (game_id, seat, user_id) SELECT game_id, seat, user_id FROM game_players"
        " WHERE game_id = $1 ON CONFLICT (game_id, seat) DO NOTHING",
        game_id);
    const pqxx::result rows = txn.exec_params(
        "SELECT seat, user_id, missed, counted_version, counted_in_wait, coalesce(counted_due_since::text, '')"
        " FROM game_seat_absences WHERE game_id = $1 ORDER BY seat FOR UPDATE",
        game_id);
    for (const auto& row : rows) {
      const int seat = row[0].as<int>();
      if (seat >= static_cast<int>(holders.size())) continue;
      const SeatHolder& holder = holders[seat];
      int missed = row[2].as<int>();
      int64_t counted_version = row[3].as<int64_t>();
      int counted_in_wait = row[4].as<int>();
      std::string counted_since = row[5].as<std::string>();
      if (row[1].as<std::string>() != holder.user_id) {  // a new holder (an account deleted meanwhile)
        missed = 0;
        counted_version = -1;
        counted_in_wait = 0;
        counted_since.clear();
      }
      const int before = missed;
      // The holder's own move since the counted version (the service's bot and programmed moves
      // carry request ids of the "service:" namespace; request_checks.h) ends the run of misses.
      const bool moved = txn.exec_params1(
                                "SELECT EXISTS (SELECT 1 FROM game_actions WHERE game_id = $1 AND seq > $2 AND seat = $3"
                                " AND user_id = $4 AND request_id NOT LIKE 'service:%')",
                                game_id, counted_version, seat, holder.user_id)[0]
                             .as<bool>();
      if (moved && missed > 0) {
        missed = 0;
        // Back before the handover was done: it is void, and its votes with it.
        txn.exec_params(
            "UPDATE game_seat_handovers SET state = 'void' WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3"
            " AND state IN ('voting', 'awaiting_invitation', 'invited')",
            game_id, seat, holder.user_id);
        txn.exec_params("DELETE FROM game_seat_votes WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3",
                        game_id, seat, holder.user_id);
      }
      // The seat's wait is the one since it became due: other seats' moves meanwhile (1853's bond
      // stage, 2.5.2.2) do not start a new one. A row last counted before migration 0112 (no time)
      // counted the wait of its version.
      const DueSeat* due = holder.bot ? nullptr : game->Due(seat);
      if (due && due->since != counted_since) {
        if (!(counted_since.empty() && counted_version == game->version)) counted_in_wait = 0;
        counted_since = due->since;
      }
      counted_version = game->version;
      if (due && due->elapsed > counted_in_wait) {
        missed += due->elapsed - counted_in_wait;
        counted_in_wait = due->elapsed;
      }
      txn.exec_params(
          "UPDATE game_seat_absences SET user_id = $3, missed = $4, counted_version = $5, counted_in_wait = $6,"
          " counted_due_since = $7::timestamptz WHERE game_id = $1 AND seat = $2",
          game_id, seat, holder.user_id, missed, counted_version, counted_in_wait,
          counted_since.empty() ? std::nullopt : std::optional<std::string>(counted_since));
      if (missed != before) ++changed;
    }
    if (changed > 0) NoteSeatChange(txn, game_id);  // the banners show the counts
    return grpc::Status::OK;
  });
  if (!status.ok()) spdlog::warn("empty seats: game {}: {}", game_id, status.error_message());
  if (status.ok() && changed > 0) announce_(game_id, false);  // wakes the streams with with_seats
  return changed;
}

grpc::Status EmptySeats::Get(const std::string& user_id, const mailrun::v1::GetSeatsRequest& request,
                             mailrun::v1::GetSeatsResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  const std::string& game_id = request.game_id();
  return service::RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    const auto game = ReadSeatGame(txn, game_id, false);
    if (!game) return NoSuchGame(game_id);
    const std::vector<SeatHolder> holders = ReadHolders(txn, game_id);
    const int your_seat = HolderSeat(holders, user_id);
    const bool invited = !txn.exec_params(
                                 "SELECT 1 FROM game_seat_handovers WHERE game_id = $1 AND invited_user_id = $2"
                                 " AND state = 'invited'",
                                 game_id, user_id)
                              .empty();
    if (your_seat < 0 && user_id != game->director && !invited) {
      return DeniedSeats("only the players of game '" + game_id + "' see its seats");
    }
    response->set_abandon_after_missed_deadlines(game->abandon_after);
    response->set_director_decides(!game->director.empty());
    response->set_your_seat(your_seat);
    // As Invite decides: the host, unless the host plays no more or is the one who left (then any
    // other player); the director in a tournament game.
    const int host_seat = game->host.empty() ? -1 : HolderSeat(holders, game->host);
    const bool host_invites = host_seat >= 0 && !Abandoned(*game, holders[host_seat]);
    response->set_you_invite(game->director.empty()
                                 ? (host_invites ? user_id == game->host : your_seat >= 0 && your_seat != host_seat)
                                 : user_id == game->director);
    int needed = 0;
    for (size_t seat = 0; seat < holders.size(); ++seat) {
      *response->add_seats() = SeatStatusOf(txn, game_id, *game, holders, static_cast<int>(seat));
      if (Abandoned(*game, holders[seat]) && needed == 0) {
        needed = game->director.empty() ? VotesNeeded(Voters(*game, holders, static_cast<int>(seat))) : 1;
      }
    }
    response->set_votes_needed(needed);
    return grpc::Status::OK;
  });
}

grpc::Status EmptySeats::Vote(const std::string& user_id, const mailrun::v1::VoteOnSeatRequest& request,
                              mailrun::v1::VoteOnSeatResponse* response) {
  if (auto bad = CheckSeatRequest(request.game_id(), request.seat())) return *bad;
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  if (request.choice() != mailrun::v1::SEAT_CHOICE_BOT && request.choice() != mailrun::v1::SEAT_CHOICE_SUBSTITUTE) {
    return InvalidField("choice", "choice must be BOT or SUBSTITUTE");
  }
  const std::string& game_id = request.game_id();
  const int seat = request.seat();
  const std::string choice = ChoiceName(request.choice());
  bool handed_over = false;
  bool voted = false;
  const grpc::Status status = service::RunTransaction(pool_, [&](pqxx::work& txn) {
    handed_over = false;
    voted = false;
    std::optional<SeatGameRow> game;
    std::vector<SeatHolder> holders;
    if (auto refused = OpenSeatCall(txn, game_id, seat, &game, &holders)) return *refused;
    // A retry of a vote already counted gets the seat as it is now.
    const pqxx::result again = txn.exec_params(
        "SELECT seat, voter_user_id, choice FROM game_seat_votes WHERE game_id = $1 AND request_id = $2", game_id,
        request.request_id());
    if (!again.empty()) {
      if (again[0][0].as<int>() != seat || again[0][1].as<std::string>() != user_id ||
          again[0][2].as<std::string>() != choice) {
        return InvalidField("request_id", "request_id '" + request.request_id() + "' was used for another vote",
                            {TextValue("request_id", request.request_id())}, "reused");
      }
      *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
      return grpc::Status::OK;
    }
    if (game->finished) return NotNowSeats("the game has finished");
    const bool director_decides = !game->director.empty();
    const int voter_seat = HolderSeat(holders, user_id);
    const SeatHolder leaver = holders[seat];
    if (director_decides) {
      if (user_id != game->director) {
        return NotNowSeats("in a tournament game the tournament's director decides, not a vote of the players");
      }
    } else {
      if (voter_seat < 0) return DeniedSeats("only the players of game '" + game_id + "' vote on its seats");
      if (voter_seat == seat) return DeniedSeats("a player does not vote on their own seat");
      if (Abandoned(*game, holders[voter_seat])) {
        return NotNowSeats("your own seat counts as abandoned: make a move of your own first");
      }
    }
    if (leaver.bot) return NotNowSeats(fmt::format("seat {} is played by the bot", seat));
    if (!Abandoned(*game, leaver)) {
      if (game->abandon_after == 0) return NotNowSeats("this game has no limit of missed turn deadlines");
      return NotNowSeats(fmt::format("seat {} has missed {} of {} turn deadlines in a row: it is not abandoned", seat,
                                     leaver.missed, game->abandon_after));
    }
    const pqxx::result handover = txn.exec_params(
        "SELECT state FROM game_seat_handovers WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3 FOR UPDATE",
        game_id, seat, leaver.user_id);
    if (handover.empty()) {
      txn.exec_params(
          "INSERT INTO game_seat_handovers (game_id, seat, leaver_user_id, leaver_name, state)"
          " VALUES ($1, $2, $3, $4, 'voting')",
          game_id, seat, leaver.user_id, leaver.name);
    } else if (handover[0][0].as<std::string>() == "void") {
      txn.exec_params(
          "UPDATE game_seat_handovers SET state = 'voting', decided = '', invited_user_id = '', opened_at = now()"
          " WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3",
          game_id, seat, leaver.user_id);
    } else if (handover[0][0].as<std::string>() != "voting") {
      return NotNowSeats(fmt::format("the handover of seat {} is decided already", seat));
    }
    const pqxx::result mine = txn.exec_params(
        "SELECT choice FROM game_seat_votes WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3"
        " AND voter_user_id = $4",
        game_id, seat, leaver.user_id, user_id);
    if (!mine.empty()) {
      if (mine[0][0].as<std::string>() != choice) {
        return NotNowSeats(fmt::format("you voted {} on seat {} already: a vote is not changed",
                                       mine[0][0].as<std::string>(), seat));
      }
      *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
      return grpc::Status::OK;  // the same vote again: one vote per player
    }
    txn.exec_params(
        "INSERT INTO game_seat_votes (game_id, seat, leaver_user_id, voter_user_id, voter_seat, choice, request_id)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
        game_id, seat, leaver.user_id, user_id, director_decides ? -1 : voter_seat, choice, request.request_id());
    NoteSeatChange(txn, game_id);
    voted = true;
    const int64_t votes = txn.exec_params1(
                                 "SELECT count(*) FROM game_seat_votes WHERE game_id = $1 AND seat = $2"
                                 " AND leaver_user_id = $3 AND choice = $4",
                                 game_id, seat, leaver.user_id, choice)[0]
                              .as<int64_t>();
    if (director_decides || votes >= VotesNeeded(Voters(*game, holders, seat))) {
      if (request.choice() == mailrun::v1::SEAT_CHOICE_BOT) {
        HandOver(txn, game_id, *game, seat, leaver, SeatBotUserId(seat), leaver.name, true);
        handed_over = true;
        holders = ReadHolders(txn, game_id);
      } else {
        txn.exec_params(
            "UPDATE game_seat_handovers SET state = 'awaiting_invitation', decided = 'substitute'"
            " WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3",
            game_id, seat, leaver.user_id);
      }
    }
    *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
    return grpc::Status::OK;
  });
  if (status.ok() && handed_over) {
    loader_.cache().Forget(game_id);
    spdlog::info("game {}: seat {} handed to the bot by vote", game_id, seat);
  }
  if (status.ok() && voted) announce_(game_id, false);  // the other players' banners read it at once
  return status;
}

grpc::Status EmptySeats::Invite(const std::string& user_id, const std::string& display_name,
                                const mailrun::v1::InviteSubstituteRequest& request,
                                mailrun::v1::InviteSubstituteResponse* response) {
  if (auto bad = CheckSeatRequest(request.game_id(), request.seat())) return *bad;
  if (auto bad = service::IdProblem("user_id", request.user_id())) return InvalidField("user_id", *bad);
  const std::string& game_id = request.game_id();
  const int seat = request.seat();
  const grpc::Status status = service::RunTransaction(pool_, [&](pqxx::work& txn) {
    std::optional<SeatGameRow> game;
    std::vector<SeatHolder> holders;
    if (auto refused = OpenSeatCall(txn, game_id, seat, &game, &holders)) return *refused;
    if (game->finished) return NotNowSeats("the game has finished");
    const SeatHolder& leaver = holders[seat];
    // Who invites: the director; else the table's host unless the host is the leaver or plays no
    // more, then any other player.
    const int caller_seat = HolderSeat(holders, user_id);
    const bool host_plays = !game->host.empty() && game->host != leaver.user_id && HolderSeat(holders, game->host) >= 0;
    const bool may = !game->director.empty() ? user_id == game->director
                     : host_plays            ? user_id == game->host
                                             : caller_seat >= 0 && caller_seat != seat;
    if (!may) return DeniedSeats("only the table's host (in a tournament game its director) invites a substitute");
    const pqxx::result open = txn.exec_params(
        "SELECT state FROM game_seat_handovers WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3"
        " AND state IN ('awaiting_invitation', 'invited') FOR UPDATE",
        game_id, seat, leaver.user_id);
    if (open.empty()) {
      return NotNowSeats(fmt::format("seat {} is not waiting for a substitute: no decision chose one", seat));
    }
    if (HolderSeat(holders, request.user_id()) >= 0) {
      return NotNowSeats("the account invited plays in this game already");
    }
    txn.exec_params(
        "UPDATE game_seat_handovers SET state = 'invited', invited_user_id = $4, invited_by_name = $5"
        " WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3",
        game_id, seat, leaver.user_id, request.user_id(), display_name);
    mailrun::v1::Event event;
    event.set_event_id(fmt::format("game:{}:seat:{}:{}:invite:{}", game_id, seat, leaver.user_id, request.user_id()));
    event.set_created_at_unix_ms(service::NowUnixMs());
    event.add_user_ids(request.user_id());
    auto* invitation = event.mutable_invitation_received();
    invitation->set_table_id(game->table_id);
    invitation->set_from_user_id(user_id);
    invitation->set_from_display_name(display_name);
    invitation->set_game_id(game_id);
    invitation->set_seat(seat);
    service::AppendOutboxEvent(txn, event);
    NoteSeatChange(txn, game_id);
    *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
    return grpc::Status::OK;
  });
  if (status.ok()) announce_(game_id, true);
  return status;
}

grpc::Status EmptySeats::Accept(const std::string& user_id, const std::string& display_name,
                                const mailrun::v1::AcceptSeatRequest& request,
                                mailrun::v1::AcceptSeatResponse* response) {
  if (auto bad = CheckSeatRequest(request.game_id(), request.seat())) return *bad;
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  const std::string& game_id = request.game_id();
  const int seat = request.seat();
  bool handed_over = false;
  const grpc::Status status = service::RunTransaction(pool_, [&](pqxx::work& txn) {
    handed_over = false;
    std::optional<SeatGameRow> game;
    std::vector<SeatHolder> holders;
    if (auto refused = OpenSeatCall(txn, game_id, seat, &game, &holders)) return *refused;
    const pqxx::result again = txn.exec_params(
        "SELECT seat, substitute_user_id FROM game_seat_handovers WHERE game_id = $1 AND accept_request_id = $2",
        game_id, request.request_id());
    if (!again.empty()) {
      if (again[0][0].as<int>() != seat || again[0][1].as<std::string>() != user_id) {
        return InvalidField("request_id", "request_id '" + request.request_id() + "' was used for another seat",
                            {TextValue("request_id", request.request_id())}, "reused");
      }
      *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
      return grpc::Status::OK;
    }
    if (game->finished) return NotNowSeats("the game has finished");
    const SeatHolder leaver = holders[seat];
    const pqxx::result invited = txn.exec_params(
        "SELECT 1 FROM game_seat_handovers WHERE game_id = $1 AND seat = $2 AND leaver_user_id = $3"
        " AND state = 'invited' AND invited_user_id = $4 FOR UPDATE",
        game_id, seat, leaver.user_id, user_id);
    if (invited.empty()) return DeniedSeats(fmt::format("you are not invited to take seat {} of this game", seat));
    if (HolderSeat(holders, user_id) >= 0) return NotNowSeats("you play in this game already");
    txn.exec_params(
        "UPDATE game_seat_handovers SET accept_request_id = $4 WHERE game_id = $1 AND seat = $2"
        " AND leaver_user_id = $3",
        game_id, seat, leaver.user_id, request.request_id());
    HandOver(txn, game_id, *game, seat, leaver, user_id, display_name.empty() ? user_id : display_name, false);
    NoteSeatChange(txn, game_id);
    handed_over = true;
    holders = ReadHolders(txn, game_id);
    *response->mutable_seat() = SeatStatusOf(txn, game_id, *game, holders, seat);
    return grpc::Status::OK;
  });
  if (status.ok() && handed_over) {
    loader_.cache().Forget(game_id);
    spdlog::info("game {}: seat {} taken by a substitute", game_id, seat);
    announce_(game_id, false);
  }
  return status;
}

grpc::Status EmptySeats::ListInvitations(const std::string& user_id,
                                         mailrun::v1::ListSeatInvitationsResponse* response) {
  return service::RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    for (const auto& row : txn.exec_params(
             "SELECT h.game_id, h.seat, h.leaver_name, g.config, h.invited_by_name FROM game_seat_handovers h"
             " JOIN games g ON g.game_id = h.game_id WHERE h.invited_user_id = $1 AND h.state = 'invited'"
             " AND g.status = 'active' ORDER BY h.opened_at",
             user_id)) {
      auto* invitation = response->add_invitations();
      invitation->set_game_id(row[0].as<std::string>());
      invitation->set_seat(row[1].as<int>());
      invitation->set_seat_display_name(row[2].as<std::string>());
      mailrun::v1::GameConfig config;
      if (config.ParseFromString(SeatBytes(row[3]))) invitation->set_title(config.title());
      invitation->set_invited_by_display_name(row[4].as<std::string>());
    }
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
