#include "services/common/transaction.h"

#include <spdlog/spdlog.h>

#include "services/common/metrics.h"

namespace mailrun::service {
namespace {

constexpr int kAttempts = 5;

grpc::Status RunOnConnection(pqxx::connection& connection, const TransactionBody& body, bool* retry) {
  *retry = false;
  try {
    pqxx::work txn(connection);
    grpc::Status status = body(txn);
    if (status.ok()) txn.commit();
    return status;
  } catch (const pqxx::deadlock_detected&) {
    *retry = true;
  } catch (const pqxx::serialization_failure&) {
    *retry = true;
  } catch (const pqxx::unique_violation&) {
    *retry = true;
  } catch (const pqxx::broken_connection& e) {
    spdlog::warn("database connection lost: {}", e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database is unreachable; retry with the same request_id");
  } catch (const pqxx::in_doubt_error& e) {
    spdlog::error("database commit in doubt: {}", e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database connection broke; retry with the same request_id");
  } catch (const std::exception& e) {
    spdlog::error("database error: {}", e.what());
    return grpc::Status(grpc::StatusCode::INTERNAL, "internal database error");
  }
  return grpc::Status(grpc::StatusCode::ABORTED, "a concurrent change got in the way; retry");
}

}  // namespace

grpc::Status RunTransaction(pqxx::connection& connection, const TransactionBody& body) {
  grpc::Status status;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    bool retry = false;
    status = RunOnConnection(connection, body, &retry);
    if (!retry) return status;
    if (attempt + 1 < kAttempts) metrics::TransactionRetried();
  }
  return status;
}

grpc::Status RunTransaction(ConnectionPool& pool, const TransactionBody& body) {
  try {
    auto connection = pool.Acquire();
    return RunTransaction(*connection, body);
  } catch (const pqxx::broken_connection& e) {
    spdlog::warn("cannot connect to the database: {}", e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database is unreachable; retry with the same request_id");
  }
}

}  // namespace mailrun::service
