// Serves the process's Prometheus metrics (metrics.h) over HTTP on a port of its own, apart from
// the gRPC port: GET /metrics in the text exposition format 0.0.4, which prometheus-cpp's
// TextSerializer writes; cpp-httplib serves it on one thread. (prometheus-cpp's own server,
// civetweb behind its Exposer, takes up to two seconds to stop, which every shutdown would wait
// for.)
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "services/common/metrics.h"

namespace httplib {
class Server;
}

namespace mailrun::service {

class MetricsEndpoint {
 public:
  // Serves the common metrics and those of `part` on `listen` (host:port; port 0 takes a free
  // one). Throws std::runtime_error naming the address when it cannot listen there.
  MetricsEndpoint(const std::string& listen, metrics::Part part);
  ~MetricsEndpoint();  // stops serving
  MetricsEndpoint(const MetricsEndpoint&) = delete;
  MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

  int port() const { return port_; }  // the port it listens on

 private:
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  std::atomic<bool> serving_ended_{false};  // listen_after_bind returned
  int port_ = 0;
};

}  // namespace mailrun::service
