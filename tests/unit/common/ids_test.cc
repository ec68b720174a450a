// The one rule for ids in requests (services/common/ids.h), request fingerprints, the Redis
// password in the Redis URL, and retry hints.
#include <gtest/gtest.h>

#include <fstream>
#include <pqxx/pqxx>

#include "mailrun/v1/game.pb.h"
#include "services/common/config.h"
#include "services/common/database_errors.h"
#include "services/common/ids.h"
#include "services/common/redis.h"
#include "services/common/request_fingerprint.h"
#include "services/common/retry_later.h"

namespace mailrun::service {
namespace {

TEST(Ids, PrintableAsciiIsAnId) {
  EXPECT_FALSE(IdProblem("game_id", "g0123abc").has_value());
  EXPECT_FALSE(IdProblem("request_id", "req-1:2/3_{x}~").has_value());
  EXPECT_FALSE(IdProblem("request_id", std::string(128, 'x')).has_value());
  EXPECT_FALSE(OptionalIdProblem("page_token", "").has_value());
}

TEST(Ids, NulSpaceControlAndNonAsciiAreRefusedNamingTheFieldNotTheValue) {
  const auto nul = IdProblem("request_id", std::string("move-1\0tail", 11));
  ASSERT_TRUE(nul.has_value());
  EXPECT_NE(nul->find("request_id"), std::string::npos);
  EXPECT_NE(nul->find("NUL byte at position 7"), std::string::npos) << *nul;
  EXPECT_EQ(nul->find("move-1"), std::string::npos) << "the value is not echoed";
  EXPECT_NE(IdProblem("game_id", "g 1")->find("a space"), std::string::npos);
  EXPECT_NE(IdProblem("game_id", "g\x1b[2J")->find("a control character"), std::string::npos);
  EXPECT_NE(IdProblem("game_id", "g\xc3\xa9")->find("a non-ASCII byte"), std::string::npos);
  EXPECT_NE(IdProblem("table_id", "")->find("table_id is required"), std::string::npos);
  EXPECT_NE(IdProblem("game_id", std::string(65, 'g'), 64)->find("at most 64"), std::string::npos);
  EXPECT_TRUE(OptionalIdProblem("page_token", std::string("\0", 1)).has_value());
}

TEST(RequestFingerprints, TellTheSameRequestFromAnother) {
  mailrun::v1::SubmitActionRequest first;
  first.set_game_id("g1");
  first.set_request_id("r1");
  first.mutable_action()->mutable_commit_bond()->set_amount(300);
  mailrun::v1::SubmitActionRequest same = first;
  mailrun::v1::SubmitActionRequest other = first;
  other.mutable_action()->mutable_commit_bond()->set_amount(400);
  EXPECT_EQ(RequestFingerprint(first).size(), 32u);
  EXPECT_EQ(RequestFingerprint(first), RequestFingerprint(same));
  EXPECT_NE(RequestFingerprint(first), RequestFingerprint(other));
}

TEST(RedisPassword, GoesIntoTheUrlAndNeverIntoAnError) {
  CommonConfig config;
  config.redis_url = "redis://127.0.0.1:6390";
  EXPECT_EQ(RedisUrlOf(config), "redis://127.0.0.1:6390");
  const std::string file = ::testing::TempDir() + "/redis-password";
  std::ofstream(file) << "s3cret:with@odd/chars\n";
  config.redis_password_file = file;
  const RedisEndpoint endpoint = ParseRedisUrl(RedisUrlOf(config));
  EXPECT_EQ(endpoint.password, "s3cret:with@odd/chars");
  EXPECT_EQ(endpoint.host, "127.0.0.1");
  EXPECT_EQ(endpoint.port, 6390);
  config.redis_password = "inline";  // the variable wins over the file
  EXPECT_EQ(ParseRedisUrl(RedisUrlOf(config)).password, "inline");
  config.redis_url = "redis+sentinel://127.0.0.1:26390,127.0.0.1:26391/mailrun";  // Sentinels get it too
  EXPECT_EQ(ParseRedisUrl(RedisUrlOf(config)).password, "inline");
  EXPECT_EQ(ParseRedisUrl(RedisUrlOf(config)).sentinels.size(), 2u);
  try {
    ParseRedisUrl("redis://:hunter2@:99999");
    FAIL() << "a bad port was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).find("hunter2"), std::string::npos) << e.what();
  }
}

TEST(RetryLater, CarriesTheDelayAsRetryInfoAndInTheMessage) {
  const grpc::Status status = RetryLater("too many logins", std::chrono::seconds(42));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_EQ(status.error_message(), "too many logins; retry in 42 s");
  EXPECT_EQ(RetryDelayOf(status), std::chrono::milliseconds(42000));
  EXPECT_FALSE(RetryDelayOf(grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, "no details")).has_value());
}

TEST(DatabaseErrors, AServerShuttingDownIsAsALostConnection) {
  EXPECT_TRUE(ServerWentAway(pqxx::broken_connection("gone")));
  EXPECT_TRUE(ServerWentAway(pqxx::sql_error("terminating connection due to administrator command", "", "57P01")));
  EXPECT_TRUE(ServerWentAway(pqxx::sql_error("the database system is starting up", "", "57P03")));
  EXPECT_TRUE(ServerWentAway(pqxx::sql_error("connection failure", "", "08006")));
  EXPECT_FALSE(ServerWentAway(pqxx::sql_error("syntax error", "", "42601")));
  EXPECT_FALSE(ServerWentAway(std::runtime_error("other")));
}

}  // namespace
}  // namespace mailrun::service
