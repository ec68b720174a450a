// GetComponents against the real mailrun-game: 1853 Retuned's components as data, checked against
// the rules text where it prints the figures (TABLE 4's costs, Appendix 4's Lj at 40 + 80, TABLE 1's
// EIR home in Calcutta, 4.1.15's frontier posts) and against the engine's data for the rest
// (every hex, every tile design); the content hash is the SHA-256 of the answer, the same on every
// call, and a known hash is answered "unchanged". 1947's components checked against the engine's
// own 1947 data: every hex, every tile design, the market grid, the railways, privates, trains,
// phases and expatriation sites, and what is a reconstruction. Every edition of every title is
// served; unknown titles and editions are refused.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "engine/titles/registry.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/edition/embedded_files.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
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
  // 1947 has one edition: 1853's are not 1947's.
  const grpc::Status title1947 = Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_RETUNED, "", &response);
  EXPECT_EQ(title1947.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(title1947);
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

// Nothing that exists is refused: every edition of every title the engine has.
TEST_F(Components, ServesEveryEditionOfEveryTitle) {
  int served = 0;
  for (const mailrun::engine::Title* title : mailrun::engine::Titles()) {
    for (const auto& edition : title->editions()) {
      if (!edition.playable) continue;
      GetComponentsResponse got;
      const grpc::Status status = Get(title->id(), edition.edition, "", &got);
      ASSERT_TRUE(status.ok()) << edition.name << ": " << Describe(status);
      EXPECT_EQ(got.components().title(), title->id()) << edition.name;
      EXPECT_EQ(got.components().name(), edition.name);
      EXPECT_GT(got.components().hexes_size(), 0) << edition.name;
      ++served;
    }
  }
  EXPECT_GE(served, 3) << "1853 Retuned, 1853 (2009) and 1947";
}

std::string EdgeList1947(const google::protobuf::RepeatedField<int32_t>& edges) {
  std::string out;
  for (const int edge : edges) out += mailrun::engine::t1947::EdgeName1947(edge) + " ";
  return out;
}

std::string JoinedWords(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& name : names) out += name + " ";
  return out;
}

