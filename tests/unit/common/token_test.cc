// Access tokens: what verifies, and every way a token is refused.
#include <gtest/gtest.h>

#include "services/common/token.h"

namespace mailrun::service {
namespace {

const std::string kKey(32, 'k');

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

TEST(Token, IssuedTokenVerifiesWithItsClaims) {
  const std::string token = IssueToken(kKey, Claims(TokenKind::kAccess, 2000));
  const auto claims = VerifyToken(kKey, token, TokenKind::kAccess, 1500);
  ASSERT_TRUE(claims.has_value());
  EXPECT_EQ(claims->subject, "user-42");
  EXPECT_EQ(claims->display_name, "Dora");
  EXPECT_EQ(claims->expires_at, 2000);
  EXPECT_EQ(claims->token_id, "t1");
}

TEST(Token, ExpiredTokenIsRefused) {
  const std::string token = IssueToken(kKey, Claims(TokenKind::kAccess, 2000));
  TokenError error;
  EXPECT_FALSE(VerifyToken(kKey, token, TokenKind::kAccess, 2000, &error).has_value());
  EXPECT_EQ(error.message, "token has expired");
}

TEST(Token, TokenSignedWithAnotherKeyIsRefused) {
  const std::string token = IssueToken(std::string(32, 'x'), Claims(TokenKind::kAccess, 2000));
  TokenError error;
  EXPECT_FALSE(VerifyToken(kKey, token, TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message, "token signature is not valid");
}

TEST(Token, AlteredPayloadIsRefused) {
  std::string token = IssueToken(kKey, Claims(TokenKind::kAccess, 2000));
  const size_t dot = token.find('.', 3);
  token[dot - 2] = token[dot - 2] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(VerifyToken(kKey, token, TokenKind::kAccess, 1500).has_value());
}

TEST(Token, WrongKindIsRefused) {
  const std::string token = IssueToken(kKey, Claims(TokenKind::kRefresh, 2000));
  TokenError error;
  EXPECT_FALSE(VerifyToken(kKey, token, TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message, "expected an access token, got a refresh token");
}

TEST(Token, GarbageIsRefusedWithoutEchoingIt) {
  TokenError error;
  EXPECT_FALSE(VerifyToken(kKey, "v1.secret-garbage", TokenKind::kAccess, 1500, &error).has_value());
  EXPECT_EQ(error.message.find("secret-garbage"), std::string::npos);
  EXPECT_FALSE(VerifyToken(kKey, "", TokenKind::kAccess, 1500).has_value());
}

TEST(Token, RandomIdsDiffer) {
  EXPECT_NE(RandomId(), RandomId());
  EXPECT_EQ(RandomId().size(), 32u);
}

}  // namespace
}  // namespace mailrun::service
