// Acceptance 3 of issue 12: the README's "Playing from the command line" section is true. Every
// `mailrun` line of its walkthrough runs, in order, with the real mailrun binary against the whole
// stack (tests/e2e/stack/stack.h): TABLE and GAME become the ids the earlier commands printed, and
// the test checks what each line says it does. Every line of the walkthrough must be run by this
// test, and every README line the test runs must be in the walkthrough, so the two cannot drift.
//
// Besides: the login is saved under XDG_CONFIG_HOME (or HOME/.config without it) with mode 0600 in
// a 0700 folder, and no token ever appears in what mailrun prints; a move retried with its
// --request-id is applied once; `watch --count 1` started before a move prints the "your turn" the
// move causes, and exits; `account delete` refuses a wrong password, then deletes the account and
// its saved login (issue 22).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "tests/e2e/cli/cli_helpers.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;

// The `mailrun` lines of the README's walkthrough (the sh block of "Playing from the command
// line"), comments removed.
std::vector<std::string> WalkthroughLines() {
  std::ifstream file(mailrun::testing::SourcePath("README.md"));
  std::vector<std::string> lines;
  std::string line;
  bool in_section = false, in_block = false;
  while (std::getline(file, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Playing from the command line";
    if (!in_section) continue;
    if (line.rfind("```", 0) == 0) {
      in_block = !in_block;
      continue;
    }
    if (!in_block || line.rfind("mailrun ", 0) != 0) continue;
    const auto comment = line.find(" #");
    line = line.substr(0, comment);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

mode_t ModeOf(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return 0;
  return st.st_mode & 07777;
}

std::string ReadAll(const std::string& path) {
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

class CliWalkthrough : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("e2e_cli"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }

  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(home_);  // kept to look at after a failure
  }

  void SetUp() override {
    home_ = MakeTempDir();
    config_ = home_ + "/config";
    env_ = stack_->ClientEnvironment();
    env_["HOME"] = home_;
    env_["XDG_CONFIG_HOME"] = config_;
    env_["MAILRUN_PASSWORD"] = "walkthrough-password";
    env_.erase("MAILRUN_PROFILE");
    readme_ = WalkthroughLines();
  }

  // `line` with TABLE, GAME and board.svg replaced by what this run has.
  std::vector<std::string> Argv(const std::string& line) const {
    std::vector<std::string> argv;
    for (std::string word : Words(line)) {
      if (word == "TABLE") word = table_;
      if (word == "GAME") word = game_;
      if (word == "board.svg") word = home_ + "/board.svg";
      argv.push_back(word);
    }
    argv[0] = mailrun::testing::BinaryPath("mailrun");
    return argv;
  }

  // A line of the README's walkthrough (which must hold it), run to its end. Everything mailrun
  // printed is kept for the check that no token leaks.
  ChildResult Readme(const std::string& line, std::map<std::string, std::string> env_changes = {}) {
    EXPECT_NE(std::find(readme_.begin(), readme_.end(), line), readme_.end()) << "not in the README: " << line;
    ran_.insert(line);
    return Run(Argv(line), env_changes);
  }

  // A command that is not in the README (extra checks, --json for exact values).
  ChildResult Extra(const std::string& line, std::map<std::string, std::string> env_changes = {}) {
    return Run(Argv(line), env_changes);
  }

  ChildResult Run(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env_changes) {
    auto env = env_;
    for (const auto& [key, value] : env_changes) env[key] = value;
    ChildResult result = RunChild(argv, env, "", 60s);
    printed_ += result.out + result.err;
    return result;
  }

  static Stack* stack_;
  std::string home_, config_;
  std::map<std::string, std::string> env_;
  std::vector<std::string> readme_;
  std::set<std::string> ran_;
  std::string printed_;
  std::string table_, game_;
};
Stack* CliWalkthrough::stack_ = nullptr;

#define EXPECT_DONE(result) EXPECT_EQ((result).exit_code, 0) << (result).Describe()
#define ASSERT_DONE(result) ASSERT_EQ((result).exit_code, 0) << (result).Describe()

TEST_F(CliWalkthrough, TheReadmeWalkthroughPlaysTheFirstMovesOfAGame) {
  const auto started = std::chrono::steady_clock::now();
  ASSERT_GE(readme_.size(), 10u) << "the README has no walkthrough in \"Playing from the command line\"";

  // ---- Accounts: a saved login each, mode 0600 in a 0700 folder under XDG_CONFIG_HOME ----------
  auto r = Readme("mailrun register asha");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Registered and logged in as asha"), std::string::npos) << r.out;
  const std::string folder = config_ + "/mailrun";
  EXPECT_EQ(ModeOf(folder), 0700u);
  EXPECT_EQ(ModeOf(folder + "/credentials.json"), 0600u);
  ASSERT_DONE(Readme("mailrun --profile bram register bram"));
  ASSERT_DONE(Readme("mailrun --profile chen register chen"));
  EXPECT_EQ(ModeOf(folder + "/credentials-bram.json"), 0600u);
  EXPECT_EQ(ModeOf(folder + "/credentials-chen.json"), 0600u);
  const auto saved = nlohmann::json::parse(ReadAll(folder + "/credentials.json"));
  std::set<std::string> tokens = {saved.at("access_token").get<std::string>(),
                                  saved.at("refresh_token").get<std::string>()};
  r = Extra("mailrun --json --profile bram whoami");
  ASSERT_DONE(r);
  EXPECT_EQ(nlohmann::json::parse(r.out).at("displayName"), "bram");

  // ---- A table for four, two join, the host starts it with three ---------------------------------
  r = Readme("mailrun tables create --seats 4 --bank short --name \"Friday game\"");
  ASSERT_DONE(r);
  table_ = Find(r.out, "Table ([0-9a-f]+) \"Friday game\": open, 1 of 4 seats taken");
  ASSERT_FALSE(table_.empty()) << r.out;
  EXPECT_NE(r.out.find("1853 Retuned, short game (2.4.2)"), std::string::npos) << r.out;
  // A 1947 table says its map is a reconstruction (the host leaves it, which closes it); 1853's
  // options are not 1947's.
  r = Extra("mailrun tables create --title 1947 --seats 3 --name Monsoon");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("1947, reconstructed map"), std::string::npos) << r.out;
  const std::string table_1947 = Find(r.out, "Table ([0-9a-f]+) \"Monsoon\": open, 1 of 3 seats taken");
  ASSERT_FALSE(table_1947.empty()) << r.out;
  ASSERT_DONE(Extra("mailrun tables leave " + table_1947));
  r = Extra("mailrun tables create --title 1947 --bank short");
  EXPECT_EQ(r.exit_code, 2) << r.Describe();
  r = Readme("mailrun --profile bram tables list");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find(table_), std::string::npos) << r.out;
  r = Extra("mailrun --profile bram tables list --title 1947");
  ASSERT_DONE(r);
  EXPECT_EQ(r.out.find(table_), std::string::npos) << r.out;
  ASSERT_DONE(Readme("mailrun --profile bram tables join TABLE"));
  r = Readme("mailrun --profile chen tables join TABLE");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("open, 3 of 4 seats taken"), std::string::npos) << r.out;
  r = Readme("mailrun tables start TABLE");
  ASSERT_DONE(r);
  game_ = Find(r.out, "Game: ([0-9a-z]+)");
  ASSERT_FALSE(game_.empty()) << r.out;
  EXPECT_NE(r.out.find("playing, 3 players"), std::string::npos) << r.out;  // no longer "3 of 4 seats"
  EXPECT_NE(r.out.find("Players (in seat order): asha, bram, chen"), std::string::npos) << r.out;

  // ---- The game as asha sees it --------------------------------------------------------------------
  r = Readme("mailrun games list");
  ASSERT_DONE(r);
  EXPECT_TRUE(std::regex_search(r.out, std::regex(game_ + " +1853 Retuned +playing +YOURS"))) << r.out;
  r = Readme("mailrun games show GAME --board --svg board.svg");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("To act: asha (you), bram and chen"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Board: no tile laid and no base placed yet"), std::string::npos) << r.out;
  const std::string svg = ReadAll(home_ + "/board.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  r = Readme("mailrun games turn GAME");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("your turn: mailrun actions " + game_), std::string::npos) << r.out;
  r = Readme("mailrun actions GAME");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("1  Write down your bond"), std::string::npos) << r.out;

  // ---- The bonds (2.5.2.2): a short form, then numbered choices with amounts ----------------------
  r = Readme("mailrun act GAME --bond 400");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("asha has written down a bond"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Done: version 1"), std::string::npos) << r.out;
  ASSERT_DONE(Readme("mailrun --profile bram act GAME --choice 1 --amount 300"));

  // asha watches (in "another terminal") while chen's bond makes it her turn to claim a city.
  ChildProcess watch(Argv("mailrun watch --count 1"), env_);
  ran_.insert("mailrun watch --count 1");
  ASSERT_TRUE(watch.WaitForError("Watching the notifications of asha", 30s)) << watch.Finish(1s).Describe();
  const std::string chen_bond = "mailrun --profile chen act GAME --bond 250 --request-id chen-bond";
  r = Readme(chen_bond);
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Seating order: asha, bram, chen"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Done: version 3 (request id chen-bond)"), std::string::npos) << r.out;
  const ChildResult watched = watch.Finish(30s);
  printed_ += watched.out + watched.err;
  EXPECT_DONE(watched);
  EXPECT_TRUE(std::regex_search(watched.out, std::regex("Your turn: .*claims a city.*\\(game " + game_ + "\\)")))
      << watched.Describe();
  EXPECT_EQ(std::count(watched.out.begin(), watched.out.end(), '\n'), 1) << watched.out;

  // The same move retried with its request id is answered again and applied once.
  r = Extra(chen_bond);
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Done: version 3 (request id chen-bond)"), std::string::npos) << r.out;
  // The form a lost answer's message prints for the retry: the move as JSON, the same request id.
  r = Extra("mailrun --profile chen act GAME --request-id chen-bond --action '{\"commitBond\":{\"amount\":250}}'");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Done: version 3 (request id chen-bond)"), std::string::npos) << r.out;
  r = Extra("mailrun --json games turn GAME");
  ASSERT_DONE(r);
  const auto turn = nlohmann::json::parse(r.out);
  EXPECT_EQ(turn.at("version"), "3");
  EXPECT_EQ(turn.at("yourTurn"), true);
  EXPECT_EQ(turn.at("round"), "Contract bids: asha claims a city");

  // ---- The largest bond claims first (2.5.2.3, 2.5.2.4) ----------------------------------------------
  r = Readme("mailrun act GAME --claim Patna:EIR");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("asha claims an EIR share"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("To act: bram"), std::string::npos) << r.out;
  // Her bid so far (2.5.2.6, 2.5.2.9): three players bid for four to six cities; Patna's £20 of her £400.
  r = Extra("mailrun games show GAME");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Your bid: 1 of 4 to 6 cities named (2.5.2.6); bond £400, their values £20, not yet covered "
                       "£380 (2.5.2.9)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Your secret cities: Patna"), std::string::npos) << r.out;
  // A table started with three of its four seats lists its players, not seats still to take.
  r = Extra("mailrun tables list --mine");
  ASSERT_DONE(r);
  EXPECT_TRUE(std::regex_search(r.out, std::regex(table_ + " .* playing +3 players"))) << r.out;
  EXPECT_EQ(r.out.find("3/4"), std::string::npos) << r.out;
  r = Extra("mailrun --profile bram act GAME --claim Patna");  // bad input: nothing is sent
  EXPECT_EQ(r.exit_code, 2) << r.Describe();
  EXPECT_NE(r.err.find("--claim wants CITY:COMPANY"), std::string::npos) << r.err;
  r = Extra("mailrun runs GAME --company EIR");
  EXPECT_EQ(r.exit_code, 1) << r.Describe();
  EXPECT_NE(r.err.find("FAILED_PRECONDITION"), std::string::npos) << r.err;

  r = Readme("mailrun history GAME");
  ASSERT_DONE(r);
  for (const std::string line : {"#1 asha", "asha bonds £400 (cash left £330)", "bram bonds £300", "chen bonds £250",
                                  "#4 asha", "asha claims an EIR share"}) {
    EXPECT_NE(r.out.find(line), std::string::npos) << line << " not in\n" << r.out;
  }
  r = Readme("mailrun inbox");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("Your turn"), std::string::npos) << r.out;

  // ---- The lobby's other lists answer (nothing finished yet) ----------------------------------------
  r = Extra("mailrun tournaments list");
  ASSERT_DONE(r);
  EXPECT_NE(r.out.find("No tournaments"), std::string::npos) << r.out;
  r = Extra("mailrun --json results");
  ASSERT_DONE(r);
  EXPECT_TRUE(nlohmann::json::parse(r.out).value("results", nlohmann::json::array()).empty()) << r.out;
  r = Extra("mailrun leaderboard");
  ASSERT_DONE(r);

  // ---- Logging out deletes the saved login; HOME/.config without XDG_CONFIG_HOME ------------------
  r = Readme("mailrun logout");
  ASSERT_DONE(r);
  EXPECT_EQ(ModeOf(folder + "/credentials.json"), 0u) << "the login is still saved";
  r = Extra("mailrun games list");
  EXPECT_EQ(r.exit_code, 4) << r.Describe();
  r = Extra("mailrun login asha", {{"XDG_CONFIG_HOME", ""}});
  ASSERT_DONE(r);
  EXPECT_EQ(ModeOf(home_ + "/.config/mailrun"), 0700u);
  EXPECT_EQ(ModeOf(home_ + "/.config/mailrun/credentials.json"), 0600u);
  r = Extra("mailrun games list", {{"XDG_CONFIG_HOME", ""}});
  ASSERT_DONE(r);
  EXPECT_TRUE(std::regex_search(r.out, std::regex(game_ + " +1853 Retuned +playing +-"))) << r.out;
  const auto relogged = nlohmann::json::parse(ReadAll(home_ + "/.config/mailrun/credentials.json"));
  tokens.insert(relogged.at("access_token").get<std::string>());
  tokens.insert(relogged.at("refresh_token").get<std::string>());
  r = Extra("mailrun --json login asha", {{"XDG_CONFIG_HOME", ""}});
  ASSERT_DONE(r);
  EXPECT_EQ(nlohmann::json::parse(r.out).count("accessToken"), 0u) << r.out;

  // ---- Deleting the account asks for the password; the seat plays on under a placeholder ------------
  r = Extra("mailrun account delete", {{"XDG_CONFIG_HOME", ""}, {"MAILRUN_PASSWORD", "not-the-password"}});
  EXPECT_EQ(r.exit_code, 1) << r.Describe();
  EXPECT_EQ(ModeOf(home_ + "/.config/mailrun/credentials.json"), 0600u) << "a refused deletion keeps the login";
  r = Extra("mailrun account delete", {{"XDG_CONFIG_HOME", ""}});
  ASSERT_DONE(r);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("Account deleted; your results now read 'deleted player [0-9a-f]{8}', "
                                                  "1 running game is played on by the bot")))
      << r.out;
  EXPECT_EQ(ModeOf(home_ + "/.config/mailrun/credentials.json"), 0u) << "the login is still saved";
  r = Extra("mailrun login asha", {{"XDG_CONFIG_HOME", ""}});
  EXPECT_NE(r.exit_code, 0) << "the account is gone: " << r.Describe();

  // ---- Nothing printed a token; the README's walkthrough ran whole -------------------------------------
  for (const auto& token : tokens) {
    ASSERT_GT(token.size(), 20u);
    EXPECT_EQ(printed_.find(token), std::string::npos) << "a token was printed";
  }
  for (const auto& line : readme_) EXPECT_TRUE(ran_.count(line)) << "the README line is not tested: " << line;
  std::cout << "[ walkthrough ] " << ran_.size() << " README lines in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count()
            << " ms\n";
}

