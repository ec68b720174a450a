// Refusals of the dealing rounds that name the rule that refuses, in words that fit the position:
// a share from the pool is dear at the market price (3.1.7), a new one at par (3.1.4); the bank's
// last two shares of a company not yet formed are its director's certificate (3.2.1); a company
// formed this round under a manager is not said to have a director (3.1.8).
#include <gtest/gtest.h>

#include "tests/unit/engine/dealing_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

// The second dealing round at seat 0's turn, the SIR formed at £75 with seat 2 as director, one SIR
// share in the pool and seat 0 holding £50.
Game SirAtSeventyFiveAndFiftyPounds() {
  const Game base = SecondDealingRound();
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, 2, 75);
    s.shares.Move(ShareHolder::Bank(), ShareHolder::Pool(), sir, 1);
    GiveCash(s, 0, 50 - s.players[0].cash);
  });
  EXPECT_EQ(game.state().dealing.current, 0);
  return game;
}

TEST(DealingRefusals, Rule3_1_7_APoolShareCostsTheMarketPriceAndANewOneItsPar) {
  Game game = SirAtSeventyFiveAndFiftyPounds();
  const Error pool = MustRefuse(game, Buy(0, "SIR", /*from_pool=*/true));
  EXPECT_EQ(pool.rule, "3.1.7") << "the pool sells at the market price";
  EXPECT_EQ(pool.message, "one SIR share costs £75; you have £50");
  const Error bank = MustRefuse(game, Buy(0, "SIR"));
  EXPECT_EQ(bank.rule, "3.1.4") << "new shares at par";
}

TEST(DealingRefusals, Rule3_2_1_TheBanksLastTwoSharesAreTheDirectorsCertificate) {
  // The first dealing round: eight MSM shares issued (seats 1 and 3 four each), the MSM floated
  // but its director not yet appointed (2.9.1); the bank's two are the director's certificate.
  const Game base = FirstDealingRound();
  const int msm = CompanyIndexOf(base, "MSM");
  Game game = WithState(base, [&](GameState& s) {
    for (int seat = 0; seat < 4; ++seat) s.shares.Move(ShareHolder::Player(seat), ShareHolder::Bank(), msm, s.shares.HeldBy(seat, msm));
    for (PlayerState& p : s.players) p.contracted[msm] = p.unredeemed[msm] = 0;
    GiveShares(s, 1, msm, 4);
    GiveShares(s, 3, msm, 4);
    s.companies[msm].floated = true;
  });
  ASSERT_EQ(game.state().shares.InBank(msm), 2);
  PassUntilTurnOf(game, 0);
  const Error refused = MustRefuse(game, Buy(0, "MSM"));
  EXPECT_EQ(refused.rule, "3.2.1");
  EXPECT_EQ(refused.message,
            "the bank holds only the MSM director's certificate, which is not bought but exchanged for two ordinary shares");
}

TEST(DealingRefusals, Rule3_1_8_ACompanyFormedThisRoundUnderAManagerIsNotSaidToHaveADirector) {
  const Game base = SecondDealingRound();
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, -1, 75);
    s.companies[sir].manager = 2;
    s.companies[sir].formed_in_dealing_round = 2;
    for (int seat = 0; seat < 4; ++seat) s.shares.Move(ShareHolder::Player(seat), ShareHolder::Bank(), sir, s.shares.HeldBy(seat, sir));
    for (PlayerState& p : s.players) p.contracted[sir] = p.unredeemed[sir] = 0;
    for (int seat = 0; seat < 4; ++seat) GiveShares(s, seat, sir, 1);
  });
  ASSERT_EQ(game.state().dealing.current, 0);
  const Error refused = MustRefuse(game, Sell(0, "SIR", 1));
  EXPECT_EQ(refused.rule, "3.1.8");
  EXPECT_EQ(refused.message, "the SIR formed in this dealing round and is run by a manager: its shares may not be sold until the next one");
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
