// Shared helpers used by the relay and the consumer: Redis URLs and exponential back-off.
#include <gtest/gtest.h>

#include "services/common/backoff.h"
#include "services/common/redis.h"

namespace mailrun::service {
namespace {

using std::chrono::milliseconds;

TEST(RedisUrl, ParsesHostPortPasswordAndDatabase) {
  const auto plain = ParseRedisUrl("redis://127.0.0.1:56379");
  EXPECT_EQ(plain.host, "127.0.0.1");
  EXPECT_EQ(plain.port, 56379);
  EXPECT_EQ(plain.password, "");
  const auto full = ParseRedisUrl("redis://:s3cret@cache.internal:6380/2");
  EXPECT_EQ(full.host, "cache.internal");
  EXPECT_EQ(full.port, 6380);
  EXPECT_EQ(full.password, "s3cret");
  EXPECT_EQ(full.database, 2);
  const auto defaults = ParseRedisUrl("redis://cache");
  EXPECT_EQ(defaults.port, 6379);
}

TEST(RedisUrl, RefusesMalformedUrlsNamingThePart) {
  EXPECT_THROW(ParseRedisUrl("http://127.0.0.1:6379"), std::invalid_argument);
  EXPECT_THROW(ParseRedisUrl("redis://"), std::invalid_argument);
  EXPECT_THROW(ParseRedisUrl("redis://host:0"), std::invalid_argument);
  EXPECT_THROW(ParseRedisUrl("redis://host:70000"), std::invalid_argument);
  EXPECT_THROW(ParseRedisUrl("redis://host:port"), std::invalid_argument);
  EXPECT_THROW(ParseRedisUrl("redis://host/db"), std::invalid_argument);
  try {
    ParseRedisUrl("redis://host:abc");
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("port"), std::string::npos);
  }
}

TEST(RedisUrl, ParsesSentinelsAndTheMasterName) {
  const auto sentinels = ParseRedisUrl("redis+sentinel://:s3cret@s1.internal:26380,s2.internal/cache");
  ASSERT_EQ(sentinels.sentinels.size(), 2u);
  EXPECT_EQ(sentinels.sentinels[0], std::make_pair(std::string("s1.internal"), 26380));
  EXPECT_EQ(sentinels.sentinels[1], std::make_pair(std::string("s2.internal"), 26379));
  EXPECT_EQ(sentinels.master_name, "cache");
  EXPECT_EQ(sentinels.password, "s3cret");
  EXPECT_EQ(sentinels.Describe(), "Sentinel master cache");
  EXPECT_EQ(ParseRedisUrl("redis+sentinel://s1").master_name, "mailrun");
  EXPECT_THROW(ParseRedisUrl("redis+sentinel://s1,/m"), std::invalid_argument);  // an empty host
  EXPECT_THROW(ParseRedisUrl("redis+sentinel://s1:0"), std::invalid_argument);
}

TEST(ExponentialBackoff, DoublesUpToTheMaximumAndResets) {
  ExponentialBackoff backoff(milliseconds(100), milliseconds(1000));
  EXPECT_EQ(backoff.Next(), milliseconds(100));
  EXPECT_EQ(backoff.Next(), milliseconds(200));
  EXPECT_EQ(backoff.Next(), milliseconds(400));
  EXPECT_EQ(backoff.Next(), milliseconds(800));
  EXPECT_EQ(backoff.Next(), milliseconds(1000));
  EXPECT_EQ(backoff.Next(), milliseconds(1000));
  backoff.Reset();
  EXPECT_EQ(backoff.Next(), milliseconds(100));
}

TEST(ExponentialBackoff, DelayForAnAttemptNumber) {
  EXPECT_EQ(ExponentialBackoff::DelayFor(1, milliseconds(1000), milliseconds(300000)), milliseconds(1000));
  EXPECT_EQ(ExponentialBackoff::DelayFor(4, milliseconds(1000), milliseconds(300000)), milliseconds(8000));
  EXPECT_EQ(ExponentialBackoff::DelayFor(40, milliseconds(1000), milliseconds(300000)), milliseconds(300000));
  EXPECT_THROW(ExponentialBackoff(milliseconds(0), milliseconds(10)), std::invalid_argument);
  EXPECT_THROW(ExponentialBackoff(milliseconds(20), milliseconds(10)), std::invalid_argument);
}

}  // namespace
}  // namespace mailrun::service
