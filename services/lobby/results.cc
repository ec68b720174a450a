#include "services/lobby/results.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>

#include "services/common/event_log.h"
#include "services/common/metrics.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/ratings.h"
#include "services/lobby/seat_leavers.h"
#include "services/lobby/standings.h"
#include "services/lobby/transaction.h"

namespace mailrun::lobby {
namespace {

// Checks that `results` name exactly the seated players, once each, with ranks from 1.
grpc::Status CheckResultPlayers(pqxx::work& txn, const std::string& table_id,
                                const mailrun::v1::GameFinished& finished) {
  std::set<std::string> seated;
  for (const auto& row :
       txn.exec_params("SELECT user_id FROM lobby_table_players WHERE table_id = $1", table_id)) {
    seated.insert(row[0].as<std::string>());
  }
  std::set<std::string> reported;
  for (const auto& result : finished.results()) {
    if (result.rank() < 1) {
      return Invalid("lobby.results.bad_rank", "results", "the result of " + result.user_id() + " has rank " + std::to_string(result.rank()), {param::Text("user_id", result.user_id()), param::Count("rank", result.rank())});
    }
    reported.insert(result.user_id());
  }
  if (reported.size() != static_cast<size_t>(finished.results_size()) || reported != seated) {
    return Invalid("lobby.results.players_mismatch", "results", "the results of game " + finished.game_id() + " do not name exactly the players of table " +
                   table_id, {param::Text("game_id", finished.game_id()), param::Text("table_id", table_id)});
  }
  return grpc::Status::OK;
}

// Marks the tournament finished when `round` was its last and no table of it is unfinished.
void FinishTournamentIfDone(pqxx::work& txn, const std::string& tournament_id) {
  txn.exec_params(
      "UPDATE tournaments t SET status = 'finished' WHERE t.tournament_id = $1 AND t.status = 'running'"
      " AND t.current_round = t.rounds AND NOT EXISTS (SELECT 1 FROM lobby_tables l WHERE l.tournament_id ="
      " t.tournament_id AND l.tournament_round = t.current_round AND l.status NOT IN ('finished', 'void'))",
      tournament_id);
}

}  // namespace

ResultRecorder::ResultRecorder(ConnectionPool& pool) : pool_(pool) {}

grpc::Status ResultRecorder::Record(const mailrun::v1::GameFinished& reported, Outcome* outcome) {
  Outcome result = Outcome::kRecorded;
  // Handed-over seats count for their leavers, as a loss; substitutes count nothing (seat_leavers.h).
  const mailrun::v1::GameFinished finished = WithLeaversRanked(reported);
  if (finished.game_id().empty()) return Invalid("lobby.results.no_game_id", "game_id", "GameFinished without game_id");
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result found = txn.exec_params(
        "SELECT table_id, tournament_id FROM lobby_tables WHERE game_id = $1", finished.game_id());
    if (found.empty()) {
      result = Outcome::kUnknownGame;
      return grpc::Status::OK;
    }
    const std::string table_id = found[0][0].as<std::string>();
    const std::string tournament_id = found[0][1].is_null() ? "" : found[0][1].as<std::string>();
    // Lock order everywhere: tournament, then table.
    if (!tournament_id.empty()) {
      txn.exec_params("SELECT 1 FROM tournaments WHERE tournament_id = $1 FOR UPDATE", tournament_id);
    }
    const pqxx::row table = txn.exec_params1(
        "SELECT status, edition, title FROM lobby_tables WHERE table_id = $1 FOR UPDATE", table_id);
    const bool is_void = table[0].as<std::string>() == "void";
    const int edition = table[1].as<int>();
    const int title = table[2].as<int>();
    if (auto checked = CheckResultPlayers(txn, table_id, finished); !checked.ok()) return checked;

    const pqxx::result inserted = txn.exec_params(
        "INSERT INTO lobby_game_results (game_id, table_id, tournament_id, edition, reason, counted, title)"
        " VALUES ($1, $2, NULLIF($3, ''), $4, $5, $6, $7) ON CONFLICT (game_id) DO NOTHING RETURNING 1",
        finished.game_id(), table_id, tournament_id, edition, finished.reason(), !is_void, title);
    if (inserted.empty()) {
      result = Outcome::kAlreadyRecorded;
      return grpc::Status::OK;
    }

    std::vector<int> ranks;
    std::vector<int64_t> wealth;
    std::vector<RatedPlayer> rated;
    for (const auto& player : finished.results()) {
      ranks.push_back(player.rank());
      wealth.push_back(player.final_wealth());
      rated.push_back({.user_id = player.user_id(), .rank = player.rank()});
    }
    const std::vector<double> points = PlacementPoints(ranks);
    const std::vector<double> shares = WealthShares(wealth);
    ApplyGameRatings(txn, Ladder{title, edition}, rated);
    for (int i = 0; i < finished.results_size(); ++i) {
      const auto& player = finished.results(i);
      txn.exec_params(
          "INSERT INTO lobby_result_players (game_id, user_id, seat, rank, final_wealth, placement_points,"
          " wealth_share, rating_before, rating_after, edition_rating_before, edition_rating_after,"
          " title_rating_before, title_rating_after)"
          " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
          finished.game_id(), player.user_id(), player.seat(), player.rank(), player.final_wealth(), points[i],
          shares[i], rated[i].overall_before, rated[i].overall_after, rated[i].edition_before,
          rated[i].edition_after, rated[i].title_before, rated[i].title_after);
    }
    txn.exec_params(
        "UPDATE lobby_tables SET status = CASE WHEN status = 'void' THEN 'void' ELSE 'finished' END,"
        " finished_at = now() WHERE table_id = $1",
        table_id);
    if (!tournament_id.empty()) FinishTournamentIfDone(txn, tournament_id);
    return grpc::Status::OK;
  });
  if (!status.ok()) {
    spdlog::error("game {}: result not recorded: {}", finished.game_id(), status.error_message());
    return status;
  }
  if (result == Outcome::kRecorded) spdlog::info("game {}: result recorded", finished.game_id());
  if (outcome) *outcome = result;
  return status;
}

