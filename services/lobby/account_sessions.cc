// Accounts: the caller's own sessions and password (ChangePassword, ListSessions, RevokeSession).
// See accounts.h for what a session is.
#include <spdlog/spdlog.h>

#include <optional>

#include "services/common/auth.h"
#include "services/common/request_fingerprint.h"
#include "services/common/retry_later.h"
#include "services/common/token.h"
#include "services/lobby/accounts.h"
#include "services/lobby/caller_session.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

using mailrun::service::RequestFingerprint;
using mailrun::service::TokenClaims;
using mailrun::service::UnixNow;

// The session (family) the calling access token belongs to: SignSession issues access tokens with
// the token id "<row>-access", the row being one of the family's user_sessions.
std::string CallingSession(pqxx::work& txn, const TokenClaims& caller) {
  const std::string session = SessionOfAccessToken(caller);
  if (session.empty()) return "";
  const pqxx::result row = txn.exec_params("SELECT family_id FROM user_sessions WHERE session_id = $1 AND user_id = $2",
                                           session, caller.subject);
  return row.empty() ? "" : row[0][0].as<std::string>();
}

// ChangePassword's entry in the request log: the passwords never go into it, so a retry (whose
// current password is no longer right) is known by its request_id alone.
RequestKey ChangePasswordKey(const TokenClaims& caller, const mailrun::v1::ChangePasswordRequest& request) {
  mailrun::v1::ChangePasswordRequest fingerprinted;
  fingerprinted.set_request_id(request.request_id());
  return {caller.subject, request.request_id(), "ChangePassword", RequestFingerprint(fingerprinted)};
}

int32_t CountOf(const std::string& result_id) {
  try {
    return static_cast<int32_t>(std::stoi(result_id));
  } catch (const std::exception&) {
    return 0;
  }
}

}  // namespace

grpc::Status Accounts::ChangePassword(const TokenClaims& caller, const std::string& client,
                                      const mailrun::v1::ChangePasswordRequest& request,
                                      mailrun::v1::ChangePasswordResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (request.current_password().empty()) return Invalid("lobby.account.current_password_required", "current_password", "current_password is required");
  if (auto problem = CheckPassword(request.new_password())) return Invalid("lobby.invalid.new_password", "new_password", "new_password: " + *problem, {param::Text("reason", *problem)});
  if (request.new_password() == request.current_password()) {
    return Invalid("lobby.account.new_password_unchanged", "new_password", "new_password is the same as current_password");
  }
  // A retry of a call that already changed the password (its current_password is no longer right).
  std::optional<std::string> earlier;
  if (auto status = EarlierCall(pool_, ChangePasswordKey(caller, request), &earlier); !status.ok()) return status;
  if (earlier) {
    response->set_other_sessions_revoked(CountOf(*earlier));
    return grpc::Status::OK;
  }
  return WithPasswordAllowance(client, caller.subject,
                               [&] { return ChangePasswordChecked(caller, request, response); });
}

grpc::Status Accounts::WithPasswordAllowance(const std::string& client, const std::string& user_id,
                                             const std::function<grpc::Status()>& checked) {
  // The signed-in account's own allowance of wrong passwords (login_limits.h), not the one logins
  // share with anyone who types the name: a stranger's failed logins do not hold the player back,
  // and a stolen access token cannot guess the password faster than a login could (issue 46).
  if (auto limited = limits_.AdmitPasswordCheck(client, user_id); !limited.ok()) return limited;
  try {
    grpc::Status status = checked();
    if (status.error_code() != grpc::StatusCode::PERMISSION_DENIED) limits_.RefundPasswordCheck(user_id);
    return status;
  } catch (const HashingBusy& busy) {
    limits_.RefundPasswordCheck(user_id);
    return mailrun::service::RetryLater("the lobby is busy checking other passwords", busy.retry_after);
  }
}

