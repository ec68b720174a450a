#include "services/common/database_errors.h"

#include <pqxx/pqxx>

namespace mailrun::service {

bool ServerWentAway(const std::exception& error) {
  if (dynamic_cast<const pqxx::broken_connection*>(&error) != nullptr) return true;
  const auto* sql = dynamic_cast<const pqxx::sql_error*>(&error);
  if (sql == nullptr) return false;
  const std::string& state = sql->sqlstate();
  return state.rfind("08", 0) == 0 || state == "57P01" || state == "57P02" || state == "57P03";
}

}  // namespace mailrun::service
