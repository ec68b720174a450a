// Acceptance 2 of issue 12: a client in another gRPC implementation plays through the public API.
// tests/e2e/node/client.mjs (Node.js, @grpc/grpc-js, protos loaded at run time by
// @grpc/proto-loader; installed from the npm registry by setup.sh in the suite's set-up) logs in,
// reads a game, lists its legal actions and submits the first, then meets two refusals. This test
// prepares the accounts and the game with the C++ client, runs the node client as one of the
// players, and checks through the C++ client that exactly that move was applied, for that seat.
// Acceptance 1 of issue 22: tests/e2e/node/follower.mjs follows a live game while the reference bot
// plays it, shows its log in German from the message keys and draws its board from GetComponents
// and the view alone (FollowsALiveGameWhileBotsPlayAndDrawsItsBoardFromTheComponentsAlone).
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "tests/e2e/stack/bot_players.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;

class NodeClient : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const auto started = std::chrono::steady_clock::now();
    setup_ = new ChildResult(RunChild({mailrun::testing::SourcePath("tests/e2e/node/setup.sh"), MAILRUN_E2E_NODE_DIR},
                                      {}, "", 600s));
    std::cout << "[ npm ci    ] " << (setup_->exit_code == 0 ? "ready" : "failed") << " in "
              << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count()
              << " ms\n";
    stack_ = new Stack("e2e_node");
  }
  static void TearDownTestSuite() {
    delete stack_;
    delete setup_;
  }

  static ChildResult* setup_;
  static Stack* stack_;
};
ChildResult* NodeClient::setup_ = nullptr;
Stack* NodeClient::stack_ = nullptr;

TEST_F(NodeClient, LogsInReadsAGameListsLegalActionsAndSubmitsOne) {
  ASSERT_EQ(setup_->exit_code, 0) << "installing @grpc/grpc-js and @grpc/proto-loader failed: " << setup_->Describe();
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));

  // Three players at a full table (it starts by itself); everyone writes down a bond first.
  const std::string password = "node-client-password";
  std::vector<Account> players;
  for (const std::string name : {"Ines", "Jiro", "Kofi"}) players.push_back(RegisterAccount(*lobby, name, password));
  const auto table = SeatAndStart(*lobby, players, 3, {});
  ASSERT_FALSE(table.game_id().empty()) << stack_->LogTails();
  const Account& jiro = players[1];

  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(table.game_id());
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(CallAs(*game, &GameStub::ListLegalActions, jiro.token, list, &legal).ok());
  ASSERT_GT(legal.actions_size(), 0);

  // ---- Jiro plays from node ----------------------------------------------------------------------
  auto env = stack_->ClientEnvironment();
  env["MAILRUN_NODE_DIR"] = MAILRUN_E2E_NODE_DIR;
  env["MAILRUN_PROTO_DIR"] = mailrun::testing::SourcePath("proto");
  env["MAILRUN_PLAYER"] = jiro.name;
  env["MAILRUN_PASSWORD"] = password;
  env["MAILRUN_GAME_ID"] = table.game_id();
  const auto started = std::chrono::steady_clock::now();
  const ChildResult node = RunChild({"node", mailrun::testing::SourcePath("tests/e2e/node/client.mjs")}, env, "", 60s);
  std::cout << "[ node      ] client ran in "
            << std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count()
            << " ms\n";
  ASSERT_EQ(node.exit_code, 0) << node.Describe() << stack_->LogTails();
  const auto saw = nlohmann::json::parse(node.out);

  EXPECT_EQ(saw.at("userId"), jiro.user_id);
  EXPECT_EQ(saw.at("seat"), 1);
  EXPECT_EQ(saw.at("versionBefore"), "0");
  EXPECT_EQ(saw.at("legalActions"), legal.actions_size());
  EXPECT_EQ(saw.at("chosen"), legal.actions(0).description());
  EXPECT_EQ(saw.at("versionAfter"), "1");
  EXPECT_EQ(saw.at("stale").at("code"), static_cast<int>(grpc::StatusCode::ABORTED));
  EXPECT_EQ(saw.at("stale").at("currentVersion"), "1");
  EXPECT_EQ(saw.at("anonymousCode"), static_cast<int>(grpc::StatusCode::UNAUTHENTICATED));

  // What node sent (proto-loader's object: the protobuf JSON mapping plus its "kind" of the oneof)
  // is the first legal action the C++ client listed.
  mailrun::v1::Action sent;
  google::protobuf::util::JsonParseOptions lenient;
  lenient.ignore_unknown_fields = true;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(saw.at("action").dump(), &sent, lenient).ok())
      << saw.at("action").dump();
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(sent, legal.actions(0).action()))
      << sent.ShortDebugString() << " vs " << legal.actions(0).action().ShortDebugString();

  // ---- The game service applied exactly that move, once, for Jiro's seat ----------------------------
  mailrun::v1::GetHistoryRequest history_request;
  history_request.set_game_id(table.game_id());
  mailrun::v1::GetHistoryResponse history;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetHistory, players[0].token, history_request, &history).ok());
  ASSERT_EQ(history.next_after_seq(), 0) << "one page holds the whole history";
  ASSERT_EQ(history.entries_size(), 1);
  EXPECT_EQ(history.version(), 1);
  EXPECT_EQ(history.entries(0).seat(), 1);
  std::vector<std::string> logged;
  for (const auto& line : history.entries(0).log_lines()) logged.push_back(line.text());
  EXPECT_EQ(nlohmann::json(logged), saw.at("logLines"));
  mailrun::v1::GetGameRequest get;
  get.set_game_id(table.game_id());
  mailrun::v1::GetGameResponse view;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, jiro.token, get, &view).ok());
  EXPECT_TRUE(view.view().players(1).bond().committed());
  EXPECT_EQ(view.view().active_seats_size(), 2) << "Ines and Kofi still write down their bonds";
}

