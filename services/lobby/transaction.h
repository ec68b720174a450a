// Transactions and idempotency for the lobby.
//
// RunTransaction (services/common/transaction.h) runs a body in one PostgreSQL transaction on a
// pooled connection and commits only when the body returns OK, so a refused call changes nothing.
// ApplyOnce, inside such a body, makes a changing call idempotent: it records (scope, request_id)
// before applying, so a retry (or a concurrent duplicate, which waits on the row lock) finds the
// record and gets the result id of the first call instead of applying the change again.
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <optional>
#include <pqxx/pqxx>
#include <string>

#include "services/common/transaction.h"
#include "services/lobby/connection_pool.h"

namespace mailrun::lobby {

using TransactionBody = mailrun::service::TransactionBody;
using mailrun::service::RunTransaction;

struct RequestKey {
  std::string scope;        // the caller's user id ("register" for Register)
  std::string request_id;   // checked by CheckRequestId before
  std::string method;       // e.g. "JoinTable"
  std::string fingerprint;  // RequestFingerprint of the request (secrets cleared first)
};

// Runs `apply` unless `key` was seen: then sets *result_id to the first call's result and returns
// OK without applying (INVALID_ARGUMENT naming the reuse if the request_id was used for another
// method or for a different request of this method). `apply` sets *result_id to what it created
// or changed; it is stored with the key. *replayed (optional) says which happened.
grpc::Status ApplyOnce(pqxx::work& txn, const RequestKey& key, std::string* result_id,
                       const std::function<grpc::Status(std::string* result_id)>& apply, bool* replayed = nullptr);

// The result id of an earlier call with `key` (nullopt if none), or the refusal of a request_id
// reused for another call. Looks only: the transaction it runs in changes nothing. For calls that
// must know of a retry before they check a password (ChangePassword, DeleteAccount).
grpc::Status EarlierCall(ConnectionPool& pool, const RequestKey& key, std::optional<std::string>* earlier);

// Milliseconds since the epoch of a timestamptz column selected as
// "(extract(epoch from col) * 1000)::bigint"; 0 for NULL.
int64_t MillisOrZero(const pqxx::field& field);

}  // namespace mailrun::lobby
