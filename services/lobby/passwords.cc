#include "services/lobby/passwords.h"

#include <sodium.h>

#include <cmath>

#include "services/common/token.h"

namespace mailrun::lobby {

// One of the hasher's slots for the lifetime of the object: waits while the queue has room,
// else throws HashingBusy. Records how long the hash took.
class PasswordHasher::Slot {
 public:
  explicit Slot(const PasswordHasher& hasher) : hasher_(hasher) {
    std::unique_lock lock(hasher_.mutex_);
    if (hasher_.running_ >= hasher_.sizing_.concurrency) {
      if (hasher_.waiting_ >= hasher_.sizing_.queue) {
        // Those waiting and running go first, `concurrency` at a time.
        const double rounds = static_cast<double>(hasher_.waiting_ + hasher_.running_) / hasher_.sizing_.concurrency;
        throw HashingBusy(std::chrono::seconds(std::max(1LL, std::llround(std::ceil(rounds * hasher_.seconds_per_hash_)))));
      }
      ++hasher_.waiting_;
      hasher_.freed_.wait(lock, [this] { return hasher_.running_ < hasher_.sizing_.concurrency; });
      --hasher_.waiting_;
    }
    ++hasher_.running_;
    start_ = std::chrono::steady_clock::now();
  }
  ~Slot() {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::lock_guard lock(hasher_.mutex_);
    --hasher_.running_;
    hasher_.seconds_per_hash_ = 0.8 * hasher_.seconds_per_hash_ + 0.2 * seconds;
    hasher_.freed_.notify_one();
  }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  const PasswordHasher& hasher_;
  std::chrono::steady_clock::time_point start_;
};

PasswordHasher::PasswordHasher(HashSizing sizing) : sizing_(sizing) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  const auto start = std::chrono::steady_clock::now();
  decoy_hash_ = Hash(mailrun::service::RandomId());
  seconds_per_hash_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string PasswordHasher::Hash(const std::string& password) const {
  char out[crypto_pwhash_STRBYTES];
  const Slot slot(*this);
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), sizing_.opslimit, sizing_.memlimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

bool PasswordHasher::Verify(const std::string& hash, const std::string& password) const {
  const Slot slot(*this);
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::NeedsRehash(const std::string& hash) const {
  return crypto_pwhash_str_needs_rehash(hash.c_str(), sizing_.opslimit, sizing_.memlimit) != 0;
}

void PasswordHasher::VerifyNothing(const std::string& password) const { (void)Verify(decoy_hash_, password); }

}  // namespace mailrun::lobby
