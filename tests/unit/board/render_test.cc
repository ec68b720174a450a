// The board picture: what it shows, game state drawn over it, and refusals of a bad overlay.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "engine/titles/t1853/board_svg.h"
#include "engine/titles/t1853/components.h"
#include "tests/unit/board/board_test_data.h"

namespace mailrun::engine::t1853 {
namespace {

using testing::Data;

int Count(const std::string& text, const std::string& part) {
  int count = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++count;
  return count;
}

// The text element closing of `text`: "><text></text>".
std::string TextOf(const std::string& text) {
  std::string element = ">";
  element.append(text);
  element.append("</text>");
  return element;
}

std::string Render(const BoardOverlay& overlay) {
  auto svg = RenderBoardSvg(Data(), overlay);
  if (!svg.ok()) {
    ADD_FAILURE() << svg.error().message;
  }
  return svg.ok() ? *svg : std::string();
}

TEST(Render, DrawsEveryHexCityAndFeature) {
  const std::string svg = Render({});
  ASSERT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  for (const HexDef& hex : Data().hexes) {
    if (hex.playable) {
      EXPECT_NE(svg.find(TextOf(HexName(hex.coord))), std::string::npos) << HexName(hex.coord);
    }
  }
  for (const CityDef& city : Data().cities) EXPECT_NE(svg.find(TextOf(city.name)), std::string::npos) << city.name;
  // Delhi: bid value and shares, on two lines between its stations (issue 22: one line would
  // run into the station on its right).
  EXPECT_NE(svg.find(">£40</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1 2 3 5</text>"), std::string::npos);
  EXPECT_NE(svg.find(">£40 · 2 5 6</text>"), std::string::npos);  // Bombay: on one line
  EXPECT_NE(svg.find(">£120/80</text>"), std::string::npos);         // Lj: hill and river
  EXPECT_NE(svg.find(">£60/40</text>"), std::string::npos);          // multiple rivers
  EXPECT_EQ(Count(svg, ">200</text>"), 2);                            // the two frontier posts of 200
  for (const CompanyDef& company : Data().companies) EXPECT_GE(Count(svg, TextOf(company.initials)), 1) << company.initials;
  EXPECT_EQ(Count(svg, ">CD</text>"), 3);  // Calcutta and Delhi, and the legend's key
  EXPECT_EQ(Count(svg, ">BM</text>"), 3);  // Bombay and Madras, and the legend's key
  // One polygon per playable hex and margin cell at least; no hex is drawn twice over.
  int margins = 0;
  for (const HexDef& hex : Data().hexes) margins += (hex.outside == HexDef::Outside::kDarkGrey || hex.outside == HexDef::Outside::kDarkGreen);
  EXPECT_GE(Count(svg, "<polygon"), 170 + margins);
}

// 4.2.12: the legend keys the labels of the reserved tiles; 4.1.11: it lists buff edges only on a
// board that has them (the 2009 board has none).
TEST(Render, TheLegendKeysReservedTilesAndOnlyTheEdgesTheBoardHas) {
  const std::string retuned = Render({});
  EXPECT_NE(retuned.find(">CD tiles: only for Calcutta or Delhi (4.2.12)</text>"), std::string::npos);
  EXPECT_NE(retuned.find(">BM tiles: only for Bombay or Madras (4.2.12)</text>"), std::string::npos);
  EXPECT_NE(retuned.find("buff edge: track may run off the board"), std::string::npos);
  const auto lookout = LoadEdition(mailrun::v1::EDITION_LOOKOUT_2009);
  ASSERT_TRUE(lookout.ok()) << lookout.error().message;
  const auto svg = RenderBoardSvg(**lookout, {});
  ASSERT_TRUE(svg.ok()) << svg.error().message;
  EXPECT_EQ(svg->find("buff edge"), std::string::npos);
  EXPECT_EQ(svg->find("#c48a1c"), std::string::npos) << "a buff edge drawn on the 2009 board";
  EXPECT_NE(svg->find(">CD tiles: only for Calcutta or Delhi (4.2.12)</text>"), std::string::npos);
  EXPECT_NE(svg->find(">BM tiles: only for Bombay or Madras (4.2.12)</text>"), std::string::npos);
}

// 4.1.15: a frontier post pays once; once paid its marker is gone.
TEST(Render, APaidFrontierPostLosesItsMarker) {
  BoardOverlay overlay;
  overlay.frontier_paid = {testing::HexAt("Ce").coord};
  const std::string svg = Render(overlay);
  EXPECT_EQ(Count(svg, ">200</text>"), 1) << "Ce's 200 is paid; Db's is not";
  EXPECT_EQ(Count(svg, ">100</text>"), Count(Render({}), ">100</text>"));
}

// 4.5: the companies' last runs are drawn along their nodes, over the track; a run through a hex the
// board lacks is refused.
TEST(Render, DrawsTheLastRuns) {
  BoardOverlay overlay;
  overlay.tiles = {{*ParseHexName("Iaa"), "58", 5}};
  overlay.runs = {{"EIR", {"Iy.s0", "Iy/Iaa", "Iaa.s0"}}};
  const std::string svg = Render(overlay);
  EXPECT_EQ(Count(svg, "<!-- last run of the EIR -->"), 1);
  EXPECT_EQ(Render({}).find("last run of"), std::string::npos);
  overlay.runs = {{"EIR", {"Iy.s0", "Zz/Zy"}}};
  const auto refused = RenderBoardSvg(Data(), overlay);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("Zz/Zy"), std::string::npos) << refused.error().message;
}

// What GetComponents serves is enough to draw the board: the data read back from an edition's
// components draws the picture the edition's own data draws, for both editions.
TEST(Render, TheServedComponentsDrawTheSamePicture) {
  BoardOverlay overlay;
  overlay.tiles = {{*ParseHexName("Iaa"), "58", 5}};
  overlay.tokens = {{testing::City("Calcutta").hex, 0, "EIR"}};
  overlay.frontier_paid = {testing::HexAt("Ce").coord};
  overlay.runs = {{"EIR", {"Iy.s0", "Iy/Iaa", "Iaa.s0"}}};
  for (const auto edition : {mailrun::v1::EDITION_RETUNED, mailrun::v1::EDITION_LOOKOUT_2009}) {
    const EditionData& data = **LoadEdition(edition);
    const auto read_back = EditionDataFromComponents(EditionComponents(data, "1853"));
    ASSERT_TRUE(read_back.ok()) << read_back.error().message;
    const auto original = RenderBoardSvg(data, overlay);
    const auto served = RenderBoardSvg(*read_back, overlay);
    ASSERT_TRUE(original.ok()) << original.error().message;
    ASSERT_TRUE(served.ok()) << served.error().message;
    EXPECT_EQ(*served, *original) << mailrun::v1::Edition_Name(edition);
  }
  // Components of another title, or whose parts do not fit together, are refused by name.
  mailrun::v1::Components other = EditionComponents(Data(), "1853");
  other.set_title(mailrun::v1::TITLE_1947);
  EXPECT_FALSE(EditionDataFromComponents(other).ok());
  mailrun::v1::Components broken = EditionComponents(Data(), "1853");
  broken.mutable_tiles(0)->mutable_paths(0)->mutable_a()->set_kind(mailrun::v1::PathEnd::KIND_STATION);
  broken.mutable_tiles(0)->mutable_paths(0)->mutable_a()->set_index(9);
  const auto refused = EditionDataFromComponents(broken);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("tile " + broken.tiles(0).id()), std::string::npos) << refused.error().message;
}

