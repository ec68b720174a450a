// VersionListener: learns, from PostgreSQL, that a game has a new version, whichever replica of the
// game service committed it. After every move's commit the service sends NOTIFY on
// kGameVersionChannel with the game id (version_announcer.h, at once, not waited for); the
// listener holds one connection with LISTEN on it and calls `on_version(game_id)` for each. After
// (re)connecting, when notifications may have been missed, it calls `on_reconnect()`.
// One thread; Start/Stop from the owner.
#pragma once

#include <functional>
#include <string>

#include "services/common/worker_thread.h"

namespace mailrun::game {

class VersionListener {
 public:
  VersionListener(std::string database_url, std::function<void(const std::string& game_id)> on_version,
                  std::function<void()> on_reconnect);
  ~VersionListener() { Stop(); }

  void Start();
  void Stop();

 private:
  void Run();

  const std::string database_url_;
  const std::function<void(const std::string&)> on_version_;
  const std::function<void()> on_reconnect_;
  mailrun::service::WorkerThread worker_;
};

}  // namespace mailrun::game
