// The 1947 board as the core's data: the grid's mapping of 1947 hex names and edges to the core's,
// the loader (map.json, tiles.json, manifest.json -> BoardData) with its refusals, and the core's
// TrackNetwork on a few laid 1947 tiles.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "engine/core/board/promotion.h"
#include "engine/core/track/track_network.h"
#include "engine/titles/t1947/board_svg.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "tests/testing/svg_boxes.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

int Edge(std::string_view name) { return ParseEdge1947(name).value_or(-1); }

std::string BoardError(const std::string& file, const std::string& from, const std::string& to) {
  auto files = DataFiles();
  const size_t at = files[file].find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) files[file].replace(at, from.size(), to);
  auto parsed = ParseT1947Data(files);
  EXPECT_FALSE(parsed.ok()) << file << ": " << to;
  return parsed.ok() ? "" : parsed.error().message;
}

TEST(BoardGrid, NamesAndNeighboursAreThoseOfTheFlatToppedMap) {
  // Surat D19 is due north of Bombay D21; neighbouring columns are one row number apart.
  EXPECT_EQ(Neighbour(Hex("D21"), Edge("N")), Hex("D19"));
  EXPECT_EQ(Neighbour(Hex("D21"), Edge("S")), Hex("D23"));
  EXPECT_EQ(Neighbour(Hex("H19"), Edge("NE")), Hex("I18"));
  EXPECT_EQ(Neighbour(Hex("H19"), Edge("SE")), Hex("I20"));
  EXPECT_EQ(Neighbour(Hex("H19"), Edge("SW")), Hex("G20"));
  EXPECT_EQ(Neighbour(Hex("H19"), Edge("NW")), Hex("G18"));
  for (int e = 0; e < 6; ++e) {
    EXPECT_EQ(Neighbour(Neighbour(Hex("K24"), e), OppositeEdge(e)), Hex("K24"));
    EXPECT_EQ(Edge1947(CoreEdge(e)), e);
    EXPECT_EQ(Edge(EdgeName1947(e)), e);
  }
  // Clockwise stays clockwise: the 1947 edges S, SW, NW, N, NE, SE are consecutive core edges.
  EXPECT_EQ(Edge("SW"), (Edge("S") + 1) % 6);
  EXPECT_EQ(Edge("S"), (Edge("SE") + 1) % 6);
  EXPECT_EQ(HexName1947(Hex("U8")), "U8");
  EXPECT_EQ(HexName1947(Hex("A14")), "A14");
  EXPECT_FALSE(ParseHex1947("D20"));  // letter index + row must be odd
  EXPECT_FALSE(ParseHex1947("W1"));
  EXPECT_FALSE(ParseHex1947("D0"));
  EXPECT_FALSE(ParseHex1947("D"));
  EXPECT_FALSE(ParseHex1947("d21"));
  EXPECT_FALSE(ParseEdge1947("E"));
}

