// The web client plays a game in a real browser (tests/e2e/web/browser_game.mjs: chromium driven
// by puppeteer-core) against the real stack, through the gateway that serves both the app and the
// API. The script reports what the three browsers showed; this test checks it, and checks through
// the services themselves (not the browser) that the game it followed is the one the game service
// recorded: the hand moves by the right seats, a tile lay by tap, its undo and the optimiser's
// runs accepted, the seats on autopilot, an earlier version in the history, the end, the final
// figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/web/web_suite.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

// Whose turn (tests/e2e/web/browser_turns.mjs): two games, three players, a phone with two tabs.
// The script compares each tab with the service after every move (the badge counts exactly the
// games whose legal-action list for the player is not empty, the banner names and links those,
// the page title counts them) and fails at the first disagreement; here, that it checked enough.
TEST_F(Web, TheTurnIsRightInEveryTabAfterEveryMove) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_turns.mjs", 300s, &saw));
  EXPECT_GE(saw.at("tabMoves").size(), 2u) << "the player's own moves made by tapping in the other tab";
  EXPECT_GE(saw.at("apiMoves").get<int>(), 4) << saw;
  EXPECT_EQ(saw.at("closedMoves").get<int>(), 6) << saw;
  EXPECT_GE(saw.at("checks").get<int>(), 13) << saw;  // two at the start, one or two a move, one reopened
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");
  std::cout << "turns browser timings (ms since start): " << saw.at("timings").dump() << "\n";
}

// Never lose a move to the network (tests/e2e/web/browser_network.mjs): moves made on a phone
// while the way to the service is cut (the browser's offline emulation, the gateway stopped, the
// request failing across a reload) each land once, by the player, as the next version; one held
// back while the game moved on is refused, and the refusal is shown beside it.
TEST_F(Web, AMoveMadeWhileTheNetworkIsCutLandsOnce) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_network.mjs", 300s, &saw));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn(saw.at("player").get<std::string>(), "web-test-login-network", &me));
  const std::string game_id = saw.at("gameId");
  mailrun::v1::GetGameRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetGameResponse now;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, me.access_token(), get, &now).ok());
  int my_seat = now.your_seat();
  ASSERT_GE(my_seat, 0);
  for (const char* cut : {"offline", "gateway", "reload"}) {
    const auto& move = saw.at("moves").at(cut);
    SCOPED_TRACE(std::string(cut) + ": " + move.dump());
    EXPECT_EQ(move.contains("whileCut") ? move.at("whileCut").at("state") : move.at("afterReload").at("state"), "sending");
    EXPECT_EQ(move.at("final").at("state"), "sent");
    const int64_t before = move.at("before").get<int64_t>();
    EXPECT_EQ(move.at("after").get<int64_t>(), before + 1) << "the move did not land exactly once";
    const auto entry = EntryAt(*game, me.access_token(), game_id, before + 1);
    EXPECT_EQ(entry.seq(), before + 1);
    EXPECT_EQ(entry.seat(), my_seat);
    EXPECT_FALSE(entry.undone());
  }
  EXPECT_TRUE(saw.at("moves").at("offline").at("offlineBanner").get<bool>());
  EXPECT_TRUE(saw.at("moves").at("offline").at("bannerGone").get<bool>());
  EXPECT_TRUE(saw.at("moves").at("gateway").at("offlineBanner").get<bool>());
  EXPECT_TRUE(saw.at("moves").at("reload").at("sameRequest").get<bool>()) << "the reloaded page sent it under another request_id";
  const auto& refused = saw.at("moves").at("refused");
  EXPECT_EQ(refused.at("final").at("state"), "refused") << refused;
  EXPECT_NE(refused.at("refusal").get<std::string>().find("moved on"), std::string::npos) << refused;
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");
  std::cout << "network browser timings (ms since start): " << saw.at("timings").dump() << "\n";
}

