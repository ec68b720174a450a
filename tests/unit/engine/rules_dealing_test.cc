// Dealing rounds (section 3 and 2.8 - 2.9): purchases, sales, prices, limits, availability,
// flotation, the first round's special rules, the end of a round and the Elephant, directors,
// takeovers and managers.
#include <gtest/gtest.h>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

// A four-player game at the start of the first dealing round. Bonds 90/80/70/60 seat the players
// 0, 1, 2, 3. Bids: seat 0 Patna, Calcutta (EIR x2), Lahore (NWR); seat 1 Delhi, Multan, Lahore
// (NWR x3); seat 2 Madras (MSM), Mysore, Trichinopoly (SIR x2); seat 3 Nagpur, Hyderabad (BNR x2),
// Jaipur (BBCI). GIP and BAR are set aside (3.1.3).
// Cash after payment: seat 0 480-292 = 188, seat 1 490-276 = 214, seat 2 500-230 = 270,
// seat 3 510-260 = 250.
class Dealing : public ::testing::Test {
 protected:
  void SetUp() override {
    auto game = Game::Create(Config(4));
    ASSERT_TRUE(game.ok());
    game_.emplace(std::move(*game));
    for (auto [seat, bond] : std::vector<std::pair<int, int>>{{0, 90}, {1, 80}, {2, 70}, {3, 60}}) {
      MustApply(G(), Bond(seat, bond));
    }
    const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
        {{"Patna", "EIR"}, {"Delhi", "NWR"}, {"Madras", "MSM"}, {"Nagpur", "BNR"}},
        {{"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Mysore", "SIR"}, {"Hyderabad", "BNR"}},
        {{"Lahore", "NWR"}, {"Lahore", "NWR"}, {"Trichinopoly", "SIR"}, {"Jaipur", "BBCI"}},
    };
    for (const auto& round : rounds) {
      for (int seat = 0; seat < 4; ++seat) MustApply(G(), Claim(seat, round[seat].first, round[seat].second));
    }
    CompleteBids(G());  // every bid is complete; seat 0's and seat 1's only its player can tell
    ASSERT_EQ(G().state().stage, Stage::kDealing);
  }
  Game& G() { return *game_; }
  int Cash(int seat) { return G().state().players[seat].cash; }
  int Shares(int seat, const std::string& c) { return G().state().shares.HeldBy(seat, CompanyIndexOf(G(), c)); }
  int InPool(const std::string& c) { return G().state().shares.InPool(CompanyIndexOf(G(), c)); }
  int InBank(const std::string& c) { return G().state().shares.InBank(CompanyIndexOf(G(), c)); }
  const CompanyState& Co(const std::string& c) { return G().state().companies[CompanyIndexOf(G(), c)]; }
  // Everyone passes until the dealing round ends.
  void PassUntilRoundEnds() {
    for (int guard = 0; guard < 20 && G().state().stage == Stage::kDealing; ++guard) {
      MustApply(G(), EndTurn(G().state().dealing.current));
    }
    ASSERT_NE(G().state().stage, Stage::kDealing);
  }
  // Players pass until it is `seat`'s turn (turns with nothing left to do end by themselves).
  void PassUntilTurnOf(int seat) {
    for (int guard = 0; guard < 8 && G().state().dealing.current != seat; ++guard) {
      MustApply(G(), EndTurn(G().state().dealing.current));
    }
    ASSERT_EQ(G().state().dealing.current, seat);
  }
  std::optional<Game> game_;
};

TEST_F(Dealing, PaymentFiguresAndTurnOrder) {
  EXPECT_EQ(Cash(0), 188);
  EXPECT_EQ(Cash(1), 214);
  EXPECT_EQ(Cash(2), 270);
  EXPECT_EQ(Cash(3), 250);
  EXPECT_EQ(G().state().dealing.current, 0);
  EXPECT_EQ(MustRefuse(G(), Buy(1, "NWR")).kind, ErrorKind::kNotYourTurn);
}

