// Laying track and placing stations in 1947's operating rounds (6.4-6.11): the examples of the
// rules text (6.4.1, 6.4.3, 6.4.6, 6.7, 6.11.3) and the first operating round of the detailed
// example (8.0), each refusal by its message key, and the legal lays and stations listed.
#include <gtest/gtest.h>

#include <deque>
#include <map>

#include "engine/core/board/promotion.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/stations.h"
#include "engine/titles/t1947/rules/track.h"
#include "tests/unit/t1947/t1947_lay_helpers.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

std::string Refusal(const Result<LayOutcome>& r) { return r.ok() ? "accepted" : r.error().key; }
std::string Refusal(const Result<StationOutcome>& r) { return r.ok() ? "accepted" : r.error().key; }

// 8.0, the first operating round: BNR #57 and #9, ABR #6M and #8, PRC #6 and #8 (all free), BB&CI
// #6M and #57 (Rs.20 terrain) and a station on the #57 (Rs.40).
TEST(Section8, FirstOperatingRoundTrackAndStations) {
  Board1947 board = WithHome({"BNR", "ABR", "PRC", "BB&CI"});
  {
    TrackTurn turn;
    const auto bnr = Context("BNR");
    EXPECT_EQ(MustLay(&board, bnr, &turn, At("G20", "57", {"NE", "SW"})).cost, 0);  // Akola, through Nagpur's SW exit
    EXPECT_EQ(MustLay(&board, bnr, &turn, At("F21", "9", {"NE", "SW"})).cost, 0);
    EXPECT_EQ(Refusal(CheckLay(Data(), board, bnr, turn, At("E20", "9", {"N", "S"}))), "1947.refusal.track.two_tiles");
  }
  {
    TrackTurn turn;
    const auto abr = Context("ABR");
    EXPECT_EQ(MustLay(&board, abr, &turn, At("S14", "6M", {"SW", "N"})).cost, 0);
    EXPECT_EQ(MustLay(&board, abr, &turn, At("R15", "8", {"NE", "S"})).cost, 0);
  }
  {
    TrackTurn turn;
    const auto prc = Context("PRC");
    EXPECT_EQ(MustLay(&board, prc, &turn, At("I32", "6", {"NW", "S"})).cost, 0);
    EXPECT_EQ(MustLay(&board, prc, &turn, At("H31", "8", {"SE", "N"})).cost, 0);
  }
  TrackTurn turn;
  const auto bbci = Context("BB&CI");
  EXPECT_EQ(MustLay(&board, bbci, &turn, At("D21", "6M", {"SE", "N"})).cost, 0);
  EXPECT_EQ(MustLay(&board, bbci, &turn, At("E22", "57", {"NW", "SE"})).cost, 20);  // Poona (8.0: Rs.20)
  StationTurn stations;
  auto placed = PlaceStation(Data(), &board, R("BB&CI"), 1000, &stations, Hex("E22"));
  ASSERT_TRUE(placed.ok()) << placed.error().ToString();
  EXPECT_EQ(placed->cost, 40);
  EXPECT_FALSE(placed->stockbroker);
  EXPECT_EQ(Refusal(CheckStation(Data(), board, R("BB&CI"), 1000, stations, Hex("D21"))), "1947.refusal.station.one_per_or");
  EXPECT_EQ(board.board.supply.at("57"), 10);
  EXPECT_EQ(board.board.supply.at("6M"), 4);
  EXPECT_EQ(board.board.supply.at("8"), 27);
  EXPECT_EQ(board.board.supply.at("9"), 33);
}