// 1947 on the board (tests/e2e/web/browser_1947.mjs), drawn from its components: a tile chosen in
// the tray by its drawn track, laid by tapping a hex and turning it, then the optimiser's runs
// accepted with one tap; checked here in the game's log, views and components. Defined first: the other game test ends the gateway.
TEST_F(Web, A1947TileIsLaidAndItsRunsAcceptedOnTheBoard) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_1947.mjs", 240s, &saw));
  // The board drawn from the components: every hex of the map, no picture of the service's in it.
  EXPECT_EQ(saw.at("board").at("images").get<int>(), 0) << saw.at("board");
  EXPECT_GT(saw.at("board").at("hexes").get<int>(), 150) << saw.at("board");
  // On the phone (360 x 740) the board opened zoomed to the legal hexes, each a 44 x 44 px target.
  ASSERT_FALSE(saw.at("phoneTargets").empty());
  for (const auto& target : saw.at("phoneTargets")) {
    EXPECT_GE(target.at("width").get<int>(), 44) << target;
    EXPECT_GE(target.at("height").get<int>(), 44) << target;
  }
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn(saw.at("player").get<std::string>(), "web-test-login-1947", &me));
  const std::string game_id = saw.at("gameId");
  auto view_at = [&](int64_t version) { return ViewAt(*game, me.access_token(), game_id, version); };
  auto entry_at = [&](int64_t version) { return EntryAt(*game, me.access_token(), game_id, version); };
  auto param = [](const mailrun::v1::HistoryEntry& entry, const std::string& name) {
    for (const auto& line : entry.log_lines()) {
      for (const auto& p : line.structured().params()) {
        if (p.name() == name) return p;
      }
    }
    return mailrun::v1::TextParam();
  };
  int my_seat = -1;
  const auto now = view_at(0);
  for (const auto& player : now.view().players()) {
    if (player.display_name() == saw.at("player")) my_seat = player.seat();
  }
  ASSERT_GE(my_seat, 0);

  // The lay: the player's, on the hex tapped, the tile and the rotation the screen showed; the view
  // after it has that tile there.
  const auto& lay = saw.at("tileLay");
  const int64_t laid = lay.at("before").get<int64_t>() + 1;
  const auto lay_entry = entry_at(laid);
  EXPECT_EQ(lay_entry.seat(), my_seat) << lay;
  ASSERT_GT(lay_entry.log_lines_size(), 0);
  EXPECT_EQ(lay_entry.log_lines(0).structured().key(), "1947.action.lay_track") << lay_entry.DebugString();
  EXPECT_EQ(param(lay_entry, "hex").hex(), lay.at("hex").get<std::string>()) << lay_entry.DebugString();
  EXPECT_EQ(param(lay_entry, "rotation").count(), lay.at("rotation").get<int>()) << lay_entry.DebugString();
  bool tile_there = false;
  const auto after_lay = view_at(laid);
  for (const auto& tile : after_lay.view().tiles()) {
    tile_there |= tile.hex() == lay.at("hex") && tile.tile() == param(lay_entry, "tile").tile() && tile.rotation() == lay.at("rotation").get<int>();
  }
  EXPECT_TRUE(tile_there) << "the view after the lay has no such tile on " << lay.at("hex");
  // The tile laid is the one whose track the screen drew: its design's edges (components, grid
  // numbering) turned by the rotation laid are the edges the track previewed on the hex reached,
  // and turned by the tray's rotation those its picture in the tray reached (chosen by its curve).
  mailrun::v1::GetComponentsRequest components_request;
  components_request.set_title(mailrun::v1::TITLE_1947);
  mailrun::v1::GetComponentsResponse components;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetComponents, me.access_token(), components_request, &components).ok());
  // The edges the laid design's track reaches turned by `rotation`, in order.
  auto design_edges = [&](int rotation) {
    std::set<int> edges;
    for (const auto& design : components.components().tiles()) {
      if (design.id() != param(lay_entry, "tile").tile()) continue;
      for (const auto& path : design.paths()) {
        for (const auto& end : {path.a(), path.b()}) {
          if (end.kind() == mailrun::v1::PathEnd::KIND_EDGE) edges.insert((end.index() + rotation) % 6);
        }
      }
    }
    return std::vector<int>(edges.begin(), edges.end());
  };
  ASSERT_FALSE(design_edges(0).empty()) << param(lay_entry, "tile").DebugString();
  EXPECT_EQ(design_edges(lay.at("rotation").get<int>()), lay.at("previewEdges").get<std::vector<int>>()) << lay;
  EXPECT_EQ(design_edges(lay.at("tray").at("rotation").get<int>()), lay.at("tray").at("edges").get<std::vector<int>>()) << lay;

  // The runs: the optimiser's plan was drawn (a line per run) and accepted, paid out as ticked; the
  // revenue went to the players and the railways (at most the plan's: the bank keeps odd halves).
  const auto& runs = saw.at("runs");
  ASSERT_FALSE(runs.at("stops").empty()) << runs;
  EXPECT_EQ(runs.at("drawn").get<size_t>(), runs.at("stops").size()) << runs;
  const int64_t ran = runs.at("before").get<int64_t>() + 1;
  const auto run_entry = entry_at(ran);
  EXPECT_EQ(run_entry.seat(), my_seat) << runs;
  ASSERT_GT(run_entry.log_lines_size(), 0);
  EXPECT_EQ(run_entry.log_lines(0).structured().key(),
            runs.at("payOut").get<bool>() ? "1947.action.run_trains_pay_out" : "1947.action.run_trains_withhold");
  const int64_t gained = Money1947(view_at(ran)) - Money1947(view_at(ran - 1));
  EXPECT_GT(gained, 0) << runs;
  EXPECT_LE(gained, runs.at("revenue").get<int64_t>()) << runs;
  std::cout << "1947 browser timings (ms since start): " << saw.at("timings").dump() << "\n";
}