TEST_F(Dealing, SetAsideCompaniesAreNotOnSale) {
  EXPECT_EQ(Co("GIP").status, CompanyStatus::kSetAside);
  EXPECT_EQ(Co("BAR").status, CompanyStatus::kSetAside);
  EXPECT_EQ(MustRefuse(G(), Buy(0, "GIP")).rule, "3.1.3");
  EXPECT_EQ(MustRefuse(G(), Buy(0, "BAR")).rule, "3.1.3");
}

TEST_F(Dealing, OnlyOnePurchaseInATurn) {
  MustApply(G(), Buy(0, "EIR"));
  EXPECT_EQ(Cash(0), 88);
  EXPECT_EQ(MustRefuse(G(), Buy(0, "SIR")).rule, "3.0");
}

TEST_F(Dealing, NoSellingWhatWasBoughtInTheSameTurn) {
  MustApply(G(), Buy(0, "EIR"));
  EXPECT_EQ(MustRefuse(G(), Sell(0, "EIR", 1)).rule, "3.1.9");
  MustApply(G(), Sell(0, "NWR", 1));  // another company: fine
}

TEST_F(Dealing, NoBuyingBackAfterSellingUntilTheNextRound) {
  MustApply(G(), Sell(0, "NWR", 1));
  EXPECT_EQ(Cash(0), 188 + 87) << "first dealing round: par less £5 (2.8.3)";
  EXPECT_EQ(InPool("NWR"), 1);
  EXPECT_EQ(MustRefuse(G(), Buy(0, "NWR", true)).rule, "3.1.9");
  MustApply(G(), EndTurn(0));
  // Another player may buy it from the pool at par (3.1.7: no market price yet).
  MustApply(G(), Buy(1, "NWR", true));
  EXPECT_EQ(Cash(1), 214 - 92);
  EXPECT_EQ(InPool("NWR"), 0);
}

TEST_F(Dealing, SellingNeedsTheShares) {
  EXPECT_EQ(MustRefuse(G(), Sell(0, "SIR", 1)).rule, "3.1.5");
  EXPECT_EQ(MustRefuse(G(), Sell(0, "EIR", 3)).rule, "3.1.5");
  EXPECT_EQ(MustRefuse(G(), Sell(0, "EIR", 0)).kind, ErrorKind::kMalformed);
}

TEST_F(Dealing, FloatedCompanyContractedSharesOnlyAtTheFirstOpportunity) {
  // Seat 1 buys an NWR share: 4 + seat 0's 1 = 5 issued, the qualifying number: NWR floats.
  MustApply(G(), EndTurn(0));
  MustApply(G(), Buy(1, "NWR"));
  EXPECT_TRUE(Co("NWR").floated);
  EXPECT_EQ(Co("NWR").director, -1) << "directors wait for the end of the first dealing round (2.9.1)";
  MustApply(G(), Buy(2, "SIR"));  // keeps the round going
  PassUntilTurnOf(0);
  // Seat 0's first opportunity after flotation: its contracted NWR share may be sold...
  {
    Game copy = G();
    MustApply(copy, Sell(0, "NWR", 1));
  }
  MustApply(G(), EndTurn(0));
  // ...seat 1 may sell its 3 contracted shares but not the bought one...
  EXPECT_EQ(MustRefuse(G(), Sell(1, "NWR", 4)).rule, "2.8.3");
  {
    Game copy = G();
    MustApply(copy, Sell(1, "NWR", 3));
  }
  MustApply(G(), EndTurn(1));
  MustApply(G(), Buy(2, "SIR"));
  PassUntilTurnOf(0);
  // ...and at its next turn the chance is gone.
  EXPECT_EQ(MustRefuse(G(), Sell(0, "NWR", 1)).rule, "2.8.3");
}

