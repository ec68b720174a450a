// The loader refuses bad data with a message naming the file, the entry and the problem.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "engine/titles/t1853/edition/embedded_files.h"
#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine::t1853 {
namespace {

using Json = nlohmann::ordered_json;

std::map<std::string, std::string> GoodFiles() {
  std::map<std::string, std::string> files;
  for (const auto& [name, contents] : data::EmbeddedDataFiles()) files.emplace(name, contents);
  return files;
}

// The embedded files with one of them edited.
std::map<std::string, std::string> Edited(const std::string& name, const std::function<void(Json&)>& edit) {
  auto files = GoodFiles();
  Json json = Json::parse(files.at(name));
  edit(json);
  files[name] = json.dump(2);
  return files;
}

Json& Entry(Json& list, const std::string& key, const std::string& value) {
  for (Json& item : list) {
    if (item[key] == value) return item;
  }
  throw std::runtime_error(std::string("no entry ").append(value));
}

// Parses the files and expects a refusal whose message contains every one of `parts`.
void ExpectRefused(const std::map<std::string, std::string>& files, const std::vector<std::string>& parts) {
  auto result = ParseEditionData(mailrun::v1::EDITION_RETUNED, files);
  ASSERT_FALSE(result.ok()) << "accepted bad data; expected: " << parts.front();
  EXPECT_EQ(result.error().kind, ErrorKind::kBadData);
  for (const std::string& part : parts) {
    EXPECT_NE(result.error().message.find(part), std::string::npos) << "message: " << result.error().message << "\nmissing: " << part;
  }
}

TEST(Loader, AcceptsTheEmbeddedData) {
  auto result = ParseEditionData(mailrun::v1::EDITION_RETUNED, GoodFiles());
  ASSERT_TRUE(result.ok()) << result.error().message;
  EXPECT_EQ(result->hexes.size(), 388u);
  auto loaded = LoadEdition(mailrun::v1::EDITION_RETUNED);
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(LoadEdition(mailrun::v1::EDITION_RETUNED).value(), loaded.value());  // loaded once, shared
  EXPECT_EQ(LoadEdition(mailrun::v1::EDITION_UNSPECIFIED).value(), loaded.value());  // the default edition
}

TEST(Loader, LookupsWorkOnHandBuiltData) {
  EditionData data;
  HexDef hex;
  hex.coord = *ParseHexName("Jab");
  data.hexes.push_back(hex);
  data.tiles.push_back(TileDef{"58", TileColour::kYellow, "", {}, {}, {}, false});
  EXPECT_NE(data.Hex(*ParseHexName("Jab")), nullptr);  // searched while unindexed
  EXPECT_NE(data.Tile("58"), nullptr);
  data.Reindex();
  EXPECT_EQ(data.Hex(*ParseHexName("Jab")), &data.hexes[0]);
  EXPECT_EQ(data.Hex(*ParseHexName("Iaa")), nullptr);
  EXPECT_EQ(data.Tile("58"), &data.tiles[0]);
  EXPECT_EQ(data.Tile("59"), nullptr);
}

TEST(Loader, The2009EditionLoadsAsAReconstruction) {
  auto result = LoadEdition(mailrun::v1::EDITION_LOOKOUT_2009);
  ASSERT_TRUE(result.ok()) << result.error().ToString();
  EXPECT_TRUE((*result)->board_reconstructed);
  EXPECT_EQ((*result)->first_phase_number, 2);
}

// The 2009 files are checked like Retuned's: phases numbered from 2 (4.10.2) and in order, a
// minimum bond for every player count, labels the loader knows.
TEST(Loader, Refuses2009DataThatBreaksItsRules) {
  const auto refused = [](const std::string& name, const std::function<void(Json&)>& edit,
                          const std::vector<std::string>& parts) {
    auto files = Edited(name, edit);
    auto result = ParseEditionData(mailrun::v1::EDITION_LOOKOUT_2009, files);
    ASSERT_FALSE(result.ok()) << "accepted bad data; expected: " << parts.front();
    for (const std::string& part : parts) {
      EXPECT_NE(result.error().message.find(part), std::string::npos) << result.error().message << "\nmissing: " << part;
    }
  };
  refused("lookout2009/trains.json", [](Json& j) { j["phases"][1]["number"] = 4; },
          {"lookout2009/trains.json", "phases are numbered 2, 3"});
  refused("lookout2009/rules.json", [](Json& j) { j["minimum_bond"].erase("5"); },
          {"lookout2009/rules.json", "minimum_bond", "5"});
  refused("lookout2009/tiles.json", [](Json& j) { Entry(j["tiles"], "id", "W")["label"] = "X"; },
          {"lookout2009/tiles.json", "tile \"W\"", "label"});
  refused("lookout2009/manifest.json", [](Json& j) { j["large_city_promotions"]["Waltair"] = Json::array({"105"}); },
          {"lookout2009/manifest.json", "Waltair", "4.2.12"});
  // rule_numbers.json: Retuned's number -> the 2009 text's citation, each once, each explained.
  refused("lookout2009/rule_numbers.json", [](Json& j) { Entry(j["rules"], "retuned", "4.1.5")["rule"] = "4-1-4"; },
          {"lookout2009/rule_numbers.json", "rule \"4.1.5\"", "\"rule\"", "Section N"});
  refused("lookout2009/rule_numbers.json", [](Json& j) { j["rules"].push_back(j["rules"][0]); },
          {"lookout2009/rule_numbers.json", "listed twice"});
  refused("lookout2009/rule_numbers.json", [](Json& j) { Entry(j["rules"], "retuned", "4.1.5")["subject"] = ""; },
          {"lookout2009/rule_numbers.json", "rule \"4.1.5\"", "subject"});
  refused("lookout2009/rule_numbers.json", [](Json& j) { Entry(j["rules"], "retuned", "4.1.5")["retuned"] = "TABLE 8"; },
          {"lookout2009/rule_numbers.json", "Appendix N"});
}

// rule_numbers.json's numbers at the edges of their shapes: a dotted number has two or more groups
// of digits joined by single dots; a word ("Appendix", "Section", "page") takes one space and digits.
TEST(Loader, ChecksTheShapeOfRuleNumbers) {
  const auto parse = [](const char* field, const std::string& value) {
    return ParseEditionData(mailrun::v1::EDITION_LOOKOUT_2009, Edited("lookout2009/rule_numbers.json", [&](Json& j) {
                              Entry(j["rules"], "retuned", "4.1.5")[field] = value;
                            }));
  };
  const auto expect = [&](const char* field, const std::string& value, const char* refusal) {
    auto result = parse(field, value);
    if (refusal == nullptr) {
      EXPECT_TRUE(result.ok()) << field << " \"" << value << "\": " << result.error().message;
    } else {
      ASSERT_FALSE(result.ok()) << field << " \"" << value << "\" accepted";
      EXPECT_NE(result.error().message.find(refusal), std::string::npos) << result.error().message;
    }
  };
  for (const char* good : {"99.1", "99.10.23", "Appendix 9", "Appendix 10"}) expect("retuned", good, nullptr);
  for (const char* bad : {"4", "4.", ".4", "4..1", "4.1.", "4.a", "4,1", " 4.1", "4.1 ", "Appendix", "Appendix ",
                          "Appendix 3a", "Appendix  3", "appendix 3", "Section 2", "page 20"}) {
    expect("retuned", bad, "expected a rule number of the Retuned text (\"4.1.5\") or \"Appendix N\"");
  }
  for (const char* good : {"4.1.4", "10.2", "Section 2", "page 20"}) expect("rule", good, nullptr);
  for (const char* bad : {"4", "4.", "4..1", ".4", "Appendix 3", "section 2", "Section 2.1", "Page 20", "page", "page 2 "}) {
    expect("rule", bad, "expected a rule number (\"4.1.4\"), \"Section N\" or \"page N\"");
  }
}

// A company's colour (TABLE 7) is '#' and exactly six hexadecimal digits, of either case.
TEST(Loader, RefusesAColourThatIsNotSixHexDigits) {
  const auto with_colour = [](const std::string& colour) {
    return Edited("retuned/companies.json", [&](Json& j) { Entry(j["companies"], "initials", "EIR")["colour"] = colour; });
  };
  for (const char* good : {"#A0b1C2", "#0a1B2c"}) {
    auto result = ParseEditionData(mailrun::v1::EDITION_RETUNED, with_colour(good));
    EXPECT_TRUE(result.ok()) << good << ": " << result.error().message;
  }
  for (const char* bad : {"#12345g", "#12345", "#1234567", "d0312d", "#d0312", " #d0312d", "#d0312d ", "##d0312", "#-12345", ""}) {
    ExpectRefused(with_colour(bad), {"retuned/companies.json", "company \"EIR\"", "\"colour\"", "must be a CSS colour like \"#d0312d\""});
  }
}

TEST(Loader, RefusesABrokenFile) {
  auto files = GoodFiles();
  std::string& text = files["retuned/tiles.json"];
  text.resize(text.size() / 2);  // cut off in the middle
  ExpectRefused(files, {"retuned/tiles.json", "not valid JSON"});
}

TEST(Loader, RefusesAMissingFile) {
  auto files = GoodFiles();
  files.erase("retuned/rules.json");
  ExpectRefused(files, {"retuned/rules.json", "missing"});
}

TEST(Loader, RefusesAPathToAMissingStation) {
  ExpectRefused(Edited("retuned/tiles.json", [](Json& j) { Entry(j["tiles"], "id", "58")["paths"][1] = "s1-2"; }),
                {"retuned/tiles.json", "tile \"58\"", "path \"s1-2\"", "no station s1"});
}

TEST(Loader, RefusesAPromotionToAnUnknownTile) {
  ExpectRefused(Edited("retuned/manifest.json", [](Json& j) { j["promotions"]["7"].push_back("999"); }),
                {"retuned/manifest.json", "promotion 7 -> 999", "no tile \"999\""});
}

TEST(Loader, RefusesAPromotionThatLosesTrack) {
  ExpectRefused(Edited("retuned/manifest.json", [](Json& j) { j["promotions"]["9"].push_back("81"); }),
                {"retuned/manifest.json", "promotion 9 -> 81", "keeps all the track of 9", "4.2.4"});
}

TEST(Loader, RefusesAPromotionToTheWrongColour) {
  ExpectRefused(Edited("retuned/manifest.json", [](Json& j) { j["promotions"]["9"].push_back("106"); }),
                {"promotion 9 -> 106", "next colour"});
}

TEST(Loader, RefusesACityOnAnUnplayableHex) {
  ExpectRefused(Edited("retuned/cities.json", [](Json& j) { Entry(j["cities"], "name", "Lahore")["hex"] = "Vb"; }),
                {"retuned/cities.json", "city \"Lahore\"", "field \"hex\"", "Vb is not a playable hex", "sea"});
  ExpectRefused(Edited("retuned/cities.json", [](Json& j) { Entry(j["cities"], "name", "Lahore")["hex"] = "Pj"; }),
                {"city \"Lahore\"", "Pj is not a playable hex", "margin"});
}

TEST(Loader, RefusesAnUnknownField) {
  ExpectRefused(Edited("retuned/board.json", [](Json& j) { Entry(j["hexes"], "hex", "Lj")["terain"] = Json::array({"hill"}); }),
                {"retuned/board.json", "hex \"Lj\"", "unknown field \"terain\""});
}

TEST(Loader, RefusesAHexOutsideTheGrid) {
  ExpectRefused(Edited("retuned/board.json", [](Json& j) { Entry(j["hexes"], "hex", "Lj")["hex"] = "Lk"; }),
                {"retuned/board.json", "\"Lk\" is not a cell of the grid"});
}

TEST(Loader, RefusesThreeTowns) {
  ExpectRefused(Edited("retuned/board.json", [](Json& j) { Entry(j["hexes"], "hex", "Iac")["towns"] = 3; }),
                {"hex \"Iac\"", "0, 1 or 2 towns"});
}

TEST(Loader, RefusesAHexListedTwice) {
  ExpectRefused(Edited("retuned/board.json", [](Json& j) { j["hexes"].push_back(Json{{"hex", "Jab"}}); }),
                {"hex \"Jab\"", "listed twice"});
}

TEST(Loader, RefusesAShareOfAnUnknownCompany) {
  ExpectRefused(Edited("retuned/cities.json", [](Json& j) { Entry(j["cities"], "name", "Delhi")["shares"].push_back("ECR"); }),
                {"city \"Delhi\"", "no company \"ECR\""});
}

TEST(Loader, RefusesAHomeOutsideTheCompanyArea) {
  ExpectRefused(Edited("retuned/companies.json", [](Json& j) { Entry(j["companies"], "initials", "SIR")["homes"][0]["city"] = "Hyderabad"; }),
                {"retuned/companies.json", "company \"SIR\"", "Hyderabad (Oo) lies outside the company's TABLE 2 area"});
}

TEST(Loader, RefusesAHomeOnAMissingStation) {
  ExpectRefused(Edited("retuned/companies.json", [](Json& j) { Entry(j["companies"], "initials", "MSM")["homes"][0]["station"] = 2; }),
                {"company \"MSM\"", "Madras has 2 stations; there is no station 2"});
}

TEST(Loader, RefusesTwoHomesOnOneStation) {
  ExpectRefused(Edited("retuned/companies.json", [](Json& j) { Entry(j["companies"], "initials", "BNR")["homes"][0]["station"] = 0; }),
                {"company \"BNR\"", "station 0 of Calcutta is already another home base"});
}

TEST(Loader, RefusesBroadTrackOnABrownTile) {
  ExpectRefused(Edited("retuned/tiles.json", [](Json& j) { Entry(j["tiles"], "id", "102")["paths"][0] = "0-s0:broad"; }),
                {"tile \"102\"", "dual gauge (4.2.8)"});
}

TEST(Loader, RefusesAParOffTheTrack) {
  ExpectRefused(Edited("retuned/companies.json", [](Json& j) { Entry(j["companies"], "initials", "BAR")["par"] = 71; }),
                {"retuned/market.json", "par price 71 of BAR"});
}

TEST(Loader, RefusesATileWithoutACount) {
  ExpectRefused(Edited("retuned/manifest.json", [](Json& j) { j["counts"].erase("113"); }),
                {"retuned/manifest.json", "tile \"113\" has no count"});
}

TEST(Loader, RefusesAMissingTable8Entry) {
  ExpectRefused(Edited("retuned/manifest.json", [](Json& j) { j["promotions"].erase("71"); }),
                {"tile \"71\" has no TABLE 8 entry"});
}

TEST(Loader, RefusesAWrongFieldType) {
  ExpectRefused(Edited("retuned/trains.json", [](Json& j) { j["trains"][0]["price"] = "300"; }),
                {"retuned/trains.json", "train \"2\"", "field \"price\"", "expected a whole number"});
}

}  // namespace
}  // namespace mailrun::engine::t1853
