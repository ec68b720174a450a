// The 2009 Lookout edition cites its own rule numbers (issue 18). The rules code names every rule by
// its number in the Retuned text; engine/titles/t1853/data/lookout2009/rule_numbers.json says how the
// 2009 text numbers the same rule, and a 2009 game's refusals, log lines, legal actions, views and
// board legend cite that. Checked three ways: every rule number the 1853 engine can cite has an
// entry (the source walked as message_keys_RefusalKeys walks it); every entry names a rule the 2009
// text has (tests/fixtures/rules/lookout2009-citable.txt, itself checked against the text where
// the text is present); and real refusals and texts of both editions, played through the engine.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "engine/titles/t1853/board_svg.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

namespace fs = std::filesystem;
using mailrun::v1::EDITION_LOOKOUT_2009;
using mailrun::v1::EDITION_RETUNED;

const EditionData& DataOf(mailrun::v1::Edition edition) {
  auto loaded = LoadEdition(edition);
  EXPECT_TRUE(loaded.ok()) << loaded.error().ToString();
  return **loaded;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Rule numbers cited inside a sentence, as rule_citations.h finds them: whole items of a
// parenthesised list ("(4.8.6)", "(4.2.3, 4.4.2)") and numbers leading a sentence ("2.5.2.3: ...").
std::vector<std::string> CitedInText(const std::string& text) {
  static const std::regex listed(R"((?:\(|, )(\d+(?:\.\d+)+)(?=\)|,))");
  static const std::regex leading(R"((?:^| )(\d+(?:\.\d+)+)(?=: ))");
  std::vector<std::string> found;
  for (const std::regex* cited : {&listed, &leading}) {
    for (std::sregex_iterator it(text.begin(), text.end(), *cited), end; it != end; ++it) found.push_back((*it)[1]);
  }
  return found;
}

// Every rule the 1853 engine can cite, by Retuned's number, with one place that cites it: the rule
// of each refusal (all literals of its rule argument, ternaries included), every param::Rule and
// every rule number cited in a string literal. Walked: engine/titles/t1853 and the route validator
// and optimiser of engine/core/routes that 1853's runs use. Not walked: the data loader
// (edition/: its faults name Retuned's rules for the data's maintainers, never reach a player) and
// title.cc, whose setup refusals of Retuned's options name them as Retuned's (docs/rulings.md).
std::map<std::string, std::string> RulesTheEngineCites() {
  const std::regex refusal(R"re((?:^|[^A-Za-z0-9_:])(?:Illegal|OutOfTurn)\(\s*"[^"]*",\s*([^,\n]*))re");
  const std::regex literal(R"re("((?:[^"\\]|\\.)*)")re");
  const std::regex rule_param(R"re(param::Rule\("[a-z_]+",\s*"([^"]+)"\))re");
  const std::regex in_literal(R"((?:^|\(|, )(\d+(?:\.\d+)+)(?=$|\)|,|: ))");
  std::map<std::string, std::string> cited;
  const fs::path root(MAILRUN_SOURCE_DIR);
  for (const fs::path& dir : {root / "engine/titles/t1853", root / "engine/core/routes"}) {
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const fs::path& path = entry.path();
      if (path.extension() != ".cc" && path.extension() != ".h") continue;
      if (path.parent_path().filename() == "edition" || path.filename() == "title.cc") continue;
      const std::string where = path.lexically_relative(root).string();
      std::istringstream lines(ReadFile(path));
      int number = 0;
      for (std::string line; std::getline(lines, line);) {
        ++number;
        if (const size_t code = line.find_first_not_of(" \t"); code != std::string::npos && line.compare(code, 2, "//") == 0) continue;
        const std::string at = where + ":" + std::to_string(number);
        auto add = [&](const std::string& rule) { cited.try_emplace(rule, at); };
        for (std::sregex_iterator it(line.begin(), line.end(), refusal), end; it != end; ++it) {
          const std::string argument = (*it)[1];
          for (std::sregex_iterator q(argument.begin(), argument.end(), literal), none; q != none; ++q) add((*q)[1]);
        }
        for (std::sregex_iterator it(line.begin(), line.end(), rule_param), end; it != end; ++it) add((*it)[1]);
        for (std::sregex_iterator it(line.begin(), line.end(), literal), end; it != end; ++it) {
          const std::string text = (*it)[1];
          for (std::sregex_iterator n(text.begin(), text.end(), in_literal), none; n != none; ++n) add((*n)[1]);
        }
      }
    }
  }
  return cited;
}

// What the 2009 text lets a refusal cite (tests/fixtures/rules/lookout2009-citable.txt).
std::set<std::string> Citable2009() {
  std::set<std::string> citable;
  std::istringstream lines(ReadFixture("rules/lookout2009-citable.txt"));
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line[0] != '#') citable.insert(line);
  }
  return citable;
}

TEST(RuleNumbers, EveryRuleTheEngineCitesHasA2009Entry) {
  const auto cited = RulesTheEngineCites();
  const EditionData& data = DataOf(EDITION_LOOKOUT_2009);
  for (const auto& [rule, where] : cited) {
    if (rule.starts_with("mailrun.")) continue;  // Mailrun's own refusals, in every edition
    EXPECT_TRUE(data.rule_numbers.contains(rule)) << rule << " (cited at " << where << ") has no entry in lookout2009/rule_numbers.json";
  }
  // Sanity of the walk: the engine cites close to a hundred distinct rules (issue 22).
  std::cout << cited.size() << " distinct rules cited\n";
  EXPECT_GE(cited.size(), 90u);
  EXPECT_TRUE(cited.contains("4.1.5") && cited.contains("2.5.2.2") && cited.contains("Appendix 3") && cited.contains("4.5.4"));
}

TEST(RuleNumbers, EveryEntryNamesARuleOfThe2009Text) {
  const auto citable = Citable2009();
  ASSERT_GT(citable.size(), 150u);
  const EditionData& data = DataOf(EDITION_LOOKOUT_2009);
  for (const auto& [retuned, rule] : data.rule_numbers) {
    EXPECT_TRUE(citable.contains(rule)) << retuned << " -> " << rule << ": the 2009 text has no such rule";
  }
  // Figures read off both texts, one per kind of difference.
  EXPECT_EQ(data.CitedRule("2.5.2.2"), "2.5.2");    // the bond; "2.5.2.x" are 2009's "2.5.x"
  EXPECT_EQ(data.CitedRule("4.1.5"), "4.1.4");      // yellow tiles only; 2009 drops the BAR's 4.1.4
  EXPECT_EQ(data.CitedRule("4.1.15"), "4.1.14");    // the frontier posts
  EXPECT_EQ(data.CitedRule("4.8.6"), "4.8.6");      // section 4.2 on the numbers agree
  EXPECT_EQ(data.CitedRule("1.5.3"), "Section 1");  // 2009's overview is unnumbered
  EXPECT_EQ(data.CitedRule("Appendix 3"), "page 20");
  EXPECT_TRUE(DataOf(EDITION_RETUNED).rule_numbers.empty());
  EXPECT_EQ(DataOf(EDITION_RETUNED).CitedRule("4.1.5"), "4.1.5");
}

// The list of citable 2009 numbers is the text's own: re-read from the rules text where it is
// present (MAILRUN_RULES_DIR, else /work/shared/rules; a clone without the texts has only the list).
TEST(RuleNumbers, TheListIsThe2009Texts) {
  const char* dir = std::getenv("MAILRUN_RULES_DIR");
  const fs::path text_path = fs::path(dir ? dir : "/work/shared/rules") / "1853-2009-lookout-edition-rules.txt";
  if (!fs::exists(text_path)) GTEST_SKIP() << text_path << " is not here; the committed list stands";
  std::set<std::string> read;
  const std::regex numbered(R"(^#*\s*\**\s*(\d+(?:\.\d+)+)(?![\d.]).*)");
  const std::regex section(R"(SECTION (\d+))");
  const std::regex page(R"(page (\d+))");
  std::istringstream lines(ReadFile(text_path));
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, numbered)) read.insert(m[1]);
    for (std::sregex_iterator it(line.begin(), line.end(), section), end; it != end; ++it) read.insert("Section " + (*it)[1].str());
    for (std::sregex_iterator it(line.begin(), line.end(), page), end; it != end; ++it) read.insert("page " + (*it)[1].str());
  }
  EXPECT_EQ(read, Citable2009());
  EXPECT_TRUE(read.contains("2.5.12") && read.contains("4.1.15") && read.contains("4.10.5") && !read.contains("2.5.2.2"));
}

