// Prepared statements for the hot paths (a move, the outbox relay, the inbox): PostgreSQL parses,
// analyses and plans such a statement once per connection instead of on every call (parsing and
// planning were about a third of PostgreSQL's CPU per move, docs/benchmarks.md). A statement is
// known by its name, and a name always stands for one text. libpqxx registers the statement with
// the server on the connection's first use of the name (one extra round trip, once); a connection
// the pool replaces prepares it again.
//
// Behind a pooler in transaction mode (PgBouncer before 1.21, as Debian 12 ships, cannot carry
// named statements: the next transaction may run on another server connection, where the name
// means nothing) a service is started with a direct database URL beside the pooled one
// (config.h), and then runs these statements unnamed: parsed and planned on every call, but
// correct on any server connection (docs/operations.md, "PgBouncer").
#pragma once

#include <pqxx/pqxx>

#include <atomic>
#include <string>
#include <utility>

namespace mailrun::service {

// Whether ExecPrepared names its statements: set once at start-up (PrepareDatabase), before any
// request is served; off behind a pooler in transaction mode.
inline std::atomic<bool> named_statements{true};

// Runs the statement `sql`, named `name`, with `args` as its parameters ($1, $2, ...).
template <typename... Args>
pqxx::result ExecPrepared(pqxx::transaction_base& txn, const std::string& name, const std::string& sql,
                          Args&&... args) {
  if (!named_statements.load(std::memory_order_relaxed)) return txn.exec_params(sql, std::forward<Args>(args)...);
  txn.conn().prepare(name, sql);  // defines it on this connection once; the same text again changes nothing
  return txn.exec_prepared(name, std::forward<Args>(args)...);
}

}  // namespace mailrun::service
