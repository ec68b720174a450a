#include "services/lobby/tournaments.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>

#include "services/common/auth.h"
#include "services/common/request_fingerprint.h"
#include "services/common/token.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/paging.h"
#include "services/lobby/seating.h"
#include "services/lobby/table_views.h"
#include "services/lobby/tournament_views.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

using mailrun::v1::TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS;
using mailrun::v1::TOURNAMENT_FORMAT_SWISS;

grpc::Status NoSuchTournament(const std::string& id) { return NotFound("lobby.tournament.not_found", "no tournament with id '" + id + "'", {param::Text("tournament_id", id)}); }

std::vector<PlayerId> Column(const pqxx::result& rows) {
  std::vector<PlayerId> values;
  for (const auto& row : rows) values.push_back(row[0].as<std::string>());
  return values;
}

std::vector<PlayerId> ActiveBySeed(pqxx::work& txn, const std::string& tournament_id) {
  return Column(txn.exec_params(
      "SELECT user_id FROM tournament_players WHERE tournament_id = $1 AND status = 'active'"
      " ORDER BY seed, registered_seq",
      tournament_id));
}

// The players of each counted (not void) table of `round`, by table number.
Seating TablesOfRound(pqxx::work& txn, const std::string& tournament_id, int round) {
  Seating tables;
  for (const auto& table : txn.exec_params(
           "SELECT table_id FROM lobby_tables WHERE tournament_id = $1 AND tournament_round = $2 AND status <> 'void'"
           " ORDER BY table_number",
           tournament_id, round)) {
    tables.push_back(Column(txn.exec_params(
        "SELECT user_id FROM lobby_table_players WHERE table_id = $1 ORDER BY position", table[0].as<std::string>())));
  }
  return tables;
}

// Active players in standings order.
std::vector<PlayerId> ActiveByStanding(pqxx::work& txn, const TournamentRow& t) {
  std::vector<PlayerId> order;
  for (const auto& player : LoadStandingPlayers(txn, t)) {
    if (player.status == "active") order.push_back(player.line.user_id);
  }
  return order;
}

// Keeps the players of `table` that appear in `keep`.
std::vector<PlayerId> Only(const std::vector<PlayerId>& table, const std::set<PlayerId>& keep) {
  std::vector<PlayerId> kept;
  for (const auto& player : table) {
    if (keep.count(player)) kept.push_back(player);
  }
  return kept;
}

// The seating of round `round` (see TournamentFormat in lobby.proto).
grpc::Status PlanRound(pqxx::work& txn, const TournamentRow& t, int round, Seating* tables, bool* is_final) {
  const std::vector<PlayerId> by_seed = ActiveBySeed(txn, t.tournament_id);
  if (by_seed.size() < static_cast<size_t>(kMinTableSize)) {
    return NotNow("lobby.tournament.too_few_players", "a round needs at least 3 active players; " + std::to_string(by_seed.size()) + " remain", {param::Count("players", by_seed.size())});
  }
  const std::set<PlayerId> active(by_seed.begin(), by_seed.end());
  *is_final = false;
  if (t.format == "swiss") {
    if (round == 1) {
      *tables = SeatBySnake(by_seed, t.table_size);
      return grpc::Status::OK;
    }
    MeetingHistory history;
    for (int earlier = 1; earlier < round; ++earlier) {
      for (const auto& table : TablesOfRound(txn, t.tournament_id, earlier)) history.AddTable(table);
    }
    *tables = SeatBySwiss(ActiveByStanding(txn, t), t.table_size, history);
    return grpc::Status::OK;
  }
  // Round-robin groups: the groups of round 1 (snake by seed) play together each group round.
  if (round <= t.group_rounds) {
    if (round > 1) {
      Seating groups;
      bool intact = true;
      for (const auto& table : TablesOfRound(txn, t.tournament_id, round - 1)) {
        groups.push_back(Only(table, active));
        intact = intact && groups.back().size() >= static_cast<size_t>(kMinTableSize);
      }
      if (intact) {
        *tables = groups;
        return grpc::Status::OK;
      }
    }
    *tables = SeatBySnake(by_seed, t.table_size);
    return grpc::Status::OK;
  }
  // The final: each group's best active player, then the best others.
  const std::vector<PlayerId> by_standing = ActiveByStanding(txn, t);
  std::map<PlayerId, size_t> standing;
  for (size_t i = 0; i < by_standing.size(); ++i) standing[by_standing[i]] = i;
  std::vector<PlayerId> winners;
  for (const auto& group : TablesOfRound(txn, t.tournament_id, t.group_rounds)) {
    const auto members = Only(group, active);
    if (members.empty()) continue;
    winners.push_back(*std::min_element(members.begin(), members.end(), [&](const PlayerId& a, const PlayerId& b) {
      return standing.at(a) < standing.at(b);
    }));
  }
  std::sort(winners.begin(), winners.end(),
            [&](const PlayerId& a, const PlayerId& b) { return standing.at(a) < standing.at(b); });
  const std::set<PlayerId> winner_set(winners.begin(), winners.end());
  std::vector<PlayerId> others;
  for (const auto& player : by_standing) {
    if (!winner_set.count(player)) others.push_back(player);
  }
  *tables = {SeatFinal(winners, others, t.table_size)};
  *is_final = true;
  return grpc::Status::OK;
}

