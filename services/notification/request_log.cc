#include "services/notification/request_log.h"

#include "services/common/ids.h"

namespace mailrun::notification {

std::string RequestLog::Check(const std::string& request_id) {
  if (request_id.empty()) return "request_id is required (any unique string of 1-128 characters)";
  return service::IdProblem("request_id", request_id).value_or("");
}

RequestLog::Claim RequestLog::Begin(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                                    const std::string& method, const std::string& fingerprint,
                                    std::string* previous) {
  const pqxx::binarystring hash(fingerprint.data(), fingerprint.size());
  const pqxx::result claimed = txn.exec_params(
      "INSERT INTO notification_requests (user_id, request_id, method, response, request_hash)"
      " VALUES ($1, $2, $3, ''::bytea, $4) ON CONFLICT (user_id, request_id) DO NOTHING RETURNING 1",
      user_id, request_id, method, hash);
  if (!claimed.empty()) return Claim::kNew;
  const pqxx::row first = txn.exec_params1(
      "SELECT method, response, request_hash FROM notification_requests WHERE user_id = $1 AND request_id = $2",
      user_id, request_id);
  if (first[0].as<std::string>() != method) return Claim::kConflict;
  // Rows from before request_hash existed have none: compared by method only.
  if (!first[2].is_null() && pqxx::binarystring(first[2]).str() != fingerprint) return Claim::kConflict;
  *previous = pqxx::binarystring(first[1]).str();
  return Claim::kReplay;
}

void RequestLog::Finish(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                        const std::string& response) {
  txn.exec_params("UPDATE notification_requests SET response = $3 WHERE user_id = $1 AND request_id = $2", user_id,
                  request_id, pqxx::binarystring(response));
}

}  // namespace mailrun::notification
