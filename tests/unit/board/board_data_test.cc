// The board: its structure, and every fact the rules texts pin down about it
// (/work/shared/reference/README.md, "Facts the rules texts pin down about the board").
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/titles/t1853/board_summary.h"
#include "engine/core/board/promotion.h"
#include "tests/unit/board/board_test_data.h"

namespace mailrun::engine::t1853 {
namespace {

using testing::City;
using testing::Company;
using testing::Data;
using testing::EdgeTowards;
using testing::HexAt;
using testing::StationEdges;
using testing::Tile;

std::set<int> Shares(const std::string& city) {
  const auto& numbers = City(city).share_companies;
  return std::set<int>(numbers.begin(), numbers.end());
}

int Broad(const std::string& hex) { return Data().ConstructionCost(HexAt(hex), Gauge::kBroad); }
int Metre(const std::string& hex) { return Data().ConstructionCost(HexAt(hex), Gauge::kMetre); }

bool Offers(const std::string& city, const std::string& company) {
  return Shares(city).count(Company(company).number) == 1;
}

// True when some rotation of `tile` laid on `hex` joins the two given board edges through its
// track (directly, or through one station or junction).
bool TileJoins(const TileDef& tile, int edge_a, int edge_b) {
  for (int rotation = 0; rotation < 6; ++rotation) {
    auto end_of = [&](int edge) -> std::optional<PathEnd> {
      for (const TilePath& path : tile.paths) {
        if (path.a.kind == PathEnd::Kind::kEdge && (path.a.index + rotation) % 6 == edge) return path.b;
        if (path.b.kind == PathEnd::Kind::kEdge && (path.b.index + rotation) % 6 == edge) return path.a;
      }
      return std::nullopt;
    };
    const auto a = end_of(edge_a);
    const auto b = end_of(edge_b);
    if (a && b && a->kind != PathEnd::Kind::kEdge && *a == *b) return true;
    if (a && a->kind == PathEnd::Kind::kEdge && (a->index + rotation) % 6 == edge_b) return true;
  }
  return false;
}

// ---- Structure -------------------------------------------------------------------------------

TEST(Board, Has170PlayableHexes) {  // Appendix 4
  const auto playable = std::count_if(Data().hexes.begin(), Data().hexes.end(), [](const HexDef& h) { return h.playable; });
  EXPECT_EQ(playable, 170);
  EXPECT_EQ(SummarizeBoard(Data()).playable_hexes, 170);
}

TEST(Board, Has24NamedCitiesOfWhichFourLarge) {  // 1.3
  EXPECT_EQ(Data().cities.size(), 24u);
  std::set<std::string> large;
  for (const CityDef& city : Data().cities) {
    if (city.large) large.insert(city.name);
  }
  EXPECT_EQ(large, (std::set<std::string>{"Bombay", "Calcutta", "Delhi", "Madras"}));
}

TEST(Board, NoCityTownOrFrontierPostOnAnUnplayableHex) {
  for (const HexDef& hex : Data().hexes) {
    if (hex.playable) continue;
    EXPECT_FALSE(hex.city.has_value()) << HexName(hex.coord);
    EXPECT_EQ(hex.towns, 0) << HexName(hex.coord);
    EXPECT_FALSE(hex.frontier_value.has_value()) << HexName(hex.coord);
    EXPECT_FALSE(hex.preprinted.has_value()) << HexName(hex.coord);
    EXPECT_NE(hex.outside, HexDef::Outside::kNone) << HexName(hex.coord);
  }
  for (const CityDef& city : Data().cities) {
    ASSERT_NE(Data().Hex(city.hex), nullptr) << city.name;
    EXPECT_TRUE(Data().Hex(city.hex)->playable) << city.name;
    EXPECT_EQ(Data().cities[*Data().Hex(city.hex)->city].name, city.name);
    EXPECT_EQ(Data().Hex(city.hex)->towns, 0) << city.name;
  }
}

TEST(Board, NeighbourRelationsAreSymmetric) {
  int pairs = 0;
  for (const HexDef& hex : Data().hexes) {
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = Data().Hex(Neighbour(hex.coord, edge));
      if (next == nullptr) continue;
      EXPECT_EQ(Data().Hex(Neighbour(next->coord, OppositeEdge(edge))), &hex) << HexName(hex.coord) << " edge " << edge;
      if (hex.playable && next->playable) {
        ++pairs;
        EXPECT_FALSE(hex.edge_blocked[edge]) << HexName(hex.coord) << " towards " << HexName(next->coord);
        EXPECT_FALSE(next->edge_blocked[OppositeEdge(edge)]);
      }
    }
  }
  EXPECT_GT(pairs, 2 * 170);  // every playable hex has neighbours
}

TEST(Board, TrackMayNotRunIntoTheSeaOrTheMargins) {  // 4.1.11
  int buff = 0;
  for (const HexDef& hex : Data().hexes) {
    if (!hex.playable) continue;
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = Data().Hex(Neighbour(hex.coord, edge));
      if (next != nullptr && !next->playable) {
        EXPECT_TRUE(hex.edge_blocked[edge]) << HexName(hex.coord) << " edge " << edge;
      }
      if (next == nullptr && !hex.edge_blocked[edge]) ++buff;  // off the board at a buff edge
    }
  }
  EXPECT_EQ(buff, 8);
  EXPECT_TRUE(HexAt("Mi").edge_blocked[1]);   // west of Bombay: the Arabian Sea
  EXPECT_TRUE(HexAt("Rr").edge_blocked[4]);   // east of Madras: the Bay of Bengal
  EXPECT_TRUE(HexAt("Mi").edge_blocked[2]);   // north-west of Bombay: dark green margin
  EXPECT_FALSE(HexAt("Bh").edge_blocked[2]);  // north of Peshawar the buff land runs off the board
}

