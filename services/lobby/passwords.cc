#include "services/lobby/passwords.h"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "services/common/token.h"

namespace mailrun::lobby {

namespace {

// Holds one of the hasher's slots for the lifetime of the object.
class Slot {
 public:
  explicit Slot(std::counting_semaphore<>& slots) : slots_(slots) { slots_.acquire(); }
  ~Slot() { slots_.release(); }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;

 private:
  std::counting_semaphore<>& slots_;
};

}  // namespace

PasswordHasher::PasswordHasher(const std::string& limits)
    : slots_(static_cast<std::ptrdiff_t>(std::max(1u, std::thread::hardware_concurrency()))) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  if (limits == "interactive") {
    opslimit_ = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    memlimit_ = crypto_pwhash_MEMLIMIT_INTERACTIVE;
  } else if (limits == "moderate") {
    opslimit_ = crypto_pwhash_OPSLIMIT_MODERATE;
    memlimit_ = crypto_pwhash_MEMLIMIT_MODERATE;
  } else if (limits == "sensitive") {
    opslimit_ = crypto_pwhash_OPSLIMIT_SENSITIVE;
    memlimit_ = crypto_pwhash_MEMLIMIT_SENSITIVE;
  } else {
    throw std::invalid_argument("password hash limits must be interactive, moderate or sensitive");
  }
  decoy_hash_ = Hash(mailrun::service::RandomId());
}

std::string PasswordHasher::Hash(const std::string& password) const {
  char out[crypto_pwhash_STRBYTES];
  const Slot slot(slots_);
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), opslimit_, memlimit_,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("out of memory while hashing a password");
  }
  return out;
}

bool PasswordHasher::Verify(const std::string& hash, const std::string& password) const {
  const Slot slot(slots_);
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::NeedsRehash(const std::string& hash) const {
  return crypto_pwhash_str_needs_rehash(hash.c_str(), opslimit_, memlimit_) != 0;
}

void PasswordHasher::VerifyNothing(const std::string& password) const { (void)Verify(decoy_hash_, password); }

}  // namespace mailrun::lobby
