#include "services/notification/quiet_hours.h"

#include <absl/time/civil_time.h>
#include <absl/time/time.h>

#include <algorithm>

namespace mailrun::notification {
namespace {

// Zone names are IANA paths below the tzdata directory: refuse anything that could leave it.
bool PlausibleZoneName(const std::string& name) {
  if (name.empty() || name.size() > 64 || name.front() == '/' || name.find("..") != std::string::npos) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_' || c == '-' || c == '+';
  });
}

std::optional<absl::TimeZone> LoadZone(const std::string& name) {
  absl::TimeZone zone;
  if (!PlausibleZoneName(name) || !absl::LoadTimeZone(name, &zone)) return std::nullopt;
  return zone;
}

}  // namespace

bool IsKnownTimeZone(const std::string& name) { return LoadZone(name).has_value(); }

std::string CheckQuietHours(const QuietHoursRule& rule) {
  if (rule.start_minute < 0 || rule.start_minute > 1439) return "quiet_hours.start_minute must be 0-1439";
  if (rule.end_minute < 0 || rule.end_minute > 1439) return "quiet_hours.end_minute must be 0-1439";
  if (!IsKnownTimeZone(rule.time_zone)) return "quiet_hours.time_zone '" + rule.time_zone + "' is not a known IANA time zone";
  return "";
}

std::optional<std::chrono::system_clock::time_point> QuietHoursEnd(const QuietHoursRule& rule,
                                                                   std::chrono::system_clock::time_point now) {
  if (!rule.enabled || rule.start_minute == rule.end_minute || !CheckQuietHours(rule).empty()) return std::nullopt;
  const absl::TimeZone zone = *LoadZone(rule.time_zone);
  const absl::CivilMinute local = absl::ToCivilMinute(absl::FromChrono(now), zone);
  const int minute = local.hour() * 60 + local.minute();
  const bool spans_midnight = rule.end_minute < rule.start_minute;
  const bool inside = spans_midnight ? (minute >= rule.start_minute || minute < rule.end_minute)
                                     : (minute >= rule.start_minute && minute < rule.end_minute);
  if (!inside) return std::nullopt;
  absl::CivilDay day(local);
  if (spans_midnight && minute >= rule.start_minute) day += 1;  // the window ends tomorrow morning
  const absl::CivilMinute end(day.year(), day.month(), day.day(), rule.end_minute / 60, rule.end_minute % 60);
  // A local end time that a spring-forward skips ends the window at the jump itself; one that a
  // fall-back repeats ends it at its first occurrence (absl::FromCivil's rules).
  const auto end_instant = absl::ToChronoTime(absl::FromCivil(end, zone));
  return std::max(end_instant, now);
}

}  // namespace mailrun::notification