// Adds a tournament table in status 'starting' with `players` seated in order; returns its id.
std::string AddRoundTable(pqxx::work& txn, const TournamentRow& t, int round, int table_number,
                          const std::vector<PlayerId>& players, bool is_final) {
  const std::string table_id = mailrun::service::RandomId();
  txn.exec_params(
      "INSERT INTO lobby_tables (table_id, name, host_user_id, edition, options, seats, player_count, is_private,"
      " turn_deadline_seconds, status, tournament_id, tournament_round, table_number, is_final, title)"
      " VALUES ($1, $2, $3, $4, $5, $6, $6, true, $7, 'starting', $8, $9, $10, $11, $12)",
      table_id, (is_final ? "Final" : "Round " + std::to_string(round)) + ", table " + std::to_string(table_number),
      t.organiser, t.edition, pqxx::binarystring(t.options.data(), t.options.size()),
      static_cast<int>(players.size()), t.turn_deadline_seconds, t.tournament_id, round, table_number, is_final,
      t.title);
  for (size_t i = 0; i < players.size(); ++i) {
    txn.exec_params("INSERT INTO lobby_table_players (table_id, user_id, position) VALUES ($1, $2, $3)", table_id,
                    players[i], static_cast<int>(i) + 1);
  }
  return table_id;
}

std::string RegistrationTime(pqxx::work& txn, const std::string& tournament_id, const std::string& column) {
  return txn
      .exec_params1("SELECT to_char(" + column + " AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC'"
                    " FROM tournaments WHERE tournament_id = $1",
                    tournament_id)[0]
      .as<std::string>();
}

}  // namespace

Tournaments::Tournaments(ConnectionPool& pool, GameStarter& starter, int64_t shortest_turn_deadline_seconds)
    : pool_(pool), starter_(starter), shortest_turn_deadline_seconds_(shortest_turn_deadline_seconds) {}

grpc::Status Tournaments::Apply(const std::string& caller, const google::protobuf::Message& request,
                           const std::string& request_id, const std::string& method,
                                const std::string& tournament_id, const Change& change,
                                mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request_id)); !status.ok()) return status;
  std::string id = tournament_id;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    return ApplyOnce(txn, {caller, request_id, method, mailrun::service::RequestFingerprint(request)}, &id, [&](std::string* result_id) {
      *result_id = tournament_id.empty() ? mailrun::service::RandomId() : tournament_id;
      id = *result_id;
      return change(txn, id);
    });
  });
  if (!status.ok()) return status;
  std::vector<std::string> starting;
  status = RunTransaction(pool_, [&](pqxx::work& txn) {
    starting = Column(txn.exec_params(
        "SELECT table_id FROM lobby_tables WHERE tournament_id = $1 AND status = 'starting' ORDER BY table_number",
        id));
    return grpc::Status::OK;
  });
  // A table whose game could not be created now stays 'starting'; the reconciler retries.
  for (const auto& table_id : starting) (void)starter_.Start(table_id);
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    auto tournament = LoadTournament(txn, id, true);
    if (!tournament) return NoSuchTournament(id);
    *response = std::move(*tournament);
    return grpc::Status::OK;
  });
}

