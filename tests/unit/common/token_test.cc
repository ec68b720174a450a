// Tokens: Ed25519-signed by the lobby's key, verified with public keys only; what verifies, every
// way a token is refused, and key ids that let a new key in and an old one out.
#include <gtest/gtest.h>

#include <algorithm>

#include "services/common/signing_keys.h"
#include "services/common/token.h"
#include "services/common/verified_tokens.h"

namespace mailrun::service {
namespace {

const TokenSigner kSigner("k1", std::string(32, 'k'));

TokenVerifier Trusting(std::initializer_list<const TokenSigner*> signers) {
  TokenVerifier verifier;
  for (const TokenSigner* signer : signers) verifier.Add(signer->key_id(), signer->public_key());
  return verifier;
}

TokenClaims Claims(TokenKind kind, int64_t expires_at) {
  TokenClaims claims;
  claims.subject = "user-42";
  claims.display_name = "Dora";
  claims.kind = kind;
  claims.issued_at = 1000;
  claims.expires_at = expires_at;
  claims.token_id = "t1";
  return claims;
}

TEST(Token, IssuedTokenVerifiesWithItsClaimsAndNamesItsKey) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  EXPECT_EQ(token.rfind("v2.k1.", 0), 0u);
  const auto claims = Trusting({&kSigner}).Verify(token, TokenKind::kAccess, 1500);
  ASSERT_TRUE(claims.has_value());
  EXPECT_EQ(claims->subject, "user-42");
  EXPECT_EQ(claims->display_name, "Dora");
  EXPECT_EQ(claims->expires_at, 2000);
  EXPECT_EQ(claims->token_id, "t1");
  EXPECT_EQ(claims->key_id, "k1");
}

TEST(Token, ExpiredTokenIsRefused) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  TokenError error;
  EXPECT_FALSE(Trusting({&kSigner}).Verify(token, TokenKind::kAccess, 2000, &error).has_value());
  EXPECT_EQ(error.message, "token has expired");
}

TEST(Token, AnotherKeyUnderATrustedKeyIdIsRefused) {
  const TokenSigner impostor("k1", std::string(32, 'x'));
  TokenError error;
  EXPECT_FALSE(
      Trusting({&kSigner}).Verify(impostor.Issue(Claims(TokenKind::kAccess, 2000)), TokenKind::kAccess, 1500, &error));
  EXPECT_EQ(error.message, "token signature is not valid");
}

TEST(Token, AKeyNobodyTrustsIsRefusedByName) {
  const TokenSigner stranger("k9", std::string(32, 'x'));
  TokenError error;
  EXPECT_FALSE(
      Trusting({&kSigner}).Verify(stranger.Issue(Claims(TokenKind::kAccess, 2000)), TokenKind::kAccess, 1500, &error));
  EXPECT_EQ(error.message, "token was signed with key 'k9', which is not trusted (retired or unknown)");
}

TEST(Token, RotationVerifiesOldAndNewTokensUntilTheOldKeyIsRetired) {
  const TokenSigner next("k2", std::string(32, 'n'));
  const std::string old_token = kSigner.Issue(Claims(TokenKind::kRefresh, 2000));
  const std::string new_token = next.Issue(Claims(TokenKind::kRefresh, 2000));
  const TokenVerifier both = Trusting({&kSigner, &next});
  EXPECT_TRUE(both.Verify(old_token, TokenKind::kRefresh, 1500));
  EXPECT_TRUE(both.Verify(new_token, TokenKind::kRefresh, 1500));
  const TokenVerifier retired = Trusting({&next});
  EXPECT_FALSE(retired.Verify(old_token, TokenKind::kRefresh, 1500));
  EXPECT_TRUE(retired.Verify(new_token, TokenKind::kRefresh, 1500));
}

TEST(Token, AlteredPayloadOrKeyIdIsRefused) {
  const TokenSigner other("k2", std::string(32, 'k'));  // the same key material under another id
  std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  const TokenVerifier verifier = Trusting({&kSigner, &other});
  std::string altered = token;
  const size_t dot = altered.rfind('.');
  altered[dot - 2] = altered[dot - 2] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(verifier.Verify(altered, TokenKind::kAccess, 1500).has_value());
  std::string renamed = token;
  renamed.replace(3, 2, "k2");  // the signature covers the key id too
  EXPECT_FALSE(verifier.Verify(renamed, TokenKind::kAccess, 1500).has_value());
}

TEST(Token, WrongKindIsRefused) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kRefresh, 2000));
  TokenError error;
  EXPECT_FALSE(Trusting({&kSigner}).Verify(token, TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message, "expected an access token, got a refresh token");
}

// A verifier remembers what it verified (verified_tokens.h); what it remembers still has to pass
// the checks of a first verification.
TEST(Token, AVerifiedTokenStillExpires) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  const TokenVerifier verifier = Trusting({&kSigner});
  ASSERT_TRUE(verifier.Verify(token, TokenKind::kAccess, 1500).has_value());
  ASSERT_TRUE(verifier.Verify(token, TokenKind::kAccess, 1999).has_value());
  TokenError error;
  EXPECT_FALSE(verifier.Verify(token, TokenKind::kAccess, 2000, &error).has_value());
  EXPECT_EQ(error.message, "token has expired");
}

TEST(Token, AVerifiedTokenIsStillRefusedAsAnotherKind) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  const TokenVerifier verifier = Trusting({&kSigner});
  ASSERT_TRUE(verifier.Verify(token, TokenKind::kAccess, 1500).has_value());
  TokenError error;
  EXPECT_FALSE(verifier.Verify(token, TokenKind::kService, 1500, &error).has_value());
  EXPECT_EQ(error.message, "expected a service token, got an access token");
  const auto again = verifier.Verify(token, TokenKind::kAccess, 1500);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->subject, "user-42");
  EXPECT_EQ(again->key_id, "k1");
}

