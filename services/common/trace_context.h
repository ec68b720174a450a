// W3C Trace Context (https://www.w3.org/TR/trace-context/) for following one move through the
// services: the `traceparent` a client sends in its gRPC metadata (or one made up when it sends
// none or a malformed one) names the trace; each service's handling of it is a span of its own,
// and the trace travels on inside every outbox event (mailrun.v1.Event.traceparent), through
// Redis to the notification service, to the stream and the push.
//
//   traceparent = "00-" 32 hex trace-id "-" 16 hex parent-id "-" 2 hex flags   (lower case)
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mailrun::service {

struct TraceContext {
  std::string trace_id;  // 32 lower-case hex digits, not all zero
  std::string span_id;   // 16 lower-case hex digits, not all zero: this span (the parent of the next hop)
  std::string flags = "01";  // trace-flags; 01 = sampled

  // Parses a traceparent header. Version 00 must have exactly four fields; a later version may
  // have more (the spec's forward compatibility). nullopt for anything malformed: an all-zero
  // trace-id or parent-id, upper-case hex, version ff, wrong lengths.
  static std::optional<TraceContext> Parse(std::string_view traceparent);
  // A new trace with a random trace-id and span-id.
  static TraceContext NewTrace();
  // The trace continued by a new span: the same trace-id and flags, a new random span-id.
  TraceContext Child() const;
  // A child of `traceparent` when it parses, else a new trace.
  static TraceContext ContinueFrom(std::string_view traceparent);

  std::string ToTraceparent() const;  // "00-<trace_id>-<span_id>-<flags>"
  bool valid() const { return !trace_id.empty(); }
};

// `bytes` random bytes as lower-case hex, never all zero: trace, span and request ids (unique,
// not secret; never for tokens or keys).
std::string RandomHex(size_t bytes);

// The gRPC metadata key (W3C: the HTTP header name, lower case).
inline constexpr char kTraceparentHeader[] = "traceparent";

}  // namespace mailrun::service
