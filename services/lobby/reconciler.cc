#include "services/lobby/reconciler.h"

#include <spdlog/spdlog.h>

#include "services/lobby/transaction.h"

namespace mailrun::lobby {

Reconciler::Reconciler(ConnectionPool& pool, GameServiceClient& games, GameStarter& starter, ResultRecorder& results,
                       std::chrono::seconds interval, int batch)
    : pool_(pool), games_(games), starter_(starter), results_(results), interval_(interval), batch_(batch) {}

void Reconciler::Start() {
  worker_.Start([this] { Loop(); });
}

void Reconciler::Loop() {
  do {
    try {
      const PassCounts counts = RunOnce();
      if (counts.games_created > 0 || counts.results_recorded > 0) {
        spdlog::info("reconciler: {} games created, {} results recorded", counts.games_created,
                     counts.results_recorded);
      }
    } catch (const std::exception& e) {
      spdlog::error("reconciler pass failed: {}", e.what());
    }
  } while (worker_.WaitFor(interval_));
}

Reconciler::PassCounts Reconciler::RunOnce() {
  PassCounts counts;
  std::vector<std::string> starting;
  std::vector<std::pair<std::string, std::string>> playing;  // (table_id, game_id)
  const grpc::Status read = RunTransaction(pool_, [&](pqxx::work& txn) {
    starting.clear();
    playing.clear();
    for (const auto& row : txn.exec_params(
             "SELECT table_id FROM lobby_tables WHERE status = 'starting' ORDER BY seq LIMIT $1", batch_)) {
      starting.push_back(row[0].as<std::string>());
    }
    for (const auto& row : txn.exec_params(
             "SELECT table_id, game_id FROM lobby_tables WHERE status = 'playing'"
             " ORDER BY result_checked_at NULLS FIRST, seq LIMIT $1",
             batch_)) {
      playing.emplace_back(row[0].as<std::string>(), row[1].as<std::string>());
    }
    return grpc::Status::OK;
  });
  if (!read.ok()) return counts;

  for (const auto& table_id : starting) {
    if (starter_.Start(table_id).ok()) ++counts.games_created;
  }
  for (const auto& [table_id, game_id] : playing) {
    mailrun::v1::GetGameResultResponse result;
    const grpc::Status asked = games_.GetGameResult(game_id, &result);
    (void)RunTransaction(pool_, [&](pqxx::work& txn) {
      txn.exec_params("UPDATE lobby_tables SET result_checked_at = now() WHERE table_id = $1", table_id);
      return grpc::Status::OK;
    });
    if (!asked.ok()) {
      spdlog::warn("reconciler: GetGameResult({}) failed: {} {}", game_id, static_cast<int>(asked.error_code()),
                   asked.error_message());
      if (asked.error_code() == grpc::StatusCode::UNAVAILABLE) break;  // try again next pass
      continue;
    }
    if (result.status() != mailrun::v1::GAME_STATUS_FINISHED) continue;
    mailrun::v1::GameFinished finished;
    finished.set_game_id(game_id);
    finished.set_reason(result.reason());
    finished.set_table_id(result.table_id());
    finished.set_tournament_id(result.tournament_id());
    for (const auto& entry : result.results()) {
      auto* player = finished.add_results();
      player->set_user_id(entry.user_id());
      player->set_display_name(entry.display_name());
      player->set_seat(entry.seat());
      player->set_final_wealth(entry.final_wealth());
      player->set_rank(entry.rank());
    }
    *finished.mutable_handovers() = result.handovers();
    ResultRecorder::Outcome outcome;
    if (results_.Record(finished, &outcome).ok() && outcome == ResultRecorder::Outcome::kRecorded) {
      ++counts.results_recorded;
    }
  }
  return counts;
}

}  // namespace mailrun::lobby