// 6.4.1's example: the GIPR's #9 must extend the track from its #6M with the station.
TEST(Section6_4, ANewTileExtendsTheCompanysTrack) {
  Board1947 board = WithHome({"GIPR"});
  const auto gipr = Context("GIPR");
  TrackTurn turn;
  // Before its home has a tile the GIPR may lay only there.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("H9", "9", {"NW", "SE"}))), "1947.refusal.track.not_connected");
  MustLay(&board, gipr, &turn, At("G8", "6M", {"N", "SE"}));
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("H9", "9", {"N", "S"}))), "1947.refusal.track.not_connected");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("H9", "9", {"NW", "SE"}))), "accepted");
  // Other railways have no track there.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("EIR"), TrackTurn{}, At("H9", "9", {"NW", "SE"}))), "1947.refusal.track.not_connected");
  // 6.4.1: city tiles on cities only, yellow first, none off the map.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("H9", "6M", {"NW", "NE"}))), "1947.refusal.track.no_city_or_town");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("H9", "24", {"NW", "SE"}))), "1947.refusal.track.colour_not_yet");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, TrackTurn{}, At("G8", "9", {"NW", "SE"}))), "1947.refusal.track.not_an_upgrade");
  Board1947 pondicherry = WithHome({"PRC"});
  EXPECT_EQ(Refusal(CheckLay(Data(), pondicherry, Context("PRC"), TrackTurn{}, At("I32", "6", {"NE", "NW"}))), "1947.refusal.track.off_map");
  EXPECT_EQ(Refusal(CheckLay(Data(), pondicherry, Context("PRC"), TrackTurn{}, At("I32", "57M", {"N", "S"}))), "1947.refusal.track.other_zone");
  // Bombay's SW edge (a trading post) and NW edge (a dead end) take track (6.4.1, 6.9).
  Board1947 bombay = WithHome({"BB&CI"});
  EXPECT_EQ(Refusal(CheckLay(Data(), bombay, Context("BB&CI"), TrackTurn{}, At("D21", "6M", {"SW", "N"}))), "accepted");
  EXPECT_EQ(Refusal(CheckLay(Data(), bombay, Context("BB&CI"), TrackTurn{}, At("D21", "5M", {"NW", "SW"}))), "accepted");
}

// 6.4.3's example: the GIPR upgrades its #9 to a #24 that a route from its station can run onto.
TEST(Section6_4_3, AnUpgradeNeedsARouteOntoTheNewTrack) {
  Board1947 board = WithHome({"GIPR"});
  TrackTurn first;
  MustLay(&board, Context("GIPR"), &first, At("G8", "6M", {"N", "SE"}));
  MustLay(&board, Context("GIPR"), &first, At("H9", "9", {"NW", "SE"}));
  const auto gipr = Context("GIPR", 2);
  TrackTurn turn;
  // #24: a straight (0-3) and a curve from its end 0 (0-2). Turned by 2 the curve leaves the NW end,
  // where the line from Delhi arrives; turned by 5 it leaves the SE end, behind the line's end.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, TileLay{Hex("H9"), "24", 5})), "1947.refusal.track.new_track_not_reached");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, TileLay{Hex("H9"), "24", 0})), "1947.refusal.track.keep_old_track");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, TileLay{Hex("H9"), "25", 2})), "1947.refusal.track.not_an_upgrade");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("GIPR", 1), turn, TileLay{Hex("H9"), "24", 2})), "1947.refusal.track.colour_not_yet");
  const LayOutcome up = MustLay(&board, gipr, &turn, TileLay{Hex("H9"), "24", 2});
  EXPECT_TRUE(up.upgrade);
  EXPECT_EQ(up.cost, 0);
  EXPECT_EQ(board.board.supply.at("9"), 34);  // the #9 is back for re-use (6.4.3)
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, At("G8", "13M", {"N", "SE"}))), "1947.refusal.track.one_upgrade");
}