// At a glance (tests/e2e/web/browser_glance.mjs): the strip (cash, certificates against the
// limit, what the turn asks) and the spreadsheet, in both titles, compared cell by cell by the
// script with the game service's view after moves (a player's own by tapping, the others' through
// the API, followed live); here, that it compared enough, and what it measured on a 360x740 phone:
// the strip stays in view, the sheet's names stay in view when it scrolls sideways, what a screen
// reader reads of the strip, 1947's first stock round's forms within one screen, 1947's tabs each
// their own, and no serious accessibility violation. The limit itself is checked in the view.
TEST_F(Web, TheGlanceStripAndTheSpreadsheetShowTheGameAsItIs) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_glance.mjs", 420s, &saw));
  std::cout << "glance browser: " << saw.dump() << "\n";
  // Compared: both titles, before and after moves, on the phone and the desktop; real holdings.
  std::set<std::string> titles;
  int holdings_seen = 0;
  int sheets = 0;
  for (const auto& check : saw.at("checks")) {
    titles.insert(check.at("title").get<std::string>());
    if (!check.at("sheet").get<bool>()) continue;
    ++sheets;
    EXPECT_GT(check.at("cells").get<int>(), 20) << check;
    holdings_seen = std::max(holdings_seen, check.at("nonEmpty").get<int>());
  }
  EXPECT_EQ(titles, (std::set<std::string>{"1853", "1947"}));
  EXPECT_GE(saw.at("checks").size(), 10u) << saw.at("checks");
  EXPECT_GE(sheets, 6) << saw.at("checks");
  EXPECT_GT(holdings_seen, 20) << saw.at("checks");
  // The strip stays at the top of the screen when the page is scrolled down.
  const auto& strip = saw.at("stripAfterScroll");
  EXPECT_GT(strip.at("scrollY").get<int>(), strip.at("natural").get<int>() + 100) << strip;  // scrolled well past where it lies
  EXPECT_GE(strip.at("top").get<int>(), 0) << strip;
  EXPECT_LE(strip.at("top").get<int>(), 2) << strip;
  // A screen reader: a labelled strip, the figures in words, the turn a polite live region.
  const auto& spoken = saw.at("spoken1853");
  EXPECT_EQ(spoken.at("label"), "At a glance");
  EXPECT_NE(spoken.at("text").get<std::string>().find("Your cash: £"), std::string::npos) << spoken;
  EXPECT_NE(spoken.at("text").get<std::string>().find("of at most 21 certificates"), std::string::npos) << spoken;  // 3 players: TABLE 3
  EXPECT_NE(spoken.at("text").get<std::string>().find("Your turn: "), std::string::npos) << spoken;
  EXPECT_EQ(spoken.at("live"), "polite");
  // The sheet scrolls sideways on the phone, its first column staying where it was.
  const auto& sticky = saw.at("sticky");
  EXPECT_GT(sticky.at("scrollWidth").get<int>(), sticky.at("clientWidth").get<int>()) << sticky;
  EXPECT_GT(sticky.at("scrolled").get<int>(), 0) << sticky;
  EXPECT_NEAR(sticky.at("after").get<int>(), sticky.at("before").get<int>(), 1) << sticky;
  // 1947's first stock round on the phone as it opens, no scroll made (it opens at the moves):
  // every start/buy control and the submit button within the screen, below the strip; again with
  // a company chosen (its pars in a select).
  const auto& fit = saw.at("fit");
  for (const char* at : {"opened", "chosen"}) {
    const auto& f = fit.at(at);
    EXPECT_GT(f.at("count").get<int>(), 2) << at << ": " << fit;
    EXPECT_GE(f.at("top").get<int>(), f.at("stripBottom").get<int>()) << at << ": " << fit;
    EXPECT_LE(f.at("bottom").get<int>(), 740) << at << ": " << fit;
    EXPECT_LE(f.at("right").get<int>(), 360) << at << ": " << fit;
  }
  // 1947's market, companies and players tabs: each panels of its own; the sheet its own tab.
  const auto& tabs = saw.at("tabs1947");
  std::set<std::string> seen;
  for (const char* tab : {"market", "companies", "players", "sheet"}) {
    EXPECT_FALSE(tabs.at(tab).empty()) << tab;
    for (const auto& panel : tabs.at(tab)) EXPECT_TRUE(seen.insert(panel.get<std::string>()).second) << panel << " shows in two tabs: " << tabs;
  }
  EXPECT_EQ(tabs.at("sheet"), nlohmann::json::array({"spreadsheet"}));
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // The certificate limit in the service's own view (PlayerView.certificate_limit): 1853 TABLE 3
  // for three players, 1947 5.7 as its own player view has it.
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn(saw.at("player").get<std::string>(), "web-test-login-glance", &me));
  for (const char* title : {"1853", "1947"}) {
    mailrun::v1::GetGameRequest get;
    get.set_game_id(saw.at("games").at(title).get<std::string>());
    mailrun::v1::GetGameResponse answer;
    ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, me.access_token(), get, &answer).ok());
    ASSERT_EQ(answer.view().players_size(), 3);
    for (int i = 0; i < 3; ++i) {
      const auto& player = answer.view().players(i);
      if (std::string(title) == "1853") {
        EXPECT_EQ(player.certificate_limit(), 21) << player.DebugString();
      } else {
        EXPECT_EQ(player.certificate_limit(), answer.view().game_1947().players(i).certificate_limit()) << player.DebugString();
        EXPECT_GT(player.certificate_limit(), 0);
      }
    }
  }
}

