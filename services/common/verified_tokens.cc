#include "services/common/verified_tokens.h"

namespace mailrun::service {

std::optional<TokenClaims> VerifiedTokens::Find(const std::string& token, int64_t now) {
  std::lock_guard lock(mutex_);
  const auto found = claims_.find(token);
  if (found == claims_.end()) return std::nullopt;
  if (found->second.expires_at <= now) {
    claims_.erase(found);
    return std::nullopt;
  }
  return found->second;
}

void VerifiedTokens::Remember(const std::string& token, const TokenClaims& claims, int64_t now) {
  if (capacity_ == 0) return;
  std::lock_guard lock(mutex_);
  if (claims_.size() >= capacity_ && !claims_.contains(token)) {
    std::erase_if(claims_, [&](const auto& entry) { return entry.second.expires_at <= now; });
    if (claims_.size() >= capacity_) claims_.clear();
  }
  claims_.insert_or_assign(token, claims);
}

size_t VerifiedTokens::size() {
  std::lock_guard lock(mutex_);
  return claims_.size();
}

}  // namespace mailrun::service
