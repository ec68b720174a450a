// Ratings in PostgreSQL: every user has an overall rating (title 0, edition 0 in the ratings table),
// one per title played (edition 0) and one per edition of a title played, updated by multi-player
// Elo (elo.h) when a game's result is recorded.
// Functions run inside the caller's transaction.
#pragma once

#include <pqxx/pqxx>

#include <string>
#include <vector>

#include "mailrun/v1/lobby.pb.h"

namespace mailrun::lobby {

// A ladder: overall {0, 0}, a title's {title, 0} or an edition's {title, edition} (proto enum values).
struct Ladder {
  int title = 0;
  int edition = 0;
};

// The user's ratings: overall first (1500 and 0 games if never rated), then each title played,
// each followed by its editions.
std::vector<mailrun::v1::Rating> LoadRatings(pqxx::work& txn, const std::string& user_id);

struct RatedPlayer {
  std::string user_id;
  int rank = 1;
  // Output of ApplyGameRatings:
  double overall_before = 0, overall_after = 0;
  double title_before = 0, title_after = 0;
  double edition_before = 0, edition_after = 0;  // a title with one edition: its title's
};

// Updates the overall, the title and the edition ratings of the players of one game (`game`: its
// title and edition; rows locked ladder by ladder in user order, so concurrent games sharing
// players cannot deadlock) and fills in before/after.
void ApplyGameRatings(pqxx::work& txn, Ladder game, std::vector<RatedPlayer>& players);

// One page of a ladder's leaderboard: players with at least one rated game in it, highest first.
// `after` is the row number the previous page ended at.
void LoadLeaderboard(pqxx::work& txn, Ladder ladder, int64_t after, int page_size, mailrun::v1::Leaderboard* out);

}  // namespace mailrun::lobby
