// Acceptance 2 of issue 12: a client in another gRPC implementation plays through the public API.
// tests/e2e/node/client.mjs (Node.js, @grpc/grpc-js, protos loaded at run time by
// @grpc/proto-loader; installed from the npm registry by setup.sh in the suite's set-up) logs in,
// reads a game, lists its legal actions and submits the first, then meets two refusals. This test
// prepares the accounts and the game with the C++ client, runs the node client as one of the
// players, and checks through the C++ client that exactly that move was applied, for that seat.
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "mailrun/v1/game.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
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

}  // namespace
}  // namespace mailrun::e2e