grpc::Status Tournaments::Create(const std::string& caller, const mailrun::v1::CreateTournamentRequest& request,
                                 mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("name", CheckName("name", request.name(), 80, true)); !status.ok()) return status;
  if (auto status = InvalidIf("options", CheckGameSetup(request.title(), request.edition(), request.options())); !status.ok()) {
    return status;
  }
  if (auto status = InvalidIf("turn_deadline_seconds", CheckTurnDeadline(request.turn_deadline_seconds(), shortest_turn_deadline_seconds_)); !status.ok()) return status;
  if (request.table_size() < kMinTableSize || request.table_size() > kMaxTableSize ||
      CheckSeats(request.title(), request.table_size())) {
    return Invalid("lobby.tournament.table_size_range", "table_size", "table_size must be 3 to 6");
  }
  int rounds = 0;
  int group_rounds = 0;
  std::string format;
  if (request.format() == TOURNAMENT_FORMAT_SWISS) {
    if (request.rounds() < 1 || request.rounds() > 20) return Invalid("lobby.tournament.rounds_range", "rounds", "rounds must be 1 to 20 for a Swiss tournament");
    rounds = request.rounds();
    format = "swiss";
  } else if (request.format() == TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS) {
    if (request.group_rounds() < 1 || request.group_rounds() > 10) {
      return Invalid("lobby.tournament.group_rounds_range", "group_rounds", "group_rounds must be 1 to 10 for round-robin groups");
    }
    group_rounds = request.group_rounds();
    rounds = group_rounds + 1;
    format = "round_robin_groups";
  } else {
    return Invalid("lobby.tournament.format_required", "format", "format is required: TOURNAMENT_FORMAT_SWISS or TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS");
  }
  const int64_t now_ms = mailrun::service::UnixNow() * 1000;
  const int64_t opens = request.registration_opens_at_unix_ms() == 0 ? now_ms : request.registration_opens_at_unix_ms();
  if (request.registration_closes_at_unix_ms() <= now_ms || request.registration_closes_at_unix_ms() <= opens) {
    return Invalid("lobby.tournament.registration_window", "registration_closes_at_unix_ms", "registration_closes_at_unix_ms must be in the future and after registration_opens_at_unix_ms");
  }
  if (auto problem = CheckPlayable(request.title(), request.edition())) return NotNow("lobby.tournament.not_playable", *problem, {param::Text("reason", *problem)});
  return Apply(caller, request, request.request_id(), "CreateTournament", "", [&](pqxx::work& txn, const std::string& id) {
    const std::string options = request.options().SerializeAsString();
    txn.exec_params(
        "INSERT INTO tournaments (tournament_id, name, organiser_user_id, edition, options, format, table_size,"
        " rounds, group_rounds, registration_opens_at, registration_closes_at, status, turn_deadline_seconds, title)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10 / 1000.0), to_timestamp($11 / 1000.0),"
        " 'registration', $12, $13)",
        id, request.name(), caller, static_cast<int>(EffectiveEdition(request.title(), request.edition())),
        pqxx::binarystring(options.data(), options.size()), format, request.table_size(), rounds, group_rounds, opens,
        request.registration_closes_at_unix_ms(), request.turn_deadline_seconds(),
        static_cast<int>(EffectiveTitle(request.title())));
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tournaments::List(const mailrun::v1::ListTournamentsRequest& request,
                               mailrun::v1::ListTournamentsResponse* response) {
  const auto page = ParsePage(request.page());
  if (!page) return Invalid("lobby.request.page_invalid", "page_token", PageProblem());
  std::string status_name;
  switch (request.status()) {
    case mailrun::v1::TOURNAMENT_STATUS_UNSPECIFIED: break;
    case mailrun::v1::TOURNAMENT_STATUS_REGISTRATION: status_name = "registration"; break;
    case mailrun::v1::TOURNAMENT_STATUS_RUNNING: status_name = "running"; break;
    case mailrun::v1::TOURNAMENT_STATUS_FINISHED: status_name = "finished"; break;
    default: return Invalid("lobby.tournament.status_unknown", "status", "status is unknown");
  }
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    const pqxx::result rows = txn.exec_params(
        "SELECT tournament_id, seq FROM tournaments WHERE ($1 = '' OR status = $1) AND ($2 = 0 OR seq < $2)"
        " ORDER BY seq DESC LIMIT $3",
        status_name, page->after, page->size + 1);
    for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page->size; ++i) {
      if (auto t = LoadTournament(txn, rows[i][0].as<std::string>(), false)) *response->add_tournaments() = *t;
    }
    if (static_cast<int>(rows.size()) > page->size) {
      response->mutable_page()->set_next_page_token(PageToken(rows[page->size - 1][1].as<int64_t>()));
    }
    return grpc::Status::OK;
  });
}

