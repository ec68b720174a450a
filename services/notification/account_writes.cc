#include "services/notification/account_writes.h"

#include "services/common/refusal_details.h"
#include "services/common/session_revocations.h"

namespace mailrun::notification {
namespace {

// The account's advisory lock: one key per user id.
constexpr char kLockKey[] = "hashtextextended('notification-account:' || $1, 0)";

}  // namespace

grpc::Status AccountWrites::Admit(pqxx::work& txn, const service::TokenClaims& caller) {
  txn.exec_params(std::string("SELECT pg_advisory_xact_lock_shared(") + kLockKey + ")", caller.subject);
  const pqxx::result row = txn.exec_params(
      "SELECT EXISTS (SELECT 1 FROM revoked_sessions WHERE session_id = $2),"
      " EXISTS (SELECT 1 FROM account_deletions WHERE user_id = $1)",
      caller.subject, service::SessionOfAccessTokenId(caller.token_id));
  if (row[0][1].as<bool>()) {
    return service::RefusalStatus(grpc::StatusCode::UNAUTHENTICATED,
                                  "this account was deleted: its tokens no longer work",
                                  {"notify.account_deleted", "", "unauthenticated", "", ""});
  }
  if (row[0][0].as<bool>()) {
    return service::RefusalStatus(grpc::StatusCode::UNAUTHENTICATED,
                                  "this token's session has ended (logged out, revoked, password changed or account "
                                  "deleted): log in again",
                                  {"notify.session_ended", "", "unauthenticated", "", ""});
  }
  return grpc::Status::OK;
}

void AccountWrites::LockForForgetting(pqxx::work& txn, const std::string& user_id) {
  txn.exec_params(std::string("SELECT pg_advisory_xact_lock(") + kLockKey + ")", user_id);
}

}  // namespace mailrun::notification
