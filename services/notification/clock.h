// The notification service's one source of "now": quiet hours, push retry times and reminder
// deadlines all come from a Clock, so tests can move time on without sleeping.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>

#include "services/common/unix_time.h"

namespace mailrun::notification {

using TimePoint = std::chrono::system_clock::time_point;
using Clock = std::function<TimePoint()>;

inline Clock SystemClock() {
  return [] { return std::chrono::system_clock::now(); };
}

using mailrun::service::ToUnixMs;

inline TimePoint FromUnixMs(int64_t ms) { return TimePoint(std::chrono::milliseconds(ms)); }

}  // namespace mailrun::notification
