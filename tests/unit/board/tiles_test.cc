// The tiles: Appendix 3 counts, TABLE 8 promotions checked against the tiles' geometry (4.2.4-4.2.8,
// 4.2.12), and the shapes the rules describe.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/titles/t1853/board_summary.h"
#include "engine/core/board/promotion.h"
#include "tests/unit/board/board_test_data.h"

namespace mailrun::engine::t1853 {
namespace {

using testing::Data;
using testing::Tile;

std::map<std::string, int> Counts(const std::vector<TileSupply>& supply) {
  std::map<std::string, int> counts;
  for (const TileSupply& item : supply) counts[item.tile_id] += item.count;
  return counts;
}

bool Listed(const std::map<std::string, std::vector<std::string>>& promotions, const std::string& from,
            const std::string& to) {
  const auto found = promotions.find(from);
  return found != promotions.end() && std::find(found->second.begin(), found->second.end(), to) != found->second.end();
}

std::optional<TileColour> Next(TileColour colour) {
  if (colour == TileColour::kGrey) return std::nullopt;
  return static_cast<TileColour>(static_cast<int>(colour) + 1);
}

TEST(Tiles, Appendix3Manifest) {
  const std::map<std::string, int> expected = {
      {"1", 2},   {"2", 2},   {"3", 10},  {"4", 14},  {"5", 4},   {"6", 8},   {"7", 4},   {"8", 14},  {"9", 14},
      {"55", 2},  {"56", 2},  {"58", 8},  {"69", 2},  {"71", 2},  {"72", 4},  {"73", 6},  {"74", 4},  {"75", 2},
      {"76", 2},  {"77", 2},  {"78", 6},  {"79", 4},  {"113", 2}, {"12", 2},  {"13", 2},  {"14", 2},  {"15", 2},
      {"80", 2},  {"81", 2},  {"82", 4},  {"83", 4},  {"84", 2},  {"85", 2},  {"86", 2},  {"87", 2},  {"88", 2},
      {"89", 2},  {"90", 2},  {"91", 2},  {"92", 2},  {"93", 2},  {"94", 2},  {"95", 2},  {"96", 2},  {"97", 2},
      {"98", 2},  {"99", 2},  {"100", 2}, {"101", 2}, {"102", 2}, {"103", 4}, {"104", 2}, {"105", 2}, {"106", 2},
      {"107", 2}, {"108", 2}, {"109", 2}, {"110", 1}, {"111", 2}, {"112", 2}};
  EXPECT_EQ(Counts(Data().manifest), expected);
  EXPECT_EQ(Data().tile_58_count_unrestricted, 12);  // 2.4.4
  const BoardSummary summary = SummarizeBoard(Data());
  EXPECT_EQ(summary.tiles_by_colour.at(TileColour::kYellow), 120);
  EXPECT_EQ(summary.tiles_by_colour.at(TileColour::kGreen), 56);
  EXPECT_EQ(summary.tiles_by_colour.at(TileColour::kBrown), 16);
  EXPECT_EQ(summary.tiles_by_colour.at(TileColour::kGrey), 7);
  EXPECT_EQ(summary.tiles_total, 199);                  // 1.3: "199 Track Tiles"
  EXPECT_EQ(summary.tiles_total_unrestricted_58, 203);  // yellow 124 with twelve #58
}

TEST(Tiles, Mik1Kits) {
  const std::map<std::string, int> mik1 = {{"3", 4},  {"4", 4},  {"71", 1}, {"72", 2}, {"73", 3},  {"74", 2},
                                           {"75", 1}, {"76", 1}, {"77", 1}, {"78", 3}, {"79", 2},  {"113", 1}};
  const std::map<std::string, int> mik1_1 = {{"3", 2},  {"4", 2},  {"71", 1}, {"72", 1}, {"73", 2},
                                             {"75", 2}, {"76", 2}, {"78", 3}, {"113", 1}};
  EXPECT_EQ(Counts(Data().manifest_mik1), mik1);
  EXPECT_EQ(Counts(Data().manifest_mik1_1), mik1_1);
  int total = 0, total_1 = 0;
  for (const auto& [id, count] : mik1) total += count;
  for (const auto& [id, count] : mik1_1) total_1 += count;
  EXPECT_EQ(total, 25);
  EXPECT_EQ(total_1, 16);
}

TEST(Tiles, EveryTable8PromotionKeepsTrackAndGauge) {  // 4.2.4, 4.2.6, 4.2.8
  int checked = 0;
  for (const auto* map : {&Data().promotions, &Data().promotions_unrestricted_58}) {
    for (const auto& [from, targets] : *map) {
      for (const std::string& to : targets) {
        for (int rotation = 0; rotation < 6; ++rotation) {
          EXPECT_FALSE(KeepingRotations(Tile(from), rotation, Tile(to)).empty()) << from << " -> " << to << " at rotation " << rotation;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 150);
}

// TABLE 8 lists exactly the promotions the geometry allows: a tile of the next colour with the
// same label that keeps the track is listed, and no other is (except #58's restriction to green
// stations worth less than £30, which option 2.4.4 lifts).
TEST(Tiles, Table8IsExactlyWhatTheGeometryAllows) {
  for (const TileDef& from : Data().tiles) {
    for (const TileDef& to : Data().tiles) {
      if (to.preprinted || Next(from.colour) != to.colour || from.label != to.label) continue;
      const bool possible = !KeepingRotations(from, 0, to).empty();
      const bool listed = Listed(Data().promotions, from.id, to.id) || Listed(Data().promotions_unrestricted_58, from.id, to.id);
      EXPECT_EQ(possible, listed) << from.id << " -> " << to.id;
    }
  }
}

TEST(Tiles, TilesListedAsNotPromotableCannotBe) {  // TABLE 8: "Do not promote"
  for (const char* id : {"1", "2", "55", "56", "71", "102"}) {
    ASSERT_EQ(Data().promotions.count(id), 1u) << id;
    EXPECT_TRUE(Data().promotions.at(id).empty()) << id;
    for (const TileDef& to : Data().tiles) {
      if (Next(Tile(id).colour) != to.colour) continue;
      EXPECT_TRUE(KeepingRotations(Tile(id), 0, to).empty()) << id << " -> " << to.id;
    }
  }
}

TEST(Tiles, Tile58AndOption244) {
  EXPECT_EQ(Data().promotions.at("58"), (std::vector<std::string>{"87", "88", "90", "93", "94", "95"}));
  EXPECT_EQ(Data().promotions_unrestricted_58.at("58"), (std::vector<std::string>{"12", "13", "14", "15", "98", "99"}));
  for (const std::string& id : Data().promotions.at("58")) {
    EXPECT_LT(Tile(id).stations[0].revenue, 30) << id;  // TABLE 8 note
  }
  for (const std::string& id : Data().promotions_unrestricted_58.at("58")) EXPECT_EQ(Tile(id).stations[0].revenue, 30) << id;
}

TEST(Tiles, Tile69IsASingleTerminusLargeStation) {  // Appendix 3: 69 = 115
  for (const char* id : {"69", "113"}) {
    const TileDef& tile = Tile(id);
    ASSERT_EQ(tile.stations.size(), 1u);
    EXPECT_EQ(tile.stations[0].kind, StationKind::kLarge);
    EXPECT_EQ(tile.stations[0].revenue, 20);
    ASSERT_EQ(tile.paths.size(), 1u);
    EXPECT_EQ(tile.paths[0].gauge, std::string(id) == "69" ? Gauge::kBroad : Gauge::kMetre);
  }
}

TEST(Tiles, LargeCitiesArePreprintedWithSeparateTerminalStations) {  // 4.2.12
  const std::map<std::string, std::pair<size_t, std::string>> expected = {
      {"Bombay", {2, "BM"}}, {"Calcutta", {3, "CD"}}, {"Delhi", {3, "CD"}}, {"Madras", {2, "BM"}}};
  for (const auto& [id, shape] : expected) {
    const TileDef& tile = Tile(id);
    EXPECT_TRUE(tile.preprinted);
    EXPECT_EQ(tile.colour, TileColour::kGreen);
    EXPECT_EQ(tile.label, shape.second);
    ASSERT_EQ(tile.stations.size(), shape.first) << id;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      EXPECT_TRUE(tile.stations[s].terminal);
      EXPECT_EQ(testing::StationEdges(tile, 0, static_cast<int>(s)).size(), 1u);
    }
    for (const TilePath& path : tile.paths) EXPECT_EQ(path.gauge, Gauge::kDual) << id;
    EXPECT_EQ(Data().Hex(Data().cities[*Data().CityIndex(id)].hex)->preprinted->tile_id, id);
  }
}

TEST(Tiles, CalcuttaAndDelhiStaySeparateBombayAndMadrasRunThrough) {  // 4.2.12
  for (const char* id : {"104", "110"}) {
    for (const TileStation& station : Tile(id).stations) EXPECT_TRUE(station.terminal) << id;
  }
  for (const char* city : {"Calcutta", "Delhi"}) {
    const auto mapping = StationMapping(Tile(city), 0, Tile("104"), KeepingRotations(Tile(city), 0, Tile("104")).front());
    EXPECT_EQ(std::set<int>(mapping.begin(), mapping.end()).size(), mapping.size()) << city;  // still separate
  }
  for (const char* city : {"Bombay", "Madras"}) {
    const auto rotations = KeepingRotations(Tile(city), 0, Tile("105"));
    ASSERT_FALSE(rotations.empty()) << city;
    const auto mapping = StationMapping(Tile(city), 0, Tile("105"), rotations.front());
    EXPECT_EQ(mapping, (std::vector<int>{0, 0})) << city;  // one through station
    EXPECT_FALSE(Tile("105").stations[0].terminal);
    EXPECT_EQ(Tile("105").stations[0].token_slots, 3);
  }
  EXPECT_EQ(Data().promotions.at("Calcutta"), std::vector<std::string>{"104"});
  EXPECT_EQ(Data().promotions.at("Bombay"), std::vector<std::string>{"105"});
  EXPECT_EQ(Data().promotions.at("104"), std::vector<std::string>{"110"});
  EXPECT_EQ(Data().promotions.at("105"), std::vector<std::string>{"111"});
  EXPECT_EQ(Counts(Data().manifest).at("110"), 1);  // "only ONE grey CD tile"
  // A CD tile never goes on Bombay, nor a BM tile on Calcutta, nor a plain station tile on either.
  EXPECT_FALSE(Listed(Data().promotions, "Calcutta", "105"));
  EXPECT_FALSE(Listed(Data().promotions, "Bombay", "102"));
}

TEST(Tiles, BrownAndGreyTrackIsDualGauge) {  // 4.2.8
  for (const TileDef& tile : Data().tiles) {
    if (tile.colour != TileColour::kBrown && tile.colour != TileColour::kGrey) continue;
    for (const TilePath& path : tile.paths) EXPECT_EQ(path.gauge, Gauge::kDual) << tile.id;
  }
}

TEST(Tiles, Junctions) {  // 4.5.10 and 4.2.5
  for (const char* id : {"80", "81", "82", "83", "84", "85", "86"}) {
    ASSERT_EQ(Tile(id).junctions.size(), 1u) << id;
    EXPECT_EQ(Tile(id).junctions[0].kind, TileJunction::Kind::kConverging) << id;
    EXPECT_TRUE(Tile(id).stations.empty());
  }
  for (const char* id : {"106", "107", "108", "112"}) {
    ASSERT_EQ(Tile(id).junctions.size(), 1u) << id;
    EXPECT_EQ(Tile(id).junctions[0].kind, TileJunction::Kind::kHub) << id;
  }
  for (const char* id : {"84", "85", "86"}) EXPECT_EQ(Tile(id).paths[0].gauge, Gauge::kMetre) << id;
}

TEST(Tiles, PlainTilesNeverBecomeStations) {  // 4.2.5
  for (const auto& [from, targets] : Data().promotions) {
    for (const std::string& to : targets) EXPECT_EQ(Tile(from).stations.empty(), Tile(to).stations.empty()) << from << " -> " << to;
  }
  EXPECT_TRUE(KeepingRotations(Tile("8"), 0, Tile("87")).empty());
  EXPECT_TRUE(KeepingRotations(Tile("58"), 0, Tile("81")).empty());
}

TEST(Tiles, GaugeDecidesPromotions) {  // 4.2.6
  EXPECT_TRUE(KeepingRotations(Tile("7"), 0, Tile("84")).empty());   // broad to metre junction
  EXPECT_TRUE(KeepingRotations(Tile("77"), 0, Tile("80")).empty());  // metre to broad junction
  EXPECT_FALSE(KeepingRotations(Tile("77"), 0, Tile("84")).empty());
  EXPECT_TRUE(KeepingRotations(Tile("9"), 0, Tile("81")).empty());   // a straight has no place on 81
  EXPECT_FALSE(KeepingRotations(Tile("80"), 0, Tile("106")).empty());  // dual carries broad
  EXPECT_FALSE(KeepingRotations(Tile("84"), 0, Tile("106")).empty());  // and metre
}

TEST(Tiles, StationsWithSeveralTokenSpaces) {  // 4.5.7: "Tiles 14 and 105 are examples"
  EXPECT_EQ(Tile("14").stations[0].token_slots, 2);
  EXPECT_EQ(Tile("105").stations[0].token_slots, 3);
  for (const TileDef& tile : Data().tiles) {
    for (const TileStation& station : tile.stations) {
      EXPECT_EQ(station.token_slots > 0, station.kind == StationKind::kLarge) << tile.id;
    }
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853
