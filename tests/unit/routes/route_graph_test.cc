// RouteGraph: names made from hex names, boundaries shared by both hexes, and Check() catching
// what a tile builder could get wrong.
#include "engine/core/routes/route_graph.h"

#include <gtest/gtest.h>

#include "tests/unit/routes/test_board.h"

namespace mailrun::engine::routes {
namespace {

using testing::TestBoard;

TEST(RouteGraph, NamesStationsJunctionsAndBoundaries) {
  TestBoard b;
  int jab = b.Hex(9, 28);  // Jab
  int iaa = b.Hex(8, 27);  // Iaa
  int iy = b.Hex(8, 25);   // Iy
  int kq = b.Hex(10, 17);  // Kq
  EXPECT_EQ(b.g.nodes()[b.City(jab, 0, 50, 3, true)].name, "Jab.s0");
  EXPECT_EQ(b.g.nodes()[b.g.AddJunction(kq, 0, NodeKind::kJunction)].name, "Kq.j0");
  EXPECT_EQ(b.g.nodes()[b.g.AddJunction(kq, 1, NodeKind::kHub)].name, "Kq.j1");
  // The lower row first, then the lower column; the same node from either side.
  int edge = b.g.AddBoundary(iaa, iy);
  EXPECT_EQ(b.g.nodes()[edge].name, "Iy/Iaa");
  EXPECT_EQ(b.g.AddBoundary(iy, iaa), edge);
  EXPECT_EQ(b.g.nodes()[b.g.AddBoundary(jab, iaa)].name, "Iaa/Jab");
  EXPECT_EQ(b.g.FindNode("Jab.s0"), 0);
  EXPECT_EQ(b.g.FindNode("Jab.s1"), -1);
  EXPECT_EQ(b.g.FindHex(HexCoord{8, 27}), iaa);
  EXPECT_TRUE(b.g.Check().ok());
}

TEST(RouteGraph, EachEdgeHasItsOwnGroupUnlessShared) {
  TestBoard b;
  int ba = b.Hex(1, 1), bc = b.Hex(1, 3);
  int s = b.Town(ba, 0, 10);
  int e1 = b.Link(s, ba, bc);
  int shared = b.g.NewGroup();
  int j = b.g.AddJunction(ba, 0, NodeKind::kJunction);
  int e2 = b.g.AddEdge(j, s, Gauge::kBroad, ba, shared);
  int e3 = b.g.AddEdge(j, b.g.AddBoundary(ba, bc), Gauge::kBroad, ba, shared);
  EXPECT_NE(b.g.edges()[e1].group, b.g.edges()[e2].group);
  EXPECT_EQ(b.g.edges()[e2].group, b.g.edges()[e3].group);
  EXPECT_TRUE(b.g.Check().ok());
}

TEST(RouteGraph, CheckFindsBuilderMistakes) {
  {
    TestBoard b;  // an edge on a hex its station is not on
    int ba = b.Hex(1, 1), bc = b.Hex(1, 3), bg = b.Hex(1, 7);
    int s = b.Town(ba, 0, 10);
    b.g.AddEdge(s, b.g.AddBoundary(bc, bg), Gauge::kBroad, bc);
    Status status = b.g.Check();
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().kind, ErrorKind::kBadData);
    EXPECT_EQ(status.error().message, "route graph: the edge Ba.s0-Bc/Bg lies on Bc but Ba.s0 does not");
  }
  {
    TestBoard b;  // the same station twice
    int ba = b.Hex(1, 1);
    b.Town(ba, 0, 10);
    b.Town(ba, 0, 20);
    ASSERT_FALSE(b.g.Check().ok());
    EXPECT_EQ(b.g.Check().error().message, "route graph: two nodes are named Ba.s0");
  }
  {
    TestBoard b;  // a base cannot be blocked for its own company
    int ba = b.Hex(1, 1);
    int s = b.City(ba, 0, 20, 0, true);
    b.Info(s).blocked = true;
    ASSERT_FALSE(b.g.Check().ok());
    EXPECT_EQ(b.g.Check().error().message,
              "route graph: station Ba.s0 holds the company's base, so it cannot be blocked");
  }
  {
    TestBoard b;  // an edge from a node to itself
    int ba = b.Hex(1, 1);
    int s = b.Town(ba, 0, 10);
    b.g.AddEdge(s, s, Gauge::kBroad, ba);
    ASSERT_FALSE(b.g.Check().ok());
    EXPECT_EQ(b.g.Check().error().message, "route graph: an edge joins Ba.s0 to itself");
  }
}

}  // namespace
}  // namespace mailrun::engine::routes
