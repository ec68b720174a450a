#include "services/common/readiness.h"

#include <spdlog/spdlog.h>

namespace mailrun::service {

DatabaseReadiness::DatabaseReadiness(std::string url, std::chrono::seconds timeout)
    : url_(std::move(url)), timeout_(timeout) {
  // libpq's own bound on connecting; keyword=value works for URIs and connection strings alike.
  const std::string bound = "connect_timeout=" + std::to_string(timeout_.count());
  if (url_.find("://") != std::string::npos) {
    url_ += (url_.find('?') == std::string::npos ? "?" : "&") + bound;
  } else {
    url_ += " " + bound;
  }
}

bool DatabaseReadiness::Check() {
  try {
    if (!connection_) connection_ = std::make_unique<pqxx::connection>(url_);
    // SET LOCAL, not SET: behind a pooler in transaction mode a session's SET would stay on the
    // server connection and bound the statements of whoever gets it next (docs/operations.md).
    pqxx::work txn(*connection_);
    txn.exec("SET LOCAL statement_timeout = " + std::to_string(timeout_.count() * 1000));
    txn.exec1("SELECT 1");
    txn.commit();
    return true;
  } catch (const std::exception&) {
    connection_.reset();  // reconnect on the next check
    return false;
  }
}

ReadinessWatcher::ReadinessWatcher(std::function<bool()> check, std::function<void(bool ready)> report,
                                   std::chrono::milliseconds interval)
    : check_(std::move(check)), report_(std::move(report)), interval_(interval) {}

void ReadinessWatcher::Start() {
  worker_.Start([this] {
    bool last = true;  // the service starts ready: it has just reached its database
    while (!worker_.stopping()) {
      const bool ready = check_();
      if (ready != last) {
        if (ready) {
          spdlog::info("ready again: the database answers");
        } else {
          spdlog::warn("not ready: the database does not answer (health reports NOT_SERVING until it does)");
        }
        last = ready;
      }
      report_(ready);
      worker_.WaitFor(interval_);
    }
  });
}

}  // namespace mailrun::service
