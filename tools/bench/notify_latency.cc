// mailrun-bench-notify: measures how long "it's your turn" takes from the commit of a move to its
// arrival on the player's open Subscribe stream (acceptance 1 of the notification issue).
//
// It starts no server: it talks to a running PostgreSQL and mailrun-notify. For each of N events,
// one at a time, it commits a transaction that appends a YourTurn to the outbox (what the game
// service does in the transaction of a move), takes the time right after the commit returns, and
// waits until the event arrives on a stream opened as the recipient; the difference is the
// latency. The outbox rows are published by the relay of the running notification service, or,
// with --redis-url, by a relay in this process (as the game service runs one).
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <pqxx/pqxx>
#include <thread>

#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/config.h"
#include "services/common/outbox.h"
#include "services/common/outbox_relay.h"
#include "services/common/token.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Arrivals {
  std::mutex mutex;
  std::condition_variable arrived;
  std::map<std::string, Clock::time_point> at;
};

double Percentile(std::vector<double> sorted, double p) {
  const size_t index = std::min(sorted.size() - 1, static_cast<size_t>(p / 100.0 * sorted.size()));
  return sorted[index];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun-bench-notify: commit-to-stream latency of outbox events through mailrun-notify"};
  std::string database_url = "postgresql://mailrun@127.0.0.1:55432/mailrun";
  std::string notify = "127.0.0.1:50153";
  std::string redis_url;
  mailrun::service::CommonConfig keys;
  int events = 1000;
  int warmup = 20;
  app.add_option("--database-url", database_url, "the notification service's PostgreSQL")->capture_default_str();
  app.add_option("--notify", notify, "host:port of mailrun-notify")->capture_default_str();
  app.add_option("--redis-url", redis_url, "run an outbox relay in this process, publishing to this Redis");
  app.add_option("--token-key", keys.token_key, "hex token key of the service")->envname("MAILRUN_TOKEN_KEY");
  app.add_option("--token-key-file", keys.token_key_file, "file holding the hex token key")
      ->envname("MAILRUN_TOKEN_KEY_FILE");
  app.add_option("--events", events, "events measured")->check(CLI::Range(1, 1000000))->capture_default_str();
  app.add_option("--warmup", warmup, "events sent first and not measured")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  try {
    const std::string key = mailrun::service::LoadTokenKey(keys);
    const std::string run = mailrun::service::RandomId().substr(0, 12);
    const std::string user = "bench-" + run;
    mailrun::service::TokenClaims claims;
    claims.subject = user;
    claims.kind = mailrun::service::TokenKind::kAccess;
    claims.issued_at = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::system_clock::now().time_since_epoch()).count();
    claims.expires_at = claims.issued_at + 3600;
    claims.token_id = run;

    std::unique_ptr<mailrun::service::OutboxRelay> relay;
    if (!redis_url.empty()) {
      mailrun::service::OutboxRelayOptions options;
      options.database_url = database_url;
      options.redis_url = redis_url;
      relay = std::make_unique<mailrun::service::OutboxRelay>(options);
      relay->Start();
    }

    auto stub = mailrun::v1::NotificationService::NewStub(
        grpc::CreateChannel(notify, grpc::InsecureChannelCredentials()));
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + mailrun::service::IssueToken(key, claims));
    auto reader = stub->Subscribe(&context, mailrun::v1::SubscribeRequest());
    reader->WaitForInitialMetadata();
    Arrivals arrivals;
    std::thread reading([&] {
      mailrun::v1::Notification notification;
      while (reader->Read(&notification)) {
        const auto now = Clock::now();
        std::lock_guard lock(arrivals.mutex);
        arrivals.at[notification.event_id()] = now;
        arrivals.arrived.notify_all();
      }
    });

    pqxx::connection connection(database_url);
    std::vector<double> latencies_ms;
    int lost = 0;
    for (int i = 0; i < warmup + events; ++i) {
      mailrun::v1::Event event;
      event.set_event_id(fmt::format("bench/{}/{}", run, i));
      event.set_created_at_unix_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                       std::chrono::system_clock::now().time_since_epoch()).count());
      event.add_user_ids(user);
      auto* turn = event.mutable_your_turn();
      turn->set_game_id("bench-" + run);
      turn->set_version(i + 1);
      turn->set_round("Railway Round 1.1");
      turn->set_expected("lay track");
      {
        pqxx::work txn(connection);
        mailrun::service::AppendOutboxEvent(txn, event);
        txn.commit();
      }
      const auto committed = Clock::now();
      std::unique_lock lock(arrivals.mutex);
      if (!arrivals.arrived.wait_for(lock, std::chrono::seconds(10),
                                     [&] { return arrivals.at.count(event.event_id()) > 0; })) {
        ++lost;
        continue;
      }
      if (i >= warmup) {
        latencies_ms.push_back(std::chrono::duration<double, std::milli>(arrivals.at[event.event_id()] - committed).count());
      }
    }
    context.TryCancel();
    reading.join();
    if (relay) relay->Stop();

    if (latencies_ms.empty()) {
      fmt::print(stderr, "no event arrived\n");
      return 1;
    }
    std::sort(latencies_ms.begin(), latencies_ms.end());
    const double mean = std::accumulate(latencies_ms.begin(), latencies_ms.end(), 0.0) / latencies_ms.size();
    fmt::print("events {} (after {} warm-up), not arrived within 10 s: {}\n", latencies_ms.size(), warmup, lost);
    fmt::print("commit-to-stream latency ms: p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}  mean {:.2f}\n",
               Percentile(latencies_ms, 50), Percentile(latencies_ms, 90), Percentile(latencies_ms, 99),
               latencies_ms.back(), mean);
    return lost == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "mailrun-bench-notify: {}\n", e.what());
    return 1;
  }
}
