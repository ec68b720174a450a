#include "services/lobby/validation.h"

#include <cctype>

#include "engine/data/edition_data.h"
#include "services/common/ids.h"

namespace mailrun::lobby {
namespace {

bool IsAlnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

}  // namespace

Problem CheckRequestId(const std::string& request_id) {
  if (request_id.empty()) return "request_id is required (a client-chosen id that makes retries safe)";
  return mailrun::service::IdProblem("request_id", request_id);
}

Problem CheckId(const std::string& field, const std::string& value) {
  return mailrun::service::IdProblem(field, value);
}

Problem CheckOptionalId(const std::string& field, const std::string& value) {
  return mailrun::service::OptionalIdProblem(field, value);
}

Problem CheckDisplayName(const std::string& name) {
  if (name.size() < 3 || name.size() > 24) return "display_name must be 3 to 24 characters";
  for (size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!(IsAlnum(c) || c == ' ' || c == '.' || c == '_' || c == '-')) {
      return "display_name may contain only ASCII letters, digits, spaces, '.', '_' and '-'";
    }
    if (c == ' ' && i > 0 && name[i - 1] == ' ') return "display_name must not contain two spaces in a row";
  }
  if (!IsAlnum(name.front()) || !IsAlnum(name.back())) {
    return "display_name must start and end with a letter or a digit";
  }
  return std::nullopt;
}

Problem CheckPassword(const std::string& password) {
  if (password.size() < 8) return "password must be at least 8 characters";
  if (password.size() > 128) return "password must be at most 128 bytes";
  return std::nullopt;
}

Problem CheckName(const std::string& field, const std::string& value, size_t max_length, bool required) {
  if (required && value.empty()) return field + " is required";
  if (value.size() > max_length) return field + " must be at most " + std::to_string(max_length) + " characters";
  for (char c : value) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return field + " must not contain control characters";
  }
  return std::nullopt;
}

Problem CheckTurnDeadline(int64_t seconds) {
  if (seconds == 0) return std::nullopt;
  if (seconds < 60 || seconds > kMaxTurnDeadlineSeconds) {
    return "turn_deadline_seconds must be 0 (no deadline) or 60 to 2592000 (30 days)";
  }
  return std::nullopt;
}

Problem CheckGameSetup(mailrun::v1::Edition edition, const mailrun::v1::GameOptions& options) {
  using namespace mailrun::v1;
  if (!Edition_IsValid(edition)) return "edition " + std::to_string(edition) + " is unknown";
  if (!BankSize_IsValid(options.bank())) return "options.bank " + std::to_string(options.bank()) + " is unknown";
  if (!TileKit_IsValid(options.tile_kit())) {
    return "options.tile_kit " + std::to_string(options.tile_kit()) + " is unknown";
  }
  if (EffectiveEdition(edition) != EDITION_LOOKOUT_2009) return std::nullopt;
  if (options.bank() == BANK_SHORT || options.bank() == BANK_LONGER) {
    return "2.4.2/2.4.3: the short and longer banks are options of 1853 Retuned; the 2009 edition has the full "
           "bank or the shortened game (BANK_STANDARD)";
  }
  if (options.simplified_game()) return "2.4.1: the simplified game is an option of 1853 Retuned only";
  if (options.unrestricted_58()) return "2.4.4: unrestricted #58 upgrades are an option of 1853 Retuned only";
  if (options.tile_kit() != TILE_KIT_NONE) return "2.4.5: the MIK1 tile kits are an option of 1853 Retuned only";
  return std::nullopt;
}

Problem CheckEditionPlayable(mailrun::v1::Edition edition) {
  const auto data = mailrun::engine::LoadEdition(EffectiveEdition(edition));
  if (data.ok()) return std::nullopt;
  return "this edition cannot be played yet: " + data.error().message;
}

mailrun::v1::Edition EffectiveEdition(mailrun::v1::Edition edition) {
  return edition == mailrun::v1::EDITION_UNSPECIFIED ? mailrun::v1::EDITION_RETUNED : edition;
}

}  // namespace mailrun::lobby
