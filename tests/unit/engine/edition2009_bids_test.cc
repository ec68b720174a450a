// The 2009 Lookout edition's contract bids, issued shares and first stock round (2.5 - 2.8) and
// its directors and managers (3.2.2, 3.2.3, 3.4.1), played in 2009 games (docs/rules-2009.tsv
// names each test). Quotations are from /work/shared/rules/1853-2009-lookout-edition-rules.txt;
// refusals cite the 2009 numbers. Where 2009 differs from Retuned (the £80 minimum bond with four
// or more players, no BAR and no cities east of the Ganges), the positions follow the 2009 text.
#include <gtest/gtest.h>

#include "tests/unit/engine/dealing_position.h"
#include "tests/unit/engine/edition2009_position.h"
#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using mailrun::v1::EDITION_LOOKOUT_2009;
using CityClaims = std::vector<std::pair<std::string, std::string>>;

// Commits the bonds of seats 0, 1, ... in that order.
void CommitBonds2009(Game& game, const std::vector<int>& bonds) {
  for (size_t seat = 0; seat < bonds.size(); ++seat) MustApply(game, Bond(static_cast<int>(seat), bonds[seat]));
}

// Plays the second stage of the bids: whoever's turn it is claims the next city of its list, or
// passes when its list is done; until every bid is complete.
void ClaimInTurn(Game& game, const std::vector<CityClaims>& bids) {
  std::vector<size_t> next(bids.size());
  for (int guard = 0; guard < 100 && game.state().stage == Stage::kCityClaims; ++guard) {
    const int seat = game.state().dealing.current;
    if (next[seat] < bids[seat].size()) {
      MustApply(game, Claim(seat, bids[seat][next[seat]].first, bids[seat][next[seat]].second));
      ++next[seat];
    } else {
      MustApply(game, PassBid(seat));
    }
    if (::testing::Test::HasFatalFailure()) return;
  }
  ASSERT_EQ(game.state().stage, Stage::kDealing);
}

// Five players (3 to 5 cities, 2.5.6), bonds £150, £95, £90, £85, £80: seated 0 to 4.
Game FivePlayerBids2009() {
  Game game = NewGame2009(5);
  CommitBonds2009(game, {150, 95, 90, 85, 80});
  EXPECT_EQ(game.state().seating_order, (std::vector<int>{0, 1, 2, 3, 4}));
  return game;
}

// ---- 2.5: contract bids --------------------------------------------------------------------

