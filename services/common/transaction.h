// Transactions for the services: RunTransaction runs a body in one PostgreSQL transaction and
// commits only when the body returns OK, so a refused call changes nothing. It retries the whole
// body (up to 5 times) after a deadlock, a serialization failure or a unique violation (two calls
// racing for the same key: the retry sees the winner's row), once more on a new connection when a
// pooled one turns out broken before the commit (PostgreSQL restarted), and turns database
// failures into gRPC statuses: UNAVAILABLE when the connection is lost or the commit is in doubt (the client
// retries with the same request_id), INTERNAL otherwise (logged; the client sees no SQL).
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <pqxx/pqxx>

#include "services/common/connection_pool.h"

namespace mailrun::service {

using TransactionBody = std::function<grpc::Status(pqxx::work& txn)>;

// Runs `body` on a connection the caller holds (one thread at a time per connection).
grpc::Status RunTransaction(pqxx::connection& connection, const TransactionBody& body);

// The same on a connection leased from `pool` (UNAVAILABLE when none can be had).
grpc::Status RunTransaction(ConnectionPool& pool, const TransactionBody& body);

// Something that runs a body as RunTransaction does, on a connection of its choice (a pool's):
// what request handlers hold instead of a pool type.
using Transactor = std::function<grpc::Status(const TransactionBody& body)>;

// RunStatements: a body without a transaction block. Each statement commits on its own as it
// returns (no BEGIN, no COMMIT: one round trip per statement), so the body must make its whole
// change in ONE statement, after which it only reads. A refusal must come before that statement,
// since nothing is rolled back. Retries and statuses as RunTransaction's; a lost connection
// (UNAVAILABLE, or one more run on a new connection when a pooled one turns out broken) may come
// after the change committed, so the body must be safe to run again: a move is, by its request_id.
using StatementsBody = std::function<grpc::Status(pqxx::transaction_base& txn)>;
grpc::Status RunStatements(ConnectionPool& pool, const StatementsBody& body);
using StatementRunner = std::function<grpc::Status(const StatementsBody& body)>;

}  // namespace mailrun::service
