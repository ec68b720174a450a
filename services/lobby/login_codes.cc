#include "services/lobby/login_codes.h"

#include <sodium.h>

#include <cctype>
#include <stdexcept>

#include "services/common/sha256_hex.h"

namespace mailrun::lobby {

std::string NewLoginCode() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
  std::string code;
  for (int i = 0; i < kLoginCodeLength; ++i) code.push_back(kLoginCodeAlphabet[randombytes_uniform(32)]);
  return code;
}

std::string MailedLoginCode(const std::string& code) {
  return code.size() == kLoginCodeLength ? code.substr(0, 4) + "-" + code.substr(4) : code;
}

std::optional<std::string> ReadLoginCode(const std::string& typed) {
  if (typed.size() > 64) return std::nullopt;
  const std::string alphabet = kLoginCodeAlphabet;
  std::string code;
  for (const char c : typed) {
    if (c == ' ' || c == '-' || c == '\t') continue;
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (alphabet.find(upper) == std::string::npos || upper == '\0') return std::nullopt;
    code.push_back(upper);
  }
  if (code.size() != kLoginCodeLength) return std::nullopt;
  return code;
}

std::string LoginCodeHash(const std::string& code) { return mailrun::service::Sha256Hex(code); }

bool SameLoginCodeHash(const std::string& a, const std::string& b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace mailrun::lobby
