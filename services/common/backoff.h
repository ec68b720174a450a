// Exponential back-off between retries: the first delay is `initial`, each failure doubles it up
// to `maximum`, and Reset() after a success starts again from `initial`. Pure and deterministic
// (no jitter, no clock), so callers and tests can reason about the exact delays.
// Not thread-safe: one instance per retry loop.
#pragma once

#include <chrono>

namespace mailrun::service {

class ExponentialBackoff {
 public:
  ExponentialBackoff(std::chrono::milliseconds initial, std::chrono::milliseconds maximum);

  // The delay to wait before the next attempt; each call doubles the following one (capped).
  std::chrono::milliseconds Next();
  void Reset() { next_ = initial_; }

  // The delay before attempt number `attempt` (1 = the first retry) without changing any state:
  // initial * 2^(attempt-1), capped at maximum.
  static std::chrono::milliseconds DelayFor(int attempt, std::chrono::milliseconds initial,
                                            std::chrono::milliseconds maximum);

 private:
  std::chrono::milliseconds initial_;
  std::chrono::milliseconds maximum_;
  std::chrono::milliseconds next_;
};

}  // namespace mailrun::service
