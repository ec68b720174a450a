// Password hashing with Argon2id (libsodium crypto_pwhash_str_alg, ALG_ARGON2ID13). The stored
// string carries its own salt and cost, so hashes made under other limits still verify, and
// NeedsRehash says when a login should upgrade one. The cost and how many hashes run at once come
// from HashSizing (hash_sizing.h: sized to the container's memory and CPUs):
//   interactive: 2 passes, 64 MiB   (tests; about 0.2 s per hash on the 2-core build machine)
//   rfc9106:     3 passes, 64 MiB   (the default: RFC 9106's second recommended option, 4.; well above
//                                    OWASP's minimum of 19 MiB and 2 passes; docs/capacity.md)
//   moderate:    3 passes, 256 MiB  (the default until issue 47; about 1.1 s per hash there)
//   sensitive:   4 passes, 1 GiB
// Hashing is deliberately slow and memory-hungry: call it outside transactions. At most
// `concurrency` hashes run at once and at most `queue` calls wait for one; any more are refused
// at once with HashingBusy (the lobby answers RESOURCE_EXHAUSTED with a retry hint), so a burst
// of logins costs neither unbounded memory nor unbounded waiting threads. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>

#include "services/lobby/hash_sizing.h"

namespace mailrun::lobby {

// Every slot is taken and the queue is full; `retry_after` estimates when one will be free.
class HashingBusy : public std::runtime_error {
 public:
  explicit HashingBusy(std::chrono::seconds retry_after)
      : std::runtime_error("password hashing is busy"), retry_after(retry_after) {}
  std::chrono::seconds retry_after;
};

class PasswordHasher {
 public:
  explicit PasswordHasher(HashSizing sizing);

  // Throw HashingBusy when the queue is full; Hash throws std::runtime_error when the memory for
  // hashing cannot be had.
  std::string Hash(const std::string& password) const;
  bool Verify(const std::string& hash, const std::string& password) const;
  bool NeedsRehash(const std::string& hash) const;

  // Spends the time of one verification without a stored hash, so that a login with an unknown
  // name takes as long as one with a wrong password.
  void VerifyNothing(const std::string& password) const;

  const HashSizing& sizing() const { return sizing_; }

 private:
  class Slot;

  HashSizing sizing_;
  mutable std::mutex mutex_;
  mutable std::condition_variable freed_;
  mutable int running_ = 0;
  mutable int waiting_ = 0;
  mutable double seconds_per_hash_ = 1.0;  // moving average
  std::string decoy_hash_;  // a hash of a random string, for VerifyNothing
};

}  // namespace mailrun::lobby
