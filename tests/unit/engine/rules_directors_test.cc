// Directors and managers (2.9, 3.2, 3.3, 3.4, 1.5), the second and later dealing rounds (3.1.8),
// the £40 exemption from the limits (3.1.2), the BBCI's type (2.6) and the simplified game (2.4.1).
#include <gtest/gtest.h>

#include "tests/unit/engine/dealing_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

TEST(Directors, InLaterRoundsTheDirectorIsAppointedAtOnceAndMayNotSellThatRound) {
  Game game = SecondDealingRound();
  const int nwr = CompanyIndexOf(game, "NWR");
  // Seat 1 holds 3 NWR and seat 0 one: one more share issued floats the NWR (qualifying 5).
  PassUntilTurnOf(game, 1);
  MustApply(game, Buy(1, "NWR"));
  EXPECT_EQ(game.state().companies[nwr].status, CompanyStatus::kFormed) << "3.2.1: appointed at once";
  EXPECT_EQ(game.state().companies[nwr].director, 1);
  EXPECT_EQ(game.state().companies[nwr].treasury, 920);
  EXPECT_EQ(game.state().companies[nwr].formed_in_dealing_round, 2);
  PassUntilTurnOf(game, 0);
  EXPECT_EQ(MustRefuse(game, Sell(0, "NWR", 1)).rule, "3.1.8");
}

TEST(Directors, ARivalHoldingMoreTakesOverAndTheFormerDirectorCorrectsHisCertificates) {
  Game game = NwrDirectorAtTheCertificateLimit(mailrun::v1::EDITION_RETUNED);
  const int nwr = CompanyIndexOf(game, "NWR");
  ASSERT_EQ(game.state().dealing.current, 0);
  EXPECT_EQ(game.state().companies[nwr].director, 1);
  // Equal holdings do not unseat the director (1.5.2)...
  MustApply(game, Buy(0, "NWR", /*from_pool=*/true));
  EXPECT_EQ(game.state().companies[nwr].director, 1);
  MustApply(game, EndTurn(0));
  PassUntilTurnOf(game, 0);
  // ...a larger one does, at once (3.2.3).
  MustApply(game, Buy(0, "NWR"));
  EXPECT_EQ(game.state().companies[nwr].director, 0);
  EXPECT_EQ(game.state().shares.HeldBy(0, nwr), 4);
  EXPECT_EQ(game.state().shares.HeldBy(1, nwr), 3);
  EXPECT_TRUE(game.state().players[1].must_correct_certificates) << "now 17 certificates, the limit is 16";
  PassUntilTurnOf(game, 1);
  // The certificate limit refuses (3.1.2); the exchange of 3.2.3 put him over it.
  EXPECT_EQ(MustRefuse(game, EndTurn(1)).rule, "3.1.2");
  MustApply(game, Sell(1, "BAR", 1));
  EXPECT_FALSE(game.state().players[1].must_correct_certificates);
  MustApply(game, EndTurn(1));
}

TEST(Directors, TheDirectorsCertificateIsSoldWholeAndAManagerFollows) {
  Game base = SecondDealingRound();
  const int sir = CompanyIndexOf(base, "SIR");
  // Set-up: the SIR formed with seat 2 as director holding only the director's certificate, and
  // seats 0, 1 and 3 holding one share each.
  Game game = SirDirectorOnTheCertificateAlone(mailrun::v1::EDITION_RETUNED);
  PassUntilTurnOf(game, 2);
  EXPECT_EQ(MustRefuse(game, Sell(2, "SIR", 1)).rule, "1.5.3");
  MustApply(game, Sell(2, "SIR", 2));
  // Nobody holds two shares: a manager, the longest holder (3.4.1): seat 0 (held since tick 10).
  EXPECT_EQ(game.state().companies[sir].director, -1);
  EXPECT_EQ(game.state().companies[sir].manager, 0);
  EXPECT_EQ(game.state().shares.InPool(sir), 2);
  // A manager is replaced as soon as a player qualifies as director.
  PassUntilTurnOf(game, 3);
  MustApply(game, Buy(3, "SIR", /*from_pool=*/true));
  EXPECT_EQ(game.state().companies[sir].director, 3);
  EXPECT_EQ(game.state().companies[sir].manager, -1);
}

TEST(Directors, SharesAtFortyPoundsOrLessAreExemptFromTheLimits) {
  Game base = SecondDealingRound();
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, 2, 40);
    GiveShares(s, 0, sir, 6);  // at the limit of 6 (TABLE 3, four players)
    GiveShares(s, 2, sir, 2 - s.shares.HeldBy(2, sir));
    GiveShares(s, 1, sir, 2);
    s.shares.Remove(ShareHolder::Player(1), sir, 2);
    s.shares.Set(ShareHolder::Pool(), sir, 2);
  });
  ASSERT_EQ(game.state().dealing.current, 0);
  MustApply(game, Buy(0, "SIR", /*from_pool=*/true));
  EXPECT_EQ(game.state().shares.HeldBy(0, sir), 7) << "3.1.2: a £40 share is exempt";
  EXPECT_EQ(game.state().players[0].cash, 188 - 40);
}

