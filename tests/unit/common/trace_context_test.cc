// W3C traceparent parsing and continuation (services/common/trace_context.h), with the header
// examples of the Trace Context recommendation.
#include <gtest/gtest.h>

#include "services/common/trace_context.h"

namespace mailrun::service {
namespace {

TEST(TraceContext, ParsesTheRecommendationsExample) {
  const auto parsed = TraceContext::Parse("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
  EXPECT_EQ(parsed->span_id, "00f067aa0ba902b7");
  EXPECT_EQ(parsed->flags, "01");
  EXPECT_EQ(parsed->ToTraceparent(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
}

TEST(TraceContext, RefusesWhatTheRecommendationRefuses) {
  for (const char* bad : {
           "",
           "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7",       // no flags
           "00-00000000000000000000000000000000-00f067aa0ba902b7-01",    // all-zero trace-id
           "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",    // all-zero parent-id
           "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",    // upper case
           "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",    // version ff
           "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-xx", // version 00 has four fields
           "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01",    // wrong separators
           "00-4bf92f3577b34da6a3ce929d0e0e473g-00f067aa0ba902b7-01",    // not hex
       }) {
    EXPECT_FALSE(TraceContext::Parse(bad).has_value()) << bad;
  }
}

TEST(TraceContext, ALaterVersionMayCarryMoreFields) {
  const auto parsed = TraceContext::Parse("01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-what-comes");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
}

TEST(TraceContext, ContinuingKeepsTheTraceAndMakesANewSpan) {
  const auto next = TraceContext::ContinueFrom("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00");
  EXPECT_EQ(next.trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
  EXPECT_EQ(next.flags, "00");
  EXPECT_NE(next.span_id, "00f067aa0ba902b7");
  EXPECT_TRUE(TraceContext::Parse(next.ToTraceparent()).has_value());
}

TEST(TraceContext, WithoutAUsableParentANewTraceBegins) {
  const auto first = TraceContext::ContinueFrom("garbage");
  const auto second = TraceContext::ContinueFrom("");
  EXPECT_TRUE(TraceContext::Parse(first.ToTraceparent()).has_value()) << first.ToTraceparent();
  EXPECT_NE(first.trace_id, second.trace_id);
  EXPECT_EQ(first.flags, "01");
}

}  // namespace
}  // namespace mailrun::service
