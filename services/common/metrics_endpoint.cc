#include "services/common/metrics_endpoint.h"

#include <prometheus/exposer.h>
#include <prometheus/registry.h>

#include <stdexcept>

namespace mailrun::service {

MetricsEndpoint::MetricsEndpoint(const std::string& listen, metrics::Part part) {
  try {
    exposer_ = std::make_unique<prometheus::Exposer>(listen, 2);
  } catch (const std::exception& e) {
    throw std::runtime_error("cannot serve metrics on " + listen + ": " + e.what());
  }
  exposer_->RegisterCollectable(metrics::Registry(metrics::Part::kCommon));
  if (part != metrics::Part::kCommon) exposer_->RegisterCollectable(metrics::Registry(part));
}

MetricsEndpoint::~MetricsEndpoint() = default;

int MetricsEndpoint::port() const {
  const auto ports = exposer_->GetListeningPorts();
  return ports.empty() ? 0 : ports.front();
}

}  // namespace mailrun::service