// 6.4 and 6.11.3: a tile laid in a tile action is upgraded only in a second one, which a worker buys.
TEST(Section6_11_3, ASecondTileActionMayUpgradeTheTileJustLaid) {
  Board1947 board = WithHome({"GIPR"});
  {
    TrackTurn turn;
    MustLay(&board, Context("GIPR"), &turn, At("G8", "6M", {"N", "SE"}));
  }
  const auto gipr = Context("GIPR", 2);
  TrackTurn turn;
  MustLay(&board, gipr, &turn, At("H9", "9", {"NW", "SE"}));
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, TileLay{Hex("H9"), "24", 2})), "1947.refusal.track.upgrade_just_laid");
  ASSERT_TRUE(BeginWorkerTileAction(Data(), board, R("GIPR"), &turn).ok());
  EXPECT_EQ(Refusal(CheckLay(Data(), board, gipr, turn, TileLay{Hex("H9"), "24", 2})), "accepted");
  EXPECT_EQ(BeginWorkerTileAction(Data(), board, R("GIPR"), &turn).error().key, "1947.refusal.track.one_worker_action");
}

// 6.11.3's example: a site first connected by the worker's tile action, with workers still on it,
// is not reached this OR; 6.10: the first railway there takes its workers, none reaches it twice.
TEST(Section6_11_3, ASiteConnectedByTheWorkersActionWaitsForTheNextOr) {
  Board1947 board = WithHome({"BB&CI"});
  TrackTurn turn;
  const auto bbci = Context("BB&CI", 1, 1000);
  MustLay(&board, bbci, &turn, At("D21", "57M", {"S", "N"}));
  ASSERT_TRUE(BeginWorkerTileAction(Data(), board, R("BB&CI"), &turn).ok());
  // D23 (mountain, Rs.80): the East Africa site is its SW edge.
  EXPECT_EQ(MustLay(&board, bbci, &turn, At("D23", "8", {"N", "SW"})).cost, 80);
  int east_africa = -1;
  for (size_t i = 0; i < Data().sites.size(); ++i) {
    if (Data().sites[i].name == "East Africa") east_africa = static_cast<int>(i);
  }
  ASSERT_GE(east_africa, 0);
  EXPECT_EQ(SitesConnected(Data(), board, R("BB&CI")), std::vector<int>{east_africa});
  EXPECT_FALSE(SiteReachableThisOr(Data(), board, turn, east_africa));
  EXPECT_TRUE(SiteReachableThisOr(Data(), board, TrackTurn{}, east_africa));  // the next OR
  // Bombay's trading post (SW) is not on the #6M's S-N line.
  EXPECT_TRUE(TradingPostsConnected(Data(), board, R("BB&CI")).empty());
  auto workers = ReachSite(Data(), &board, R("BB&CI"), east_africa);
  ASSERT_TRUE(workers.ok());
  EXPECT_EQ(*workers, 2);
  EXPECT_EQ(ReachSite(Data(), &board, R("BB&CI"), east_africa).error().key, "1947.refusal.site.reached_twice");
  EXPECT_EQ(*ReachSite(Data(), &board, R("WIPR"), east_africa), 0);  // the workers are gone
  // Once taken, a site connected by a worker's action counts at once (6.11.3).
  EXPECT_TRUE(SiteReachableThisOr(Data(), board, turn, east_africa));
}

