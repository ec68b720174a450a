// A game's chat and notes through the mailrun command line against the whole stack (issue 43):
// three logins open a table; one writes in the game's chat with an @mention and with markup, the
// mentioned player finds the mention in their inbox (game service outbox -> relay -> Redis ->
// notification service), everyone reads the chat as text, the author deletes a message, and a
// player's notes are saved and read back by that player only. And a running 1853 game exported by
// another player (`mailrun export`: the others' secret bonds withheld), a study game made from the
// file (`mailrun study`) and a move played in it, the source game unmoved; an order to decline
// offers (`mailrun program decline`) left and listed. And an abandoned seat (`mailrun seat`): two
// votes for a substitute, the host inviting one by name (a name nobody has refused naming it),
// the substitute taking the seat; the suite's lobby allows a 3 s turn deadline for it.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "tests/e2e/cli/cli_helpers.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

#define ASSERT_DONE(result) ASSERT_EQ((result).exit_code, 0) << (result).Describe()
#define EXPECT_SHOWS(result, text) EXPECT_NE((result).out.find(text), std::string::npos) << (result).out

class CliChat : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    stack_ = new Stack("e2e_cli_chat", 1, {},
                       {{"MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS", "3"}, {"MAILRUN_SEAT_CHECK_MS", "500"}});
  }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    home_ = MakeTempDir();
    env_ = stack_->ClientEnvironment();
    env_["HOME"] = home_;
    env_["XDG_CONFIG_HOME"] = home_ + "/config";
    env_["MAILRUN_PASSWORD"] = "table-talk-password";
    env_.erase("MAILRUN_PROFILE");
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(home_);
  }

  // `mailrun --profile PLAYER ARGS...` (the word GAME replaced by this game's id).
  ChildResult Mailrun(const std::string& player, std::vector<std::string> args) {
    std::vector<std::string> argv = {mailrun::testing::BinaryPath("mailrun"), "--profile", player};
    for (auto& word : args) argv.push_back(word == "GAME" ? game_ : word);
    return RunChild(argv, env_, "", 60s);
  }
  ChildResult Mailrun(const std::string& player, const std::string& line) { return Mailrun(player, Words(line)); }
  // The three register, the first opens a table for three (`create`: tables create's options),
  // the others join, and its game starts: into game_.
  void StartGame(const std::vector<std::string>& players, const std::string& create) {
    for (const std::string& player : players) ASSERT_DONE(Mailrun(player, "register " + player));
    auto r = Mailrun(players[0], "tables create --seats 3 " + create);
    ASSERT_DONE(r);
    const std::string table = Find(r.out, "Table ([0-9a-f]+) ");
    ASSERT_FALSE(table.empty()) << r.out;
    ASSERT_DONE(Mailrun(players[1], "tables join " + table));
    r = Mailrun(players[2], "tables join " + table);
    ASSERT_DONE(r);
    game_ = Find(r.out, "Game: ([0-9a-z]+)");
    if (game_.empty()) {
      r = Mailrun(players[0], "tables start " + table);
      ASSERT_DONE(r);
      game_ = Find(r.out, "Game: ([0-9a-z]+)");
    }
    ASSERT_FALSE(game_.empty()) << r.out;
  }

  static Stack* stack_;
  std::string home_;
  std::map<std::string, std::string> env_;
  std::string game_;
};
Stack* CliChat::stack_ = nullptr;

