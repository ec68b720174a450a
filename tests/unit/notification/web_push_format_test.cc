// Web Push's pure parts (issue 42): the RFC 8291 payload encryption against the RFC's own example
// (Appendix A) byte for byte, the VAPID header's form (RFC 8292), the RFC 8030 headers' values,
// the checks of a subscription, and the egress rules that keep user-given URLs out of the cluster.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "services/notification/egress_http.h"
#include "services/notification/web_push.h"
#include "services/notification/web_push_crypto.h"

namespace mailrun::notification {
namespace {

std::string B(const std::string& text) { return Base64UrlDecode(text).value(); }

// RFC 8291 Appendix A: "When I grow up, I want to be a watermelon".
TEST(WebPushCrypto, EncryptsTheRfc8291ExampleByteForByte) {
  const WebPushSeed seed{B("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"), B("DGv6ra1nlYgDCS1FRnbzlw")};
  const std::string body = EncryptWebPush(
      "When I grow up, I want to be a watermelon",
      B("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
      B("BTBZMqHH6r4Tts7J_aSIgg"), &seed);
  EXPECT_EQ(Base64UrlEncode(body),
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEq"
            "KK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN");
}

TEST(WebPushCrypto, FreshKeysAndSaltEveryMessage) {
  const std::string p256dh =
      B("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
  const std::string first = EncryptWebPush("hello", p256dh, B("BTBZMqHH6r4Tts7J_aSIgg"));
  const std::string second = EncryptWebPush("hello", p256dh, B("BTBZMqHH6r4Tts7J_aSIgg"));
  ASSERT_EQ(first.size(), 16u + 4 + 1 + 65 + 5 + 1 + 16);
  EXPECT_NE(first.substr(0, 16), second.substr(0, 16)) << "salt";
  EXPECT_NE(first.substr(21, 65), second.substr(21, 65)) << "sender key";
}

TEST(WebPushCrypto, RefusesMalformedKeysAndOversizedPayloads) {
  const std::string p256dh =
      B("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4");
  EXPECT_THROW(EncryptWebPush("x", p256dh.substr(1), B("BTBZMqHH6r4Tts7J_aSIgg")), std::invalid_argument);
  EXPECT_THROW(EncryptWebPush("x", p256dh, "short"), std::invalid_argument);
  std::string off_curve = p256dh;
  off_curve[40] ^= 1;
  EXPECT_THROW(EncryptWebPush("x", off_curve, B("BTBZMqHH6r4Tts7J_aSIgg")), std::invalid_argument);
  EXPECT_NO_THROW(EncryptWebPush(std::string(3993, 'a'), p256dh, B("BTBZMqHH6r4Tts7J_aSIgg")));
  EXPECT_THROW(EncryptWebPush(std::string(3994, 'a'), p256dh, B("BTBZMqHH6r4Tts7J_aSIgg")), std::invalid_argument);
}

// A P-256 key made with `openssl ecparam -name prime256v1 -genkey -noout` for this test only.
constexpr char kPem[] = R"(-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIPweiFtR+FpjExUL+dsxHfgvEkKZbSbFIv2kFTKd7d/toAoGCCqGSM49
AwEHoUQDQgAEaV/razovlMoeeyDecY9hB+282nmeyLkn1Ux2eE8omtjwe4THLrXM
zbffMIS3R3zJPjkLtsoA4+MpXZjhgYHH7A==
-----END EC PRIVATE KEY-----
)";

TEST(Vapid, TheHeaderCarriesAnEs256JwtForTheEndpointsOrigin) {
  const VapidKey key = VapidKey::FromPem(kPem);
  EXPECT_EQ(B(key.public_key()).size(), 65u);
  const std::string header = key.Authorization("https://push.example.net", "mailto:ops@example.net", 1800000000);
  ASSERT_EQ(header.rfind("vapid t=", 0), 0u) << header;
  const size_t k = header.find(", k=");
  ASSERT_NE(k, std::string::npos);
  EXPECT_EQ(header.substr(k + 4), key.public_key());
  const std::string jwt = header.substr(8, k - 8);
  const size_t dot1 = jwt.find('.');
  const size_t dot2 = jwt.find('.', dot1 + 1);
  const auto head = nlohmann::json::parse(B(jwt.substr(0, dot1)));
  const auto claims = nlohmann::json::parse(B(jwt.substr(dot1 + 1, dot2 - dot1 - 1)));
  EXPECT_EQ(head.at("alg"), "ES256");
  EXPECT_EQ(claims.at("aud"), "https://push.example.net");
  EXPECT_EQ(claims.at("sub"), "mailto:ops@example.net");
  EXPECT_EQ(claims.at("exp"), 1800000000);
  EXPECT_EQ(B(jwt.substr(dot2 + 1)).size(), 64u) << "r || s, not DER";
}

TEST(Vapid, RefusesWhatIsNotAP256PrivateKeyWithoutQuotingIt) {
  try {
    VapidKey::FromPem("-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----\n");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).find("c2VjcmV0"), std::string::npos);
  }
}

TEST(WebPushHeaders, TopicUrgencyOriginAndPayload) {
  const std::string topic = WebPushTopic("turn-game-1");
  EXPECT_EQ(topic.size(), 32u);
  EXPECT_EQ(topic.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), std::string::npos);
  EXPECT_NE(topic, WebPushTopic("turn-game-2"));
  EXPECT_EQ(WebPushTopic(""), "");
  EXPECT_EQ(WebPushUrgency("your_turn"), "high");
  EXPECT_EQ(WebPushUrgency("game_finished"), "normal");
  EXPECT_EQ(EndpointOrigin("https://fcm.googleapis.com/fcm/send/abc?x=1"), "https://fcm.googleapis.com");
  EXPECT_EQ(EndpointOrigin("http://127.0.0.1:8080/push/1"), "http://127.0.0.1:8080");
  const auto payload = nlohmann::json::parse(WebPushPayload({"e1", "your_turn", "Your turn", "Lay track", "g1", "turn-g1"}));
  EXPECT_EQ(payload.at("url"), "/#/game/g1");
  EXPECT_EQ(payload.at("tag"), "turn-g1");
  EXPECT_EQ(payload.at("body"), "Lay track");
}

