// The wall clock as the services and tools stamp things with it: milliseconds since the Unix epoch.
#pragma once

#include <chrono>
#include <cstdint>

namespace mailrun::service {

inline int64_t ToUnixMs(std::chrono::system_clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
}

inline int64_t NowUnixMs() { return ToUnixMs(std::chrono::system_clock::now()); }

}  // namespace mailrun::service
