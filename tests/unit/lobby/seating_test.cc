// Table sizes and seating of tournament rounds, checked by hand.
#include <gtest/gtest.h>

#include "services/lobby/seating.h"

namespace mailrun::lobby {
namespace {

std::vector<PlayerId> Players(int count) {
  std::vector<PlayerId> ids;
  for (int i = 1; i <= count; ++i) {
    PlayerId id = "p";
    id += std::to_string(i);  // (not "p" + ...: GCC 12 warns falsely about that)
    ids.push_back(id);
  }
  return ids;
}

TEST(BalancedTableSizes, AsEqualAsPossibleWithinThreeToSix) {
  EXPECT_EQ(BalancedTableSizes(9, 3), (std::vector<int>{3, 3, 3}));
  EXPECT_EQ(BalancedTableSizes(10, 4), (std::vector<int>{4, 3, 3}));
  EXPECT_EQ(BalancedTableSizes(5, 4), (std::vector<int>{5}));
  EXPECT_EQ(BalancedTableSizes(7, 6), (std::vector<int>{4, 3}));
  EXPECT_EQ(BalancedTableSizes(12, 6), (std::vector<int>{6, 6}));
  EXPECT_EQ(BalancedTableSizes(13, 6), (std::vector<int>{5, 4, 4}));
  EXPECT_EQ(BalancedTableSizes(3, 6), (std::vector<int>{3}));
  // 11 players at tables of 3 would leave a table of 2: three tables, the larger first.
  EXPECT_EQ(BalancedTableSizes(11, 3), (std::vector<int>{4, 4, 3}));
  EXPECT_EQ(BalancedTableSizes(8, 3), (std::vector<int>{4, 4}));
  EXPECT_TRUE(BalancedTableSizes(2, 3).empty());
  EXPECT_TRUE(BalancedTableSizes(0, 4).empty());
}

TEST(BalancedTableSizes, EveryCountFromThreeToSixtyFits) {
  for (int size = kMinTableSize; size <= kMaxTableSize; ++size) {
    for (int players = 3; players <= 60; ++players) {
      const auto sizes = BalancedTableSizes(players, size);
      int total = 0;
      for (int s : sizes) {
        EXPECT_GE(s, kMinTableSize) << players << " at " << size;
        EXPECT_LE(s, kMaxTableSize) << players << " at " << size;
        EXPECT_LE(sizes.front() - s, 1) << players << " at " << size;
        total += s;
      }
      EXPECT_EQ(total, players);
    }
  }
}

TEST(SeatBySnake, SpreadsTheSeedsOverTheTables) {
  const Seating nine = SeatBySnake(Players(9), 3);
  EXPECT_EQ(nine, (Seating{{"p1", "p6", "p7"}, {"p2", "p5", "p8"}, {"p3", "p4", "p9"}}));
  // 10 at tables of 4: sizes 4, 3, 3; seat 10 goes to the only table with room.
  const Seating ten = SeatBySnake(Players(10), 4);
  EXPECT_EQ(ten, (Seating{{"p1", "p6", "p7", "p10"}, {"p2", "p5", "p8"}, {"p3", "p4", "p9"}}));
  EXPECT_TRUE(SeatBySnake(Players(2), 3).empty());
}

TEST(SeatBySwiss, GroupsByStandingWhenNobodyHasMet) {
  const Seating tables = SeatBySwiss(Players(6), 3, MeetingHistory{});
  EXPECT_EQ(tables, (Seating{{"p1", "p2", "p3"}, {"p4", "p5", "p6"}}));
}

TEST(SeatBySwiss, SecondRoundOfNineSeatsRoundOneWinnersTogether) {
  MeetingHistory history;
  for (const auto& table : SeatBySnake(Players(9), 3)) history.AddTable(table);
  // Round-one winners p1, p2, p3, then the seconds, then the thirds, by standing.
  const std::vector<PlayerId> standing = {"p1", "p2", "p3", "p6", "p5", "p4", "p7", "p8", "p9"};
  const Seating tables = SeatBySwiss(standing, 3, history);
  EXPECT_EQ(tables, (Seating{{"p1", "p2", "p3"}, {"p6", "p5", "p4"}, {"p7", "p8", "p9"}}));
  for (const auto& table : tables) EXPECT_EQ(history.Repeats(table), 0);
}

TEST(SeatBySwiss, SwapsPlayersToAvoidRepeatOpponents) {
  // p4 met p5 and p6 before. Grouping by standing alone would seat p4, p5, p6 together (2 repeats);
  // swapping p3 and p4 leaves none.
  MeetingHistory history;
  history.AddTable({"p4", "p5"});
  history.AddTable({"p4", "p6"});
  const Seating tables = SeatBySwiss(Players(6), 3, history);
  EXPECT_EQ(tables, (Seating{{"p1", "p2", "p4"}, {"p3", "p5", "p6"}}));
  EXPECT_EQ(history.Repeats(tables[0]) + history.Repeats(tables[1]), 0);
}

TEST(SeatBySwiss, KeepsUnavoidableRepeatsToTheMinimum) {
  // p4, p5 and p6 all met each other: two tables of three must seat two of them together.
  MeetingHistory history;
  history.AddTable({"p4", "p5", "p6"});
  const Seating tables = SeatBySwiss(Players(6), 3, history);
  EXPECT_EQ(history.Repeats(tables[0]) + history.Repeats(tables[1]), 1);
}

TEST(SeatBySwiss, EveryPlayerSeatedExactlyOnce) {
  MeetingHistory history;
  const auto players = Players(17);
  for (const auto& table : SeatBySnake(players, 4)) history.AddTable(table);
  const Seating tables = SeatBySwiss(players, 4, history);
  std::vector<PlayerId> seated;
  for (const auto& table : tables) seated.insert(seated.end(), table.begin(), table.end());
  std::sort(seated.begin(), seated.end());
  auto expected = players;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(seated, expected);
  EXPECT_EQ(tables.size(), 5u);  // 17 at tables of 4: 4+4+3+3+3
}

TEST(SeatFinal, GroupWinnersFirstThenTheBestOthers) {
  EXPECT_EQ(SeatFinal({"w1", "w2"}, {"o1", "o2", "o3"}, 3), (std::vector<PlayerId>{"w1", "w2", "o1"}));
  EXPECT_EQ(SeatFinal({"w1", "w2", "w3", "w4", "w5", "w6", "w7"}, {"o1"}, 6),
            (std::vector<PlayerId>{"w1", "w2", "w3", "w4", "w5", "w6"}));
  EXPECT_EQ(SeatFinal({"w1"}, {"o1", "o2"}, 5), (std::vector<PlayerId>{"w1", "o1", "o2"}));
}

}  // namespace
}  // namespace mailrun::lobby
