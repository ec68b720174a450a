#include "services/common/session_revocations.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <string_view>

#include "services/common/auth.h"
#include "services/common/transaction.h"

namespace mailrun::service {
namespace {

// A transaction that ended a session may commit this long after its revoked_at was stamped; each
// look reads that far back again.
constexpr int64_t kCommitMarginMs = 30000;

}  // namespace

std::string SessionOfAccessTokenId(const std::string& token_id) {
  constexpr std::string_view kSuffix = "-access";
  if (token_id.size() <= kSuffix.size() || !token_id.ends_with(kSuffix)) return "";
  return token_id.substr(0, token_id.size() - kSuffix.size());
}

SessionRevocations::SessionRevocations(ConnectionPool& pool, std::chrono::milliseconds interval)
    : pool_(pool), interval_(interval) {}

SessionRevocations::~SessionRevocations() { Stop(); }

void SessionRevocations::Start() {
  try {
    Poll();
  } catch (const std::exception& e) {
    spdlog::warn("revoked sessions: the first look failed: {} (trying again)", e.what());
  }
  worker_.Start([this] {
    while (worker_.WaitFor(interval_)) {
      try {
        Poll();
      } catch (const std::exception& e) {
        spdlog::warn("revoked sessions: {} (trying again)", e.what());
      }
    }
  });
}

void SessionRevocations::Stop() { worker_.Stop(); }

bool SessionRevocations::Revoked(const std::string& token_id, int64_t now) const {
  const std::string session = SessionOfAccessTokenId(token_id);
  if (session.empty()) return false;
  std::lock_guard lock(mutex_);
  const auto found = ended_.find(session);
  return found != ended_.end() && found->second >= now;
}

int SessionRevocations::Poll() {
  const int64_t since = seen_until_ms_ == 0 ? 0 : seen_until_ms_ - kCommitMarginMs;
  const bool prune = std::chrono::steady_clock::now() >= next_prune_;
  pqxx::result rows;
  int64_t looked_at_ms = 0;
  const grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    looked_at_ms = txn.exec("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")[0][0].as<int64_t>();
    if (prune) {
      txn.exec_params("DELETE FROM revoked_sessions WHERE access_expires_at < $1", UnixNow() - 60);
    }
    rows = txn.exec_params(
        "SELECT session_id, access_expires_at FROM revoked_sessions"
        " WHERE revoked_at >= to_timestamp($1::double precision / 1000) AND access_expires_at >= $2",
        since, UnixNow());
    return grpc::Status::OK;
  });
  if (!status.ok()) throw std::runtime_error("reading revoked_sessions: " + status.error_message());
  if (prune) next_prune_ = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  const int64_t now = UnixNow();
  int learned = 0;
  std::lock_guard lock(mutex_);
  std::erase_if(ended_, [&](const auto& entry) { return entry.second < now; });
  for (const auto& row : rows) {
    learned += ended_.insert_or_assign(row[0].as<std::string>(), row[1].as<int64_t>()).second ? 1 : 0;
  }
  seen_until_ms_ = looked_at_ms;  // the database's clock: the next look reads from there (less the margin)
  return learned;
}

}  // namespace mailrun::service
