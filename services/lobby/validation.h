// Checks of the lobby's inputs that need nothing but the input (and the engine's embedded board
// data): request ids, display names, passwords, table and tournament settings. Each returns
// nullopt when the value is fine, or a message naming the field and what is wrong (never echoing
// a password); the service answers it with INVALID_ARGUMENT (CheckEditionPlayable:
// FAILED_PRECONDITION). Pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mailrun/v1/game_config.pb.h"

namespace mailrun::lobby {

using Problem = std::optional<std::string>;

constexpr int64_t kMaxTurnDeadlineSeconds = 30LL * 24 * 3600;
// Missed turn deadlines in a row after which a seat counts as abandoned (seats.proto): the default
// of a table that does not say, and the most a table may say (migrations/0209).
constexpr int kDefaultAbandonAfterMissed = 3;
constexpr int kMaxAbandonAfterMissed = 20;

// 1 to 128 printable ASCII characters (the services' one rule for ids, services/common/ids.h).
Problem CheckRequestId(const std::string& request_id);
// Any other id of a request (table_id, tournament_id, user_id, invitation_code) by the same rule,
// naming `field`; CheckOptionalId accepts an empty one.
Problem CheckId(const std::string& field, const std::string& value);
Problem CheckOptionalId(const std::string& field, const std::string& value);

// Deleted accounts' placeholders are named "deleted player <8 hex digits>" (account_deletion.cc);
// no account may take a name with that prefix, in any case.
inline constexpr char kPlaceholderNamePrefix[] = "deleted player";
bool IsPlaceholderName(const std::string& display_name);
// 3 to 24 characters: ASCII letters, digits, space, '.', '_', '-'; first and last a letter or digit;
// no two spaces in a row; not a placeholder's name.
Problem CheckDisplayName(const std::string& display_name);

// 8 to 128 bytes.
Problem CheckPassword(const std::string& password);

// Free text of at most `max_length` characters (bytes), without control characters;
// `required`: not empty.
Problem CheckName(const std::string& field, const std::string& value, size_t max_length, bool required);

// The shortest turn deadline a table or tournament may have unless the operator sets another
// (LobbyConfig::shortest_turn_deadline_seconds).
inline constexpr int64_t kShortestTurnDeadlineSeconds = 60;

// 0 (none) or `shortest` seconds to 30 days.
Problem CheckTurnDeadline(int64_t seconds, int64_t shortest = kShortestTurnDeadlineSeconds);

// The title is known (unspecified means 1853), the edition is one of its editions (unspecified
// means its default) and the options go with them, as the title registry says
// (engine/titles/registry.h): e.g. 1853's 2009 edition has only the full bank and its shortened
// game (2.4), and 1947 has none of 1853's options.
Problem CheckGameSetup(mailrun::v1::Title title, mailrun::v1::Edition edition, const mailrun::v1::GameOptions& options);

// The seat count is one the title is played with (1853 and 1947: 3 to 6).
Problem CheckSeats(mailrun::v1::Title title, int seats);

// The engine can play the title and edition (1853 Retuned and 2009 Lookout, and 1947: an edition
// whose data does not load is not playable). The service answers a problem here with
// FAILED_PRECONDITION: a table or tournament nobody can play would never start.
Problem CheckPlayable(mailrun::v1::Title title, mailrun::v1::Edition edition);

// TITLE_UNSPECIFIED becomes TITLE_1853; EDITION_UNSPECIFIED the title's default edition (1853:
// EDITION_RETUNED).
mailrun::v1::Title EffectiveTitle(mailrun::v1::Title title);
mailrun::v1::Edition EffectiveEdition(mailrun::v1::Title title, mailrun::v1::Edition edition);

}  // namespace mailrun::lobby
