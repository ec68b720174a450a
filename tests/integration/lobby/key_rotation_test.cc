// Rotating the token signing key without logging anyone out (docs/operations.md, "Rotating the
// token signing key"), with the real mailrun-lobby and mailrun-game restarted at each step as a
// rollout would: roll the new public key in everywhere, let the lobby sign with the new key, and
// retire the old public key once no token of it is left in use.
#include <gtest/gtest.h>

#include "services/common/signing_keys.h"
#include "services/common/token.h"
#include "tests/integration/lobby/lobby_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {
namespace {

using LobbyStub = mailrun::v1::LobbyService::Stub;
using mailrun::service::TokenSigner;

class KeyRotation : public ::testing::Test {
 protected:
  void SetUp() override {
    database_url_ = FreshDatabase("lobby_key_rotation");
    log_ = ::testing::TempDir() + "/lobby-key-rotation.log";
    std::remove(log_.c_str());
  }

  // (Re)starts both services: the game service trusting `trusted`, the lobby signing with `signer`.
  void Deploy(const TokenSigner& signer, const std::vector<const TokenSigner*>& trusted) {
    lobby_.reset();
    game_.reset();
    std::string keys;
    for (const TokenSigner* key : trusted) keys += mailrun::service::PublicKeyLine(*key);
    const std::map<std::string, std::string> common = {
        {"MAILRUN_DATABASE_URL", database_url_}, {"MAILRUN_REDIS_URL", RedisUrl()},
        {"MAILRUN_TOKEN_PUBLIC_KEYS", keys}, {"MAILRUN_EVENTS_CHANNEL", "rotation." + database_url_}};
    game_address_ = StartServing(game_, BinaryPath("mailrun-game"), {}, common, log_,
                                 [](const std::shared_ptr<grpc::Channel>& channel) {
                                   auto stub = mailrun::v1::GameService::NewStub(channel);
                                   return RefusedWithoutToken(*stub, &GameStub::GetGameResult);
                                 },
                                 game_address_);
    auto lobby_env = common;
    lobby_env["MAILRUN_TOKEN_SIGNING_KEY"] =
        mailrun::service::SigningKeyLine(signer.key_id(), signer.key_id() == "rot-1" ? seed1_ : seed2_);
    lobby_env["MAILRUN_GAME_ADDR"] = game_address_;
    lobby_env["MAILRUN_PASSWORD_HASH_LIMITS"] = "interactive";
    lobby_address_ = StartServing(lobby_, BinaryPath("mailrun-lobby"), {}, lobby_env, log_,
                                  [](const std::shared_ptr<grpc::Channel>& channel) {
                                    auto stub = mailrun::v1::LobbyService::NewStub(channel);
                                    return RefusedWithoutToken(*stub, &LobbyStub::GetProfile);
                                  },
                                  lobby_address_);
    ASSERT_FALSE(game_address_.empty() || lobby_address_.empty()) << ReadFile(log_);
    game_stub_ = mailrun::v1::GameService::NewStub(grpc::CreateChannel(game_address_, grpc::InsecureChannelCredentials()));
    lobby_stub_ =
        mailrun::v1::LobbyService::NewStub(grpc::CreateChannel(lobby_address_, grpc::InsecureChannelCredentials()));
  }

  template <typename Stub, typename Request, typename Response>
  static grpc::Status Call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                           const std::string& token, const Request& request, Response* response) {
    grpc::ClientContext context;
    if (!token.empty()) context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    context.set_wait_for_ready(true);
    return (stub.*method)(&context, request, response);
  }
  // What a player does with an access token: the game service and the lobby both take it.
  grpc::Status UseEverywhere(const std::string& access_token) {
    mailrun::v1::ListMyGamesResponse games;
    const grpc::Status game =
        Call(*game_stub_, &GameStub::ListMyGames, access_token, mailrun::v1::ListMyGamesRequest(), &games);
    if (!game.ok()) return game;
    mailrun::v1::Profile profile;
    return Call(*lobby_stub_, &LobbyStub::GetProfile, access_token, mailrun::v1::GetProfileRequest(), &profile);
  }
  grpc::Status Refresh(const std::string& refresh_token, mailrun::v1::AuthResponse* response) {
    mailrun::v1::RefreshRequest request;
    request.set_request_id("refresh-" + mailrun::service::RandomId());
    request.set_refresh_token(refresh_token);
    return Call(*lobby_stub_, &LobbyStub::Refresh, "", request, response);
  }

  const std::string seed1_ = std::string(32, '1');
  const std::string seed2_ = std::string(32, '2');
  std::string database_url_, log_, game_address_, lobby_address_;
  std::unique_ptr<ServiceProcess> game_, lobby_;
  std::unique_ptr<mailrun::v1::GameService::Stub> game_stub_;
  std::unique_ptr<mailrun::v1::LobbyService::Stub> lobby_stub_;
};

TEST_F(KeyRotation, ANewKeyIsRolledInAndTheOldRetiredWithoutLoggingAnyoneOut) {
  const TokenSigner old_key("rot-1", seed1_);
  const TokenSigner new_key("rot-2", seed2_);

  // Before: the lobby signs with rot-1, which everyone trusts.
  Deploy(old_key, {&old_key});
  mailrun::v1::RegisterRequest registration;
  registration.set_request_id("rotation-register");
  registration.set_display_name("Rota");
  registration.set_password("password-rota");
  mailrun::v1::AuthResponse before;
  ASSERT_TRUE(Call(*lobby_stub_, &LobbyStub::Register, "", registration, &before).ok());
  EXPECT_EQ(before.access_token().rfind("v2.rot-1.", 0), 0u);
  ASSERT_TRUE(UseEverywhere(before.access_token()).ok());

  // Step 1: rot-2's public key rolled in everywhere; the lobby still signs with rot-1.
  Deploy(old_key, {&old_key, &new_key});
  ASSERT_TRUE(UseEverywhere(before.access_token()).ok());

  // Step 2: the lobby signs with rot-2. Tokens of rot-1 still work; a refresh moves to rot-2.
  Deploy(new_key, {&old_key, &new_key});
  EXPECT_TRUE(UseEverywhere(before.access_token()).ok()) << "nobody is logged out by the switch";
  mailrun::v1::AuthResponse after;
  ASSERT_TRUE(Refresh(before.refresh_token(), &after).ok()) << "a refresh token of rot-1 still refreshes";
  EXPECT_EQ(after.access_token().rfind("v2.rot-2.", 0), 0u);
  EXPECT_EQ(after.refresh_token().rfind("v2.rot-2.", 0), 0u);
  ASSERT_TRUE(UseEverywhere(after.access_token()).ok());

  // Step 3, once no rot-1 token is in use: rot-1 retired everywhere.
  Deploy(new_key, {&new_key});
  EXPECT_TRUE(UseEverywhere(after.access_token()).ok());
  mailrun::v1::AuthResponse later;
  EXPECT_TRUE(Refresh(after.refresh_token(), &later).ok());
  const grpc::Status retired = UseEverywhere(before.access_token());
  EXPECT_EQ(retired.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(retired.error_message().find("'rot-1', which is not trusted"), std::string::npos) << retired.error_message();
}

}  // namespace
}  // namespace mailrun::testing