TEST_F(CliChat, AMentionReachesTheInboxAndChatIsShownAsText) {
  ASSERT_NO_FATAL_FAILURE(StartGame({"priya", "tom", "ines"}, "--title 1947 --name Talk"));
  auto r = Mailrun("priya", std::vector<std::string>{"chat", "post", "--game", "GAME", "@tom I'm away till Monday"});
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "#1 [v0] priya: @tom I'm away till Monday");
  r = Mailrun("priya", std::vector<std::string>{"chat", "post", "--game", "GAME", "<script>alert(1)</script>"});
  ASSERT_DONE(r);

  // The mention reaches tom's inbox through the notification pipeline; ines gets none.
  json mention;
  for (int i = 0; i < 100 && mention.is_null(); ++i) {
    r = Mailrun("tom", "--json inbox");
    ASSERT_DONE(r);
    for (const auto& n : json::parse(r.out).value("notifications", json::array())) {
      if (n.value("kind", "") == "EVENT_KIND_CHAT_MENTION") mention = n;
    }
    if (mention.is_null()) std::this_thread::sleep_for(200ms);
  }
  ASSERT_FALSE(mention.is_null()) << "no mention in tom's inbox\n" << stack_->LogTails();
  EXPECT_EQ(mention["event"]["chatMention"]["gameId"], game_);
  EXPECT_EQ(mention["event"]["chatMention"]["fromDisplayName"], "priya");
  EXPECT_NE(mention.value("text", "").find("I'm away till Monday"), std::string::npos) << mention.dump();
  r = Mailrun("ines", "--json inbox");
  ASSERT_DONE(r);
  EXPECT_EQ(r.out.find("CHAT_MENTION"), std::string::npos) << r.out;

  // Everyone reads it, as text.
  r = Mailrun("ines", "chat show --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "#1 [v0] priya: @tom I'm away till Monday");
  EXPECT_SHOWS(r, "#2 [v0] priya: <script>alert(1)</script>");
  // The author deletes the second; tom may not delete the first.
  EXPECT_NE(Mailrun("tom", "chat delete --game GAME 1").exit_code, 0);
  ASSERT_DONE(Mailrun("priya", "chat delete --game GAME 2"));
  r = Mailrun("tom", "chat show --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "#2 [v0] priya: (deleted)");

  // Notes: saved and read back by their author; another player's are their own.
  ASSERT_DONE(Mailrun("tom", std::vector<std::string>{"notes", "--game", "GAME", "--set", "buy the P3 below 200"}));
  r = Mailrun("tom", "notes --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "buy the P3 below 200");
  r = Mailrun("ines", "notes --game GAME");
  ASSERT_DONE(r);
  EXPECT_EQ(r.out.find("P3"), std::string::npos) << r.out;
}

TEST_F(CliChat, ARunningGameIsExportedWithoutOthersSecretsAndStudiedByPlayingEverySeat) {
  ASSERT_NO_FATAL_FAILURE(StartGame({"uma", "vik", "wen"}, "--name Study"));
  // 2.5.2.2: uma and vik write their bonds (secret until every bond is written); wen has not yet.
  ASSERT_DONE(Mailrun("uma", "act GAME --bond 410"));
  ASSERT_DONE(Mailrun("vik", "act GAME --bond 370"));
  ChildResult r;

  // wen exports the running game: two entries, both bonds withheld from the file.
  const std::string file = home_ + "/record.json";
  r = Mailrun("wen", "--json export GAME --out " + file);
  ASSERT_DONE(r);
  const json summary = json::parse(r.out);
  EXPECT_EQ(summary["version"], "2");
  EXPECT_EQ(summary["entries"], 2);
  EXPECT_FALSE(summary.value("withheld", "").empty()) << r.out;
  std::ifstream in(file);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const json record = json::parse(written);
  ASSERT_EQ(record["entries"].size(), 2u) << written;
  for (const auto& entry : record["entries"]) {
    EXPECT_TRUE(entry.value("withheld", false)) << entry.dump();
    EXPECT_EQ(entry["action"]["commitBond"].value("amount", 0), 0) << "a bond reached wen's file: " << entry.dump();
  }
  // uma's own export keeps her own bond, and only hers.
  r = Mailrun("uma", "export GAME");
  ASSERT_DONE(r);
  std::vector<int> bonds;
  const json own = json::parse(r.out);  // kept: a range-for over a temporary's member would dangle
  for (const auto& entry : own["entries"]) bonds.push_back(entry["action"]["commitBond"].value("amount", 0));
  EXPECT_EQ(bonds, (std::vector<int>{410, 0})) << r.out;

  // wen studies from the file: the withheld bonds get stand-ins, and wen plays the seat to act.
  r = Mailrun("wen", "study " + file);
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "(unranked) at version 2");
  EXPECT_SHOWS(r, "2 withheld entries were replayed with a stand-in");
  const std::string study = Find(r.out, "Study game ([0-9a-z]+)");
  ASSERT_FALSE(study.empty()) << r.out;
  ASSERT_NE(study, game_);
  r = Mailrun("wen", "act " + study + " --bond 330");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Done: version 3");
  r = Mailrun("wen", "--json games show " + study);
  ASSERT_DONE(r);
  const json studied = json::parse(r.out);
  EXPECT_TRUE(studied.value("study", false)) << r.out;
  EXPECT_EQ(studied["version"], "3");
  r = Mailrun("uma", "--json games show GAME");
  ASSERT_DONE(r);
  EXPECT_EQ(json::parse(r.out)["version"], "2") << "the study moved nothing in the source game";

  // An order to decline offers (1853 3.1.11, 4.8.9), seen by the others.
  r = Mailrun("vik", "program decline --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "decline in offers (active, 0 move(s) made)");
  r = Mailrun("uma", "program list --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, ": decline in offers (active");
}

TEST_F(CliChat, AnAbandonedSeatIsVotedToASubstituteInvitedByNameWhoTakesIt) {
  ASSERT_NO_FATAL_FAILURE(StartGame({"ana", "ben", "cai"}, "--title 1947 --turn-deadline 3 --abandon-after 1 --name Seats"));
  ASSERT_DONE(Mailrun("dora", "register dora"));
  // The seat to act first (one bids at a time in 1947's auction) never moves.
  auto r = Mailrun("ana", "--json games show GAME");
  ASSERT_DONE(r);
  const json shown = json::parse(r.out);
  const int leaver = shown["view"]["activeSeats"][0];
  const std::string leaver_name = shown["view"]["players"][leaver]["displayName"];
  std::vector<std::string> others;
  for (const std::string name : {"ana", "ben", "cai"}) {
    if (name != leaver_name) others.push_back(name);
  }
  ASSERT_EQ(others.size(), 2u) << leaver_name;
  const std::string seat = std::to_string(leaver);
  bool abandoned = false;
  for (int i = 0; i < 120 && !abandoned; ++i) {
    r = Mailrun(others[0], "--json seat status --game GAME");
    ASSERT_DONE(r);
    abandoned = json::parse(r.out)["seats"][leaver].value("abandoned", false);
    if (!abandoned) std::this_thread::sleep_for(500ms);
  }
  ASSERT_TRUE(abandoned) << "seat " << seat << " never counted as abandoned\n" << stack_->LogTails();
  r = Mailrun(others[0], "seat status --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "seat " + seat + " " + leaver_name + ": ");
  EXPECT_SHOWS(r, "missed deadline(s) in a row, ABANDONED");

  // Both others vote for a substitute (the majority of two); then the host invites one by name.
  r = Mailrun(others[0], "seat vote --game GAME " + seat + " substitute");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "votes: seat ");
  r = Mailrun(others[1], "seat vote --game GAME " + seat + " substitute");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "decided: a substitute, the host invites one");
  const std::string host = leaver_name == "ana" ? others[0] : "ana";  // the leaver's seat: any other player
  r = Mailrun(host, "seat invite GAME " + seat + " nobody-here");
  EXPECT_NE(r.exit_code, 0) << r.Describe();
  EXPECT_NE(r.err.find("nobody-here"), std::string::npos) << "the refusal names the name: " << r.err;
  r = Mailrun(host, "seat status --game GAME");
  EXPECT_SHOWS(r, "decided: a substitute, the host invites one");  // the wrong name changed nothing
  r = Mailrun(host, "seat invite GAME " + seat + " DORA");  // any case
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "invited: dora");
  r = Mailrun(others[1], "seat status --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "seat " + seat + " " + leaver_name);
  EXPECT_SHOWS(r, "invited: dora");

  // dora finds the offer and takes the seat where the leaver left it.
  r = Mailrun("dora", "seat invitations");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "game " + game_ + " seat " + seat + " (left by " + leaver_name + "), invited by " + host);
  r = Mailrun("dora", "seat accept GAME " + seat);
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "You hold seat " + seat + " now.");
  r = Mailrun("dora", "--json games show GAME");
  ASSERT_DONE(r);
  const json taken = json::parse(r.out);
  EXPECT_EQ(taken.value("yourSeat", 0), leaver);
  EXPECT_EQ(taken.value("version", "0"), "0") << "the seat is taken where the leaver left it";
  r = Mailrun(others[0], "seat status --game GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "handed over to the substitute (left by " + leaver_name + ")");
}

}  // namespace
}  // namespace mailrun::e2e
