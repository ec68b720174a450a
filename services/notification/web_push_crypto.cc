#include "services/notification/web_push_crypto.h"

#include <nlohmann/json.hpp>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace mailrun::notification {
namespace {

constexpr size_t kPublicKeySize = 65;   // uncompressed P-256 point
constexpr size_t kAuthSize = 16;
constexpr size_t kSaltSize = 16;
constexpr uint32_t kRecordSize = 4096;  // one record; the plaintext, its delimiter and tag fit
constexpr size_t kTagSize = 16;

template <typename T, void (*Free)(T*)>
struct Deleter {
  void operator()(T* p) const { Free(p); }
};
using PKey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using PKeyCtx = std::unique_ptr<EVP_PKEY_CTX, Deleter<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using CipherCtx = std::unique_ptr<EVP_CIPHER_CTX, Deleter<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX, EVP_MD_CTX_free>>;
using Bignum = std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>>;
using Group = std::unique_ptr<EC_GROUP, Deleter<EC_GROUP, EC_GROUP_free>>;
using Point = std::unique_ptr<EC_POINT, Deleter<EC_POINT, EC_POINT_free>>;
using ParamBld = std::unique_ptr<OSSL_PARAM_BLD, Deleter<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>>;
using Params = std::unique_ptr<OSSL_PARAM, Deleter<OSSL_PARAM, OSSL_PARAM_free>>;
using Bio = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using Sig = std::unique_ptr<ECDSA_SIG, Deleter<ECDSA_SIG, ECDSA_SIG_free>>;

void Check(bool ok, const char* what) {
  if (!ok) throw std::runtime_error(std::string("web push crypto: ") + what + " failed");
}

std::string Uchar(const unsigned char* p, size_t n) { return std::string(reinterpret_cast<const char*>(p), n); }
const unsigned char* U(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

std::string Hmac(std::string_view key, std::string_view data) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  Check(HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), U(data), data.size(), out, &size) != nullptr,
        "HMAC-SHA-256");
  return Uchar(out, size);
}

// HKDF (RFC 5869) with SHA-256, for outputs of at most 32 bytes (one block of Expand).
std::string Hkdf(std::string_view salt, std::string_view ikm, std::string_view info, size_t length) {
  const std::string prk = Hmac(salt, ikm);
  std::string block(info);
  block.push_back('\x01');
  return Hmac(prk, block).substr(0, length);
}

// The EVP key of an uncompressed P-256 point (the subscription's p256dh).
PKey PublicKeyOf(std::string_view point) {
  ParamBld build(OSSL_PARAM_BLD_new());
  Check(build && OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) &&
            OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()),
        "building a public key");
  Params params(OSSL_PARAM_BLD_to_param(build.get()));
  PKeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_PUBLIC_KEY, params.get()) <= 0) {
    throw std::invalid_argument("p256dh is not a P-256 public key");
  }
  PKey owned(key);
  PKeyCtx check(EVP_PKEY_CTX_new(owned.get(), nullptr));
  if (!check || EVP_PKEY_public_check(check.get()) <= 0) throw std::invalid_argument("p256dh is not on the P-256 curve");
  return owned;
}

// The EVP key pair of a raw P-256 private scalar (tests' fixed sender key).
PKey KeyPairOf(std::string_view scalar) {
  Group group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  Bignum priv(BN_bin2bn(U(scalar), static_cast<int>(scalar.size()), nullptr));
  Point point(EC_POINT_new(group.get()));
  Check(group && priv && point && EC_POINT_mul(group.get(), point.get(), priv.get(), nullptr, nullptr, nullptr),
        "deriving a public key");
  unsigned char pub[kPublicKeySize];
  Check(EC_POINT_point2oct(group.get(), point.get(), POINT_CONVERSION_UNCOMPRESSED, pub, sizeof pub, nullptr) ==
            kPublicKeySize,
        "encoding a public key");
  ParamBld build(OSSL_PARAM_BLD_new());
  Check(build && OSSL_PARAM_BLD_push_utf8_string(build.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) &&
            OSSL_PARAM_BLD_push_octet_string(build.get(), OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub) &&
            OSSL_PARAM_BLD_push_BN(build.get(), OSSL_PKEY_PARAM_PRIV_KEY, priv.get()),
        "building a key pair");
  Params params(OSSL_PARAM_BLD_to_param(build.get()));
  PKeyCtx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  Check(params && ctx && EVP_PKEY_fromdata_init(ctx.get()) > 0 &&
            EVP_PKEY_fromdata(ctx.get(), &key, EVP_PKEY_KEYPAIR, params.get()) > 0,
        "loading a key pair");
  return PKey(key);
}