TEST_F(Dealing, RoundEndsWhenEveryoneDeclinesAndTheElephantGoesLeftOfTheLastBuyer) {
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  MustApply(G(), Buy(2, "SIR"));
  MustApply(G(), EndTurn(2));
  MustApply(G(), EndTurn(3));
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  EXPECT_EQ(G().state().stage, Stage::kDealing);
  MustApply(G(), EndTurn(2));  // the buyer declines too: four consecutive declines
  EXPECT_EQ(G().state().stage, Stage::kElephantSale);
  EXPECT_EQ(G().state().elephant, 3);
}

TEST_F(Dealing, WithoutAnyPurchaseTheElephantStays) {
  PassUntilRoundEnds();
  EXPECT_EQ(G().state().elephant, 0);
  // Nothing floated: no company formed, no railway company operates.
  for (const CompanyState& c : G().state().companies) EXPECT_NE(c.status, CompanyStatus::kFormed);
}

TEST_F(Dealing, DirectorIsTheLargestHolderAndTiesGoToWhoHeldLongest) {
  // NWR: seat 1 has 3, seat 0 has 1. Seat 0 buys up to 3 - equal with seat 1, who held first.
  MustApply(G(), Buy(0, "NWR"));
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  MustApply(G(), EndTurn(2));
  MustApply(G(), EndTurn(3));
  MustApply(G(), Buy(0, "NWR"));
  EXPECT_TRUE(Co("NWR").floated);
  PassUntilRoundEnds();
  EXPECT_EQ(Shares(0, "NWR"), 3);
  EXPECT_EQ(Shares(1, "NWR"), 3);
  EXPECT_EQ(Co("NWR").status, CompanyStatus::kFormed);
  // Seat 1 first held NWR in the first claim round (Delhi); seat 0's first NWR came in the third.
  EXPECT_EQ(Co("NWR").director, 1);
  EXPECT_EQ(Co("NWR").treasury, 920);
  EXPECT_EQ(G().state().players[1].cash, 214);
}

TEST_F(Dealing, AManagerRunsACompanyNobodyHoldsTwoSharesOf) {
  // MSM: seat 2 holds one (Madras). Seats 0, 1, 3 buy one each; seat 2 buys a second, which
  // floats it (5 issued), then sells its contracted share at the first opportunity (2.8.3).
  MustApply(G(), Buy(0, "MSM"));
  MustApply(G(), EndTurn(0));
  MustApply(G(), Buy(1, "MSM"));
  MustApply(G(), EndTurn(1));
  MustApply(G(), EndTurn(2));
  MustApply(G(), Buy(3, "MSM"));
  MustApply(G(), EndTurn(3));
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  MustApply(G(), Buy(2, "MSM"));
  EXPECT_TRUE(Co("MSM").floated);
  MustApply(G(), EndTurn(2));
  MustApply(G(), EndTurn(3));
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  MustApply(G(), Sell(2, "MSM", 1));
  MustApply(G(), EndTurn(2));  // the fourth decline in a row ends the round
  ASSERT_EQ(G().state().stage, Stage::kElephantSale);
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(Shares(seat, "MSM"), 1);
  // 3.2.2 / 3.4.1: no player holds two shares: a manager, the player who has held shares longest.
  EXPECT_EQ(Co("MSM").status, CompanyStatus::kFormed);
  EXPECT_EQ(Co("MSM").director, -1);
  EXPECT_EQ(Co("MSM").manager, 2);
  EXPECT_EQ(Co("MSM").treasury, 800);
  EXPECT_FALSE(Co("MSM").major);
  EXPECT_TRUE(G().state().minor_formed_in_first_round);
  EXPECT_EQ(G().state().elephant, 3) << "left of the last buyer, seat 2";
}

