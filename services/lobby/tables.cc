#include "services/lobby/tables.h"

#include <sodium.h>

#include "services/common/request_fingerprint.h"
#include "services/common/token.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/paging.h"
#include "services/lobby/seating.h"
#include "services/lobby/table_views.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

// The locked row of a table.
struct TableRow {
  std::string table_id;
  std::string host;
  std::string status;
  int seats = 0;
  int player_count = 0;
  bool is_private = false;
  bool tournament = false;
};

constexpr const char* kTableColumns =
    "table_id, host_user_id, status, seats, player_count, is_private, tournament_id IS NOT NULL";

std::optional<TableRow> RowFrom(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  TableRow row;
  row.table_id = rows[0][0].as<std::string>();
  row.host = rows[0][1].as<std::string>();
  row.status = rows[0][2].as<std::string>();
  row.seats = rows[0][3].as<int>();
  row.player_count = rows[0][4].as<int>();
  row.is_private = rows[0][5].as<bool>();
  row.tournament = rows[0][6].as<bool>();
  return row;
}

std::optional<TableRow> LockTable(pqxx::work& txn, const std::string& table_id) {
  return RowFrom(txn.exec_params(
      std::string("SELECT ") + kTableColumns + " FROM lobby_tables WHERE table_id = $1 FOR UPDATE", table_id));
}

bool Exists(pqxx::work& txn, const std::string& sql, const std::string& table_id, const std::string& user_id) {
  return !txn.exec_params(sql, table_id, user_id).empty();
}

bool IsSeated(pqxx::work& txn, const std::string& table_id, const std::string& user_id) {
  return Exists(txn, "SELECT 1 FROM lobby_table_players WHERE table_id = $1 AND user_id = $2", table_id, user_id);
}

// Why an open-table operation is not possible in this status.
grpc::Status NotOpen(const TableRow& row) {
  if (row.status == "closed") return NotNow("lobby.table.closed", "the table is closed: everyone left");
  if (row.status == "void") return NotNow("lobby.table.cancelled", "the table was cancelled by the tournament organiser");
  return NotNow("lobby.table.started", "the table has already started");
}

std::string FullMessage(const TableRow& row) {
  return "the table is full (" + std::to_string(row.player_count) + " of " + std::to_string(row.seats) +
         " seats taken)";
}

grpc::Status NoSuchTable(const std::string& table_id) { return NotFound("lobby.table.not_found", "no table with id '" + table_id + "'", {param::Text("table_id", table_id)}); }

// Locks an existing table into *row.
grpc::Status LockExisting(pqxx::work& txn, const std::string& table_id, TableRow* row) {
  auto locked = LockTable(txn, table_id);
  if (!locked) return NoSuchTable(table_id);
  *row = std::move(*locked);
  return grpc::Status::OK;
}

// Locks an open table for a change only its host may make ("only the host can <what>").
grpc::Status LockOpenAsHost(pqxx::work& txn, const std::string& table_id, const std::string& caller,
                            const std::string& what, TableRow* row) {
  if (auto status = LockExisting(txn, table_id, row); !status.ok()) return status;
  if (row->host != caller) return Denied("lobby.table.host_only", "only the host can " + what, {param::Text("what", what)});
  if (row->status != "open") return NotOpen(*row);
  return grpc::Status::OK;
}

}  // namespace

std::string NewInvitationCode() {
  static constexpr char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  std::string code(10, ' ');
  for (char& c : code) c = kAlphabet[randombytes_uniform(sizeof kAlphabet - 1)];
  return code;
}

Tables::Tables(ConnectionPool& pool, GameStarter& starter, EventWriter events, int64_t shortest_turn_deadline_seconds)
    : pool_(pool),
      starter_(starter),
      events_(std::move(events)),
      shortest_turn_deadline_seconds_(shortest_turn_deadline_seconds) {}

