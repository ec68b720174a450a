#include "services/lobby/transaction.h"

#include "services/lobby/lobby_status.h"

namespace mailrun::lobby {

grpc::Status ApplyOnce(pqxx::work& txn, const RequestKey& key, std::string* result_id,
                       const std::function<grpc::Status(std::string* result_id)>& apply, bool* replayed) {
  const pqxx::result seen = txn.exec_params(
      "SELECT method, result_id, request_hash FROM lobby_requests WHERE scope = $1 AND request_id = $2", key.scope,
      key.request_id);
  if (!seen.empty()) {
    if (seen[0][0].as<std::string>() != key.method) {
      return Invalid("lobby.request.request_id_reused", "request_id",
                     "request_id was already used for " + seen[0][0].as<std::string>() +
                              "; use a new request_id for each call", {param::Text("method", seen[0][0].as<std::string>())});
    }
    // Rows from before request_hash existed have none: they are compared by method only.
    if (!seen[0][2].is_null() && pqxx::binarystring(seen[0][2]).str() != key.fingerprint) {
      return Invalid("lobby.request.request_id_reused", "request_id",
                     "request_id was already used for a different " + key.method +
                              " request: a retry must repeat its call unchanged, and a new call needs a new "
                              "request_id", {param::Text("method", key.method)});
    }
    *result_id = seen[0][1].as<std::string>();
    if (replayed) *replayed = true;
    return grpc::Status::OK;
  }
  // Claim the key first: a concurrent duplicate blocks here until this transaction ends, then
  // fails with a unique violation and is retried by RunTransaction, finding this row.
  txn.exec_params("INSERT INTO lobby_requests (scope, request_id, method, request_hash) VALUES ($1, $2, $3, $4)",
                  key.scope, key.request_id, key.method,
                  pqxx::binarystring(key.fingerprint.data(), key.fingerprint.size()));
  grpc::Status status = apply(result_id);
  if (!status.ok()) return status;
  txn.exec_params("UPDATE lobby_requests SET result_id = $3 WHERE scope = $1 AND request_id = $2", key.scope,
                  key.request_id, *result_id);
  if (replayed) *replayed = false;
  return grpc::Status::OK;
}

grpc::Status EarlierCall(ConnectionPool& pool, const RequestKey& key, std::optional<std::string>* earlier) {
  const grpc::Status kNotSeen(grpc::StatusCode::ABORTED, "not seen");
  std::string result_id;
  const grpc::Status status = RunTransaction(pool, [&](pqxx::work& txn) {
    return ApplyOnce(txn, key, &result_id, [&](std::string*) { return kNotSeen; });
  });
  if (status.ok()) *earlier = result_id;
  if (status.ok() || (status.error_code() == kNotSeen.error_code() && status.error_message() == kNotSeen.error_message())) {
    return grpc::Status::OK;
  }
  return status;
}

int64_t MillisOrZero(const pqxx::field& field) { return field.is_null() ? 0 : field.as<int64_t>(); }

}  // namespace mailrun::lobby
