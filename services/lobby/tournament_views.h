// Reading tournaments as the API shows them (mailrun.v1.Tournament, mailrun.v1.Standings), and
// the standings lines the seating of later rounds is based on. Runs in the caller's transaction.
#pragma once

#include <pqxx/pqxx>

#include <optional>
#include <string>
#include <vector>

#include "mailrun/v1/lobby.pb.h"
#include "services/lobby/standings.h"

namespace mailrun::lobby {

// The tournament's row as stored.
struct TournamentRow {
  std::string tournament_id;
  std::string name;
  std::string organiser;
  int edition = 0;
  int title = 0;
  std::string options;  // serialized GameOptions
  std::string format;   // "swiss" or "round_robin_groups"
  int table_size = 0;
  int rounds = 0;
  int group_rounds = 0;
  std::string status;   // "registration", "running", "finished"
  int current_round = 0;
  int64_t turn_deadline_seconds = 0;
};

// Reads (and with `lock`, locks FOR UPDATE) a tournament's row.
std::optional<TournamentRow> ReadTournament(pqxx::work& txn, const std::string& tournament_id, bool lock);

// The tournament; with `details` its players and every round's tables too.
std::optional<mailrun::v1::Tournament> LoadTournament(pqxx::work& txn, const std::string& tournament_id,
                                                      bool details);

struct StandingPlayer {
  StandingLine line;
  std::string display_name;
  std::string status;  // "active", "withdrawn", "dropped"
};

// Every registered player's totals over the tournament's counted games, ranked (RankStandings).
std::vector<StandingPlayer> LoadStandingPlayers(pqxx::work& txn, const TournamentRow& tournament);

// Rounds whose every table has finished (or was cancelled).
int RoundsCompleted(pqxx::work& txn, const TournamentRow& tournament);

mailrun::v1::TournamentPlayerStatus PlayerStatusFromName(const std::string& name);

}  // namespace mailrun::lobby
