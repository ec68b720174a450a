// Acceptance 3 of issue 17 through the command line: three players, each with their own mailrun
// login (a --profile each), open a 1947 table in the lobby and play its private auction (3.2) and
// first stock round (5) to the first operating round with the real mailrun binary against the whole
// stack. Each move is one a player makes: look whose turn it is, list the legal actions, and play
// one with a short form (--bid, --par, --buy COMPANY[:savings], --pass) or a numbered choice with an
// amount. The test checks what the CLI shows on the way (the private on auction and its bid, the
// privates' owners and hammer prices, the railways' par and place on the market grid, the players'
// cash, wealth and certificates, the round); then at the first operating round (6) what it shows
// (the railway operating, its step, the season, the trains), a track lay by the president through a
// numbered choice, and a move out of turn refused with its rule.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "tests/e2e/cli/cli_helpers.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr int kMaxMoves = 150;

class Cli1947 : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("e2e_cli_1947"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    home_ = MakeTempDir();
    env_ = stack_->ClientEnvironment();
    env_["HOME"] = home_;
    env_["XDG_CONFIG_HOME"] = home_ + "/config";
    env_["MAILRUN_PASSWORD"] = "partition-password";
    env_.erase("MAILRUN_PROFILE");
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(home_);
  }

  // `mailrun --profile PLAYER ARGS` (GAME and TABLE in ARGS replaced by this game's).
  ChildResult Mailrun(const std::string& player, const std::string& args) {
    std::vector<std::string> argv = {mailrun::testing::BinaryPath("mailrun"), "--profile", player};
    for (std::string word : Words(args)) {
      if (word == "GAME") word = game_;
      if (word == "TABLE") word = table_;
      argv.push_back(word);
    }
    return RunChild(argv, env_, "", 60s);
  }
  // The same with --json, which must succeed.
  json Json(const std::string& player, const std::string& args) {
    const ChildResult r = Mailrun(player, "--json " + args);
    EXPECT_EQ(r.exit_code, 0) << r.Describe();
    return r.exit_code == 0 ? json::parse(r.out) : json::object();
  }

  static Stack* stack_;
  std::string home_;
  std::map<std::string, std::string> env_;
  std::string table_, game_;
};
Stack* Cli1947::stack_ = nullptr;

#define ASSERT_DONE(result) ASSERT_EQ((result).exit_code, 0) << (result).Describe()
#define EXPECT_SHOWS(result, text) EXPECT_NE((result).out.find(text), std::string::npos) << (result).out

// The numbered choice (1-based) of the first listed action with `kind` (its JSON name), or 0.
int ChoiceOf(const json& legal, const std::string& kind) {
  const json& actions = legal.value("actions", json::array());
  for (size_t i = 0; i < actions.size(); ++i) {
    if (actions[i].at("action").contains(kind)) return static_cast<int>(i) + 1;
  }
  return 0;
}

const json& Listed(const json& legal, int choice) { return legal.at("actions").at(static_cast<size_t>(choice - 1)); }

