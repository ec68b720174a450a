// Signed, expiring tokens. Only the lobby issues them (it alone holds a private signing key); every
// service verifies them with the public keys it is given, so a service that can verify a token can
// never mint one.
//
// Format: "v2.<key id>.<payload>.<signature>", payload = base64url(JSON claims), signature =
// base64url(Ed25519 signature of "v2.<key id>.<payload>", libsodium crypto_sign_detached). The key
// id names the key that signed, so several keys can be trusted at once and one rolled in while
// another is retired (docs/operations.md, "Rotating the token signing key"). Verification checks
// the signature, the kind and the expiry. Tokens are secrets: never log or echo them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mailrun::service {

// kDevice: a known device of an account (LoginRequest.device_token), for the login limits only.
enum class TokenKind { kAccess, kRefresh, kService, kDevice };

struct TokenClaims {
  std::string subject;       // user id (access, refresh, device) or service name (service)
  std::string display_name;  // for access tokens: the user's display name
  TokenKind kind = TokenKind::kAccess;
  int64_t issued_at = 0;     // unix seconds
  int64_t expires_at = 0;    // unix seconds
  std::string token_id;      // unique id (random), lets refresh tokens be revoked
  std::string key_id;        // set by verification: the key that signed the token
};

const char* TokenKindName(TokenKind kind);

// Key ids: 1 to 64 characters of letters, digits, '_' and '-' (they appear inside tokens).
bool IsValidKeyId(const std::string& key_id);

// The issuer's side: one Ed25519 key pair, named by its key id. Thread-safe (immutable).
class TokenSigner {
 public:
  // `seed`: the 32-byte Ed25519 seed. Throws std::invalid_argument for a bad key id or seed size.
  TokenSigner(std::string key_id, const std::string& seed);

  std::string Issue(const TokenClaims& claims) const;
  const std::string& key_id() const { return key_id_; }
  const std::string& public_key() const { return public_key_; }  // 32 raw bytes

 private:
  std::string key_id_;
  std::string public_key_;
  std::string secret_key_;  // libsodium's 64-byte form (seed + public key)
};

// Why a token was refused; the message never contains the token itself.
struct TokenError {
  std::string message;
  bool session_ended = false;  // the token is good but its session has ended (RevokedSessions)
};

class VerifiedTokens;

// What a TokenVerifier asks, besides signature, kind and expiry, of an access token: whether the
// session it was issued for has ended since (services/common/session_revocations.h keeps the
// lobby's list). Thread-safe.
class RevokedSessions {
 public:
  virtual ~RevokedSessions() = default;
  // Whether the access token with `token_id` belongs to a session that has ended, at `now`.
  virtual bool Revoked(const std::string& token_id, int64_t now) const = 0;
};

// The verifying side: the public keys a service trusts, by key id. Tokens it verified are
// remembered (verified_tokens.h), shared by its copies, and checked again for kind and expiry on
// every use. Thread-safe once built.
class TokenVerifier {
 public:
  TokenVerifier();
  // Throws std::invalid_argument for a bad key id, a key that is not 32 bytes, or a key id given
  // twice with different keys.
  void Add(const std::string& key_id, const std::string& public_key);
  bool empty() const { return keys_.empty(); }
  // From now on access tokens of ended sessions are refused too (copies made later share it).
  void SetRevokedSessions(std::shared_ptr<const RevokedSessions> revoked) { revoked_ = std::move(revoked); }
  std::vector<std::string> key_ids() const;

  // Verifies format, key, signature, kind and expiry at `now` (unix seconds). On success returns
  // the claims (key_id set); on failure sets *error (if given) and returns nullopt. A token
  // verified before is only checked for kind and expiry, and an access token (either way) for its
  // session's end when SetRevokedSessions was given a list.
  std::optional<TokenClaims> Verify(const std::string& token, TokenKind expected_kind, int64_t now,
                                    TokenError* error = nullptr) const;

 private:
  std::optional<TokenClaims> VerifySignedToken(const std::string& token, TokenKind expected_kind, int64_t now,
                                               TokenError* error) const;

  std::map<std::string, std::string> keys_;
  std::shared_ptr<VerifiedTokens> verified_;  // replaced whenever a key is added
  std::shared_ptr<const RevokedSessions> revoked_;  // none: sessions are not checked
};

// A new random Ed25519 seed (32 raw bytes), for `mailrun keys new` and tests.
std::string NewSigningSeed();

// A random identifier (128 bits, hex) for token ids, request ids, invitation codes.
std::string RandomId();

}  // namespace mailrun::service
