// VerifiedTokens: the tokens a TokenVerifier has verified lately, with their claims, so that a
// client's next calls with the same token skip the Ed25519 signature check (about 7 % of
// mailrun-game's CPU per move before it, docs/benchmarks.md). Keyed by the token's exact bytes:
// only the very token that was verified is found, never an altered one. An entry is only given
// out while its token has not expired; the kind is checked by the caller on every use. Bounded:
// when full, expired entries are dropped, and if that frees nothing, all of them. Tokens are held
// in memory only, never logged. Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
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
  const size_t capacity_;
  std::mutex mutex_;
  std::unordered_map<std::string, TokenClaims> claims_;
};

}  // namespace mailrun::service