TEST_F(Components, Map1947IsTheEnginesDataHexByHex) {
  namespace t = mailrun::engine::t1947;
  GetComponentsResponse got;
  const grpc::Status status = Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, "", &got);
  ASSERT_TRUE(status.ok()) << Describe(status);
  const auto& c = got.components();
  const auto data = t::Data1947();
  ASSERT_TRUE(data.ok());
  const t::T1947Data& d = **data;
  EXPECT_EQ(c.title(), mailrun::v1::TITLE_1947);
  EXPECT_EQ(c.name(), "1947");
  EXPECT_TRUE(c.board_reconstructed());
  EXPECT_EQ(c.layout(), mailrun::v1::BOARD_LAYOUT_FLAT_COLUMNS_TURNED);
  EXPECT_EQ(c.game_1947().map_summary(), d.map_summary);

  // Every hex of map.json, once, at its place, with what is printed on it.
  ASSERT_EQ(c.hexes_size(), static_cast<int>(d.hexes.size()));
  std::map<std::string, const mailrun::v1::BoardHex*> cells;
  for (const auto& cell : c.hexes()) EXPECT_TRUE(cells.emplace(cell.hex(), &cell).second) << cell.hex() << " twice";
  std::map<std::string, std::vector<std::string>> temples;
  for (const auto& r : d.railways) temples[r.temple].push_back(r.initials);
  const std::map<std::string, mailrun::v1::Terrain> terrain = {
      {"hill", mailrun::v1::TERRAIN_HILL}, {"mountain", mailrun::v1::TERRAIN_MOUNTAIN}, {"river", mailrun::v1::TERRAIN_RIVER},
      {"swamp", mailrun::v1::TERRAIN_SWAMP}, {"desert", mailrun::v1::TERRAIN_DESERT}};
  for (const t::HexDef1947& h : d.hexes) {
    ASSERT_TRUE(cells.contains(h.name)) << h.name;
    const auto& cell = *cells.at(h.name);
    // BoardLayout: row 0 is column V, col is the row number.
    EXPECT_EQ(cell.row(), t::kLastColumn - h.column) << h.name;
    EXPECT_EQ(cell.col(), h.row) << h.name;
    EXPECT_TRUE(cell.playable()) << h.name;
    EXPECT_EQ(cell.city(), h.city) << h.name;
    EXPECT_EQ(cell.town(), h.town) << h.name;
    EXPECT_EQ(cell.towns(), h.town.empty() ? 0 : 1) << h.name;
    EXPECT_EQ(cell.label(), h.label) << h.name;
    EXPECT_EQ(cell.cost(), h.cost) << h.name;
    EXPECT_EQ(cell.upgrade_cost(), h.upgrade_cost) << h.name;
    EXPECT_EQ(cell.zone(), h.monsoon ? mailrun::v1::ZONE_MONSOON : mailrun::v1::ZONE_DRY) << h.name;
    if (h.terrain.empty()) {
      EXPECT_EQ(cell.terrain_size(), 0) << h.name;
    } else {
      ASSERT_EQ(cell.terrain_size(), 1) << h.name;
      EXPECT_EQ(cell.terrain(0), terrain.at(h.terrain)) << h.name;
    }
    EXPECT_EQ(cell.preprinted().tile(), h.grey ? "Cooch Behar" : h.preprinted) << h.name;
    EXPECT_EQ(EdgeList1947(cell.trading_post_edges()), JoinedWords(h.trading_posts)) << h.name;
    EXPECT_EQ(EdgeList1947(cell.dead_end_edges()), JoinedWords(h.dead_ends)) << h.name;
    EXPECT_EQ(std::vector<std::string>(cell.temple_of().begin(), cell.temple_of().end()), temples[h.name]) << h.name;
    const mailrun::engine::HexDef* core = d.board.data.Hex(*t::ParseHex1947(h.name));
    ASSERT_NE(core, nullptr) << h.name;
    for (int edge = 0; edge < 6; ++edge) {
      const bool blocked = std::find(cell.blocked_edges().begin(), cell.blocked_edges().end(), edge) != cell.blocked_edges().end();
      EXPECT_EQ(blocked, core->edge_blocked[static_cast<size_t>(edge)]) << h.name << " edge " << edge;
    }
  }
  // The hexes the text names are not reconstructions; the others are (map.json "reconstruction").
  EXPECT_FALSE(cells.at("D21")->reconstructed()) << "Bombay is named by the text";
  EXPECT_FALSE(cells.at("P17")->reconstructed()) << "Calcutta is named by the text";
  EXPECT_TRUE(cells.at("A14")->reconstructed()) << "Bhuj is not";
  int named = 0;
  for (const auto& cell : c.hexes()) named += !cell.reconstructed();
  EXPECT_EQ(named, 24);
  // Cooch Behar (6.6), and the 11 expatriation sites (6.10) with their worker boxes.
  EXPECT_EQ(c.game_1947().cooch_behar().hex(), "P11");
  EXPECT_EQ(c.game_1947().cooch_behar().revenue(), d.board.cooch_behar.revenue);
  EXPECT_EQ(c.game_1947().cooch_behar().revenue_from_t8(), d.board.cooch_behar.revenue_from_t8);
  ASSERT_EQ(c.game_1947().sites_size(), static_cast<int>(d.sites.size()));
  ASSERT_EQ(d.sites.size(), 11u);
  for (size_t i = 0; i < d.sites.size(); ++i) {
    const auto& site = c.game_1947().sites(static_cast<int>(i));
    EXPECT_EQ(site.name(), d.sites[i].name);
    EXPECT_EQ(site.hex(), d.sites[i].hex);
    EXPECT_EQ(t::EdgeName1947(site.edge()), d.sites[i].edge) << site.name();
    EXPECT_EQ(site.workers(), d.sites[i].workers) << site.name();
  }
  // The cities by name.
  int city_hexes = 0;
  for (const auto& h : d.hexes) city_hexes += !h.city.empty();
  EXPECT_EQ(c.cities_size(), city_hexes);
}

