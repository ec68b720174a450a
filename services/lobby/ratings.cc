#include "services/lobby/ratings.h"

#include <algorithm>
#include <map>

#include "services/lobby/elo.h"
#include "services/lobby/paging.h"

namespace mailrun::lobby {
namespace {

// Locks (creating when missing) the rating rows of `user_ids` (sorted) in `ladder`.
std::map<std::string, double> LockRatings(pqxx::work& txn, Ladder ladder, const std::vector<std::string>& user_ids) {
  std::map<std::string, double> ratings;
  for (const std::string& user_id : user_ids) {
    txn.exec_params(
        "INSERT INTO ratings (user_id, title, edition, rating) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        user_id, ladder.title, ladder.edition, kInitialRating);
    ratings[user_id] = txn.exec_params1(
                              "SELECT rating FROM ratings WHERE user_id = $1 AND title = $2 AND edition = $3 FOR UPDATE",
                              user_id, ladder.title, ladder.edition)[0]
                           .as<double>();
  }
  return ratings;
}

// Applies one Elo update in `ladder`; returns before and after per user.
std::map<std::string, std::pair<double, double>> RateIn(pqxx::work& txn, Ladder ladder,
                                                        const std::vector<RatedPlayer>& players) {
  std::vector<std::string> ids;
  for (const auto& player : players) ids.push_back(player.user_id);
  std::sort(ids.begin(), ids.end());
  const auto before = LockRatings(txn, ladder, ids);
  std::vector<EloEntry> entries;
  for (const auto& player : players) entries.push_back({before.at(player.user_id), player.rank});
  const std::vector<double> changes = EloChanges(entries);
  std::map<std::string, std::pair<double, double>> result;
  for (size_t i = 0; i < players.size(); ++i) {
    const double old_rating = entries[i].rating;
    const double new_rating = old_rating + changes[i];
    txn.exec_params(
        "UPDATE ratings SET rating = $4, games = games + 1, updated_at = now()"
        " WHERE user_id = $1 AND title = $2 AND edition = $3",
        players[i].user_id, ladder.title, ladder.edition, new_rating);
    result[players[i].user_id] = {old_rating, new_rating};
  }
  return result;
}

}  // namespace

std::vector<mailrun::v1::Rating> LoadRatings(pqxx::work& txn, const std::string& user_id) {
  std::vector<mailrun::v1::Rating> ratings;
  mailrun::v1::Rating overall;
  overall.set_rating(kInitialRating);
  ratings.push_back(overall);
  const pqxx::result rows = txn.exec_params(
      "SELECT title, edition, rating, games FROM ratings WHERE user_id = $1 ORDER BY title, edition", user_id);
  for (const auto& row : rows) {
    mailrun::v1::Rating rating;
    rating.set_title(static_cast<mailrun::v1::Title>(row[0].as<int>()));
    rating.set_edition(static_cast<mailrun::v1::Edition>(row[1].as<int>()));
    rating.set_rating(row[2].as<double>());
    rating.set_games(row[3].as<int>());
    if (rating.title() == mailrun::v1::TITLE_UNSPECIFIED) {
      ratings[0] = rating;
    } else {
      ratings.push_back(rating);
    }
  }
  return ratings;
}

void ApplyGameRatings(pqxx::work& txn, Ladder game, std::vector<RatedPlayer>& players) {
  // Always in this order (overall, title, edition), so concurrent games lock alike.
  const auto overall = RateIn(txn, Ladder{0, 0}, players);
  const auto in_title = RateIn(txn, Ladder{game.title, 0}, players);
  const auto in_edition = game.edition != 0 ? RateIn(txn, game, players) : in_title;
  for (auto& player : players) {
    std::tie(player.overall_before, player.overall_after) = overall.at(player.user_id);
    std::tie(player.title_before, player.title_after) = in_title.at(player.user_id);
    std::tie(player.edition_before, player.edition_after) = in_edition.at(player.user_id);
  }
}

void LoadLeaderboard(pqxx::work& txn, Ladder ladder, int64_t after, int page_size, mailrun::v1::Leaderboard* out) {
  const pqxx::result rows = txn.exec_params(
      "SELECT row_number, position, user_id, display_name, rating, games FROM ("
      "  SELECT row_number() OVER (ORDER BY r.rating DESC, r.user_id) AS row_number,"
      "         rank() OVER (ORDER BY r.rating DESC) AS position, r.user_id, u.display_name, r.rating, r.games"
      "  FROM ratings r JOIN users u USING (user_id) WHERE r.title = $4 AND r.edition = $1 AND r.games > 0) ranked"
      " WHERE row_number > $2 ORDER BY row_number LIMIT $3",
      ladder.edition, after, page_size + 1, ladder.title);
  out->set_title(static_cast<mailrun::v1::Title>(ladder.title));
  out->set_edition(static_cast<mailrun::v1::Edition>(ladder.edition));
  for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page_size; ++i) {
    auto* entry = out->add_entries();
    entry->set_position(rows[i][1].as<int>());
    entry->mutable_player()->set_user_id(rows[i][2].as<std::string>());
    entry->mutable_player()->set_display_name(rows[i][3].as<std::string>());
    entry->set_rating(rows[i][4].as<double>());
    entry->set_games(rows[i][5].as<int>());
  }
  if (static_cast<int>(rows.size()) > page_size) {
    out->mutable_page()->set_next_page_token(PageToken(rows[page_size - 1][0].as<int64_t>()));
  }
}

}  // namespace mailrun::lobby
