// The token keys as configured: the lobby's signing key and the public keys every service trusts,
// read from text (a flag or environment variable) or a file (a mounted Secret or ConfigMap).
//
//   signing key:  one line "<key id> <64 hex digits: the Ed25519 seed>"     (a secret: lobby only)
//   public keys:  lines (or comma-separated entries) "<key id> <64 hex digits: the public key>"
//
// '#' starts a comment; blank lines are ignored; key id and hex may also be joined by ':'. Several
// public keys may be trusted at once: that is how a new key is rolled in and an old one retired
// (docs/operations.md). Errors name the problem and the line, never the key material.
#pragma once

#include <string>

#include "services/common/token.h"

namespace mailrun::service {

TokenSigner ParseSigningKey(const std::string& text);
TokenVerifier ParsePublicKeys(const std::string& text);

// From `text` when it is not empty, else from the file `path` (when not empty). Throws
// std::runtime_error naming the flags to set when neither is given, or what is wrong.
TokenSigner LoadSigningKey(const std::string& text, const std::string& path);
TokenVerifier LoadPublicKeys(const std::string& text, const std::string& path);

// The lines of the formats above, for `mailrun keys new` and tests.
std::string SigningKeyLine(const std::string& key_id, const std::string& seed);
std::string PublicKeyLine(const TokenSigner& signer);

}  // namespace mailrun::service
