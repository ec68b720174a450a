// Contract bids (2.5 - 2.7): every way a bond, a claim or a pass can be illegal, the seating
// order and its ties by lot, secrecy, and payment with un-redeemed shares.
#include <gtest/gtest.h>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

Game NewGame(int players, uint64_t seed = 1) {
  auto game = Game::Create(Config(players, seed));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

// Commits the bonds in seat order.
void CommitBonds(Game& game, const std::vector<int>& bonds) {
  for (size_t seat = 0; seat < bonds.size(); ++seat) MustApply(game, Bond(static_cast<int>(seat), bonds[seat]));
}

TEST(ContractBids, GameNeedsThreeToSixPlayers) {
  EXPECT_FALSE(Game::Create(Config(2)).ok());
  EXPECT_FALSE(Game::Create(Config(7)).ok());
  EXPECT_EQ(Game::Create(Config(7)).error().kind, ErrorKind::kMalformed);
  EXPECT_TRUE(Game::Create(Config(3)).ok());
  EXPECT_TRUE(Game::Create(Config(6)).ok());
}

TEST(ContractBids, StartingCapitalFollowsTable3) {
  EXPECT_EQ(NewGame(3).state().players[0].cash, 730);
  EXPECT_EQ(NewGame(4).state().players[0].cash, 570);
  EXPECT_EQ(NewGame(5).state().players[0].cash, 570);
  EXPECT_EQ(NewGame(6).state().players[0].cash, 510);
  EXPECT_TRUE(MoneyIsConstant(NewGame(4)));
}

TEST(ContractBids, BondBelowTheMinimumIsRefused) {
  Game game = NewGame(5);
  const Error error = MustRefuse(game, Bond(0, 59));
  EXPECT_EQ(error.rule, "2.5.2.2");
  // With three players a bid has at least four cities: £80 (2.5.2.6).
  Game three = NewGame(3);
  EXPECT_EQ(MustRefuse(three, Bond(0, 79)).rule, "2.5.2.2");
  MustApply(three, Bond(0, 80));
}

TEST(ContractBids, BondAboveCashIsRefused) {
  Game game = NewGame(6);
  EXPECT_EQ(MustRefuse(game, Bond(1, 511)).rule, "2.5.2.2");
  MustApply(game, Bond(1, 510));
}

TEST(ContractBids, BondIsCommittedOnce) {
  Game game = NewGame(4);
  MustApply(game, Bond(2, 100));
  EXPECT_EQ(MustRefuse(game, Bond(2, 120)).rule, "2.5.2.2");
}

TEST(ContractBids, EveryoneCommitsInAnyOrderBeforeTheReveal) {
  Game game = NewGame(4);
  EXPECT_EQ(game.ActiveSeats(), (std::vector<int>{0, 1, 2, 3}));
  MustApply(game, Bond(3, 90));
  EXPECT_EQ(game.ActiveSeats(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(game.state().players[3].cash, 570) << "the bond leaves the cash only at the reveal";
  MustApply(game, Bond(0, 60));
  MustApply(game, Bond(2, 120));
  MustApply(game, Bond(1, 61));
  EXPECT_EQ(game.state().seating_order, (std::vector<int>{2, 3, 1, 0}));
  EXPECT_EQ(game.state().elephant, 2);
  EXPECT_EQ(game.state().players[2].cash, 450);
  EXPECT_EQ(game.ActiveSeats(), std::vector<int>{2});
}

TEST(ContractBids, TiesAreResolvedByLotFromTheSeed) {
  std::set<std::vector<int>> orders;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    Game a = NewGame(4, seed);
    Game b = NewGame(4, seed);
    CommitBonds(a, {80, 80, 80, 80});
    CommitBonds(b, {80, 80, 80, 80});
    EXPECT_EQ(a.state().seating_order, b.state().seating_order) << "same seed, same lot";
    orders.insert(a.state().seating_order);
  }
  EXPECT_GT(orders.size(), 5u) << "different seeds draw different orders";
  // A larger bond always comes first, whatever the lot.
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    Game game = NewGame(4, seed);
    CommitBonds(game, {80, 81, 80, 80});
    EXPECT_EQ(game.state().seating_order.front(), 1);
  }
}

class Claims : public ::testing::Test {
 protected:
  // Five players; seat i bonds bonds_[i]; seating follows the bonds.
  void SetUp() override {
    game_.emplace(NewGame(5));
    CommitBonds(*game_, {150, 95, 85, 80, 70});
  }
  Game& G() { return *game_; }
  std::optional<Game> game_;
};

TEST_F(Claims, UnknownCityOrCompanyIsMalformed) {
  EXPECT_EQ(MustRefuse(G(), Claim(0, "Atlantis", "EIR")).kind, ErrorKind::kMalformed);
  EXPECT_EQ(MustRefuse(G(), Claim(0, "Patna", "XYZ")).kind, ErrorKind::kMalformed);
}

TEST_F(Claims, CityMustOfferTheCompany) {
  const Error error = MustRefuse(G(), Claim(0, "Madras", "EIR"));
  EXPECT_EQ(error.rule, "2.5.2.5");
  EXPECT_NE(error.message.find("MSM"), std::string::npos) << error.message;
}

TEST_F(Claims, OutOfTurnIsRefused) {
  EXPECT_EQ(MustRefuse(G(), Claim(1, "Lahore", "NWR")).kind, ErrorKind::kNotYourTurn);
}

TEST_F(Claims, ACityOnlyOncePerBid) {
  MustApply(G(), Claim(0, "Patna", "EIR"));
  for (int seat : {1, 2, 3, 4}) {
    const std::vector<std::pair<std::string, std::string>> picks = {
        {"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}, {"Trichinopoly", "SIR"}};
    MustApply(G(), Claim(seat, picks[seat - 1].first, picks[seat - 1].second));
  }
  EXPECT_EQ(MustRefuse(G(), Claim(0, "Patna", "EIR")).rule, "2.5.2.10");
  // Another player may bid the same city.
  MustApply(G(), Claim(0, "Calcutta", "EIR"));
  MustApply(G(), Claim(1, "Patna", "EIR"));
}

TEST_F(Claims, CitiesMustFitTheBond) {
  // Ed (seat 4) bonded £70: Madras (£30) + Delhi (£40) would leave nothing for a third city.
  for (int seat : {0, 1, 2, 3}) {
    const std::vector<std::pair<std::string, std::string>> picks = {
        {"Patna", "EIR"}, {"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}};
    MustApply(G(), Claim(seat, picks[seat].first, picks[seat].second));
  }
  MustApply(G(), Claim(4, "Madras", "MSM"));
  for (int seat : {0, 1, 2, 3}) {
    const std::vector<std::pair<std::string, std::string>> picks = {
        {"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Jaipur", "BBCI"}, {"Cawnpore", "GIP"}};
    MustApply(G(), Claim(seat, picks[seat].first, picks[seat].second));
  }
  EXPECT_EQ(MustRefuse(G(), Claim(4, "Delhi", "NWR")).rule, "2.5.2.2");
  MustApply(G(), Claim(4, "Trichinopoly", "SIR"));
}

TEST_F(Claims, GangesValleyLimitsAreEnforced) {
  // Adam (£150): Patna and Benares are two valley cities; Calcutta would be a third (2.5.2.7).
  MustApply(G(), Claim(0, "Patna", "EIR"));
  MustApply(G(), Claim(1, "Lahore", "NWR"));
  MustApply(G(), Claim(2, "Ajmer", "BBCI"));
  MustApply(G(), Claim(3, "Allahabad", "GIP"));
  MustApply(G(), Claim(4, "Trichinopoly", "SIR"));
  MustApply(G(), Claim(0, "Benares", "EIR"));
  MustApply(G(), Claim(1, "Delhi", "NWR"));
  MustApply(G(), Claim(2, "Jaipur", "BBCI"));
  MustApply(G(), Claim(3, "Cawnpore", "GIP"));  // Dora: two valley cities, needs a fourth
  MustApply(G(), Claim(4, "Mysore", "SIR"));
  EXPECT_EQ(MustRefuse(G(), Claim(0, "Calcutta", "EIR")).rule, "2.5.2.7");
  EXPECT_EQ(MustRefuse(G(), Claim(0, "Lucknow", "EIR")).rule, "2.5.2.7");
  MustApply(G(), Claim(0, "Delhi", "EIR"));
  MustApply(G(), Claim(1, "Multan", "NWR"));
  MustApply(G(), Claim(2, "Bombay", "BBCI"));
  // Dora has Allahabad and Cawnpore: a three-city bid may hold only one of them.
  MustApply(G(), Claim(3, "Nagpur", "BNR"));
  MustApply(G(), Claim(4, "Madras", "MSM"));
  // Adam has 3 cities and £70 unaccounted: may not pass (2.5.2.4).
  EXPECT_EQ(MustRefuse(G(), PassBid(0)).rule, "2.5.2.4");
  MustApply(G(), Claim(0, "Dacca", "BAR"));
  // Beth (80 of 95) and Clive (80 of 85) have their bids complete: they pass themselves, for the
  // others cannot know it (an NWR or BBCI share may stand for a £20 city, 2.5.2.2).
  EXPECT_EQ(G().ActiveSeats(), std::vector<int>{1});
  EXPECT_EQ(G().LegalActions(1).size(), 1u) << "passing is all Beth can do";
  MustApply(G(), PassBid(1));
  MustApply(G(), PassBid(2));
  // Dora: three cities and £20 left, but two valley cities: she may not pass.
  const Error ganges = MustRefuse(G(), PassBid(3));
  EXPECT_EQ(ganges.rule, "2.5.2.7");
  MustApply(G(), Claim(3, "Hyderabad", "BNR"));
}

TEST(ContractBidClaims, ThreeCityBidMayAddCalcuttaToOneValleyCity) {
  Game game = NewGame(4);
  CommitBonds(game, {90, 80, 70, 60});  // seats in order 0, 1, 2, 3
  MustApply(game, Claim(0, "Patna", "EIR"));
  MustApply(game, Claim(1, "Lahore", "NWR"));
  MustApply(game, Claim(2, "Ajmer", "BBCI"));
  MustApply(game, Claim(3, "Trichinopoly", "SIR"));
  MustApply(game, Claim(0, "Calcutta", "EIR"));
  MustApply(game, Claim(1, "Delhi", "NWR"));
  MustApply(game, Claim(2, "Jaipur", "BBCI"));
  MustApply(game, Claim(3, "Mysore", "SIR"));
  MustApply(game, Claim(0, "Multan", "NWR"));  // Patna + Calcutta + Multan = £90: complete
  EXPECT_EQ(game.state().players[0].bond.claims.size(), 3u);
}

TEST_F(Claims, Rule2_5_2_8_NoTownIsPartOfABid) {
  // Iaa holds a town (Appendix 4's "small town to its northwest" of Calcutta): it is no city.
  const Error town = MustRefuse(G(), Claim(0, "Iaa", "EIR"));
  EXPECT_EQ(town.kind, ErrorKind::kMalformed);
  EXPECT_NE(town.message.find("no city"), std::string::npos) << town.message;
  // Every claim on offer names one of the 24 named cities.
  std::set<std::string> cities;
  for (const CityDef& city : G().data().cities) cities.insert(city.name);
  ASSERT_EQ(cities.size(), 24u);
  int claims = 0;
  for (const auto& legal : G().LegalActions(0)) {
    if (!legal.action().has_claim_city()) continue;
    ++claims;
    EXPECT_TRUE(cities.count(legal.action().claim_city().city())) << legal.action().claim_city().city();
  }
  EXPECT_GT(claims, 24) << "cities offering several companies are listed once for each";
}

TEST(ContractBidClaims, Rule2_5_2_6_TheNumberOfCitiesFollowsThePlayers) {
  // Six players: at most four cities. Seat 0 (£200 bond) has room for more, but its bid is
  // complete after four, and the turn passes on. The others bid three £20 cities each.
  Game six = NewGame(6);
  CommitBonds(six, {200, 70, 69, 68, 67, 66});
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Peshawar", "NWR"}, {"Trichinopoly", "SIR"}, {"Dacca", "BAR"}, {"Patna", "EIR"}, {"Karachi", "BBCI"},
       {"Mysore", "MSM"}},
      {{"Rawalpindi", "NWR"}, {"Mysore", "SIR"}, {"Chittagong", "BAR"}, {"Ajmer", "GIP"}, {"Hyderabad", "BNR"},
       {"Bangalore", "MSM"}},
      {{"Lahore", "NWR"}, {"Bangalore", "SIR"}, {"Ahmadabad", "BBCI"}, {"Jaipur", "BBCI"}, {"Nagpur", "BNR"},
       {"Hyderabad", "MSM"}},
      {{"Multan", "NWR"}},
  };
  for (const auto& round : rounds) {
    for (size_t seat = 0; seat < round.size(); ++seat) {
      MustApply(six, Claim(static_cast<int>(seat), round[seat].first, round[seat].second));
    }
  }
  EXPECT_EQ(six.state().players[0].bond.claims.size(), 4u);
  EXPECT_TRUE(six.state().players[0].bond.passed) << "four cities: the most a six-player bid holds";
  // Three players: at least four cities.
  Game three = NewGame(3);
  CommitBonds(three, {120, 100, 90});
  MustApply(three, Claim(0, "Peshawar", "NWR"));
  MustApply(three, Claim(1, "Mysore", "SIR"));
  MustApply(three, Claim(2, "Dacca", "BAR"));
  MustApply(three, Claim(0, "Rawalpindi", "NWR"));
  MustApply(three, Claim(1, "Bangalore", "SIR"));
  MustApply(three, Claim(2, "Chittagong", "BAR"));
  MustApply(three, Claim(0, "Lahore", "NWR"));
  const Error error = MustRefuse(three, PassBid(1));
  EXPECT_EQ(error.rule, "2.5.2.4");
  EXPECT_NE(error.message.find("4 cities"), std::string::npos) << error.message;
}

TEST_F(Claims, PassNeedsTheMinimumNumberOfCities) {
  MustApply(G(), Claim(0, "Patna", "EIR"));
  MustApply(G(), Claim(1, "Lahore", "NWR"));
  MustApply(G(), Claim(2, "Ajmer", "BBCI"));
  MustApply(G(), Claim(3, "Allahabad", "GIP"));
  MustApply(G(), Claim(4, "Trichinopoly", "SIR"));
  const Error error = MustRefuse(G(), PassBid(0));
  EXPECT_EQ(error.rule, "2.5.2.4");
}

TEST(ContractBidsPayment, UnaffordableSharesAreUnredeemedAndTheCheapest) {
  // Six players (£510, max 4 cities). Seat 0 bonds £110 (cash 400): Patna, Calcutta (EIR, EIR),
  // Multan (NWR), Ajmer (BBCI): 100 + 100 + 92 + 84 = 376 fits. Seat 1 bonds £310 (cash 200):
  // Delhi (EIR), Lahore (NWR), Jaipur (BBCI), Trichinopoly (SIR): only 100 + 92 = 192 can be paid,
  // so BBCI (84) and SIR (75) - the cheapest - stay un-redeemed.
  auto created = Game::Create(Config(6));
  ASSERT_TRUE(created.ok());
  Game game = std::move(*created);
  CommitBonds(game, {110, 310, 60, 60, 60, 60});
  // Seating: seat 1 (310), seat 0 (110), then 2..5 by lot.
  const auto order = game.state().seating_order;
  ASSERT_EQ(order[0], 1);
  ASSERT_EQ(order[1], 0);
  auto claim_round = [&](const std::vector<std::pair<std::string, std::string>>& by_position) {
    for (size_t i = 0; i < order.size(); ++i) {
      if (game.state().players[order[i]].bond.passed) continue;
      MustApply(game, Claim(order[i], by_position[i].first, by_position[i].second));
    }
  };
  claim_round({{"Delhi", "EIR"}, {"Patna", "EIR"}, {"Nagpur", "BNR"}, {"Mysore", "SIR"}, {"Allahabad", "GIP"},
               {"Chittagong", "BAR"}});
  claim_round({{"Lahore", "NWR"}, {"Calcutta", "EIR"}, {"Hyderabad", "BNR"}, {"Trichinopoly", "SIR"},
               {"Jaipur", "BBCI"}, {"Dacca", "BAR"}});
  claim_round({{"Jaipur", "BBCI"}, {"Multan", "NWR"}, {"Dacca", "BAR"}, {"Bangalore", "MSM"}, {"Ajmer", "BBCI"},
               {"Multan", "NWR"}});
  claim_round({{"Trichinopoly", "SIR"}, {"Ajmer", "BBCI"}, {"", ""}, {"", ""}, {"", ""}, {"", ""}});
  const GameState& s = game.state();
  ASSERT_EQ(s.stage, Stage::kDealing) << "all bids complete";
  const int eir = CompanyIndexOf(game, "EIR"), nwr = CompanyIndexOf(game, "NWR");
  const int bbci = CompanyIndexOf(game, "BBCI"), sir = CompanyIndexOf(game, "SIR");
  EXPECT_EQ(s.players[0].cash, 400 - 376);
  EXPECT_EQ(s.players[0].unredeemed, (std::array<int, 8>{}));
  EXPECT_EQ(s.players[1].cash, 200 - 192);
  EXPECT_EQ(s.players[1].unredeemed[bbci], 1);
  EXPECT_EQ(s.players[1].unredeemed[sir], 1);
  EXPECT_EQ(s.players[1].unredeemed[eir] + s.players[1].unredeemed[nwr], 0);
  // 2.7.4: un-redeemed shares must be redeemed before any purchase, and are never sold.
  EXPECT_EQ(s.dealing.current, 1);
  EXPECT_EQ(MustRefuse(game, Buy(1, "EIR")).rule, "2.7.4");
  EXPECT_EQ(MustRefuse(game, Sell(1, "SIR", 1)).rule, "2.7.4");
  EXPECT_EQ(MustRefuse(game, Redeem(1, "SIR")).rule, "2.7.4") << "£8 cannot pay £75";
  EXPECT_EQ(MustRefuse(game, Redeem(1, "EIR")).rule, "2.7.4") << "no un-redeemed EIR share";
}

TEST(ContractBidsPayment, Rule2_7_3_UnredeemedSharesCountForFlotationAndDirectorship) {
  // Four players (five shares float a company). Seat 0 bonds £200 for six cities: the four SIR
  // cities, Delhi (NWR) and Calcutta (EIR). Of its £370 it pays EIR and NWR (£192) and two SIR
  // (£150); two SIR stay un-redeemed. Seat 1 claims a fifth SIR share.
  Game game = NewGame(4);
  CommitBonds(game, {200, 90, 80, 70});
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Trichinopoly", "SIR"}, {"Mysore", "SIR"}, {"Patna", "EIR"}, {"Nagpur", "BNR"}},
      {{"Mysore", "SIR"}, {"Lahore", "NWR"}, {"Ajmer", "GIP"}, {"Hyderabad", "BNR"}},
      {{"Bangalore", "SIR"}, {"Multan", "NWR"}, {"Jaipur", "BBCI"}, {"Dacca", "BAR"}},
      {{"Madras", "SIR"}},
      {{"Delhi", "NWR"}},
      {{"Calcutta", "EIR"}},
  };
  std::vector<std::string> log;
  const auto apply = [&](const mailrun::v1::Action& action) {
    auto outcome = game.Apply(action);
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    log.insert(log.end(), outcome->log.begin(), outcome->log.end());
  };
  for (const auto& round : rounds) {
    for (size_t seat = 0; seat < round.size(); ++seat) {
      apply(Claim(static_cast<int>(seat), round[seat].first, round[seat].second));
    }
    for (int guard = 0; guard < 4 && game.state().stage == Stage::kCityClaims && game.state().dealing.current != 0;
         ++guard) {
      apply(PassBid(game.state().dealing.current));
    }
  }
  ASSERT_EQ(game.state().stage, Stage::kDealing);
  ASSERT_TRUE(MoneyIsConstant(game));
  // The payment line counts the un-redeemed shares per company, once (it listed "1 SIR un-redeemed" twice).
  const auto payment = std::find_if(log.begin(), log.end(), [](const std::string& line) {
    return line.rfind("P0 pays", 0) == 0;
  });
  ASSERT_NE(payment, log.end()) << ::testing::PrintToString(log);
  EXPECT_NE(payment->find("£342 for contracted shares (cash £28), 2 SIR un-redeemed"), std::string::npos) << *payment;
  EXPECT_EQ(payment->find("1 SIR"), std::string::npos) << *payment;
  const int sir = CompanyIndexOf(game, "SIR");
  const PlayerState& p0 = game.state().players[0];
  EXPECT_EQ(game.state().shares.HeldBy(0, sir), 4);
  EXPECT_EQ(p0.unredeemed[sir], 2);
  EXPECT_EQ(p0.cash, 370 - 342);
  // Five SIR shares issued, two of them un-redeemed: the SIR floats (2.7.5)...
  EXPECT_TRUE(game.state().companies[sir].floated);
  for (int guard = 0; guard < 8 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  // ...and seat 0's four shares, two un-redeemed, make it the director (2.9).
  ASSERT_EQ(game.state().companies[sir].status, CompanyStatus::kFormed);
  EXPECT_EQ(game.state().companies[sir].director, 0);
}

// ---- Secrecy (2.5.2): a pass is automatic only when public facts force it ----------------------

// Four players, bonds 100/90/80/70 (seats 0-3 in that order). Seat 0 claims four NWR cities:
// Delhi (£40) and three £20 cities when `full`, else four £20 cities. The others claim three
// cities each; seat 3's bid is complete on public facts (£60 of £70, no £20 city more fits).
Game FourNwrClaims(bool full) {
  auto created = Game::Create(Config(4));
  EXPECT_TRUE(created.ok());
  Game game = std::move(*created);
  for (auto [seat, bond] : std::vector<std::pair<int, int>>{{0, 100}, {1, 90}, {2, 80}, {3, 70}}) {
    MustApply(game, Bond(seat, bond));
  }
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{full ? "Delhi" : "Rawalpindi", "NWR"}, {"Trichinopoly", "SIR"}, {"Dacca", "BAR"}, {"Nagpur", "BNR"}},
      {{"Lahore", "NWR"}, {"Mysore", "SIR"}, {"Chittagong", "BAR"}, {"Hyderabad", "BNR"}},
      {{"Multan", "NWR"}, {"Bangalore", "SIR"}, {"Patna", "EIR"}, {"Ajmer", "GIP"}},
      {{"Peshawar", "NWR"}},
  };
  for (const auto& round : rounds) {
    for (size_t seat = 0; seat < round.size(); ++seat) {
      MustApply(game, Claim(static_cast<int>(seat), round[seat].first, round[seat].second));
    }
  }
  return game;
}

TEST(ContractBidSecrecy, Rule2_5_2_4_APassIsAutomaticOnlyWhenPublicFactsForceIt) {
  Game full = FourNwrClaims(true);    // £100 of £100: no city more fits
  Game room = FourNwrClaims(false);   // £80 of £100: a £20 city still fits
  // Seats 1 and 2 pass; seat 3's bid is complete for all to see (£60 of £70, three shares whose
  // cities are worth £20 at least), so it passes by itself. Then it is seat 0's turn in both
  // games: its bid is complete only in the first, and only its secret cities say so, so nobody
  // passes for it.
  for (Game* game : {&full, &room}) {
    MustApply(*game, PassBid(1));
    MustApply(*game, PassBid(2));
    EXPECT_TRUE(game->state().players[3].bond.passed);
    EXPECT_EQ(game->ActiveSeats(), std::vector<int>{0});
    EXPECT_FALSE(game->state().players[0].bond.passed);
  }
  for (int viewer : {1, 2, 3, static_cast<int>(kSpectator)}) {
    EXPECT_EQ(ViewSeenBy(full, viewer), ViewSeenBy(room, viewer)) << "viewer " << viewer;
  }
  // Seat 0 itself sees the difference: passing is all it may do in the first game.
  const auto only = full.LegalActions(0);
  ASSERT_EQ(only.size(), 1u);
  EXPECT_TRUE(only[0].action().has_pass_bid());
  EXPECT_GT(room.LegalActions(0).size(), 1u);
  MustApply(full, PassBid(0));
  EXPECT_EQ(full.state().stage, Stage::kDealing);
}

TEST(ContractBidSecrecy, Rule2_5_2_4_APassIsAutomaticAtTheMostCities) {
  // Five players: five cities at most. After Adam's fifth claim (Appendix 4), nobody waits for him.
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (const auto& action : record.actions) {
    MustApply(*game, action);
    if (game->state().players[0].bond.claims.size() == 5) break;
  }
  EXPECT_TRUE(game->state().players[0].bond.passed);
  EXPECT_EQ(game->state().stage, Stage::kDealing);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
