// Prepared statements for the hot paths (a move, the outbox relay, the inbox): PostgreSQL parses,
// analyses and plans such a statement once per connection instead of on every call (parsing and
// planning were about a third of PostgreSQL's CPU per move, docs/benchmarks.md). A statement is
// known by its name, and a name always stands for one text. libpqxx registers the statement with
// the server on the connection's first use of the name (one extra round trip, once); a connection
// the pool replaces prepares it again. Note for a connection pooler in transaction mode
// (docs/operations.md): it must keep prepared statements per server connection (PgBouncer's
// max_prepared_statements).
#pragma once

#include <pqxx/pqxx>

#include <string>
#include <utility>

namespace mailrun::service {

// Runs the statement `sql`, named `name`, with `args` as its parameters ($1, $2, ...).
template <typename... Args>
pqxx::result ExecPrepared(pqxx::transaction_base& txn, const std::string& name, const std::string& sql,
                          Args&&... args) {
  txn.conn().prepare(name, sql);  // defines it on this connection once; the same text again changes nothing
  return txn.exec_prepared(name, std::forward<Args>(args)...);
}

}  // namespace mailrun::service
