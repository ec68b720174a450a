// The browser gateway really runs: node build/gateway/gateway.mjs in front of the real services
// (a Stack), called by tests/e2e/gateway/gateway_client.mjs the ways browsers and apps call it
// (gRPC-Web, Connect JSON, plain fetch with JSON, native gRPC over cleartext HTTP/2). The client
// reports what it saw; this test checks it, and checks through the services themselves (not the
// gateway) that the move it made is the one the game recorded.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;

constexpr char kAllowedOrigin[] = "https://play.mailrun.example";
constexpr char kPassword[] = "gateway-test-password";  // gateway_client.mjs registers its players with it

class Gateway : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    suite_ = new GatewaySuite("tests/e2e/gateway/setup.sh", MAILRUN_E2E_GATEWAY_CLIENT_DIR, "e2e_gateway", MAILRUN_GATEWAY_DIR,
                             {{"MAILRUN_GATEWAY_CORS_ORIGINS", kAllowedOrigin}});
  }
  static void TearDownTestSuite() {
    delete suite_;
    suite_ = nullptr;
  }

  static GatewaySuite* suite_;
};
GatewaySuite* Gateway::suite_ = nullptr;

TEST_F(Gateway, BrowsersAndAppsPlayThroughIt) {
  ASSERT_EQ(suite_->setup.exit_code, 0) << "installing the Connect client packages failed: " << suite_->setup.Describe();
  ASSERT_TRUE(suite_->gateway.listening()) << "the gateway did not start";

  const ChildResult client = RunChild({"node", mailrun::testing::SourcePath("tests/e2e/gateway/gateway_client.mjs")},
                                      {{"MAILRUN_GATEWAY_CLIENT_DIR", MAILRUN_E2E_GATEWAY_CLIENT_DIR},
                                       {"MAILRUN_GATEWAY_URL", suite_->gateway.url()},
                                       {"MAILRUN_GATEWAY_DESCRIPTORS", std::string(MAILRUN_GATEWAY_DIR) + "/mailrun-api.binpb"},
                                       {"MAILRUN_ALLOWED_ORIGIN", kAllowedOrigin}},
                                      "", 120s);
  ASSERT_EQ(client.exit_code, 0) << client.Describe() << suite_->stack.LogTails();
  const auto saw = nlohmann::json::parse(client.out);

  // Plain JSON: three accounts, and a refusal that names the field.
  EXPECT_EQ(saw.at("registered"), nlohmann::json({"Lalit", "Meera", "Nikhil"}));
  EXPECT_EQ(saw.at("badRegister").at("status"), 400);
  EXPECT_EQ(saw.at("badRegister").at("code"), "invalid_argument");
  EXPECT_NE(saw.at("badRegister").at("message").get<std::string>().find("display_name"), std::string::npos);

  // Native gRPC through the gateway: each player sees the game from their own seat.
  EXPECT_EQ(saw.at("seats"), nlohmann::json({0, 1, 2}));
  EXPECT_EQ(saw.at("playerNames"), nlohmann::json({"Lalit", "Meera", "Nikhil"}));

  // gRPC-Web: a move, then the same at the old version, refused with the current version.
  const auto& move = saw.at("move");
  EXPECT_EQ(move.at("to").get<int>(), move.at("from").get<int>() + 1);
  EXPECT_GT(move.at("logLines").get<int>(), 0);
  EXPECT_EQ(saw.at("staleMove").at("code"), "Aborted");
  EXPECT_EQ(saw.at("staleMove").at("currentVersion"), std::to_string(move.at("to").get<int>()));

  // Refusals and their error details pass through every protocol.
  for (const char* protocol : {"grpcWeb", "connectJson", "grpc"}) {
    EXPECT_EQ(saw.at("noToken").at(protocol), "Unauthenticated") << protocol;
  }
  EXPECT_EQ(saw.at("limitedJson").at("code"), "resource_exhausted");
  EXPECT_EQ(saw.at("limitedJson").at("detailTypes"), nlohmann::json({"google.rpc.RetryInfo"}));
  EXPECT_EQ(saw.at("limitedWeb").at("code"), "ResourceExhausted");
  EXPECT_EQ(saw.at("limitedWeb").at("detailTypes"), nlohmann::json({"google.rpc.RetryInfo"}));

  // Meera's notification stream (Connect protocol, HTTP/1.1) told her it was her turn in this game.
  const std::string game_id = saw.at("gameId");
  ASSERT_FALSE(saw.at("notifications").empty());
  EXPECT_EQ(saw.at("notifications").back().at("kind"), "yourTurn");
  EXPECT_EQ(saw.at("notifications").back().at("gameId"), game_id);

  // CORS for the configured origin only; health; unknown paths.
  EXPECT_EQ(saw.at("corsAllowed").at("status"), 204);
  EXPECT_EQ(saw.at("corsAllowed").at("allowOrigin"), kAllowedOrigin);
  EXPECT_NE(saw.at("corsAllowed").at("allowHeaders").get<std::string>().find("authorization"), std::string::npos);
  EXPECT_TRUE(saw.at("corsOther").at("allowOrigin").is_null());
  EXPECT_EQ(saw.at("health"), 200);
  EXPECT_EQ(saw.at("unknownPath"), 404);

  // The services themselves (not through the gateway) recorded exactly that move, for that seat.
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::LoginRequest login;
  login.set_request_id("gateway-test-login");
  login.set_display_name("Lalit");
  login.set_password(kPassword);
  mailrun::v1::AuthResponse lalit;
  ASSERT_TRUE(CallAs(*lobby, &mailrun::v1::LobbyService::Stub::Login, "", login, &lalit).ok());
  mailrun::v1::GetHistoryRequest history_request;
  history_request.set_game_id(game_id);
  mailrun::v1::GetHistoryResponse history;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetHistory, lalit.access_token(), history_request, &history).ok());
  ASSERT_EQ(history.entries_size(), 1);
  EXPECT_EQ(history.version(), move.at("to").get<int>());
  EXPECT_EQ(history.entries(0).seat(), move.at("seat").get<int>());

  // The gateway logged every call as a JSON line, and never a token or a password.
  const ChildResult gateway = suite_->gateway.Finish();
  EXPECT_NE(gateway.err.find(R"("method":"mailrun.v1.LobbyService/Register","code":"OK")"), std::string::npos) << gateway.err;
  EXPECT_NE(gateway.err.find(R"("method":"mailrun.v1.GameService/SubmitAction","code":"Aborted")"), std::string::npos);
  EXPECT_NE(gateway.err.find(R"("protocol":"grpc-web")"), std::string::npos);
  EXPECT_EQ(gateway.err.find("Bearer"), std::string::npos);
  EXPECT_EQ(gateway.err.find(kPassword), std::string::npos);
  EXPECT_EQ(gateway.err.find("eyJ"), std::string::npos) << "a token's payload (base64 JSON) is in the gateway's log";
}

