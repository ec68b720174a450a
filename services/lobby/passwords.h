// Password hashing with Argon2id (libsodium crypto_pwhash_str_alg, ALG_ARGON2ID13). The stored
// string carries its own salt and cost, so hashes made under other limits still verify, and
// NeedsRehash says when a login should upgrade one. Limits (libsodium's named sets):
//   interactive: 2 passes, 64 MiB   (tests; about 0.2 s per hash on the 2-core build machine)
//   moderate:    3 passes, 256 MiB  (the default; about 1.1 s per hash there)
//   sensitive:   4 passes, 1 GiB
// Hashing is deliberately slow and memory-hungry: call it outside transactions. At most as many
// hashes as the machine has cores run at once (others wait), so a burst of logins cannot take
// more than cores x the memory limit. Thread-safe.
#pragma once

#include <semaphore>
#include <string>

namespace mailrun::lobby {

class PasswordHasher {
 public:
  // `limits`: "interactive", "moderate" or "sensitive"; throws std::invalid_argument otherwise.
  explicit PasswordHasher(const std::string& limits);

  // Throws std::runtime_error when the memory for hashing cannot be had.
  std::string Hash(const std::string& password) const;
  bool Verify(const std::string& hash, const std::string& password) const;
  bool NeedsRehash(const std::string& hash) const;

  // Spends the time of one verification without a stored hash, so that a login with an unknown
  // name takes as long as one with a wrong password.
  void VerifyNothing(const std::string& password) const;

 private:
  unsigned long long opslimit_;
  size_t memlimit_;
  mutable std::counting_semaphore<> slots_;  // hashes that may run at once
  std::string decoy_hash_;  // a hash of a random string, for VerifyNothing
};

}  // namespace mailrun::lobby
