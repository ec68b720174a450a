// Which database failures are the server going away, not a mistake: the connection broke, or
// PostgreSQL is shutting down, crashed or not accepting connections yet (SQLSTATE class 08 and
// 57P01-57P03, which libpqxx reports as a plain sql_error when they come as a query's answer).
// Callers treat them like a lost connection: answer UNAVAILABLE, or retry on a new connection.
#pragma once

#include <exception>

namespace mailrun::service {

bool ServerWentAway(const std::exception& error);

}  // namespace mailrun::service