// 2.5.1: "a sum of money equal to at least the scoring value of those cities ... For each city in
// the bid the player will choose a Company share associated with that city."
TEST(Bids2009, Rule2_5_1_OneShareForEachCityAndTheBondCoversTheCities) {
  Game game = FivePlayerBids2009();
  const Error offered = Refuse(game, Claim(0, "Madras", "EIR"));
  EXPECT_EQ(offered.rule, "2.5.5") << "Madras offers no EIR share";
  const CityClaims firsts = {{"Patna", "EIR"}, {"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}, {"Madras", "MSM"}};
  for (int seat = 0; seat < 5; ++seat) Accept(game, Claim(seat, firsts[seat].first, firsts[seat].second));
  const CityClaims seconds = {{"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Jaipur", "BBCI"}, {"Cawnpore", "GIP"}};
  for (int seat = 0; seat < 4; ++seat) Accept(game, Claim(seat, seconds[seat].first, seconds[seat].second));
  // Seat 4's bond of £80 holds Madras (£30): Delhi (£40) would leave £10, short of any third city.
  const Error bond = Refuse(game, Claim(4, "Delhi", "NWR"));
  EXPECT_EQ(bond.rule, "2.5.2");
  Accept(game, Claim(4, "Trichinopoly", "SIR"));
  // Each claim is one share of the company chosen, held now.
  const GameState& s = game.state();
  EXPECT_EQ(s.players[0].bond.claims.size(), 2u);
  EXPECT_EQ(s.shares.HeldBy(0, CompanyIndexOf(game, "EIR")), 2);
  EXPECT_EQ(s.shares.HeldBy(4, CompanyIndexOf(game, "MSM")), 1);
  EXPECT_EQ(s.shares.HeldBy(4, CompanyIndexOf(game, "SIR")), 1);
  EXPECT_EQ(s.shares.HeldBy(4, CompanyIndexOf(game, "NWR")), 0);
}

// 2.5.4: "you may not pass if either you have not yet Contracted for the minimum number of Cities
// or if you have not yet Contracted for the maximum number of Cities and there is at least £40 of
// your Bond money not yet accounted for"; claims go round from the Elephant's holder.
TEST(Bids2009, Rule2_5_4_ClaimsInTurnAndWhenAPlayerMayPass) {
  Game game = FivePlayerBids2009();
  ASSERT_EQ(game.state().elephant, 0);
  EXPECT_EQ(MustRefuse(game, Claim(1, "Lahore", "NWR")).kind, ErrorKind::kNotYourTurn) << "the Elephant's holder first";
  const CityClaims firsts = {{"Patna", "EIR"}, {"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}, {"Trichinopoly", "SIR"}};
  for (int seat = 0; seat < 5; ++seat) Accept(game, Claim(seat, firsts[seat].first, firsts[seat].second));
  const Error fewest = Refuse(game, PassBid(0));
  EXPECT_EQ(fewest.rule, "2.5.4") << "one city of the three a five-player bid needs";
  const std::vector<CityClaims> rounds = {
      {{"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Jaipur", "BBCI"}, {"Nagpur", "BNR"}, {"Mysore", "SIR"}},
      {{"Delhi", "EIR"}, {"Peshawar", "NWR"}, {"Bombay", "BBCI"}, {"Hyderabad", "BNR"}, {"Bangalore", "SIR"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 5; ++seat) Accept(game, Claim(seat, round[seat].first, round[seat].second));
  }
  // Seat 0: Patna, Calcutta, Delhi, £110 of £150: £40 unaccounted and fewer than five cities.
  const Error forty = Refuse(game, PassBid(0));
  EXPECT_EQ(forty.rule, "2.5.4");
  Accept(game, Claim(0, "Jaipur", "GIP"));  // £130 of £150
  // Seat 1: Lahore, Multan, Peshawar, £60 of £95: £35 unaccounted, so it may pass.
  ASSERT_EQ(game.state().dealing.current, 1);
  Accept(game, PassBid(1));
  EXPECT_TRUE(game.state().players[1].bond.passed);
  EXPECT_EQ(game.state().players[1].bond.claims.size(), 3u);
}

// 2.5.7: "A Bid must not include more than two cities from the Ganges valley region ... which
// includes Calcutta. In a Bid involving just three Cities a player may only include one of
// Cawnpore, Lucknow, Allahabad, Benares and Patna ... Calcutta may also be chosen."
TEST(Bids2009, Rule2_5_7_TheGangesValleyLimits) {
  Game game = FivePlayerBids2009();
  const std::vector<CityClaims> rounds = {
      {{"Patna", "EIR"}, {"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}, {"Trichinopoly", "SIR"}},
      {{"Benares", "EIR"}, {"Delhi", "NWR"}, {"Jaipur", "BBCI"}, {"Cawnpore", "GIP"}, {"Mysore", "SIR"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 5; ++seat) Accept(game, Claim(seat, round[seat].first, round[seat].second));
  }
  // Seat 0 holds Patna and Benares: Calcutta (counted with the valley) and Lucknow are a third.
  EXPECT_EQ(Refuse(game, Claim(0, "Calcutta", "EIR")).rule, "2.5.7");
  EXPECT_EQ(Refuse(game, Claim(0, "Lucknow", "EIR")).rule, "2.5.7");
  Accept(game, Claim(0, "Delhi", "EIR"));
  Accept(game, Claim(1, "Multan", "NWR"));
  Accept(game, Claim(2, "Bombay", "BBCI"));
  Accept(game, Claim(3, "Nagpur", "BNR"));
  Accept(game, Claim(4, "Madras", "MSM"));
  Accept(game, Claim(0, "Karachi", "NWR"));
  // Seat 3: Allahabad, Cawnpore and Nagpur, £25 of its bond left: three cities would hold two of
  // the five valley cities, so it may not stop at three.
  for (int guard = 0; guard < 4 && game.state().dealing.current != 3; ++guard) {
    MustApply(game, PassBid(game.state().dealing.current));
  }
  ASSERT_EQ(game.state().dealing.current, 3);
  EXPECT_EQ(Refuse(game, PassBid(3)).rule, "2.5.7");
  Accept(game, Claim(3, "Hyderabad", "BNR"));

  // Four players: a three-city bid may add Calcutta to one valley city.
  Game four = NewGame2009(4);
  CommitBonds2009(four, {90, 85, 80, 80});
  ClaimInTurn(four, {{{"Patna", "EIR"}, {"Calcutta", "EIR"}, {"Multan", "NWR"}},
                     {{"Lahore", "NWR"}, {"Delhi", "NWR"}, {"Peshawar", "NWR"}},
                     {{"Ajmer", "BBCI"}, {"Jaipur", "BBCI"}, {"Bombay", "BBCI"}},
                     {{"Trichinopoly", "SIR"}, {"Mysore", "SIR"}, {"Bangalore", "SIR"}}});
  // Patna and Calcutta (£70 of £90) and a third city outside the valley: a complete bid.
  EXPECT_EQ(four.state().players[0].bond.claims.size(), 3u);
}

// 2.5.8: "The small un-named towns may not form part of a Bid."
TEST(Bids2009, Rule2_5_8_NoTownIsPartOfABid) {
  Game game = FivePlayerBids2009();
  const Error town = MustRefuse(game, Claim(0, "Iaa", "EIR"));
  EXPECT_EQ(town.kind, ErrorKind::kMalformed);
  EXPECT_NE(town.message.find("no city"), std::string::npos) << town.message;
  // Every claim on offer names one of the 2009 map's twenty-three named cities (Section 1).
  std::set<std::string> cities;
  for (const CityDef& city : game.data().cities) cities.insert(city.name);
  ASSERT_EQ(cities.size(), 23u);
  int claims = 0;
  for (const auto& legal : game.LegalActions(0)) {
    if (!legal.action().has_claim_city()) continue;
    ++claims;
    EXPECT_TRUE(cities.count(legal.action().claim_city().city())) << legal.action().claim_city().city();
  }
  EXPECT_GT(claims, 23) << "cities offering several companies are listed once for each";
}

// 2.5.10: "Only one share is issued against each city in a Bid. In cases where there are
// alternatives the player has a free choice from among those available."
TEST(Bids2009, Rule2_5_10_OneShareACityFreelyChosen) {
  Game game = FivePlayerBids2009();
  std::set<std::string> delhi;
  for (const auto& legal : game.LegalActions(0)) {
    if (legal.action().has_claim_city() && legal.action().claim_city().city() == "Delhi") {
      delhi.insert(legal.action().claim_city().company());
    }
  }
  EXPECT_EQ(delhi, (std::set<std::string>{"EIR", "GIP", "NWR", "BBCI"})) << "the free choice of 2.5.10";
  Accept(game, Claim(0, "Delhi", "BBCI"));
  const CityClaims firsts = {{"Lahore", "NWR"}, {"Ajmer", "BBCI"}, {"Allahabad", "GIP"}, {"Trichinopoly", "SIR"}};
  for (int seat = 1; seat < 5; ++seat) Accept(game, Claim(seat, firsts[seat - 1].first, firsts[seat - 1].second));
  const Error twice = Refuse(game, Claim(0, "Delhi", "EIR"));
  EXPECT_EQ(twice.rule, "2.5.10") << "a second share against Delhi";
  Accept(game, Claim(0, "Patna", "EIR"));
  Accept(game, Claim(1, "Delhi", "NWR"));  // another player's bid may hold the same city
  EXPECT_EQ(game.state().shares.HeldBy(0, CompanyIndexOf(game, "BBCI")), 1);
  EXPECT_EQ(game.state().shares.HeldBy(0, CompanyIndexOf(game, "EIR")), 1);
}

// 2.5.12: "There are SERIOUS penalties for making an illegal Bid (REF 4.3.2)!" The engine refuses
// each claim that would make a bid illegal (docs/rulings.md #2), unlisted and changing nothing, so
// every bid that completes is legal and no penalty arises.
TEST(Bids2009, Rule2_5_12_AnIllegalBidCannotBeMade) {
  Game game = NewGame2009(3);
  CommitBonds2009(game, {100, 90, 80});
  const std::vector<CityClaims> rounds = {
      {{"Patna", "EIR"}, {"Lahore", "NWR"}, {"Trichinopoly", "SIR"}},
      {{"Lucknow", "EIR"}, {"Multan", "NWR"}, {"Mysore", "SIR"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 3; ++seat) Accept(game, Claim(seat, round[seat].first, round[seat].second));
  }
  EXPECT_EQ(Refuse(game, Claim(0, "Allahabad", "EIR")).rule, "2.5.7") << "a third valley city";
  EXPECT_EQ(Refuse(game, Claim(0, "Iaa", "EIR")).kind, ErrorKind::kMalformed) << "a town";
  Accept(game, Claim(0, "Delhi", "EIR"));  // £80 of £100: a fourth city of £20 fits, no more
  Accept(game, Claim(1, "Peshawar", "NWR"));
  Accept(game, Claim(2, "Bangalore", "SIR"));
  EXPECT_EQ(Refuse(game, Claim(0, "Bombay", "GIP")).rule, "2.5.2") << "£40 more than the bond holds";
  ClaimInTurn(game, {{{"Jaipur", "GIP"}}, {{"Rawalpindi", "NWR"}}, {{"Hyderabad", "MSM"}}});
  // Every completed bid is legal: its cities fit its bond, four to six cities, at most two valley
  // cities (Calcutta counted with them), no town.
  for (const PlayerState& p : game.state().players) {
    int value = 0, valley = 0;
    for (const BidClaim& claim : p.bond.claims) {
      const CityDef& city = game.data().cities[claim.city];
      value += city.bid_value;
      valley += city.ganges_valley || city.name == "Calcutta";
    }
    EXPECT_LE(value, p.bond.amount);
    EXPECT_GE(p.bond.claims.size(), 4u);
    EXPECT_LE(valley, 2);
  }
}

// ---- 2.6: the BBCI's type ------------------------------------------------------------------

// 2.6.1 - 2.6.3: "If Company 5 has a Director by the end of the first Stock Round, and if the
// Contract Bid of its Director includes both Ajmer and Bombay, the Company is deemed to be a Major
// one with its second home base in north Bombay ... In all other circumstances Company 5 is a
// Minor one."
TEST(Bids2009, Rule2_6_1_To2_6_3_TheBbciIsAMajorOnlyIfItsDirectorBidAjmerAndBombay) {
  for (const bool both : {true, false}) {
    Game game = NewGame2009(3);
    CommitBonds2009(game, {120, 90, 80});
    ClaimInTurn(game, {{{"Ajmer", "BBCI"}, {both ? "Bombay" : "Jaipur", "BBCI"}, {"Ahmadabad", "BBCI"}, {"Delhi", "BBCI"}},
                       {{"Lahore", "NWR"}, {"Multan", "NWR"}, {"Peshawar", "NWR"}, {"Rawalpindi", "NWR"}},
                       {{"Nagpur", "BNR"}, {"Hyderabad", "BNR"}, {"Mysore", "SIR"}, {"Trichinopoly", "SIR"}}});
    const int bbci = CompanyIndexOf(game, "BBCI");
    // Seat 0 buys BBCI shares until it floats (six with three players, TABLE 3).
    for (int i = 0; i < 4 && !game.state().companies[bbci].floated; ++i) {
      PassUntilTurnOf(game, 0);
      MustApply(game, Buy(0, "BBCI"));
      if (game.state().dealing.current == 0) MustApply(game, EndTurn(0));
    }
    EXPECT_EQ(game.state().companies[bbci].director, -1) << "appointed at the end of the first stock round (2.9.1)";
    for (int guard = 0; guard < 12 && game.state().stage == Stage::kDealing; ++guard) {
      MustApply(game, EndTurn(game.state().dealing.current));
    }
    const CompanyState& c = game.state().companies[bbci];
    ASSERT_EQ(c.status, CompanyStatus::kFormed);
    EXPECT_EQ(c.director, 0);
    EXPECT_EQ(c.major, both) << (both ? "2.6.2" : "2.6.3");
    EXPECT_EQ(c.bases.size(), both ? 2u : 1u) << "a major BBCI's second home is north Bombay";
    EXPECT_EQ(c.treasury, 840);
    EXPECT_EQ(c.special_token, !both) << "4.8.19: minors only";
  }
}

// ---- 2.7: issued shares --------------------------------------------------------------------

// 2.7.1: "each player will have claimed and received a certain number of shares matching the
// cities which he has contracted to link by railways."
TEST(Bids2009, Rule2_7_1_EachPlayerReceivesTheSharesClaimed) {
  const Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  ASSERT_EQ(game.data().edition, EDITION_LOOKOUT_2009);
  for (int seat = 0; seat < 4; ++seat) {
    std::array<int, kCompanies> claimed{};
    for (const BidClaim& claim : game.state().players[seat].bond.claims) ++claimed[claim.company];
    std::array<int, kCompanies> held{};
    for (int c = 0; c < kCompanies; ++c) held[c] = game.state().shares.HeldBy(seat, c);
    EXPECT_EQ(held, claimed) << "seat " << seat;
    EXPECT_EQ(game.state().players[seat].contracted, claimed) << "seat " << seat;
  }
  const int nwr = CompanyIndexOf(game, "NWR");
  EXPECT_EQ(game.state().shares.HeldBy(1, nwr), 3);
  EXPECT_EQ(game.state().shares.InBank(nwr), 10 - 4);
}

// 2.7.3: "Any Contracted Shares that can not be afforded are placed face downwards as
// 'un-redeemed shares' ... Such shares must be the cheapest the player has bid for."
TEST(Bids2009, Rule2_7_3_UnaffordableSharesAreUnredeemedAndTheCheapest) {
  // Six players (£510, three or four cities). Seat 1 bonds £310 and keeps £200: Delhi (EIR £100),
  // Lahore (NWR £92), Jaipur (BBCI £84), Trichinopoly (SIR £75): it pays the EIR and the NWR.
  Game game = NewGame2009(6);
  CommitBonds2009(game, {110, 310, 80, 81, 82, 83});
  ClaimInTurn(game, {{{"Patna", "EIR"}, {"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Ajmer", "BBCI"}},
                     {{"Delhi", "EIR"}, {"Lahore", "NWR"}, {"Jaipur", "BBCI"}, {"Trichinopoly", "SIR"}},
                     {{"Nagpur", "BNR"}, {"Hyderabad", "BNR"}, {"Waltair", "ECR"}},
                     {{"Mysore", "SIR"}, {"Bangalore", "SIR"}, {"Madras", "SIR"}},
                     {{"Allahabad", "GIP"}, {"Jaipur", "GIP"}, {"Karachi", "NWR"}},
                     {{"Peshawar", "NWR"}, {"Rawalpindi", "NWR"}, {"Ahmadabad", "BBCI"}}});
  if (::testing::Test::HasFatalFailure()) return;
  const GameState& s = game.state();
  const int eir = CompanyIndexOf(game, "EIR"), nwr = CompanyIndexOf(game, "NWR");
  const int bbci = CompanyIndexOf(game, "BBCI"), sir = CompanyIndexOf(game, "SIR");
  EXPECT_EQ(s.players[0].cash, 400 - (100 + 100 + 92 + 84));
  EXPECT_EQ(s.players[0].unredeemed, (std::array<int, kCompanies>{}));
  EXPECT_EQ(s.players[1].cash, 200 - (100 + 92));
  EXPECT_EQ(s.players[1].unredeemed[bbci], 1);
  EXPECT_EQ(s.players[1].unredeemed[sir], 1);
  EXPECT_EQ(s.players[1].unredeemed[eir] + s.players[1].unredeemed[nwr], 0) << "the dearest are paid";
  EXPECT_EQ(s.shares.HeldBy(1, sir), 1) << "kept all the same";
}

// 2.7.3 and 2.7.5: "Un-redeemed shares qualify normally both as 'shares issued' (REF 2.7.5) and in
// establishing who is the Director"; "Once the 'Qualifying Number' ... has been issued in a Company
// it floats and a Director will be appointed at the end of the first Stock Round" - contracted
// shares alone float it (docs/rulings.md #22).
TEST(Bids2009, Rule2_7_5_ContractedSharesFloatACompanyAndUnredeemedOnesCount) {
  Game game = NewGame2009(4);
  CommitBonds2009(game, {200, 90, 80, 81});
  // Seat 0 (£370 after its bond): four SIR cities, Delhi (NWR) and Calcutta (EIR): it pays the EIR,
  // the NWR and two SIR shares (£342); two SIR stay un-redeemed. Seat 1 claims a fifth SIR share.
  ClaimInTurn(game, {{{"Trichinopoly", "SIR"}, {"Mysore", "SIR"}, {"Bangalore", "SIR"}, {"Madras", "SIR"}, {"Delhi", "NWR"},
                      {"Calcutta", "EIR"}},
                     {{"Mysore", "SIR"}, {"Lahore", "NWR"}, {"Multan", "NWR"}},
                     {{"Patna", "EIR"}, {"Ajmer", "GIP"}, {"Jaipur", "BBCI"}},
                     {{"Nagpur", "BNR"}, {"Hyderabad", "BNR"}, {"Waltair", "ECR"}}});
  if (::testing::Test::HasFatalFailure()) return;
  const int sir = CompanyIndexOf(game, "SIR");
  EXPECT_EQ(game.state().shares.HeldBy(0, sir), 4);
  EXPECT_EQ(game.state().players[0].unredeemed[sir], 2);
  EXPECT_EQ(game.state().players[0].cash, 370 - 342);
  EXPECT_TRUE(game.state().companies[sir].floated) << "five SIR shares issued by the bids alone (four players)";
  EXPECT_EQ(game.state().companies[sir].director, -1) << "not before the end of the first stock round";
  for (int guard = 0; guard < 8 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  ASSERT_EQ(game.state().companies[sir].status, CompanyStatus::kFormed);
  EXPECT_EQ(game.state().companies[sir].director, 0) << "four shares, two of them un-redeemed";
  // The NWR, with three issued (seat 0's Delhi, seat 1's two), did not float.
  EXPECT_NE(game.state().companies[CompanyIndexOf(game, "NWR")].status, CompanyStatus::kFormed);
}

// ---- 2.8: the first stock round ------------------------------------------------------------

// 2.8.1: "A Stock Round follows immediately after the Contract Bids ... and begins with the player
// who holds the Elephant ... once sold they may not be bought from the Pool until the NEXT Stock
// Round."
TEST(Bids2009, Rule2_8_1_TheElephantsHolderFirstAndNoBuyingBackUntilTheNextRound) {
  Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  const int elephant = game.state().elephant;
  ASSERT_EQ(game.state().dealing.current, elephant);
  EXPECT_EQ(MustRefuse(game, Buy((elephant + 1) % 4, "NWR")).kind, ErrorKind::kNotYourTurn);
  const int nwr = CompanyIndexOf(game, "NWR");
  const int cash = game.state().players[0].cash;
  MustApply(game, Sell(0, "NWR", 1));
  EXPECT_EQ(game.state().players[0].cash, cash + 92 - 5) << "2.8.3: £5 less than par";
  EXPECT_EQ(game.state().shares.InPool(nwr), 1);
  EXPECT_EQ(MustRefuse(game, Buy(0, "NWR", /*from_pool=*/true)).rule, "3.1.9");
  // The next stock round: nobody bought, so no company formed and no operating round came between.
  for (int guard = 0; guard < 12 && game.state().dealing.number == 1; ++guard) {
    if (game.state().stage == Stage::kElephantSale) {
      MustApply(game, KeepElephant(game.state().elephant));
    } else {
      MustApply(game, EndTurn(game.state().dealing.current));
    }
  }
  ASSERT_EQ(game.state().stage, Stage::kDealing);
  ASSERT_EQ(game.state().dealing.number, 2);
  PassUntilTurnOf(game, 0);
  const int before = game.state().players[0].cash;
  MustApply(game, Buy(0, "NWR", /*from_pool=*/true));
  EXPECT_EQ(game.state().players[0].cash, before - 92) << "at par: the NWR has no market price";
}

// 2.8.2: "A Stock Round is conducted as described in SECTION 3": any number of sales and one
// purchase a turn, the round going on until everyone has declined in a row, the Elephant to the
// left of the last buyer.
TEST(Bids2009, Rule2_8_2_TheFirstStockRoundFollowsSectionThree) {
  Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  ASSERT_EQ(game.state().dealing.current, 0);
  const int cash = game.state().players[0].cash;
  MustApply(game, Sell(0, "NWR", 1));
  MustApply(game, Sell(0, "EIR", 1));
  MustApply(game, Buy(0, "SIR"));
  EXPECT_EQ(game.state().players[0].cash, cash + 87 + 95 - 75);
  EXPECT_EQ(MustRefuse(game, Buy(0, "BBCI")).rule, "Section 3") << "one purchase a turn";
  MustApply(game, EndTurn(0));
  for (int seat : {1, 2, 3}) MustApply(game, EndTurn(seat));
  EXPECT_EQ(game.state().stage, Stage::kDealing) << "the buyer has not yet declined";
  MustApply(game, EndTurn(0));
  EXPECT_EQ(game.state().stage, Stage::kElephantSale);
  EXPECT_EQ(game.state().elephant, 1) << "left of the last buyer (3.1.11)";
}

// 2.8.4: "At the end of the first Stock Round, if at least one Minor Company has formed, then add
// one '2' train, one '2M' train and one '3M' train ... for Minor Companies only they are now
// dual-option and can be purchased as either a '2' train or a '1M' train." The MSM forms in the
// first stock round with no player holding two shares (3.2.2): a manager runs it (3.4.1).
Game MsmFormsUnderAManager2009() {
  Game game = FirstDealingRound(EDITION_LOOKOUT_2009);
  // MSM: seat 2 holds one (Madras). Seats 0, 1, 3 buy one each; seat 2 buys a second, which floats
  // it (five issued), then sells its contracted share at its first opportunity (2.8.3).
  MustApply(game, Buy(0, "MSM"));
  MustApply(game, EndTurn(0));
  MustApply(game, Buy(1, "MSM"));
  MustApply(game, EndTurn(1));
  MustApply(game, EndTurn(2));
  MustApply(game, Buy(3, "MSM"));
  MustApply(game, EndTurn(3));
  MustApply(game, EndTurn(0));
  MustApply(game, EndTurn(1));
  MustApply(game, Buy(2, "MSM"));
  EXPECT_TRUE(game.state().companies[CompanyIndexOf(game, "MSM")].floated);
  MustApply(game, EndTurn(2));
  MustApply(game, EndTurn(3));
  MustApply(game, EndTurn(0));
  MustApply(game, EndTurn(1));
  MustApply(game, Sell(2, "MSM", 1));
  MustApply(game, EndTurn(2));  // the fourth decline in a row ends the round
  return game;
}

TEST(Bids2009, Rule2_8_4_AMinorFormedInTheFirstStockRoundAddsTrainsAndTheOneM) {
  Game game = MsmFormsUnderAManager2009();
  ASSERT_EQ(game.state().stage, Stage::kElephantSale);
  EXPECT_TRUE(game.state().minor_formed_in_first_round);
  EXPECT_FALSE(CompanyOf(game, "MSM").major);
  // TABLE 5: 6 (7) of '2', 2 (3) of '2M', 3 (4) of '3M'.
  EXPECT_EQ(StockLeft(game, "2"), 7);
  EXPECT_EQ(StockLeft(game, "2M"), 3);
  EXPECT_EQ(StockLeft(game, "3M"), 4);
  MustApply(game, KeepElephant(game.state().elephant));
  ASSERT_EQ(game.state().stage, Stage::kRailway);
  ASSERT_EQ(OperatingCompany(game), "MSM");
  const int manager = CompanyOf(game, "MSM").manager;
  ToBuyStep(game);
  const std::vector<std::string> on_sale = TrainsOnSale(game, manager);
  EXPECT_NE(std::find(on_sale.begin(), on_sale.end(), "1M"), on_sale.end()) << ::testing::PrintToString(on_sale);
  const int treasury = CompanyOf(game, "MSM").treasury;
  MustApply(game, BuyTrain(manager, "1M"));
  EXPECT_EQ(CompanyOf(game, "MSM").treasury, treasury - 180) << "'1M' trains cost £180";
  EXPECT_EQ(StockLeft(game, "2"), 6) << "the '1M' is one of the seven '2/1M' cards";

  // Without a minor formed in the first stock round: TABLE 5's smaller numbers.
  Game none = FirstDealingRound(EDITION_LOOKOUT_2009);
  for (int guard = 0; guard < 12 && none.state().dealing.number == 1; ++guard) {
    if (none.state().stage == Stage::kElephantSale) break;
    MustApply(none, EndTurn(none.state().dealing.current));
  }
  EXPECT_FALSE(none.state().minor_formed_in_first_round);
  EXPECT_EQ(StockLeft(none, "2"), 6);
  EXPECT_EQ(StockLeft(none, "2M"), 2);
  EXPECT_EQ(StockLeft(none, "3M"), 3);
}

// ---- 3.2, 3.4: directors and managers ------------------------------------------------------

// 3.2.2: "If, once the Qualifying Number of shares has been issued, no player holds the necessary
// two shares to qualify as Director then a Manager is appointed"; 3.4.1: "the Manager will be the
// previous Director or, if he does not qualify, the player who has longest held shares in the
// Company."
TEST(Bids2009, Rule3_2_2_And3_4_1_AManagerRunsACompanyNobodyHoldsTwoSharesOf) {
  Game game = MsmFormsUnderAManager2009();
  const CompanyState& msm = CompanyOf(game, "MSM");
  for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(game.state().shares.HeldBy(seat, CompanyIndexOf(game, "MSM")), 1);
  EXPECT_EQ(msm.status, CompanyStatus::kFormed);
  EXPECT_EQ(msm.director, -1);
  EXPECT_EQ(msm.manager, 2) << "seat 2 has held MSM shares longest (its Madras claim)";
  EXPECT_EQ(msm.treasury, 800) << "money, not Company Credits";
  EXPECT_EQ(game.state().elephant, 3) << "left of the last buyer, seat 2";
}

// 3.4.1: "If no shares are held by anyone, the Manager is the holder of the Elephant ... A Manager
// is replaced immediately any player qualifies as a Director"; the director's certificate is sold
// whole (Section 1: "two shares are combined into a single certificate which is ALWAYS held by
// the current Director").
TEST(Bids2009, Rule3_4_1_TheLongestHolderManagesUntilSomeoneQualifies) {
  const Game base = SecondDealingRound(EDITION_LOOKOUT_2009);
  const int sir = CompanyIndexOf(base, "SIR");
  Game game = SirDirectorOnTheCertificateAlone(EDITION_LOOKOUT_2009);
  PassUntilTurnOf(game, 2);
  EXPECT_EQ(MustRefuse(game, Sell(2, "SIR", 1)).rule, "Section 1") << "the director's certificate is sold whole";
  MustApply(game, Sell(2, "SIR", 2));
  EXPECT_EQ(game.state().companies[sir].director, -1);
  EXPECT_EQ(game.state().companies[sir].manager, 0) << "seat 0 has held SIR shares longest";
  PassUntilTurnOf(game, 3);
  MustApply(game, Buy(3, "SIR", /*from_pool=*/true));
  EXPECT_EQ(game.state().companies[sir].director, 3) << "two shares: a director, at once";
  EXPECT_EQ(game.state().companies[sir].manager, -1);
}

// 3.2.3: "If a shareholder gains MORE shares in a Company than the existing Director then he
// IMMEDIATELY takes over the Director's Certificate ... (If this causes the former Director to
// exceed the total number of certificates ... he must correct the situation in his next Stock
// Round turn.)" Equal holdings leave the director (docs/rulings.md #9).
TEST(Bids2009, Rule3_2_3_ARivalHoldingMoreTakesOverAndTheFormerDirectorCorrects) {
  Game game = NwrDirectorAtTheCertificateLimit(EDITION_LOOKOUT_2009);
  const int nwr = CompanyIndexOf(game, "NWR");
  ASSERT_EQ(game.state().dealing.current, 0);
  MustApply(game, Buy(0, "NWR", /*from_pool=*/true));
  EXPECT_EQ(game.state().companies[nwr].director, 1) << "three each: the director stays";
  MustApply(game, EndTurn(0));
  PassUntilTurnOf(game, 0);
  MustApply(game, Buy(0, "NWR"));
  EXPECT_EQ(game.state().companies[nwr].director, 0) << "four against three: at once";
  EXPECT_EQ(game.state().shares.HeldBy(1, nwr), 3);
  EXPECT_TRUE(game.state().players[1].must_correct_certificates) << "17 certificates, the limit is 16";
  PassUntilTurnOf(game, 1);
  EXPECT_EQ(MustRefuse(game, EndTurn(1)).rule, "3.1.2");
  MustApply(game, Sell(1, "ECR", 1));
  EXPECT_FALSE(game.state().players[1].must_correct_certificates);
  MustApply(game, EndTurn(1));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
