#include "services/common/signing_keys.h"

#include <sodium.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace mailrun::service {
namespace {

struct Entry {
  int line = 0;
  std::string key_id;
  std::string bytes;
};

std::string Trim(const std::string& text) {
  const size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return "";
  const size_t end = text.find_last_not_of(" \t\r");
  return text.substr(begin, end - begin + 1);
}

// Entries "<id> <hex>" of `text`, each hex decoded to 32 bytes. `what` names the kind of key.
std::vector<Entry> ParseEntries(const std::string& text, const std::string& what) {
  std::vector<Entry> entries;
  std::stringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    line = line.substr(0, line.find('#'));
    std::stringstream items(line);
    std::string item;
    while (std::getline(items, item, ',')) {
      item = Trim(item);
      if (item.empty()) continue;
      const size_t split = item.find_first_of(" \t:");
      const std::string where = what + " on line " + std::to_string(number);
      if (split == std::string::npos) throw std::runtime_error(where + " must be '<key id> <64 hex digits>'");
      Entry entry{number, Trim(item.substr(0, split)), ""};
      const std::string hex = Trim(item.substr(split + 1));
      if (!IsValidKeyId(entry.key_id)) {
        throw std::runtime_error(where + ": a key id is 1 to 64 letters, digits, '_' or '-'");
      }
      entry.bytes.resize(32);
      size_t length = 0;
      if (hex.size() != 64 || sodium_hex2bin(reinterpret_cast<unsigned char*>(entry.bytes.data()), entry.bytes.size(),
                                             hex.data(), hex.size(), nullptr, &length, nullptr) != 0 ||
          length != 32) {
        throw std::runtime_error(where + " (key id '" + entry.key_id + "'): the key must be 64 hexadecimal digits");
      }
      entries.push_back(std::move(entry));
    }
  }
  return entries;
}

std::string ReadWhole(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the " + what + " file " + path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string Hex(const std::string& bytes) {
  std::string hex(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  hex.pop_back();
  return hex;
}

}  // namespace

TokenSigner ParseSigningKey(const std::string& text) {
  const auto entries = ParseEntries(text, "the token signing key");
  if (entries.size() != 1) {
    throw std::runtime_error("the token signing key must be exactly one line '<key id> <64 hex digits>', found " +
                             std::to_string(entries.size()));
  }
  return TokenSigner(entries[0].key_id, entries[0].bytes);
}

TokenVerifier ParsePublicKeys(const std::string& text) {
  TokenVerifier verifier;
  for (const Entry& entry : ParseEntries(text, "a token public key")) {
    try {
      verifier.Add(entry.key_id, entry.bytes);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error("token public key on line " + std::to_string(entry.line) + ": " + e.what());
    }
  }
  return verifier;
}

TokenSigner LoadSigningKey(const std::string& text, const std::string& path) {
  if (!text.empty()) return ParseSigningKey(text);
  if (!path.empty()) return ParseSigningKey(ReadWhole(path, "token signing key"));
  throw std::runtime_error(
      "no token signing key: set --token-signing-key-file (MAILRUN_TOKEN_SIGNING_KEY_FILE) or "
      "--token-signing-key (MAILRUN_TOKEN_SIGNING_KEY); `mailrun keys new` makes one");
}

TokenVerifier LoadPublicKeys(const std::string& text, const std::string& path) {
  TokenVerifier verifier;
  if (!text.empty()) {
    verifier = ParsePublicKeys(text);
  } else if (!path.empty()) {
    verifier = ParsePublicKeys(ReadWhole(path, "token public keys"));
  }
  if (verifier.empty()) {
    throw std::runtime_error(
        "no token public keys: set --token-public-keys-file (MAILRUN_TOKEN_PUBLIC_KEYS_FILE) or "
        "--token-public-keys (MAILRUN_TOKEN_PUBLIC_KEYS)");
  }
  return verifier;
}

std::string SigningKeyLine(const std::string& key_id, const std::string& seed) {
  return key_id + " " + Hex(seed) + "\n";
}

std::string PublicKeyLine(const TokenSigner& signer) { return signer.key_id() + " " + Hex(signer.public_key()) + "\n"; }

}  // namespace mailrun::service
