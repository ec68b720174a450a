// The board of `mailrun games show --board/--svg`, drawn from what the API serves (the title's
// components and the game's view): one line per hex with a tile or a base, naming the place, in
// the board's order; the picture equal to the game service's; the places and the picture taken
// from the components given, not from the engine's data; an unknown hex refused. 1947's the same
// way: its map drawn from its components is the engine's own picture, byte for byte.
#include "tools/mailrun/client/game_board.h"

#include <gtest/gtest.h>

#include <regex>

#include "engine/render/game_board_picture.h"
#include "engine/titles/registry.h"
#include "engine/titles/t1947/board_svg.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/edition/embedded_files.h"

namespace mailrun::cli {
namespace {

// What GetComponents answers for an edition of 1853.
mailrun::v1::Components ServedComponents(mailrun::v1::Edition edition) {
  auto components = (*mailrun::engine::FindTitle(mailrun::v1::TITLE_1853))->Components(edition);
  EXPECT_TRUE(components.ok());
  return components.ok() ? *components : mailrun::v1::Components();
}

std::string HexOfCity(const mailrun::v1::Components& components, const std::string& name) {
  for (const auto& city : components.cities()) {
    if (city.name() == name) return city.hex();
  }
  ADD_FAILURE() << "no city " << name;
  return "";
}

mailrun::v1::GameView ViewWithATileAndABase(const mailrun::v1::Components& components) {
  mailrun::v1::GameView view;
  view.set_title(mailrun::v1::TITLE_1853);
  view.set_edition(components.edition());
  auto* tile = view.add_tiles();
  tile->set_hex("Iaa");
  tile->set_tile("58");
  tile->set_rotation(5);
  auto* eir = view.add_companies();
  eir->set_initials("EIR");
  auto* base = eir->add_bases();
  base->set_hex(HexOfCity(components, "Calcutta"));
  base->set_station(0);
  return view;
}

TEST(GameBoardText, ListsTilesAndBasesWithTheirPlaces) {
  const auto components = ServedComponents(mailrun::v1::EDITION_RETUNED);
  mailrun::v1::GameView empty;
  EXPECT_EQ(*GameBoardText(components, empty), "Board: no tile laid and no base placed yet\n");

  auto view = ViewWithATileAndABase(components);
  const auto text = GameBoardText(components, view);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("Board: 1 tile laid"), std::string::npos) << *text;
  EXPECT_TRUE(std::regex_search(*text, std::regex("Iaa +town +58 +5 +-"))) << *text;
  const std::string calcutta = HexOfCity(components, "Calcutta");
  EXPECT_TRUE(std::regex_search(*text, std::regex(calcutta + " +Calcutta +printed +- +EIR"))) << *text;

  view.mutable_tiles(0)->set_hex("Zzz");
  const auto refused = GameBoardText(components, view);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("unknown hex 'Zzz'"), std::string::npos);
}

TEST(GameBoardText, HexLabelsNameThePlace) {
  const auto components = ServedComponents(mailrun::v1::EDITION_RETUNED);
  const std::string calcutta = HexOfCity(components, "Calcutta");
  EXPECT_EQ(HexLabel(components, calcutta), "Calcutta (" + calcutta + ")");
  EXPECT_EQ(HexLabel(components, "Iaa"), "town (Iaa)");
  EXPECT_EQ(HexLabel(components, "Zzz"), "Zzz") << "an unknown hex stays as it is";
  EXPECT_EQ(HexLabel(mailrun::v1::Components(), calcutta), calcutta) << "no components: the hex id";
}

// The CLI's picture is the game service's (GetBoardPicture) for both editions.
TEST(GameBoardSvg, EqualsTheServicesPicture) {
  for (const auto edition : {mailrun::v1::EDITION_RETUNED, mailrun::v1::EDITION_LOOKOUT_2009}) {
    const auto components = ServedComponents(edition);
    const auto view = ViewWithATileAndABase(components);
    const auto cli = GameBoardSvg(components, view, "heading");
    const auto service = mailrun::engine::GameBoardPicture(view, "heading");
    ASSERT_TRUE(cli.ok()) << cli.error().message;
    ASSERT_TRUE(service.ok()) << service.error().message;
    EXPECT_EQ(*cli, *service) << mailrun::v1::Edition_Name(edition);
  }
}

// Drawn from the components it is given: a city renamed and a company recoloured in them show in
// the picture and the listing, which the engine's own data could not do.
TEST(GameBoardSvg, DrawsFromTheComponentsGiven) {
  auto components = ServedComponents(mailrun::v1::EDITION_RETUNED);
  const auto view = ViewWithATileAndABase(components);
  const std::string calcutta = HexOfCity(components, "Calcutta");
  for (auto& city : *components.mutable_cities()) {
    if (city.name() == "Calcutta") city.set_name("Kolkata");
  }
  for (auto& cell : *components.mutable_hexes()) {
    if (cell.city() == "Calcutta") cell.set_city("Kolkata");
  }
  for (auto& company : *components.mutable_companies()) {
    if (company.initials() == "EIR") company.set_colour("#123456");
  }
  const auto svg = GameBoardSvg(components, view, "heading");
  ASSERT_TRUE(svg.ok()) << svg.error().message;
  EXPECT_NE(svg->find(">Kolkata</text>"), std::string::npos);
  EXPECT_EQ(svg->find(">Calcutta</text>"), std::string::npos);
  EXPECT_NE(svg->find("#123456"), std::string::npos);
  EXPECT_EQ(HexLabel(components, calcutta), "Kolkata (" + calcutta + ")");

  // Components that do not hold together are refused, naming what is wrong.
  auto broken = components;
  broken.mutable_hexes(0)->set_city("Atlantis");
  const auto refused = GameBoardSvg(broken, view, "heading");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("Atlantis"), std::string::npos) << refused.error().message;
  auto other_edition = view;
  other_edition.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
  const auto mismatch = GameBoardSvg(components, other_edition, "heading");
  ASSERT_FALSE(mismatch.ok());
  EXPECT_NE(mismatch.error().message.find("the components are of 1853 Retuned"), std::string::npos)
      << mismatch.error().message;
}