TEST_F(Dealing, ElephantSaleNeedsTheHolderAndAnAnswer) {
  PassUntilRoundEnds();
  ASSERT_EQ(G().state().stage, Stage::kElephantSale);
  mailrun::v1::Action offer;
  offer.set_seat(1);
  offer.mutable_offer_elephant()->set_to_seat(2);
  offer.mutable_offer_elephant()->set_price(10);
  EXPECT_EQ(MustRefuse(G(), offer).kind, ErrorKind::kNotYourTurn) << "only the holder sells it";
  offer.set_seat(0);
  offer.mutable_offer_elephant()->set_to_seat(0);
  EXPECT_EQ(MustRefuse(G(), offer).rule, "3.1.11");
  offer.mutable_offer_elephant()->set_to_seat(2);
  offer.mutable_offer_elephant()->set_price(271);
  EXPECT_EQ(MustRefuse(G(), offer).rule, "3.1.11") << "seat 2 has only £270";
  offer.mutable_offer_elephant()->set_price(30);
  MustApply(G(), offer);
  EXPECT_EQ(G().ActiveSeats(), std::vector<int>{2});
  mailrun::v1::Action no;
  no.set_seat(2);
  no.mutable_answer_offer()->set_accept(false);
  MustApply(G(), no);
  EXPECT_EQ(G().state().elephant, 0);
  MustApply(G(), offer);
  mailrun::v1::Action yes = no;
  yes.mutable_answer_offer()->set_accept(true);
  MustApply(G(), yes);
  EXPECT_EQ(G().state().elephant, 2);
  EXPECT_EQ(Cash(2), 240);
  EXPECT_EQ(Cash(0), 218);
  // No company runs yet, so the next dealing round follows at once, led by the new holder.
  EXPECT_EQ(G().state().stage, Stage::kDealing);
  EXPECT_EQ(G().state().dealing.number, 2);
  EXPECT_EQ(G().state().dealing.current, 2);
}

TEST_F(Dealing, Rule2_8_2_TheFirstDealingRoundFollowsSectionThree) {
  // Seat 0 sells two companies' shares in one turn and buys one share (3.0, 3.1.5, 3.1.6)...
  MustApply(G(), Sell(0, "NWR", 1));
  MustApply(G(), Sell(0, "EIR", 1));
  MustApply(G(), Buy(0, "SIR"));
  EXPECT_EQ(Cash(0), 188 + 87 + 95 - 75);
  EXPECT_EQ(MustRefuse(G(), Buy(0, "BBCI")).rule, "3.0") << "one purchase a turn";
  MustApply(G(), EndTurn(0));
  // ...and the round goes on until everyone, the buyer too, has declined in a row (3.0).
  MustApply(G(), EndTurn(1));
  MustApply(G(), EndTurn(2));
  MustApply(G(), EndTurn(3));
  EXPECT_EQ(G().state().stage, Stage::kDealing);
  MustApply(G(), EndTurn(0));
  EXPECT_EQ(G().state().stage, Stage::kElephantSale);
  EXPECT_EQ(G().state().elephant, 1) << "left of the last buyer (3.1.11)";
}

TEST_F(Dealing, Rule2_8_3_ASaleOfContractedSharesUsesThemUp) {
  // Seat 1 holds three contracted NWR shares and buys a fourth, which floats the NWR.
  MustApply(G(), EndTurn(0));
  MustApply(G(), Buy(1, "NWR"));  // nothing else to do: the turn ends
  ASSERT_TRUE(Co("NWR").floated);
  MustApply(G(), Buy(2, "SIR"));  // keeps the round going
  PassUntilTurnOf(0);
  MustApply(G(), EndTurn(0));
  // Seat 1's first opportunity: one contracted share sold leaves two that may still be sold, and
  // the bought share stays in hand.
  MustApply(G(), Sell(1, "NWR", 1));
  EXPECT_EQ(MustRefuse(G(), Sell(1, "NWR", 3)).rule, "2.8.3");
  MustApply(G(), Sell(1, "NWR", 2));
  EXPECT_EQ(Shares(1, "NWR"), 1);
  EXPECT_EQ(MustRefuse(G(), Sell(1, "NWR", 1)).rule, "2.8.3") << "the bought share may not be sold";
  EXPECT_EQ(InPool("NWR"), 3);
}