// Issue 46: bodies too large (compressed, or inflating past the limit) are refused through every
// protocol, quickly (before being read whole or inflated further), and Connect JSON refuses a field
// or an enum name the API does not know, naming it, for every service. A gateway of its own (the
// suite's is stopped by the test above) with a limit of 256 KiB.
TEST_F(Gateway, OversizedBodiesAndUnknownJsonAreRefusedBeforeTheyCostAnything) {
  ASSERT_EQ(suite_->setup.exit_code, 0) << suite_->setup.Describe();
  GatewayProcess gateway(suite_->stack, MAILRUN_GATEWAY_DIR, {{"MAILRUN_GATEWAY_MAX_REQUEST_BYTES", "262144"}});
  ASSERT_TRUE(gateway.listening());
  const ChildResult client = RunChild({"node", mailrun::testing::SourcePath("tests/e2e/gateway/request_limits.mjs")},
                                      {{"MAILRUN_GATEWAY_URL", gateway.url()}}, "", 120s);
  ASSERT_EQ(client.exit_code, 0) << client.Describe();
  const auto saw = nlohmann::json::parse(client.out);

  for (const char* call : {"connectGzip", "connectPlain"}) {
    EXPECT_EQ(saw.at(call).at("code"), "resource_exhausted") << call << ": " << saw.at(call);
    EXPECT_NE(saw.at(call).at("message").get<std::string>().find("262144"), std::string::npos) << saw.at(call);
    EXPECT_LT(saw.at(call).at("ms").get<int>(), 2000) << call;
  }
  for (const char* call : {"grpcWebGzip", "grpcGzip"}) {
    EXPECT_EQ(saw.at(call).at("grpcStatus"), 8) << call << " (RESOURCE_EXHAUSTED): " << saw.at(call);
    EXPECT_NE(saw.at(call).at("message").get<std::string>().find("after decompression"), std::string::npos) << saw.at(call);
    EXPECT_LT(saw.at(call).at("ms").get<int>(), 2000) << call;
  }
  EXPECT_EQ(saw.at("concurrent"), nlohmann::json(std::vector<std::string>(4, "resource_exhausted")));
  EXPECT_EQ(saw.at("small").at("code"), "unauthenticated") << "a small request reaches the service";

  EXPECT_EQ(saw.at("unknownField").at("code"), "invalid_argument") << saw.at("unknownField");
  EXPECT_NE(saw.at("unknownField").at("message").get<std::string>().find("isPrivat"), std::string::npos);
  EXPECT_EQ(saw.at("unknownEnum").at("code"), "invalid_argument") << saw.at("unknownEnum");
  EXPECT_NE(saw.at("unknownEnum").at("message").get<std::string>().find("EDITION_LOOKOUT2009"), std::string::npos);
  EXPECT_EQ(saw.at("unknownGameField").at("code"), "invalid_argument") << saw.at("unknownGameField");
  EXPECT_NE(saw.at("unknownGameField").at("message").get<std::string>().find("sinceVersio"), std::string::npos);
  EXPECT_EQ(saw.at("unknownNotifyField").at("code"), "invalid_argument") << saw.at("unknownNotifyField");
  EXPECT_NE(saw.at("unknownNotifyField").at("message").get<std::string>().find("unreadOnlyy"), std::string::npos);
  // The same call spelt right reaches the lobby (no token: refused there).
  EXPECT_EQ(saw.at("knownFields").at("code"), "unauthenticated") << saw.at("knownFields");
}

}  // namespace
}  // namespace mailrun::e2e
