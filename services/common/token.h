// Signed, expiring tokens: the lobby issues them, every service verifies them with the shared key.
//
// Format: "v1.<payload>.<mac>", payload = base64url(JSON claims), mac = base64url(HMAC-SHA-256 of
// "v1.<payload>" under the 32-byte key, libsodium's crypto_auth_hmacsha256). Verification is
// constant-time and checks the kind and the expiry. Tokens are secrets: never log or echo them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace mailrun::service {

enum class TokenKind { kAccess, kRefresh, kService };

struct TokenClaims {
  std::string subject;       // user id (access, refresh) or service name (service)
  std::string display_name;  // for access tokens: the user's display name
  TokenKind kind = TokenKind::kAccess;
  int64_t issued_at = 0;     // unix seconds
  int64_t expires_at = 0;    // unix seconds
  std::string token_id;      // unique id (random), lets refresh tokens be revoked
};

const char* TokenKindName(TokenKind kind);

// Signs `claims` with `key` (32 raw bytes).
std::string IssueToken(const std::string& key, const TokenClaims& claims);

// Why a token was refused; the message never contains the token itself.
struct TokenError {
  std::string message;
};

// Verifies signature, format, kind and expiry at `now` (unix seconds). On success returns the
// claims; on failure sets *error (if given) and returns nullopt.
std::optional<TokenClaims> VerifyToken(const std::string& key, const std::string& token, TokenKind expected_kind,
                                       int64_t now, TokenError* error = nullptr);

// A random identifier (128 bits, hex) for token ids, request ids, invitation codes.
std::string RandomId();

}  // namespace mailrun::service
