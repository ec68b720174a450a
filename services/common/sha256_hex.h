// SHA-256 of a text as 64 lower-case hexadecimal digits (libsodium): the one form the services
// store digests in (migration checksums, the hashes of login codes and of mailed links' tokens).
// Pure.
#pragma once

#include <string>

namespace mailrun::service {

std::string Sha256Hex(const std::string& text);

}  // namespace mailrun::service
