#include "services/lobby/table_views.h"

#include <map>

#include "engine/titles/registry.h"

namespace mailrun::lobby {

mailrun::v1::TableStatus TableStatusFromName(const std::string& name) {
  using namespace mailrun::v1;
  static const std::map<std::string, TableStatus> kStatuses = {
      {"open", TABLE_STATUS_OPEN},         {"starting", TABLE_STATUS_STARTING}, {"playing", TABLE_STATUS_PLAYING},
      {"finished", TABLE_STATUS_FINISHED}, {"closed", TABLE_STATUS_CLOSED},     {"void", TABLE_STATUS_VOID}};
  const auto found = kStatuses.find(name);
  return found == kStatuses.end() ? TABLE_STATUS_UNSPECIFIED : found->second;
}

std::string TextArray(const std::vector<std::string>& values) {
  std::string out = "{";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ",";
    out += "\"";
    for (char c : values[i]) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += "\"";
  }
  return out + "}";
}

std::vector<mailrun::v1::Table> LoadTables(pqxx::work& txn, const std::vector<std::string>& table_ids,
                                           const std::string& viewer) {
  if (table_ids.empty()) return {};
  const std::string ids = TextArray(table_ids);
  const pqxx::result rows = txn.exec_params(
      "SELECT t.table_id, t.name, t.host_user_id, h.display_name, t.edition, t.options, t.seats, t.player_count,"
      " t.is_private, t.invitation_code, t.turn_deadline_seconds, t.status, t.game_id, t.tournament_id,"
      " t.tournament_round, t.table_number, (extract(epoch from t.created_at) * 1000)::bigint,"
      " (extract(epoch from t.started_at) * 1000)::bigint, t.title, t.abandon_after_missed"
      " FROM lobby_tables t JOIN users h ON h.user_id = t.host_user_id WHERE t.table_id = ANY($1::text[])",
      ids);
  const pqxx::result players = txn.exec_params(
      "SELECT p.table_id, p.user_id, u.display_name FROM lobby_table_players p JOIN users u USING (user_id)"
      " WHERE p.table_id = ANY($1::text[]) ORDER BY p.table_id, p.position",
      ids);
  std::map<std::string, mailrun::v1::Table> by_id;
  for (const auto& row : rows) {
    mailrun::v1::Table table;
    table.set_table_id(row[0].as<std::string>());
    table.set_name(row[1].as<std::string>());
    table.mutable_host()->set_user_id(row[2].as<std::string>());
    table.mutable_host()->set_display_name(row[3].as<std::string>());
    table.set_edition(static_cast<mailrun::v1::Edition>(row[4].as<int>()));
    table.set_title(static_cast<mailrun::v1::Title>(row[18].as<int>()));
    table.set_board_reconstructed(mailrun::engine::BoardReconstructed(table.title(), table.edition()));
    const pqxx::binarystring options(row[5]);
    table.mutable_options()->ParseFromString(options.str());
    table.set_seats(row[6].as<int>());
    table.set_open_seats(row[6].as<int>() - row[7].as<int>());
    table.set_is_private(row[8].as<bool>());
    table.set_turn_deadline_seconds(row[10].as<int64_t>());
    table.set_abandon_after_missed_deadlines(row[19].as<int>());
    table.set_status(TableStatusFromName(row[11].as<std::string>()));
    if (!row[12].is_null()) table.set_game_id(row[12].as<std::string>());
    if (!row[13].is_null()) {
      table.set_tournament_id(row[13].as<std::string>());
      table.set_tournament_round(row[14].as<int>());
      table.set_table_number(row[15].as<int>());
    }
    table.set_created_at_unix_ms(row[16].as<int64_t>());
    if (!row[17].is_null()) table.set_started_at_unix_ms(row[17].as<int64_t>());
    if (!row[9].is_null()) table.set_invitation_code(row[9].as<std::string>());  // removed below if not allowed
    by_id[table.table_id()] = std::move(table);
  }
  for (const auto& row : players) {
    auto found = by_id.find(row[0].as<std::string>());
    if (found == by_id.end()) continue;
    auto* player = found->second.add_players();
    player->set_user_id(row[1].as<std::string>());
    player->set_display_name(row[2].as<std::string>());
  }
  std::vector<mailrun::v1::Table> tables;
  for (const std::string& id : table_ids) {
    auto found = by_id.find(id);
    if (found == by_id.end()) continue;
    mailrun::v1::Table& table = found->second;
    bool may_see_code = table.host().user_id() == viewer;
    for (const auto& player : table.players()) may_see_code = may_see_code || player.user_id() == viewer;
    if (!may_see_code) table.clear_invitation_code();
    tables.push_back(table);
  }
  return tables;
}

std::optional<mailrun::v1::Table> LoadTable(pqxx::work& txn, const std::string& table_id, const std::string& viewer) {
  auto tables = LoadTables(txn, {table_id}, viewer);
  if (tables.empty()) return std::nullopt;
  return std::move(tables.front());
}

}  // namespace mailrun::lobby
