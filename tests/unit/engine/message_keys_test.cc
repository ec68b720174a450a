// Message keys (issue 22). Every refusal the engine can give carries a stable message key and
// (unless the request itself is malformed) a rule (acceptance 2); every log line's key is in the
// German catalog i18n/de.json, whose placeholders are all parameters the engine passes. Two walks: the source, where every refusal is made
// (result.h's factories take the key first), and the engine at play, where bot games of both
// titles are driven and, at every position, wrong-seat, stale, emptied, foreign and perturbed
// actions are tried on a copy; every refusal they draw must carry a well-formed key the source
// declares, and a rule.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "engine/bot/choose_action.h"
#include "engine/titles/game.h"
#include "tests/testing/source_calls.h"

namespace mailrun::engine {
namespace {

namespace fs = std::filesystem;
using mailrun::v1::Action;

const std::regex kKeyPattern(R"(^(1853|1947|core|cli)\.refusal\.[a-z0-9_]+\.[a-z0-9_]+$)");

struct SourceRefusals {
  std::set<std::string> keys;
  int sites = 0;
  std::vector<std::string> faults;
};

// Every call of a refusal factory in engine/ and tools/: its key, and for Illegal and OutOfTurn
// that the rule is not left empty.
SourceRefusals ReadSourceRefusals() {
  SourceRefusals found;
  const std::regex call(R"((^|[^A-Za-z0-9_:])(Illegal|OutOfTurn|Malformed|Unavailable)\(\s*([^,\n]*),\s*([^,\n]*))");
  for (const char* dir : {"engine", "tools"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(MAILRUN_SOURCE_DIR) / dir)) {
      const auto ext = entry.path().extension();
      if (ext != ".cc" && ext != ".h") continue;
      if (entry.path().filename() == "result.h") continue;  // the factories themselves
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string source = text.str();
      for (std::sregex_iterator it(source.begin(), source.end(), call), end; it != end; ++it) {
        const std::string where = entry.path().lexically_relative(MAILRUN_SOURCE_DIR).string();
        const std::string factory = (*it)[2];
        const std::string key_arg = (*it)[3];
        const std::string second = (*it)[4];
        ++found.sites;
        std::smatch literal;
        const std::regex quoted(R"re(^"([^"]*)"$)re");
        if (!std::regex_match(key_arg, literal, quoted) || !std::regex_match(literal[1].str(), kKeyPattern)) {
          found.faults.push_back(where + ": " + factory + "(" + key_arg + ", ...) has no literal message key");
          continue;
        }
        found.keys.insert(literal[1]);
        if ((factory == "Illegal" || factory == "OutOfTurn") && (second == "\"\"" || second.empty())) {
          found.faults.push_back(where + ": " + factory + "(\"" + literal[1].str() + "\", \"\", ...) names no rule");
        }
      }
    }
  }
  return found;
}

// The placeholders of a template.
std::set<std::string> Placeholders(const std::string& text) {
  std::set<std::string> names;
  const std::regex placeholder(R"(\{([a-z_]+)\})");
  for (std::sregex_iterator it(text.begin(), text.end(), placeholder), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

nlohmann::json GermanCatalog() {
  std::ifstream in(fs::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  EXPECT_TRUE(in) << "i18n/de.json is missing";
  return in ? nlohmann::json::parse(in).at("messages") : nlohmann::json::object();
}

// One refusal call in the source: its key, its message argument and the parameter names of the
// `.With({...})` that follows it (none when there is no `.With`).
struct RefusalSite {
  std::string where;
  std::string key;
  std::string message;
  bool with = false;
  std::set<std::string> params;
};

std::vector<RefusalSite> ReadRefusalSites() {
  std::vector<RefusalSite> sites;
  const std::regex call(R"((^|[^A-Za-z0-9_:])(Illegal|OutOfTurn|Malformed|Unavailable)\()");
  const std::regex named(R"re(param::[A-Za-z]+\("([a-z_]+)")re");
  for (const char* dir : {"engine", "tools"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(MAILRUN_SOURCE_DIR) / dir)) {
      const auto ext = entry.path().extension();
      if ((ext != ".cc" && ext != ".h") || entry.path().filename() == "result.h") continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string source = text.str();
      for (std::sregex_iterator it(source.begin(), source.end(), call), end; it != end; ++it) {
        const size_t open = static_cast<size_t>(it->position(0) + it->length(0));
        size_t close = 0;
        const auto args = mailrun::testing::CallArguments(source, open, &close);
        const bool ruled = (*it)[2] == "Illegal" || (*it)[2] == "OutOfTurn";
        RefusalSite site;
        site.where = entry.path().lexically_relative(MAILRUN_SOURCE_DIR).string() + ":" +
                     std::to_string(std::count(source.begin(), source.begin() + static_cast<long>(open), '\n') + 1);
        site.key = args[0].size() > 1 ? args[0].substr(1, args[0].size() - 2) : args[0];
        site.message = args.size() > (ruled ? 2u : 1u) ? args[ruled ? 2 : 1] : "";
        std::smatch with;
        const std::string after = source.substr(close, 40);
        if (std::regex_search(after, with, std::regex(R"(^\s*\.With\()"))) {
          site.with = true;
          const size_t with_open = close + static_cast<size_t>(with.length(0));
          size_t with_close = 0;
          mailrun::testing::CallArguments(source, with_open, &with_close);
          const std::string typed = source.substr(with_open, with_close - with_open);
          for (std::sregex_iterator p(typed.begin(), typed.end(), named), none; p != none; ++p) site.params.insert((*p)[1]);
        }
        sites.push_back(std::move(site));
      }
    }
  }
  return sites;
}

// A message that names no value: string literals and named constants (kSomething) only, perhaps
// joined with + into a std::string.
bool FixedText(const std::string& message) {
  static const std::regex literal(R"re("([^"\\]|\\.)*")re");
  static const std::regex glue(R"(std::string|\bk[A-Z][A-Za-z0-9]*\b|[()+\s])");
  return std::regex_replace(std::regex_replace(message, literal, ""), glue, "").empty();
}

TEST(RefusalKeys, EverySourceRefusalHasAKeyAndARule) {
  const SourceRefusals found = ReadSourceRefusals();
  EXPECT_TRUE(found.faults.empty()) << ::testing::PrintToString(found.faults);
  std::cout << found.sites << " refusals in the source, " << found.keys.size() << " distinct keys\n";
  // The engine refuses in over 300 places (issue 22 counted ~240 Illegal( alone).
  EXPECT_GT(found.sites, 300);
  EXPECT_GT(found.keys.size(), 250u);
}

struct Seen {
  std::string rule;
  ErrorKind kind;
  std::string message;
  std::vector<TextParam> params;
};

// Variations of a listed action that the engine should mostly refuse: every scalar field of the
// action's kind pushed out of range, strings replaced by an unknown name, flags flipped.
std::vector<Action> Perturbed(const Action& action) {
  std::vector<Action> out;
  const auto* kind_field = action.GetReflection()->GetOneofFieldDescriptor(action, action.GetDescriptor()->FindOneofByName("kind"));
  if (!kind_field || kind_field->type() != google::protobuf::FieldDescriptor::TYPE_MESSAGE) return out;
  const auto& kind = action.GetReflection()->GetMessage(action, kind_field);
  const auto* descriptor = kind.GetDescriptor();
  for (int i = 0; i < descriptor->field_count(); ++i) {
    const auto* field = descriptor->field(i);
    if (field->is_repeated()) continue;
    for (int variant = 0; variant < 2; ++variant) {
      Action changed = action;
      auto* message = changed.GetReflection()->MutableMessage(&changed, kind_field);
      const auto* reflection = message->GetReflection();
      using F = google::protobuf::FieldDescriptor;
      switch (field->cpp_type()) {
        case F::CPPTYPE_INT32: reflection->SetInt32(message, field, variant ? -1 : 99999); break;
        case F::CPPTYPE_INT64: reflection->SetInt64(message, field, variant ? -1 : 99999); break;
        case F::CPPTYPE_BOOL: reflection->SetBool(message, field, !reflection->GetBool(*message, field)); break;
        case F::CPPTYPE_STRING: reflection->SetString(message, field, variant ? "" : "Zz"); break;
        case F::CPPTYPE_ENUM: reflection->SetEnumValue(message, field, variant ? 0 : 9999); break;
        default: continue;
      }
      out.push_back(std::move(changed));
    }
  }
  return out;
}

// Plays a bot game of `config` for at most `max_actions`, trying refusable actions at every
// position; returns the refusals seen by key.
std::map<std::string, Seen> WalkRefusals(const mailrun::v1::GameConfig& config, int max_actions) {
  std::map<std::string, Seen> seen;
  auto created = Game::Create(config);
  EXPECT_TRUE(created.ok()) << created.error().ToString();
  if (!created.ok()) return seen;
  Game game = std::move(*created);
  uint64_t rng = config.seed();
  std::vector<Action> stale;
  auto attempt = [&](const Action& action) {
    Game copy = game;
    auto outcome = copy.Apply(action);
    if (outcome.ok()) return;
    const Error& error = outcome.error();
    seen.try_emplace(error.key, Seen{error.rule, error.kind, error.message, error.params});
  };
  for (int step = 0; step < max_actions; ++step) {
    const auto active = game.ActiveSeats();
    if (active.empty() || game.Finished()) break;
    const int seat = active.front();
    const auto legal = game.LegalActions(seat);
    if (legal.empty()) break;
    std::vector<Action> tries;
    Action empty;
    empty.set_seat(seat);
    tries.push_back(empty);
    for (const auto& listed : legal) {
      Action wrong_seat = listed.action();
      wrong_seat.set_seat((seat + 1) % config.players_size());
      tries.push_back(wrong_seat);
      for (auto& changed : Perturbed(listed.action())) tries.push_back(std::move(changed));
      if (tries.size() > 200) break;
    }
    for (Action old : stale) {
      old.set_seat(seat);
      tries.push_back(std::move(old));
    }
    for (const auto& action : tries) attempt(action);
    stale.clear();
    for (size_t i = 0; i < legal.size() && i < 40; ++i) stale.push_back(legal[i].action());
    const Action chosen = bot::ChooseAction(game, seat, legal, rng);
    auto applied = game.Apply(chosen);
    EXPECT_TRUE(applied.ok()) << applied.error().ToString();
    if (!applied.ok()) break;
  }
  return seen;
}

void ExpectKeyedAndRuled(const std::map<std::string, Seen>& seen, const std::set<std::string>& declared) {
  for (const auto& [key, refusal] : seen) {
    EXPECT_TRUE(std::regex_match(key, kKeyPattern)) << "'" << key << "': " << refusal.message;
    EXPECT_TRUE(declared.contains(key)) << key << " is not a key the source declares";
    EXPECT_NE(refusal.kind, ErrorKind::kBadData) << key << ": " << refusal.message;
    if (refusal.kind != ErrorKind::kMalformed) {
      EXPECT_FALSE(refusal.rule.empty()) << key << ": " << refusal.message;
    }
  }
}

mailrun::v1::GameConfig Config(mailrun::v1::Title title, int players, uint64_t seed) {
  mailrun::v1::GameConfig config;
  config.set_title(title);
  config.set_seed(seed);
  for (int i = 0; i < players; ++i) {
    auto* player = config.add_players();
    player->set_user_id("u" + std::to_string(i));
    player->set_display_name("Player " + std::to_string(i + 1));
  }
  return config;
}

TEST(RefusalKeys, EveryRefusalAtPlayCarriesAKeyAndARule1853) {
  const auto declared = ReadSourceRefusals().keys;
  const auto seen = WalkRefusals(Config(mailrun::v1::TITLE_1853, 4, 7), 400);
  ExpectKeyedAndRuled(seen, declared);
  std::cout << "1853: " << seen.size() << " distinct refusals drawn\n";
  EXPECT_GE(seen.size(), 40u);
}

TEST(RefusalKeys, EveryRefusalAtPlayCarriesAKeyAndARule1947) {
  const auto declared = ReadSourceRefusals().keys;
  const auto seen = WalkRefusals(Config(mailrun::v1::TITLE_1947, 4, 3), 400);
  ExpectKeyedAndRuled(seen, declared);
  std::cout << "1947: " << seen.size() << " distinct refusals drawn\n";
  EXPECT_GE(seen.size(), 20u);
}

// Issue 22: a refusal whose sentence names a value (a company, hex, tile, amount, seat, count...)
// carries it as a typed parameter, so an app can translate the sentence: every refusal call whose
// message is built (fmt::format, concatenation) has a `.With({...})`, and the German catalog's
// entry for its key has exactly the parameters' names as placeholders.
TEST(RefusalParams, EveryRefusalNamingAValueCarriesItTyped) {
  const auto catalog = GermanCatalog();
  std::map<std::string, std::set<std::string>> by_key;
  int built = 0, typed = 0;
  for (const auto& site : ReadRefusalSites()) {
    if (!FixedText(site.message)) {
      ++built;
      EXPECT_TRUE(site.with) << site.where << ": " << site.key << " names values in its message but has no .With({...})";
    }
    if (!site.with) continue;
    ++typed;
    EXPECT_FALSE(site.params.empty()) << site.where << ": " << site.key << " has an empty .With";
    const auto [known, fresh] = by_key.try_emplace(site.key, site.params);
    EXPECT_EQ(known->second, site.params) << site.where << ": " << site.key << " is given other parameters elsewhere";
    if (!catalog.contains(site.key)) {
      ADD_FAILURE() << site.where << ": " << site.key << " has parameters but no German entry in i18n/de.json";
      continue;
    }
    EXPECT_EQ(Placeholders(catalog.at(site.key).get<std::string>()), site.params)
        << site.where << ": the German entry of " << site.key << " must use exactly its parameters";
  }
  std::cout << built << " refusals build their message, " << typed << " carry typed parameters\n";
  EXPECT_GT(typed, 200);
}

// A value as the English sentence spells it: a seat by the player's name, money without grouping.
std::string Spelled(const TextParam& param) {
  switch (param.value_case()) {
    case TextParam::kSeat: return "Player " + std::to_string(param.seat() + 1);
    case TextParam::kAmount: return std::to_string(std::abs(param.amount()));
    case TextParam::kCount: return std::to_string(param.count());
    case TextParam::kCompany: return param.company();
    case TextParam::kHex: return param.hex();
    case TextParam::kCity: return param.city();
    case TextParam::kTile: return param.tile();
    case TextParam::kRule: return param.rule();
    case TextParam::kTrain: return param.train();
    case TextParam::kText: return param.text();
    default: return "?";
  }
}

// The refusals drawn at play: each typed parameter is a value its English sentence says, and the
// German entry of its key has exactly the parameters as placeholders.
void ExpectTypedAsSaid(const std::map<std::string, Seen>& seen, size_t at_least) {
  const auto catalog = GermanCatalog();
  size_t typed = 0;
  for (const auto& [key, refusal] : seen) {
    if (refusal.params.empty()) continue;
    ++typed;
    std::string message = refusal.message;
    std::erase(message, ',');  // "£1,200"
    std::set<std::string> names;
    for (const auto& param : refusal.params) {
      names.insert(param.name());
      EXPECT_NE(message.find(Spelled(param)), std::string::npos)
          << key << ": {" << param.name() << "} = '" << Spelled(param) << "' is not in \"" << refusal.message << "\"";
    }
    ASSERT_TRUE(catalog.contains(key)) << key;
    EXPECT_EQ(Placeholders(catalog.at(key).get<std::string>()), names) << key << ": " << refusal.message;
  }
  std::cout << typed << " of " << seen.size() << " refusals drawn carry typed parameters\n";
  EXPECT_GE(typed, at_least);
}

TEST(RefusalParams, RefusalsAtPlayCarryWhatTheySay1853) {
  ExpectTypedAsSaid(WalkRefusals(Config(mailrun::v1::TITLE_1853, 4, 7), 400), 25);
}

TEST(RefusalParams, RefusalsAtPlayCarryWhatTheySay1947) {
  ExpectTypedAsSaid(WalkRefusals(Config(mailrun::v1::TITLE_1947, 4, 3), 400), 15);
}

TEST(MessageCatalog, GermanHasEveryLogLineOfTheEngineWithItsPlaceholders) {
  const auto catalog = GermanCatalog();
  const std::regex said(R"re(Say\(\s*"((1853|1947|game)\.log\.[a-z0-9_.]+)",\s*"((?:[^"\\]|\\.)*)")re");
  int checked = 0;
  for (const char* dir : {"engine", "services"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(MAILRUN_SOURCE_DIR) / dir)) {
      if (entry.path().extension() != ".cc") continue;
      std::ifstream source_file(entry.path());
      std::stringstream text;
      text << source_file.rdbuf();
      const std::string source = text.str();
      for (std::sregex_iterator it(source.begin(), source.end(), said), end; it != end; ++it) {
        const std::string key = (*it)[1];
        const std::string english = (*it)[3];
        // The parameters the call passes: param::Kind("name", ...) up to the end of the statement.
        const size_t after = static_cast<size_t>(it->position(0) + it->length(0));
        const std::string call = source.substr(after, source.find(';', after) - after);
        std::set<std::string> passed;
        const std::regex named(R"re(param::[A-Za-z]+\("([a-z_]+)")re");
        for (std::sregex_iterator p(call.begin(), call.end(), named), none; p != none; ++p) passed.insert((*p)[1]);
        ++checked;
        ASSERT_TRUE(catalog.contains(key)) << key << " (\"" << english << "\") has no German entry";
        for (const auto& name : Placeholders(english)) EXPECT_TRUE(passed.contains(name)) << key << ": {" << name << "}";
        // A translation may use other parameters of the call (a company where English says "an EIR
        // share"), never one the call does not pass.
        for (const auto& name : Placeholders(catalog.at(key).get<std::string>())) {
          EXPECT_TRUE(passed.contains(name)) << key << ": the German {" << name << "} is not a parameter";
        }
      }
    }
  }
  EXPECT_GE(checked, 60);  // 1853's log lines, 1947's and the game service's
}

TEST(MessageCatalog, SpellingFillsTheTemplateFromTypedParameters) {
  const Spelling english{[](int seat) { return seat == 1 ? std::string("Beth") : std::string("?"); },
                         [](int64_t amount) { return "£" + std::to_string(amount); }};
  const Said said = Say("1853.log.elephant.buys", "{seat} buys the Elephant from {from_seat} for {price}",
                        {param::Seat("seat", 1), param::Seat("from_seat", 7), param::Amount("price", 40)}, english);
  EXPECT_EQ(said.text, "Beth buys the Elephant from ? for £40");
  EXPECT_EQ(said.structured.key(), "1853.log.elephant.buys");
  ASSERT_EQ(said.structured.params_size(), 3);
  EXPECT_EQ(said.structured.params(0).seat(), 1);
  EXPECT_EQ(said.structured.params(2).amount(), 40);
  // A placeholder without a parameter stays visible rather than vanishing.
  EXPECT_EQ(Spell("{seat} pays {amount}", {param::Seat("seat", 1)}, english), "Beth pays {amount}");
}

TEST(MessageCatalog, LegalActionsCarryTheirKindAndFieldsAsStructuredText) {
  mailrun::v1::GameConfig config;
  config.set_seed(7);
  for (int i = 0; i < 3; ++i) config.add_players()->set_display_name("P" + std::to_string(i));
  auto game = Game::Create(config);
  ASSERT_TRUE(game.ok()) << game.error().ToString();
  const auto legal = game->LegalActions(0);
  ASSERT_FALSE(legal.empty());
  EXPECT_EQ(legal[0].structured().key(), "1853.legal.commit_bond");
  bool has_range = false;
  for (const auto& p : legal[0].structured().params()) has_range = has_range || (p.name() == "max_amount" && p.amount() > 0);
  EXPECT_TRUE(has_range) << legal[0].structured().ShortDebugString();
}

}  // namespace
}  // namespace mailrun::engine
