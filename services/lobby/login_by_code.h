// The login codes' rows (migrations/0210_lobby_login_codes.sql) as the lobby's accounts use them:
// a code's lifetime and how many are mailed, what a wrong password with a code does, and how a
// login uses one up. Accounts::RequestLoginCode and Accounts::LoginWithCode (login_by_code.cc) are
// the calls; docs/operations.md ("Logins") says the scheme for operators.
#pragma once

#include <pqxx/pqxx>

#include <string>

#include "services/lobby/connection_pool.h"

namespace mailrun::lobby {

inline constexpr int kLoginCodeSeconds = 15 * 60;           // a code works this long
inline constexpr int kLoginCodesPerWindow = 3;              // at most so many mailed per account ...
inline constexpr int kLoginCodeWindowSeconds = 15 * 60;     // ... within this window (all replicas)
inline constexpr int kWrongPasswordsPerLoginCode = 5;       // then the code is used up

// One more wrong password given with the account's code `code_hash`; the fifth uses the code up.
void CountWrongPasswordWithCode(ConnectionPool& pool, const std::string& user_id, const std::string& code_hash);
// Marks the code used by this login (`request_id`) in `txn`: false when it is used already (by
// another request), expired or gone. A retry of the login that used it finds it usable.
bool UseLoginCode(pqxx::work& txn, const std::string& user_id, const std::string& code_hash,
                  const std::string& request_id);

}  // namespace mailrun::lobby
