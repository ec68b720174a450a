// TABLE 3 to TABLE 6 and the single numbers of the rules.
#include <gtest/gtest.h>

#include "engine/titles/t1853/board_summary.h"
#include "tests/unit/board/board_test_data.h"

namespace mailrun::engine::t1853 {
namespace {

using testing::Data;
using testing::HexAt;

TEST(Tables, Table3PlayerRelatedShareData) {
  struct Row {
    int players, capital, share_limit, certificates, qualifying, min_bid, max_bid;
  };
  const Row rows[] = {{3, 730, 6, 21, 6, 4, 6}, {4, 570, 6, 16, 5, 3, 6}, {5, 570, 5, 13, 5, 3, 5}, {6, 510, 4, 11, 4, 3, 4}};
  ASSERT_EQ(Data().player_counts.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    const PlayerCountRules& rules = Data().player_counts[i];
    EXPECT_EQ(rules.players, rows[i].players);
    EXPECT_EQ(rules.starting_capital, rows[i].capital);
    EXPECT_EQ(rules.share_limit, rows[i].share_limit);
    EXPECT_EQ(rules.certificate_limit, rows[i].certificates);
    EXPECT_EQ(rules.qualifying_shares, rows[i].qualifying);
    EXPECT_EQ(rules.min_bid_cities, rows[i].min_bid);  // 2.5.2.6
    EXPECT_EQ(rules.max_bid_cities, rows[i].max_bid);
  }
}

TEST(Tables, SimplifiedGameAndBanks) {
  EXPECT_EQ(Data().simplified_starting_capital, 440);  // 2.4.1
  EXPECT_EQ(Data().simplified_game.starting_capital, 440);
  EXPECT_EQ(Data().simplified_game.qualifying_shares, 4);
  EXPECT_EQ(Data().simplified_game.share_limit, 5);
  EXPECT_EQ(Data().bank_sizes.at(mailrun::v1::BANK_FULL), 12500);     // 2.1
  EXPECT_EQ(Data().bank_sizes.at(mailrun::v1::BANK_STANDARD), 4500);  // 2.4.2
  EXPECT_EQ(Data().bank_sizes.at(mailrun::v1::BANK_SHORT), 3450);
  EXPECT_EQ(Data().bank_sizes.at(mailrun::v1::BANK_LONGER), 18500);   // 2.4.3
  EXPECT_EQ(Data().minimum_bond, 60);                                 // 2.5.2.2
}

TEST(Tables, Table4ConstructionCosts) {
  const std::pair<Terrain, TerrainCost> costs[] = {{Terrain::kRiver, {40, 30}},     {Terrain::kMultipleRiver, {60, 40}},
                                                   {Terrain::kHill, {80, 50}},      {Terrain::kMountain, {140, 70}},
                                                   {Terrain::kHimalaya, {240, 100}}};
  for (const auto& [terrain, cost] : costs) {
    EXPECT_EQ(Data().terrain_costs.at(terrain).broad, cost.broad);
    EXPECT_EQ(Data().terrain_costs.at(terrain).metre, cost.metre);
  }
  EXPECT_EQ(Data().ConstructionCost(HexAt("Nv"), Gauge::kBroad), 140 + 40);  // mountain and river
  EXPECT_EQ(Data().ConstructionCost(HexAt("Nv"), Gauge::kMetre), 70 + 30);
  EXPECT_EQ(Data().ConstructionCost(HexAt("Fn"), Gauge::kBroad), 0);
  EXPECT_EQ(HexAt("Nv").terrain, Terrain::kMountain);  // the most expensive feature first
}

TEST(Tables, Table5Trains) {
  struct Row {
    const char* name;
    Gauge gauge;
    int large_stations, price, count, with_minor, phase;
    std::optional<int> obsolete;
    bool starts_phase;
  };
  const Row rows[] = {{"2", Gauge::kBroad, 2, 300, 6, 7, 1, 3, false},   {"3", Gauge::kBroad, 3, 440, 5, 5, 2, 4, true},
                      {"4", Gauge::kBroad, 4, 620, 4, 4, 3, std::nullopt, true},
                      {"5", Gauge::kBroad, 5, 830, 3, 3, 4, std::nullopt, true},
                      {"6", Gauge::kBroad, 6, 1050, 2, 2, 4, std::nullopt, false},
                      {"1M", Gauge::kMetre, 1, 180, 0, 7, 1, 3, false},  {"2M", Gauge::kMetre, 2, 250, 2, 3, 2, 4, false},
                      {"3M", Gauge::kMetre, 3, 430, 3, 4, 3, std::nullopt, false},
                      {"4M", Gauge::kMetre, 4, 590, 2, 2, 4, std::nullopt, false}};
  ASSERT_EQ(Data().trains.size(), 9u);  // 1.3: nine types
  for (size_t i = 0; i < 9; ++i) {
    const TrainDef& train = Data().trains[i];
    EXPECT_EQ(train.name, rows[i].name);
    EXPECT_EQ(train.gauge, rows[i].gauge) << train.name;
    EXPECT_EQ(train.large_stations, rows[i].large_stations) << train.name;
    EXPECT_EQ(train.price, rows[i].price) << train.name;
    EXPECT_EQ(train.count, rows[i].count) << train.name;
    EXPECT_EQ(train.count_if_minor_formed, rows[i].with_minor) << train.name;
    EXPECT_EQ(train.phase_introduced, rows[i].phase) << train.name;
    EXPECT_EQ(train.rusts_in_phase, rows[i].obsolete) << train.name;
    EXPECT_EQ(train.starts_phase, rows[i].starts_phase) << train.name;
  }
  EXPECT_EQ(Data().trains[5].other_face_of, "2");  // 2.8.4: the seven '2' cards are dual-option
  EXPECT_EQ(SummarizeBoard(Data()).trains_total, 27);  // 1.3: "27 or more Trains"
  EXPECT_EQ(SummarizeBoard(Data()).trains_total_if_minor_formed, 30);  // one more '2', '2M' and '3M' (2.8.4)
}

TEST(Tables, Table6Phases) {
  ASSERT_EQ(Data().phases.size(), 4u);
  const char* starters[] = {"", "3", "4", "5"};
  const int limits[] = {4, 4, 3, 2};
  const int rounds[] = {1, 2, 3, 3};
  for (int i = 0; i < 4; ++i) {
    const PhaseDef& phase = Data().phases[i];
    EXPECT_EQ(phase.number, i + 1);
    EXPECT_EQ(phase.introduced_by, starters[i]);
    EXPECT_EQ(phase.train_limit, limits[i]);
    EXPECT_EQ(phase.railway_rounds, rounds[i]);
    EXPECT_EQ(phase.tile_colours.size(), static_cast<size_t>(i + 1));
    EXPECT_EQ(phase.tile_colours.back(), static_cast<TileColour>(i));
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853
