// Ratings in PostgreSQL: every user has an overall rating (edition 0 in the ratings table) and one
// per edition played, updated by multi-player Elo (elo.h) when a game's result is recorded.
// Functions run inside the caller's transaction.
#pragma once

#include <pqxx/pqxx>

#include <string>
#include <vector>

#include "mailrun/v1/lobby.pb.h"

namespace mailrun::lobby {

// The user's ratings: overall first (1500 and 0 games if never rated), then each edition played.
std::vector<mailrun::v1::Rating> LoadRatings(pqxx::work& txn, const std::string& user_id);

struct RatedPlayer {
  std::string user_id;
  int rank = 1;
  // Output of ApplyGameRatings:
  double overall_before = 0, overall_after = 0;
  double edition_before = 0, edition_after = 0;
};

// Updates the overall and the edition ratings of the players of one game (rows locked in user
// order, so concurrent games sharing players cannot deadlock) and fills in before/after.
void ApplyGameRatings(pqxx::work& txn, int edition, std::vector<RatedPlayer>& players);

// One page of the leaderboard of `edition` (0 = overall): players with at least one rated game,
// highest first. `after` is the row number the previous page ended at.
void LoadLeaderboard(pqxx::work& txn, int edition, int64_t after, int page_size, mailrun::v1::Leaderboard* out);

}  // namespace mailrun::lobby
