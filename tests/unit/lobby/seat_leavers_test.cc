// How the lobby counts a game with handed-over seats (services/lobby/seat_leavers.h): each such
// seat's result goes back to its first leaver, who ranks below everyone who stayed; the others keep
// their order, ranked from 1 among themselves; a game without handovers is unchanged.
#include <gtest/gtest.h>

#include "services/lobby/seat_leavers.h"

namespace mailrun::lobby {
namespace {

mailrun::v1::GameFinished Finished(const std::vector<std::pair<std::string, int>>& seats) {
  mailrun::v1::GameFinished finished;
  for (size_t seat = 0; seat < seats.size(); ++seat) {
    auto* result = finished.add_results();
    result->set_user_id(seats[seat].first);
    result->set_seat(static_cast<int>(seat));
    result->set_rank(seats[seat].second);
    result->set_final_wealth(1000 - 100 * seats[seat].second);
  }
  return finished;
}

void HandOver(mailrun::v1::GameFinished& finished, int seat, const std::string& leaver, const std::string& substitute) {
  auto* handover = finished.add_handovers();
  handover->set_seat(seat);
  handover->set_leaver_user_id(leaver);
  handover->set_substitute_user_id(substitute);
}

TEST(SeatLeavers, TheLeaverOfAWinningSeatLosesAndTheSubstituteIsNotNamed) {
  auto finished = Finished({{"sub", 1}, {"beth", 2}, {"clive", 3}, {"dora", 3}});
  HandOver(finished, 0, "adam", "sub");
  const auto counted = WithLeaversRanked(finished);
  ASSERT_EQ(counted.results_size(), 4);
  EXPECT_EQ(counted.results(0).user_id(), "adam");
  EXPECT_EQ(counted.results(0).rank(), 4) << "below the three who stayed";
  EXPECT_EQ(counted.results(0).final_wealth(), finished.results(0).final_wealth());
  EXPECT_EQ(counted.results(1).rank(), 1);
  EXPECT_EQ(counted.results(2).rank(), 2);
  EXPECT_EQ(counted.results(3).rank(), 2) << "equal ranks stay equal";
  for (const auto& result : counted.results()) EXPECT_NE(result.user_id(), "sub");
}

TEST(SeatLeavers, AChainOfHandoversCountsForTheFirstLeaverAndTwoLeaversShareTheLastRank) {
  auto finished = Finished({{"beth", 3}, {"seatbot:1", 1}, {"clive", 2}, {"sub", 4}});
  HandOver(finished, 1, "adam", "sub1");
  HandOver(finished, 1, "sub1", "");  // the substitute left too; the bot ended it
  HandOver(finished, 3, "dora", "sub");
  const auto counted = WithLeaversRanked(finished);
  EXPECT_EQ(counted.results(1).user_id(), "adam");
  EXPECT_EQ(counted.results(3).user_id(), "dora");
  EXPECT_EQ(counted.results(1).rank(), 3);
  EXPECT_EQ(counted.results(3).rank(), 3);
  EXPECT_EQ(counted.results(2).rank(), 1) << "clive was ahead of beth";
  EXPECT_EQ(counted.results(0).rank(), 2);
}

TEST(SeatLeavers, AGameWithoutHandoversIsUnchanged) {
  const auto finished = Finished({{"adam", 2}, {"beth", 1}, {"clive", 3}});
  const auto counted = WithLeaversRanked(finished);
  EXPECT_EQ(counted.SerializeAsString(), finished.SerializeAsString());
}

}  // namespace
}  // namespace mailrun::lobby