// The map on a phone (tests/e2e/web/browser_map.mjs, 360 x 740): at the zoom each board opens
// with, every legal target is at least 44 x 44 CSS px and every label at least 11 CSS px (1853's
// bid cities and first lay, 1947's first lay, its operating railway's network and the stops of a
// run being drawn); 1853's map from the keyboard (named, arrows move hex to hex, the targets
// announced, Enter opens the tray, "i" what a hex is), a second tap and a long press each say what
// a hex is; a 1947 run drawn by hand stop by stop, a lone stop refused by the service's validator
// beside the runs, the drawn run accepted: checked here in the game's log and views.
TEST_F(Web, TheMapOnAPhoneIsPlayableByTapAndKeyboardAndA1947RunIsDrawnByHand) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_map.mjs", 420s, &saw));
  for (const char* screen : {"cities1853", "lay1853", "lay1947", "drawTargets1947"}) {
    const auto& at = saw.at(screen);
    ASSERT_FALSE(at.at("targets").empty()) << screen;
    for (const auto& target : at.at("targets")) {
      EXPECT_GE(target.at("width").get<double>(), 44.0) << screen << " " << target;
      EXPECT_GE(target.at("height").get<double>(), 44.0) << screen << " " << target;
    }
  }
  for (const char* screen : {"cities1853", "lay1853", "lay1947", "run1947Opening", "drawTargets1947"}) {
    const auto& at = saw.at(screen);
    EXPECT_GT(at.at("labels").get<int>(), 0) << screen;
    EXPECT_GE(at.at("smallestLabel").at("px").get<double>(), 11.0) << screen << " " << at.at("smallestLabel");
  }
  // The keyboard: the board named, its targets announced; the arrows move the focus hex to hex.
  EXPECT_NE(saw.at("board1853Name").get<std::string>().find("The map of 1853"), std::string::npos) << saw.at("board1853Name");
  EXPECT_NE(saw.at("board1853Name").get<std::string>().find("to choose from"), std::string::npos) << saw.at("board1853Name");
  EXPECT_EQ(saw.at("live1853").at("live"), "polite");
  EXPECT_NE(saw.at("live1853").at("text").get<std::string>().find("to choose from"), std::string::npos) << saw.at("live1853");
  const auto& keys = saw.at("keyboard1853");
  EXPECT_TRUE(keys.at("first").at("selectable").get<bool>()) << keys;
  EXPECT_NE(keys.at("first").at("name").get<std::string>().find("lay or build here"), std::string::npos) << keys;
  std::string at = keys.at("first").at("hex");
  int moved = 0;
  for (const auto& move : keys.at("moves")) {
    const std::string now = move.at("hex");
    EXPECT_FALSE(now.empty()) << keys;
    moved += now != at;
    at = now;
  }
  EXPECT_GE(moved, 3) << keys;
  EXPECT_TRUE(keys.at("tray").get<bool>()) << keys;
  EXPECT_EQ(keys.at("info").at("role"), "dialog");
  EXPECT_NE(keys.at("info").at("name").get<std::string>().find(keys.at("first").at("hex").get<std::string>()), std::string::npos) << keys;
  const auto& popups = saw.at("popups1853");
  EXPECT_FALSE(popups.at("afterOneTap").get<bool>()) << popups;
  EXPECT_NE(popups.at("secondTap").get<std::string>().find(popups.at("hexes").at(0).get<std::string>()), std::string::npos) << popups;
  EXPECT_NE(popups.at("longPress").get<std::string>().find(popups.at("hexes").at(1).get<std::string>()), std::string::npos) << popups;
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // The run drawn by hand: the lone stop refused on the screen, the drawn stops shown, checked and
  // submitted; the service's log has the runner's run at the next version, paid out as ticked, the
  // money it moved at most the revenue the screen showed as checked.
  const auto& run = saw.at("handRun");
  EXPECT_FALSE(run.at("refusal").get<std::string>().empty()) << run;
  EXPECT_TRUE(run.at("acceptWhileRefused").get<bool>()) << run;
  EXPECT_EQ(run.at("drawn"), run.at("wanted")) << run;
  EXPECT_GE(run.at("lines").get<int>(), 1) << run;
  EXPECT_GT(run.at("shownTotal").get<int64_t>(), 0) << run;
  // The same stops the other way round: the railway earns what the optimiser said its plan earns
  // (6.14.2 with the turn's modifiers; the screen's figure read from the money the preview moved).
  EXPECT_EQ(run.at("shownTotal").get<int64_t>(), run.at("planTotal").get<int64_t>()) << run;
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn(saw.at("runner").get<std::string>(), "web-test-login-map", &me));
  const std::string game_id = saw.at("game1947");
  auto view_at = [&](int64_t version) { return ViewAt(*game, me.access_token(), game_id, version); };
  const int64_t ran = run.at("before").get<int64_t>() + 1;
  int my_seat = -1;
  const auto start = view_at(0);  // kept: a range-for over a temporary's member would dangle
  for (const auto& player : start.view().players()) {
    if (player.display_name() == saw.at("runner")) my_seat = player.seat();
  }
  const auto entry = EntryAt(*game, me.access_token(), game_id, ran);
  EXPECT_EQ(entry.seat(), my_seat) << entry.DebugString();
  ASSERT_GT(entry.log_lines_size(), 0);
  EXPECT_EQ(entry.log_lines(0).structured().key(), run.at("payOut").get<bool>() ? "1947.action.run_trains_pay_out" : "1947.action.run_trains_withhold");
  const int64_t gained = Money1947(view_at(ran)) - Money1947(view_at(ran - 1));
  EXPECT_GT(gained, 0) << run;
  EXPECT_LE(gained, run.at("shownTotal").get<int64_t>()) << run;
  // 1853's run drawn by hand (the optimiser's first run the other way round): the runner's entry
  // at the next version runs those stations in the order tapped, for what the optimiser said.
  if (saw.contains("handRun1853")) {
    const auto& run53 = saw.at("handRun1853");
    mailrun::v1::AuthResponse runner;
    ASSERT_NO_FATAL_FAILURE(LogIn(run53.at("runner").get<std::string>(), "web-test-login-map-1853", &runner));
    const std::string game53 = saw.at("game1853");
    int seat53 = -1;
    const auto start53 = ViewAt(*game, runner.access_token(), game53, 0);
    for (const auto& player : start53.view().players()) {
      if (player.display_name() == run53.at("runner")) seat53 = player.seat();
    }
    const auto entry53 = EntryAt(*game, runner.access_token(), game53, run53.at("before").get<int64_t>() + 1);
    EXPECT_EQ(entry53.seat(), seat53) << entry53.DebugString();
    std::string joined;
    for (const auto& name : run53.at("stations")) {
      std::string stop = name.get<std::string>();
      if (stop.rfind("town at ", 0) == 0) stop = stop.substr(8);  // the plan names a town by its hex so; the log by the hex
      joined += (joined.empty() ? "" : "-") + stop;
    }
    bool found = false;
    for (const auto& line : entry53.log_lines()) {
      if (line.structured().key().rfind("1853.log.running.train_runs", 0) != 0) continue;
      for (const auto& p : line.structured().params()) found |= p.name() == "stations" && p.text() == joined;
    }
    EXPECT_TRUE(found) << joined << "\n" << entry53.DebugString();
    EXPECT_NE(run53.at("shownOwn").get<std::string>().find(std::to_string(run53.at("planRevenue").get<int>())), std::string::npos) << run53;
  } else {
    ADD_FAILURE() << "the 1853 plan had no run of two stations to draw again";
  }
  for (const char* screen : {"cities1853", "lay1853", "lay1947", "run1947Opening", "drawTargets1947"}) {
    double narrowest = 1e9;
    for (const auto& target : saw.at(screen).at("targets")) narrowest = std::min(narrowest, target.at("width").get<double>());
    std::cout << screen << ": " << saw.at(screen).at("targets").size() << " targets, the narrowest " << narrowest << " px; "
              << saw.at(screen).at("labels") << " labels, the smallest " << saw.at(screen).at("smallestLabel").dump() << "\n";
  }
  std::cout << "map browser timings (ms since start): " << saw.at("timings").dump() << "\n";
}