PKey NewKeyPair() {
  PKey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
  Check(key != nullptr, "generating a P-256 key");
  return key;
}

std::string RawPublicKey(EVP_PKEY* key) {
  unsigned char pub[kPublicKeySize];
  size_t size = 0;
  Check(EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub, &size) && size == kPublicKeySize,
        "reading a public key");
  return Uchar(pub, size);
}

std::string SharedSecret(EVP_PKEY* own, EVP_PKEY* peer) {
  PKeyCtx ctx(EVP_PKEY_CTX_new(own, nullptr));
  size_t size = 0;
  Check(ctx && EVP_PKEY_derive_init(ctx.get()) > 0 && EVP_PKEY_derive_set_peer(ctx.get(), peer) > 0 &&
            EVP_PKEY_derive(ctx.get(), nullptr, &size) > 0,
        "ECDH");
  std::string secret(size, '\0');
  Check(EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &size) > 0, "ECDH");
  secret.resize(size);
  return secret;
}

std::string Aes128Gcm(std::string_view key, std::string_view nonce, std::string_view plaintext) {
  CipherCtx ctx(EVP_CIPHER_CTX_new());
  std::string out(plaintext.size() + kTagSize, '\0');
  auto* o = reinterpret_cast<unsigned char*>(out.data());
  int written = 0;
  int final_written = 0;
  Check(ctx && EVP_EncryptInit_ex(ctx.get(), EVP_aes_128_gcm(), nullptr, nullptr, nullptr) &&
            EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) &&
            EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, U(key), U(nonce)) &&
            EVP_EncryptUpdate(ctx.get(), o, &written, U(plaintext), static_cast<int>(plaintext.size())) &&
            EVP_EncryptFinal_ex(ctx.get(), o + written, &final_written) &&
            EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, kTagSize, o + plaintext.size()),
        "AES-128-GCM");
  return out;
}

}  // namespace

std::string Base64UrlEncode(std::string_view bytes) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  uint32_t buffer = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    buffer = (buffer << 8) | c;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(kAlphabet[(buffer >> bits) & 0x3f]);
    }
  }
  if (bits > 0) out.push_back(kAlphabet[(buffer << (6 - bits)) & 0x3f]);
  return out;
}

std::optional<std::string> Base64UrlDecode(std::string_view text) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  std::string out;
  uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    int value;
    if (c >= 'A' && c <= 'Z') value = c - 'A';
    else if (c >= 'a' && c <= 'z') value = c - 'a' + 26;
    else if (c >= '0' && c <= '9') value = c - '0' + 52;
    else if (c == '-' || c == '+') value = 62;
    else if (c == '_' || c == '/') value = 63;
    else return std::nullopt;
    buffer = (buffer << 6) | static_cast<uint32_t>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((buffer >> bits) & 0xff));
    }
  }
  return out;
}

