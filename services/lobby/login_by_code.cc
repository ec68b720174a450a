#include "services/lobby/login_by_code.h"

#include <spdlog/spdlog.h>

#include "services/common/outbox.h"
#include "services/common/retry_later.h"
#include "services/common/token.h"
#include "services/lobby/accounts.h"
#include "services/lobby/events.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/login_codes.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {

void CountWrongPasswordWithCode(ConnectionPool& pool, const std::string& user_id, const std::string& code_hash) {
  const grpc::Status counted = RunTransaction(pool, [&](pqxx::work& txn) {
    txn.exec_params(
        "UPDATE login_codes SET wrong_passwords = wrong_passwords + 1,"
        " used_at = CASE WHEN wrong_passwords + 1 >= $3 THEN clock_timestamp() ELSE used_at END"
        " WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL",
        user_id, code_hash, kWrongPasswordsPerLoginCode);
    return grpc::Status::OK;
  });
  if (!counted.ok()) spdlog::warn("could not count a wrong password given with a login code: {}", counted.error_message());
}

bool UseLoginCode(pqxx::work& txn, const std::string& user_id, const std::string& code_hash,
                  const std::string& request_id) {
  return !txn.exec_params(
                 "UPDATE login_codes SET used_at = coalesce(used_at, clock_timestamp()), used_request = $3"
                 " WHERE user_id = $1 AND code_hash = $2"
                 " AND ((used_at IS NULL AND expires_at > clock_timestamp()) OR used_request = $3) RETURNING 1",
                 user_id, code_hash, request_id)
              .empty();
}

grpc::Status Accounts::RequestLoginCode(const mailrun::v1::RequestLoginCodeRequest& request,
                                        const std::string& client, mailrun::v1::RequestLoginCodeResponse*) {
  if (request.display_name().empty()) return Invalid("lobby.account.display_name_required", "display_name", "display_name is required");
  if (auto status = InvalidIf("display_name", CheckDisplayName(request.display_name())); !status.ok()) return status;
  // The same for every name, existing or not: the answer tells nothing.
  if (auto limited = limits_.AdmitCodeRequest(client, request.display_name()); !limited.ok()) return limited;
  std::string mailed_to;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    mailed_to.clear();
    // Locks the account's row: two asks at once count against its codes one after the other.
    const pqxx::result user = txn.exec_params(
        "SELECT user_id, display_name FROM users WHERE lower(display_name) = lower($1) AND NOT deleted_placeholder"
        " FOR UPDATE",
        request.display_name());
    if (user.empty()) return grpc::Status::OK;
    const std::string user_id = user[0][0].as<std::string>();
    // Codes older than a day serve nothing (used, or expired long ago).
    txn.exec_params("DELETE FROM login_codes WHERE user_id = $1 AND created_at < clock_timestamp() - interval '1 day'",
                    user_id);
    const int64_t recent = txn.exec_params1(
        "SELECT count(*) FROM login_codes WHERE user_id = $1"
        " AND created_at > clock_timestamp() - make_interval(secs => $2)",
        user_id, kLoginCodeWindowSeconds)[0].as<int64_t>();
    if (recent >= kLoginCodesPerWindow) return grpc::Status::OK;  // other replicas mailed enough already
    const std::string code = NewLoginCode();
    const pqxx::result stored = txn.exec_params(
        "INSERT INTO login_codes (user_id, code_hash, expires_at)"
        " VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3)) ON CONFLICT DO NOTHING"
        " RETURNING (extract(epoch FROM expires_at) * 1000)::bigint",
        user_id, LoginCodeHash(code), kLoginCodeSeconds);
    if (stored.empty()) return grpc::Status::OK;  // the same code again (1 in 2^40): none this time
    mailrun::v1::Event event = NewLobbyEvent(mailrun::service::RandomId());
    event.add_user_ids(user_id);
    auto* requested = event.mutable_login_code_requested();
    requested->set_code(MailedLoginCode(code));
    requested->set_display_name(user[0][1].as<std::string>());
    requested->set_expires_at_unix_ms(stored[0][0].as<int64_t>());
    mailrun::service::AppendOutboxEvent(txn, event);
    mailed_to = user_id;
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (!mailed_to.empty()) spdlog::info("login code requested for user {}", mailed_to);
  return grpc::Status::OK;
}

grpc::Status Accounts::LoginWithCode(const mailrun::v1::LoginRequest& request, const std::string& client,
                                     mailrun::v1::AuthResponse* response) {
  const auto code = ReadLoginCode(request.login_code());
  if (!code) {
    return Invalid("lobby.account.login_code_malformed", "login_code",
                   "login_code: 8 letters and digits as mailed (2-9 and A-Z without I and O; case, spaces and "
                   "dashes do not matter)");
  }
  // Before any look-up: a wrong code costs this name's allowance from this address only.
  if (auto limited = limits_.AdmitCodeLogin(client, request.display_name()); !limited.ok()) return limited;
  const std::string hash = LoginCodeHash(*code);
  enum class Found { kNone, kLive, kUsed, kExpired } found = Found::kNone;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    found = Found::kNone;
    const pqxx::result codes = txn.exec_params(
        "SELECT c.code_hash, c.used_at IS NOT NULL, c.expires_at <= clock_timestamp(), c.used_request"
        " FROM login_codes c JOIN users u USING (user_id)"
        " WHERE lower(u.display_name) = lower($1) AND NOT u.deleted_placeholder",
        request.display_name());
    // Every code of the account is compared, each in constant time.
    for (const auto& row : codes) {
      if (!SameLoginCodeHash(row[0].as<std::string>(), hash)) continue;
      const bool retry = !row[3].is_null() && row[3].as<std::string>() == request.request_id();
      found = retry ? Found::kLive : row[1].as<bool>() ? Found::kUsed : row[2].as<bool>() ? Found::kExpired : Found::kLive;
    }
    return grpc::Status::OK;
  });
  if (!status.ok()) {
    limits_.RefundCodeLogin(client, request.display_name());  // nothing was checked
    return status;
  }
  if (found == Found::kNone) {
    return Unauthenticated("lobby.account.login_code_wrong",
                           "this login code is not one mailed for this display name; check it, or ask for a new one");
  }
  limits_.RefundCodeLogin(client, request.display_name());  // one of the account's codes: not a guess
  if (found == Found::kUsed) {
    return Unauthenticated("lobby.account.login_code_used", "this login code was used already; ask for a new one");
  }
  if (found == Found::kExpired) {
    return Unauthenticated("lobby.account.login_code_expired", "this login code has expired (codes work for 15 minutes); ask for a new one");
  }
  try {
    return LoginChecked(request, response, hash);
  } catch (const HashingBusy& busy) {
    return mailrun::service::RetryLater("the lobby is busy checking other passwords", busy.retry_after);
  }
}

}  // namespace mailrun::lobby