grpc::Status Tables::Apply(const std::string& caller, const google::protobuf::Message& request,
                           const std::string& request_id, const std::string& method,
                           bool may_start, const Change& change, mailrun::v1::Table* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request_id)); !status.ok()) return status;
  std::string table_id;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    return ApplyOnce(txn, {caller, request_id, method, mailrun::service::RequestFingerprint(request)}, &table_id,
                     [&](std::string* result_id) { return change(txn, result_id); });
  });
  if (!status.ok()) return status;
  // A failure here leaves the table 'starting'; the reconciler will create the game.
  if (may_start) (void)starter_.Start(table_id);
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    auto table = LoadTable(txn, table_id, caller);
    if (!table) return NoSuchTable(table_id);
    *response = std::move(*table);
    return grpc::Status::OK;
  });
}

grpc::Status Tables::Create(const std::string& caller, const mailrun::v1::CreateTableRequest& request,
                            mailrun::v1::Table* response) {
  if (auto status = InvalidIf("name", CheckName("name", request.name(), 60, false)); !status.ok()) return status;
  if (auto status = InvalidIf("seats", CheckSeats(request.title(), request.seats())); !status.ok()) return status;
  if (auto status = InvalidIf("options", CheckGameSetup(request.title(), request.edition(), request.options())); !status.ok()) {
    return status;
  }
  if (auto status = InvalidIf("turn_deadline_seconds", CheckTurnDeadline(request.turn_deadline_seconds(), shortest_turn_deadline_seconds_)); !status.ok()) return status;
  const int abandon_after = request.has_abandon_after_missed_deadlines() ? request.abandon_after_missed_deadlines()
                                                                          : kDefaultAbandonAfterMissed;
  if (abandon_after < 0 || abandon_after > kMaxAbandonAfterMissed) {
    return Invalid("lobby.table.bad_abandon_after", "abandon_after_missed_deadlines",
                   "abandon_after_missed_deadlines must be 0 (never) to 20",
                   {param::Count("abandon_after_missed_deadlines", abandon_after)});
  }
  if (auto problem = CheckPlayable(request.title(), request.edition())) return NotNow("lobby.table.not_playable", *problem, {param::Text("reason", *problem)});
  return Apply(caller, request, request.request_id(), "CreateTable", false, [&](pqxx::work& txn, std::string* table_id) {
    *table_id = mailrun::service::RandomId();
    const std::string options = request.options().SerializeAsString();
    txn.exec_params(
        "INSERT INTO lobby_tables (table_id, name, host_user_id, edition, options, seats, player_count, is_private,"
        " invitation_code, turn_deadline_seconds, status, title, abandon_after_missed) VALUES ($1, $2, $3, $4, $5, $6,"
        " 1, $7, NULLIF($8, ''), $9, 'open', $10, $11)",
        *table_id, request.name(), caller, static_cast<int>(EffectiveEdition(request.title(), request.edition())),
        pqxx::binarystring(options.data(), options.size()), request.seats(), request.is_private(),
        request.is_private() ? NewInvitationCode() : std::string(), request.turn_deadline_seconds(),
        static_cast<int>(EffectiveTitle(request.title())), abandon_after);
    txn.exec_params("INSERT INTO lobby_table_players (table_id, user_id, position) VALUES ($1, $2, 1)", *table_id,
                    caller);
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tables::List(const std::string& caller, const mailrun::v1::ListTablesRequest& request,
                          mailrun::v1::ListTablesResponse* response) {
  const auto page = ParsePage(request.page());
  if (!page) return Invalid("lobby.request.page_invalid", "page_token", PageProblem());
  if (!mailrun::v1::Edition_IsValid(request.edition())) return Invalid("lobby.request.edition_unknown", "edition", "edition is unknown");
  if (!mailrun::v1::Title_IsValid(request.title())) return Invalid("lobby.request.title_unknown", "title", "title is unknown");
  if (request.min_open_seats() < 0 || request.min_open_seats() > kMaxTableSize) {
    return Invalid("lobby.table.min_open_seats_range", "min_open_seats", "min_open_seats must be 0 to 6");
  }
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    pqxx::result rows;
    if (request.mine()) {
      rows = txn.exec_params(
          "SELECT t.table_id, t.seq FROM lobby_tables t"
          " WHERE EXISTS (SELECT 1 FROM lobby_table_players p WHERE p.table_id = t.table_id AND p.user_id = $1)"
          " AND ($2 = 0 OR t.seq < $2) ORDER BY t.seq DESC LIMIT $3",
          caller, page->after, page->size + 1);
    } else {
      rows = txn.exec_params(
          "SELECT t.table_id, t.seq FROM lobby_tables t"
          " WHERE t.status = 'open' AND t.tournament_id IS NULL AND ($2 = 0 OR t.seq < $2)"
          " AND ($4 = 0 OR t.edition = $4) AND ($7 = 0 OR t.title = $7) AND t.seats - t.player_count >= $5"
          " AND (NOT t.is_private OR (NOT $6 AND (t.host_user_id = $1"
          "   OR EXISTS (SELECT 1 FROM lobby_table_players p WHERE p.table_id = t.table_id AND p.user_id = $1)"
          "   OR EXISTS (SELECT 1 FROM lobby_table_invitations i WHERE i.table_id = t.table_id AND i.user_id = $1))))"
          " ORDER BY t.seq DESC LIMIT $3",
          caller, page->after, page->size + 1, static_cast<int>(request.edition()), request.min_open_seats(),
          request.public_only(), static_cast<int>(request.title()));
    }
    std::vector<std::string> ids;
    for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page->size; ++i) {
      ids.push_back(rows[i][0].as<std::string>());
    }
    for (auto& table : LoadTables(txn, ids, caller)) *response->add_tables() = std::move(table);
    if (static_cast<int>(rows.size()) > page->size) {
      response->mutable_page()->set_next_page_token(PageToken(rows[page->size - 1][1].as<int64_t>()));
    }
    return grpc::Status::OK;
  });
}

