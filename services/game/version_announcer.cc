#include "services/game/version_announcer.h"

#include <spdlog/spdlog.h>

#include <vector>

#include "services/game/game_store.h"

namespace mailrun::game {

void VersionAnnouncer::Start() {
  std::lock_guard lock(mutex_);
  if (running_) return;
  running_ = true;
  thread_ = std::thread([this] { Run(); });
}

void VersionAnnouncer::Announce(const std::string& game_id, bool outbox_rows) {
  {
    std::lock_guard lock(mutex_);
    if (running_) {
      games_.insert(game_id);
      outbox_rows_ = outbox_rows_ || outbox_rows;
      queued_.notify_one();
      return;
    }
  }
  Send({game_id}, outbox_rows);
}

void VersionAnnouncer::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (!running_) return;
    running_ = false;
    queued_.notify_one();
  }
  thread_.join();
}

void VersionAnnouncer::Run() {
  std::unique_lock lock(mutex_);
  while (true) {
    queued_.wait(lock, [this] { return !running_ || !games_.empty(); });
    if (games_.empty()) return;  // stopping, nothing left to send
    const std::set<std::string> games = std::move(games_);
    games_.clear();
    const bool outbox_rows = std::exchange(outbox_rows_, false);
    lock.unlock();
    Send(games, outbox_rows);
    lock.lock();
  }
}

void VersionAnnouncer::Send(const std::set<std::string>& game_ids, bool outbox_rows) {
  try {
    auto connection = pool_.Acquire();
    pqxx::nontransaction txn(*connection);
    store::AnnounceCommitted(txn, std::vector<std::string>(game_ids.begin(), game_ids.end()), outbox_rows);
  } catch (const std::exception& e) {
    spdlog::warn("the new versions of {} game(s) could not be announced: {}", game_ids.size(), e.what());
  }
}

}  // namespace mailrun::game
