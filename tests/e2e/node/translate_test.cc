// Issue 22, acceptance 1 (last part) and 2 over the wire: a client written only from the protos
// shows a game's log in a second language from the message keys. Three players start a game and
// play the contract bids for a while (each move the first listed legal action, through the C++
// client); then tests/e2e/node/translate.mjs (Node.js, protos loaded at run time) reads the
// history as one of them, renders every log line from its key and parameters with the German
// catalog i18n/de.json, tries an action out of turn, reading the refusal's key and rule from
// the standard gRPC error details, and asks for the game at a version it has not reached, whose
// refusal it says in German from the key and typed parameters of its StructuredText detail.
#include <google/protobuf/util/json_util.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "mailrun/v1/game.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;

TEST(NodeTranslation, ShowsTheLogInGermanFromTheMessageKeysAndReadsARefusalsDetails) {
  const ChildResult setup =
      RunChild({mailrun::testing::SourcePath("tests/e2e/node/setup.sh"), MAILRUN_E2E_NODE_DIR}, {}, "", 600s);
  ASSERT_EQ(setup.exit_code, 0) << setup.Describe();
  Stack stack("e2e_node_translate");
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack.lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(stack.game_address()));

  const std::string password = "translate-password";
  std::vector<Account> players;
  for (const std::string name : {"Greta", "Hanno", "Ilse"}) players.push_back(RegisterAccount(*lobby, name, password));
  const auto table = SeatAndStart(*lobby, players, 3, {});
  ASSERT_FALSE(table.game_id().empty()) << stack.LogTails();

  // Bonds, their reveal, the seating order and some city claims: each move the first legal action
  // of the first active seat.
  mailrun::v1::GetGameRequest get;
  get.set_game_id(table.game_id());
  auto first_active = [&]() {
    mailrun::v1::GetGameResponse state;
    EXPECT_TRUE(CallAs(*game, &GameStub::GetGame, players[0].token, get, &state).ok());
    return state.view().active_seats_size() > 0 ? state.view().active_seats(0) : -1;
  };
  auto first_legal = [&](int seat, int64_t* version) {
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(table.game_id());
    mailrun::v1::ListLegalActionsResponse legal;
    EXPECT_TRUE(CallAs(*game, &GameStub::ListLegalActions, players[seat].token, list, &legal).ok());
    *version = legal.version();
    return legal.actions_size() > 0 ? legal.actions(0).action() : mailrun::v1::Action();
  };
  for (int move = 0; move < 8; ++move) {
    const int seat = first_active();
    ASSERT_GE(seat, 0);
    mailrun::v1::SubmitActionRequest submit;
    submit.set_game_id(table.game_id());
    int64_t at = 0;
    *submit.mutable_action() = first_legal(seat, &at);
    submit.set_expected_version(at);
    ASSERT_NE(submit.action().kind_case(), mailrun::v1::Action::KIND_NOT_SET);
    submit.set_request_id("translate-" + std::to_string(move));
    mailrun::v1::SubmitActionResponse answer;
    const auto status = CallAs(*game, &GameStub::SubmitAction, players[seat].token, submit, &answer);
    ASSERT_TRUE(status.ok()) << status.error_message();
    for (const auto& line : answer.log_lines()) {
      EXPECT_FALSE(line.structured().key().empty()) << line.text();
    }
  }
  // The claims are under way: the next player's claim, tried by the player after them, is out of turn.
  const int current = first_active();
  ASSERT_GE(current, 0);
  int64_t version = 0;
  mailrun::v1::Action out_of_turn = first_legal(current, &version);
  ASSERT_EQ(out_of_turn.kind_case(), mailrun::v1::Action::kClaimCity) << out_of_turn.ShortDebugString();
  out_of_turn.clear_seat();
  const int out_of_turn_seat = (current + 1) % 3;
  std::string action_json;
  ASSERT_TRUE(google::protobuf::util::MessageToJsonString(out_of_turn, &action_json).ok());

  auto env = stack.ClientEnvironment();
  env["MAILRUN_NODE_DIR"] = MAILRUN_E2E_NODE_DIR;
  env["MAILRUN_PROTO_DIR"] = mailrun::testing::SourcePath("proto");
  env["MAILRUN_CATALOG"] = mailrun::testing::SourcePath("i18n/de.json");
  env["MAILRUN_PLAYER"] = players[out_of_turn_seat].name;
  env["MAILRUN_PASSWORD"] = password;
  env["MAILRUN_GAME_ID"] = table.game_id();
  env["MAILRUN_REFUSED_ACTION"] = action_json;
  const ChildResult node =
      RunChild({"node", mailrun::testing::SourcePath("tests/e2e/node/translate.mjs")}, env, "", 60s);
  ASSERT_EQ(node.exit_code, 0) << node.Describe() << stack.LogTails();
  const auto saw = nlohmann::json::parse(node.out);

  // Every log line of the game came with a key the German catalog has; the German differs from
  // the English and names the same players.
  const auto& lines = saw.at("lines");
  ASSERT_GE(lines.size(), 8u) << node.out;
  std::set<std::string> keys;
  for (const auto& line : lines) {
    const std::string english = line.at("english");
    ASSERT_TRUE(line.at("german").is_string()) << "no German for " << line.at("key") << ": " << english;
    const std::string german = line.at("german");
    keys.insert(line.at("key").get<std::string>());
    EXPECT_NE(german, english);
    EXPECT_EQ(german.find('{'), std::string::npos) << german << " left a placeholder";
    for (const auto& player : players) {
      EXPECT_EQ(english.find(player.name) != std::string::npos, german.find(player.name) != std::string::npos)
          << english << " | " << german;
    }
  }
  EXPECT_TRUE(keys.contains("1853.log.contract_bids.writes_bond"));
  EXPECT_TRUE(keys.contains("1853.log.contract_bids.seating_order"));
  EXPECT_TRUE(keys.contains("1853.log.contract_bids.claims_share"));
  // A line read figure by figure: "<name> hat eine Anleihe notiert" for the first bond.
  EXPECT_EQ(lines.at(0).at("german"), lines.at(0).at("english").get<std::string>().substr(
                                          0, lines.at(0).at("english").get<std::string>().find(' ')) +
                                          " hat eine Anleihe notiert");

  // The refusal: FAILED_PRECONDITION with its key and rule in ErrorInfo and PreconditionFailure.
  const auto& refusal = saw.at("refusal");
  EXPECT_EQ(refusal.at("code"), static_cast<int>(grpc::StatusCode::FAILED_PRECONDITION)) << node.out;
  EXPECT_EQ(refusal.at("key"), "1853.refusal.contract_bids.not_your_turn_claim_city") << node.out;
  EXPECT_EQ(refusal.at("domain"), "mailrun.app");
  EXPECT_EQ(refusal.at("rule"), "2.5.2.4");
  ASSERT_TRUE(refusal.at("precondition").is_object()) << node.out;
  EXPECT_EQ(refusal.at("precondition").at("type"), "RULE");
  EXPECT_EQ(refusal.at("precondition").at("subject"), "2.5.2.4");
  EXPECT_EQ(refusal.at("german"), "Du bist nicht an der Reihe, eine Stadt zu beanspruchen");

  // A refusal naming values: the client reads them typed from the StructuredText detail and says
  // the refusal in German from its key and parameters, figure by figure.
  const auto& ahead = saw.at("versionRefusal");
  const int64_t at = std::stoll(saw.at("version").get<std::string>());
  EXPECT_EQ(ahead.at("code"), static_cast<int>(grpc::StatusCode::INVALID_ARGUMENT)) << node.out;
  EXPECT_EQ(ahead.at("key"), "game.invalid.at_version") << node.out;
  ASSERT_TRUE(ahead.at("badRequest").is_object()) << node.out;
  EXPECT_EQ(ahead.at("badRequest").at("field"), "at_version");
  EXPECT_EQ(ahead.at("params"), (nlohmann::json{{"at_version", std::to_string(at + 5)}, {"current", std::to_string(at)}}))
      << node.out;
  EXPECT_EQ(ahead.at("german"), "Version " + std::to_string(at + 5) + " gibt es in diesem Spiel noch nicht: es ist bei Version " +
                                    std::to_string(at))
      << node.out;
  EXPECT_NE(ahead.at("message").get<std::string>(), ahead.at("german").get<std::string>());
}

}  // namespace
}  // namespace mailrun::e2e