TEST_F(Dealing, Rule3_1_1_DealingBeginsWithTheElephantAndAllDealsAreWithTheBank) {
  // Seat 2 is the last buyer of the first dealing round: seat 3, on its left, takes the Elephant.
  MustApply(G(), EndTurn(0));
  MustApply(G(), EndTurn(1));
  MustApply(G(), Buy(2, "SIR"));
  PassUntilRoundEnds();
  ASSERT_EQ(G().state().elephant, 3);
  mailrun::v1::Action keep;
  keep.set_seat(3);
  keep.mutable_keep_elephant();
  MustApply(G(), keep);
  // Nothing has floated, so the next dealing round follows at once (docs/rulings.md #12), and
  // begins with the holder of the Elephant.
  ASSERT_EQ(G().state().stage, Stage::kDealing);
  EXPECT_EQ(G().state().dealing.number, 2);
  EXPECT_EQ(G().state().dealing.current, 3);
  // Every deal on offer is with the bank: new shares, the pool, sales into the pool, redemptions.
  const auto legal = G().LegalActions(3);
  ASSERT_FALSE(legal.empty());
  for (const auto& l : legal) {
    const auto& a = l.action();
    EXPECT_TRUE(a.has_buy_share() || a.has_sell_shares() || a.has_redeem_share() || a.has_end_dealing_turn())
        << a.ShortDebugString();
    if (a.has_buy_share()) {
      EXPECT_TRUE(a.buy_share().source() == mailrun::v1::SHARE_SOURCE_BANK ||
                  a.buy_share().source() == mailrun::v1::SHARE_SOURCE_POOL);
    }
  }
}

TEST_F(Dealing, Rule3_1_6_AnyNumberOfSharesSoldInOneTurn) {
  MustApply(G(), Sell(0, "EIR", 2));
  MustApply(G(), Sell(0, "NWR", 1));
  EXPECT_EQ(Cash(0), 188 + 2 * 95 + 87);
  EXPECT_EQ(Shares(0, "EIR"), 0);
  EXPECT_EQ(InPool("EIR"), 2);
  MustApply(G(), Buy(0, "SIR"));  // and one purchase besides (3.1.5)
  EXPECT_EQ(Cash(0), 188 + 2 * 95 + 87 - 75);
}

TEST_F(Dealing, Rule3_1_10_PoolSharesCountAsIssuedAndNewSharesStayOnSale) {
  // NWR: seat 0 holds one, seat 1 three. Seat 0 sells its share into the pool: still four issued.
  MustApply(G(), Sell(0, "NWR", 1));
  MustApply(G(), EndTurn(0));
  EXPECT_EQ(InPool("NWR"), 1);
  EXPECT_FALSE(Co("NWR").floated);
  // With a share in the pool, seat 1 may still buy a new one from the bank; that is the fifth
  // issued and floats the NWR, the pool share counting as issued.
  MustApply(G(), Buy(1, "NWR"));
  EXPECT_EQ(Cash(1), 214 - 92) << "a new share, at par";
  EXPECT_EQ(InPool("NWR"), 1);
  EXPECT_TRUE(Co("NWR").floated);
}

TEST_F(Dealing, Rule2_7_1_EachPlayerReceivesTheSharesClaimed) {
  for (int seat = 0; seat < 4; ++seat) {
    std::array<int, kCompanies> claimed{};
    for (const BidClaim& claim : G().state().players[seat].bond.claims) ++claimed[claim.company];
    std::array<int, kCompanies> held{};
    for (int c = 0; c < kCompanies; ++c) held[c] = G().state().shares.HeldBy(seat, c);
    EXPECT_EQ(held, claimed) << "seat " << seat;
    EXPECT_EQ(G().state().players[seat].contracted, claimed) << "seat " << seat;
  }
  EXPECT_EQ(Shares(1, "NWR"), 3);
  EXPECT_EQ(Shares(3, "BNR"), 2);
  EXPECT_EQ(InBank("NWR"), 10 - 4);
}

// Ends `seat`'s dealing turn unless it ended by itself (nothing left to do, docs/rulings.md #6).
void EndTurnIfStill(Game& game, int seat) {
  if (game.state().stage == Stage::kDealing && game.state().dealing.current == seat) MustApply(game, EndTurn(seat));
}

