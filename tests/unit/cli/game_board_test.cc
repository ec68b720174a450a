// The board of `mailrun games show --board`: one line per hex with a tile or a base, naming the
// place, in the board's order; an unknown hex is refused.
#include "tools/mailrun/client/game_board.h"

#include <gtest/gtest.h>

#include <regex>

#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::cli {
namespace {

std::string HexOfCity(const std::string& name) {
  const auto* data = *mailrun::engine::t1853::LoadEdition(mailrun::v1::EDITION_RETUNED);
  return mailrun::engine::HexName(data->cities[static_cast<size_t>(*data->CityIndex(name))].hex);
}

TEST(GameBoardText, ListsTilesAndBasesWithTheirPlaces) {
  mailrun::v1::GameView view;
  view.set_edition(mailrun::v1::EDITION_RETUNED);
  EXPECT_EQ(*GameBoardText(view), "Board: no tile laid and no base placed yet\n");

  auto* tile = view.add_tiles();
  tile->set_hex("Iaa");
  tile->set_tile("58");
  tile->set_rotation(5);
  auto* eir = view.add_companies();
  eir->set_initials("EIR");
  auto* base = eir->add_bases();
  base->set_hex(HexOfCity("Calcutta"));
  base->set_station(0);
  const auto text = GameBoardText(view);
  ASSERT_TRUE(text.ok()) << text.error().message;
  EXPECT_NE(text->find("Board: 1 tile laid"), std::string::npos) << *text;
  EXPECT_TRUE(std::regex_search(*text, std::regex("Iaa +town +58 +5 +-"))) << *text;
  EXPECT_TRUE(std::regex_search(*text, std::regex(HexOfCity("Calcutta") + " +Calcutta +printed +- +EIR"))) << *text;

  view.mutable_tiles(0)->set_hex("Zzz");
  const auto refused = GameBoardText(view);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("unknown hex 'Zzz'"), std::string::npos);
}

TEST(GameBoardText, HexLabelsNameThePlace) {
  mailrun::v1::GameView view;
  view.set_edition(mailrun::v1::EDITION_RETUNED);
  const std::string calcutta = HexOfCity("Calcutta");
  EXPECT_EQ(HexLabel(view, calcutta), "Calcutta (" + calcutta + ")");
  EXPECT_EQ(HexLabel(view, "Zzz"), "Zzz") << "an unknown hex stays as it is";
}

}  // namespace
}  // namespace mailrun::cli
