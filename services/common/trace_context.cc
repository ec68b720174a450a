#include "services/common/trace_context.h"

#include <sodium.h>

#include <algorithm>

namespace mailrun::service {
namespace {

bool LowerHex(std::string_view text, size_t length) {
  return text.size() == length &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool AllZero(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c == '0'; });
}

// `bytes` random bytes as lower-case hex, never all zero.
std::string RandomHex(size_t bytes) {
  static const bool ready = sodium_init() >= 0;
  (void)ready;
  std::string raw(bytes, '\0');
  do {
    randombytes_buf(raw.data(), raw.size());
  } while (std::all_of(raw.begin(), raw.end(), [](char c) { return c == 0; }));
  std::string hex(bytes * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), reinterpret_cast<const unsigned char*>(raw.data()), raw.size());
  hex.pop_back();
  return hex;
}

}  // namespace

std::optional<TraceContext> TraceContext::Parse(std::string_view traceparent) {
  // version "-" trace-id "-" parent-id "-" flags, and for versions after 00 maybe "-" more.
  if (traceparent.size() < 55) return std::nullopt;
  const std::string_view version = traceparent.substr(0, 2);
  if (!LowerHex(version, 2) || version == "ff") return std::nullopt;
  if (version == "00" && traceparent.size() != 55) return std::nullopt;
  if (traceparent.size() > 55 && traceparent[55] != '-') return std::nullopt;
  if (traceparent[2] != '-' || traceparent[35] != '-' || traceparent[52] != '-') return std::nullopt;
  TraceContext context;
  context.trace_id = std::string(traceparent.substr(3, 32));
  context.span_id = std::string(traceparent.substr(36, 16));
  context.flags = std::string(traceparent.substr(53, 2));
  if (!LowerHex(context.trace_id, 32) || AllZero(context.trace_id)) return std::nullopt;
  if (!LowerHex(context.span_id, 16) || AllZero(context.span_id)) return std::nullopt;
  if (!LowerHex(context.flags, 2)) return std::nullopt;
  return context;
}

TraceContext TraceContext::NewTrace() {
  TraceContext context;
  context.trace_id = RandomHex(16);
  context.span_id = RandomHex(8);
  return context;
}

TraceContext TraceContext::Child() const {
  if (!valid()) return NewTrace();
  TraceContext child = *this;
  child.span_id = RandomHex(8);
  return child;
}

TraceContext TraceContext::ContinueFrom(std::string_view traceparent) {
  if (auto parent = Parse(traceparent)) return parent->Child();
  return NewTrace();
}

std::string TraceContext::ToTraceparent() const { return "00-" + trace_id + "-" + span_id + "-" + flags; }

}  // namespace mailrun::service
