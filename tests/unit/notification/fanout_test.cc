// Fanout: the doorbells of open streams, per user.
#include "services/notification/fanout.h"

#include <gtest/gtest.h>

#include <vector>

namespace mailrun::notification {
namespace {

// What one stream's doorbell heard: each ring's `closing`.
struct Heard {
  std::vector<bool> rings;
  Fanout::Ring ring() {
    return [this](bool closing) { rings.push_back(closing); };
  }
};

TEST(Fanout, NotifyRingsOnlyThatUsersStreams) {
  Fanout fanout;
  Heard phone, tablet, bob;
  auto alice_phone = fanout.Add("alice", phone.ring());
  auto alice_tablet = fanout.Add("alice", tablet.ring());
  auto bobs = fanout.Add("bob", bob.ring());
  EXPECT_EQ(fanout.StreamCount("alice"), 2u);
  EXPECT_EQ(fanout.StreamCount(), 3u);
  fanout.Notify("alice");
  fanout.Notify("alice");
  EXPECT_EQ(phone.rings, (std::vector<bool>{false, false}));
  EXPECT_EQ(tablet.rings, (std::vector<bool>{false, false}));
  EXPECT_TRUE(bob.rings.empty());
}

TEST(Fanout, CloseAllRingsEveryStreamClosingAndLateOnesStartClosed) {
  Fanout fanout;
  Heard alice, bob;
  auto stream = fanout.Add("alice", alice.ring());
  fanout.CloseAll();
  EXPECT_EQ(alice.rings, std::vector<bool>{true});
  auto late = fanout.Add("bob", bob.ring());
  EXPECT_EQ(bob.rings, std::vector<bool>{true}) << "a stream registered while closing is told at once";
}

TEST(Fanout, ARegistrationEndsWithItsHandle) {
  Fanout fanout;
  Heard alice;
  {
    auto stream = fanout.Add("alice", alice.ring());
    EXPECT_EQ(fanout.StreamCount("alice"), 1u);
  }
  EXPECT_EQ(fanout.StreamCount("alice"), 0u);
  EXPECT_EQ(fanout.StreamCount(), 0u);
  fanout.Notify("alice");
  EXPECT_TRUE(alice.rings.empty()) << "no ring after the handle is gone";
}

TEST(Fanout, TheObserverHearsAUsersFirstStreamOpenAndLastOneClose) {
  Fanout fanout;
  std::vector<std::pair<std::string, bool>> told;
  fanout.SetObserver([&](const std::string& user, bool streaming) { told.emplace_back(user, streaming); });
  Heard heard;
  auto phone = fanout.Add("alice", heard.ring());
  auto tablet = fanout.Add("alice", heard.ring());
  auto bobs = fanout.Add("bob", heard.ring());
  EXPECT_EQ(told, (std::vector<std::pair<std::string, bool>>{{"alice", true}, {"bob", true}}));
  phone.reset();
  EXPECT_EQ(told.size(), 2u) << "alice still has her tablet";
  tablet.reset();
  EXPECT_EQ(told.back(), (std::pair<std::string, bool>{"alice", false}));
}

}  // namespace
}  // namespace mailrun::notification