mailrun::v1::Components Served1947() {
  auto components = (*mailrun::engine::FindTitle(mailrun::v1::TITLE_1947))->Components(mailrun::v1::EDITION_UNSPECIFIED);
  EXPECT_TRUE(components.ok()) << components.error().message;
  return components.ok() ? *components : mailrun::v1::Components();
}

// A 1947 game with a straight track tile on Bhuj's neighbour and the BB&CI's home station in Bombay.
mailrun::v1::GameView View1947() {
  mailrun::v1::GameView view;
  view.set_title(mailrun::v1::TITLE_1947);
  auto* tile = view.add_tiles();
  tile->set_hex("B13");
  tile->set_tile("9");
  tile->set_rotation(1);
  auto* railway = view.mutable_game_1947()->add_railways();
  railway->set_initials("BB&CI");
  auto* station = railway->add_stations();
  station->set_hex("D21");
  station->set_station(0);
  return view;
}

TEST(GameBoard1947, ListsTilesAndStationsWithTheirPlaces) {
  const auto components = Served1947();
  const auto text = GameBoardText(components, View1947());
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("Board: 1 tile laid"), std::string::npos) << *text;
  EXPECT_TRUE(std::regex_search(*text, std::regex("B13 +- +9 +1 +-"))) << *text;
  EXPECT_TRUE(std::regex_search(*text, std::regex("D21 +Bombay +printed +- +BB&CI"))) << *text;
  EXPECT_LT(text->find("B13"), text->find("D21")) << "in the map's order: column B before column D";
  EXPECT_EQ(HexLabel(components, "A14"), "Bhuj (A14)");
  EXPECT_EQ(HexLabel(components, "D21"), "Bombay (D21)");
}

// `mailrun board render --title 1947` and `games show --svg`: the map drawn from the components
// is the one the engine draws from its own data, byte for byte, with and without a game on it.
TEST(GameBoard1947, DrawnFromComponentsIsTheEnginesPicture) {
  namespace t = mailrun::engine::t1947;
  const auto components = Served1947();
  const auto data = t::Data1947();
  ASSERT_TRUE(data.ok());
  const auto bare = mailrun::engine::BoardPictureFromComponents(components, {});
  ASSERT_TRUE(bare.ok()) << bare.error().message;
  EXPECT_EQ(*bare, t::DrawBoard1947(**data));

  const auto view = View1947();
  mailrun::engine::BoardOverlay overlay;
  overlay.title = "heading";
  overlay.tiles.push_back({*t::ParseHex1947("B13"), "9", 1});
  overlay.tokens.push_back({*t::ParseHex1947("D21"), 0, "BB&CI"});
  const auto engine_picture = t::DrawBoard1947(**data, overlay);
  ASSERT_TRUE(engine_picture.ok()) << engine_picture.error().message;
  const auto cli = GameBoardSvg(components, view, "heading");
  ASSERT_TRUE(cli.ok()) << cli.error().message;
  EXPECT_EQ(*cli, *engine_picture);
  const auto service = mailrun::engine::GameBoardPicture(view, "heading");
  ASSERT_TRUE(service.ok()) << service.error().message;
  EXPECT_EQ(*cli, *service);
}

// Drawn from the components given: a renamed city and a moved site show; components that do not
// hold together are refused naming what is wrong.
TEST(GameBoard1947, DrawsFromTheComponentsGiven) {
  auto components = Served1947();
  for (auto& cell : *components.mutable_hexes()) {
    if (cell.city() == "Bombay") cell.set_city("Mumbai");
  }
  for (auto& city : *components.mutable_cities()) {
    if (city.name() == "Bombay") city.set_name("Mumbai");
  }
  components.mutable_game_1947()->mutable_sites(0)->set_name("Iran");
  const auto svg = mailrun::engine::BoardPictureFromComponents(components, {});
  ASSERT_TRUE(svg.ok()) << svg.error().message;
  EXPECT_NE(svg->find(">Mumbai</text>"), std::string::npos);
  EXPECT_EQ(svg->find(">Bombay</text>"), std::string::npos);
  EXPECT_NE(svg->find(">Iran (1 worker)</text>"), std::string::npos);

  auto broken = components;
  broken.mutable_companies(0)->set_temple("Z99");
  const auto refused = mailrun::engine::BoardPictureFromComponents(broken, {});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("Z99"), std::string::npos) << refused.error().message;
  auto not_a_hex = components;
  not_a_hex.mutable_hexes(0)->set_hex("A1");
  const auto bad_hex = mailrun::engine::BoardPictureFromComponents(not_a_hex, {});
  ASSERT_FALSE(bad_hex.ok());
  EXPECT_NE(bad_hex.error().message.find("A1"), std::string::npos) << bad_hex.error().message;
  auto other_title = components;
  other_title.set_title(mailrun::v1::TITLE_1853);
  EXPECT_FALSE(GameBoardSvg(other_title, View1947(), "heading").ok());
}

}  // namespace
}  // namespace mailrun::cli
