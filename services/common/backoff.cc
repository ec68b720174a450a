#include "services/common/backoff.h"

#include <algorithm>
#include <stdexcept>

namespace mailrun::service {

ExponentialBackoff::ExponentialBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds maximum)
    : initial_(initial), maximum_(maximum), next_(initial) {
  if (initial.count() <= 0 || maximum < initial) {
    throw std::invalid_argument("back-off needs 0 < initial <= maximum");
  }
}

std::chrono::milliseconds ExponentialBackoff::Next() {
  const auto delay = next_;
  next_ = std::min(maximum_, next_ * 2);
  return delay;
}

std::chrono::milliseconds ExponentialBackoff::DelayFor(int attempt, std::chrono::milliseconds initial,
                                                       std::chrono::milliseconds maximum) {
  auto delay = initial;
  for (int i = 1; i < attempt && delay < maximum; ++i) delay *= 2;
  return std::min(delay, maximum);
}

}  // namespace mailrun::service