// The lobby's device tokens (docs/operations.md, "Logins"): this computer keeps the one its logins
// got (devices.json, 0600, also after logout, never printed) and sends it with the next login, so
// a stranger failing to log in as the player from another computer cannot hold this one back.
TEST_F(CliWalkthrough, ThisComputersLoginGetsInWhileAStrangersFailuresHoldTheAccountBack) {
  ASSERT_DONE(Extra("mailrun register Devicer"));
  ASSERT_DONE(Extra("mailrun logout"));
  const std::string devices = config_ + "/mailrun/devices.json";
  struct stat st {};
  ASSERT_EQ(stat(devices.c_str(), &st), 0) << "no device token kept after logout";
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  const std::string kept = mailrun::testing::ReadFile(devices);
  const std::string token = Find(kept, "\"[^\"]* devicer\": \"([^\"]+)\"");
  ASSERT_FALSE(token.empty()) << kept;
  EXPECT_EQ(printed_.find(token), std::string::npos) << "the device token was printed";

  const std::map<std::string, std::string> stranger = {{"XDG_CONFIG_HOME", home_ + "/stranger"},
                                                       {"MAILRUN_PASSWORD", "not-the-password"}};
  for (int i = 0; i < 6; ++i) EXPECT_NE(Extra("mailrun login devicer", stranger).exit_code, 0);
  const auto new_computer = Extra("mailrun login devicer", {{"XDG_CONFIG_HOME", home_ + "/stranger"}});
  EXPECT_NE(new_computer.exit_code, 0) << "the account's allowance for unknown devices was not used up";
  const auto this_computer = Extra("mailrun login DEVICER");
  EXPECT_DONE(this_computer);
}

}  // namespace
}  // namespace mailrun::e2e