// Plays railway rounds in which nothing is done (no track, no base, no train) up to the next
// dealing round; the Elephant is kept and no extra round called.
void PlayIdleRailwayRounds(Game& game) {
  for (int guard = 0; guard < 100 && game.state().stage != Stage::kDealing; ++guard) {
    mailrun::v1::Action a;
    a.set_seat(game.ActiveSeats().at(0));
    switch (game.state().stage) {
      case Stage::kElephantSale: a.mutable_keep_elephant(); break;
      case Stage::kExtraRound: a.mutable_call_extra_railway_round()->set_call(false); break;
      case Stage::kRailway:
        switch (game.state().railway.step) {
          case TurnStep::kDoubleLayChoice: a.mutable_choose_double_lay()->set_option(mailrun::v1::DOUBLE_LAY_FROM_PHASE_2); break;
          case TurnStep::kRun: a.mutable_run_trains(); break;
          default: a.mutable_end_step(); break;
        }
        break;
      default: FAIL() << "unexpected stage";
    }
    MustApply(game, a);
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_EQ(game.state().stage, Stage::kDealing);
}

TEST(DealingAvailability, Rule3_1_3_TheOtherCompaniesGoOnSaleOnceEveryBidShareIsIssued) {
  // Three players bid only NWR and SIR cities: the six other companies are set aside.
  auto created = Game::Create(Config(3));
  ASSERT_TRUE(created.ok());
  Game game = std::move(*created);
  MustApply(game, Bond(0, 80));
  MustApply(game, Bond(1, 100));
  MustApply(game, Bond(2, 90));  // seating: 1, 2, 0
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Delhi", "NWR"}, {"Mysore", "SIR"}, {"Peshawar", "NWR"}},
      {{"Jaipur", "NWR"}, {"Bangalore", "SIR"}, {"Rawalpindi", "NWR"}},
      {{"Ajmer", "NWR"}, {"Madras", "SIR"}, {"Lahore", "NWR"}},
      {{"Karachi", "NWR"}, {"Trichinopoly", "SIR"}, {"Multan", "NWR"}},
  };
  for (const auto& round : rounds) {
    for (int i = 0; i < 3; ++i) MustApply(game, Claim((i + 1) % 3, round[i].first, round[i].second));
  }
  CompleteBids(game);
  if (HasFatalFailure()) return;
  const auto status = [&](const std::string& c) { return game.state().companies[CompanyIndexOf(game, c)].status; };
  for (const char* c : {"EIR", "GIP", "BNR", "BBCI", "MSM", "BAR"}) EXPECT_EQ(status(c), CompanyStatus::kSetAside) << c;
  // Dealing Round 1: seat 2 buys the two SIR shares that float it; the NWR floated on its eight
  // contracted shares. Both form at the end of the round.
  for (const auto& [seat, buy] : std::vector<std::pair<int, bool>>{
           {1, false}, {2, true}, {0, false}, {1, false}, {2, true}, {0, false}, {1, false}, {2, false}}) {
    if (buy) MustApply(game, Buy(seat, "SIR"));
    EndTurnIfStill(game, seat);
  }
  ASSERT_EQ(status("NWR"), CompanyStatus::kFormed);
  ASSERT_EQ(status("SIR"), CompanyStatus::kFormed);
  PlayIdleRailwayRounds(game);
  if (HasFatalFailure()) return;
  // Dealing Round 2, led by seat 0 (left of the last buyer): the last two NWR and four SIR shares.
  ASSERT_EQ(game.state().dealing.current, 0);
  for (const auto& [seat, company] : std::vector<std::pair<int, std::string>>{
           {0, "NWR"}, {1, "NWR"}, {2, ""}, {0, "SIR"}, {1, "SIR"}, {2, ""}, {0, "SIR"}}) {
    if (!company.empty()) MustApply(game, Buy(seat, company));
    EndTurnIfStill(game, seat);
  }
  EXPECT_EQ(MustRefuse(game, Buy(1, "GIP")).rule, "3.1.3");
  EXPECT_EQ(status("GIP"), CompanyStatus::kSetAside);
  MustApply(game, Buy(1, "SIR"));  // the last share of the bid companies
  for (const char* c : {"EIR", "GIP", "BNR", "BBCI", "MSM", "BAR"}) EXPECT_EQ(status(c), CompanyStatus::kOnSale) << c;
  EndTurnIfStill(game, 1);
  MustApply(game, Buy(2, "GIP"));
  EXPECT_EQ(game.state().shares.HeldBy(2, CompanyIndexOf(game, "GIP")), 1);
}