grpc::Status Tables::Get(const std::string& caller, const mailrun::v1::GetTableRequest& request,
                         mailrun::v1::Table* response) {
  if (auto status = InvalidIf("table_id", CheckId("table_id", request.table_id())); !status.ok()) return status;
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    auto table = LoadTable(txn, request.table_id(), caller);
    if (!table) return NoSuchTable(request.table_id());
    *response = std::move(*table);
    return grpc::Status::OK;
  });
}

grpc::Status Tables::Join(const std::string& caller, const mailrun::v1::JoinTableRequest& request,
                          mailrun::v1::Table* response) {
  if (request.table_id().empty() == request.invitation_code().empty()) {
    return Invalid("lobby.table.join_needs_one_of", "table_id", "give exactly one of table_id and invitation_code");
  }
  if (auto status = InvalidIf("table_id", CheckOptionalId("table_id", request.table_id())); !status.ok()) return status;
  if (auto status = InvalidIf("invitation_code", CheckOptionalId("invitation_code", request.invitation_code())); !status.ok()) {
    return status;
  }
  return Apply(caller, request, request.request_id(), "JoinTable", true, [&](pqxx::work& txn, std::string* table_id) {
    std::optional<TableRow> row;
    if (!request.table_id().empty()) {
      row = LockTable(txn, request.table_id());
      if (!row) return NoSuchTable(request.table_id());
    } else {
      row = RowFrom(txn.exec_params(
          std::string("SELECT ") + kTableColumns + " FROM lobby_tables WHERE invitation_code = $1 FOR UPDATE",
          request.invitation_code()));
      if (!row) return NotFound("lobby.table.invitation_code_unknown", "no table has that invitation code");
    }
    *table_id = row->table_id;
    if (row->tournament) return NotNow("lobby.table.tournament_seated", "tournament tables are seated by the tournament's organiser");
    if (row->status != "open") {
      if (row->player_count >= row->seats && (row->status == "starting" || row->status == "playing")) {
        return NotNow("lobby.table.full_and_started", FullMessage(*row) + " and its game has started", {param::Count("players", row->player_count), param::Count("seats", row->seats)});
      }
      return NotOpen(*row);
    }
    if (Exists(txn, "SELECT 1 FROM lobby_table_kicks WHERE table_id = $1 AND user_id = $2", row->table_id, caller)) {
      return Denied("lobby.table.removed_by_host", "the host removed you from this table");
    }
    if (IsSeated(txn, row->table_id, caller)) return NotNow("lobby.table.already_seated", "you already sit at this table");
    if (row->is_private && request.invitation_code().empty() &&
        !Exists(txn, "SELECT 1 FROM lobby_table_invitations WHERE table_id = $1 AND user_id = $2", row->table_id,
                caller)) {
      return Denied("lobby.table.private", "the table is private: join with its invitation code or an invitation from the host");
    }
    if (row->player_count >= row->seats) return NotNow("lobby.table.full", FullMessage(*row), {param::Count("players", row->player_count), param::Count("seats", row->seats)});
    txn.exec_params(
        "INSERT INTO lobby_table_players (table_id, user_id, position)"
        " SELECT $1, $2, coalesce(max(position), 0) + 1 FROM lobby_table_players WHERE table_id = $1",
        row->table_id, caller);
    const bool full = row->player_count + 1 == row->seats;
    txn.exec_params(
        "UPDATE lobby_tables SET player_count = player_count + 1, status = CASE WHEN $2 THEN 'starting' ELSE status END"
        " WHERE table_id = $1",
        row->table_id, full);
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tables::Leave(const std::string& caller, const mailrun::v1::LeaveTableRequest& request,
                           mailrun::v1::Table* response) {
  if (auto status = InvalidIf("table_id", CheckId("table_id", request.table_id())); !status.ok()) return status;
  return Apply(caller, request, request.request_id(), "LeaveTable", false, [&](pqxx::work& txn, std::string* table_id) {
    *table_id = request.table_id();
    TableRow locked;
    if (auto status = LockExisting(txn, request.table_id(), &locked); !status.ok()) return status;
    const TableRow* row = &locked;
    if (!IsSeated(txn, row->table_id, caller)) return NotNow("lobby.table.not_seated", "you do not sit at this table");
    if (row->status != "open") return NotNow("lobby.table.leave_after_start", "the game has started: a started table cannot be left");
    txn.exec_params("DELETE FROM lobby_table_players WHERE table_id = $1 AND user_id = $2", row->table_id, caller);
    txn.exec_params("UPDATE lobby_tables SET player_count = player_count - 1 WHERE table_id = $1", row->table_id);
    if (row->host == caller) {
      const pqxx::result next = txn.exec_params(
          "SELECT user_id FROM lobby_table_players WHERE table_id = $1 ORDER BY position LIMIT 1", row->table_id);
      if (next.empty()) {
        txn.exec_params("UPDATE lobby_tables SET status = 'closed' WHERE table_id = $1", row->table_id);
      } else {
        txn.exec_params("UPDATE lobby_tables SET host_user_id = $2 WHERE table_id = $1", row->table_id,
                        next[0][0].as<std::string>());
      }
    }
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tables::Kick(const std::string& caller, const mailrun::v1::KickPlayerRequest& request,
                          mailrun::v1::Table* response) {
  if (auto status = InvalidIf("table_id", CheckId("table_id", request.table_id())); !status.ok()) return status;
  if (auto status = InvalidIf("user_id", CheckId("user_id", request.user_id())); !status.ok()) return status;
  if (request.user_id() == caller) return Invalid("lobby.table.host_cannot_remove_self", "user_id", "the host cannot remove themselves; use LeaveTable");
  return Apply(caller, request, request.request_id(), "KickPlayer", false, [&](pqxx::work& txn, std::string* table_id) {
    *table_id = request.table_id();
    TableRow locked;
    const grpc::Status allowed =
        LockOpenAsHost(txn, request.table_id(), caller, "remove players from the table", &locked);
    if (!allowed.ok()) return allowed;
    const TableRow* row = &locked;
    if (!IsSeated(txn, row->table_id, request.user_id())) {
      return NotFound("lobby.table.user_not_seated", "user '" + request.user_id() + "' does not sit at this table", {param::Text("user_id", request.user_id())});
    }
    txn.exec_params("DELETE FROM lobby_table_players WHERE table_id = $1 AND user_id = $2", row->table_id,
                    request.user_id());
    txn.exec_params("UPDATE lobby_tables SET player_count = player_count - 1 WHERE table_id = $1", row->table_id);
    txn.exec_params("INSERT INTO lobby_table_kicks (table_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    row->table_id, request.user_id());
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tables::Invite(const std::string& caller, const mailrun::v1::InvitePlayersRequest& request,
                            mailrun::v1::Table* response) {
  if (auto status = InvalidIf("table_id", CheckId("table_id", request.table_id())); !status.ok()) return status;
  if (request.display_names_size() < 1 || request.display_names_size() > 20) {
    return Invalid("lobby.table.invitees_count", "display_names", "display_names must name 1 to 20 users");
  }
  for (const std::string& name : request.display_names()) {
    if (auto problem = CheckDisplayName(name)) return Invalid("lobby.invalid.display_names", "display_names", "display_names: " + *problem, {param::Text("reason", *problem)});
  }
  return Apply(caller, request, request.request_id(), "InvitePlayers", false, [&](pqxx::work& txn, std::string* table_id) {
    *table_id = request.table_id();
    TableRow locked;
    const grpc::Status allowed =
        LockOpenAsHost(txn, request.table_id(), caller, "invite players to the table", &locked);
    if (!allowed.ok()) return allowed;
    const TableRow* row = &locked;
    mailrun::v1::Event event = NewLobbyEvent("lobby-invitation-" + mailrun::service::RandomId());
    for (const std::string& name : request.display_names()) {
      const pqxx::result user =
          txn.exec_params("SELECT user_id FROM users WHERE lower(display_name) = lower($1)", name);
      if (user.empty()) return NotFound("lobby.table.invitee_unknown", "no user named '" + name + "'", {param::Text("display_name", name)});
      const std::string invitee = user[0][0].as<std::string>();
      if (invitee == caller || IsSeated(txn, row->table_id, invitee)) continue;
      // An invitation overrides an earlier kick.
      txn.exec_params("DELETE FROM lobby_table_kicks WHERE table_id = $1 AND user_id = $2", row->table_id, invitee);
      const pqxx::result added = txn.exec_params(
          "INSERT INTO lobby_table_invitations (table_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1",
          row->table_id, invitee);
      if (!added.empty()) event.add_user_ids(invitee);
    }
    if (event.user_ids_size() > 0) {
      auto* invitation = event.mutable_invitation_received();
      invitation->set_table_id(row->table_id);
      invitation->set_from_user_id(caller);
      invitation->set_from_display_name(
          txn.exec_params1("SELECT display_name FROM users WHERE user_id = $1", caller)[0].as<std::string>());
      events_(txn, event);
    }
    return grpc::Status::OK;
  }, response);
}

grpc::Status Tables::Start(const std::string& caller, const mailrun::v1::StartTableRequest& request,
                           mailrun::v1::Table* response) {
  if (auto status = InvalidIf("table_id", CheckId("table_id", request.table_id())); !status.ok()) return status;
  return Apply(caller, request, request.request_id(), "StartTable", true, [&](pqxx::work& txn, std::string* table_id) {
    *table_id = request.table_id();
    TableRow locked;
    const grpc::Status allowed = LockOpenAsHost(txn, request.table_id(), caller, "start the table", &locked);
    if (!allowed.ok()) return allowed;
    const TableRow* row = &locked;
    if (row->player_count < kMinTableSize) {
      return NotNow("lobby.table.too_few_players", "a game of 1853 needs at least 3 players; " + std::to_string(row->player_count) + " seated", {param::Count("players", row->player_count)});
    }
    txn.exec_params("UPDATE lobby_tables SET status = 'starting' WHERE table_id = $1", row->table_id);
    return grpc::Status::OK;
  }, response);
}

}  // namespace mailrun::lobby
