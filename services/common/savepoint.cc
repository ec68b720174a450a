#include "services/common/savepoint.h"

#include <spdlog/spdlog.h>

namespace mailrun::service {

Savepoint::Savepoint(pqxx::transaction_base& txn, const std::string& name)
    : txn_(txn), quoted_(txn.quote_name(name)) {
  txn_.exec0("SAVEPOINT " + quoted_);
}

void Savepoint::Release() {
  txn_.exec0("RELEASE SAVEPOINT " + quoted_);
  released_ = true;
}

Savepoint::~Savepoint() {
  if (released_) return;
  try {
    txn_.exec0("ROLLBACK TO SAVEPOINT " + quoted_);
  } catch (const std::exception& e) {
    // The connection broke (the transaction is lost anyway, and its commit will say so).
    spdlog::warn("savepoint {}: could not roll back to it: {}", quoted_, e.what());
  }
}

}  // namespace mailrun::service