TEST(Token, AnAlteredCopyOfAVerifiedTokenIsRefused) {
  const std::string token = kSigner.Issue(Claims(TokenKind::kAccess, 2000));
  const TokenVerifier verifier = Trusting({&kSigner});
  ASSERT_TRUE(verifier.Verify(token, TokenKind::kAccess, 1500).has_value());
  for (const size_t at : {token.size() - 2, token.find('.', 3) + 2}) {
    std::string altered = token;
    altered[at] = altered[at] == 'A' ? 'B' : 'A';
    EXPECT_FALSE(verifier.Verify(altered, TokenKind::kAccess, 1500).has_value()) << at;
  }
  std::string longer = token + "A";
  EXPECT_FALSE(verifier.Verify(longer, TokenKind::kAccess, 1500).has_value());
}

TEST(VerifiedTokens, StayWithinTheirCapacity) {
  VerifiedTokens verified(2);
  TokenClaims claims = Claims(TokenKind::kAccess, 2000);
  verified.Remember("a", claims, 1500);
  verified.Remember("b", claims, 1500);
  verified.Remember("c", claims, 1500);
  EXPECT_LE(verified.size(), 2u);
  EXPECT_TRUE(verified.Find("c", 1500).has_value());
  EXPECT_FALSE(verified.Find("c", 2000).has_value());  // expired
  EXPECT_EQ(verified.size(), 0u);                       // and dropped
  claims.expires_at = 1600;
  verified.Remember("old", claims, 1500);
  claims.expires_at = 3000;
  verified.Remember("d", claims, 1700);
  verified.Remember("e", claims, 1700);  // full: the expired one goes first
  EXPECT_TRUE(verified.Find("d", 1700).has_value());
  EXPECT_TRUE(verified.Find("e", 1700).has_value());
}

TEST(Token, GarbageAndTheOldSharedKeyFormatAreRefusedWithoutEchoingThem) {
  TokenError error;
  const TokenVerifier verifier = Trusting({&kSigner});
  EXPECT_FALSE(verifier.Verify("v2.secret-garbage", TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message.find("secret-garbage"), std::string::npos);
  EXPECT_FALSE(verifier.Verify("v1.eyJzdWIiOiJ4In0.bWFj", TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message, "token is malformed");
  EXPECT_FALSE(verifier.Verify("", TokenKind::kAccess, 1500).has_value());
}

TEST(Token, KeyIdsAreShortAndPlain) {
  EXPECT_TRUE(IsValidKeyId("2025-06_a"));
  EXPECT_FALSE(IsValidKeyId(""));
  EXPECT_FALSE(IsValidKeyId("a.b"));
  EXPECT_FALSE(IsValidKeyId(std::string(65, 'a')));
  EXPECT_THROW(TokenSigner("a b", std::string(32, 'k')), std::invalid_argument);
  EXPECT_THROW(TokenSigner("k", std::string(31, 'k')), std::invalid_argument);
  TokenVerifier verifier;
  verifier.Add("k1", kSigner.public_key());
  EXPECT_THROW(verifier.Add("k1", TokenSigner("x", std::string(32, 'x')).public_key()), std::invalid_argument);
}

TEST(SigningKeys, TheLinesOfANewKeyReadBack) {
  const std::string seed = NewSigningSeed();
  const TokenSigner signer = ParseSigningKey("# the lobby's key\n" + SigningKeyLine("2025-06", seed));
  EXPECT_EQ(signer.key_id(), "2025-06");
  const TokenSigner other("old", std::string(32, 'o'));
  const TokenVerifier verifier = ParsePublicKeys(PublicKeyLine(other) + "\n" + PublicKeyLine(signer));
  EXPECT_EQ(verifier.key_ids(), (std::vector<std::string>{"2025-06", "old"}));
  EXPECT_TRUE(verifier.Verify(signer.Issue(Claims(TokenKind::kAccess, 2000)), TokenKind::kAccess, 1500));
  // Comma-separated entries and "id:hex" work too (one environment variable).
  std::string inline_keys = PublicKeyLine(other) + "," + PublicKeyLine(signer);
  inline_keys.erase(std::remove(inline_keys.begin(), inline_keys.end(), '\n'), inline_keys.end());
  inline_keys[inline_keys.find(' ')] = ':';
  EXPECT_EQ(ParsePublicKeys(inline_keys).key_ids().size(), 2u);
}

TEST(SigningKeys, BadKeysAreRefusedWithoutShowingThem) {
  const std::string secret_hex(64, 'f');
  try {
    ParseSigningKey("k1 " + secret_hex.substr(0, 63));
    FAIL() << "a short key was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).find(secret_hex.substr(0, 20)), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("64 hexadecimal digits"), std::string::npos);
  }
  EXPECT_THROW(ParseSigningKey(""), std::runtime_error);
  EXPECT_THROW(ParseSigningKey("a " + secret_hex + "\nb " + secret_hex), std::runtime_error) << "one key only";
  EXPECT_THROW(ParsePublicKeys("bad.id " + secret_hex), std::runtime_error);
  EXPECT_THROW(LoadPublicKeys("", ""), std::runtime_error);
  EXPECT_THROW(LoadSigningKey("", "/nonexistent/key"), std::runtime_error);
}

TEST(Token, RandomIdsDiffer) {
  EXPECT_NE(RandomId(), RandomId());
  EXPECT_EQ(RandomId().size(), 32u);
}

}  // namespace
}  // namespace mailrun::service
