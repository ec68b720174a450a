// Fanout: the doorbells of open streams, per user.
#include "services/notification/fanout.h"

#include <gtest/gtest.h>

#include <thread>

namespace mailrun::notification {
namespace {

using std::chrono::milliseconds;

TEST(Fanout, NotifyRingsOnlyThatUsersStreams) {
  Fanout fanout;
  auto alice_phone = fanout.Add("alice");
  auto alice_tablet = fanout.Add("alice");
  auto bob = fanout.Add("bob");
  EXPECT_EQ(fanout.StreamCount("alice"), 2u);
  fanout.Notify("alice");
  EXPECT_TRUE(alice_phone->listener().Wait(milliseconds(0)));
  EXPECT_TRUE(alice_tablet->listener().Wait(milliseconds(0)));
  EXPECT_FALSE(bob->listener().Wait(milliseconds(0)));
  EXPECT_FALSE(alice_phone->listener().Wait(milliseconds(0))) << "a ring is consumed by one Wait";
}

TEST(Fanout, ARingBeforeTheWaitIsNotLost) {
  Fanout fanout;
  auto stream = fanout.Add("alice");
  fanout.Notify("alice");
  fanout.Notify("alice");
  EXPECT_TRUE(stream->listener().Wait(milliseconds(1000)));
}

TEST(Fanout, AWaitingStreamWakesWhenRung) {
  Fanout fanout;
  auto stream = fanout.Add("alice");
  std::thread ringer([&] {
    std::this_thread::sleep_for(milliseconds(50));
    fanout.Notify("alice");
  });
  EXPECT_TRUE(stream->listener().Wait(milliseconds(5000)));
  ringer.join();
}

TEST(Fanout, ClosedStreamsStayClosedAndLateOnesStartClosed) {
  Fanout fanout;
  auto stream = fanout.Add("alice");
  fanout.CloseAll();
  EXPECT_TRUE(stream->listener().Wait(milliseconds(0)));
  EXPECT_TRUE(stream->listener().closed());
  auto late = fanout.Add("bob");
  EXPECT_TRUE(late->listener().closed());
}

TEST(Fanout, ARegistrationEndsWithItsHandle) {
  Fanout fanout;
  {
    auto stream = fanout.Add("alice");
    EXPECT_EQ(fanout.StreamCount("alice"), 1u);
  }
  EXPECT_EQ(fanout.StreamCount("alice"), 0u);
  fanout.Notify("alice");  // nobody listens: nothing happens
}

}  // namespace
}  // namespace mailrun::notification