TEST(BoardData, TheMapAndTilesAsCoreData) {
  const T1947Board& b = Data().board;
  EXPECT_EQ(b.data.hexes.size(), 164u);
  EXPECT_EQ(b.cities.size(), 53u);
  const HexDef* bombay = b.data.Hex(Hex("D21"));
  ASSERT_NE(bombay, nullptr);
  ASSERT_TRUE(bombay->city.has_value());
  EXPECT_EQ(b.cities[*bombay->city], "Bombay");
  EXPECT_EQ(Data().MapHex(Hex("D21"))->name, "D21");
  EXPECT_EQ(Data().MapHex(Hex("A14"))->town, "Bhuj");
  EXPECT_EQ(Data().MapHex(HexCoord{0, 1}), nullptr);
  EXPECT_FALSE(bombay->edge_blocked[Edge("SW")]);  // its trading post (6.9)
  EXPECT_FALSE(bombay->edge_blocked[Edge("NW")]);  // a dead end (6.4.1)
  EXPECT_FALSE(bombay->edge_blocked[Edge("N")]);   // Surat
  const HexDef* hubli = b.data.Hex(Hex("E28"));
  ASSERT_NE(hubli, nullptr);
  EXPECT_FALSE(hubli->edge_blocked[Edge("SW")]);
  // Poona E22: a hill (Rs.20, 8.0).
  EXPECT_EQ(b.data.Hex(Hex("E22"))->terrain, Terrain::kHill);
  EXPECT_EQ(b.data.Hex(Hex("A14"))->towns, 1);  // Bhuj
  // Persia is the NW edge of B11; B11's other edges off the map are closed.
  const HexDef* b11 = b.data.Hex(Hex("B11"));
  EXPECT_FALSE(b11->edge_blocked[Edge("NW")]);
  EXPECT_TRUE(b11->edge_blocked[Edge("N")]);
  EXPECT_EQ(b.expatriation_sites.size(), 11u);
  // Preprinted Nagpur: a straight yellow city SW-NE (6.5.1).
  const HexDef* nagpur = b.data.Hex(Hex("H19"));
  ASSERT_TRUE(nagpur->preprinted.has_value());
  const TileDef* nagpur_tile = b.data.Tile(nagpur->preprinted->tile_id);
  ASSERT_NE(nagpur_tile, nullptr);
  EXPECT_TRUE(nagpur_tile->preprinted);
  EXPECT_EQ(nagpur_tile->paths[0].a, (PathEnd{PathEnd::Kind::kEdge, Edge("SW")}));
  EXPECT_EQ(nagpur_tile->paths[1].a, (PathEnd{PathEnd::Kind::kEdge, Edge("NE")}));
  // Cooch Behar P11 (6.6): grey, exits SW, S, SE, no station spaces.
  EXPECT_EQ(b.cooch_behar.hex, Hex("P11"));
  EXPECT_EQ(b.cooch_behar.revenue, 20);
  EXPECT_EQ(b.cooch_behar.revenue_from_t5, 30);
  EXPECT_EQ(b.cooch_behar.revenue_from_t8, 40);
  const TileDef* cooch = b.data.Tile("Cooch Behar");
  ASSERT_NE(cooch, nullptr);
  EXPECT_EQ(cooch->colour, TileColour::kGrey);
  EXPECT_EQ(cooch->paths.size(), 3u);
  EXPECT_EQ(cooch->stations[0].token_slots, 0);
  // Tiles: zones, counts and upgrades (Appendix 4).
  EXPECT_EQ(b.Rules("57")->zone, Zone::kDry);
  EXPECT_EQ(b.Rules("6M")->zone, Zone::kMonsoon);
  EXPECT_EQ(b.Rules("9")->zone, Zone::kAny);
  EXPECT_EQ(b.Rules("9")->count, 34);
  EXPECT_EQ(b.Rules("8")->count, 29);
  EXPECT_EQ(b.Rules("4715")->upgrades, (std::vector<std::string>{"15", "1", "15M", "1M"}));
  EXPECT_EQ(b.data.Tile("4715")->stations[0].kind, StationKind::kSmall);
  EXPECT_EQ(b.data.Tile("63")->stations[0].token_slots, 2);
  const BoardState start = b.InitialState();
  int tiles = 0;
  for (const auto& [id, n] : start.supply) tiles += n;
  EXPECT_EQ(tiles, 270);
  EXPECT_FALSE(start.supply.count("Nagpur yellow"));
  // Several lines leave one edge of 1947's tiles: #8 (0-2) becomes #29 (0-2, 0-1), which becomes
  // #39 (0-1, 0-2, 1-2), keeping every line; #29 cannot become #40 (0-2, 2-4, 0-4).
  EXPECT_FALSE(KeepingRotations(*b.data.Tile("8"), 0, *b.data.Tile("29")).empty());
  EXPECT_FALSE(KeepingRotations(*b.data.Tile("29"), 3, *b.data.Tile("39")).empty());
  EXPECT_TRUE(KeepingRotations(*b.data.Tile("29"), 3, *b.data.Tile("40")).empty());
  // The K town becomes a green #1 keeping its four lines (6.4.6).
  EXPECT_FALSE(KeepingRotations(*b.data.Tile("4715"), 2, *b.data.Tile("1")).empty());
}

TEST(BoardData, RefusesBadTilesNamingFileTileAndProblem) {
  EXPECT_EQ(BoardError("tiles.json", "\"id\": \"7\", \"colour\": \"yellow\", \"paths\": [\"0-1\"]",
                       "\"id\": \"7\", \"colour\": \"yellow\", \"paths\": [\"0-7\"]"),
            "t1947/tiles.json: tile \"7\": path \"0-7\": \"7\" is not a path end (an edge 0-5 or a station s0..)");
  EXPECT_EQ(BoardError("tiles.json", "\"paths\": [\"0-s0\", \"1-s0\"]}", "\"paths\": [\"0-s1\", \"1-s0\"]}"),
            "t1947/tiles.json: tile \"5\": path \"0-s1\": the tile has no station s1 (it has 1)");
  EXPECT_EQ(BoardError("tiles.json", "{\"kind\": \"city\", \"revenue\": 20, \"tokens\": 1}], \"paths\": [\"0-s0\", \"1-s0\"]}",
                       "{\"kind\": \"village\", \"revenue\": 20, \"tokens\": 1}], \"paths\": [\"0-s0\", \"1-s0\"]}"),
            "t1947/tiles.json: tile \"5\": station s0: field \"kind\": \"village\" is not a station kind (city, town)");
  EXPECT_EQ(BoardError("tiles.json", "\"id\": \"7\", \"colour\": \"yellow\",", "\"id\": \"7\", \"colour\": \"yellow\", \"zone\": \"dry\","),
            "t1947/tiles.json: tile \"7\": field \"zone\": only city tiles belong to a climate zone (6.4)");
  EXPECT_EQ(BoardError("tiles.json", "\"id\": \"8\", \"colour\": \"yellow\", \"paths\": [\"0-2\"]",
                       "\"id\": \"8\", \"colour\": \"yellow\", \"paths\": [\"0-2\", \"2-0\"]"),
            "t1947/tiles.json: tile \"8\": a path is listed twice");
  EXPECT_EQ(BoardError("tiles.json", "{\"id\": \"9\",", "{\"id\": \"8\","), "t1947/tiles.json: tile \"8\": field \"id\": listed twice");
}

