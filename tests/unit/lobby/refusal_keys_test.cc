// Issue 22: every refusal the lobby and the notification service can give carries a stable message
// key in the standard error details, as the game service's do. Two checks: the source, where every
// refusal is made (lobby_status.h's factories take a literal key first; no service builds a refusal
// status by hand), and the factories themselves, whose statuses carry the key, the kind and, for a
// bad request, the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "services/common/refusal_details.h"
#include "services/lobby/lobby_status.h"
#include "tests/testing/source_calls.h"

namespace mailrun::lobby {
namespace {

namespace fs = std::filesystem;
using mailrun::service::RefusalOf;

std::string Read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<fs::path> Sources(const std::string& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(MAILRUN_SOURCE_DIR) / dir)) {
    const auto ext = entry.path().extension();
    if (ext == ".cc" || ext == ".h") out.push_back(entry.path());
  }
  return out;
}

TEST(LobbyRefusalKeys, EveryRefusalInTheSourceHasALiteralKey) {
  const std::regex factory(R"((^|[^A-Za-z0-9_:.])(Invalid|NotNow|Denied|NotFound|Unauthenticated|Taken)\(\s*([^,\n]*))");
  const std::regex key(R"re(^"lobby\.[a-z]+\.[a-z0-9_]+"$)re");
  std::vector<std::string> faults;
  std::set<std::string> keys;
  int sites = 0;
  for (const auto& path : Sources("services/lobby")) {
    if (path.filename() == "lobby_status.h") continue;  // the factories themselves
    const std::string source = Read(path);
    for (std::sregex_iterator it(source.begin(), source.end(), factory), end; it != end; ++it) {
      ++sites;
      const std::string first = (*it)[3];
      if (!std::regex_match(first, key)) faults.push_back(path.filename().string() + ": " + (*it)[2].str() + "(" + first);
      keys.insert(first);
    }
  }
  EXPECT_TRUE(faults.empty()) << ::testing::PrintToString(faults);
  EXPECT_GT(sites, 90) << "the lobby refuses in some hundred places";
  EXPECT_GT(keys.size(), 70u);
}