// 3.1.2: "Shares valued on the Stock Market at £40 or less are exempt from these limits": they do
// not count toward the certificate total, also when the share bought is not exempt
// (docs/rulings.md #32). Seat 0 holds 15 counted certificates and two SIR shares at £40: an EIR
// share (£100) makes 16 counted, within the limit of 16 though 18 certificates are held.
TEST(Directors, Rule3_1_2_ExemptSharesDoNotCountTowardTheTotalWhenAnotherShareIsBought) {
  Game game = OneCertificateUnderTheLimitWithExemptShares(mailrun::v1::EDITION_RETUNED);
  const int eir = CompanyIndexOf(game, "EIR");
  MustApply(game, Buy(0, "EIR"));
  EXPECT_EQ(game.state().shares.HeldBy(0, eir), 6);
  // One more counted certificate (an NWR share) and the same purchase breaks the limit.
  Game full = OneCertificateUnderTheLimitWithExemptShares(mailrun::v1::EDITION_RETUNED, 1);
  const Error refused = MustRefuse(full, Buy(0, "EIR"));
  EXPECT_EQ(refused.rule, "3.1.2");
  EXPECT_NE(refused.message.find("at most 16 certificates"), std::string::npos) << refused.message;
}

TEST(BbciType, MajorOnlyIfItsDirectorBidBothAjmerAndBombay) {
  for (const bool both : {true, false}) {
    auto created = Game::Create(Config(3));
    ASSERT_TRUE(created.ok());
    Game game = std::move(*created);
    MustApply(game, Bond(0, 120));
    MustApply(game, Bond(1, 90));
    MustApply(game, Bond(2, 80));
    // Seat 0 bids four BBCI cities, with or without Bombay.
    const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
        {{"Ajmer", "BBCI"}, {"Lahore", "NWR"}, {"Nagpur", "BNR"}},
        {{both ? "Bombay" : "Jaipur", "BBCI"}, {"Multan", "NWR"}, {"Hyderabad", "BNR"}},
        {{"Ahmadabad", "BBCI"}, {"Peshawar", "NWR"}, {"Mysore", "SIR"}},
        {{"Delhi", "BBCI"}, {"Rawalpindi", "NWR"}, {"Trichinopoly", "SIR"}},
    };
    for (const auto& round : rounds) {
      for (int seat = 0; seat < 3; ++seat) MustApply(game, Claim(seat, round[seat].first, round[seat].second));
    }
    CompleteBids(game);  // £20 left without Bombay
    // Seat 0 buys BBCI shares until it floats (6 with three players).
    for (int i = 0; i < 4 && !game.state().companies[CompanyIndexOf(game, "BBCI")].floated; ++i) {
      PassUntilTurnOf(game, 0);
      MustApply(game, Buy(0, "BBCI"));
      if (game.state().dealing.current == 0) MustApply(game, EndTurn(0));
    }
    for (int guard = 0; guard < 12 && game.state().stage == Stage::kDealing; ++guard) {
      MustApply(game, EndTurn(game.state().dealing.current));
    }
    const CompanyState& bbci = game.state().companies[CompanyIndexOf(game, "BBCI")];
    ASSERT_EQ(bbci.status, CompanyStatus::kFormed);
    EXPECT_EQ(bbci.director, 0);
    EXPECT_EQ(bbci.major, both) << "2.6.2";
    EXPECT_EQ(bbci.bases.size(), both ? 2u : 1u) << "a major BBCI's second home is north Bombay";
    EXPECT_EQ(bbci.special_token, !both) << "4.8.19: minors only";
  }
}

TEST(SimplifiedGame, DirectorsCertificatesAreDealtAndTheDealingRoundIsOrdinary) {
  mailrun::v1::GameOptions options;
  options.set_simplified_game(true);
  auto created = Game::Create(Config(4, 5, options));
  ASSERT_TRUE(created.ok());
  const Game& game = *created;
  const GameState& s = game.state();
  EXPECT_EQ(s.stage, Stage::kDealing);
  int formed = 0;
  for (int c = 0; c < kCompanies; ++c) {
    const CompanyState& company = s.companies[c];
    if (company.status != CompanyStatus::kFormed) continue;
    ++formed;
    EXPECT_NE(game.data().companies[c].initials, "BBCI");
    EXPECT_NE(game.data().companies[c].initials, "BAR");
    EXPECT_EQ(s.shares.HeldBy(company.director, c), 4) << "the certificate and two shares (2.4.1)";
  }
  EXPECT_EQ(formed, 4);
  for (int seat = 0; seat < static_cast<int>(s.players.size()); ++seat) {
    const PlayerState& p = s.players[seat];
    int paid = 0;
    for (int c = 0; c < kCompanies; ++c) paid += s.shares.HeldBy(seat, c) * game.data().companies[c].par;
    EXPECT_EQ(p.cash + paid, 440) << "2.4.1: £440 each, the four shares paid for";
  }
  EXPECT_EQ(s.players[s.seating_order[0]].seating, 0);
  EXPECT_EQ(s.elephant, s.seating_order[0]);
  // Seating follows company order (EIR's director first).
  const int eir_director = s.companies[CompanyIndexOf(game, "EIR")].director;
  EXPECT_EQ(s.seating_order[0], eir_director);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
