// CallbackQueueKeeper: its calls complete through gRPC's callback API, one after another, and
// it stops cleanly with a call or an alarm outstanding.
#include "services/common/callback_queue_keeper.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace mailrun::service {
namespace {

// Waits (up to a generous bound, so a slow machine does not fail it) until `keeper` has completed
// `calls` calls; returns how many it had.
long WaitForCalls(const CallbackQueueKeeper& keeper, long calls) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (keeper.completed() < calls && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return keeper.completed();
}

TEST(CallbackQueueKeeper, ItsCallsCompleteOneAfterAnother) {
  const CallbackQueueKeeper keeper(std::chrono::milliseconds(10));
  EXPECT_GE(WaitForCalls(keeper, 5), 5);
}

TEST(CallbackQueueKeeper, MakesNoCallBeforeItsInterval) {
  const CallbackQueueKeeper keeper(std::chrono::hours(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(keeper.completed(), 0);
}  // and is destroyed with its alarm pending

TEST(CallbackQueueKeeper, StopsWithACallInFlight) {
  for (int i = 0; i < 20; ++i) {
    const CallbackQueueKeeper keeper(std::chrono::milliseconds(0));
    EXPECT_GE(WaitForCalls(keeper, 1), 1);
  }  // each destroyed at once, its next call or alarm outstanding
}

}  // namespace
}  // namespace mailrun::service