TEST_F(Web, ThreePlayersPlayAGameToTheEndInTheBrowser) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_game.mjs", 420s, &saw));
  // A submit click that started nothing and was made again (browser_game.mjs, submitTo): shown, not hidden.
  if (saw.contains("lostClicks")) std::cout << "lost clicks, clicked again: " << saw.at("lostClicks") << "\n";

  // The login screen showed the lobby's refusal; three accounts, each logged in in its own context.
  EXPECT_NE(saw.at("badLogin").get<std::string>().find("password"), std::string::npos) << saw.at("badLogin");
  EXPECT_EQ(saw.at("registered"), nlohmann::json({"Lalit", "Meera", "Nikhil"}));

  // The hand moves followed each other, one version each, each seen live by every browser.
  const auto& moves = saw.at("handMoves");
  ASSERT_EQ(moves.size(), 6u);
  for (size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i].at("after").get<int>(), moves[i].at("before").get<int>() + 1) << moves[i];
    if (i > 0) {
      EXPECT_EQ(moves[i].at("before"), moves[i - 1].at("after"));
    }
  }
  ASSERT_TRUE(saw.at("yourTurnBanner").is_object()) << "no live 'your turn' reached any browser";
  EXPECT_NE(saw.at("yourTurnBanner").at("text").get<std::string>().find("turn"), std::string::npos);

  // The services themselves: Lalit logs in (the password the browser registered) and reads the game.
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::LoginRequest login;
  login.set_request_id("web-test-login");
  login.set_display_name("Lalit");
  login.set_password(kPassword);
  mailrun::v1::AuthResponse lalit;
  ASSERT_TRUE(CallAs(*lobby, &mailrun::v1::LobbyService::Stub::Login, "", login, &lalit).ok());
  const std::string game_id = saw.at("gameId");
  mailrun::v1::GetGameRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetGameResponse state;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, lalit.access_token(), get, &state).ok());
  EXPECT_EQ(state.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_FALSE(state.view().end_reason().empty());

  // The hand moves are in the log as the browsers' players made them, by seat.
  mailrun::v1::GetHistoryRequest history_request;
  history_request.set_game_id(game_id);
  history_request.set_page_size(20);
  mailrun::v1::GetHistoryResponse history;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetHistory, lalit.access_token(), history_request, &history).ok());
  std::map<std::string, int> seat_of;
  for (const auto& player : state.view().players()) seat_of[player.display_name()] = player.seat();
  for (const auto& move : moves) {
    const int version = move.at("after");
    ASSERT_LE(version, history.entries_size());
    EXPECT_EQ(history.entries(version - 1).seat(), seat_of.at(move.at("player").get<std::string>())) << move;
  }

  // Lalit's moves on the board, in the log: his tile lay by tap (on the hex he tapped), its undo,
  // and the runs he accepted, each as the optimiser suggested them.
  auto entry_at = [&](int64_t version) { return EntryAt(*game, lalit.access_token(), game_id, version); };
  auto keyed = [](const mailrun::v1::HistoryEntry& entry, const std::string& prefix) {
    std::vector<const mailrun::v1::LogLine*> lines;
    for (const auto& line : entry.log_lines()) {
      if (line.structured().key().rfind(prefix, 0) == 0) lines.push_back(&line);
    }
    return lines;
  };
  const int lalit_seat = seat_of.at("Lalit");
  const auto& lay = saw.at("tileLay");
  const int64_t laid = lay.at("before").get<int64_t>() + 1;
  const auto lay_entry = entry_at(laid);
  EXPECT_EQ(lay_entry.seat(), lalit_seat) << lay;
  const auto lay_lines = keyed(lay_entry, "1853.log.track.");
  ASSERT_FALSE(lay_lines.empty()) << lay_entry.DebugString();
  bool on_tapped_hex = false;
  for (const auto& param : lay_lines.front()->structured().params()) on_tapped_hex |= param.hex() == lay.at("hex");
  EXPECT_TRUE(on_tapped_hex) << lay << " but the log says " << lay_lines.front()->text();
  EXPECT_TRUE(lay_entry.undone()) << "the undo did not take the lay back";
  const auto undo_entry = entry_at(saw.at("undo").at("version").get<int64_t>());
  EXPECT_EQ(undo_entry.undoes_seq(), laid);
  EXPECT_EQ(undo_entry.seat(), lalit_seat);
  const auto& runs = saw.at("runs");
  const auto run_entry = entry_at(runs.at("before").get<int64_t>() + 1);
  EXPECT_EQ(run_entry.seat(), lalit_seat) << runs;
  std::vector<int64_t> run_amounts;
  for (const auto* line : keyed(run_entry, "1853.log.running.train_runs")) {
    for (const auto& param : line->structured().params()) {
      if (param.name() == "amount") run_amounts.push_back(param.amount());
    }
  }
  EXPECT_EQ(nlohmann::json(run_amounts), runs.at("revenues")) << run_entry.DebugString();

  // Lalit's players panel marked the two seats the others had put on autopilot.
  std::set<std::string> marked;
  for (const auto& row : saw.at("autopilotMarked")) marked.insert(row.get<std::string>());
  EXPECT_EQ(marked, (std::set<std::string>{"player-" + std::to_string(seat_of.at("Meera")),
                                            "player-" + std::to_string(seat_of.at("Nikhil"))}));

  // The history showed version 2 as the service has it for Lalit at that version: each player's
  // cash, and which bonds were written then, the others' amounts secret.
  EXPECT_EQ(saw.at("history").at("note").get<std::string>().rfind("Showing version 2 of", 0), 0u) << saw.at("history");
  get.set_at_version(2);
  mailrun::v1::GetGameResponse then;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, lalit.access_token(), get, &then).ok());
  ASSERT_EQ(then.version(), 2);
  const auto& rows = saw.at("history").at("players");
  ASSERT_EQ(rows.size(), static_cast<size_t>(then.view().players_size())) << rows;
  int committed_then = 0;
  for (const auto& row : rows) {
    const int seat = std::stoi(row.at("row").get<std::string>().substr(std::string("player-").size()));
    const auto& player = then.view().players(seat);
    EXPECT_EQ(row.at("cash"), "£" + std::to_string(player.cash())) << row;
    const std::string bond = row.at("bond");
    EXPECT_EQ(!bond.empty(), player.bond().committed()) << row;
    if (!player.bond().committed()) continue;
    ++committed_then;
    // The view carries an amount only where Lalit could see it then (his own).
    if (seat != seat_of.at("Lalit")) {
      EXPECT_EQ(player.bond().amount(), 0) << "another player's bond amount";
    }
    if (player.bond().amount() > 0) {
      EXPECT_NE(bond.find("£" + std::to_string(player.bond().amount())), std::string::npos) << row;
    } else {
      EXPECT_NE(bond.find("secret"), std::string::npos) << row;
    }
  }
  EXPECT_LT(committed_then, 3) << "version 2 looked like the game now (every bond written)";

  // Every browser ended on the final version and showed each player's worth as the service has it.
  std::map<std::string, std::string> worth;
  for (const auto& player : state.view().players()) worth[player.display_name()] = "£" + std::to_string(player.wealth());
  for (const auto& seen : saw.at("final")) {
    EXPECT_EQ(seen.at("version").get<int64_t>(), state.version()) << seen.at("player");
    EXPECT_EQ(seen.at("endReason"), state.view().end_reason()) << seen.at("player");
    ASSERT_EQ(seen.at("rows").size(), 3u) << seen;
    int64_t previous = INT64_MAX;
    for (const auto& row : seen.at("rows")) {
      const std::string name = row.at(0);
      EXPECT_EQ(row.at(2), worth.at(name)) << seen.at("player") << " saw " << row;
      const int64_t value = std::stoll(row.at(2).get<std::string>().substr(std::string("£").size()));
      EXPECT_LE(value, previous) << "final scores are not ranked";
      previous = value;
    }
  }
  EXPECT_TRUE(saw.at("reloadKeptSession"));
  EXPECT_TRUE(saw.at("loggedOut"));

  // The gateway logged no password and no token of the players' sessions.
  const ChildResult gateway = suite_->gateway.Finish();
  EXPECT_EQ(gateway.err.find(kPassword), std::string::npos);
  EXPECT_EQ(gateway.err.find("eyJ"), std::string::npos) << "a token is in the gateway's log";
  RecordProperty("timings_ms", saw.at("timings").dump());
  std::cout << "browser timings (ms since start): " << saw.at("timings").dump() << "\n";
}

