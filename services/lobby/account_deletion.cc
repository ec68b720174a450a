// Accounts: DeleteAccount (docs/operations.md "Deleting an account" says what happens and why).
//
// In ONE transaction the lobby deletes what is the account's alone (the users row, sessions, the
// request log, invitations, kicks, seats at open tables, registrations for tournaments not yet
// running) and moves what other players' records rest on to a new anonymous placeholder user
// ("deleted player 3f9c0a21", which cannot log in): finished results and ratings, seats at
// started tables, tournament entries (dropped if the tournament runs), tables and tournaments it
// organised. The same transaction leaves an account_deletions row for the game and notification
// services (migrations/0206), which forget the account in their tables next.
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <optional>

#include "services/common/auth.h"
#include "services/common/request_fingerprint.h"
#include "services/common/token.h"
#include "services/lobby/accounts.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

using mailrun::service::RequestFingerprint;
using mailrun::service::TokenClaims;

// The request log's scope for a deletion: not the account's id (which must not outlive it) but a
// hash of it, so that a retry with the account's unexpired access token still finds its answer.
std::string DeletedScope(const std::string& user_id) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(user_id.data()), user_id.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return std::string("deleted:") + hex;
}

// The password never goes into the request log (as with ChangePassword).
RequestKey DeleteAccountKey(const TokenClaims& caller, const mailrun::v1::DeleteAccountRequest& request) {
  mailrun::v1::DeleteAccountRequest fingerprinted;
  fingerprinted.set_request_id(request.request_id());
  return {DeletedScope(caller.subject), request.request_id(), "DeleteAccount", RequestFingerprint(fingerprinted)};
}

// The answer, kept as the request log's result id ("<games>;<tables>;<placeholder name>").
std::string EncodeAnswer(const mailrun::v1::DeleteAccountResponse& answer) {
  return std::to_string(answer.running_games_handed_to_bot()) + ";" + std::to_string(answer.tables_left()) + ";" +
         answer.placeholder_display_name();
}

void DecodeAnswer(const std::string& encoded, mailrun::v1::DeleteAccountResponse* answer) {
  const size_t first = encoded.find(';');
  const size_t second = first == std::string::npos ? first : encoded.find(';', first + 1);
  if (second == std::string::npos) return;
  answer->set_running_games_handed_to_bot(std::stoi(encoded.substr(0, first)));
  answer->set_tables_left(std::stoi(encoded.substr(first + 1, second - first - 1)));
  answer->set_placeholder_display_name(encoded.substr(second + 1));
}

// Leaves the open tables `user` sits at as LeaveTable does (the next player hosts, an emptied
// table closes). Returns how many.
int LeaveOpenTables(pqxx::work& txn, const std::string& user) {
  const pqxx::result open = txn.exec_params(
      "SELECT t.table_id, t.host_user_id FROM lobby_tables t JOIN lobby_table_players p USING (table_id)"
      " WHERE p.user_id = $1 AND t.status = 'open' ORDER BY t.table_id FOR UPDATE OF t",
      user);
  for (const auto& row : open) {
    const std::string table_id = row[0].as<std::string>();
    txn.exec_params("DELETE FROM lobby_table_players WHERE table_id = $1 AND user_id = $2", table_id, user);
    txn.exec_params("UPDATE lobby_tables SET player_count = player_count - 1 WHERE table_id = $1", table_id);
    if (row[1].as<std::string>() != user) continue;
    const pqxx::result next = txn.exec_params(
        "SELECT user_id FROM lobby_table_players WHERE table_id = $1 ORDER BY position LIMIT 1", table_id);
    if (next.empty()) {
      txn.exec_params("UPDATE lobby_tables SET status = 'closed' WHERE table_id = $1", table_id);
    } else {
      txn.exec_params("UPDATE lobby_tables SET host_user_id = $2 WHERE table_id = $1", table_id,
                      next[0][0].as<std::string>());
    }
  }
  return static_cast<int>(open.size());
}