grpc::Status ResultRecorder::HandleEventPayload(const std::string& payload) {
  mailrun::v1::Event event;
  if (!event.ParseFromString(payload)) {
    mailrun::service::metrics::EventConsumed("dropped");
    spdlog::warn("ignoring an event that does not parse as mailrun.v1.Event");
    return Invalid("lobby.results.not_an_event", "", "not a mailrun.v1.Event");
  }
  if (!event.has_game_finished()) {
    mailrun::service::metrics::EventConsumed("ignored");
    return grpc::Status::OK;
  }
  const mailrun::service::LogScope scope = mailrun::service::EventLogScope(event);  // the game's last move's trace
  const grpc::Status status = Record(event.game_finished());
  mailrun::service::metrics::EventConsumed(status.ok() ? "recorded" : "failed");
  return status;
}

void LoadMyResults(pqxx::work& txn, const std::string& user_id, const Page& page, mailrun::v1::MyResults* out) {
  const pqxx::result rows = txn.exec_params(
      "SELECT g.seq, g.game_id, g.table_id, coalesce(g.tournament_id, ''), g.edition,"
      " (extract(epoch from g.finished_at) * 1000)::bigint, p.seat, p.rank,"
      " (SELECT count(*) FROM lobby_result_players o WHERE o.game_id = g.game_id), p.final_wealth,"
      " p.rating_before, p.rating_after, g.title, p.title_rating_before, p.title_rating_after"
      " FROM lobby_result_players p JOIN lobby_game_results g USING (game_id)"
      " WHERE p.user_id = $1 AND ($2 = 0 OR g.seq < $2) ORDER BY g.seq DESC LIMIT $3",
      user_id, page.after, page.size + 1);
  for (size_t i = 0; i < rows.size() && static_cast<int>(i) < page.size; ++i) {
    const auto& row = rows[i];
    auto* result = out->add_results();
    result->set_game_id(row[1].as<std::string>());
    result->set_table_id(row[2].as<std::string>());
    result->set_tournament_id(row[3].as<std::string>());
    result->set_edition(static_cast<mailrun::v1::Edition>(row[4].as<int>()));
    result->set_finished_at_unix_ms(row[5].as<int64_t>());
    result->set_seat(row[6].as<int>());
    result->set_rank(row[7].as<int>());
    result->set_players(row[8].as<int>());
    result->set_final_wealth(row[9].as<int64_t>());
    result->set_rating_before(row[10].as<double>());
    result->set_rating_after(row[11].as<double>());
    result->set_title(static_cast<mailrun::v1::Title>(row[12].as<int>()));
    result->set_title_rating_before(row[13].as<double>());
    result->set_title_rating_after(row[14].as<double>());
  }
  if (static_cast<int>(rows.size()) > page.size) {
    out->mutable_page()->set_next_page_token(PageToken(rows[page.size - 1][0].as<int64_t>()));
  }
}

}  // namespace mailrun::lobby