std::set<std::string> Names(const std::string& text, const std::regex& pattern) {
  std::set<std::string> names;
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

// The German catalog's messages (i18n/de.json), or none when it cannot be read.
nlohmann::json GermanCatalog() {
  std::ifstream in(fs::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  EXPECT_TRUE(in) << "i18n/de.json is missing";
  return in ? nlohmann::json::parse(in).at("messages") : nlohmann::json::object();
}

// A fault unless the catalog has `key` with exactly `params` as its placeholders.
void CheckGermanEntry(const nlohmann::json& catalog, const std::string& where, const std::string& key,
                      const std::set<std::string>& params, std::vector<std::string>* faults) {
  static const std::regex placeholder(R"(\{([a-z_]+)\})");
  if (!catalog.contains(key)) {
    faults->push_back(where + " has parameters but no German entry in i18n/de.json");
  } else if (Names(catalog.at(key).get<std::string>(), placeholder) != params) {
    faults->push_back(where + ": the German entry's placeholders are not its parameters " + ::testing::PrintToString(params));
  }
}

// Issue 22: a lobby refusal whose message names a value (an id, a display name, a count, a reason
// passed on) carries it as a typed parameter, and the German catalog's entry for its key has
// exactly the parameters' names as placeholders.
TEST(LobbyRefusalKeys, EveryRefusalNamingAValueCarriesItTyped) {
  const std::regex factory(R"((^|[^A-Za-z0-9_:.])(Invalid|NotNow|Denied|NotFound|Unauthenticated|Taken)\()");
  const std::regex literal(R"re("([^"\\]|\\.)*")re");
  const std::regex glue(R"(std::string|\bk[A-Z][A-Za-z0-9]*\b|PageProblem\(\)|[()+\s])");
  const std::regex named(R"re(param::[A-Za-z]+\("([a-z_]+)")re");
  const auto catalog = GermanCatalog();
  std::vector<std::string> faults;
  int typed = 0;
  for (const auto& path : Sources("services/lobby")) {
    if (path.filename() == "lobby_status.h") continue;
    const std::string source = Read(path);
    for (std::sregex_iterator it(source.begin(), source.end(), factory), end; it != end; ++it) {
      const auto args = mailrun::testing::CallArguments(source, static_cast<size_t>(it->position(0) + it->length(0)));
      const size_t message_at = (*it)[2] == "Invalid" ? 2 : 1;
      if (args.size() <= message_at) continue;
      const std::string where = path.filename().string() + ": " + args[0];
      const bool fixed = std::regex_replace(std::regex_replace(args[message_at], literal, ""), glue, "").empty();
      const bool has_params = args.size() > message_at + 1;
      if (!fixed && !has_params) faults.push_back(where + " names values in its message but passes no parameters");
      if (!has_params) continue;
      ++typed;
      const std::string key = args[0].substr(args[0].find('"') + 1, args[0].rfind('"') - args[0].find('"') - 1);
      CheckGermanEntry(catalog, where, key, Names(args[message_at + 1], named), &faults);
    }
  }
  EXPECT_TRUE(faults.empty()) << ::testing::PrintToString(faults);
  EXPECT_GT(typed, 25);
}

// The same for the game and notification services' and the common checks' own refusals
// (RefusalStatus with a literal key): a message built where the refusal is made (fmt::format, +)
// passes the values it names typed, and the German entry has exactly those placeholders.
TEST(LobbyRefusalKeys, EveryServiceRefusalNamingAValueCarriesItTyped) {
  const std::regex call(R"((^|[^A-Za-z0-9_.])RefusalStatus\()");
  const std::regex built(R"(fmt::format\(|\+)");
  const std::regex key(R"re(^\{\s*"([a-z0-9_.]+)")re");
  const std::regex named(R"re((?:TextValue|CountValue|param::[A-Za-z]+)\("([a-z_]+)")re");
  const auto catalog = GermanCatalog();
  std::vector<std::string> faults;
  int typed = 0;
  for (const std::string dir : {"services/game", "services/notification", "services/common"}) {
    for (const auto& path : Sources(dir)) {
      const std::string source = Read(path);
      for (std::sregex_iterator it(source.begin(), source.end(), call), end; it != end; ++it) {
        const auto args = mailrun::testing::CallArguments(source, static_cast<size_t>(it->position(0) + it->length(0)));
        std::smatch literal;
        if (args.size() < 3 || !std::regex_search(args[2], literal, key)) continue;  // a refusal passed on
        const std::string where = path.filename().string() + ": " + literal[1].str();
        const auto params = Names(args[2], named);
        if (std::regex_search(args[1], built) && params.empty()) faults.push_back(where + " builds its message but passes no parameters");
        if (params.empty()) continue;
        ++typed;
        CheckGermanEntry(catalog, where, literal[1].str(), params, &faults);
      }
    }
  }
  EXPECT_TRUE(faults.empty()) << ::testing::PrintToString(faults);
  EXPECT_GE(typed, 8);
}

// The game service's own factories (services/game/game_status.h): Invalid, InvalidField, NotNow,
// Denied. A call whose message is built (fmt::format, +) passes the values typed under a key of its
// own, whose German entry has exactly those placeholders; a fixed message may pass none.
TEST(LobbyRefusalKeys, EveryGameServiceRefusalNamingAValueCarriesItTyped) {
  const std::regex call(R"((^|[^A-Za-z0-9_.:])(Invalid|InvalidField|NotNow|Denied)\()");
  const std::regex built(R"(fmt::format\(|\+)");
  const std::regex literal(R"re(^\s*"([a-z0-9_.]*)"\s*$)re");
  const std::regex named(R"re((?:TextValue|CountValue|param::[A-Za-z]+)\("([a-z_]+)")re");
  const auto catalog = GermanCatalog();
  std::vector<std::string> faults;
  int typed = 0;
  int calls = 0;
  for (const auto& path : Sources("services/game")) {
    if (path.filename() == "game_status.cc" || path.filename() == "game_status.h") continue;
    const std::string source = Read(path);
    for (std::sregex_iterator it(source.begin(), source.end(), call), end; it != end; ++it) {
      const auto args = mailrun::testing::CallArguments(source, static_cast<size_t>(it->position(0) + it->length(0)));
      if (args.empty()) continue;
      ++calls;
      const bool field = (*it)[2] == "InvalidField";
      // (message) or (key, message, params); InvalidField: (field, message[, params[, reason]]).
      const size_t message_at = field || args.size() >= 3 ? 1 : 0;
      const std::string where = path.filename().string() + ": " + (*it)[2].str() + "(" + args[0] + ")";
      if (args.size() <= message_at) continue;
      const auto params = args.size() > message_at + 1 ? Names(args[message_at + 1], named) : std::set<std::string>{};
      if (std::regex_search(args[message_at], built) && params.empty()) {
        faults.push_back(where + " builds its message but passes no parameters");
      }
      if (params.empty()) continue;
      std::smatch first, reason;
      if (!std::regex_search(args[0], first, literal)) {
        faults.push_back(where + ": the key (or field) is not a literal");
        continue;
      }
      std::string key = first[1].str();
      if (field) {
        key = "game.invalid." + key;
        if (args.size() > 3 && std::regex_search(args[3], reason, literal)) key += "." + reason[1].str();
      }
      ++typed;
      CheckGermanEntry(catalog, where, key, params, &faults);
    }
  }
  EXPECT_TRUE(faults.empty()) << ::testing::PrintToString(faults);
  EXPECT_GE(calls, 30) << "the game service refuses in some dozens of places";
  EXPECT_GE(typed, 10);
}

TEST(LobbyRefusalKeys, NoServiceBuildsARefusalStatusByHand) {
  // A status with one of the refusal codes is made by RefusalStatus (services/common/refusal_details.h)
  // or a factory calling it, so that it carries the details.
  const std::regex by_hand(
      R"((^|[^A-Za-z_])Status\(\s*(grpc::)?StatusCode::(INVALID_ARGUMENT|FAILED_PRECONDITION|NOT_FOUND|PERMISSION_DENIED|UNAUTHENTICATED|ALREADY_EXISTS|OUT_OF_RANGE))");
  std::vector<std::string> faults;
  for (const std::string dir : {"services/lobby", "services/notification", "services/common", "services/game"}) {
    for (const auto& path : Sources(dir)) {
      const std::string source = Read(path);
      for (std::sregex_iterator it(source.begin(), source.end(), by_hand), end; it != end; ++it) {
        faults.push_back(path.lexically_relative(MAILRUN_SOURCE_DIR).string() + ": " + it->str());
      }
    }
  }
  EXPECT_TRUE(faults.empty()) << ::testing::PrintToString(faults);
}

TEST(LobbyRefusalKeys, TheFactoriesPutKeyKindAndFieldInTheDetails) {
  const auto invalid = RefusalOf(Invalid("lobby.table.min_open_seats_range", "min_open_seats", "min_open_seats must be 0 to 6"));
  ASSERT_TRUE(invalid.has_value());
  EXPECT_EQ(invalid->key, "lobby.table.min_open_seats_range");
  EXPECT_EQ(invalid->domain, "mailrun.app");
  EXPECT_EQ(invalid->kind, "malformed");
  EXPECT_EQ(invalid->bad_field, "min_open_seats");
  EXPECT_EQ(invalid->bad_description, "min_open_seats must be 0 to 6");

  const grpc::Status not_now = NotNow("lobby.table.full", "the table is full");
  EXPECT_EQ(not_now.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(not_now.error_message(), "the table is full");
  const auto seen = RefusalOf(not_now);
  ASSERT_TRUE(seen.has_value());
  EXPECT_EQ(seen->key, "lobby.table.full");
  EXPECT_EQ(seen->kind, "not_now");
  EXPECT_TRUE(seen->bad_field.empty());

  const auto checked = RefusalOf(InvalidIf("display_name", std::string("display_name must be at most 24 characters")));
  ASSERT_TRUE(checked.has_value());
  EXPECT_EQ(checked->key, "lobby.invalid.display_name");
  EXPECT_EQ(checked->bad_field, "display_name");
  EXPECT_TRUE(InvalidIf("display_name", std::nullopt).ok());

  EXPECT_EQ(RefusalOf(Denied("lobby.table.host_only", "only the host can start the table"))->kind, "denied");
  EXPECT_EQ(RefusalOf(NotFound("lobby.table.not_found", "no table with id 'x'"))->kind, "not_found");
  EXPECT_EQ(RefusalOf(Unauthenticated("lobby.account.wrong_credentials", "wrong"))->kind, "unauthenticated");
  EXPECT_EQ(RefusalOf(Taken("lobby.account.display_name_taken", "taken"))->kind, "taken");

  const auto typed = RefusalOf(NotFound("lobby.table.not_found", "no table with id 't9'", {param::Text("table_id", "t9")}));
  ASSERT_TRUE(typed.has_value());
  ASSERT_EQ(typed->params.size(), 1u);
  EXPECT_EQ(typed->params[0].name(), "table_id");
  EXPECT_EQ(typed->params[0].text(), "t9");
}

}  // namespace
}  // namespace mailrun::lobby
