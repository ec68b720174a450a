// The ring that places games on game pods (services/common/game_ring.h): stable, spread, moving
// only the games of a pod that comes or goes, and the same as the gateway's (gateway/game_ring.mjs,
// run with node) for the same addresses.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "services/common/game_ring.h"

namespace mailrun::service {
namespace {

const std::vector<std::string> kThree = {"10.0.0.7:50151", "10.0.0.8:50151", "10.0.0.9:50151"};

std::string GameId(int i) { return "g" + std::to_string(i * 7919) + "x"; }

TEST(GameRing, HashIsTheFirstEightBytesOfSha256) {
  EXPECT_EQ(RingHash(""), 0xe3b0c44298fc1c14ULL);     // SHA-256("") = e3b0c442 98fc1c14 ...
  EXPECT_EQ(RingHash("abc"), 0xba7816bf8f01cfeaULL);  // SHA-256("abc") = ba7816bf 8f01cfea ...
}

TEST(GameRing, AGameAlwaysHasTheSameOwnerWhateverTheOrderOfTheAddresses) {
  const GameRing ring(kThree);
  const GameRing reversed({kThree[2], kThree[1], kThree[0], kThree[1]});
  for (int i = 0; i < 200; ++i) {
    EXPECT_EQ(ring.Owner(GameId(i)), reversed.Owner(GameId(i)));
    const std::vector<std::string> order = ring.Order(GameId(i));
    ASSERT_EQ(order.size(), 3u);
    EXPECT_EQ(order[0], ring.Owner(GameId(i)));
    EXPECT_NE(order[0], order[1]);
    EXPECT_NE(order[1], order[2]);
    EXPECT_NE(order[0], order[2]);
  }
  EXPECT_EQ(GameRing({}).Owner("g"), "");
  EXPECT_TRUE(GameRing({}).Order("g").empty());
}

TEST(GameRing, GamesSpreadOverThePods) {
  const GameRing ring(kThree);
  std::map<std::string, int> games;
  for (int i = 0; i < 3000; ++i) ++games[ring.Owner(GameId(i))];
  ASSERT_EQ(games.size(), 3u);
  for (const auto& [pod, count] : games) {
    EXPECT_GT(count, 700) << pod;  // a third is 1,000
    EXPECT_LT(count, 1300) << pod;
  }
}

TEST(GameRing, OnlyThePodThatGoesOrComesMovesGames) {
  const GameRing three(kThree);
  const GameRing two({kThree[0], kThree[2]});
  const GameRing four({kThree[0], kThree[1], kThree[2], "10.0.0.10:50151"});
  int moved_to_new = 0;
  for (int i = 0; i < 2000; ++i) {
    const std::string game = GameId(i);
    const std::string owner = three.Owner(game);
    // The second pod goes: its games go to the next pod of their order, the others stay.
    EXPECT_EQ(two.Owner(game), owner == kThree[1] ? three.Order(game)[1] : owner) << game;
    // A fourth comes: a game stays or moves to the new pod, never between the old ones.
    const std::string with_four = four.Owner(game);
    if (with_four != owner) {
      EXPECT_EQ(with_four, "10.0.0.10:50151") << game;
      ++moved_to_new;
    }
  }
  EXPECT_GT(moved_to_new, 300);  // about a quarter of 2,000
  EXPECT_LT(moved_to_new, 700);
}

TEST(GameRing, TheGatewayPlacesEveryGameOnTheSamePod) {
  std::string script = "import { GameRing } from '" + std::string(MAILRUN_GATEWAY_DIR) +
                       "/game_ring.mjs'; const ring = new GameRing(" +
                       "['10.0.0.9:50151', '10.0.0.7:50151', '10.0.0.8:50151']); const out = [];"
                       " for (let i = 0; i < 300; i++) out.push(ring.order('g' + (i * 7919) + 'x').join(' '));"
                       " console.log(out.join('\\n'));";
  const std::string command = "node --input-type=module -e \"" + script + "\"";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  ASSERT_TRUE(pipe);
  std::string out;
  std::array<char, 4096> buffer;
  for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) out.append(buffer.data(), n);
  const GameRing ring(kThree);
  std::string expected;
  for (int i = 0; i < 300; ++i) {
    const std::vector<std::string> order = ring.Order(GameId(i));
    expected += order[0] + " " + order[1] + " " + order[2] + "\n";
  }
  EXPECT_EQ(out, expected);
}

}  // namespace
}  // namespace mailrun::service
