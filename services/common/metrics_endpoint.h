// Serves the process's Prometheus metrics (metrics.h) over HTTP on a port of its own, apart from
// the gRPC port: GET /metrics in the text exposition format, from prometheus-cpp's Exposer.
#pragma once

#include <memory>
#include <string>

#include "services/common/metrics.h"

namespace prometheus {
class Exposer;
}

namespace mailrun::service {

class MetricsEndpoint {
 public:
  // Serves the common metrics and those of `part` on `listen` (host:port; port 0 takes a free
  // one). Throws std::runtime_error naming the address when it cannot listen there.
  MetricsEndpoint(const std::string& listen, metrics::Part part);
  ~MetricsEndpoint();
  MetricsEndpoint(const MetricsEndpoint&) = delete;
  MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

  int port() const;  // the port it listens on

 private:
  std::unique_ptr<prometheus::Exposer> exposer_;
};

}  // namespace mailrun::service