TEST_F(Components, Tiles1947AreTheEnginesDesignsWithTheirTrack) {
  namespace t = mailrun::engine::t1947;
  GetComponentsResponse got;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, "", &got).ok());
  const auto& c = got.components();
  const t::T1947Data& d = **t::Data1947();
  ASSERT_EQ(c.tiles_size(), static_cast<int>(d.board.data.tiles.size()));
  std::map<std::string, int> supply;
  for (const auto& count : c.tile_supply()) supply[count.tile()] = count.count();
  int total = 0;
  for (int i = 0; i < c.tiles_size(); ++i) {
    const auto& design = c.tiles(i);
    const mailrun::engine::TileDef& tile = d.board.data.tiles[static_cast<size_t>(i)];
    const t::TileRules& rules = *d.board.Rules(tile.id);
    EXPECT_EQ(design.id(), tile.id);
    EXPECT_EQ(design.label(), tile.label) << tile.id;
    EXPECT_EQ(design.preprinted(), tile.preprinted) << tile.id;
    EXPECT_TRUE(design.reconstructed()) << tile.id << ": Appendix 4's pictures are lost";
    EXPECT_EQ(design.zone(), rules.zone == t::Zone::kDry       ? mailrun::v1::ZONE_DRY
                             : rules.zone == t::Zone::kMonsoon ? mailrun::v1::ZONE_MONSOON
                                                               : mailrun::v1::ZONE_UNSPECIFIED) << tile.id;
    EXPECT_EQ(std::vector<std::string>(design.upgrades_to().begin(), design.upgrades_to().end()), rules.upgrades) << tile.id;
    EXPECT_EQ(supply[tile.id], rules.count) << tile.id;
    total += supply[tile.id];
    ASSERT_EQ(design.stations_size(), static_cast<int>(tile.stations.size())) << tile.id;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      const auto& station = design.stations(static_cast<int>(s));
      EXPECT_EQ(station.large(), tile.stations[s].kind == mailrun::engine::StationKind::kLarge) << tile.id;
      EXPECT_EQ(station.revenue(), tile.stations[s].revenue) << tile.id;
      EXPECT_EQ(station.token_slots(), tile.stations[s].token_slots) << tile.id;
    }
    ASSERT_EQ(design.paths_size(), static_cast<int>(tile.paths.size())) << tile.id;
    for (size_t p = 0; p < tile.paths.size(); ++p) {
      const auto& path = design.paths(static_cast<int>(p));
      EXPECT_EQ(path.a().index(), tile.paths[p].a.index) << tile.id;
      EXPECT_EQ(path.b().index(), tile.paths[p].b.index) << tile.id;
      EXPECT_EQ(path.a().kind() == mailrun::v1::PathEnd::KIND_EDGE, tile.paths[p].a.kind == mailrun::engine::PathEnd::Kind::kEdge) << tile.id;
      EXPECT_EQ(path.b().kind() == mailrun::v1::PathEnd::KIND_EDGE, tile.paths[p].b.kind == mailrun::engine::PathEnd::Kind::kEdge) << tile.id;
    }
  }
  EXPECT_EQ(total, 270) << "1.4: 270 tiles";
  // tiles.json's #57: yellow, a city joined to opposite edges (0 S and 3 N), in the grid's numbering.
  for (const auto& design : c.tiles()) {
    if (design.id() != "57") continue;
    ASSERT_EQ(design.paths_size(), 2);
    EXPECT_EQ(design.paths(0).a().index(), t::CoreEdge(0));
    EXPECT_EQ(design.paths(1).a().index(), t::CoreEdge(3));
    EXPECT_EQ(design.paths(0).b().kind(), mailrun::v1::PathEnd::KIND_STATION);
  }
}

