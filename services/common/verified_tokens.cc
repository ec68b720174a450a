#include "services/common/verified_tokens.h"

#include <sodium.h>

namespace mailrun::service {

VerifiedTokens::Digest VerifiedTokens::DigestOf(const std::string& token) {
  Digest digest;
  crypto_generichash(digest.data(), digest.size(), reinterpret_cast<const unsigned char*>(token.data()), token.size(),
                     nullptr, 0);
  return digest;
}

std::optional<TokenClaims> VerifiedTokens::Find(const std::string& token, int64_t now) {
  const Digest digest = DigestOf(token);
  std::lock_guard lock(mutex_);
  const auto found = claims_.find(digest);
  if (found == claims_.end()) return std::nullopt;
  if (found->second.expires_at <= now) {
    claims_.erase(found);
    return std::nullopt;
  }
  return found->second;
}

void VerifiedTokens::Remember(const std::string& token, const TokenClaims& claims, int64_t now) {
  if (capacity_ == 0) return;
  const Digest digest = DigestOf(token);
  std::lock_guard lock(mutex_);
  if (claims_.size() >= capacity_ && !claims_.contains(digest)) {
    std::erase_if(claims_, [&](const auto& entry) { return entry.second.expires_at <= now; });
    if (claims_.size() >= capacity_) claims_.clear();
  }
  claims_.insert_or_assign(digest, claims);
}

size_t VerifiedTokens::size() {
  std::lock_guard lock(mutex_);
  return claims_.size();
}

}  // namespace mailrun::service
