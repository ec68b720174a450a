// AccountWrites: keeps a deleted account's tokens from writing to the notification service (issue
// 46: after DeleteAccount, the account's other access token registered a push device and set
// preferences, and those rows stayed under the deleted id for good).
//
// Every changing call checks, inside its own transaction, that the caller's session has not ended
// (revoked_sessions: a deleted account's sessions are listed by the same transaction that deletes
// it, migrations/0207) and that the account is not being deleted (account_deletions), and refuses
// UNAUTHENTICATED if so. A write and the deletion's forgetting never overlap: the write holds the
// account's advisory lock shared, the forgetting (deleted_accounts.cc) holds it alone, so a write
// that checked just before the deletion committed has committed before the forgetting deletes its
// rows, and one after it is refused. Pure functions of the transaction; thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <pqxx/pqxx>
#include <string>

#include "services/common/token.h"

namespace mailrun::notification {

class AccountWrites {
 public:
  // OK, or UNAUTHENTICATED ("notify.session_ended" / "notify.account_deleted").
  static grpc::Status Admit(pqxx::work& txn, const service::TokenClaims& caller);
  // Before the forgetting deletes the account's rows: waits for the writes in flight.
  static void LockForForgetting(pqxx::work& txn, const std::string& user_id);
};

}  // namespace mailrun::notification
