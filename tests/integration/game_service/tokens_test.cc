// The game service trusts only tokens signed by a key whose public half it was given: a service
// holding public keys (any service but the lobby) cannot mint a service token the game service
// takes, and neither can anyone holding the old shared HMAC key.
#include <gtest/gtest.h>
#include <sodium.h>

#include "services/common/auth.h"
#include "services/common/token.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/testing/servers.h"

namespace mailrun::game::testing {
namespace {

class Tokens : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_tokens"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  static mailrun::service::TokenClaims LobbyClaims() {
    mailrun::service::TokenClaims claims;
    claims.subject = "lobby";
    claims.kind = mailrun::service::TokenKind::kService;
    claims.issued_at = mailrun::service::UnixNow();
    claims.expires_at = claims.issued_at + 300;
    claims.token_id = mailrun::service::RandomId();
    return claims;
  }
  static grpc::Status CreateAs(const std::string& token) {
    mailrun::v1::CreateGameRequest request;
    request.set_request_id(NewRequestId());
    *request.mutable_config() = PlayersConfig("tokens", 3, 5);
    mailrun::v1::CreateGameResponse response;
    return harness_->Call(&GameStub::CreateGame, token, request, &response);
  }
  static GameHarness* harness_;
};
GameHarness* Tokens::harness_ = nullptr;

TEST_F(Tokens, OnlyTheLobbysKeyMintsAServiceTokenTheGameServiceTakes) {
  ASSERT_TRUE(CreateAs(mailrun::testing::TestSigner().Issue(LobbyClaims())).ok()) << "the lobby's own key";
  // Another service with a key of its own (the notification service, say, had it tried).
  const mailrun::service::TokenSigner notification("notify-1", mailrun::service::NewSigningSeed());
  const grpc::Status foreign = CreateAs(notification.Issue(LobbyClaims()));
  EXPECT_EQ(foreign.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_NE(foreign.error_message().find("key 'notify-1', which is not trusted"), std::string::npos)
      << foreign.error_message();
  // A key of its own under the lobby's key id: the signature gives it away.
  const mailrun::service::TokenSigner impostor(mailrun::testing::TestSigner().key_id(),
                                               mailrun::service::NewSigningSeed());
  EXPECT_EQ(CreateAs(impostor.Issue(LobbyClaims())).error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

TEST_F(Tokens, ATokenOfTheOldSharedKeyFormatIsRefused) {
  // "v1.<payload>.<HMAC-SHA-256 of v1.<payload>>" under the key every service held before.
  const std::string payload = R"({"sub":"lobby","name":"","kind":"service","iat":1,"exp":9999999999,"jti":"x"})";
  std::string encoded(sodium_base64_encoded_len(payload.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(encoded.data(), encoded.size(), reinterpret_cast<const unsigned char*>(payload.data()),
                    payload.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  encoded.resize(std::char_traits<char>::length(encoded.c_str()));
  const std::string signed_part = "v1." + encoded;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  const std::string key(32, 'a');  // the tests' shared key before
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(signed_part.data()), signed_part.size(),
                         reinterpret_cast<const unsigned char*>(key.data()));
  std::string mac_text(sodium_base64_encoded_len(sizeof mac, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
  sodium_bin2base64(mac_text.data(), mac_text.size(), mac, sizeof mac, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  mac_text.resize(std::char_traits<char>::length(mac_text.c_str()));
  const grpc::Status status = CreateAs(signed_part + "." + mac_text);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(status.error_message(), "token is malformed");
}

}  // namespace
}  // namespace mailrun::game::testing