// Moves everything of `user` other players' records rest on to `placeholder`, and deletes the rest.
// Returns the number of started tables (running games) whose seat the placeholder now holds.
int HandOver(pqxx::work& txn, const std::string& user, const std::string& placeholder) {
  const pqxx::result running = txn.exec_params(
      "UPDATE lobby_table_players p SET user_id = $2 FROM lobby_tables t"
      " WHERE p.table_id = t.table_id AND p.user_id = $1 AND t.status IN ('starting', 'playing') RETURNING 1",
      user, placeholder);
  txn.exec_params("UPDATE lobby_table_players SET user_id = $2 WHERE user_id = $1", user, placeholder);
  txn.exec_params("UPDATE lobby_tables SET host_user_id = $2 WHERE host_user_id = $1", user, placeholder);
  txn.exec_params("DELETE FROM lobby_table_invitations WHERE user_id = $1", user);
  txn.exec_params("DELETE FROM lobby_table_kicks WHERE user_id = $1", user);
  // Registrations: withdrawn before the tournament starts, dropped (no more rounds) while it runs.
  txn.exec_params(
      "DELETE FROM tournament_players p USING tournaments t"
      " WHERE p.tournament_id = t.tournament_id AND p.user_id = $1 AND t.status = 'registration'",
      user);
  txn.exec_params(
      "UPDATE tournament_players p SET user_id = $2,"
      " status = CASE WHEN t.status = 'running' AND p.status = 'active' THEN 'dropped' ELSE p.status END"
      " FROM tournaments t WHERE p.tournament_id = t.tournament_id AND p.user_id = $1",
      user, placeholder);
  txn.exec_params("UPDATE tournaments SET organiser_user_id = $2 WHERE organiser_user_id = $1", user, placeholder);
  txn.exec_params("UPDATE lobby_result_players SET user_id = $2 WHERE user_id = $1", user, placeholder);
  txn.exec_params("UPDATE ratings SET user_id = $2 WHERE user_id = $1", user, placeholder);
  // The request log: the account's own calls, and the Register/Refresh rows naming its sessions.
  txn.exec_params(
      "DELETE FROM lobby_requests WHERE scope = $1 OR result_id = $1"
      " OR result_id IN (SELECT session_id FROM user_sessions WHERE user_id = $1)",
      user);
  txn.exec_params("DELETE FROM user_sessions WHERE user_id = $1", user);
  return static_cast<int>(running.size());
}

}  // namespace

grpc::Status Accounts::DeleteAccount(const TokenClaims& caller, const std::string& client,
                                     const mailrun::v1::DeleteAccountRequest& request,
                                     mailrun::v1::DeleteAccountResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (request.password().empty()) return Invalid("lobby.account.password_required", "password", "password is required: deleting an account asks for it again");
  // A retry of a call that already deleted the account (whose password is gone with it).
  std::optional<std::string> earlier;
  if (auto status = EarlierCall(pool_, DeleteAccountKey(caller, request), &earlier); !status.ok()) return status;
  if (earlier) {
    DecodeAnswer(*earlier, response);
    return grpc::Status::OK;
  }
  return WithPasswordAllowance(client, caller.subject,
                               [&] { return DeleteAccountChecked(caller, request, response); });
}

grpc::Status Accounts::DeleteAccountChecked(const TokenClaims& caller, const mailrun::v1::DeleteAccountRequest& request,
                                            mailrun::v1::DeleteAccountResponse* response) {
  std::string hash;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result user = txn.exec_params(
        "SELECT password_hash FROM users WHERE user_id = $1 AND NOT deleted_placeholder", caller.subject);
    if (user.empty()) return Unauthenticated("lobby.account.gone", "the account no longer exists");
    hash = user[0][0].as<std::string>();
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (!hasher_.Verify(hash, request.password())) return Denied("lobby.account.password_wrong", "password is wrong");

  std::string answer;
  status = RunTransaction(pool_, [&](pqxx::work& txn) {
    return ApplyOnce(txn, DeleteAccountKey(caller, request), &answer, [&](std::string* result_id) {
      // Only the account whose password was just checked: one changed meanwhile starts over.
      const pqxx::result user = txn.exec_params(
          "SELECT display_name FROM users WHERE user_id = $1 AND password_hash = $2 FOR UPDATE", caller.subject, hash);
      if (user.empty()) return grpc::Status(grpc::StatusCode::ABORTED, "the account changed meanwhile; try again");
      const std::string name = user[0][0].as<std::string>();
      const std::string placeholder = mailrun::service::RandomId();
      const std::string placeholder_name =
          std::string(kPlaceholderNamePrefix) + " " + mailrun::service::RandomId().substr(0, 8);
      // No password hash at all: crypto_pwhash_str_verify refuses every password for it.
      txn.exec_params(
          "INSERT INTO users (user_id, display_name, password_hash, deleted_placeholder) VALUES ($1, $2, '', true)",
          placeholder, placeholder_name);
      mailrun::v1::DeleteAccountResponse done;
      done.set_placeholder_display_name(placeholder_name);
      done.set_tables_left(LeaveOpenTables(txn, caller.subject));
      done.set_running_games_handed_to_bot(HandOver(txn, caller.subject, placeholder));
      txn.exec_params("DELETE FROM users WHERE user_id = $1", caller.subject);
      txn.exec_params(
          "INSERT INTO account_deletions (user_id, display_name, placeholder_user_id, placeholder_name)"
          " VALUES ($1, $2, $3, $4)",
          caller.subject, name, placeholder, placeholder_name);
      *result_id = EncodeAnswer(done);
      return grpc::Status::OK;
    });
  });
  if (!status.ok()) return status;
  DecodeAnswer(answer, response);
  // The log names the placeholder only: the deleted id and name must not outlive the account.
  spdlog::info("an account was deleted; its results and {} running seat(s) are now {}'s",
               response->running_games_handed_to_bot(), response->placeholder_display_name());
  return grpc::Status::OK;
}

}  // namespace mailrun::lobby
