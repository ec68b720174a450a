// The board picture: what it shows, game state drawn over it, and refusals of a bad overlay.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include "engine/titles/t1853/board_svg.h"
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
  EXPECT_NE(svg.find(">£40 · 1 2 3 5</text>"), std::string::npos);  // Delhi: bid value and shares
  EXPECT_NE(svg.find(">£120/80</text>"), std::string::npos);         // Lj: hill and river
  EXPECT_NE(svg.find(">£60/40</text>"), std::string::npos);          // multiple rivers
  EXPECT_EQ(Count(svg, ">200</text>"), 2);                            // the two frontier posts of 200
  for (const CompanyDef& company : Data().companies) EXPECT_GE(Count(svg, TextOf(company.initials)), 1) << company.initials;
  EXPECT_EQ(Count(svg, ">CD</text>"), 2);  // Calcutta and Delhi
  EXPECT_EQ(Count(svg, ">BM</text>"), 2);  // Bombay and Madras
  // One polygon per playable hex and margin cell at least; no hex is drawn twice over.
  int margins = 0;
  for (const HexDef& hex : Data().hexes) margins += (hex.outside == HexDef::Outside::kDarkGrey || hex.outside == HexDef::Outside::kDarkGreen);
  EXPECT_GE(Count(svg, "<polygon"), 170 + margins);
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
