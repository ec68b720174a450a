#include "tests/testing/observability.h"

#include <httplib.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/testing/service_process.h"

namespace mailrun::testing {

std::vector<nlohmann::json> JsonLogLines(const std::string& log_path, std::vector<std::string>* bad) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(ReadFile(log_path));
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    auto parsed = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_object()) {
      lines.push_back(std::move(parsed));
    } else if (bad) {
      bad->push_back(line);
    }
  }
  return lines;
}

std::string MetricsAddress(const std::string& log_path) {
  for (const auto& line : JsonLogLines(log_path)) {
    if (line.value("event", "") == "metrics_serving") return line.value("listen", "");
  }
  return "";
}

std::string ScrapeMetrics(const std::string& address) {
  httplib::Client client("http://" + address);
  client.set_connection_timeout(5);
  client.set_read_timeout(10);
  const auto response = client.Get("/metrics");
  if (!response) throw std::runtime_error("no answer from http://" + address + "/metrics: " + httplib::to_string(response.error()));
  if (response->status != 200) {
    throw std::runtime_error("http://" + address + "/metrics answered " + std::to_string(response->status));
  }
  return response->body;
}

std::string PromtoolProblems(const std::string& exposition) {
  char path[] = "/tmp/mailrun-exposition-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) throw std::runtime_error("cannot create a temporary file");
  close(fd);
  std::ofstream(path) << exposition;
  const std::string command = std::string("promtool check metrics < ") + path + " 2>&1";
  std::string output;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run promtool (deploy/setup.sh installs the prometheus package)");
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
  const int status = pclose(pipe);
  std::remove(path);
  if (status == 0) return "";
  return output.empty() ? "promtool failed (exit status " + std::to_string(status) + "); is it installed?" : output;
}

namespace {

// Reads a label value after its opening quote, undoing the format's escapes (\\, \", \n).
std::string QuotedValue(const std::string& line, size_t* at) {
  std::string value;
  while (*at < line.size() && line[*at] != '"') {
    char c = line[(*at)++];
    if (c == '\\' && *at < line.size()) {
      const char escaped = line[(*at)++];
      c = escaped == 'n' ? '\n' : escaped;
    }
    value.push_back(c);
  }
  ++*at;  // the closing quote
  return value;
}

}  // namespace

MetricSamples::MetricSamples(const std::string& exposition) {
  std::istringstream in(exposition);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# TYPE ", 0) == 0) {
      families_.insert(line.substr(7, line.find(' ', 7) - 7));
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    Sample sample;
    size_t at = line.find_first_of("{ ");
    sample.name = line.substr(0, at);
    if (at < line.size() && line[at] == '{') {
      ++at;
      while (at < line.size() && line[at] != '}') {
        const size_t equals = line.find('=', at);
        const std::string key = line.substr(at, equals - at);
        at = equals + 2;  // past the = and the opening quote
        sample.labels[key] = QuotedValue(line, &at);
        if (at < line.size() && line[at] == ',') ++at;
      }
      ++at;  // the closing brace
    }
    sample.value = std::strtod(line.c_str() + at, nullptr);
    samples_.push_back(std::move(sample));
  }
}

double MetricSamples::Sum(const std::string& name, const std::map<std::string, std::string>& labels) const {
  double sum = 0;
  for (const Sample& sample : samples_) {
    if (sample.name != name) continue;
    bool matches = true;
    for (const auto& [key, value] : labels) {
      const auto found = sample.labels.find(key);
      matches = matches && found != sample.labels.end() && found->second == value;
    }
    if (matches) sum += sample.value;
  }
  return sum;
}

bool MetricSamples::Has(const std::string& name) const {
  for (const Sample& sample : samples_) {
    if (sample.name == name) return true;
  }
  return false;
}

}  // namespace mailrun::testing