TEST(Render, DrawsLaidTilesAndTokens) {
  BoardOverlay overlay;
  overlay.tiles = {{*ParseHexName("Iaa"), "58", 5}, {*ParseHexName("Tp"), "76", 4}, {*ParseHexName("Jab"), "104", 0},
                   {*ParseHexName("Ht"), "99", 0}};
  overlay.tokens = {{*ParseHexName("Tp"), 0, "SIR"}, {*ParseHexName("Jab"), 2, "EIR"}, {*ParseHexName("Ht"), 0, "GIP"},
                    {*ParseHexName("Ht"), 0, "EIR"}};
  const std::string plain = Render({});
  const std::string svg = Render(overlay);
  EXPECT_NE(svg.find(">58</text>"), std::string::npos);
  EXPECT_NE(svg.find(">104</text>"), std::string::npos);
  EXPECT_NE(svg.find(">70</text>"), std::string::npos);  // the brown CD revenue replaces Calcutta's 50
  EXPECT_GT(Count(svg, "stroke-dasharray=\"6.44 4.14\""), Count(plain, "stroke-dasharray=\"6.44 4.14\""));  // metre track of #76
  EXPECT_GT(Count(svg, ">EIR</text>"), Count(plain, ">EIR</text>"));  // a second EIR token, in Allahabad
  EXPECT_EQ(Count(plain, ">£20 · 7</text>"), 1);  // Trichinopoly's bid value and share, on the bare map
  EXPECT_EQ(Count(svg, ">£20 · 7</text>"), 0);    // under a laid tile only its name
  EXPECT_EQ(Count(svg, TextOf("Trichinopoly")), 1);
}

TEST(Render, ShadesACompanyArea) {
  BoardOverlay overlay;
  overlay.highlight_area = "EIR";
  const std::string svg = Render(overlay);
  EXPECT_NE(svg.find("shaded: EIR area (TABLE 2)"), std::string::npos);
  int inside = 0;
  for (const HexDef& hex : Data().hexes) inside += hex.playable && Data().Company("EIR")->area.Contains(hex.coord);
  EXPECT_EQ(Count(svg, fmt::format("fill=\"{}\" stroke=\"none\"", Data().Company("EIR")->colour)), inside);
}

TEST(Render, RefusesABadOverlay) {
  auto refused = [](const BoardOverlay& overlay, const std::string& part) {
    auto svg = RenderBoardSvg(Data(), overlay);
    ASSERT_FALSE(svg.ok()) << part;
    EXPECT_EQ(svg.error().kind, ErrorKind::kMalformed);
    EXPECT_NE(svg.error().message.find(part), std::string::npos) << svg.error().message;
  };
  BoardOverlay overlay;
  overlay.tiles = {{*ParseHexName("Iaa"), "999", 0}};
  refused(overlay, "no tile 999");
  overlay.tiles = {{*ParseHexName("Jaf"), "7", 0}};
  refused(overlay, "no playable hex Jaf");
  overlay.tiles = {{*ParseHexName("Iaa"), "58", 6}};
  refused(overlay, "rotation 6");
  overlay.tiles = {{*ParseHexName("Iaa"), "58", 0}, {*ParseHexName("Iaa"), "3", 0}};
  refused(overlay, "two tiles laid on Iaa");
  overlay.tiles.clear();
  overlay.tokens = {{*ParseHexName("Jab"), 3, "EIR"}};
  refused(overlay, "no station 3");
  overlay.tokens = {{*ParseHexName("Iy"), 0, "EIR"}};
  refused(overlay, "Iy has 0 station(s)");
  overlay.tokens = {{*ParseHexName("Jab"), 1, "ECR"}};
  refused(overlay, "no company ECR");
  overlay.tokens.clear();
  overlay.highlight_area = "XYZ";
  refused(overlay, "no company XYZ");
}

}  // namespace
}  // namespace mailrun::engine::t1853