// 6.4.6's example: the SIR upgrades Pondicherry's #57 to a #15 and lays a K on the town of Madras;
// after the first T5 it may lay an ordinary #9 there instead, and upgrade the K to a green #1.
TEST(Section6_4_6, TownsTakeTownTilesUntilTheFirstT5) {
  Board1947 board = WithHome({"SIR"});
  board.board.tiles.Set(Hex("I32"), PlacedTile{"57", Rotation("57", {"N", "S"})});
  --board.board.supply["57"];
  board.stations[R("SIR")].push_back(Base{Hex("I32"), 0});
  {
    Board1947 b = board;
    TrackTurn turn;
    const auto sir = Context("SIR", 3);
    MustLay(&b, sir, &turn, At("I32", "15", {"N", "S"}));
    EXPECT_EQ(Refusal(CheckLay(Data(), b, sir, turn, At("I30", "9", {"N", "S"}))), "1947.refusal.track.town_before_first_t5");
    EXPECT_EQ(Refusal(CheckLay(Data(), b, sir, turn, At("I30", "4716", {"N", "S"}))), "1947.refusal.track.edge_town_takes_k");
    // K's four exits turned away from Madras's border edges (NE, SE).
    MustLay(&b, sir, &turn, At("I30", "4715", {"N", "S", "SW", "NW"}));
    TrackTurn next;
    EXPECT_EQ(Refusal(CheckLay(Data(), b, sir, next, At("I30", "1", {"N", "S", "SW", "NW"}))), "1947.refusal.track.town_before_first_t5");
    // After the first T5 (phase 4) the K becomes a green #1; a brown tile would run into the border.
    const auto after_t5 = Context("SIR", 4);
    MustLay(&b, after_t5, &next, At("I30", "1", {"N", "S", "SW", "NW"}));
    TrackTurn later;
    EXPECT_EQ(Refusal(CheckLay(Data(), b, after_t5, later, TileLay{Hex("I30"), "63", 0})), "1947.refusal.track.off_map");
  }
  TrackTurn turn;
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("SIR", 4), turn, At("I30", "9", {"N", "S"}))), "accepted");
  // A K only on the map's edge: Raichur G26 is inland.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("SIR", 4), turn, At("G26", "4715", {"N", "S"}))), "1947.refusal.track.k_only_on_edge");
}

// 6.13.3: "if a Company lays or upgrades track tiles in the Dry Zone, the Company's revenue for that
// OR is reduced by 20%": city and town tiles too, though Appendix 1 says "non-city/town track"
// (docs/rulings.md, 1947 ruling 62). The SIR's yellow city tile on Madurai and a K on the town of
// Madras, both in the dry zone: each alone brings the cut in the dry season, neither in the monsoon.
TEST(Section6_13_3, TheSeasonCutCountsCityAndTownTiles) {
  Board1947 board = WithHome({"SIR"});
  board.board.tiles.Set(Hex("I32"), PlacedTile{"57", Rotation("57", {"N", "S"})});
  --board.board.supply["57"];
  board.stations[R("SIR")].push_back(Base{Hex("I32"), 0});
  for (const Zone season : {Zone::kDry, Zone::kMonsoon}) {
    SCOPED_TRACE(season == Zone::kDry ? "dry season" : "monsoon");
    const LayContext sir = Context("SIR", 1, 1000, season);
    const Result<LayOutcome> city = CheckLay(Data(), board, sir, TrackTurn{}, At("H35", "57", {"NE", "SW"}));
    ASSERT_TRUE(city.ok()) << city.error().ToString();
    EXPECT_EQ(city->season_reduction, season == Zone::kDry);
    const Result<LayOutcome> town = CheckLay(Data(), board, sir, TrackTurn{}, At("I30", "4715", {"N", "S", "SW", "NW"}));
    ASSERT_TRUE(town.ok()) << town.error().ToString();
    EXPECT_EQ(town->season_reduction, season == Zone::kDry);
  }
}

