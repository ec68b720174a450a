#include "services/common/metrics_endpoint.h"

#include <httplib.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <charconv>
#include <chrono>
#include <stdexcept>
#include <vector>

namespace mailrun::service {
namespace {

struct ListenAddress {
  std::string host;
  int port = -1;
};

// "host:port" or "[v6]:port"; port 0..65535. Throws naming the address otherwise.
ListenAddress ParseListen(const std::string& listen) {
  ListenAddress address;
  const size_t colon = listen.rfind(':');
  if (colon != std::string::npos) {
    address.host = listen.substr(0, colon);
    const char* first = listen.data() + colon + 1;
    const char* last = listen.data() + listen.size();
    const auto [end, error] = std::from_chars(first, last, address.port);
    if (error != std::errc() || end != last || first == last) address.port = -1;
  }
  if (address.host.size() > 1 && address.host.front() == '[' && address.host.back() == ']') {
    address.host = address.host.substr(1, address.host.size() - 2);
  }
  if (address.host.empty() || address.port < 0 || address.port > 65535) {
    throw std::runtime_error("cannot serve metrics on '" + listen + "': give host:port, e.g. 0.0.0.0:9090");
  }
  return address;
}

}  // namespace

MetricsEndpoint::MetricsEndpoint(const std::string& listen, metrics::Part part)
    : server_(std::make_unique<httplib::Server>()) {
  const ListenAddress address = ParseListen(listen);

  std::vector<std::shared_ptr<prometheus::Registry>> registries = {metrics::Registry(metrics::Part::kCommon)};
  if (part != metrics::Part::kCommon) registries.push_back(metrics::Registry(part));
  server_->Get("/metrics", [registries](const httplib::Request&, httplib::Response& response) {
    std::vector<prometheus::MetricFamily> families;
    for (const auto& registry : registries) {
      auto collected = registry->Collect();
      families.insert(families.end(), std::make_move_iterator(collected.begin()),
                      std::make_move_iterator(collected.end()));
    }
    response.set_content(prometheus::TextSerializer().Serialize(families), "text/plain; version=0.0.4; charset=utf-8");
  });
  // Scrapes come one at a time and a scraper connects anew each time: one thread, one request per
  // connection and short waits, so that stopping never waits on an idle connection.
  server_->new_task_queue = [] { return new httplib::ThreadPool(1); };
  server_->set_keep_alive_max_count(1);
  server_->set_keep_alive_timeout(1);
  server_->set_read_timeout(1, 0);
  server_->set_write_timeout(1, 0);

  port_ = address.port == 0 ? server_->bind_to_any_port(address.host)
                            : (server_->bind_to_port(address.host, address.port) ? address.port : -1);
  if (port_ <= 0) throw std::runtime_error("cannot serve metrics on " + listen + ": the address is taken or invalid");
  thread_ = std::thread([this] {
    server_->listen_after_bind();
    serving_ended_ = true;
  });
  // Server::stop() acts only on a server that runs, so wait until it does (at once, in practice)
  // or already gave up, lest a quick destructor leave the thread listening.
  while (!server_->is_running() && !serving_ended_) std::this_thread::sleep_for(std::chrono::microseconds(100));
}

MetricsEndpoint::~MetricsEndpoint() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace mailrun::service
