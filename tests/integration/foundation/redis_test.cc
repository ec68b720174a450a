// The test Redis is real: a publish reaches a subscriber through the server.
#include <gtest/gtest.h>
#include <hiredis/hiredis.h>

#include <memory>
#include <string>

#include "tests/testing/servers.h"

namespace {

using RedisContext = std::unique_ptr<redisContext, decltype(&redisFree)>;

RedisContext Connect() {
  return RedisContext(redisConnect("127.0.0.1", mailrun::testing::RedisPort()), &redisFree);
}

TEST(Redis, PublishReachesSubscriber) {
  RedisContext subscriber = Connect();
  RedisContext publisher = Connect();
  ASSERT_TRUE(subscriber && !subscriber->err);
  ASSERT_TRUE(publisher && !publisher->err);
  freeReplyObject(redisCommand(subscriber.get(), "SUBSCRIBE foundation-test"));
  auto* published = static_cast<redisReply*>(redisCommand(publisher.get(), "PUBLISH foundation-test hello"));
  ASSERT_NE(published, nullptr);
  EXPECT_EQ(published->integer, 1);  // one subscriber received it
  freeReplyObject(published);
  void* raw = nullptr;
  ASSERT_EQ(redisGetReply(subscriber.get(), &raw), REDIS_OK);
  auto* message = static_cast<redisReply*>(raw);
  ASSERT_EQ(message->type, REDIS_REPLY_ARRAY);
  ASSERT_EQ(message->elements, 3u);
  EXPECT_EQ(std::string(message->element[2]->str), "hello");
  freeReplyObject(message);
}

}  // namespace
