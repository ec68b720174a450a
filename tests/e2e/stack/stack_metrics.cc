#include "tests/e2e/stack/stack_metrics.h"

#include <gtest/gtest.h>

namespace mailrun::e2e {

mailrun::testing::MetricSamples ScrapeService(const Stack& stack, const std::string& binary) {
  const std::string address = stack.metrics_address(binary);
  EXPECT_FALSE(address.empty()) << binary << " names no metrics endpoint in its log";
  std::string exposition;
  try {
    exposition = mailrun::testing::ScrapeMetrics(address);
  } catch (const std::exception& e) {
    ADD_FAILURE() << binary << ": " << e.what();
  }
  EXPECT_EQ(mailrun::testing::PromtoolProblems(exposition), "") << binary << "'s metrics:\n" << exposition;
  return mailrun::testing::MetricSamples(exposition);
}

StackMetrics ScrapeStack(const Stack& stack) {
  return {ScrapeService(stack, "mailrun-game"), ScrapeService(stack, "mailrun-lobby"),
          ScrapeService(stack, "mailrun-notify")};
}

}  // namespace mailrun::e2e
