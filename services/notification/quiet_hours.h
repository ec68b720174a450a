// Quiet hours: a daily window in the user's own time zone during which pushes wait.
//
// g++ 12's libstdc++ has no C++20 time zone database (std::chrono::locate_zone came with GCC 14),
// so local times are computed with Abseil's time zone library (absl::LoadTimeZone), which gRPC
// already brings along; it reads the system's IANA tzdata files (/usr/share/zoneinfo, Debian's
// tzdata package), so daylight-saving rules are the operating system's current ones.
// Pure functions; thread-safe.
#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace mailrun::notification {

struct QuietHoursRule {
  bool enabled = false;
  int start_minute = 0;  // minutes after local midnight, 0-1439
  int end_minute = 0;    // 0-1439; less than start_minute: the window spans midnight
  std::string time_zone = "UTC";
};

// Whether `name` is an IANA time zone known to the system ("Asia/Kolkata", "UTC", ...).
bool IsKnownTimeZone(const std::string& name);

// A description of what is wrong with `rule` (minutes out of range, unknown time zone), or "".
std::string CheckQuietHours(const QuietHoursRule& rule);

// If `now` falls inside the quiet window, the instant the window ends (local end_minute on the
// right local day, converted back through the zone's rules: an end time skipped by a
// spring-forward ends the window at the jump, a repeated one at its first occurrence);
// otherwise nullopt. A disabled rule, an empty window (start == end) or an unknown zone: nullopt.
std::optional<std::chrono::system_clock::time_point> QuietHoursEnd(const QuietHoursRule& rule,
                                                                   std::chrono::system_clock::time_point now);

}  // namespace mailrun::notification