TEST_F(Components, Market1947IsTheGridWithItsRedLineAndParBands) {
  namespace t = mailrun::engine::t1947;
  GetComponentsResponse got;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, "", &got).ok());
  const auto& c = got.components();
  const t::T1947Data& d = **t::Data1947();
  const auto& grid = c.market_grid();
  EXPECT_TRUE(grid.reconstructed());
  EXPECT_EQ(grid.end_value(), d.market.end_value);
  ASSERT_EQ(grid.rows_size(), static_cast<int>(d.market.rows.size()));
  for (size_t r = 0; r < d.market.rows.size(); ++r) {
    const auto& row = grid.rows(static_cast<int>(r));
    EXPECT_EQ(std::vector<int>(row.prices().begin(), row.prices().end()), d.market.rows[r]) << "row " << r;
    EXPECT_EQ(row.left_of_red_line(), d.market.red_line[r]) << "row " << r;
  }
  // 5.11.1's example: the top row's red line after 176.
  EXPECT_EQ(grid.rows(0).prices(grid.rows(0).left_of_red_line() - 1), 176);
  ASSERT_EQ(grid.par_bands_size(), static_cast<int>(d.market.par.size()));
  for (const auto& band : grid.par_bands()) {
    ASSERT_TRUE(d.market.par.contains(band.band())) << band.band();
    const auto& cells = d.market.par.at(band.band());
    ASSERT_EQ(band.spaces_size(), static_cast<int>(cells.size())) << band.band();
    for (size_t i = 0; i < cells.size(); ++i) {
      EXPECT_EQ(band.spaces(static_cast<int>(i)).row(), cells[i].row) << band.band();
      EXPECT_EQ(band.spaces(static_cast<int>(i)).column(), cells[i].column) << band.band();
    }
  }
  EXPECT_TRUE(c.share_prices().empty()) << "1947's market is a grid, not 1853's track";

  // The railways: homes, temples, colours and the charters' boxes.
  ASSERT_EQ(c.companies_size(), static_cast<int>(d.railways.size()));
  for (size_t i = 0; i < d.railways.size(); ++i) {
    const auto& card = c.companies(static_cast<int>(i));
    const auto& r = d.railways[i];
    EXPECT_EQ(card.initials(), r.initials);
    ASSERT_EQ(card.homes_size(), 1) << r.initials;
    EXPECT_EQ(card.homes(0).hex(), r.home);
    EXPECT_EQ(card.temple(), r.temple);
    EXPECT_EQ(card.president_percent(), r.president_percent) << r.initials;
    EXPECT_EQ(std::vector<int>(card.station_costs().begin(), card.station_costs().end()), r.station_costs) << r.initials;
    EXPECT_EQ(card.tokens(), static_cast<int>(r.station_costs.size())) << r.initials;
    EXPECT_EQ(card.colour().size(), 7u) << r.initials << ": " << card.colour();
  }
  const auto rules = t::RevenueRules1947();
  ASSERT_TRUE(rules.ok());
  ASSERT_EQ(c.game_1947().charter_track_size(), static_cast<int>((*rules)->expatriation_track.size()));
  EXPECT_EQ(c.game_1947().charter_track(0).cash(), (*rules)->expatriation_track[0].cash);
  // Privates, trains and phases.
  ASSERT_EQ(c.privates_size(), static_cast<int>(d.privates.size()));
  EXPECT_EQ(c.privates(0).name(), d.privates[0].name);
  ASSERT_EQ(c.trains_size(), static_cast<int>(d.trains.size()));
  for (size_t i = 0; i < d.trains.size(); ++i) {
    EXPECT_EQ(c.trains(static_cast<int>(i)).name(), d.trains[i].name);
    EXPECT_EQ(c.trains(static_cast<int>(i)).stops(), d.trains[i].stops);
    EXPECT_EQ(c.trains(static_cast<int>(i)).price(), d.trains[i].price);
    EXPECT_EQ(c.trains(static_cast<int>(i)).obsolete_in_phase(), d.trains[i].rusts_in_phase.value_or(0));
  }
  ASSERT_EQ(c.phases_size(), static_cast<int>(d.phases.size()));
  for (size_t i = 0; i < d.phases.size(); ++i) {
    EXPECT_EQ(c.phases(static_cast<int>(i)).par_band(), d.phases[i].par_band);
    EXPECT_EQ(c.phases(static_cast<int>(i)).railway_rounds(), d.phases[i].ors);
    EXPECT_EQ(c.phases(static_cast<int>(i)).train_limit(), d.phases[i].train_limit);
  }
  // What is a reconstruction, item by item.
  std::set<std::string> items;
  for (const auto& r : c.reconstructions()) {
    items.insert(r.item());
    EXPECT_FALSE(r.note().empty()) << r.item();
  }
  for (const std::string item : {"map", "tiles", "tile_counts", "market", "charter_stations", "expatriation_track"}) {
    EXPECT_TRUE(items.contains(item)) << item;
  }
  // A hash to cache by, as for 1853.
  EXPECT_EQ(got.content_hash(), ComponentsHash(c));
  GetComponentsResponse cached;
  ASSERT_TRUE(Get(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, got.content_hash(), &cached).ok());
  EXPECT_TRUE(cached.unchanged());
}

}  // namespace
}  // namespace mailrun::game::testing