// 6.4.2: the Rs.20 on a green background is paid to upgrade a preprinted city (Jubbulpore); no
// credit (6.3); 6.5.1: preprinted cities upgraded from phase 2.
TEST(Section6_4_2, PreprintedCitiesCostTheirUpgradeAndNoCredit) {
  Board1947 board = WithHome({"EIR"});
  TrackTurn turn;
  const TileLay green = At("I16", "14", {"SW", "NE"});
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("EIR", 1), turn, green)), "1947.refusal.track.colour_not_yet");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("EIR", 2, 10), turn, green)), "1947.refusal.track.no_credit");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("EIR", 2), turn, TileLay{Hex("I16"), "14M", green.rotation})), "1947.refusal.track.not_an_upgrade");
  auto up = CheckLay(Data(), board, Context("EIR", 2, 20), turn, green);
  ASSERT_TRUE(up.ok()) << up.error().ToString();
  EXPECT_EQ(up->cost, 20);
  // A first tile pays the hex's terrain: H17 (hill, Rs.20), off Jubbulpore's SW exit.
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("EIR", 2, 0), turn, At("H17", "9", {"SW", "NE"}))), "1947.refusal.track.no_credit");
  auto hill = CheckLay(Data(), board, Context("EIR", 2, 20), turn, At("H17", "9", {"SW", "NE"}));
  ASSERT_TRUE(hill.ok()) << hill.error().ToString();
  EXPECT_EQ(hill->cost, 20);
  // 3.1: the P3 makes deserts free, not hills.
  LayContext with_p3 = Context("EIR", 2, 20);
  with_p3.free_terrain = {"desert"};
  EXPECT_EQ(CheckLay(Data(), board, with_p3, turn, At("H17", "9", {"SW", "NE"}))->cost, 20);
  with_p3.free_terrain = {"hill"};
  EXPECT_EQ(CheckLay(Data(), board, with_p3, turn, At("H17", "9", {"SW", "NE"}))->cost, 0);
}

// 6.4.5, 6.5: named tiles only on their cities, and those cities only their named tiles; Surat
// and Rajkot stop at green; 6.6: nothing on Cooch Behar, no track against its blank sides.
TEST(Section6_4_5, NamedTilesAndCoochBehar) {
  Board1947 board = WithHome({"BB&CI"});
  TrackTurn turn;
  MustLay(&board, Context("BB&CI"), &turn, At("D21", "6M", {"SE", "N"}));
  const auto bbci = Context("BB&CI", 2);
  TrackTurn up;
  EXPECT_EQ(Refusal(CheckLay(Data(), board, bbci, up, At("D21", "12M", {"SE", "N"}))), "1947.refusal.track.named_city_takes_its_tiles");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, bbci, up, At("D21", "Surat", {"SE", "N"}))), "1947.refusal.track.named_tile_elsewhere");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, bbci, up, TileLay{Hex("D21"), "Bombay green", 0})), "accepted");
  EXPECT_TRUE(Data().board.Rules("Surat")->upgrades.empty());
  EXPECT_TRUE(Data().board.Rules("Rajkot")->upgrades.empty());
  const HexCoord cooch = Data().board.cooch_behar.hex;
  EXPECT_EQ(Refusal(CheckLay(Data(), board, bbci, up, TileLay{cooch, "9", 0})), "1947.refusal.track.cooch_behar");
  // On this map its blank sides (N, NE, NW) face the border, so no tile can end against them. With
  // its S exit (to Dinajpur P13) taken away, a #9 there from the north would (from the first T5 a
  // town may take ordinary track, 6.4.6).
  T1947Data changed = Data();
  TileDef& grey = changed.board.data.tiles[changed.board.data.tile_index.at("Cooch Behar")];
  ASSERT_EQ(grey.paths.size(), 3u);
  grey.paths.erase(grey.paths.begin() + 1);
  const TileLay dinajpur = At("P13", "9", {"N", "S"});
  EXPECT_EQ(Refusal(CheckLay(changed, board, Context("BB&CI", 4), up, dinajpur)), "1947.refusal.track.grey_blank_side");
  EXPECT_EQ(Refusal(CheckLay(Data(), board, Context("BB&CI", 4), up, dinajpur)), "1947.refusal.track.not_connected");
}

