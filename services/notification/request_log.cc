#include "services/notification/request_log.h"

#include <algorithm>

namespace mailrun::notification {

std::string RequestLog::Check(const std::string& request_id) {
  if (request_id.empty()) return "request_id is required (any unique string of 1-128 characters)";
  if (request_id.size() > 128) return "request_id must be at most 128 characters";
  if (!std::all_of(request_id.begin(), request_id.end(), [](char c) { return c > ' ' && c != 0x7f; })) {
    return "request_id must be printable characters without spaces";
  }
  return "";
}

RequestLog::Claim RequestLog::Begin(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                                    const std::string& method, std::string* previous) {
  const pqxx::result claimed = txn.exec_params(
      "INSERT INTO notification_requests (user_id, request_id, method, response) VALUES ($1, $2, $3, ''::bytea) "
      "ON CONFLICT (user_id, request_id) DO NOTHING RETURNING 1",
      user_id, request_id, method);
  if (!claimed.empty()) return Claim::kNew;
  const pqxx::row first = txn.exec_params1(
      "SELECT method, response FROM notification_requests WHERE user_id = $1 AND request_id = $2", user_id,
      request_id);
  if (first[0].as<std::string>() != method) return Claim::kConflict;
  *previous = pqxx::binarystring(first[1]).str();
  return Claim::kReplay;
}

void RequestLog::Finish(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                        const std::string& response) {
  txn.exec_params("UPDATE notification_requests SET response = $3 WHERE user_id = $1 AND request_id = $2", user_id,
                  request_id, pqxx::binarystring(response));
}

}  // namespace mailrun::notification
