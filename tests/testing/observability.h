// What a service says about itself, read by a test: its Prometheus metrics (the address of its
// metrics endpoint is in its log, since tests let it take a free port) and its JSON log lines.
// Expositions are checked with promtool (Debian's prometheus package), the Prometheus project's
// own parser and linter; MetricSamples then reads the values of an exposition promtool accepted.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace mailrun::testing {

// Every line of a JSON-lines log file, parsed; lines that are not a JSON object go to *bad.
std::vector<nlohmann::json> JsonLogLines(const std::string& log_path, std::vector<std::string>* bad = nullptr);

// The host:port of the service's "metrics_serving" log line, or "" when it has none (yet).
std::string MetricsAddress(const std::string& log_path);

// GET http://<address>/metrics. Throws std::runtime_error when the endpoint does not answer 200.
std::string ScrapeMetrics(const std::string& address);

// "" when `promtool check metrics` accepts `exposition`, else what promtool says.
std::string PromtoolProblems(const std::string& exposition);

// The samples of a text exposition (format 0.0.4).
class MetricSamples {
 public:
  explicit MetricSamples(const std::string& exposition);

  // The sum of the samples named `name` whose labels include `labels`; 0 when there is none.
  double Sum(const std::string& name, const std::map<std::string, std::string>& labels = {}) const;
  // Whether any sample is named `name`.
  bool Has(const std::string& name) const;
  // The metric families the exposition declares (its "# TYPE" lines).
  const std::set<std::string>& families() const { return families_; }

 private:
  struct Sample {
    std::string name;
    std::map<std::string, std::string> labels;
    double value = 0;
  };
  std::vector<Sample> samples_;
  std::set<std::string> families_;
};

}  // namespace mailrun::testing