grpc::Status Tournaments::Get(const mailrun::v1::GetTournamentRequest& request, mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    auto tournament = LoadTournament(txn, request.tournament_id(), true);
    if (!tournament) return NoSuchTournament(request.tournament_id());
    *response = std::move(*tournament);
    return grpc::Status::OK;
  });
}

grpc::Status Tournaments::Register(const std::string& caller,
                                   const mailrun::v1::RegisterForTournamentRequest& request,
                                   mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  const std::string& id = request.tournament_id();
  return Apply(caller, request, request.request_id(), "RegisterForTournament", id, [&](pqxx::work& txn, const std::string&) {
    const auto t = ReadTournament(txn, id, true);
    if (!t) return NoSuchTournament(id);
    if (t->status != "registration") return NotNow("lobby.tournament.registration_over", "registration has closed: the tournament has started");
    const pqxx::row window = txn.exec_params1(
        "SELECT now() < registration_opens_at, now() >= registration_closes_at FROM tournaments"
        " WHERE tournament_id = $1",
        id);
    if (window[0].as<bool>()) {
      const std::string at = RegistrationTime(txn, id, "registration_opens_at");
      return NotNow("lobby.tournament.registration_not_open", "registration opens at " + at, {param::Text("time", at)});
    }
    if (window[1].as<bool>()) {
      const std::string at = RegistrationTime(txn, id, "registration_closes_at");
      return NotNow("lobby.tournament.registration_closed", "registration closed at " + at, {param::Text("time", at)});
    }
    const pqxx::result existing = txn.exec_params(
        "SELECT status FROM tournament_players WHERE tournament_id = $1 AND user_id = $2", id, caller);
    if (!existing.empty()) {
      return existing[0][0].as<std::string>() == "active"
                 ? NotNow("lobby.tournament.already_registered", "you are already registered for this tournament")
                 : NotNow("lobby.tournament.dropped", "the organiser dropped you from this tournament");
    }
    txn.exec_params("INSERT INTO tournament_players (tournament_id, user_id, status) VALUES ($1, $2, 'active')", id,
                    caller);
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tournaments::Withdraw(const std::string& caller,
                                   const mailrun::v1::WithdrawFromTournamentRequest& request,
                                   mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  const std::string& id = request.tournament_id();
  return Apply(caller, request, request.request_id(), "WithdrawFromTournament", id, [&](pqxx::work& txn, const std::string&) {
    const auto t = ReadTournament(txn, id, true);
    if (!t) return NoSuchTournament(id);
    if (t->status == "finished") return NotNow("lobby.tournament.finished", "the tournament has finished");
    const pqxx::result existing = txn.exec_params(
        "SELECT status FROM tournament_players WHERE tournament_id = $1 AND user_id = $2", id, caller);
    if (existing.empty()) return NotNow("lobby.tournament.not_registered", "you are not registered for this tournament");
    if (existing[0][0].as<std::string>() != "active") return NotNow("lobby.tournament.already_left", "you have already left this tournament");
    if (t->status == "registration") {
      txn.exec_params("DELETE FROM tournament_players WHERE tournament_id = $1 AND user_id = $2", id, caller);
    } else {
      txn.exec_params(
          "UPDATE tournament_players SET status = 'withdrawn' WHERE tournament_id = $1 AND user_id = $2", id, caller);
    }
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tournaments::StartRound(const std::string& caller,
                                     const mailrun::v1::StartTournamentRoundRequest& request,
                                     mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  if (request.round() < 1) return Invalid("lobby.tournament.round_range", "round", "round must be 1 or more");
  const std::string& id = request.tournament_id();
  const int round = request.round();
  return Apply(caller, request, request.request_id(), "StartTournamentRound", id, [&](pqxx::work& txn, const std::string&) {
    const auto t = ReadTournament(txn, id, true);
    if (!t) return NoSuchTournament(id);
    if (t->organiser != caller) return Denied("lobby.tournament.organiser_only", "only the organiser can start a round");
    if (t->status == "finished") return NotNow("lobby.tournament.finished", "the tournament has finished");
    if (round > t->rounds) return NotNow("lobby.tournament.no_such_round", "the tournament has " + std::to_string(t->rounds) + " rounds", {param::Count("rounds", t->rounds)});
    if (round != t->current_round + 1) {
      return NotNow("lobby.tournament.round_out_of_order", "round " + std::to_string(t->current_round + 1) + " is the next round to start", {param::Count("round", t->current_round + 1)});
    }
    if (t->current_round > 0 && RoundsCompleted(txn, *t) < t->current_round) {
      return NotNow("lobby.tournament.round_in_play", "round " + std::to_string(t->current_round) + " is still being played", {param::Count("round", t->current_round)});
    }
    if (round == 1) {
      // Seeds: overall rating, then registration order.
      txn.exec_params(
          "UPDATE tournament_players p SET seed = s.seed FROM (SELECT p2.user_id, row_number() OVER ("
          "  ORDER BY coalesce(r.rating, 1500) DESC, p2.registered_seq) AS seed"
          "  FROM tournament_players p2 LEFT JOIN ratings r ON r.user_id = p2.user_id AND r.title = 0 AND r.edition = 0"
          "  WHERE p2.tournament_id = $1 AND p2.status = 'active') s"
          " WHERE p.tournament_id = $1 AND p.user_id = s.user_id",
          id);
    }
    Seating tables;
    bool is_final = false;
    if (auto planned = PlanRound(txn, *t, round, &tables, &is_final); !planned.ok()) return planned;
    for (size_t i = 0; i < tables.size(); ++i) {
      AddRoundTable(txn, *t, round, static_cast<int>(i) + 1, tables[i], is_final);
    }
    txn.exec_params("UPDATE tournaments SET current_round = $2, status = 'running' WHERE tournament_id = $1", id,
                    round);
    spdlog::info("tournament {}: round {} seated at {} tables", id, round, tables.size());
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tournaments::DropPlayer(const std::string& caller, const mailrun::v1::DropPlayerRequest& request,
                                     mailrun::v1::Tournament* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  if (auto status = InvalidIf("user_id", CheckId("user_id", request.user_id())); !status.ok()) return status;
  const std::string& id = request.tournament_id();
  return Apply(caller, request, request.request_id(), "DropPlayer", id, [&](pqxx::work& txn, const std::string&) {
    const auto t = ReadTournament(txn, id, true);
    if (!t) return NoSuchTournament(id);
    if (t->organiser != caller) return Denied("lobby.tournament.organiser_only", "only the organiser can drop players");
    if (t->status == "finished") return NotNow("lobby.tournament.finished", "the tournament has finished");
    const pqxx::result player = txn.exec_params(
        "SELECT status FROM tournament_players WHERE tournament_id = $1 AND user_id = $2", id, request.user_id());
    if (player.empty()) return NotFound("lobby.tournament.player_not_registered", "user '" + request.user_id() + "' is not registered for this tournament", {param::Text("user_id", request.user_id())});
    if (player[0][0].as<std::string>() != "active") return NotNow("lobby.tournament.player_already_left", "the player has already left this tournament");
    txn.exec_params("UPDATE tournament_players SET status = 'dropped' WHERE tournament_id = $1 AND user_id = $2", id,
                    request.user_id());
    if (!request.reseat()) return grpc::Status::OK;

    const std::string round_text = std::to_string(t->current_round);
    const pqxx::result own = txn.exec_params(
        "SELECT t.table_id, t.is_final FROM lobby_tables t JOIN lobby_table_players p USING (table_id)"
        " WHERE t.tournament_id = $1 AND t.tournament_round = $2 AND p.user_id = $3"
        " AND t.status IN ('starting', 'playing') FOR UPDATE OF t",
        id, t->current_round, request.user_id());
    if (own.empty()) return NotNow("lobby.tournament.nothing_to_reseat", "the player has no unfinished table in round " + round_text + " to re-seat", {param::Text("round", round_text)});
    const std::string table_id = own[0][0].as<std::string>();
    std::vector<PlayerId> seated = Column(txn.exec_params(
        "SELECT user_id FROM lobby_table_players WHERE table_id = $1 AND user_id <> $2 ORDER BY position", table_id,
        request.user_id()));
    std::vector<std::string> cancelled = {table_id};
    if (seated.size() < static_cast<size_t>(kMinTableSize)) {
      const pqxx::result other = txn.exec_params(
          "SELECT table_id FROM lobby_tables WHERE tournament_id = $1 AND tournament_round = $2 AND table_id <> $3"
          " AND status IN ('starting', 'playing') AND player_count + $4 <= 6"
          " ORDER BY player_count, table_number LIMIT 1 FOR UPDATE",
          id, t->current_round, table_id, static_cast<int>(seated.size()));
      if (other.empty()) {
        return NotNow("lobby.tournament.reseat_too_few", "cannot re-seat: only " + std::to_string(seated.size()) + " players would remain at their "
                      "table and no other unfinished table of round " + round_text +
                      " has room for them; drop without reseat", {param::Count("players", seated.size()), param::Text("round", round_text)});
      }
      const std::string merged = other[0][0].as<std::string>();
      std::vector<PlayerId> joined = Column(txn.exec_params(
          "SELECT user_id FROM lobby_table_players WHERE table_id = $1 ORDER BY position", merged));
      joined.insert(joined.end(), seated.begin(), seated.end());
      seated = joined;
      cancelled.push_back(merged);
    }
    txn.exec_params("UPDATE lobby_tables SET status = 'void', finished_at = now() WHERE table_id = ANY($1::text[])",
                    TextArray(cancelled));
    const int next_number = txn.exec_params1(
        "SELECT coalesce(max(table_number), 0) + 1 FROM lobby_tables"
        " WHERE tournament_id = $1 AND tournament_round = $2",
        id, t->current_round)[0].as<int>();
    AddRoundTable(txn, *t, t->current_round, next_number, seated, own[0][1].as<bool>());
    spdlog::info("tournament {}: re-seated {} players of round {} after a drop", id, seated.size(), round_text);
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tournaments::Standings(const mailrun::v1::GetStandingsRequest& request,
                                    mailrun::v1::Standings* response) {
  if (auto status = InvalidIf("tournament_id", CheckId("tournament_id", request.tournament_id())); !status.ok()) return status;
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    const auto t = ReadTournament(txn, request.tournament_id(), false);
    if (!t) return NoSuchTournament(request.tournament_id());
    response->Clear();
    response->set_tournament_id(t->tournament_id);
    response->set_rounds_completed(RoundsCompleted(txn, *t));
    for (const auto& player : LoadStandingPlayers(txn, *t)) {
      auto* standing = response->add_standings();
      standing->set_position(player.line.position);
      standing->mutable_player()->set_user_id(player.line.user_id);
      standing->mutable_player()->set_display_name(player.display_name);
      standing->set_placement_points(player.line.placement_points);
      standing->set_wealth_share(player.line.wealth_share);
      standing->set_games(player.line.games);
      standing->set_status(PlayerStatusFromName(player.status));
      standing->set_final_place(player.line.final_place);
    }
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::lobby
