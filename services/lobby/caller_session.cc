#include "services/lobby/caller_session.h"

#include "services/common/session_revocations.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/transaction.h"

namespace mailrun::lobby {

std::string SessionOfAccessToken(const mailrun::service::TokenClaims& claims) {
  return mailrun::service::SessionOfAccessTokenId(claims.token_id);
}

grpc::Status AccountDeleted() {
  return Unauthenticated("lobby.session.account_deleted",
                         "this account was deleted: its tokens no longer work (register a new account to play again)");
}

grpc::Status CheckCallerSession(ConnectionPool& pool, const mailrun::service::TokenClaims& caller) {
  const std::string session = SessionOfAccessToken(caller);
  return RunTransaction(pool, [&](pqxx::work& txn) {
    const pqxx::result row = txn.exec_params(
        "SELECT EXISTS (SELECT 1 FROM users WHERE user_id = $1 AND NOT deleted_placeholder),"
        " EXISTS (SELECT 1 FROM revoked_sessions WHERE session_id = $2)",
        caller.subject, session);
    if (!row[0][0].as<bool>()) return AccountDeleted();
    if (row[0][1].as<bool>()) {
      return Unauthenticated("lobby.session.ended",
                             "this session has ended (logged out, revoked, or its password was changed): log in again");
    }
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::lobby
