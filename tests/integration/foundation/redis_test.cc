// The test Redis is real, and like every Redis of Mailrun's it wants a password: a publish reaches
// a subscriber through the server once both have authenticated, and nothing works without.
#include <gtest/gtest.h>
#include <hiredis/hiredis.h>

#include <memory>
#include <string>

#include "tests/testing/servers.h"

namespace {

using RedisContext = std::unique_ptr<redisContext, decltype(&redisFree)>;

RedisContext Connect(bool authenticate = true) {
  RedisContext context(redisConnect("127.0.0.1", mailrun::testing::RedisPort()), &redisFree);
  if (context && !context->err && authenticate) {
    const std::string password = mailrun::testing::RedisPassword();
    freeReplyObject(redisCommand(context.get(), "AUTH %b", password.data(), password.size()));
  }
  return context;
}

TEST(Redis, RefusesAClientWithoutThePassword) {
  RedisContext anonymous = Connect(false);
  ASSERT_TRUE(anonymous && !anonymous->err);
  auto* refused = static_cast<redisReply*>(redisCommand(anonymous.get(), "PUBLISH foundation-test hello"));
  ASSERT_NE(refused, nullptr);
  EXPECT_EQ(refused->type, REDIS_REPLY_ERROR);
  EXPECT_EQ(std::string(refused->str).rfind("NOAUTH", 0), 0u) << refused->str;
  freeReplyObject(refused);
  auto* wrong = static_cast<redisReply*>(redisCommand(anonymous.get(), "AUTH not-the-password"));
  ASSERT_NE(wrong, nullptr);
  EXPECT_EQ(wrong->type, REDIS_REPLY_ERROR);
  freeReplyObject(wrong);
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
