// Request field checks, the game ids CreateGame derives from request ids, and the engine's typed
// refusal parameters in the gRPC error details.
#include "services/game/request_checks.h"

#include <gtest/gtest.h>

#include "engine/core/structured_text.h"
#include "services/common/refusal_details.h"
#include "services/game/bot_turns.h"
#include "services/game/game_creation.h"
#include "services/game/game_status.h"

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

// Issue 46: the service's own request ids are a namespace clients may not use.
TEST(RequestChecks, ClientsMayNotUseTheServicesOwnRequestIds) {
  EXPECT_FALSE(CheckClientRequestId("bot-5-2").has_value());
  const auto reserved = CheckClientRequestId(BotRequestId(5, 2, 0));
  ASSERT_TRUE(reserved.has_value());
  EXPECT_NE(reserved->find("reserved"), std::string::npos) << *reserved;
  EXPECT_TRUE(CheckRequestId(BotRequestId(5, 2, 0)) == std::nullopt) << "the bot's own ids are well-formed";
}

// Issue 46: a refused bot move waits, longer after each refusal, and its next try has a new id; a
// turn the bot no longer sees is forgotten.
TEST(BotTurns, ARefusedTurnWaitsLongerEachTimeWithAFreshRequestId) {
  BotTurns turns;
  const BotTurns::Turn turn{"g1", 5, 2};
  const auto now = BotTurns::Clock::now();
  EXPECT_TRUE(turns.Due(turn, now));
  EXPECT_EQ(turns.Attempt(turn), 0);
  EXPECT_EQ(turns.Refused(turn, now), std::chrono::milliseconds(2000));
  EXPECT_FALSE(turns.Due(turn, now + std::chrono::milliseconds(1999)));
  EXPECT_TRUE(turns.Due(turn, now + std::chrono::milliseconds(2000)));
  EXPECT_EQ(turns.Attempt(turn), 1);
  EXPECT_NE(BotRequestId(5, 2, 0), BotRequestId(5, 2, turns.Attempt(turn)));
  EXPECT_EQ(turns.Refused(turn, now), std::chrono::milliseconds(4000));
  for (int i = 0; i < 20; ++i) turns.Refused(turn, now);
  EXPECT_EQ(turns.Refused(turn, now), BotTurns::kLongestWait);
  EXPECT_TRUE(turns.Due({"g1", 6, 2}, now)) << "another turn of the game is not held back";
  turns.KeepOnly({{"g1", 6, 2}});
  EXPECT_EQ(turns.size(), 0u);
  EXPECT_TRUE(turns.Due(turn, now));
}

// Issue 22: a refusal naming a company and an amount carries them typed (a mailrun.v1.StructuredText
// detail beside ErrorInfo); one naming nothing carries no such detail.
TEST(RefusalDetails, CarryTheTypedParametersOfTheRefusal) {
  namespace param = mailrun::engine::param;
  const grpc::Status status = EngineErrorStatus(
      mailrun::engine::Illegal("1853.refusal.bases.base_costs", "4.4.4", "a base costs £100; the EIR has £40")
          .With({param::Amount("cost", 100), param::Company("company", "EIR"), param::Amount("treasury", 40)}));
  const auto seen = service::RefusalOf(status);
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->key, "1853.refusal.bases.base_costs");
  EXPECT_EQ(seen->rule, "4.4.4");
  ASSERT_EQ(seen->params.size(), 3u);
  EXPECT_EQ(seen->params[0].name(), "cost");
  EXPECT_EQ(seen->params[0].amount(), 100);
  EXPECT_EQ(seen->params[1].company(), "EIR");
  EXPECT_EQ(seen->params[2].amount(), 40);
  const auto plain = service::RefusalOf(EngineErrorStatus(
      mailrun::engine::Illegal("1853.refusal.bases.base_tokens_go_only_large", "4.4.5", "base tokens go only on large stations")));
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->params.empty());
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
