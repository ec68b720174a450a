// The wall clock as the services stamp things with it: milliseconds since the Unix epoch.
#pragma once

#include <chrono>
#include <cstdint>

namespace mailrun::service {

inline int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace mailrun::service
