// VerifiedTokens: the tokens a TokenVerifier has verified lately, with their claims, so that a
// client's next calls with the same token skip the Ed25519 signature check (about 7 % of
// mailrun-game's CPU per move before it, docs/benchmarks.md). Keyed by a BLAKE2b-256 digest of
// the token's exact bytes (libsodium crypto_generichash): only the very token that was verified is
// found, never an altered one, and the tokens themselves are not kept (a memory dump shows no
// bearer token; an entry is some 300 bytes instead of 600). An entry is only given out while its
// token has not expired; the kind is checked by the caller on every use. Bounded: when full,
// expired entries are dropped, and if that frees nothing, all of them. Never logged. Thread-safe.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "services/common/token.h"

namespace mailrun::service {

class VerifiedTokens {
 public:
  explicit VerifiedTokens(size_t capacity = 4096) : capacity_(capacity) {}

  // The claims `token` was verified with, if it was and has not expired at `now` (unix seconds).
  std::optional<TokenClaims> Find(const std::string& token, int64_t now);
  // After a full verification of `token` at `now` succeeded.
  void Remember(const std::string& token, const TokenClaims& claims, int64_t now);

  size_t size();

 private:
  using Digest = std::array<unsigned char, 32>;
  struct DigestHash {
    size_t operator()(const Digest& digest) const {
      size_t hash;
      std::memcpy(&hash, digest.data(), sizeof hash);  // a uniform hash already
      return hash;
    }
  };
  static Digest DigestOf(const std::string& token);

  const size_t capacity_;
  std::mutex mutex_;
  std::unordered_map<Digest, TokenClaims, DigestHash> claims_;
};

}  // namespace mailrun::service
