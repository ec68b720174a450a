#include "services/common/transaction.h"

#include <spdlog/spdlog.h>

#include "services/common/database_errors.h"
#include "services/common/metrics.h"

namespace mailrun::service {
namespace {

constexpr int kAttempts = 5;

// What became of one attempt that did not return a status of its own.
enum class Outcome { kDone, kRetry, kBroken };

// Txn: pqxx::work (one transaction, committed when the body returns OK) or pqxx::nontransaction
// (each statement commits by itself; commit() does nothing).
template <typename Txn, typename Body>
grpc::Status RunOnConnection(pqxx::connection& connection, const Body& body, Outcome* outcome) {
  *outcome = Outcome::kDone;
  try {
    Txn txn(connection);
    grpc::Status status = body(txn);
    if (status.ok()) txn.commit();
    return status;
  } catch (const pqxx::deadlock_detected&) {
    *outcome = Outcome::kRetry;
  } catch (const pqxx::serialization_failure&) {
    *outcome = Outcome::kRetry;
  } catch (const pqxx::unique_violation&) {
    *outcome = Outcome::kRetry;
  } catch (const pqxx::broken_connection& e) {
    // Not in doubt: the transaction never reached its commit, so nothing of it was written.
    spdlog::warn("database connection lost: {}", e.what());
    *outcome = Outcome::kBroken;
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database is unreachable; retry with the same request_id");
  } catch (const pqxx::in_doubt_error& e) {
    spdlog::error("database commit in doubt: {}", e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database connection broke; retry with the same request_id");
  } catch (const pqxx::sql_error& e) {
    if (ServerWentAway(e)) {  // "terminating connection due to administrator command", ...
      spdlog::warn("database going away: {}", e.what());
      *outcome = Outcome::kBroken;
      return grpc::Status(grpc::StatusCode::UNAVAILABLE,
                          "the database is unreachable; retry with the same request_id");
    }
    spdlog::error("database error: {}", e.what());
    return grpc::Status(grpc::StatusCode::INTERNAL, "internal database error");
  } catch (const std::exception& e) {
    spdlog::error("database error: {}", e.what());
    return grpc::Status(grpc::StatusCode::INTERNAL, "internal database error");
  }
  return grpc::Status(grpc::StatusCode::ABORTED, "a concurrent change got in the way; retry");
}

template <typename Txn, typename Body>
grpc::Status RunWithRetries(pqxx::connection& connection, const Body& body, Outcome* outcome) {
  grpc::Status status;
  for (int attempt = 0; attempt < kAttempts; ++attempt) {
    status = RunOnConnection<Txn>(connection, body, outcome);
    if (*outcome != Outcome::kRetry) return status;
    if (attempt + 1 < kAttempts) metrics::TransactionRetried();
  }
  return status;
}

template <typename Txn, typename Body>
grpc::Status RunOnPool(ConnectionPool& pool, const Body& body) {
  try {
    auto connection = pool.Acquire();
    Outcome outcome;
    grpc::Status status = RunWithRetries<Txn>(*connection, body, &outcome);
    if (outcome != Outcome::kBroken || connection.fresh()) return status;
    // A pooled connection that broke before its transaction committed (PostgreSQL restarted since
    // it was last used, say): the body ran on nothing, so run it once more on a new connection.
    // (RunStatements' bodies may have committed their change; they are safe to run again.)
    connection.Discard();
    auto replacement = pool.Acquire();
    return RunWithRetries<Txn>(*replacement, body, &outcome);
  } catch (const pqxx::broken_connection& e) {
    spdlog::warn("cannot connect to the database: {}", e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the database is unreachable; retry with the same request_id");
  }
}

}  // namespace

grpc::Status RunTransaction(pqxx::connection& connection, const TransactionBody& body) {
  Outcome outcome;
  return RunWithRetries<pqxx::work>(connection, body, &outcome);
}

grpc::Status RunTransaction(ConnectionPool& pool, const TransactionBody& body) {
  return RunOnPool<pqxx::work>(pool, body);
}

grpc::Status RunStatements(ConnectionPool& pool, const StatementsBody& body) {
  return RunOnPool<pqxx::nontransaction>(pool, body);
}

}  // namespace mailrun::service
