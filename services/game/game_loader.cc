#include "services/game/game_loader.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <limits>
#include <set>
#include <utility>
#include <vector>

#include "services/common/metrics.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"

namespace mailrun::game {

grpc::Status LoadFailure(const OpenedGame& opened, const mailrun::engine::Error& error) {
  spdlog::error("game {} at version {} cannot be loaded: {}", opened.info->game_id, opened.head.version,
                error.ToString());
  return EngineErrorStatus(error);
}

using mailrun::engine::Error;
using mailrun::engine::ErrorKind;
using mailrun::engine::Game;
using mailrun::engine::Result;

bool GameLoader::Open(pqxx::transaction_base& txn, const std::string& game_id, const std::string& user_id,
                      OpenedGame* opened, const std::string& request_id) {
  opened->request.reset();
  if (request_id.empty()) {
    const auto head = store::ReadHead(txn, game_id);
    if (!head) return false;
    opened->head = *head;
  } else {
    auto read = store::ReadHeadAndRequest(txn, game_id, request_id);
    if (!read) return false;
    opened->head = read->head;
    opened->request = std::move(read->request);
  }
  opened->info = Info(txn, game_id);
  if (!opened->info) return false;
  opened->seat = opened->info->SeatOf(user_id).value_or(mailrun::engine::kSpectator);
  return true;
}

bool GameLoader::OpenCached(const std::string& game_id, int64_t version, const std::string& user_id, OpenedGame* opened,
                            std::shared_ptr<const Game>* game) {
  auto cached = cache_.Find(game_id, version);
  if (!cached) return false;
  mailrun::service::metrics::GameCacheLookup(true);
  opened->request.reset();
  opened->head = store::GameHead{version, cached->game->Finished()};
  opened->info = cached->info;
  opened->seat = opened->info->SeatOf(user_id).value_or(mailrun::engine::kSpectator);
  *game = cached->game;
  return true;
}

std::shared_ptr<const GameInfo> GameLoader::Info(pqxx::transaction_base& txn, const std::string& game_id) {
  if (auto cached = cache_.Find(game_id)) return cached->info;
  auto info = store::ReadInfo(txn, game_id);
  if (!info) return nullptr;
  return std::make_shared<const GameInfo>(std::move(*info));
}

Result<Game> GameLoader::At(pqxx::transaction_base& txn, const std::shared_ptr<const GameInfo>& info, int64_t version) {
  auto shared = Shared(txn, info, version);
  if (!shared.ok()) return shared.error();
  return Game(**shared);
}

Result<std::shared_ptr<const Game>> GameLoader::Shared(pqxx::transaction_base& txn,
                                                       const std::shared_ptr<const GameInfo>& info, int64_t version) {
  auto cached = cache_.Find(info->game_id, version);
  mailrun::service::metrics::GameCacheLookup(cached.has_value());
  if (cached) return cached->game;
  auto game = Replay(txn, *info, version, 0);
  if (!game.ok()) return game.error();
  auto shared = std::make_shared<const Game>(std::move(*game));
  cache_.Put({info, version, shared});
  return shared;
}

Result<Game> GameLoader::Without(pqxx::transaction_base& txn, const GameInfo& info, int64_t version, int64_t skip_seq) {
  return Replay(txn, info, version, skip_seq);
}

Result<Game> GameLoader::Replay(pqxx::transaction_base& txn, const GameInfo& info, int64_t version, int64_t skip_seq) {
  const int64_t max_snapshot = skip_seq > 0 ? skip_seq - 1 : std::numeric_limits<int64_t>::max();
  const auto snapshot = store::UsableSnapshot(txn, info.game_id, version, max_snapshot);
  auto game = snapshot ? Game::FromSnapshot(info.config, snapshot->second) : Game::Create(info.config);
  if (!game.ok()) return game.error();
  const std::vector<store::LogRow> rows =
      store::Rows(txn, info.game_id, snapshot ? snapshot->first : 0, version, /*with_actions=*/true);
  mailrun::service::metrics::GameReplayed(static_cast<int64_t>(rows.size()));
  std::set<int64_t> taken_back;
  if (skip_seq > 0) taken_back.insert(skip_seq);
  for (const auto& row : rows) {
    if (row.kind == store::kUndoRow) taken_back.insert(row.undoes_seq);
  }
  std::vector<mailrun::v1::Action> actions;  // those that stand, and their log entries' seq
  std::vector<int64_t> seqs;
  for (const auto& row : rows) {
    if (row.kind != store::kActionRow || taken_back.contains(row.seq)) continue;
    if (!actions.emplace_back().ParseFromString(row.action)) {
      return mailrun::engine::DataFault(fmt::format("game {}: log entry {} does not parse", info.game_id, row.seq));
    }
    seqs.push_back(row.seq);
  }
  for (size_t i = 0; i < actions.size(); ++i) {
    auto applied = game->ApplyLogged(actions, i);  // told the next action: the same game, sooner
    if (!applied.ok()) {
      return mailrun::engine::DataFault(fmt::format("game {}: log entry {} no longer applies: {}", info.game_id, seqs[i],
                               applied.error().ToString()));
    }
  }
  return game;
}

}  // namespace mailrun::game
