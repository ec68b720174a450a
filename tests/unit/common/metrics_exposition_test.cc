// The services' metrics (services/common/metrics.h) as Prometheus reads them: every family of
// every service, each with a sample, serialized by prometheus-cpp and checked by promtool (the
// Prometheus project's own parser and linter), label values that need escaping included; and
// every family is described in docs/operations.md, and nothing there is missing from the code.
#include <gtest/gtest.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "services/common/metrics.h"
#include "tests/testing/observability.h"

namespace mailrun::service {
namespace {

using metrics::Part;

// Reports something to every metric, so each family has a sample.
void TouchEveryMetric() {
  metrics::SetBuildInfo("mailrun-test", "0.0.0");
  metrics::RpcHandled("/mailrun.v1.GameService/SubmitAction", "OK", 0.004);
  metrics::RpcHandled("/odd\"method\\with\nnewline", "UNKNOWN", -1);  // label escaping
  metrics::PoolCapacity(4);
  metrics::PoolConnectionOpened();
  metrics::PoolLeased(0.0002);
  metrics::PoolReturned();
  metrics::PoolAcquireTimedOut();
  metrics::TransactionRetried();
  metrics::MoveCommitted("action");
  metrics::MoveConflict();
  metrics::GameCacheLookup(true);
  metrics::GameCacheSize(3);
  metrics::GameReplayed(17);
  metrics::OutboxBacklog(2, 0.5);
  metrics::OutboxPublished(5);
  metrics::OutboxPublishFailed();
  metrics::EventConsumed("stored");
  metrics::StreamOpened();
  metrics::NotificationStreamed();
  metrics::PushAttempted("delivered");
  metrics::DeliveryAttempted("web_push", "delivered");
  metrics::RemindersDue(1);
  metrics::RemindersSent(1);
  metrics::LoginAttempted("UNAUTHENTICATED");
}

std::string Exposition(std::initializer_list<Part> parts) {
  std::vector<prometheus::MetricFamily> families;
  for (const Part part : parts) {
    const auto collected = metrics::Registry(part)->Collect();
    families.insert(families.end(), collected.begin(), collected.end());
  }
  return prometheus::TextSerializer().Serialize(families);
}

TEST(MetricsExposition, EveryServicesExpositionPassesPromtool) {
  TouchEveryMetric();
  for (const Part part : {Part::kGame, Part::kLobby, Part::kNotify}) {
    const std::string exposition = Exposition({Part::kCommon, part});
    EXPECT_EQ(mailrun::testing::PromtoolProblems(exposition), "") << exposition;
  }
}

TEST(MetricsExposition, HistogramsLabelsAndHelpAreWrittenAsTheFormatSays) {
  TouchEveryMetric();
  const std::string text = Exposition({Part::kCommon, Part::kGame});
  EXPECT_NE(text.find("# TYPE mailrun_rpc_duration_seconds histogram"), std::string::npos) << text;
  // Labels in name order, the bucket bound last; the count is how often this process touched the
  // metric (every test here touches each once), so the test holds whichever ran before it.
  EXPECT_TRUE(std::regex_search(text, std::regex(R"(mailrun_rpc_duration_seconds_bucket\{code="OK",)"
                                                 R"(method="/mailrun\.v1\.GameService/SubmitAction",)"
                                                 R"(le="\+Inf"\} [1-9][0-9]*\n)")))
      << text;
  EXPECT_NE(text.find("mailrun_rpc_duration_seconds_count{code=\"OK\","), std::string::npos);
  EXPECT_NE(text.find("mailrun_rpc_duration_seconds_sum{code=\"OK\","), std::string::npos);
  EXPECT_NE(text.find("method=\"/odd\\\"method\\\\with\\nnewline\""), std::string::npos) << text;
  // A stream's lifetime is no latency: it is counted, not timed.
  EXPECT_EQ(text.find("mailrun_rpc_duration_seconds_count{code=\"UNKNOWN\""), std::string::npos);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("# HELP ", 0) == 0) {
      EXPECT_EQ(line.find('\\'), std::string::npos) << line;
    }
  }
}

TEST(MetricsExposition, EachServiceShowsOnlyItsOwnAndTheCommonMetrics) {
  TouchEveryMetric();
  const auto game = mailrun::testing::MetricSamples(Exposition({Part::kCommon, Part::kGame})).families();
  const auto lobby = mailrun::testing::MetricSamples(Exposition({Part::kCommon, Part::kLobby})).families();
  EXPECT_TRUE(game.contains("mailrun_moves_committed_total"));
  EXPECT_FALSE(game.contains("mailrun_login_attempts_total"));
  EXPECT_TRUE(lobby.contains("mailrun_login_attempts_total"));
  EXPECT_FALSE(lobby.contains("mailrun_notify_open_streams"));
  EXPECT_TRUE(lobby.contains("mailrun_outbox_backlog"));
}

TEST(MetricsExposition, DocsOperationsDescribesEveryMetricAndNoOther) {
  TouchEveryMetric();
  const auto served =
      mailrun::testing::MetricSamples(Exposition({Part::kCommon, Part::kGame, Part::kLobby, Part::kNotify})).families();
  std::ifstream doc(std::string(MAILRUN_SOURCE_DIR) + "/docs/operations.md");
  ASSERT_TRUE(doc) << "docs/operations.md";
  std::set<std::string> documented;
  const std::regex row(R"(^\| `(mailrun_[a-z0-9_]+)` \|)");
  for (std::string line; std::getline(doc, line);) {
    std::smatch match;
    if (std::regex_search(line, match, row)) documented.insert(match[1]);
  }
  EXPECT_EQ(documented, served) << "the metrics table of docs/operations.md and services/common/metrics.cc differ";
}

}  // namespace
}  // namespace mailrun::service