// ---- Refusals played through the engine, in both editions ----

Game NewGame(mailrun::v1::Edition edition, int players = 4) {
  mailrun::v1::GameConfig config = Config(players, 3);
  config.set_edition(edition);
  auto game = Game::Create(config);
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

// The rule a refusal of `action` cites in a new game of each edition, after `before` is applied.
std::pair<std::string, std::string> RulesOfBoth(const std::vector<mailrun::v1::Action>& before, const mailrun::v1::Action& action) {
  std::string rules[2];
  for (int i = 0; i < 2; ++i) {
    Game game = NewGame(i == 0 ? EDITION_RETUNED : EDITION_LOOKOUT_2009);
    for (const auto& earlier : before) MustApply(game, earlier);
    rules[i] = MustRefuse(game, action).rule;
  }
  return {rules[0], rules[1]};
}

std::vector<mailrun::v1::Action> AllBonds() { return {Bond(0, 100), Bond(1, 90), Bond(2, 85), Bond(3, 80)}; }

TEST(RuleNumbers, ABidRefusalCitesEachEditionsNumber) {
  // A bond below the minimum: Retuned 2.5.2.2, 2009 2.5.2.
  EXPECT_EQ(RulesOfBoth({}, Bond(0, 10)), std::make_pair(std::string("2.5.2.2"), std::string("2.5.2")));
  // A city claimed out of turn: Retuned 2.5.2.4, 2009 2.5.4 (seat 0 has the largest bond).
  EXPECT_EQ(RulesOfBoth(AllBonds(), Claim(1, "Delhi", "NWR")), std::make_pair(std::string("2.5.2.4"), std::string("2.5.4")));
  // Anything else while the bonds are written down: Retuned 1.6, 2009's unnumbered overview.
  EXPECT_EQ(RulesOfBoth({}, BuyTrain(0, "2")), std::make_pair(std::string("1.6"), std::string("Section 1")));
}

TEST(RuleNumbers, AnUndoRefusalCitesEachEditionsNumber) {
  for (const auto& [edition, rule] : {std::pair{EDITION_RETUNED, "2.5.2.3"}, std::pair{EDITION_LOOKOUT_2009, "2.5.3"}}) {
    Game game = NewGame(edition);
    const auto bonds = AllBonds();
    for (size_t i = 0; i + 1 < bonds.size(); ++i) MustApply(game, bonds[i]);
    const Game before = game;
    MustApply(game, bonds.back());  // reveals every bond
    const auto refusal = game.UndoRefusal(before);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(refusal->rule, rule);
  }
}

// A preview of the bond that reveals all bonds stops there and says why, in each edition's number.
TEST(RuleNumbers, APreviewSaysWhatItWithholdsInEachEditionsNumber) {
  for (const auto& [edition, rule] : {std::pair{EDITION_RETUNED, "2.5.2.3: "}, std::pair{EDITION_LOOKOUT_2009, "2.5.3: "}}) {
    Game game = NewGame(edition);
    const auto bonds = AllBonds();
    for (size_t i = 0; i + 1 < bonds.size(); ++i) MustApply(game, bonds[i]);
    const auto preview = game.Preview(bonds.back());
    ASSERT_TRUE(preview.ok()) << preview.error().ToString();
    EXPECT_TRUE(preview->withheld.starts_with(rule)) << preview->withheld;
  }
}

// The first position of a recorded game of the edition where a tile may be laid.
Game AtFirstLay(const std::string& fixture, mailrun::v1::Action* lay) {
  const GameRecord record = LoadRecord("games/" + fixture);
  auto game = Game::Create(record.config);
  EXPECT_TRUE(game.ok());
  for (const auto& recorded : record.actions) {
    for (int seat : game->ActiveSeats()) {
      for (const auto& legal : game->LegalActions(seat)) {
        if (!legal.action().has_lay_tile()) continue;
        *lay = legal.action();
        return std::move(*game);
      }
    }
    MustApply(*game, recorded);
  }
  ADD_FAILURE() << fixture << " lays no tile";
  return std::move(*game);
}

TEST(RuleNumbers, ATileAndATrainRefusalCiteEachEditionsNumber) {
  for (const auto& [fixture, rule] : {std::pair{"bot-game-4p.json", "4.1.5"}, std::pair{"edition2009-3p.json", "4.1.4"}}) {
    mailrun::v1::Action lay;
    Game game = AtFirstLay(fixture, &lay);
    const TileDef* green = nullptr;
    for (const TileDef& tile : game.data().tiles) {
      if (tile.colour == TileColour::kGreen && !tile.preprinted && tile.label.empty()) green = green ? green : &tile;
    }
    ASSERT_NE(green, nullptr);
    lay.mutable_lay_tile()->set_tile(green->id);
    // "only yellow tiles are laid; a green tile comes only by promotion (4.2)": 4.2 is 4.2 in both.
    const Error refused = MustRefuse(game, lay);
    EXPECT_EQ(refused.rule, rule) << fixture << ": " << refused.message;
    EXPECT_NE(refused.message.find("(4.2)"), std::string::npos) << refused.message;
    // A train bought before the end of the turn: 4.8.1 in both texts.
    const Error train = MustRefuse(game, BuyTrain(lay.seat(), "2"));
    EXPECT_EQ(train.rule, "4.8.1") << train.ToString();
    // Ending the step for a company that is not operating: Retuned's 4.0 (the railway round's
    // order) is the unnumbered opening of 2009's section 4.
    const Error out_of_turn = MustRefuse(game, EndStep((lay.seat() + 1) % game.state().players_count));
    EXPECT_EQ(out_of_turn.rule, std::string(fixture).starts_with("edition2009") ? "Section 4" : "4.0") << out_of_turn.ToString();
  }
}

TEST(RuleNumbers, TheBoardLegendCitesEachEditionsNumber) {
  const auto retuned = RenderBoardSvg(DataOf(EDITION_RETUNED), {});
  const auto lookout = RenderBoardSvg(DataOf(EDITION_LOOKOUT_2009), {});
  ASSERT_TRUE(retuned.ok() && lookout.ok());
  EXPECT_NE(retuned->find("Ganges valley (2.5.2.7)"), std::string::npos);
  EXPECT_NE(retuned->find("paid once when connected (4.1.15)"), std::string::npos);
  EXPECT_NE(lookout->find("Ganges valley (2.5.7)"), std::string::npos);
  EXPECT_NE(lookout->find("paid once when connected (4.1.14)"), std::string::npos);
}

// A whole recorded 2009 game: every log line's rule, every rule a listed legal action or the round
// description cites, and every rule of the refusals drawn by acting out of turn or repeating a
// stale action, is a rule of the 2009 text; and the game cites at least one rule whose number
// differs from Retuned's (the frontier post, 4.1.14).
TEST(RuleNumbers, ARecorded2009GameCitesOnly2009Rules) {
  const auto citable = Citable2009();
  const GameRecord record = LoadRecord("games/edition2009-3p.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  std::map<std::string, int> seen;
  auto check = [&](const std::string& rule, const std::string& what) {
    ++seen[rule];
    EXPECT_TRUE(citable.contains(rule) || rule.starts_with("mailrun.")) << rule << " in " << what;
  };
  std::vector<mailrun::v1::Action> stale;
  for (size_t step = 0; step < record.actions.size(); ++step) {
    for (const std::string& rule : CitedInText(game->View(kOmniscient).round().description())) check(rule, "the round");
    const int seat = record.actions[step].seat();
    const auto legal = game->LegalActions(seat);
    for (const auto& listed : legal) {
      for (const std::string& rule : CitedInText(listed.description())) check(rule, listed.description());
      for (const auto& param : listed.structured().params()) {
        if (param.has_rule()) check(param.rule(), listed.description());
      }
    }
    std::vector<mailrun::v1::Action> tries = stale;
    if (!legal.empty()) {
      mailrun::v1::Action wrong_seat = legal.front().action();
      wrong_seat.set_seat((seat + 1) % record.config.players_size());
      tries.push_back(wrong_seat);
    }
    for (mailrun::v1::Action attempt : tries) {
      Game copy = *game;
      const auto refused = copy.Apply(attempt);
      if (refused.ok() || refused.error().kind == ErrorKind::kMalformed) continue;
      check(refused.error().rule, refused.error().ToString());
      for (const std::string& rule : CitedInText(refused.error().message)) check(rule, refused.error().ToString());
    }
    stale.clear();
    for (size_t i = 0; i < legal.size() && i < 3; ++i) stale.push_back(legal[i].action());
    auto applied = game->Apply(record.actions[step]);
    ASSERT_TRUE(applied.ok()) << applied.error().ToString();
    for (size_t i = 0; i < applied->structured_log.size(); ++i) {
      for (const auto& param : applied->structured_log[i].params()) {
        if (param.has_rule()) check(param.rule(), applied->log[i]);
      }
    }
  }
  EXPECT_GT(seen["4.1.14"], 0) << "no frontier post paid in the recorded game";
  EXPECT_GT(seen.size(), 20u);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
