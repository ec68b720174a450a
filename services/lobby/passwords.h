// Password hashing with Argon2id (libsodium crypto_pwhash_str_alg, ALG_ARGON2ID13). The stored
// string carries its own salt and cost, so hashes made under other limits still verify, and
// NeedsRehash says when a login should upgrade one. Limits (libsodium's named sets):
//   interactive: 2 passes, 64 MiB   (tests)
//   moderate:    3 passes, 256 MiB  (the default: about 0.5 s and 256 MiB per hash)
//   sensitive:   4 passes, 1 GiB
// Thread-safe (no mutable state). Hashing is deliberately slow: call it outside transactions.
#pragma once

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
  std::string decoy_hash_;  // a hash of a random string, for VerifyNothing
};

}  // namespace mailrun::lobby
