// The notification service's one source of "now": quiet hours, push retry times and reminder
// deadlines all come from a Clock, so tests can move time on without sleeping.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

namespace mailrun::notification {

using TimePoint = std::chrono::system_clock::time_point;
using Clock = std::function<TimePoint()>;

inline Clock SystemClock() {
  return [] { return std::chrono::system_clock::now(); };
}

inline int64_t ToUnixMs(TimePoint t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

inline TimePoint FromUnixMs(int64_t ms) { return TimePoint(std::chrono::milliseconds(ms)); }

}  // namespace mailrun::notification
