// GetComponents against the real mailrun-game: 1853 Retuned's components as data, checked against
// the rules text where it prints the figures (TABLE 4's costs, Appendix 4's Lj at 40 + 80, TABLE 1's
// EIR home in Calcutta, 4.1.15's frontier posts) and against the engine's data for the rest
// (every hex, every tile design); the content hash is the SHA-256 of the answer, the same on every
// call, and a known hash is answered "unchanged"; 1947 and unknown titles are refused.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "engine/titles/t1853/edition/edition_data.h"
#include "services/game/components_catalog.h"
#include "tests/integration/game_service/game_harness.h"

namespace mailrun::game::testing {
namespace {

using mailrun::v1::GetComponentsRequest;
using mailrun::v1::GetComponentsResponse;

class Components : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_components"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  static grpc::Status Get(mailrun::v1::Title title, mailrun::v1::Edition edition, const std::string& known_hash,
                          GetComponentsResponse* response) {
    GetComponentsRequest request;
    request.set_title(title);
    request.set_edition(edition);
    request.set_known_hash(known_hash);
    return harness_->Call(&GameStub::GetComponents, GameHarness::AccessToken("components-user"), request, response);
  }
  static GameHarness* harness_;
};
GameHarness* Components::harness_ = nullptr;

const mailrun::v1::BoardHex* FindHex(const mailrun::v1::Components& c, const std::string& name) {
  for (const auto& hex : c.hexes()) {
    if (hex.hex() == name) return &hex;
  }
  return nullptr;
}

TEST_F(Components, Retuned1853IsTheRulesBoardWithAHashToCacheBy) {
  GetComponentsResponse got;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_UNSPECIFIED, "", &got).ok());
  const auto& c = got.components();
  EXPECT_EQ(c.title(), mailrun::v1::TITLE_1853);
  EXPECT_EQ(c.edition(), mailrun::v1::EDITION_RETUNED);
  EXPECT_EQ(c.name(), "1853 Retuned");
  EXPECT_FALSE(got.unchanged());

  // TABLE 4, figure by figure (broad, metre).
  const std::map<mailrun::v1::Terrain, std::pair<int, int>> table4 = {
      {mailrun::v1::TERRAIN_RIVER, {40, 30}},   {mailrun::v1::TERRAIN_MULTIPLE_RIVER, {60, 40}},
      {mailrun::v1::TERRAIN_HILL, {80, 50}},    {mailrun::v1::TERRAIN_MOUNTAIN, {140, 70}},
      {mailrun::v1::TERRAIN_HIMALAYA, {240, 100}}};
  ASSERT_EQ(c.terrain_costs_size(), 5);
  for (const auto& cost : c.terrain_costs()) {
    ASSERT_TRUE(table4.contains(cost.terrain()));
    EXPECT_EQ(cost.broad(), table4.at(cost.terrain()).first) << cost.terrain();
    EXPECT_EQ(cost.metre(), table4.at(cost.terrain()).second) << cost.terrain();
  }
  // Appendix 4: Lj, hill and river, costs 40 + 80 for broad gauge.
  const auto* lj = FindHex(c, "Lj");
  ASSERT_NE(lj, nullptr);
  EXPECT_EQ(lj->cost_broad(), 120);
  EXPECT_EQ(lj->terrain_size(), 2);
  // Cities, and TABLE 1: the EIR's home is Calcutta.
  const auto* delhi = FindHex(c, "Fn");
  ASSERT_NE(delhi, nullptr);
  EXPECT_EQ(delhi->city(), "Delhi");
  EXPECT_TRUE(delhi->has_preprinted());
  ASSERT_GE(c.companies_size(), 8);
  EXPECT_EQ(c.companies(0).initials(), "EIR");
  ASSERT_GT(c.companies(0).homes_size(), 0);
  const auto* home = FindHex(c, c.companies(0).homes(0).hex());
  ASSERT_NE(home, nullptr);
  EXPECT_EQ(home->city(), "Calcutta");
  EXPECT_FALSE(c.companies(0).colour().empty());
  // 4.1.15: frontier posts with the values printed, "(40)" among them.
  int frontier_40 = 0;
  for (const auto& hex : c.hexes()) frontier_40 += hex.frontier_value() == 40;
  EXPECT_GT(frontier_40, 0);

  // The rest equals the engine's data: every cell, every tile design with its paths and stations.
  const auto data = mailrun::engine::t1853::LoadEdition(mailrun::v1::EDITION_RETUNED);
  ASSERT_TRUE(data.ok());
  EXPECT_EQ(c.hexes_size(), static_cast<int>((*data)->hexes.size()));
  ASSERT_EQ(c.tiles_size(), static_cast<int>((*data)->tiles.size()));
  for (int i = 0; i < c.tiles_size(); ++i) {
    const auto& tile = (*data)->tiles[static_cast<size_t>(i)];
    EXPECT_EQ(c.tiles(i).id(), tile.id);
    EXPECT_EQ(c.tiles(i).paths_size(), static_cast<int>(tile.paths.size())) << tile.id;
    EXPECT_EQ(c.tiles(i).stations_size(), static_cast<int>(tile.stations.size())) << tile.id;
  }
  EXPECT_EQ(c.share_prices_size(), static_cast<int>((*data)->SharePrices().size()));
  EXPECT_EQ(c.trains_size(), static_cast<int>((*data)->trains.size()));
  EXPECT_EQ(c.phases_size(), static_cast<int>((*data)->phases.size()));

  // The hash: SHA-256 of the components, the same on another call; a current one is "unchanged".
  EXPECT_EQ(got.content_hash(), ComponentsHash(c));
  EXPECT_EQ(got.content_hash().rfind("sha256:", 0), 0u);
  GetComponentsResponse again;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED, "", &again).ok());
  EXPECT_EQ(again.content_hash(), got.content_hash());
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(again.components(), c));
  GetComponentsResponse cached;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED, got.content_hash(), &cached).ok());
  EXPECT_TRUE(cached.unchanged());
  EXPECT_FALSE(cached.has_components());
  EXPECT_EQ(cached.content_hash(), got.content_hash());
  GetComponentsResponse stale;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED, "sha256:" + std::string(64, 'a'), &stale)
                  .ok());
  EXPECT_FALSE(stale.unchanged());
  EXPECT_EQ(stale.components().hexes_size(), c.hexes_size());
}

TEST_F(Components, RefusesWhatItCannotServe) {
  GetComponentsResponse response;
  const grpc::Status title1947 = Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, "", &response);
  EXPECT_EQ(title1947.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(title1947);
  EXPECT_EQ(Get(static_cast<mailrun::v1::Title>(99), mailrun::v1::EDITION_UNSPECIFIED, "", &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Get(mailrun::v1::TITLE_1853, static_cast<mailrun::v1::Edition>(99), "", &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  const grpc::Status bad_hash = Get(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED, "md5:0", &response);
  EXPECT_EQ(bad_hash.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(bad_hash.error_message().find("known_hash"), std::string::npos);
  GetComponentsRequest request;
  EXPECT_EQ(harness_->Call(&GameStub::GetComponents, "", request, &response).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace mailrun::game::testing
