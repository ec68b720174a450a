// Savepoint: a part of a transaction that may fail alone. SAVEPOINT when made, RELEASE on
// Release(), ROLLBACK TO SAVEPOINT when destroyed unreleased (an exception left the part): the
// transaction goes on as it was before the part began.
//
// Why not pqxx::subtransaction: libpqxx 6.4 (Debian 12) sends a subtransaction's SAVEPOINT only
// on its first plain exec(); statements through exec_params/exec_prepared never open it, so a
// failure inside ran in, and aborted, the enclosing transaction, whose COMMIT PostgreSQL then
// answers as a ROLLBACK without an error: everything the transaction wrote was silently gone.
#pragma once

#include <pqxx/pqxx>

#include <string>

namespace mailrun::service {

class Savepoint {
 public:
  Savepoint(pqxx::transaction_base& txn, const std::string& name);  // name: a plain identifier
  ~Savepoint();  // rolls back to the savepoint unless released; never throws
  void Release();
  Savepoint(const Savepoint&) = delete;
  Savepoint& operator=(const Savepoint&) = delete;

 private:
  pqxx::transaction_base& txn_;
  std::string quoted_;
  bool released_ = false;
};

}  // namespace mailrun::service
