#include "services/lobby/tournament_views.h"

#include <map>

#include "services/lobby/table_views.h"

namespace mailrun::lobby {
namespace {

mailrun::v1::TournamentStatus TournamentStatusFromName(const std::string& name) {
  if (name == "registration") return mailrun::v1::TOURNAMENT_STATUS_REGISTRATION;
  if (name == "running") return mailrun::v1::TOURNAMENT_STATUS_RUNNING;
  if (name == "finished") return mailrun::v1::TOURNAMENT_STATUS_FINISHED;
  return mailrun::v1::TOURNAMENT_STATUS_UNSPECIFIED;
}

}  // namespace

mailrun::v1::TournamentPlayerStatus PlayerStatusFromName(const std::string& name) {
  if (name == "active") return mailrun::v1::TOURNAMENT_PLAYER_STATUS_ACTIVE;
  if (name == "withdrawn") return mailrun::v1::TOURNAMENT_PLAYER_STATUS_WITHDRAWN;
  if (name == "dropped") return mailrun::v1::TOURNAMENT_PLAYER_STATUS_DROPPED;
  return mailrun::v1::TOURNAMENT_PLAYER_STATUS_UNSPECIFIED;
}

std::optional<TournamentRow> ReadTournament(pqxx::work& txn, const std::string& tournament_id, bool lock) {
  const pqxx::result rows = txn.exec_params(
      std::string("SELECT tournament_id, name, organiser_user_id, edition, options, format, table_size, rounds,"
                  " group_rounds, status, current_round, turn_deadline_seconds, title FROM tournaments"
                  " WHERE tournament_id = $1") +
          (lock ? " FOR UPDATE" : ""),
      tournament_id);
  if (rows.empty()) return std::nullopt;
  const auto& row = rows[0];
  TournamentRow t;
  t.tournament_id = row[0].as<std::string>();
  t.name = row[1].as<std::string>();
  t.organiser = row[2].as<std::string>();
  t.edition = row[3].as<int>();
  t.options = pqxx::binarystring(row[4]).str();
  t.format = row[5].as<std::string>();
  t.table_size = row[6].as<int>();
  t.rounds = row[7].as<int>();
  t.group_rounds = row[8].as<int>();
  t.status = row[9].as<std::string>();
  t.current_round = row[10].as<int>();
  t.turn_deadline_seconds = row[11].as<int64_t>();
  t.title = row[12].as<int>();
  return t;
}

std::optional<mailrun::v1::Tournament> LoadTournament(pqxx::work& txn, const std::string& tournament_id,
                                                      bool details) {
  const auto row = ReadTournament(txn, tournament_id, false);
  if (!row) return std::nullopt;
  const pqxx::row extra = txn.exec_params1(
      "SELECT u.display_name, (extract(epoch from t.registration_opens_at) * 1000)::bigint,"
      " (extract(epoch from t.registration_closes_at) * 1000)::bigint,"
      " (extract(epoch from t.created_at) * 1000)::bigint"
      " FROM tournaments t JOIN users u ON u.user_id = t.organiser_user_id WHERE t.tournament_id = $1",
      tournament_id);
  mailrun::v1::Tournament t;
  t.set_tournament_id(row->tournament_id);
  t.set_name(row->name);
  t.mutable_organiser()->set_user_id(row->organiser);
  t.mutable_organiser()->set_display_name(extra[0].as<std::string>());
  t.set_edition(static_cast<mailrun::v1::Edition>(row->edition));
  t.set_title(static_cast<mailrun::v1::Title>(row->title));
  t.mutable_options()->ParseFromString(row->options);
  t.set_format(row->format == "swiss" ? mailrun::v1::TOURNAMENT_FORMAT_SWISS
                                      : mailrun::v1::TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS);
  t.set_table_size(row->table_size);
  t.set_rounds(row->rounds);
  t.set_group_rounds(row->group_rounds);
  t.set_registration_opens_at_unix_ms(extra[1].as<int64_t>());
  t.set_registration_closes_at_unix_ms(extra[2].as<int64_t>());
  t.set_status(TournamentStatusFromName(row->status));
  t.set_current_round(row->current_round);
  t.set_turn_deadline_seconds(row->turn_deadline_seconds);
  t.set_created_at_unix_ms(extra[3].as<int64_t>());
  if (!details) return t;

  for (const auto& player : txn.exec_params(
           "SELECT p.user_id, u.display_name, p.status, p.seed FROM tournament_players p JOIN users u USING (user_id)"
           " WHERE p.tournament_id = $1 ORDER BY p.seed = 0, p.seed, p.registered_seq",
           tournament_id)) {
    auto* entry = t.add_players();
    entry->mutable_player()->set_user_id(player[0].as<std::string>());
    entry->mutable_player()->set_display_name(player[1].as<std::string>());
    entry->set_status(PlayerStatusFromName(player[2].as<std::string>()));
    entry->set_seed(player[3].as<int>());
  }
  std::vector<std::string> table_ids;
  const pqxx::result tables = txn.exec_params(
      "SELECT table_id, tournament_round, table_number, is_final FROM lobby_tables WHERE tournament_id = $1"
      " ORDER BY tournament_round, table_number",
      tournament_id);
  for (const auto& table : tables) table_ids.push_back(table[0].as<std::string>());
  const auto views = LoadTables(txn, table_ids, "");
  for (size_t i = 0; i < views.size(); ++i) {
    auto* entry = t.add_tables();
    entry->set_round(views[i].tournament_round());
    entry->set_table_number(views[i].table_number());
    entry->set_table_id(views[i].table_id());
    entry->set_game_id(views[i].game_id());
    entry->set_status(views[i].status());
    *entry->mutable_players() = views[i].players();
    entry->set_final(tables[i][3].as<bool>());
  }
  return t;
}

std::vector<StandingPlayer> LoadStandingPlayers(pqxx::work& txn, const TournamentRow& tournament) {
  std::vector<StandingPlayer> players;
  std::map<std::string, size_t> index;
  for (const auto& row : txn.exec_params(
           "SELECT p.user_id, u.display_name, p.status, p.seed FROM tournament_players p JOIN users u USING (user_id)"
           " WHERE p.tournament_id = $1",
           tournament.tournament_id)) {
    StandingPlayer player;
    player.line.user_id = row[0].as<std::string>();
    player.display_name = row[1].as<std::string>();
    player.status = row[2].as<std::string>();
    player.line.seed = row[3].as<int>();
    index[player.line.user_id] = players.size();
    players.push_back(std::move(player));
  }
  for (const auto& row : txn.exec_params(
           "SELECT p.user_id, sum(p.placement_points), sum(p.wealth_share), count(*),"
           " max(CASE WHEN t.is_final THEN p.rank ELSE 0 END)"
           " FROM lobby_result_players p JOIN lobby_game_results g USING (game_id)"
           " JOIN lobby_tables t ON t.table_id = g.table_id"
           " WHERE g.tournament_id = $1 AND g.counted GROUP BY p.user_id",
           tournament.tournament_id)) {
    const auto found = index.find(row[0].as<std::string>());
    if (found == index.end()) continue;
    StandingLine& line = players[found->second].line;
    line.placement_points = row[1].as<double>();
    line.wealth_share = row[2].as<double>();
    line.games = row[3].as<int>();
    line.final_place = row[4].as<int>();
  }
  std::vector<StandingLine> lines;
  for (const auto& player : players) lines.push_back(player.line);
  RankStandings(lines);
  std::vector<StandingPlayer> ranked;
  for (const auto& line : lines) {
    StandingPlayer player = players[index.at(line.user_id)];
    player.line = line;
    ranked.push_back(std::move(player));
  }
  return ranked;
}

int RoundsCompleted(pqxx::work& txn, const TournamentRow& tournament) {
  if (tournament.current_round == 0) return 0;
  const bool open = !txn.exec_params(
                            "SELECT 1 FROM lobby_tables WHERE tournament_id = $1 AND tournament_round = $2"
                            " AND status NOT IN ('finished', 'void') LIMIT 1",
                            tournament.tournament_id, tournament.current_round)
                         .empty();
  return open ? tournament.current_round - 1 : tournament.current_round;
}

}  // namespace mailrun::lobby
