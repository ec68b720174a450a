// Quiet hours in the user's time zone, daylight-saving changes included (tzdata via Abseil).
#include "services/notification/quiet_hours.h"

#include <gtest/gtest.h>

namespace mailrun::notification {
namespace {

using std::chrono::seconds;
using std::chrono::system_clock;

system_clock::time_point At(int64_t unix_seconds) { return system_clock::time_point(seconds(unix_seconds)); }

QuietHoursRule Rule(int start_minute, int end_minute, const std::string& zone) {
  return {true, start_minute, end_minute, zone};
}

TEST(QuietHours, InsideAWindowWithinOneDayEndsTheSameDay) {
  // 2026-01-15 13:30 in Kolkata (08:00 UTC); quiet 13:00-14:00 ends at 08:30 UTC.
  EXPECT_EQ(QuietHoursEnd(Rule(13 * 60, 14 * 60, "Asia/Kolkata"), At(1768464000)), At(1768465800));
}

TEST(QuietHours, OutsideTheWindowThereIsNothingToWaitFor) {
  EXPECT_FALSE(QuietHoursEnd(Rule(14 * 60, 15 * 60, "Asia/Kolkata"), At(1768464000)).has_value());
  EXPECT_FALSE(QuietHoursEnd(Rule(12 * 60, 13 * 60 + 30, "Asia/Kolkata"), At(1768464000)).has_value())
      << "the end minute itself is outside";
}

TEST(QuietHours, AWindowAcrossMidnightEndsNextMorningBeforeMidnightAndThisMorningAfter) {
  // 2026-07-01 21:30 UTC is 22:30 in London (summer time); 22:00-07:00 ends 07:00 BST = 06:00 UTC.
  EXPECT_EQ(QuietHoursEnd(Rule(22 * 60, 7 * 60, "Europe/London"), At(1782941400)), At(1782972000));
  // 05:30 UTC on 2 July is 06:30 BST: still quiet, same end.
  EXPECT_EQ(QuietHoursEnd(Rule(22 * 60, 7 * 60, "Europe/London"), At(1782970200)), At(1782972000));
  // In UTC the same instant (21:30) is before 22:00: not quiet.
  EXPECT_FALSE(QuietHoursEnd(Rule(22 * 60, 7 * 60, "UTC"), At(1782941400)).has_value());
}

TEST(QuietHours, AnEndTimeSkippedByTheSpringForwardEndsTheWindowAtTheJump) {
  // London, 2026-03-29: 01:00 GMT jumps to 02:00 BST, so 01:30 local does not exist. At 00:30
  // GMT with quiet 00:00-01:30 the window ends at the jump: 01:00 UTC (02:00 BST).
  EXPECT_EQ(QuietHoursEnd(Rule(0, 90, "Europe/London"), At(1774744200)), At(1774746000));
  // At 00:59 GMT it is still quiet, with the same end.
  EXPECT_EQ(QuietHoursEnd(Rule(0, 90, "Europe/London"), At(1774745940)), At(1774746000));
}

TEST(QuietHours, AnEndTimeRepeatedByTheFallBackIsItsFirstOccurrence) {
  // London, 2026-10-25: 02:00 BST falls back to 01:00 GMT, so 01:30 local happens twice
  // (00:30 UTC and 01:30 UTC). At 00:10 UTC (01:10 BST) with quiet 00:00-01:30 the window ends
  // at the first 01:30, 00:30 UTC.
  EXPECT_EQ(QuietHoursEnd(Rule(0, 90, "Europe/London"), At(1792887000)), At(1792888200));
}

TEST(QuietHours, DisabledOrEmptyWindowsAndUnknownZonesNeverHoldPushes) {
  QuietHoursRule disabled = Rule(0, 1439, "UTC");
  disabled.enabled = false;
  EXPECT_FALSE(QuietHoursEnd(disabled, At(1768464000)).has_value());
  EXPECT_FALSE(QuietHoursEnd(Rule(600, 600, "UTC"), At(1768464000)).has_value());
  EXPECT_FALSE(QuietHoursEnd(Rule(0, 1439, "Nowhere/City"), At(1768464000)).has_value());
}

TEST(QuietHours, CheckNamesTheWrongField) {
  EXPECT_EQ(CheckQuietHours(Rule(0, 420, "Asia/Kolkata")), "");
  EXPECT_NE(CheckQuietHours(Rule(-1, 420, "UTC")).find("start_minute"), std::string::npos);
  EXPECT_NE(CheckQuietHours(Rule(0, 1440, "UTC")).find("end_minute"), std::string::npos);
  EXPECT_NE(CheckQuietHours(Rule(0, 420, "Asia/Atlantis")).find("time_zone"), std::string::npos);
}

TEST(QuietHours, OnlyRealZoneNamesAreKnown) {
  EXPECT_TRUE(IsKnownTimeZone("UTC"));
  EXPECT_TRUE(IsKnownTimeZone("Asia/Kolkata"));
  EXPECT_TRUE(IsKnownTimeZone("America/Argentina/Buenos_Aires"));
  EXPECT_FALSE(IsKnownTimeZone(""));
  EXPECT_FALSE(IsKnownTimeZone("../../etc/passwd"));
  EXPECT_FALSE(IsKnownTimeZone("/usr/share/zoneinfo/UTC"));
  EXPECT_FALSE(IsKnownTimeZone("Europe/Londres"));
}

}  // namespace
}  // namespace mailrun::notification