std::string EncryptWebPush(std::string_view plaintext, std::string_view p256dh, std::string_view auth,
                           const WebPushSeed* seed) {
  if (p256dh.size() != kPublicKeySize) throw std::invalid_argument("p256dh must be 65 bytes (an uncompressed P-256 point)");
  if (auth.size() != kAuthSize) throw std::invalid_argument("auth must be 16 bytes");
  if (plaintext.size() + 1 + kTagSize > kRecordSize - 86) {  // 86: the header counts against 4096 at push services
    throw std::invalid_argument("a Web Push payload may be at most 3993 bytes");
  }
  const PKey receiver = PublicKeyOf(p256dh);
  const PKey sender = seed ? KeyPairOf(seed->sender_private_key) : NewKeyPair();
  const std::string sender_public = RawPublicKey(sender.get());
  std::string salt(kSaltSize, '\0');
  if (seed) {
    salt = seed->salt;
  } else {
    Check(RAND_bytes(reinterpret_cast<unsigned char*>(salt.data()), kSaltSize) == 1, "random salt");
  }
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const std::string ecdh = SharedSecret(sender.get(), receiver.get());
  std::string key_info = "WebPush: info";
  key_info.push_back('\0');
  key_info.append(p256dh);
  key_info.append(sender_public);
  const std::string ikm = Hkdf(auth, ecdh, key_info, 32);
  // RFC 8188 section 2.2 and 2.3: the content encryption key and the nonce (one record: SEQ 0).
  const std::string cek = Hkdf(salt, ikm, std::string("Content-Encoding: aes128gcm\0", 28), 16);
  const std::string nonce = Hkdf(salt, ikm, std::string("Content-Encoding: nonce\0", 24), 12);
  std::string padded(plaintext);
  padded.push_back('\x02');  // the last record's delimiter, no padding
  std::string body = salt;
  body.push_back(static_cast<char>((kRecordSize >> 24) & 0xff));
  body.push_back(static_cast<char>((kRecordSize >> 16) & 0xff));
  body.push_back(static_cast<char>((kRecordSize >> 8) & 0xff));
  body.push_back(static_cast<char>(kRecordSize & 0xff));
  body.push_back(static_cast<char>(kPublicKeySize));
  body.append(sender_public);
  body.append(Aes128Gcm(cek, nonce, padded));
  return body;
}

VapidKey VapidKey::FromPem(const std::string& pem) {
  Bio bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  EVP_PKEY* raw = bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr;
  if (raw == nullptr) throw std::invalid_argument("the VAPID key is not a PEM private key");
  PKey key(raw);
  char group[64] = {0};
  size_t size = 0;
  if (!EVP_PKEY_is_a(key.get(), "EC") ||
      !EVP_PKEY_get_utf8_string_param(key.get(), OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, &size) ||
      std::string(group) != "prime256v1") {
    throw std::invalid_argument("the VAPID key must be an EC P-256 (prime256v1) private key");
  }
  VapidKey vapid;
  vapid.public_key_ = Base64UrlEncode(RawPublicKey(key.get()));
  vapid.key_ = std::shared_ptr<EVP_PKEY>(key.release(), EVP_PKEY_free);
  return vapid;
}

std::string VapidKey::Authorization(const std::string& audience, const std::string& subject,
                                    int64_t expires_unix_s) const {
  const std::string header = Base64UrlEncode(nlohmann::json{{"typ", "JWT"}, {"alg", "ES256"}}.dump());
  const std::string claims =
      Base64UrlEncode(nlohmann::json{{"aud", audience}, {"exp", expires_unix_s}, {"sub", subject}}.dump());
  const std::string signing_input = header + "." + claims;
  MdCtx ctx(EVP_MD_CTX_new());
  size_t der_size = 0;
  Check(ctx && EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key_.get()) > 0 &&
            EVP_DigestSign(ctx.get(), nullptr, &der_size, U(signing_input), signing_input.size()) > 0,
        "ES256 signing");
  std::string der(der_size, '\0');
  Check(EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(der.data()), &der_size, U(signing_input),
                       signing_input.size()) > 0,
        "ES256 signing");
  // JWS wants r || s (32 bytes each), not the DER sequence OpenSSL gives.
  const unsigned char* p = U(der);
  Sig sig(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(der_size)));
  Check(sig != nullptr, "reading the ES256 signature");
  unsigned char rs[64];
  Check(BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), rs, 32) == 32 && BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), rs + 32, 32) == 32,
        "encoding the ES256 signature");
  return "vapid t=" + signing_input + "." + Base64UrlEncode(Uchar(rs, 64)) + ", k=" + public_key_;
}

}  // namespace mailrun::notification
