// The metrics of the whole stack at one moment: each service's endpoint scraped, and every
// exposition checked with promtool on the way (a complaint is a test failure).
#pragma once

#include <string>

#include "tests/e2e/stack/stack.h"
#include "tests/testing/observability.h"

namespace mailrun::e2e {

struct StackMetrics {
  mailrun::testing::MetricSamples game;
  mailrun::testing::MetricSamples lobby;
  mailrun::testing::MetricSamples notify;
};

StackMetrics ScrapeStack(const Stack& stack);

// One service's metrics ("mailrun-game", ...), checked with promtool.
mailrun::testing::MetricSamples ScrapeService(const Stack& stack, const std::string& binary);

}  // namespace mailrun::e2e
