// mailrun-fault: the fault and load driver (docs/reliability.md). It starts a stack of its own on
// loopback for each scenario (tools/fault/stack.h), puts load on it, hurts it (scenarios.h) and
// prints per scenario: actions acknowledged, lost, doubled, notifications owed and delivered, and
// the longest delay. Exit code 0 when every scenario passed, 1 otherwise, 2 on bad arguments.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "tools/fault/scenarios.h"

namespace {

std::string SelfDirectory() {
  char path[4096] = {0};
  const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  std::string self = length > 0 ? std::string(path, static_cast<size_t>(length)) : ".";
  return self.substr(0, self.rfind('/'));
}

std::string FirstLine(const std::string& path, const std::string& prefix = "") {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return line;
  }
  return "";
}

// The three load averages of /proc/loadavg.
std::string LoadAverage() {
  std::stringstream fields(FirstLine("/proc/loadavg"));
  std::string one, five, fifteen;
  fields >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

std::string Machine() {
  std::string model = FirstLine("/proc/cpuinfo", "model name");
  model = model.substr(model.find(':') == std::string::npos ? 0 : model.find(':') + 2);
  return fmt::format("{} CPU(s), {}; load average {}", std::thread::hardware_concurrency(), model, LoadAverage());
}

std::string Delay(int64_t ms) { return ms >= 10000 ? fmt::format("{:.1f} s", ms / 1000.0) : fmt::format("{} ms", ms); }

void Print(const std::vector<mailrun::fault::ScenarioResult>& results, bool markdown) {
  if (markdown) {
    std::cout << "| scenario | actions acknowledged | lost | doubled | notifications owed | delivered | longest "
                 "notification delay | longest acknowledgement | recovery | result |\n"
              << "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --- |\n";
  } else {
    std::cout << fmt::format("{:<22} {:>8} {:>5} {:>7} {:>6} {:>9} {:>13} {:>11} {:>9}  {}\n", "scenario", "acked",
                             "lost", "doubled", "owed", "delivered", "notify delay", "ack delay", "recovery", "result");
  }
  for (const auto& r : results) {
    const std::string verdict = r.passed ? "passed" : "FAILED";
    if (r.probe) {
      const std::string summary = fmt::format("{} calls, {} unexpected answers", r.calls, r.unexpected);
      if (markdown) {
        std::cout << fmt::format("| {} | {} | 0 | 0 | - | - | - | - | - | {} |\n", r.name, summary, verdict);
      } else {
        std::cout << fmt::format("{:<22} {}  {}\n", r.name, summary, verdict);
      }
      continue;
    }
    const std::string recovery = r.recovery_ms < 0 ? "-" : Delay(r.recovery_ms);
    if (markdown) {
      std::cout << fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n", r.name, r.acknowledged, r.lost,
                               r.doubled, r.owed, r.delivered, Delay(r.longest_delay_ms), Delay(r.longest_ack_ms),
                               recovery, verdict);
    } else {
      std::cout << fmt::format("{:<22} {:>8} {:>5} {:>7} {:>6} {:>9} {:>13} {:>11} {:>9}  {}\n", r.name, r.acknowledged,
                               r.lost, r.doubled, r.owed, r.delivered, Delay(r.longest_delay_ms),
                               Delay(r.longest_ack_ms), recovery, verdict);
    }
  }
  std::cout << "\n";
  for (const auto& r : results) {
    std::cout << fmt::format("{} ({:.0f} s):", r.name, r.seconds);
    for (const auto& note : r.notes) std::cout << " " << note << ";";
    if (r.in_doubt > 0) std::cout << " " << r.in_doubt << " call(s) never answered;";
    std::cout << "\n";
    for (const auto& problem : r.problems) std::cout << "  problem: " << problem << "\n";
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun-fault: fault and load scenarios against a stack of its own on loopback"};
  std::vector<std::string> scenarios;
  mailrun::fault::ScenarioSettings settings;
  settings.stack.bin_dir = SelfDirectory();
  settings.stack.source_dir = MAILRUN_SOURCE_DIR;
  bool markdown = false;
  bool list = false;
  app.add_option("--scenario", scenarios, "scenarios to run (repeat or comma-separate); default: all")
      ->delimiter(',');
  app.add_flag("--short", settings.short_run, "the short version of each scenario (seconds, as CTest runs them)");
  app.add_option("--seed", settings.seed, "seed of the games, users and choices")->capture_default_str();
  app.add_option("--bin-dir", settings.stack.bin_dir, "where mailrun-game, -lobby and -notify are")
      ->capture_default_str();
  app.add_option("--source-dir", settings.stack.source_dir, "the repository (for deploy/servers.sh)")
      ->capture_default_str();
  app.add_flag("--keep", settings.stack.keep, "keep each stack's directory (logs, data) in /tmp");
  app.add_flag("--markdown", markdown, "print the table as Markdown (docs/reliability.md)");
  app.add_flag("--list", list, "list the scenarios and exit");
  CLI11_PARSE(app, argc, argv);
  if (list) {
    for (const auto& name : mailrun::fault::ScenarioNames()) std::cout << name << "\n";
    return 0;
  }
  if (scenarios.empty()) scenarios = mailrun::fault::ScenarioNames();

  std::cout << "mailrun-fault " << (settings.short_run ? "--short " : "") << "seed " << settings.seed << "; "
            << Machine() << "\n\n";
  std::vector<mailrun::fault::ScenarioResult> results;
  for (const auto& name : scenarios) {
    try {
      std::cerr << "running " << name << " ...\n";
      results.push_back(mailrun::fault::RunScenario(name, settings));
    } catch (const std::invalid_argument& e) {
      std::cerr << "mailrun-fault: " << e.what() << "\n";
      return 2;
    }
  }
  Print(results, markdown);
  std::cout << "\nload average at the end: " << LoadAverage() << "\n";
  for (const auto& r : results) {
    if (!r.passed) return 1;
  }
  return 0;
}
