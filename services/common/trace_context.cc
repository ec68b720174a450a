#include "services/common/trace_context.h"

#include <algorithm>
#include <cstdint>
#include <random>

namespace mailrun::service {
namespace {

bool LowerHex(std::string_view text, size_t length) {
  return text.size() == length &&
         std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool AllZero(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c == '0'; });
}

}  // namespace

// Ids need to be unique, not secret: a generator per thread, seeded from the system's randomness
// once, spares a system call per span.
std::string RandomHex(size_t bytes) {
  thread_local std::mt19937_64 generator = [] {
    std::random_device device;
    std::seed_seq seed{device(), device(), device(), device(), device(), device(), device(), device()};
    return std::mt19937_64(seed);
  }();
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex(bytes * 2, '0');
  while (AllZero(hex)) {
    for (size_t i = 0; i < hex.size(); i += 16) {
      uint64_t word = generator();
      for (size_t j = i; j < std::min(hex.size(), i + 16); ++j, word >>= 4) hex[j] = kDigits[word & 0xf];
    }
  }
  return hex;
}

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