TEST_F(Web, TheGatewayServesTheAppWithContentTypesAndCaching) {
  ASSERT_TRUE(suite_->gateway.listening()) << "the gateway did not start";
  const ChildResult check = RunChild({"node", mailrun::testing::SourcePath("tests/e2e/web/static_check.mjs")},
                                     {{"MAILRUN_WEB_URL", suite_->gateway.url()}}, "", 60s);
  ASSERT_EQ(check.exit_code, 0) << check.Describe();
  const auto saw = nlohmann::json::parse(check.out);

  // index.html: revalidated every time (it names the current assets), with the page's policy.
  EXPECT_EQ(saw.at("index").at("status"), 200);
  EXPECT_EQ(saw.at("index").at("type"), "text/html; charset=utf-8");
  EXPECT_EQ(saw.at("index").at("cache"), "no-cache");
  EXPECT_TRUE(saw.at("index").at("hasApp"));
  EXPECT_NE(saw.at("index").at("csp").get<std::string>().find("script-src 'self'"), std::string::npos);
  // Content-hashed assets: cached for good.
  for (const char* asset : {"script", "style"}) {
    ASSERT_TRUE(saw.at(asset).is_object()) << asset << " is not named in index.html";
    EXPECT_EQ(saw.at(asset).at("status"), 200) << asset;
    EXPECT_EQ(saw.at(asset).at("cache"), "public, max-age=31536000, immutable") << asset;
    EXPECT_GT(saw.at(asset).at("length").get<int>(), 1000) << asset;
  }
  EXPECT_EQ(saw.at("script").at("type"), "text/javascript; charset=utf-8");
  EXPECT_EQ(saw.at("style").at("type"), "text/css; charset=utf-8");
  // An app page is index.html; HEAD has the headers and no body; a missing asset is 404.
  EXPECT_EQ(saw.at("page").at("status"), 200);
  EXPECT_EQ(saw.at("page").at("length"), saw.at("index").at("length"));
  EXPECT_EQ(saw.at("head").at("status"), 200);
  EXPECT_EQ(saw.at("head").at("length"), 0);
  EXPECT_EQ(saw.at("missing").at("status"), 404);
  // Nothing outside the directory, however the path is written; only GET and HEAD.
  EXPECT_FALSE(saw.at("escape").at("passwd"));
  EXPECT_FALSE(saw.at("escapeEncoded").at("passwd"));
  EXPECT_NE(saw.at("post").at("status"), 200);
  EXPECT_EQ(saw.at("health").at("status"), 200);
}