TEST(WebPushSubscription, NamesWhatIsWrong) {
  const std::string p256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
  EXPECT_EQ(WebPushSubscriptionProblem("https://push.example.net/x", p256dh, "BTBZMqHH6r4Tts7J_aSIgg"), "");
  EXPECT_NE(WebPushSubscriptionProblem("ftp://x", p256dh, "BTBZMqHH6r4Tts7J_aSIgg").find("endpoint"), std::string::npos);
  EXPECT_NE(WebPushSubscriptionProblem("https://x/y", "AAAA", "BTBZMqHH6r4Tts7J_aSIgg").find("p256dh"), std::string::npos);
  EXPECT_NE(WebPushSubscriptionProblem("https://x/y", p256dh, "AAAA").find("auth"), std::string::npos);
}

TEST(Egress, PrivateLoopbackAndLinkLocalAddressesAreRefusedUnlessAllowed) {
  const EgressRules strict;
  for (const char* address : {"127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1",
                              "0.0.0.0", "224.0.0.1", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "::"}) {
    EXPECT_FALSE(EgressAddressAllowed(address, strict)) << address;
  }
  EXPECT_TRUE(EgressAddressAllowed("93.184.216.34", strict));
  EXPECT_TRUE(EgressAddressAllowed("2606:2800:220:1:248:1893:25c8:1946", strict));
  const EgressRules loopback{true, false};
  EXPECT_TRUE(EgressAddressAllowed("127.0.0.1", loopback));
  EXPECT_TRUE(EgressAddressAllowed("::1", loopback));
  EXPECT_FALSE(EgressAddressAllowed("10.1.2.3", loopback));
  EXPECT_TRUE(EgressAddressAllowed("10.1.2.3", EgressRules{false, true}));
  EXPECT_NE(EgressUrlProblem("http://example.net/hook", strict), "");
  EXPECT_EQ(EgressUrlProblem("https://example.net/hook", strict), "");
  EXPECT_NE(EgressUrlProblem("file:///etc/passwd", loopback), "");
}

TEST(Egress, AHostThatResolvesToLoopbackIsRefusedAtConnectTime) {
  // localhost passes the URL check (https) and is refused only once resolved: nothing is sent.
  const EgressAnswer answer = EgressPost({"https://localhost:9/hook", {}, "{}", std::chrono::milliseconds(2000)}, EgressRules{});
  EXPECT_TRUE(answer.refused) << answer.error;
  EXPECT_NE(answer.error.find("loopback, private or link-local"), std::string::npos) << answer.error;
}

}  // namespace
}  // namespace mailrun::notification
