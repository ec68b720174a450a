#include "services/common/token.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace mailrun::service {
namespace {

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

std::string Mac(const std::string& key, const std::string& message) {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(message.data()), message.size(),
                         reinterpret_cast<const unsigned char*>(key.data()));
  return std::string(reinterpret_cast<char*>(mac), sizeof mac);
}

bool Fail(TokenError* error, const std::string& message) {
  if (error) error->message = message;
  return false;
}

}  // namespace

const char* TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kAccess: return "access";
    case TokenKind::kRefresh: return "refresh";
    case TokenKind::kService: return "service";
  }
  return "?";
}

std::string IssueToken(const std::string& key, const TokenClaims& claims) {
  EnsureSodium();
  if (key.size() != crypto_auth_hmacsha256_KEYBYTES) throw std::invalid_argument("token key must be 32 bytes");
  const nlohmann::json payload = {{"sub", claims.subject}, {"name", claims.display_name},
                                  {"kind", TokenKindName(claims.kind)}, {"iat", claims.issued_at},
                                  {"exp", claims.expires_at}, {"jti", claims.token_id}};
  const std::string signed_part = "v1." + Base64Url(payload.dump());
  return signed_part + "." + Base64Url(Mac(key, signed_part));
}

std::optional<TokenClaims> VerifyToken(const std::string& key, const std::string& token, TokenKind expected_kind,
                                       int64_t now, TokenError* error) {
  EnsureSodium();
  if (key.size() != crypto_auth_hmacsha256_KEYBYTES) throw std::invalid_argument("token key must be 32 bytes");
  if (token.rfind("v1.", 0) != 0) return Fail(error, "token is malformed"), std::nullopt;
  const size_t dot = token.find('.', 3);
  if (dot == std::string::npos) return Fail(error, "token is malformed"), std::nullopt;
  const std::string signed_part = token.substr(0, dot);
  const auto mac = FromBase64Url(token.substr(dot + 1));
  if (!mac || mac->size() != crypto_auth_hmacsha256_BYTES ||
      crypto_auth_hmacsha256_verify(reinterpret_cast<const unsigned char*>(mac->data()),
                                    reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size(),
                                    reinterpret_cast<const unsigned char*>(key.data())) != 0) {
    return Fail(error, "token signature is not valid"), std::nullopt;
  }
  const auto payload_text = FromBase64Url(signed_part.substr(3));
  if (!payload_text) return Fail(error, "token is malformed"), std::nullopt;
  TokenClaims claims;
  try {
    const auto payload = nlohmann::json::parse(*payload_text);
    claims.subject = payload.at("sub").get<std::string>();
    claims.display_name = payload.value("name", "");
    claims.issued_at = payload.at("iat").get<int64_t>();
    claims.expires_at = payload.at("exp").get<int64_t>();
    claims.token_id = payload.value("jti", "");
    const std::string kind = payload.at("kind").get<std::string>();
    if (kind == "access") claims.kind = TokenKind::kAccess;
    else if (kind == "refresh") claims.kind = TokenKind::kRefresh;
    else if (kind == "service") claims.kind = TokenKind::kService;
    else return Fail(error, "token kind is unknown"), std::nullopt;
  } catch (const nlohmann::json::exception&) {
    return Fail(error, "token is malformed"), std::nullopt;
  }
  if (claims.kind != expected_kind) {
    auto with_article = [](TokenKind kind) {
      return std::string(kind == TokenKind::kAccess ? "an " : "a ") + TokenKindName(kind);
    };
    return Fail(error, "expected " + with_article(expected_kind) + " token, got " + with_article(claims.kind) +
                           " token"),
           std::nullopt;
  }
  if (claims.expires_at <= now) return Fail(error, "token has expired"), std::nullopt;
  return claims;
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
