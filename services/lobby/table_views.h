// Reading lobby tables as the API shows them (mailrun.v1.Table), and the mapping between the
// status names stored in lobby_tables.status and the TableStatus enum. The invitation code of a
// private table is shown only to its host and its players. Runs in the caller's transaction.
#pragma once

#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

#include "mailrun/v1/lobby.pb.h"

namespace mailrun::lobby {

mailrun::v1::TableStatus TableStatusFromName(const std::string& name);

// The tables with these ids, in the order given (ids not found are left out).
std::vector<mailrun::v1::Table> LoadTables(pqxx::work& txn, const std::vector<std::string>& table_ids,
                                           const std::string& viewer);
std::optional<mailrun::v1::Table> LoadTable(pqxx::work& txn, const std::string& table_id, const std::string& viewer);

// A PostgreSQL text[] literal of ids (the lobby's ids are hexadecimal, but quote anyway).
std::string TextArray(const std::vector<std::string>& values);

}  // namespace mailrun::lobby