int Occurrences(const std::string& text, const std::string& what) {
  int count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++count;
  return count;
}

// Acceptance 1 of issue 22: tests/e2e/node/follower.mjs, written from the protos only, downloads
// the components (and is told "unchanged" for their hash), follows a game through WatchGame while
// the reference bot plays every seat through the API (dropping its stream once and resuming),
// shows every log line in German from its message key, and draws the board of the game in
// progress from the components and its merged view alone, once tiles are on the board.
TEST_F(NodeClient, FollowsALiveGameWhileBotsPlayAndDrawsItsBoardFromTheComponentsAlone) {
  ASSERT_EQ(setup_->exit_code, 0) << "installing @grpc/grpc-js and @grpc/proto-loader failed: " << setup_->Describe();
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
  const std::string password = "node-follower-password";
  std::vector<Account> players;
  for (const std::string name : {"Lena", "Milo", "Nour"}) players.push_back(RegisterAccount(*lobby, name, password));
  const auto table = SeatAndStart(*lobby, players, 3, {});
  ASSERT_FALSE(table.game_id().empty()) << stack_->LogTails();
  constexpr int kTiles = 3;  // follow until this many tiles are laid: the first operating rounds

  auto env = stack_->ClientEnvironment();
  env["MAILRUN_NODE_DIR"] = MAILRUN_E2E_NODE_DIR;
  env["MAILRUN_PROTO_DIR"] = mailrun::testing::SourcePath("proto");
  env["MAILRUN_CATALOG"] = mailrun::testing::SourcePath("i18n/de.json");
  env["MAILRUN_PLAYER"] = players[0].name;
  env["MAILRUN_PASSWORD"] = password;
  env["MAILRUN_GAME_ID"] = table.game_id();
  env["MAILRUN_FOLLOW_TILES"] = std::to_string(kTiles);
  env["MAILRUN_DROP_AFTER"] = "12";
  const std::string svg_file = ::testing::TempDir() + "node-follower-board.svg";
  env["MAILRUN_SVG_FILE"] = svg_file;
  ChildProcess node({"node", mailrun::testing::SourcePath("tests/e2e/node/follower.mjs")}, env);
  ASSERT_TRUE(node.WaitForError("watching from version 0", 60s)) << node.Finish(1s).Describe();

  // The bots play every seat through the API while node watches, until the tiles are down.
  auto bots = BotPlayers::Sit(*game, table, players, 22);
  ASSERT_TRUE(bots.has_value());
  mailrun::v1::GetGameResponse now;
  for (int moves = 0; moves < 1000; ++moves) {
    now = GetGameAs(*game, players[0].token, table.game_id());
    if (now.view().tiles_size() >= kTiles) break;
    ASSERT_TRUE(bots->PlayOne()) << "move " << moves;
  }
  ASSERT_GE(now.view().tiles_size(), kTiles);
  const int64_t version = now.version();
  const ChildResult result = node.Finish(60s);
  ASSERT_EQ(result.exit_code, 0) << result.Describe() << stack_->LogTails();
  const auto saw = nlohmann::json::parse(result.out);

  // Every version once, in order, across the dropped stream.
  std::vector<int64_t> every(static_cast<size_t>(version));
  for (int64_t v = 0; v < version; ++v) every[static_cast<size_t>(v)] = v + 1;
  EXPECT_EQ(saw.at("versions").get<std::vector<int64_t>>(), every) << "a gap or a repeat";
  EXPECT_EQ(saw.at("lastVersion"), version);
  EXPECT_EQ(saw.at("drops"), 1);

  mailrun::v1::GetComponentsRequest components_request;
  components_request.set_title(mailrun::v1::TITLE_1853);
  mailrun::v1::GetComponentsResponse components;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetComponents, players[1].token, components_request, &components).ok());
  EXPECT_EQ(saw.at("contentHash"), components.content_hash());
  EXPECT_EQ(saw.at("unchanged"), true);
  EXPECT_EQ(saw.at("cachedHasComponents"), false);
  EXPECT_EQ(saw.at("hexes"), components.components().hexes_size());

  // node's merged view is the service's view of the game now.
  std::vector<std::string> tiles, bases;
  for (const auto& tile : now.view().tiles()) {
    tiles.push_back(tile.hex() + ":" + tile.tile() + ":" + std::to_string(tile.rotation()));
  }
  for (const auto& company : now.view().companies()) {
    for (const auto& base : company.bases()) bases.push_back(company.initials() + "@" + base.hex());
  }
  EXPECT_FALSE(bases.empty()) << "companies operate by now";
  // The same tiles and bases; a delta's new entries come after the old ones, so order aside.
  const auto sorted = [](std::vector<std::string> list) {
    std::sort(list.begin(), list.end());
    return list;
  };
  EXPECT_EQ(sorted(saw.at("tilesLaid").get<std::vector<std::string>>()), sorted(tiles));
  EXPECT_EQ(sorted(saw.at("bases").get<std::vector<std::string>>()), sorted(bases));
  EXPECT_EQ(saw.at("round"), now.view().round().description());
  EXPECT_EQ(saw.at("activeSeats").get<std::vector<int>>(),
            std::vector<int>(now.view().active_seats().begin(), now.view().active_seats().end()));

  // Its log: every public log line of the history, each in German from its key.
  mailrun::v1::GetHistoryRequest history_request;
  history_request.set_game_id(table.game_id());
  history_request.set_page_size(500);
  mailrun::v1::GetHistoryResponse history;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetHistory, players[0].token, history_request, &history).ok());
  ASSERT_EQ(history.next_after_seq(), 0) << "one page holds the whole history";
  std::vector<std::string> english;
  for (const auto& entry : history.entries()) {
    for (const auto& line : entry.log_lines()) english.push_back(line.text());
  }
  const auto& log = saw.at("log");
  ASSERT_EQ(log.size(), english.size());
  std::set<std::string> keys;
  for (size_t i = 0; i < log.size(); ++i) {
    EXPECT_EQ(log[i].at("english"), english[i]);
    ASSERT_TRUE(log[i].at("german").is_string()) << "no German for " << log[i].dump();
    EXPECT_NE(log[i].at("german"), log[i].at("english")) << log[i].dump();
    EXPECT_EQ(log[i].at("german").get<std::string>().find('{'), std::string::npos) << "a placeholder left";
    keys.insert(log[i].at("key").get<std::string>());
  }
  EXPECT_GE(keys.size(), 5U) << "bids, stock round and operating round lines";

  // Its picture: every cell of the board, the printed large cities, the laid tiles and the bases.
  std::ifstream file(svg_file);
  std::stringstream svg;
  svg << file.rdbuf();
  int printed = 0;
  std::set<std::string> laid_hexes;
  for (const auto& tile : now.view().tiles()) laid_hexes.insert(tile.hex());
  for (const auto& hex : components.components().hexes()) printed += hex.has_preprinted() && !laid_hexes.contains(hex.hex());
  EXPECT_EQ(Occurrences(svg.str(), "<polygon data-hex="), components.components().hexes_size());
  EXPECT_EQ(Occurrences(svg.str(), "data-printed="), printed);
  EXPECT_GT(printed, 0);
  for (const auto& tile : tiles) EXPECT_EQ(Occurrences(svg.str(), "data-tile=\"" + tile + "\""), 1) << tile;
  for (const auto& base : bases) EXPECT_EQ(Occurrences(svg.str(), "data-base=\"" + base + "\""), 1) << base;
  EXPECT_NE(svg.str().find(">Delhi<"), std::string::npos);
}

}  // namespace
}  // namespace mailrun::e2e
