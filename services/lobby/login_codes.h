// Login codes (issue 46 item 6): what a code is, how a typed one is read, and how it is kept. A code
// is 8 characters drawn uniformly from a 32-character alphabet without look-alikes (the digits 2-9
// and the letters A-Z but I and O: 40 bits), mailed as "ABCD-EFGH". A typed code is read whatever
// its case, spaces and dashes. The lobby keeps only its SHA-256 (login_codes.code_hash) and compares
// hashes in constant time (libsodium's sodium_memcmp). Pure functions; thread-safe.
#pragma once

#include <optional>
#include <string>

namespace mailrun::lobby {

inline constexpr char kLoginCodeAlphabet[] = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
inline constexpr int kLoginCodeLength = 8;

// A new random code (libsodium's randombytes_uniform), upper case, without a dash.
std::string NewLoginCode();
// The code as mailed: "ABCD-EFGH".
std::string MailedLoginCode(const std::string& code);
// A typed code in its stored form (upper case, without spaces and dashes), or nullopt when it is
// not 8 characters of the alphabet.
std::optional<std::string> ReadLoginCode(const std::string& typed);
// Hex SHA-256 of a code in its stored form.
std::string LoginCodeHash(const std::string& code);
// Whether two hashes are equal, in time independent of where they differ.
bool SameLoginCodeHash(const std::string& a, const std::string& b);

}  // namespace mailrun::lobby