grpc::Status Accounts::ChangePasswordChecked(const TokenClaims& caller,
                                             const mailrun::v1::ChangePasswordRequest& request,
                                             mailrun::v1::ChangePasswordResponse* response) {
  std::string hash;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result user = txn.exec_params("SELECT password_hash FROM users WHERE user_id = $1", caller.subject);
    if (user.empty()) return Unauthenticated("lobby.account.gone", "the account no longer exists");
    hash = user[0][0].as<std::string>();
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (!hasher_.Verify(hash, request.current_password())) return Denied("lobby.account.current_password_wrong", "current_password is wrong");
  const std::string new_hash = hasher_.Hash(request.new_password());

  std::string result_id;
  status = RunTransaction(pool_, [&](pqxx::work& txn) {
    return ApplyOnce(txn, ChangePasswordKey(caller, request), &result_id, [&](std::string* revoked_count) {
      // Only over the hash just checked: a password changed meanwhile makes this call start over.
      const pqxx::result changed = txn.exec_params(
          "UPDATE users SET password_hash = $3 WHERE user_id = $1 AND password_hash = $2 RETURNING 1", caller.subject,
          hash, new_hash);
      if (changed.empty()) {
        return grpc::Status(grpc::StatusCode::ABORTED, "the password was changed meanwhile; try again");
      }
      const pqxx::result revoked = txn.exec_params(
          "UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL"
          " AND replaced_by IS NULL AND family_id <> $2 RETURNING 1",
          caller.subject, CallingSession(txn, caller));
      *revoked_count = std::to_string(revoked.size());
      return grpc::Status::OK;
    });
  });
  if (!status.ok()) return status;
  response->set_other_sessions_revoked(CountOf(result_id));
  spdlog::info("user {} changed their password; {} other sessions logged out", caller.subject, result_id);
  return grpc::Status::OK;
}

grpc::Status Accounts::ListSessions(const TokenClaims& caller, mailrun::v1::ListSessionsResponse* response) {
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    response->Clear();
    const std::string calling = CallingSession(txn, caller);
    // Each family's latest row is the one neither replaced nor revoked; its first row is the login.
    const pqxx::result rows = txn.exec_params(
        "SELECT s.family_id, f.issued_at, s.issued_at, s.refresh_expires_at FROM user_sessions s"
        " JOIN user_sessions f ON f.session_id = s.family_id"
        " WHERE s.user_id = $1 AND s.revoked_at IS NULL AND s.replaced_by IS NULL AND s.refresh_expires_at > $2"
        " ORDER BY s.issued_at DESC, s.family_id",
        caller.subject, UnixNow());
    for (const auto& row : rows) {
      auto* session = response->add_sessions();
      session->set_session_id(row[0].as<std::string>());
      session->set_started_at_unix_ms(row[1].as<int64_t>() * 1000);
      session->set_last_refreshed_at_unix_ms(row[2].as<int64_t>() * 1000);
      session->set_expires_at_unix_ms(row[3].as<int64_t>() * 1000);
      session->set_current(session->session_id() == calling);
    }
    return grpc::Status::OK;
  });
}

grpc::Status Accounts::RevokeSession(const TokenClaims& caller, const mailrun::v1::RevokeSessionRequest& request,
                                     mailrun::v1::RevokeSessionResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (request.session_id().empty()) return Invalid("lobby.session.session_id_required", "session_id", "session_id is required (from ListSessions)");
  if (auto status = InvalidIf("session_id", CheckId("session_id", request.session_id())); !status.ok()) return status;
  response->set_sessions_revoked(0);
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    std::string ignored;
    return ApplyOnce(txn, {caller.subject, request.request_id(), "RevokeSession", RequestFingerprint(request)},
                     &ignored, [&](std::string* result_id) {
      const pqxx::result known = txn.exec_params(
          "SELECT 1 FROM user_sessions WHERE session_id = $1 AND family_id = $1 AND user_id = $2",
          request.session_id(), caller.subject);
      if (known.empty()) return NotFound("lobby.session.not_found", "you have no session '" + request.session_id() + "'", {param::Text("session_id", request.session_id())});
      const pqxx::result revoked = txn.exec_params(
          "UPDATE user_sessions SET revoked_at = now() WHERE family_id = $1 AND user_id = $2"
          " AND revoked_at IS NULL AND replaced_by IS NULL RETURNING 1",
          request.session_id(), caller.subject);
      response->set_sessions_revoked(static_cast<int32_t>(revoked.size()));
      *result_id = request.session_id();
      return grpc::Status::OK;
    });
  });
}

}  // namespace mailrun::lobby