TEST(Board, GridCellsAreSeaOrMarginWhereNotPlayable) {
  EXPECT_EQ(HexAt("Pj").outside, HexDef::Outside::kDarkGreen);
  EXPECT_EQ(HexAt("Dr").outside, HexDef::Outside::kDarkGrey);
  EXPECT_EQ(HexAt("Jaf").outside, HexDef::Outside::kSea);
  EXPECT_EQ(HexAt("Vp").outside, HexDef::Outside::kSea);  // the 171st cell of the reference data
  EXPECT_EQ(HexAt("Jab").outside, HexDef::Outside::kNone);
}

// Every pair of named cities lies on the board as on a map of India: of two cities more than 1.5
// degrees apart in latitude the northern one is in an earlier row, and of two more than 2 degrees
// apart in longitude the western one is in an earlier column (a column is half a hex, about 0.8
// degrees: Rawalpindi and Ajmer, 1.6 degrees apart, share column j).
TEST(Board, CitiesLieWhereTheyLieInIndia) {
  struct Place {
    const char* name;
    double latitude, longitude;
  };
  const Place places[] = {
      {"Peshawar", 34.01, 71.58},  {"Rawalpindi", 33.60, 73.05}, {"Lahore", 31.55, 74.34},   {"Multan", 30.20, 71.47},
      {"Delhi", 28.61, 77.21},     {"Jaipur", 26.91, 75.79},     {"Ajmer", 26.45, 74.64},    {"Cawnpore", 26.45, 80.33},
      {"Lucknow", 26.85, 80.95},   {"Allahabad", 25.44, 81.85},  {"Benares", 25.32, 82.97},  {"Patna", 25.59, 85.14},
      {"Karachi", 24.86, 67.01},   {"Ahmadabad", 23.02, 72.57},  {"Bombay", 18.96, 72.82},   {"Nagpur", 21.15, 79.09},
      {"Hyderabad", 17.39, 78.49}, {"Calcutta", 22.57, 88.36},   {"Dacca", 23.81, 90.41},    {"Chittagong", 22.36, 91.78},
      {"Mysore", 12.30, 76.64},    {"Bangalore", 12.97, 77.59},  {"Madras", 13.08, 80.27},   {"Trichinopoly", 10.79, 78.70}};
  ASSERT_EQ(std::size(places), Data().cities.size());
  int compared = 0;
  for (const Place& a : places) {
    for (const Place& b : places) {
      const HexCoord ha = City(a.name).hex, hb = City(b.name).hex;
      if (a.latitude - b.latitude > 1.5) {
        EXPECT_LT(ha.row, hb.row) << a.name << " lies north of " << b.name;
        ++compared;
      }
      if (b.longitude - a.longitude > 2.0) {
        EXPECT_LT(ha.col, hb.col) << a.name << " lies west of " << b.name;
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 400);
  // The examples of the issue.
  EXPECT_LT(City("Lahore").hex.row, City("Delhi").hex.row);
  EXPECT_LT(City("Lahore").hex.col, City("Delhi").hex.col);
  EXPECT_GT(City("Calcutta").hex.col, City("Patna").hex.col);
  EXPECT_LT(City("Madras").hex.row, City("Trichinopoly").hex.row);
  EXPECT_GT(City("Madras").hex.col, City("Trichinopoly").hex.col);
}

// ---- Cities: bid values, Ganges valley, shares ------------------------------------------------

TEST(Board, BidValues) {  // 2.5.2.9
  for (const CityDef& city : Data().cities) {
    int expected = 20;
    if (city.name == "Calcutta") expected = 50;
    if (city.name == "Bombay" || city.name == "Delhi") expected = 40;
    if (city.name == "Madras") expected = 30;
    EXPECT_EQ(city.bid_value, expected) << city.name;
  }
}

TEST(Board, GangesValleyCities) {  // 2.5.2.7
  std::set<std::string> ganges;
  for (const CityDef& city : Data().cities) {
    if (city.ganges_valley) ganges.insert(city.name);
    EXPECT_EQ(city.counts_as_ganges_in_long_bids, city.name == "Calcutta") << city.name;
  }
  EXPECT_EQ(ganges, (std::set<std::string>{"Cawnpore", "Lucknow", "Allahabad", "Benares", "Patna"}));
  for (const std::string& name : ganges) EXPECT_TRUE(Data().Hex(City(name).hex)->ganges_area) << name;
}

TEST(Board, SharesFollowTheCompanyAreas) {  // the reconstruction rule of docs/board-data.md
  for (const CityDef& city : Data().cities) {
    std::set<int> expected;
    for (const CompanyDef& company : Data().companies) {
      if (company.area.Contains(city.hex)) expected.insert(company.number);
    }
    EXPECT_EQ(Shares(city.name), expected) << city.name;
  }
}

TEST(Board, SharesMatchEveryExampleOfTheRules) {
  EXPECT_EQ(Shares("Delhi"), (std::set<int>{1, 2, 3, 5}));  // 2009 rules example
  // Appendix 4: "anyone claiming a BAR share will have had to write down ... Calcutta, Dacca or Chittagong".
  std::set<std::string> bar;
  for (const CityDef& city : Data().cities) {
    if (Offers(city.name, "BAR")) bar.insert(city.name);
  }
  EXPECT_EQ(bar, (std::set<std::string>{"Calcutta", "Dacca", "Chittagong"}));
  // Appendix 4's claims, city by city.
  const std::pair<const char*, const char*> claims[] = {
      {"Patna", "EIR"},     {"Lahore", "NWR"},    {"Ajmer", "BBCI"},       {"Allahabad", "GIP"},   {"Trichinopoly", "SIR"},
      {"Calcutta", "EIR"},  {"Delhi", "NWR"},     {"Jaipur", "BBCI"},      {"Cawnpore", "GIP"},    {"Mysore", "SIR"},
      {"Delhi", "EIR"},     {"Multan", "NWR"},    {"Bombay", "BBCI"},      {"Nagpur", "BNR"},      {"Madras", "MSM"},
      {"Dacca", "BAR"},     {"Hyderabad", "BNR"}, {"Chittagong", "BAR"}};
  for (const auto& [city, company] : claims) EXPECT_TRUE(Offers(city, company)) << city << " " << company;
}

// ---- Appendix 4: the hexes of the sample game --------------------------------------------------

TEST(Appendix4, CalcuttaAndTheLineNorthWest) {
  const HexDef& calcutta = HexAt("Jab");
  ASSERT_TRUE(calcutta.preprinted.has_value());
  EXPECT_EQ(Data().cities[*calcutta.city].name, "Calcutta");
  EXPECT_EQ(Data().calcutta_first_promotion_cost, 60);  // 4.2.13: multiple river
  EXPECT_EQ(Broad("Jab"), 60);
  // Iaa, north-west of Calcutta, takes tile #58 from Calcutta heading west: it has a town.
  EXPECT_EQ(EdgeTowards("Jab", "Iaa"), 2);
  EXPECT_EQ(HexAt("Iaa").towns, 1);
  EXPECT_TRUE(TileJoins(Tile("58"), EdgeTowards("Iaa", "Jab"), EdgeTowards("Iaa", "Iy")));
  EXPECT_EQ(EdgeTowards("Iaa", "Iy"), 1);  // Iy is due west
  EXPECT_EQ(HexAt("Iy").towns, 0);         // plain track there
  EXPECT_NE(EdgeTowards("Hx", "Iw"), -1);  // Iw is reachable from Patna
  EXPECT_NE(EdgeTowards("Iw", "Iy"), -1);
  // The EIR's Calcutta station faces Iaa; the run Calcutta-Iaa pays 50 + 10 = 60.
  const TileDef& tile = Tile(calcutta.preprinted->tile_id);
  const HomeBase& eir = Company("EIR").homes[0];
  EXPECT_EQ(StationEdges(tile, calcutta.preprinted->rotation, eir.station), std::vector<int>{2});
  EXPECT_EQ(tile.stations[eir.station].revenue + Tile("58").stations[0].revenue, 60);
}

TEST(Appendix4, TheGangesValleyCities) {
  EXPECT_EQ(HexAt("Hx").terrain_features, std::vector<Terrain>{Terrain::kMultipleRiver});  // Patna
  EXPECT_EQ(Broad("Hx"), 60);
  EXPECT_EQ(Broad("Ht"), 60);  // Allahabad
  EXPECT_EQ(Broad("Hv"), 60);  // Benares, "double river"
  EXPECT_EQ(Broad("Gs"), 40);  // Lucknow
  EXPECT_EQ(Broad("Gq"), 40);  // Cawnpore
  EXPECT_EQ(City("Lucknow").hex, *ParseHexName("Gs"));
  EXPECT_EQ(City("Allahabad").hex, *ParseHexName("Ht"));
  // Lucknow west (north-west) of Allahabad, Cawnpore west of Lucknow, Benares west of Patna.
  EXPECT_EQ(EdgeTowards("Ht", "Gs"), 2);
  EXPECT_EQ(EdgeTowards("Gs", "Gq"), 1);
  EXPECT_EQ(EdgeTowards("Hx", "Hv"), 1);
  // Cawnpore is one hex from Delhi: tile #6 there runs east to Lucknow and north-west to Fp,
  // which touches Delhi's east station.
  EXPECT_TRUE(TileJoins(Tile("6"), EdgeTowards("Gq", "Gs"), EdgeTowards("Gq", "Fp")));
  EXPECT_EQ(EdgeTowards("Fn", "Fp"), 4);
  const HexDef& delhi = HexAt("Fn");
  const TileDef& delhi_tile = Tile(delhi.preprinted->tile_id);
  bool east_station = false;
  for (size_t s = 0; s < delhi_tile.stations.size(); ++s) {
    east_station |= StationEdges(delhi_tile, delhi.preprinted->rotation, static_cast<int>(s)) == std::vector<int>{4};
  }
  EXPECT_TRUE(east_station);
  // Benares: tile #6 from east to north-west; Patna: tile #5 south-west and west.
  EXPECT_TRUE(TileJoins(Tile("6"), 4, 2));
  EXPECT_TRUE(TileJoins(Tile("5"), 0, 1));
}

TEST(Appendix4, DelhiToLahoreAndMultan) {
  EXPECT_EQ(City("Delhi").hex, *ParseHexName("Fn"));
  EXPECT_EQ(EdgeTowards("Fn", "Em"), 2);  // Em north-west of Delhi, with a town
  EXPECT_EQ(HexAt("Em").towns, 1);
  EXPECT_NE(EdgeTowards("Em", "Dl"), -1);  // Dl lies between Delhi's line and Lahore
  EXPECT_NE(EdgeTowards("Dl", "Ck"), -1);
  EXPECT_EQ(EdgeTowards("Ck", "Dj"), 0);  // Dj south-west of Lahore
  EXPECT_EQ(HexAt("Dh").towns, 1);        // the town in Dh
  EXPECT_NE(EdgeTowards("Dj", "Dh"), -1);
  EXPECT_NE(EdgeTowards("Dh", "Eg"), -1);  // then one hex to Multan
  EXPECT_EQ(City("Multan").hex, *ParseHexName("Eg"));
  // The NWR's Delhi station faces Em: the run Delhi-Em pays 40 + 10 = 50.
  const HexDef& delhi = HexAt("Fn");
  const TileDef& tile = Tile(delhi.preprinted->tile_id);
  const HomeBase& nwr = Company("NWR").homes[0];
  EXPECT_EQ(StationEdges(tile, delhi.preprinted->rotation, nwr.station), std::vector<int>{2});
  EXPECT_EQ(tile.stations[nwr.station].revenue + 10, 50);
}

TEST(Appendix4, AjmerJaipurAndBombay) {
  EXPECT_EQ(HexAt("Hj").terrain, Terrain::kMountain);  // Ajmer
  EXPECT_EQ(Broad("Hj"), 140);
  EXPECT_EQ(Data().bbci_major_ajmer_cost, 70);
  EXPECT_EQ(Broad("Gm"), 0);  // Jaipur: placing tile #69 there is free
  EXPECT_NE(EdgeTowards("Hj", "Hl"), -1);
  EXPECT_NE(EdgeTowards("Hl", "Gm"), -1);
  EXPECT_EQ(HexAt("Gi").towns, 1);  // the small town north-west of Ajmer
  EXPECT_EQ(EdgeTowards("Hj", "Gi"), 2);
  // Lj, north-east of Bombay: hill and river, 40 + 80 broad, 30 + 50 metre, and a town for #58.
  EXPECT_EQ(EdgeTowards("Mi", "Lj"), 3);
  EXPECT_EQ(Broad("Lj"), 120);
  EXPECT_EQ(Metre("Lj"), 80);
  EXPECT_EQ(HexAt("Lj").towns, 1);
  EXPECT_TRUE(TileJoins(Tile("58"), EdgeTowards("Lj", "Mi"), EdgeTowards("Lj", "Ki")));  // south-west to north-west
  EXPECT_EQ(HexAt("Ki").terrain, Terrain::kRiver);  // the second river north of Bombay
  // The mountain by Bombay where the GIP lays metre tile #73 for 70: Nj, south-east of Bombay
  // (the text says south-west, which is sea); #73 curves east toward open ground.
  EXPECT_EQ(EdgeTowards("Mi", "Nj"), 5);
  EXPECT_FALSE(HexAt("Nh").playable);
  EXPECT_EQ(Metre("Nj"), 70);
  EXPECT_EQ(HexAt("Nj").towns, 1);
  EXPECT_TRUE(TileJoins(Tile("73"), EdgeTowards("Nj", "Mi"), EdgeTowards("Nj", "Nl")));
  EXPECT_EQ(Broad("Nl"), 0);
  // Bombay's stations: north Bombay faces Lj (the BBCI's as a major), the GIP's faces Nj.
  const HexDef& bombay = HexAt("Mi");
  const TileDef& tile = Tile(bombay.preprinted->tile_id);
  EXPECT_EQ(StationEdges(tile, bombay.preprinted->rotation, Company("BBCI").major_home->station), std::vector<int>{3});
  EXPECT_EQ(StationEdges(tile, bombay.preprinted->rotation, Company("GIP").homes[1].station), std::vector<int>{5});
  EXPECT_EQ(tile.stations[0].revenue + 10, 50);  // Bombay-Lj pays 50
}

TEST(Appendix4, TrichinopolyToMadras) {
  EXPECT_EQ(City("Trichinopoly").hex, *ParseHexName("Tp"));
  EXPECT_EQ(HexAt("Tr").towns, 1);  // the town due east, across a river (metre 30)
  EXPECT_EQ(Metre("Tr"), 30);
  EXPECT_TRUE(TileJoins(Tile("76"), EdgeTowards("Tp", "Uo"), EdgeTowards("Tp", "Tr")));  // south-west and east
  EXPECT_TRUE(TileJoins(Tile("72"), EdgeTowards("Tr", "Tp"), EdgeTowards("Tr", "Sq")));  // heading north-west
  EXPECT_EQ(HexAt("Sq").towns, 1);                                                       // between the line and Madras
  EXPECT_TRUE(TileJoins(Tile("73"), EdgeTowards("Sq", "Tr"), EdgeTowards("Sq", "Rr")));
  EXPECT_EQ(HexAt("Uo").towns, 1);  // Uo, south of Trichinopoly
  EXPECT_EQ(HexAt("Uo").coord.row, HexAt("Tp").coord.row + 1);
  // Madras-Sq-Tr pays 30 + 10 + 10 = 50; Madras plus Tr as a mail run 40.
  const HexDef& madras = HexAt("Rr");
  const TileDef& tile = Tile(madras.preprinted->tile_id);
  bool faces_sq = false;
  for (size_t s = 0; s < tile.stations.size(); ++s) {
    faces_sq |= StationEdges(tile, madras.preprinted->rotation, static_cast<int>(s)) == std::vector<int>{EdgeTowards("Rr", "Sq")};
  }
  EXPECT_TRUE(faces_sq);
  EXPECT_EQ(tile.stations[0].revenue + 10 + 10, 50);
}

TEST(Appendix4, RevenuesOfTheRuns) {
  auto large_revenue = [](const std::string& hex) {
    const HexDef& h = HexAt(hex);
    return Tile(h.preprinted->tile_id).stations[0].revenue;
  };
  EXPECT_EQ(large_revenue("Jab"), 50);  // Calcutta
  EXPECT_EQ(large_revenue("Fn"), 40);   // Delhi
  EXPECT_EQ(large_revenue("Mi"), 40);   // Bombay
  EXPECT_EQ(large_revenue("Rr"), 30);   // Madras
  for (const char* id : {"5", "6", "69", "75", "76", "113"}) EXPECT_EQ(Tile(id).stations[0].revenue, 20) << id;  // other cities
  for (const char* id : {"1", "2", "3", "4", "55", "56", "58", "71", "72", "73", "74"}) {
    for (const TileStation& town : Tile(id).stations) EXPECT_EQ(town.revenue, 10) << id;
  }
}

TEST(Board, HomeCellsOfTable1) {
  const std::pair<const char*, std::vector<std::string>> homes[] = {
      {"EIR", {"Jab", "Hx"}}, {"GIP", {"Ht", "Mi"}}, {"NWR", {"Fn", "Ck"}}, {"BNR", {"Jab", "Kq"}},
      {"BBCI", {"Hj"}},       {"MSM", {"Rr"}},       {"SIR", {"Tp"}},       {"BAR", {"Jah"}}};
  for (const auto& [initials, cells] : homes) {
    std::vector<std::string> actual;
    for (const HomeBase& home : Company(initials).homes) actual.push_back(HexName(home.hex));
    EXPECT_EQ(actual, cells) << initials;
  }
  EXPECT_NE(Company("EIR").homes[0].station, Company("BNR").homes[0].station);  // separate Calcutta stations
  EXPECT_EQ(HexName(Company("BBCI").major_home->hex), "Mi");
}

TEST(Board, FrontierPosts) {  // 4.1.15
  std::map<std::string, int> posts;
  for (const HexDef& hex : Data().hexes) {
    if (hex.frontier_value) posts[HexName(hex.coord)] = *hex.frontier_value;
  }
  EXPECT_EQ(posts, (std::map<std::string, int>{{"Bh", 100}, {"Bj", 40},  {"Ce", 200}, {"Db", 200}, {"Dn", 40},
                                               {"Fah", 100}, {"Faj", 100}, {"Gac", 100}, {"Gag", 40}, {"Gai", 100},
                                               {"Hb", 40},  {"Hah", 100}, {"Ic", 100}}));
}

}  // namespace
}  // namespace mailrun::engine::t1853