// 6.13.3: a lay in the season's zone reduces the OR's revenue; elsewhere it does not.
TEST(Section6_13_3, LaysInTheSeasonsZoneAreReported) {
  Board1947 board = WithHome({"BB&CI"});
  TrackTurn turn;
  EXPECT_TRUE(MustLay(&board, Context("BB&CI", 1, 1000, Zone::kMonsoon), &turn, At("D21", "6M", {"SE", "N"})).season_reduction);
  EXPECT_FALSE(MustLay(&board, Context("BB&CI", 1, 1000, Zone::kMonsoon), &turn, At("E22", "57", {"NW", "SE"})).season_reduction);
  EXPECT_TRUE(turn.season_reduction);
  TrackTurn dry;
  Board1947 other = WithHome({"BB&CI"});
  EXPECT_FALSE(MustLay(&other, Context("BB&CI", 1, 1000, Zone::kDry), &dry, At("D21", "6M", {"SE", "N"})).season_reduction);
  EXPECT_FALSE(dry.season_reduction);
}

// The chain of tiles the GIPR runs on in 6.7's example: its station on Trichinopoly H33, north
// through H31 and the town of Cuddapah H29 to Proddatur H27, where the EIR has its station, and on
// to Hyderabad H25.
Board1947 ProddaturExample(const std::string& proddatur_tile) {
  Board1947 board = WithHome({"GIPR", "EIR"});
  board.board.tiles.Set(Hex("H33"), PlacedTile{"57", Rotation("57", {"N", "S"})});
  board.board.tiles.Set(Hex("H31"), PlacedTile{"9", Rotation("9", {"N", "S"})});
  board.board.tiles.Set(Hex("H29"), PlacedTile{"4716", Rotation("4716", {"N", "S"})});
  board.board.tiles.Set(Hex("H27"), PlacedTile{proddatur_tile, Rotation(proddatur_tile, {"N", "S"})});
  board.board.tiles.Set(Hex("H25"), PlacedTile{"57", Rotation("57", {"N", "S"})});
  board.stations[R("GIPR")].push_back(Base{Hex("H33"), 0});
  board.stations[R("EIR")].push_back(Base{Hex("H27"), 0});
  return board;
}

// 6.7's example: with the EIR's station filling Proddatur, the GIPR can place in neither
// Proddatur nor Hyderabad beyond it; with a free space in Proddatur, in both.
TEST(Section6_7, PlacingAStation) {
  const Board1947 full = ProddaturExample("57");
  const int gipr = R("GIPR");
  EXPECT_EQ(Refusal(CheckStation(Data(), full, gipr, 1000, StationTurn{}, Hex("H27"))), "1947.refusal.station.city_full");
  EXPECT_EQ(Refusal(CheckStation(Data(), full, gipr, 1000, StationTurn{}, Hex("H25"))), "1947.refusal.station.not_connected");
  EXPECT_TRUE(LegalStations(Data(), full, gipr, 1000, StationTurn{}).empty());
  const Board1947 open = ProddaturExample("14");
  EXPECT_EQ(LegalStations(Data(), open, gipr, 1000, StationTurn{}), (std::vector<HexCoord>{Hex("H25"), Hex("H27")}));
  auto cost = CheckStation(Data(), open, gipr, 1000, StationTurn{}, Hex("H25"));
  ASSERT_TRUE(cost.ok());
  EXPECT_EQ(cost->cost, 100);  // the GIPR's third station (charter: 0, 40, 100, 100)
  EXPECT_EQ(Refusal(CheckStation(Data(), open, gipr, 99, StationTurn{}, Hex("H25"))), "1947.refusal.station.no_credit");
  EXPECT_EQ(Refusal(CheckStation(Data(), open, gipr, 1000, StationTurn{}, Hex("H33"))), "1947.refusal.station.two_in_one_city");
  EXPECT_EQ(Refusal(CheckStation(Data(), open, gipr, 1000, StationTurn{}, Hex("H29"))), "1947.refusal.station.not_a_city_tile");
  // 6.11.2: a worker allows a second station this OR, the fourth and last (a stockbroker, 6.12.1).
  Board1947 b = open;
  StationTurn turn{0, true};
  ASSERT_TRUE(PlaceStation(Data(), &b, gipr, 1000, &turn, Hex("H27")).ok());
  auto last = PlaceStation(Data(), &b, gipr, 1000, &turn, Hex("H25"));
  ASSERT_TRUE(last.ok());
  EXPECT_TRUE(last->stockbroker);
  EXPECT_EQ(Refusal(CheckStation(Data(), b, gipr, 1000, StationTurn{}, Hex("H25"))), "1947.refusal.station.none_left");
  EXPECT_EQ(Refusal(CheckStation(Data(), b, R("SIR"), 1000, StationTurn{}, Hex("H25"))), "1947.refusal.station.home_first");
}

