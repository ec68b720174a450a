#include "services/lobby/validation.h"

#include <cctype>

#include <fmt/format.h>

#include "engine/titles/registry.h"
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

bool IsPlaceholderName(const std::string& name) {
  const std::string_view prefix = kPlaceholderNamePrefix;
  if (name.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(name[i])) != prefix[i]) return false;
  }
  return true;
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
  if (IsPlaceholderName(name)) {
    return "display_name must not start with '" + std::string(kPlaceholderNamePrefix) + "': such names stand for deleted accounts";
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

Problem CheckTurnDeadline(int64_t seconds, int64_t shortest) {
  if (seconds == 0) return std::nullopt;
  if (seconds < shortest || seconds > kMaxTurnDeadlineSeconds) {
    return "turn_deadline_seconds must be 0 (no deadline) or " + std::to_string(shortest) +
           " to 2592000 (30 days)";
  }
  return std::nullopt;
}

Problem CheckGameSetup(mailrun::v1::Title title, mailrun::v1::Edition edition, const mailrun::v1::GameOptions& options) {
  const auto found = mailrun::engine::FindTitle(title);
  if (!found.ok()) return found.error().ToString();
  if (auto setup = (*found)->CheckSetup(edition, options); !setup.ok()) return setup.error().ToString();
  return std::nullopt;
}

Problem CheckSeats(mailrun::v1::Title title, int seats) {
  const auto found = mailrun::engine::FindTitle(title);
  if (!found.ok()) return found.error().ToString();
  const mailrun::engine::Title& known = **found;
  if (seats >= known.min_players() && seats <= known.max_players()) return std::nullopt;
  return fmt::format("seats must be {0} to {1} ({2} is a game for {0} to {1} players)", known.min_players(),
                     known.max_players(), known.name());
}

Problem CheckPlayable(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  const auto found = mailrun::engine::FindTitle(title);
  if (!found.ok()) return found.error().ToString();
  if (auto playable = (*found)->CheckPlayable(edition); !playable.ok()) return playable.error().message;
  return std::nullopt;
}

mailrun::v1::Title EffectiveTitle(mailrun::v1::Title title) { return mailrun::engine::EffectiveTitle(title); }

mailrun::v1::Edition EffectiveEdition(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  const auto found = mailrun::engine::FindTitle(title);
  return found.ok() ? (*found)->EffectiveEdition(edition) : edition;
}

}  // namespace mailrun::lobby
