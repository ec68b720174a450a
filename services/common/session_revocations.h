// SessionRevocations: a service's copy of the lobby's list of ended sessions (revoked_sessions,
// migrations/0207), so that an access token stops working within about a second of its session's
// logout, revocation, password change or account deletion on every service, instead of when it
// expires (up to 15 minutes; issue 46). The TokenVerifier asks it (token.h, RevokedSessions).
//
// Why a list in PostgreSQL read once a second, and not Redis pub/sub: the list is written in the
// same transaction that ends the session (by triggers, so no way of ending one can forget it), a
// service that was down or lost its connection reads what it missed on its next look, and nothing
// depends on a message that pub/sub may drop. A look reads only the rows added since the previous
// one (with a margin for transactions that commit late), so its cost does not grow with the list;
// the list itself holds only sessions whose access tokens have not expired yet (about 15 minutes).
// While the database is unreachable the copy keeps what it has and the service goes on.
//
// Thread-safety: Revoked from any thread; Start/Stop/Poll from the owner.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "services/common/connection_pool.h"
#include "services/common/token.h"
#include "services/common/worker_thread.h"

namespace mailrun::service {

class SessionRevocations final : public RevokedSessions {
 public:
  // `pool` must outlive this object. `interval`: how often to look (about how long a revoked
  // token may still work here).
  SessionRevocations(ConnectionPool& pool, std::chrono::milliseconds interval = std::chrono::seconds(1));
  ~SessionRevocations() override;

  // Reads the list once (so tokens revoked before the start are refused from the first call), then
  // looks every interval on a thread of its own.
  void Start();
  void Stop();

  bool Revoked(const std::string& token_id, int64_t now) const override;

  // One look: adds the rows added since the last one, forgets entries whose tokens have expired,
  // and (every minute) deletes such rows from the table. Returns how many sessions it learned of.
  int Poll();

 private:
  ConnectionPool& pool_;
  const std::chrono::milliseconds interval_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, int64_t> ended_;  // session id -> when its access token expires
  int64_t seen_until_ms_ = 0;  // the database's clock at the last look, unix ms (0: read everything)
  std::chrono::steady_clock::time_point next_prune_;
  WorkerThread worker_;
};

// The session row an access token was issued for (its token id is "<row>-access"), or "".
std::string SessionOfAccessTokenId(const std::string& token_id);

}  // namespace mailrun::service