TEST(BoardData, RefusesBadCountsAndUpgrades) {
  // #7 (a sharp curve) cannot become #19 (two straights) keeping its track (6.4.3).
  EXPECT_EQ(BoardError("manifest.json", "\"7\": [\"26\"", "\"7\": [\"19\""),
            "t1947/manifest.json: upgrades of \"7\": tile \"19\" cannot replace it and keep its track (6.4.3)");
  EXPECT_EQ(BoardError("manifest.json", "\"12\": [\"63\"]", "\"12\": [\"259\"]"),
            "t1947/manifest.json: upgrades of \"12\": tile \"259\" is not the next colour (6.4.3)");
  EXPECT_EQ(BoardError("manifest.json", "\"12\": [\"63\"]", "\"12\": [\"63X\"]"),
            "t1947/manifest.json: upgrades of \"12\": no tile \"63X\" in tiles.json");
  EXPECT_EQ(BoardError("manifest.json", "\"counts\": {", "\"counts\": {\"Nagpur yellow\": 1, "),
            "t1947/manifest.json: count of \"Nagpur yellow\": a preprinted city is printed on the map, not in the supply (6.5.1)");
  EXPECT_EQ(BoardError("manifest.json", "\"counts\": {", "\"counts\": {\"4799\": 1, "),
            "t1947/manifest.json: count of \"4799\": no tile \"4799\" in tiles.json");
}

TEST(BoardData, RefusesBadPreprintedCities) {
  EXPECT_EQ(BoardError("map.json", "\"preprinted\": {\"tile\": \"Nagpur yellow\", \"rotation\": 0}",
                       "\"preprinted\": {\"tile\": \"Lucknow yellow\", \"rotation\": 0}"),
            "t1947/map.json: hex \"H19\": preprinted: field \"tile\": the tile is for the other climate zone (6.4)");
  EXPECT_EQ(BoardError("map.json", "\"preprinted\": {\"tile\": \"Nagpur yellow\", \"rotation\": 0}",
                       "\"preprinted\": {\"tile\": \"57\", \"rotation\": 0}"),
            "t1947/map.json: hex \"H19\": preprinted: field \"tile\": no preprinted tile \"57\" in tiles.json");
  EXPECT_EQ(BoardError("map.json", "\"preprinted\": {\"tile\": \"Nagpur yellow\", \"rotation\": 0}",
                       "\"preprinted\": {\"tile\": \"Nagpur yellow\", \"rotation\": 6}"),
            "t1947/map.json: hex \"H19\": preprinted: field \"rotation\": must be 0 to 5");
  EXPECT_EQ(BoardError("map.json", "\"exits\": [\"SW\", \"S\", \"SE\"]", "\"exits\": [\"SW\", \"S\", \"E\"]"),
            "t1947/map.json: hex \"P11\": grey: field \"exits\": no edge E (N, NE, SE, S, SW, NW)");
}