// Issue 42: the app is installable (no installability errors in Chromium), works offline as a
// shell, and its service worker shows a pushed your-turn as one notification per game, and a tap
// on it opens the game's page (browser_install.mjs).
TEST_F(Web, TheAppIsInstallableWorksOfflineAndShowsAPushedTurnOncePerGame) {
  nlohmann::json saw;
  RunBrowser("browser_install.mjs", 120s, &saw);
  EXPECT_EQ(saw.at("installabilityErrors"), nlohmann::json::array()) << saw.dump(2);
  EXPECT_EQ(saw.at("manifestErrors"), nlohmann::json::array()) << saw.dump(2);
  ASSERT_EQ(saw.at("notifications").size(), 1u) << "the second turn of the game replaced the first: " << saw.dump(2);
  const auto& shown = saw.at("notifications").at(0);
  EXPECT_EQ(shown.at("title"), "Your turn");
  EXPECT_EQ(shown.at("tag"), "turn-game-7");
  EXPECT_EQ(shown.at("url"), "/#/game/game-7");
  EXPECT_EQ(saw.at("openedAfterTap"), "/#/game/game-7") << "tapping it opens the game's page";
  EXPECT_TRUE(saw.at("offlineShell").get<bool>());
}

}  // namespace
}  // namespace mailrun::e2e