// 6.7.2: a home city of a railway that has not operated keeps a space for it.
TEST(Section6_7, AHomeCityKeepsASpaceForItsRailway) {
  Board1947 board = WithHome({"BNR"});
  board.board.tiles.Set(Hex("I18"), PlacedTile{"7", 1});
  board.board.tiles.Set(Hex("H17"), PlacedTile{"7", 4});
  EXPECT_EQ(Refusal(CheckStation(Data(), board, R("BNR"), 1000, StationTurn{}, Hex("I16"))), "1947.refusal.station.home_reserved");
  ASSERT_TRUE(PlaceHomeStation(Data(), &board, R("EIR")).ok());
  EXPECT_EQ(PlaceHomeStation(Data(), &board, R("EIR")).error().key, "1947.refusal.station.home_already_placed");
  EXPECT_EQ(Refusal(CheckStation(Data(), board, R("BNR"), 1000, StationTurn{}, Hex("I16"))), "1947.refusal.station.city_full");
}

// The yellow tile joining two exits `gap` apart on `hex`: a city tile on a city (of its zone),
// plain track elsewhere.
std::string LineTile(HexCoord hex, int gap) {
  const HexDef* def = Data().board.data.Hex(hex);
  if (!def->city) return std::to_string(gap == 1 ? 7 : gap == 2 ? 8 : 9);
  const bool monsoon = Data().MapHex(hex)->monsoon;
  return std::to_string(gap == 1 ? 5 : gap == 2 ? 6 : 57) + (monsoon ? "M" : "");
}

// Lays the tiles of a shortest line of hexes from `from` to `to` straight onto the board (plain
// track, town hexes as after the first T5, city tiles on cities), for positions the rules text
// describes only in words.
void LayLine(Board1947* board, HexCoord from, HexCoord to) {
  std::map<HexCoord, HexCoord> back;
  std::deque<HexCoord> queue{from};
  back[from] = from;
  while (!queue.empty() && !back.count(to)) {
    const HexCoord h = queue.front();
    queue.pop_front();
    for (int e = 0; e < 6; ++e) {
      const HexCoord n = Neighbour(h, e);
      if (Data().board.data.Hex(n) && !back.count(n) && !(n == Data().board.cooch_behar.hex)) {
        back[n] = h;
        queue.push_back(n);
      }
    }
  }
  ASSERT_TRUE(back.count(to));
  std::vector<HexCoord> line{to};
  while (!(line.back() == from)) line.push_back(back[line.back()]);
  std::reverse(line.begin(), line.end());
  auto edge_to = [](HexCoord a, HexCoord b) {
    for (int e = 0; e < 6; ++e) {
      if (Neighbour(a, e) == b) return e;
    }
    return -1;
  };
  for (size_t i = 0; i < line.size(); ++i) {
    std::vector<int> edges;
    if (i > 0) edges.push_back(edge_to(line[i], line[i - 1]));
    if (i + 1 < line.size()) edges.push_back(edge_to(line[i], line[i + 1]));
    const int gap = edges.size() < 2 ? 3 : std::min((edges[1] - edges[0] + 6) % 6, (edges[0] - edges[1] + 6) % 6);
    const std::string tile = LineTile(line[i], gap);
    if (Data().board.data.Hex(line[i])->preprinted) continue;
    int rotation = 0;
    const TileDef* def = Data().board.data.Tile(tile);
    for (int r = 0; r < 6; ++r) {
      std::set<int> exits_of;
      for (const TilePath& p : def->paths) {
        for (const PathEnd& end : {p.a, p.b}) {
          if (end.kind == PathEnd::Kind::kEdge) exits_of.insert(BoardEdge(end.index, r));
        }
      }
      if (std::all_of(edges.begin(), edges.end(), [&](int e) { return exits_of.count(e) > 0; })) rotation = r;
    }
    board->board.tiles.Set(line[i], PlacedTile{tile, rotation});
  }
}

