#include "services/common/token.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <stdexcept>

#include "services/common/verified_tokens.h"

namespace mailrun::service {
namespace {

constexpr char kPrefix[] = "v2.";

void EnsureSodium() {
  static const int ready = sodium_init();
  if (ready < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string Base64Url(const std::string& bytes) {
  const int variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  std::string out(sodium_base64_encoded_len(bytes.size(), variant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    variant);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::optional<std::string> FromBase64Url(const std::string& text) {
  std::string out(text.size(), '\0');
  size_t len = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                        &len, nullptr, sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0) {
    return std::nullopt;
  }
  out.resize(len);
  return out;
}

bool Fail(TokenError* error, const std::string& message) {
  if (error) error->message = message;
  return false;
}

std::optional<TokenKind> KindNamed(const std::string& name) {
  if (name == "access") return TokenKind::kAccess;
  if (name == "refresh") return TokenKind::kRefresh;
  if (name == "service") return TokenKind::kService;
  if (name == "device") return TokenKind::kDevice;
  return std::nullopt;
}

std::string WithArticle(TokenKind kind) {
  return std::string(kind == TokenKind::kAccess ? "an " : "a ") + TokenKindName(kind);
}

}  // namespace

const char* TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kAccess: return "access";
    case TokenKind::kRefresh: return "refresh";
    case TokenKind::kService: return "service";
    case TokenKind::kDevice: return "device";
  }
  return "?";
}

bool IsValidKeyId(const std::string& key_id) {
  if (key_id.empty() || key_id.size() > 64) return false;
  for (const char c : key_id) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return false;
  }
  return true;
}

TokenSigner::TokenSigner(std::string key_id, const std::string& seed) : key_id_(std::move(key_id)) {
  EnsureSodium();
  if (!IsValidKeyId(key_id_)) throw std::invalid_argument("a key id is 1 to 64 letters, digits, '_' or '-'");
  if (seed.size() != crypto_sign_SEEDBYTES) throw std::invalid_argument("a signing key is a 32-byte Ed25519 seed");
  public_key_.resize(crypto_sign_PUBLICKEYBYTES);
  secret_key_.resize(crypto_sign_SECRETKEYBYTES);
  crypto_sign_seed_keypair(reinterpret_cast<unsigned char*>(public_key_.data()),
                           reinterpret_cast<unsigned char*>(secret_key_.data()),
                           reinterpret_cast<const unsigned char*>(seed.data()));
}

std::string TokenSigner::Issue(const TokenClaims& claims) const {
  const nlohmann::json payload = {{"sub", claims.subject}, {"name", claims.display_name},
                                  {"kind", TokenKindName(claims.kind)}, {"iat", claims.issued_at},
                                  {"exp", claims.expires_at}, {"jti", claims.token_id}};
  const std::string signed_part = kPrefix + key_id_ + "." + Base64Url(payload.dump());
  std::string signature(crypto_sign_BYTES, '\0');
  crypto_sign_detached(reinterpret_cast<unsigned char*>(signature.data()), nullptr,
                       reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size(),
                       reinterpret_cast<const unsigned char*>(secret_key_.data()));
  return signed_part + "." + Base64Url(signature);
}

TokenVerifier::TokenVerifier() : verified_(std::make_shared<VerifiedTokens>()) {}

void TokenVerifier::Add(const std::string& key_id, const std::string& public_key) {
  EnsureSodium();
  if (!IsValidKeyId(key_id)) throw std::invalid_argument("a key id is 1 to 64 letters, digits, '_' or '-'");
  if (public_key.size() != crypto_sign_PUBLICKEYBYTES) {
    throw std::invalid_argument("the public key '" + key_id + "' is not 32 bytes");
  }
  const auto [at, inserted] = keys_.emplace(key_id, public_key);
  if (!inserted && at->second != public_key) {
    throw std::invalid_argument("the key id '" + key_id + "' is given twice with different keys");
  }
  verified_ = std::make_shared<VerifiedTokens>();  // what was verified before was verified with other keys
}

std::vector<std::string> TokenVerifier::key_ids() const {
  std::vector<std::string> ids;
  for (const auto& [id, key] : keys_) ids.push_back(id);
  return ids;
}

std::optional<TokenClaims> TokenVerifier::Verify(const std::string& token, TokenKind expected_kind, int64_t now,
                                                 TokenError* error) const {
  std::optional<TokenClaims> claims;
  if (auto known = verified_->Find(token, now); known && known->kind == expected_kind) {
    claims = std::move(known);
  } else {
    claims = VerifySignedToken(token, expected_kind, now, error);
    if (claims) verified_->Remember(token, *claims, now);
  }
  if (claims && claims->kind == TokenKind::kAccess && revoked_ && revoked_->Revoked(claims->token_id, now)) {
    Fail(error, "token's session has ended (logged out, revoked, password changed or account deleted): log in again");
    if (error) error->session_ended = true;
    return std::nullopt;
  }
  return claims;
}

std::optional<TokenClaims> TokenVerifier::VerifySignedToken(const std::string& token, TokenKind expected_kind,
                                                            int64_t now, TokenError* error) const {
  EnsureSodium();
  const std::string prefix = kPrefix;
  if (token.rfind(prefix, 0) != 0) return Fail(error, "token is malformed"), std::nullopt;
  const size_t key_end = token.find('.', prefix.size());
  const size_t payload_end = key_end == std::string::npos ? key_end : token.find('.', key_end + 1);
  if (payload_end == std::string::npos) return Fail(error, "token is malformed"), std::nullopt;
  const std::string key_id = token.substr(prefix.size(), key_end - prefix.size());
  if (!IsValidKeyId(key_id)) return Fail(error, "token is malformed"), std::nullopt;
  const auto key = keys_.find(key_id);
  if (key == keys_.end()) {
    return Fail(error, "token was signed with key '" + key_id + "', which is not trusted (retired or unknown)"),
           std::nullopt;
  }
  const std::string signed_part = token.substr(0, payload_end);
  const auto signature = FromBase64Url(token.substr(payload_end + 1));
  if (!signature || signature->size() != crypto_sign_BYTES ||
      crypto_sign_verify_detached(reinterpret_cast<const unsigned char*>(signature->data()),
                                  reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size(),
                                  reinterpret_cast<const unsigned char*>(key->second.data())) != 0) {
    return Fail(error, "token signature is not valid"), std::nullopt;
  }
  const auto payload_text = FromBase64Url(token.substr(key_end + 1, payload_end - key_end - 1));
  if (!payload_text) return Fail(error, "token is malformed"), std::nullopt;
  TokenClaims claims;
  claims.key_id = key_id;
  try {
    const auto payload = nlohmann::json::parse(*payload_text);
    claims.subject = payload.at("sub").get<std::string>();
    claims.display_name = payload.value("name", "");
    claims.issued_at = payload.at("iat").get<int64_t>();
    claims.expires_at = payload.at("exp").get<int64_t>();
    claims.token_id = payload.value("jti", "");
    const auto kind = KindNamed(payload.at("kind").get<std::string>());
    if (!kind) return Fail(error, "token kind is unknown"), std::nullopt;
    claims.kind = *kind;
  } catch (const nlohmann::json::exception&) {
    return Fail(error, "token is malformed"), std::nullopt;
  }
  if (claims.kind != expected_kind) {
    return Fail(error, "expected " + WithArticle(expected_kind) + " token, got " + WithArticle(claims.kind) + " token"),
           std::nullopt;
  }
  if (claims.expires_at <= now) return Fail(error, "token has expired"), std::nullopt;
  return claims;
}

std::string NewSigningSeed() {
  EnsureSodium();
  std::string seed(crypto_sign_SEEDBYTES, '\0');
  randombytes_buf(seed.data(), seed.size());
  return seed;
}

std::string RandomId() {
  EnsureSodium();
  unsigned char bytes[16];
  randombytes_buf(bytes, sizeof bytes);
  char hex[sizeof bytes * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

}  // namespace mailrun::service