TEST_F(Cli1947, ThreePlayersPlayTheAuctionTheFirstStockRoundAndAnOperatingMove) {
  const auto started = std::chrono::steady_clock::now();
  const std::vector<std::string> players = {"paul", "robert", "emily"};
  for (const auto& player : players) ASSERT_DONE(Mailrun(player, "register " + player));

  // ---- A 1947 table for three: paul opens it, the others join, the game starts -----------------
  auto r = Mailrun("paul", "tables create --title 1947 --seats 3 --name Partition");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "1947, reconstructed map");
  table_ = Find(r.out, "Table ([0-9a-f]+) \"Partition\"");
  ASSERT_FALSE(table_.empty()) << r.out;
  ASSERT_DONE(Mailrun("robert", "tables join TABLE"));
  r = Mailrun("emily", "tables join TABLE");
  ASSERT_DONE(r);
  game_ = Find(r.out, "Game: ([0-9a-z]+)");
  if (game_.empty()) {
    r = Mailrun("paul", "tables start TABLE");
    ASSERT_DONE(r);
    game_ = Find(r.out, "Game: ([0-9a-z]+)");
  }
  ASSERT_FALSE(game_.empty()) << r.out;

  // ---- The opening as paul sees it ---------------------------------------------------------------------
  r = Mailrun("paul", "games show GAME");
  ASSERT_DONE(r);
  for (const std::string shown : {"1947, reconstructed map", "Private auction (3.2): P1 (Dry Season Construction Breakthrough), no bid yet",
                                  "On auction: P1 ", "no bid yet", "Player order (3.6): 1 ", "Private companies (3.1)",
                                  "Railways (market", "map is a reconstruction"}) {
    EXPECT_SHOWS(r, shown);
  }
  EXPECT_EQ(r.out.find("£"), std::string::npos) << "1947 counts in rupees:\n" << r.out;
  json shown = Json("paul", "games show GAME");
  EXPECT_EQ(shown["view"]["round"]["kind"], "ROUND_PRIVATE_AUCTION");
  for (const auto& p : shown["view"]["players"]) EXPECT_EQ(p["wealth"], "800");  // 2.3: Rs.800 each for three

  // ---- Move by move: whose turn, the legal actions, one move ---------------------------------------------
  // The view is the same for every seat (1947 has no secrets, 2.2): paul's says whose turn it is.
  std::map<std::string, int> forms;  // which ways of moving were used
  std::set<std::string> presidents;  // players who bought a president's certificate
  std::string savings_buyer;
  bool checked_auction_bid = false, checked_stock_round = false;
  int moves = 0;
  for (; moves < kMaxMoves; ++moves) {
    const json state = Json("paul", "games show GAME");
    const json& view = state["view"];
    const json& g = view["game1947"];
    if (view["round"].value("kind", "") == "ROUND_OPERATING") break;
    ASSERT_FALSE(view.value("activeSeats", json::array()).empty()) << "nobody may act at move " << moves;
    const int seat = view["activeSeats"][0].get<int>();
    const std::string who = view["players"][static_cast<size_t>(seat)]["displayName"].get<std::string>();
    ASSERT_TRUE(std::find(players.begin(), players.end(), who) != players.end()) << who;
    const json legal = Json(who, "actions GAME");
    ASSERT_FALSE(legal.value("actions", json::array()).empty()) << who << " has no legal action at move " << moves;
    std::set<std::string> mine;  // the railways `who` presides over
    for (const auto& railway : g["railways"]) {
      if (railway.value("presidentSeat", -1) == seat) mine.insert(railway["initials"].get<std::string>());
    }
    std::string move;
    if (const int bid = ChoiceOf(legal, "bidPrivate1947"); bid > 0) {
      // The auction (3.2): the first to act on a private bids the smallest bid, the others pass:
      // paul types his bid, the others pick the listed bid and raise it by Rs.10 with --amount.
      const int minimum = Listed(legal, bid)["action"]["bidPrivate1947"].value("amount", 0);
      if (g["auction"].value("highBidderSeat", -1) < 0) {
        move = who == "paul" ? "--bid " + std::to_string(minimum)
                             : "--choice " + std::to_string(bid) + " --amount " + std::to_string(minimum + 10);
        if (!checked_auction_bid) {  // the text list shows the bid's range in rupees
          const auto listed = Mailrun(who, "actions GAME");
          EXPECT_SHOWS(listed, "[--amount N: Rs. ");
          EXPECT_SHOWS(listed, "On auction: P");
          EXPECT_SHOWS(listed, "Your cash: Rs. ");
        }
      } else {
        move = "--pass";
      }
    } else if (const int par = ChoiceOf(legal, "setBnrPar1947"); par > 0) {
      move = "--choice " + std::to_string(par);  // the P9's buyer sets the BNR's par (3.1)
    } else if (const int president = ChoiceOf(legal, "buyPresidentCertificate1947"); president > 0 && mine.empty()) {
      const json& buy = Listed(legal, president)["action"]["buyPresidentCertificate1947"];
      move = "--par " + buy.value("company", "") + ":" + std::to_string(buy.value("par", 0));
      presidents.insert(who);
    } else {
      // The stock round: a president buys shares of their railway from the initial offer; the first
      // president offered a savings share of another railway takes it, once (5.6.3); else pass.
      for (const auto& a : legal["actions"]) {
        if (mine.empty() || !a["action"].contains("buyShare1947")) continue;
        const json& share = a["action"]["buyShare1947"];
        const std::string company = share.value("company", "");
        if (share.value("savings", false) && savings_buyer.empty()) {
          move = "--buy " + company + (share.value("fromPool", false) ? ":pool" : ":io") + ":savings";
          savings_buyer = who;
          break;
        }
        if (!share.value("savings", false) && !share.value("fromPool", false) && mine.count(company)) {
          move = "--buy " + company;
          break;
        }
      }
      if (move.empty()) move = "--pass";
    }
    forms[move.substr(0, move.find(' '))]++;
    r = Mailrun(who, "act GAME " + move);
    ASSERT_DONE(r);
    EXPECT_SHOWS(r, "Done: version ");
    if (!checked_auction_bid && (move.rfind("--bid", 0) == 0 || move.rfind("--choice", 0) == 0) &&
        r.out.find("Private auction") != std::string::npos) {
      checked_auction_bid = true;
      const auto after = Mailrun("robert", "games show GAME");
      EXPECT_TRUE(std::regex_search(after.out, std::regex("On auction: P[0-9] .*; high bid Rs\\. [0-9]+ by " + who)))
          << after.out;
    }
    if (!checked_stock_round && move.rfind("--par", 0) == 0) {
      checked_stock_round = true;
      const auto table = Mailrun(who, "games show GAME");
      EXPECT_SHOWS(table, "Stock Round 1  (phase 1)");
      EXPECT_TRUE(std::regex_search(table.out, std::regex("  [A-Z&]+ +[A-Z][0-9]+ +Rs\\. [0-9]+ +Rs\\. [0-9]+ +row [0-9]+ col [0-9]+ .*" + who)))
          << "a railway with its par, price, place on the market and president:\n" << table.out;
      EXPECT_TRUE(std::regex_search(table.out, std::regex(who + " .*% \\(president\\)"))) << table.out;
      EXPECT_TRUE(std::regex_search(table.out, std::regex("Rs\\. [0-9,]+ +[0-9]+/[0-9]+ "))) << "cash, wealth, certificates:\n" << table.out;
      EXPECT_EQ(Json(who, "games show GAME")["view"]["round"]["kind"], "ROUND_STOCK");
    }
  }
  ASSERT_LT(moves, kMaxMoves) << "the first stock round did not end";
  EXPECT_GE(presidents.size(), 2u);
  EXPECT_GT(forms["--bid"], 0);
  EXPECT_GT(forms["--choice"], 0);
  EXPECT_GT(forms["--par"], 0);
  EXPECT_GT(forms["--buy"], 0);
  EXPECT_GT(forms["--pass"], 0);
  EXPECT_FALSE(savings_buyer.empty());
  EXPECT_TRUE(checked_auction_bid);
  EXPECT_TRUE(checked_stock_round);

  // ---- At the first operating round: who operates, at which step; a lay; a move out of turn -------------
  shown = Json("robert", "games show GAME");
  EXPECT_EQ(shown["view"]["round"]["kind"], "ROUND_OPERATING");
  const std::string operating = shown["view"]["game1947"]["operating"].value("railway", "");
  ASSERT_FALSE(operating.empty()) << shown.dump();
  const int active = shown["view"]["activeSeats"][0].get<int>();
  const std::string president = shown["view"]["players"][static_cast<size_t>(active)]["displayName"].get<std::string>();
  r = Mailrun("emily", "games turn GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Operating Round 1.1: " + operating + " - lay track");
  EXPECT_SHOWS(r, "To act: " + president);
  r = Mailrun("robert", "games show GAME");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Operating round 1 of ");
  EXPECT_SHOWS(r, "Trains (6.15): bank T2 Rs. ");
  EXPECT_SHOWS(r, "(on sale)");
  EXPECT_TRUE(std::regex_search(r.out, std::regex(savings_buyer + " .*10% savings"))) << r.out;
  // Every private went for its first bid (3.2): its owner and hammer price are listed.
  EXPECT_TRUE(std::regex_search(r.out, std::regex("P1 .* Rs\\. 10 +(paul|robert|emily) +Rs\\. (10|20)\n"))) << r.out;
  // Wealth (7.0): cash plus shares at market value; the view's figure against the shown holdings.
  for (const auto& p : shown["view"]["game1947"]["players"]) {
    int64_t wealth = std::stoll(p.value("cash", std::string("0")));  // int64 fields are strings in JSON
    for (const auto& h : p.value("holdings", json::array())) {
      for (const auto& railway : shown["view"]["game1947"]["railways"]) {
        if (railway["initials"] != h["company"]) continue;
        const int value = railway.value("marketValue", 0);
        wealth += (h.value("ordinaryPercent", 0) + h.value("savingsPercent", 0)) / 10 * value +
                  (h.value("bonds", 0) + h.value("newBonds", 0)) * (value / 2);
      }
    }
    EXPECT_EQ(shown["view"]["players"][p.value("seat", 0)]["wealth"], std::to_string(wealth)) << p.dump();
  }
  // A move out of turn is refused with its rule and changes nothing.
  const std::string version = Find(Mailrun("paul", "games show GAME").out, "version ([0-9]+)");
  const std::string idle = president == "paul" ? "robert" : "paul";
  r = Mailrun(idle, "act GAME --pass");
  EXPECT_EQ(r.exit_code, 1) << r.Describe();
  EXPECT_TRUE(std::regex_search(r.err, std::regex("[0-9]+\\.[0-9]+"))) << "the refusal names its rule: " << r.err;
  EXPECT_EQ(Find(Mailrun("paul", "games show GAME").out, "version ([0-9]+)"), version) << "the refusal changed nothing";
  // The president lays a tile by its number in the list (6.4); the board then holds it.
  const json legal = Json(president, "actions GAME");
  const int lay = ChoiceOf(legal, "layTrack1947");
  ASSERT_GT(lay, 0) << legal.dump();
  const std::string hex = Listed(legal, lay)["action"]["layTrack1947"].value("hex", "");
  r = Mailrun(president, "act GAME --choice " + std::to_string(lay));
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Done: version ");
  shown = Json("robert", "games show GAME");
  bool laid = false;
  for (const auto& t : shown["view"].value("tiles", json::array())) laid = laid || t.value("hex", "") == hex;
  EXPECT_TRUE(laid) << "the tile on " << hex << " is on the board: " << shown["view"].dump();
  // The board listed and drawn from the components the game service serves for 1947 (issue 44):
  // the tile laid and the operating railway's home station, by place; the map from the components.
  r = Mailrun("robert", "games show GAME --board");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Board: 1 tile laid");
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n +" + hex + " +.* +[0-5] +"))) << r.out;
  std::string home;
  for (const auto& railway : shown["view"]["game1947"]["railways"]) {
    if (railway.value("initials", "") == operating) home = railway.value("home", "");
  }
  ASSERT_FALSE(home.empty()) << shown.dump();
  EXPECT_TRUE(std::regex_search(r.out, std::regex("\n +" + home + " +[A-Za-z].* +" + operating))) << "its home station: " << r.out;
  const std::string svg_path = (std::filesystem::temp_directory_path() / "cli-1947-board.svg").string();
  r = Mailrun("robert", "games show GAME --svg " + svg_path);
  ASSERT_DONE(r);
  std::ifstream svg_file(svg_path);
  const std::string svg((std::istreambuf_iterator<char>(svg_file)), std::istreambuf_iterator<char>());
  std::filesystem::remove(svg_path);
  EXPECT_NE(svg.find("RECONSTRUCTED: The 1947 map is a reconstruction"), std::string::npos);
  EXPECT_NE(svg.find(">Bombay</text>"), std::string::npos);

  // The turn notifications named the rounds (RoundKind): emily's inbox has a stock round turn.
  bool told = false;
  for (int i = 0; i < 50 && !told; ++i) {
    told = Mailrun("emily", "inbox").out.find("Stock Round 1") != std::string::npos;
    if (!told) std::this_thread::sleep_for(100ms);
  }
  EXPECT_TRUE(told) << Mailrun("emily", "inbox").Describe();
  std::cout << "[ 1947 cli ] " << moves << " moves in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count()
            << " ms\n";
}

}  // namespace
}  // namespace mailrun::e2e
