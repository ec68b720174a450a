#include "services/game/version_listener.h"

#include <spdlog/spdlog.h>

#include <memory>
#include <pqxx/pqxx>

#include "services/common/backoff.h"
#include "services/game/game_store.h"

namespace mailrun::game {
namespace {

class Receiver final : public pqxx::notification_receiver {
 public:
  Receiver(pqxx::connection& connection, const std::function<void(const std::string&)>& on_version)
      : pqxx::notification_receiver(connection, store::kGameVersionChannel), on_version_(on_version) {}
  void operator()(const std::string& payload, int) override { on_version_(payload); }

 private:
  const std::function<void(const std::string&)>& on_version_;
};

}  // namespace

VersionListener::VersionListener(std::string database_url, std::function<void(const std::string&)> on_version,
                                 std::function<void()> on_reconnect)
    : database_url_(std::move(database_url)),
      on_version_(std::move(on_version)),
      on_reconnect_(std::move(on_reconnect)) {}

void VersionListener::Start() {
  worker_.Start([this] { Run(); });
}

void VersionListener::Stop() { worker_.Stop(); }

void VersionListener::Run() {
  mailrun::service::ExponentialBackoff backoff(std::chrono::milliseconds(100), std::chrono::milliseconds(5000));
  std::unique_ptr<pqxx::connection> connection;
  std::unique_ptr<Receiver> receiver;
  while (!worker_.stopping()) {
    try {
      if (!connection) {
        connection = std::make_unique<pqxx::connection>(database_url_);
        receiver = std::make_unique<Receiver>(*connection, on_version_);
        connection->get_notifs();  // LISTEN is in place from here on
        on_reconnect_();           // versions committed while nobody listened
        backoff.Reset();
      }
      connection->await_notification(0, 200000);  // short slices, so Stop is quick
    } catch (const std::exception& e) {
      spdlog::warn("version listener: PostgreSQL connection lost: {}", e.what());
      receiver.reset();
      connection.reset();
      worker_.WaitFor(backoff.Next());
    }
  }
}

}  // namespace mailrun::game
