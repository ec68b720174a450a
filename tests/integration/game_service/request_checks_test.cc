// Request field checks and the game ids CreateGame derives from request ids.
#include "services/game/request_checks.h"

#include <gtest/gtest.h>

#include "services/game/game_creation.h"

namespace mailrun::game {
namespace {

TEST(RequestChecks, NameTheFieldThatIsWrong) {
  EXPECT_FALSE(CheckRequestId("r-1").has_value());
  EXPECT_NE(CheckRequestId("")->find("request_id"), std::string::npos);
  EXPECT_TRUE(CheckRequestId(std::string(129, 'x')).has_value());
  EXPECT_FALSE(CheckRequestId(std::string(128, 'x')).has_value());
  EXPECT_NE(CheckGameId("")->find("game_id"), std::string::npos);
  EXPECT_TRUE(CheckGameId(std::string(65, 'g')).has_value());
}

TEST(GameIds, FollowFromTheServiceAndTheRequestId) {
  const std::string id = GameIdFor("lobby", "lobby-table-1");
  EXPECT_EQ(id, GameIdFor("lobby", "lobby-table-1"));
  EXPECT_NE(id, GameIdFor("lobby", "lobby-table-2"));
  EXPECT_NE(id, GameIdFor("other", "lobby-table-1"));
  ASSERT_EQ(id.size(), 33u);
  EXPECT_EQ(id[0], 'g');
  EXPECT_EQ(id.find_first_not_of("0123456789abcdef", 1), std::string::npos);
}

}  // namespace
}  // namespace mailrun::game
