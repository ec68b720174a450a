// ScrubText and ScrubMessage (services/common/account_scrub.h): a deleted account's id is replaced
// wherever it occurs, its name only where it stands as a word, in every string field however deep.
#include <gtest/gtest.h>

#include "mailrun/v1/events.pb.h"
#include "services/common/account_scrub.h"

namespace mailrun::service {
namespace {

const ForgottenAccount kAccount{"0123456789abcdef0123456789abcdef", "Ann", "fedcba9876543210fedcba9876543210",
                                "deleted player 1a2b3c4d"};

TEST(AccountScrub, ReplacesTheIdEverywhereAndTheNameAsAWord) {
  EXPECT_EQ(ScrubText("reminder/g1/0123456789abcdef0123456789abcdef/3", kAccount),
            "reminder/g1/fedcba9876543210fedcba9876543210/3");
  EXPECT_EQ(ScrubText("Ann buys a share; Bob pays Ann.", kAccount),
            "deleted player 1a2b3c4d buys a share; Bob pays deleted player 1a2b3c4d.");
  EXPECT_EQ(ScrubText("Annie and Joann stay", kAccount), "Annie and Joann stay");
  EXPECT_EQ(ScrubText("nothing here", kAccount), "nothing here");
}

TEST(AccountScrub, WalksRepeatedAndNestedFields) {
  mailrun::v1::Event event;
  event.set_event_id("e1");
  event.add_user_ids("someone-else");
  event.add_user_ids(kAccount.user_id);
  auto* finished = event.mutable_game_finished();
  finished->set_game_id("g1");
  auto* mine = finished->add_results();
  mine->set_user_id(kAccount.user_id);
  mine->set_display_name("Ann");
  finished->add_results()->set_display_name("Bob");
  ASSERT_TRUE(ScrubMessage(event, kAccount));
  EXPECT_EQ(event.user_ids(0), "someone-else");
  EXPECT_EQ(event.user_ids(1), kAccount.placeholder_user_id);
  EXPECT_EQ(event.game_finished().results(0).user_id(), kAccount.placeholder_user_id);
  EXPECT_EQ(event.game_finished().results(0).display_name(), kAccount.placeholder_name);
  EXPECT_EQ(event.game_finished().results(1).display_name(), "Bob");
  EXPECT_FALSE(ScrubMessage(event, kAccount)) << "a second pass finds nothing";

  std::string scrubbed;
  mailrun::v1::Event untouched;
  untouched.set_event_id("e2");
  EXPECT_FALSE(ScrubSerialized(mailrun::v1::Event(), untouched.SerializeAsString(), kAccount, &scrubbed));
  EXPECT_TRUE(scrubbed.empty());
}

}  // namespace
}  // namespace mailrun::service