// 6.8: the SIR's home Madurai H35 joined to its temple hex J25; a city full of another railway's
// stations on the way breaks the connection.
TEST(Section6_8, ATempleIsConnectedByARouteNotBlockedByOthersStations) {
  Board1947 board = WithHome({"SIR"});
  EXPECT_FALSE(TempleConnected(Data(), board, R("SIR")));
  LayLine(&board, Hex("H35"), Hex("J25"));
  EXPECT_TRUE(TempleConnected(Data(), board, R("SIR")));
  EXPECT_TRUE(ConnectTemple(Data(), &board, R("SIR")));
  EXPECT_FALSE(ConnectTemple(Data(), &board, R("SIR")));  // once only (6.8.2)
  // Another railway's station on a one-space city of the line blocks it.
  Board1947 blocked = WithHome({"SIR"});
  LayLine(&blocked, Hex("H35"), Hex("J25"));
  for (const auto& [hex, placed] : blocked.board.tiles) {
    const TileDef* tile = Data().board.data.Tile(placed.tile);
    if (!(hex == Hex("H35")) && !(hex == Hex("J25")) && !tile->stations.empty() && tile->stations[0].token_slots == 1) {
      blocked.stations[R("PRC")].push_back(Base{hex, 0});
      break;
    }
  }
  ASSERT_FALSE(blocked.stations[R("PRC")].empty()) << "the line passes no city";
  EXPECT_FALSE(TempleConnected(Data(), blocked, R("SIR")));
}

// Every lay LegalLays lists is accepted, and the lays of 8.0 are among them.
TEST(LegalLays, ListsExactlyTheLaysTheRulesAccept) {
  Board1947 board = WithHome({"BB&CI"});
  const auto bbci = Context("BB&CI");
  TrackTurn turn;
  auto lays = LegalLays(Data(), board, bbci, turn);
  ASSERT_FALSE(lays.empty());
  for (const TileLay& lay : lays) {
    EXPECT_EQ(lay.hex, Hex("D21"));  // only its home before it has track
    EXPECT_EQ(Data().board.data.Tile(lay.tile)->colour, TileColour::kYellow);
  }
  const TileLay home = At("D21", "6M", {"SE", "N"});
  EXPECT_NE(std::find(lays.begin(), lays.end(), home), lays.end());
  MustLay(&board, bbci, &turn, home);
  lays = LegalLays(Data(), board, bbci, turn);
  EXPECT_NE(std::find(lays.begin(), lays.end(), At("E22", "57", {"NW", "SE"})), lays.end());
  for (const TileLay& lay : lays) {
    Board1947 copy = board;
    TrackTurn t = turn;
    EXPECT_TRUE(Lay(Data(), &copy, bbci, &t, lay).ok()) << HexName1947(lay.hex) << " " << lay.tile;
  }
  // Phase 2: upgrades join the list; an exhausted tile leaves it.
  TrackTurn next;
  lays = LegalLays(Data(), board, Context("BB&CI", 2), next);
  EXPECT_NE(std::find(lays.begin(), lays.end(), TileLay{Hex("D21"), "Bombay green", 0}), lays.end());
  board.board.supply["Bombay green"] = 0;
  lays = LegalLays(Data(), board, Context("BB&CI", 2), next);
  for (const TileLay& lay : lays) EXPECT_NE(lay.tile, "Bombay green");
}

}  // namespace
}  // namespace mailrun::engine::t1947
