// The board picture's texts never cover one another (issue 22): on every hex the city's name and
// bid value, the hex's id, the tile's label and revenues, the construction cost, the frontier post
// and the tokens each keep their own place, on the empty board of both 1853 editions, on the 1947
// map, and with the tiles and tokens of recorded games at several points of play (1947's map with
// tiles and stations: t1947_BoardPicture.DrawsLaidTilesAndStations).
//
// Where the texts lie is read back from the SVG; their widths are ESTIMATED from font size and
// length (tests/testing/svg_boxes.h), not measured from the glyphs.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/core/game_record.h"
#include "engine/render/game_board_picture.h"
#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "engine/titles/t1853/board_svg.h"
#include "tests/testing/svg_boxes.h"

namespace mailrun::engine {
namespace {

std::string Joined(const std::vector<std::string>& lines) {
  std::string text;
  for (size_t i = 0; i < lines.size() && i < 30; ++i) text += lines[i] + "\n";
  return text;
}

std::string StartBoard(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  const auto found = FindTitle(title);
  EXPECT_TRUE(found.ok());
  auto svg = (*found)->RenderBoardSvg(edition, BoardOverlay{});
  EXPECT_TRUE(svg.ok()) << svg.error().message;
  return svg.ok() ? *svg : std::string();
}

TEST(BoardLabels, NoTextCoversAnotherOnTheStartBoards) {
  for (const auto edition : {mailrun::v1::EDITION_RETUNED, mailrun::v1::EDITION_LOOKOUT_2009}) {
    const std::string svg = StartBoard(mailrun::v1::TITLE_1853, edition);
    ASSERT_GT(testing::SvgBoxes(svg).size(), 500u) << "the check reads the picture's texts";
    const auto overlaps = testing::SvgOverlaps(svg);
    EXPECT_TRUE(overlaps.empty()) << mailrun::v1::Edition_Name(edition) << ": " << overlaps.size() << " overlaps\n"
                                  << Joined(overlaps);
  }
}

TEST(BoardLabels, NoTextCoversAnotherOnThe1947Map) {
  const std::string svg = StartBoard(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED);
  ASSERT_GT(testing::SvgBoxes(svg).size(), 200u);
  const auto overlaps = testing::SvgOverlaps(svg);
  EXPECT_TRUE(overlaps.empty()) << overlaps.size() << " overlaps\n" << Joined(overlaps);
}

// A recorded game replayed; its board as a spectator's view draws it (what GetBoardPicture
// serves) at five points of play, the last the game's end, with the tiles laid and tokens placed.
void ExpectNoOverlapsThrough(const std::string& fixture) {
  std::ifstream in(std::string(MAILRUN_FIXTURES_DIR) + "/games/" + fixture);
  std::stringstream text;
  text << in.rdbuf();
  const auto record = ParseGameRecord(text.str());
  ASSERT_TRUE(record.ok()) << fixture << ": " << record.error().message;
  auto game = Game::Create(record->config);
  ASSERT_TRUE(game.ok()) << game.error().message;
  const size_t n = record->actions.size();
  int tiles_seen = 0;
  for (size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(game->Apply(record->actions[i]).ok()) << fixture << " action " << i;
    if ((i + 1) % (n / 4) != 0 && i + 1 != n) continue;
    const mailrun::v1::GameView view = game->View(kSpectator);
    tiles_seen = std::max(tiles_seen, view.tiles_size());
    const auto svg = GameBoardPicture(view, fixture);
    ASSERT_TRUE(svg.ok()) << svg.error().message;
    const auto overlaps = testing::SvgOverlaps(*svg);
    EXPECT_TRUE(overlaps.empty()) << fixture << " after " << i + 1 << " of " << n << " actions: " << overlaps.size()
                                  << " overlaps\n"
                                  << Joined(overlaps);
  }
  EXPECT_GE(tiles_seen, 20) << "a late-game board has many tiles laid";
}

TEST(BoardLabels, NoTextCoversAnotherInARecordedRetunedGame) { ExpectNoOverlapsThrough("bot-game-4p.json"); }

TEST(BoardLabels, NoTextCoversAnotherInARecorded2009Game) { ExpectNoOverlapsThrough("edition2009-5p.json"); }

// The check itself finds a collision: two texts written on the same spot, a text on a disc.
TEST(BoardLabels, TheCheckSeesTextsThatCoverEachOther) {
  const std::string svg =
      "<text x=\"100\" y=\"100\" font-size=\"10\" text-anchor=\"middle\" font-weight=\"bold\">Calcutta</text>\n"
      "<text x=\"90\" y=\"104\" font-size=\"9\" text-anchor=\"middle\" font-weight=\"bold\">CD</text>\n"
      "<text x=\"200\" y=\"100\" font-size=\"10\" text-anchor=\"middle\" font-weight=\"normal\">Fn</text>\n"
      "<circle cx=\"210\" cy=\"100\" r=\"6\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\n"
      "<circle cx=\"300\" cy=\"100\" r=\"8\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1\"/>\n"
      "<text x=\"300\" y=\"100\" font-size=\"8\" text-anchor=\"middle\" font-weight=\"bold\">50</text>\n";
  const auto overlaps = testing::SvgOverlaps(svg);
  ASSERT_EQ(overlaps.size(), 2u) << Joined(overlaps);
  EXPECT_NE(overlaps[0].find("'Calcutta'"), std::string::npos);
  EXPECT_NE(overlaps[0].find("'CD'"), std::string::npos);
  EXPECT_NE(overlaps[1].find("'Fn'"), std::string::npos);
  EXPECT_NE(overlaps[1].find("circle"), std::string::npos);
}

}  // namespace
}  // namespace mailrun::engine
