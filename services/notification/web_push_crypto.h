// Web Push cryptography on OpenSSL: the payload encryption of RFC 8291 (ECDH P-256 with the
// subscription's p256dh key, HKDF-SHA-256 with its auth secret, one aes128gcm record of RFC 8188)
// and the VAPID signature of RFC 8292 (an ES256 JWT for the push service's origin). No kept C++
// Web Push library is packaged in Debian, so these few primitives are written here on OpenSSL's
// EVP interface and checked against RFC 8291's own example (notification_unit_*WebPush*) and,
// end to end, against a push service stand-in that decrypts and verifies with npm's http_ece and
// jose (tests/integration/notification/web_push_test.cc).
// Pure functions and an immutable key: thread-safe.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

typedef struct evp_pkey_st EVP_PKEY;

namespace mailrun::notification {

// base64url without padding (RFC 4648 section 5), as Web Push keys and JWTs use it.
std::string Base64UrlEncode(std::string_view bytes);
// Accepts padding or none; nullopt for a character outside the alphabet.
std::optional<std::string> Base64UrlDecode(std::string_view text);

// For tests only: the sender's ephemeral private key (32 bytes) and the salt (16 bytes), which
// are otherwise random for every message.
struct WebPushSeed {
  std::string sender_private_key;
  std::string salt;
};

// The aes128gcm body (RFC 8291 section 4: salt, record size 4096, the sender's public key, one
// record) of `plaintext` for a subscription with raw keys `p256dh` (65 bytes) and `auth` (16
// bytes). Throws std::invalid_argument for malformed keys or a plaintext over 3993 bytes.
std::string EncryptWebPush(std::string_view plaintext, std::string_view p256dh, std::string_view auth,
                           const WebPushSeed* seed = nullptr);

// A VAPID key pair (P-256), loaded from a PEM private key (`openssl ecparam -name prime256v1
// -genkey -noout`, or PKCS#8).
class VapidKey {
 public:
  // Throws std::invalid_argument naming the problem (not PEM, not an EC P-256 key); the message
  // never carries the key.
  static VapidKey FromPem(const std::string& pem);

  // The uncompressed public point (65 bytes) base64url: the applicationServerKey and VAPID's k=.
  const std::string& public_key() const { return public_key_; }
  // The Authorization header value "vapid t=<JWT>, k=<public key>" for a push endpoint whose
  // origin is `audience` ("https://push.example.net"), valid until `expires_unix_s`, with `subject`
  // (a mailto: or https: contact for the push service's operator).
  std::string Authorization(const std::string& audience, const std::string& subject, int64_t expires_unix_s) const;

 private:
  std::shared_ptr<EVP_PKEY> key_;
  std::string public_key_;
};

}  // namespace mailrun::notification
