// Hex names and neighbours in the board's own coordinates (edition_data.h).
#include <gtest/gtest.h>

#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine {
namespace {

TEST(HexCoord, NamesFollowTheBoardsLettering) {
  EXPECT_EQ(HexName({8, 27}), "Iaa");
  EXPECT_EQ(HexName({9, 28}), "Jab");
  EXPECT_EQ(HexName({1, 8}), "Bh");
  EXPECT_EQ(HexName({21, 37}), "Vak");
  EXPECT_EQ(ParseHexName("Iaa"), (HexCoord{8, 27}));
  EXPECT_EQ(ParseHexName("Tp"), (HexCoord{19, 16}));
  EXPECT_EQ(ParseHexName("Aa"), (HexCoord{0, 1}));
}

TEST(HexCoord, EveryNameRoundTrips) {
  for (int row = 0; row < 22; ++row) {
    for (int col = 1; col <= 37; ++col) {
      const HexCoord hex{row, col};
      EXPECT_EQ(ParseHexName(HexName(hex)), hex) << HexName(hex);
    }
  }
}

TEST(HexCoord, MalformedNamesAreRefused) {
  for (const char* name : {"", "I", "iaa", "Wa", "Aal", "Ia1", "Iaaa", "I_", "Iba", "aI"}) {
    EXPECT_FALSE(ParseHexName(name).has_value()) << name;
  }
}

TEST(HexCoord, NeighboursAsTheRulesDescribeThem) {
  const HexCoord calcutta = *ParseHexName("Jab");
  EXPECT_EQ(HexName(Neighbour(calcutta, 2)), "Iaa");                 // north-west of Calcutta
  EXPECT_EQ(HexName(Neighbour(*ParseHexName("Iaa"), 1)), "Iy");      // due west of Iaa
  EXPECT_EQ(HexName(Neighbour(*ParseHexName("Mi"), 3)), "Lj");       // north-east of Bombay
  EXPECT_EQ(HexName(Neighbour(*ParseHexName("Lj"), 2)), "Ki");       // the next hex north out of Lj
  EXPECT_EQ(HexName(Neighbour(*ParseHexName("Tp"), 4)), "Tr");       // due east of Trichinopoly
  EXPECT_EQ(HexName(Neighbour(*ParseHexName("Ck"), 0)), "Dj");       // south-west of Lahore
}

TEST(HexCoord, OppositeEdgesLeadBack) {
  for (int edge = 0; edge < 6; ++edge) {
    EXPECT_EQ(OppositeEdge(OppositeEdge(edge)), edge);
    EXPECT_NE(OppositeEdge(edge), edge);
    const HexCoord hex{10, 20};
    EXPECT_EQ(Neighbour(Neighbour(hex, edge), OppositeEdge(edge)), hex);
  }
}

}  // namespace
}  // namespace mailrun::engine