TEST(DealingPrices, Rule3_1_4_NewSharesCostParWhateverTheMarketPrice) {
  // The sample game at Dealing Round 2: the EIR is at £104 on the market, its par £100. Set-up
  // only: Beth has £300 more, and Ed's EIR share is in the pool.
  const Game round_2 = SampleGameAt("dealing_round_2");
  const int eir = CompanyIndexOf(round_2, "EIR");
  const Game game = WithState(round_2, [&](GameState& s) {
    s.players[1].cash += 300;
    s.bank -= 300;
    s.shares.Remove(ShareHolder::Player(4), eir, 1);
    s.players[4].holding_since[eir] = 0;
    s.shares.Set(ShareHolder::Pool(), eir, 1);
  });
  ASSERT_EQ(game.state().dealing.current, 1);
  ASSERT_EQ(game.data().SharePrices()[game.state().companies[eir].price_index], 104);
  Game from_bank = game;
  MustApply(from_bank, Buy(1, "EIR"));
  EXPECT_EQ(from_bank.state().players[1].cash, 340 - 100) << "a new share at par (3.1.4)";
  Game from_pool = game;
  MustApply(from_pool, Buy(1, "EIR", true));
  EXPECT_EQ(from_pool.state().players[1].cash, 340 - 104) << "a pool share at the market price (3.1.7)";
}

TEST(DealingLimits, ShareLimitPerCompany) {
  // Three players: the limit is 6 shares of one company (TABLE 3). Seat 0 bids the four SIR cities
  // (Trichinopoly, Mysore, Madras, Bangalore) and buys two more; a seventh is refused.
  auto created = Game::Create(Config(3));
  ASSERT_TRUE(created.ok());
  Game game = std::move(*created);
  MustApply(game, Bond(0, 90));
  MustApply(game, Bond(1, 85));
  MustApply(game, Bond(2, 80));
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Trichinopoly", "SIR"}, {"Lahore", "NWR"}, {"Nagpur", "BNR"}},
      {{"Mysore", "SIR"}, {"Multan", "NWR"}, {"Hyderabad", "BNR"}},
      {{"Madras", "SIR"}, {"Peshawar", "NWR"}, {"Jaipur", "BBCI"}},
      {{"Bangalore", "SIR"}, {"Rawalpindi", "NWR"}, {"Ajmer", "BBCI"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 3; ++seat) MustApply(game, Claim(seat, round[seat].first, round[seat].second));
  }
  ASSERT_EQ(game.state().stage, Stage::kDealing);
  EXPECT_EQ(game.state().players[0].cash, 640 - 300);
  MustApply(game, Buy(0, "SIR"));
  MustApply(game, Buy(1, "NWR"));
  MustApply(game, Buy(2, "BNR"));
  MustApply(game, EndTurn(2));  // seat 2 could still sell its BBCI shares
  MustApply(game, Buy(0, "SIR"));
  MustApply(game, Buy(1, "NWR"));
  MustApply(game, Buy(2, "BBCI"));
  MustApply(game, EndTurn(2));
  ASSERT_EQ(game.state().dealing.current, 0);
  EXPECT_EQ(game.state().shares.HeldBy(0, CompanyIndexOf(game, "SIR")), 6);
  EXPECT_EQ(game.state().players[0].cash, 190);
  EXPECT_EQ(MustRefuse(game, Buy(0, "SIR")).rule, "3.1.2");
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
