// GameCache: versions, least-recently-used eviction, capacity, and concurrent use.
#include "services/game/game_cache.h"

#include <gtest/gtest.h>

#include <thread>

#include "engine/titles/game.h"
#include "tests/integration/game_service/game_harness.h"

namespace mailrun::game {
namespace {

CachedGame Entry(const std::string& game_id, int64_t version) {
  auto info = std::make_shared<GameInfo>();
  info->game_id = game_id;
  info->config = testing::PlayersConfig(game_id, 3, 1);
  auto game = mailrun::engine::Game::Create(info->config);
  return {info, version, std::make_shared<const mailrun::engine::Game>(std::move(*game))};
}

TEST(GameCache, KeepsTheNewestVersionOfEachGame) {
  GameCache cache(4);
  EXPECT_FALSE(cache.Find("a").has_value());
  cache.Put(Entry("a", 3));
  ASSERT_TRUE(cache.Find("a").has_value());
  EXPECT_EQ(cache.Find("a")->version, 3);
  cache.Put(Entry("a", 2));  // a slow reader's older load
  EXPECT_EQ(cache.Find("a")->version, 3);
  cache.Put(Entry("a", 5));
  EXPECT_EQ(cache.Find("a")->version, 5);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(GameCache, KeepsTheVersionBeforeTheNewestForDeltas) {
  GameCache cache(4);
  cache.Put(Entry("a", 4));
  cache.Put(Entry("a", 5));  // a move
  ASSERT_TRUE(cache.Find("a", 4).has_value());
  EXPECT_EQ(cache.Find("a", 4)->version, 4);
  EXPECT_EQ(cache.Find("a", 5)->version, 5);
  EXPECT_FALSE(cache.Find("a", 3).has_value());
  cache.Put(Entry("a", 6));  // the next move: 4 is dropped
  EXPECT_FALSE(cache.Find("a", 4).has_value());
  EXPECT_TRUE(cache.Find("a", 5).has_value());
  cache.Put(Entry("a", 2));  // older than both kept: not kept
  EXPECT_FALSE(cache.Find("a", 2).has_value());
  cache.Put(Entry("a", 6));  // the same version again changes nothing
  EXPECT_EQ(cache.Find("a")->version, 6);
  EXPECT_TRUE(cache.Find("a", 5).has_value());
  EXPECT_FALSE(cache.Find("b", 6).has_value());
}

TEST(GameCache, DropsTheLeastRecentlyUsedGameBeyondItsCapacity) {
  GameCache cache(2);
  cache.Put(Entry("a", 1));
  cache.Put(Entry("b", 1));
  ASSERT_TRUE(cache.Find("a").has_value());  // a is now more recent than b
  cache.Put(Entry("c", 1));
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_TRUE(cache.Find("a").has_value());
  EXPECT_FALSE(cache.Find("b").has_value());
  EXPECT_TRUE(cache.Find("c").has_value());
  GameCache none(0);
  none.Put(Entry("a", 1));
  EXPECT_FALSE(none.Find("a").has_value());
}

TEST(GameCache, IsSafeToShareBetweenThreads) {
  GameCache cache(8);
  std::vector<CachedGame> entries;
  for (int g = 0; g < 16; ++g) entries.push_back(Entry("g" + std::to_string(g), 0));
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 2000; ++i) {
        CachedGame entry = entries[(i + t) % entries.size()];
        entry.version = i;
        cache.Put(entry);
        const auto found = cache.Find(entry.info->game_id);
        EXPECT_TRUE(!found || found->info->game_id == entry.info->game_id);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_LE(cache.size(), 8u);
}

}  // namespace
}  // namespace mailrun::game