// Nagpur H19 (the BNR's home) to Jubbulpore I16: NE out of Nagpur into I18, a sharp curve to its
// NW edge, into H17 at its SE edge, a sharp curve to its NE edge, into Jubbulpore's SW edge.
TEST(BoardTrack, TheCoreTrackNetworkJoinsTwoCitiesOverLaid1947Tiles) {
  const T1947Board& b = Data().board;
  BoardState board = b.InitialState();
  const int bnr = Data().RailwayIndex("BNR");
  BasesByCompany bases(Data().railways.size());
  bases[bnr].push_back(Base{Hex("H19"), 0});
  TrackPosition position{board, bases};
  {
    const TrackNetwork network(b.data, board);
    const CompanyReach reach = network.Reach(position, bnr);
    EXPECT_FALSE(reach.ReachesStation(Hex("I16"), 0));
    // The railheads: I18 across Nagpur's NE edge and G20 across its SW edge.
    std::set<HexCoord> heads;
    for (const Railhead& r : reach.railheads) heads.insert(r.hex);
    EXPECT_EQ(heads, (std::set<HexCoord>{Hex("I18"), Hex("G20")}));
  }
  // #7 is 0-1 (S-SW): turned by 1 it joins SW and NW; by 4 it joins NE and SE.
  board.tiles.Set(Hex("I18"), PlacedTile{"7", 1});
  {
    const TrackNetwork network(b.data, board);
    const CompanyReach reach = network.Reach(position, bnr);
    EXPECT_TRUE(reach.ReachesHex(Hex("I18")));
    EXPECT_FALSE(reach.ReachesStation(Hex("I16"), 0));
  }
  board.tiles.Set(Hex("H17"), PlacedTile{"7", 4});
  const TrackNetwork network(b.data, board);
  const CompanyReach reach = network.Reach(position, bnr);
  EXPECT_TRUE(reach.ReachesStation(Hex("I16"), 0));  // Jubbulpore
  EXPECT_TRUE(reach.ReachesStation(Hex("H19"), 0));
  ASSERT_GE(network.StationNode(Hex("I16"), 0), 0);
  EXPECT_EQ(network.nodes()[network.StationNode(Hex("I16"), 0)].station->revenue, 20);
  // Turned the other way, H17's curve points N-NW and no longer reaches Jubbulpore.
  board.tiles.Set(Hex("H17"), PlacedTile{"7", 2});
  const TrackNetwork wrong(b.data, board);
  EXPECT_FALSE(wrong.Reach(position, bnr).ReachesStation(Hex("I16"), 0));
}

// The board picture with an overlay: a laid tile's track and number, a station with its railway's
// initials, no text over another; bad overlays refused.
TEST(BoardPicture, DrawsLaidTilesAndStations) {
  BoardOverlay overlay;
  overlay.tiles.push_back(LaidTile{Hex("E22"), "57", 2});
  overlay.tiles.push_back(LaidTile{Hex("D21"), "6M", 3});
  overlay.tiles.push_back(LaidTile{Hex("H17"), "7", 4});
  overlay.tiles.push_back(LaidTile{Hex("I18"), "7", 1});
  overlay.tokens.push_back(PlacedToken{Hex("D21"), 0, "BB&CI"});
  overlay.tokens.push_back(PlacedToken{Hex("E22"), 0, "BB&CI"});
  auto svg = DrawBoard1947(Data(), overlay);
  ASSERT_TRUE(svg.ok()) << svg.error().ToString();
  const std::string plain = DrawBoard1947(Data());
  EXPECT_NE(svg->find(">#57<"), std::string::npos);
  EXPECT_EQ(plain.find(">#57<"), std::string::npos);
  EXPECT_NE(svg->find("BB&amp;CI</text>"), std::string::npos);
  EXPECT_GT(svg->size(), plain.size());
  // No text covers another or a station (issue 22; widths estimated, tests/testing/svg_boxes.h).
  const auto overlaps = mailrun::testing::SvgOverlaps(*svg);
  EXPECT_TRUE(overlaps.empty()) << ::testing::PrintToString(overlaps);
  if (const char* out = std::getenv("MAILRUN_T1947_OVERLAY_SVG")) std::ofstream(out) << *svg;  // to look at it
  overlay.tokens[0].hex = Hex("F21");  // no tile there
  EXPECT_EQ(DrawBoard1947(Data(), overlay).error().key, "1947.refusal.board.no_city_station");
  // 6.7: a home station on its printed city before any tile is there (the ABR at Sylhet, the
  // position of every railway's first operating turn).
  overlay.tokens = {PlacedToken{Hex("S14"), 0, "ABR"}};
  const auto home = DrawBoard1947(Data(), overlay);
  ASSERT_TRUE(home.ok()) << home.error().ToString();
  const auto count = [](const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count(*home, ">ABR</text>"), count(plain, ">ABR</text>") + 1) << "the station's initials beside the home's";
  EXPECT_EQ(count(*home, "#fff3b0"), 1u) << "one filled station space";
  overlay.tokens = {PlacedToken{Hex("S14"), 1, "ABR"}};
  EXPECT_EQ(DrawBoard1947(Data(), overlay).error().key, "1947.refusal.board.no_city_station");
  overlay.tokens.clear();
  overlay.tiles[0].tile_id = "58";
  EXPECT_EQ(DrawBoard1947(Data(), overlay).error().key, "1947.refusal.board.no_such_tile");
  overlay.tiles[0] = LaidTile{HexCoord{0, 1}, "57", 0};
  EXPECT_EQ(DrawBoard1947(Data(), overlay).error().key, "1947.refusal.board.no_such_hex");
}

}  // namespace
}  // namespace mailrun::engine::t1947
