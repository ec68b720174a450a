// The examples of sections 3 and 5 of the 1947 rules, figure by figure, and the stock round's
// refusals. Positions are set up directly, as the examples start in the middle of a game.
#include <gtest/gtest.h>

#include <map>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/proto.h"
#include "engine/titles/t1947/rules/market.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

// A cell of the given value left of the red line, in row 4 (index 3, room to move either way) if it
// has one, else in the lowest row that has one.
MarketCell Cell(int value) {
  const MarketDef& m = Data().market;
  for (int c = 0; c < m.red_line[3]; ++c) {
    if (m.rows[3][c] == value) return MarketCell{3, c};
  }
  for (int row = static_cast<int>(m.rows.size()) - 1; row >= 0; --row) {
    for (int c = 0; c < m.red_line[row]; ++c) {
      if (m.rows[row][c] == value) return MarketCell{row, c};
    }
  }
  ADD_FAILURE() << "no space worth " << value;
  return {};
}

// Four players in card order 0, 1, 2, 3, in the second stock round, with no cash worries.
T1947Game MidGame(std::vector<std::string> names) {
  auto g = T1947Game::Setup(Data(), names, {1, 2, 3, 4}, {"SIR", "ABR"});
  EXPECT_TRUE(g.ok());
  for (int i = 0; i < 4; ++i) g->mutable_player(i).cash = 2000;
  g->StartStockRoundForTest(2);
  return *g;
}

// Railway `initials` floated at `price` with `io` 10% units in the initial offer and `pool` in the pool.
void Float(T1947Game& g, const std::string& initials, int price, int io, int pool) {
  Railway1947& r = g.mutable_railway(initials);
  r.president_sold = true;
  r.par = price;
  r.token = Cell(price);
  g.mutable_shares().Set(ShareHolder::Bank(), Data().RailwayIndex(initials), io);
  g.mutable_shares().Set(ShareHolder::Pool(), Data().RailwayIndex(initials), pool);
  r.operational = true;
}

void Give(T1947Game& g, int player, const std::string& initials, int units, bool president = false) {
  int ri = Data().RailwayIndex(initials);
  g.mutable_shares().Set(ShareHolder::Player(player), ri, units);
  g.mutable_player(player).president[ri] = president;
}

int Index(const std::string& initials) { return Data().RailwayIndex(initials); }

TEST(Section3, InsiderTradingExample) {
  // 3.1 P4: order Andrea, Anna, Roberto, Giovanni; the P4's owner takes card 1 and the others keep
  // their order: Giovanni, Andrea, Anna, Roberto. (The text names Roberto as the owner; its result
  // is Giovanni's: docs/rulings.md, 1947 ruling 8.)
  T1947Game g = MidGame({"Andrea", "Anna", "Roberto", "Giovanni"});
  g.mutable_player(3).privates.push_back(4);
  EXPECT_EQ(g.UseInsiderTrading(2).error().rule, "3.1");  // Roberto has no P4
  Ok(g.UseInsiderTrading(3));
  EXPECT_EQ(g.order(), (std::vector<int>{3, 0, 1, 2}));
  EXPECT_EQ(g.ActivePlayer(), 3);
  EXPECT_TRUE(g.private_removed(4));
  EXPECT_TRUE(g.player(3).privates.empty());
}

TEST(Section3, InsiderTradingOnlyAtTheBeginning) {
  T1947Game g = MidGame({"Andrea", "Anna", "Roberto", "Giovanni"});
  g.mutable_player(3).privates.push_back(4);
  Ok(g.Pass(0));
  Status s = g.UseInsiderTrading(3);
  EXPECT_EQ(s.error().rule, "3.1");
  EXPECT_NE(s.error().message.find("beginning"), std::string::npos);
}

// 5.6.2 (1947 ruling 50): the P4 counts as an ordinary share for the savings ratio, so its use may
// not leave its owner with more than one savings share for every two ordinary shares: Giovanni
// with one ordinary share of the WIPR, one savings share and the P4 (2 to 1 with it, 1 to 1
// without) keeps it, and nothing changes; with a second ordinary share (3 to 1, 2 to 1) he uses it.
TEST(Section3, InsiderTradingKeepsTheSavingsRatio) {
  T1947Game g = MidGame({"Andrea", "Anna", "Roberto", "Giovanni"});
  g.mutable_player(3).privates.push_back(4);
  Float(g, "WIPR", 80, 7, 0);
  Give(g, 3, "WIPR", 1);
  g.mutable_player(3).savings[Index("WIPR")] = 1;
  ASSERT_TRUE(g.SavingsRatioKept(3));
  Action1947 use;
  use.kind = ActionKind::kUseInsiderTrading;
  use.player = 3;
  Status refused = Apply(g, use);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().key, "1947.refusal.auction.p4_savings_ratio");
  EXPECT_EQ(refused.error().rule, "5.6.2");
  EXPECT_EQ(g.order(), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_FALSE(g.private_removed(4));
  EXPECT_EQ(g.player(3).privates, std::vector<int>{4});
  for (const Action1947& a : LegalActions(g, 3)) EXPECT_NE(a.kind, ActionKind::kUseInsiderTrading);
  Give(g, 3, "WIPR", 2);
  Ok(Apply(g, use));
  EXPECT_EQ(g.order(), (std::vector<int>{3, 0, 1, 2}));
  EXPECT_TRUE(g.SavingsRatioKept(3));
}

TEST(Section5, BondIssueCountExample) {
  // 5.4.2: with 2 certificates still in the initial offer, 10 - 2 = 8 bonds may be issued; the 2
  // others leave the game. Shareholders are offered one bond per 10% share, at half the par.
  T1947Game g = MidGame({"Paolo", "Anna", "Giovanni", "Andrea"});
  Float(g, "WIPR", 80, 2, 0);
  Give(g, 0, "WIPR", 6, true);
  Give(g, 1, "WIPR", 2);
  int treasury = g.railway("WIPR").treasury;
  EXPECT_EQ(g.IssueBonds(1, "WIPR").error().kind, ErrorKind::kNotYourTurn);
  Ok(g.IssueBonds(0, "WIPR"));
  EXPECT_EQ(g.railway("WIPR").bonds_removed, 2);
  EXPECT_EQ(g.ActivePlayer(), 0);  // the president answers first
  EXPECT_EQ(g.SubscribeBonds(0, 7).error().rule, "5.4.4");  // one per 10% share: at most 6
  Ok(g.SubscribeBonds(0, 6));
  EXPECT_EQ(g.ActivePlayer(), 1);
  Ok(g.SubscribeBonds(1, 1));
  EXPECT_EQ(g.railway("WIPR").bonds_io, 1);
  EXPECT_EQ(g.railway("WIPR").treasury, treasury + 7 * 40);
  EXPECT_EQ(g.player(0).cash, 2000 - 6 * 40);
  EXPECT_EQ(g.ActivePlayer(), 1);  // the issue ended Paolo's turn
  EXPECT_EQ(g.SellBonds(0, "WIPR", 1).error().kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(g.Certificates(0), 5);  // bonds count 0 (5.7)
}

TEST(Section5, BondsOfARailwayWithADrawnShareAreTenLessTheInitialOffer) {
  // 5.4.2: "If a Railway Company still has 2 Certificates in the Initial Offer, it can issue
  // (10-2=8) eight": the SIR's share drawn into the bank pool at the setup (2.3 d) counts as out
  // of the initial offer, as for floating (5.2.1's NOTE): 3 left there, 7 bonds, not the 6 its
  // players bought (docs/rulings.md, 1947 ruling 60).
  T1947Game g = MidGame({"Paolo", "Anna", "Giovanni", "Andrea"});
  Float(g, "SIR", 80, 3, 1);
  Give(g, 0, "SIR", 6, true);
  Ok(g.IssueBonds(0, "SIR"));
  EXPECT_EQ(g.railway("SIR").bonds_removed, 3);
  Ok(g.SubscribeBonds(0, 6));
  EXPECT_EQ(g.railway("SIR").bonds_io, 1);
}

TEST(Section5, BondsBoughtFromTheOfferAndThePoolAndSold) {
  // 5.4.3: from the initial offer at half the par, paid to the treasury; from the bank pool at
  // half the market value, paid to the bank. 5.4.2: a bond bought from the offer is not sold in
  // that stock round. 5.4.6: a bond sold goes to the pool for half the market value, the price
  // unchanged.
  T1947Game g = MidGame({"Paolo", "Anna", "Giovanni", "Andrea"});
  Float(g, "WIPR", 80, 2, 0);
  Give(g, 0, "WIPR", 6, true);
  Give(g, 1, "WIPR", 2);
  Railway1947& w = g.mutable_railway("WIPR");
  w.bonds_unissued = 0;
  w.bonds_io = 2;
  w.bonds_pool = 1;
  w.bonds_removed = 5;
  w.token = Cell(90);
  g.mutable_player(2).bonds[Index("WIPR")] = 2;
  const int treasury = g.railway("WIPR").treasury;
  Ok(g.BuyBond(0, "WIPR", false));
  EXPECT_EQ(g.player(0).cash, 2000 - 40);
  EXPECT_EQ(g.railway("WIPR").treasury, treasury + 40);
  EXPECT_EQ(g.player(0).new_bonds[Index("WIPR")], 1);
  EXPECT_EQ(g.SellBonds(0, "WIPR", 1).error().rule, "5.4.6");
  Ok(g.Done(0));
  Ok(g.BuyBond(1, "WIPR", true));
  EXPECT_EQ(g.player(1).cash, 2000 - 45);
  EXPECT_EQ(g.railway("WIPR").treasury, treasury + 40);
  EXPECT_EQ(g.railway("WIPR").bonds_pool, 0);
  Ok(g.Done(1));
  Ok(g.SellBonds(2, "WIPR", 2));
  EXPECT_EQ(g.player(2).cash, 2000 + 90);
  EXPECT_EQ(g.railway("WIPR").bonds_pool, 2);
  EXPECT_EQ(g.MarketValue("WIPR"), 90);
}

// Paolo presides over the EBR at Rs.80 with `paolo` 10% units and `bonds` of its bonds, Anna holds
// `anna` units, the rest are in the initial offer: a sale Paolo may price protect (5.4.5).
T1947Game EbrSaleToProtect(int paolo, int anna, int bonds) {
  T1947Game g = MidGame({"Anna", "Paolo", "Giovanni", "Andrea"});
  Float(g, "EBR", 80, kUnitsPerRailway - paolo - anna, 0);
  Give(g, 1, "EBR", paolo, true);
  Give(g, 0, "EBR", anna);
  g.mutable_player(1).bonds[Index("EBR")] = bonds;
  g.mutable_railway("EBR").bonds_unissued -= bonds;
  return g;
}

TEST(Section5, PriceProtectionExample) {
  // 5.4.5: Anna sells 2 shares worth Rs.80 of Paolo's company, of which he owns 60%; Paolo converts
  // 4 bonds; Anna receives Rs.160 and Paolo owns 80%; the price does not fall.
  T1947Game g = EbrSaleToProtect(6, 2, 5);
  MarketCell before = g.railway("EBR").token;
  Ok(g.Sell(0, "EBR", 2));
  EXPECT_EQ(g.player(0).cash, 2160);
  ASSERT_TRUE(g.pending_protection());
  EXPECT_EQ(g.pending_protection()->bonds_needed, 4);
  EXPECT_EQ(g.ActivePlayer(), 1);
  EXPECT_EQ(g.Done(0).error().rule, "5.4.5");  // Paolo decides first
  Ok(g.ProtectPrice(1, true));
  EXPECT_EQ(g.shares().HeldBy(1, Index("EBR")), 8);
  EXPECT_EQ(g.player(1).bonds[Index("EBR")], 1);
  EXPECT_EQ(g.railway("EBR").token, before);
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 0);
  EXPECT_EQ(g.ActivePlayer(), 0);  // Anna's turn goes on
  Ok(g.Done(0));
  // Paolo may keep more than 60% (5.8): protected shares.
  Ok(g.Pass(1));
}

TEST(Section5, PriceProtectionDeclinedAndTheLastTwentyPercent) {
  T1947Game g = EbrSaleToProtect(7, 3, 8);
  Ok(g.Sell(0, "EBR", 3));
  // 80% → 2 bonds for the 8th share, 3 each for the 9th and 10th (5.4.5).
  EXPECT_EQ(g.pending_protection()->bonds_needed, 2 + 3 + 3);
  Ok(g.ProtectPrice(1, false));
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 3);
  EXPECT_EQ(g.MarketValue("EBR"), Data().market.Value(MoveDown(Data().market, Cell(80), 3)));
  EXPECT_LT(g.MarketValue("EBR"), 80);
}

// Gives player 1 (Paolo) of EbrSaleToProtect `count` more certificates: one share each of other
// railways, presided over by player 2.
void MoreCertificatesForPaolo(T1947Game& g, int count) {
  const char* railways[] = {"ABR", "B&NWR", "BB&CI", "CCSR", "GIPR", "PRC", "SIR", "WIPR", "EIR"};
  for (int k = 0; k < count; ++k) {
    Float(g, railways[k], 80, 7, 0);
    Give(g, 2, railways[k], 2, true);
    Give(g, 1, railways[k], 1);
  }
}

// EbrSaleToProtect(6, 2, 5) with Paolo holding `certificates` (13 or more): his EBR (5), eight
// privates and shares of other railways.
T1947Game EbrSaleWithPaoloHolding(int certificates) {
  T1947Game g = EbrSaleToProtect(6, 2, 5);
  g.mutable_player(1).privates = {1, 2, 3, 4, 5, 6, 7, 8};
  MoreCertificatesForPaolo(g, certificates - 13);
  EXPECT_EQ(g.Certificates(1), certificates);
  return g;
}

TEST(Section5, PriceProtectionRespectsThePresidentsCertificateLimit) {
  // 5.4.5: "Note that the Certificate Limit must still be respected" (5.7: 20 for four players).
  // Paolo holds 19 certificates: protecting Anna's 2 shares would make 21, so it is not offered
  // and the sale goes to the pool, the price falling (1947 ruling 56).
  T1947Game g = EbrSaleWithPaoloHolding(19);
  Ok(g.Sell(0, "EBR", 2));
  EXPECT_FALSE(g.pending_protection());
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 2);
  EXPECT_LT(g.MarketValue("EBR"), 80);
  EXPECT_EQ(g.ActivePlayer(), 0);  // Anna's turn goes on
  for (int seat : {0, 1}) {
    for (const Action1947& a : LegalActions(g, seat)) EXPECT_NE(a.kind, ActionKind::kProtectPrice);
  }
}

TEST(Section5, PriceProtectionOverTheCertificateLimitIsRefused) {
  // Offered at 18 certificates (18 + 2 = 20); if the president's count has risen since, taking the
  // shares is refused naming 5.7 and nothing changes; declining is still allowed.
  T1947Game g = EbrSaleWithPaoloHolding(18);
  Ok(g.Sell(0, "EBR", 2));
  ASSERT_TRUE(g.pending_protection());
  MoreCertificatesForPaolo(g, 6);
  ASSERT_EQ(g.Certificates(1), 19);
  const std::string before = SnapshotJson(g);
  Status refused = g.ProtectPrice(1, true);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "5.7");
  EXPECT_NE(refused.error().message.find("20"), std::string::npos) << refused.error().message;
  EXPECT_EQ(SnapshotJson(g), before);
  Ok(g.ProtectPrice(1, false));
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 2);
}

TEST(Section5, PriceProtectionIsOfTheWholeSaleAndNeverForCash) {
  // 5.4.5: "Price Protection must include ALL of Certificates offered for sale; partial Price
  // Protection of only some Certificates is not permitted" and "It is not possible to 'Price
  // Protect' against the sale of Shares by using cash" (docs/rulings.md, 1947 ruling 63). Paolo's 3
  // bonds would protect one of Anna's 2 shares, and he has Rs.2000: nothing is offered, the shares
  // go to the pool and the price falls two rows.
  T1947Game g = EbrSaleToProtect(6, 2, 3);
  ASSERT_GE(g.player(1).cash, 2000);
  Ok(g.Sell(0, "EBR", 2));
  EXPECT_FALSE(g.pending_protection());
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 2);
  EXPECT_EQ(g.MarketValue("EBR"), Data().market.Value(MoveDown(Data().market, Cell(80), 2)));
  EXPECT_EQ(g.player(1).bonds[Index("EBR")], 3);
}

TEST(Section5, SaleLimitedByTheBankPoolExample) {
  // 5.5: 4 WIPR and 1 ABR shares in the bank pool: Paolo can sell only 1 WIPR (to 5) and 1 ABR (to 2).
  T1947Game g = MidGame({"Paolo", "Anna", "Giovanni", "Andrea"});
  Float(g, "WIPR", 90, 0, 4);
  Float(g, "ABR", 90, 3, 1);
  Give(g, 1, "WIPR", 4, true);
  Give(g, 1, "ABR", 4, true);
  Give(g, 0, "WIPR", 2);
  Give(g, 0, "ABR", 2);
  Status s = g.Sell(0, "WIPR", 2);
  EXPECT_EQ(s.error().rule, "5.5");
  EXPECT_NE(s.error().message.find("50%"), std::string::npos);
  Ok(g.Sell(0, "WIPR", 1));
  Ok(g.Sell(0, "ABR", 1));
  EXPECT_EQ(g.shares().InPool(Index("WIPR")), 5);
  EXPECT_EQ(g.shares().InPool(Index("ABR")), 2);
  EXPECT_EQ(g.player(0).cash, 2000 + 90 + 90);
  EXPECT_EQ(g.MarketValue("WIPR"), 80);  // one row down per share sold
}

TEST(Section5, SavingsRatioExamples) {
  // 5.6.2: a player with 8 ordinary and 4 savings certificates may sell one ordinary and buy
  // another, keeping the ratio; selling the ordinary alone would break it at the end of the turn.
  T1947Game g = MidGame({"Anna", "Paolo", "Giovanni", "Andrea"});
  Float(g, "EIR", 80, 2, 0);
  Float(g, "GIPR", 80, 4, 0);
  Float(g, "PRC", 80, 2, 0);
  Give(g, 1, "EIR", 2, true);
  Give(g, 1, "GIPR", 2, true);
  Give(g, 1, "PRC", 4, true);
  Give(g, 0, "EIR", 6);
  Give(g, 0, "GIPR", 2);
  g.mutable_player(0).savings[Index("PRC")] = 4;
  Ok(g.Sell(0, "EIR", 1));
  EXPECT_EQ(g.Done(0).error().rule, "5.6.2");
  Ok(g.Buy(0, "GIPR", false));  // sell then buy: the turn ends, the ratio kept
  EXPECT_EQ(g.ActivePlayer(), 1);
  EXPECT_EQ(g.shares().HeldBy(0, Index("GIPR")), 3);
  EXPECT_TRUE(g.player(0).president[Index("GIPR")]);  // 3 against Paolo's 2 (5.9)
  // 5.7: EIR 5, GIPR president's certificate + 1, four PRC savings in two pairs.
  EXPECT_EQ(g.Certificates(0), 5 + 2 + 2);
}

// Ruling 40 (docs/rulings.md): after a purchase, a sale is refused if no savings sales could then
// restore the ratio (5.6.2), for the turn could not end; a sale that savings sales can repair is
// allowed, and nothing changes with a refusal.
TEST(Section5, ASaleThatLeavesTheTurnUnableToEndIsRefused) {
  T1947Game g = MidGame({"Anna", "Paolo", "Giovanni", "Andrea"});
  Float(g, "EIR", 80, 2, 0);
  Float(g, "GIPR", 80, 4, 0);
  Float(g, "PRC", 80, 0, 4);  // the pool holds 40%: one more share fits (5.5)
  Give(g, 1, "EIR", 2, true);
  Give(g, 1, "GIPR", 2, true);
  Give(g, 1, "PRC", 2, true);
  Give(g, 0, "EIR", 6);
  Give(g, 0, "GIPR", 2);
  g.mutable_player(0).savings[Index("PRC")] = 4;
  auto act = [&](ActionKind kind, const std::string& railway, int amount) {
    Action1947 a;
    a.kind = kind;
    a.player = 0;
    a.railway = railway;
    a.amount = amount;
    return Apply(g, a);
  };
  Ok(act(ActionKind::kBuyShare, "GIPR", 0));  // 9 ordinary, 4 savings
  Ok(act(ActionKind::kSell, "EIR", 1));       // 8 : 4, kept
  const T1947Game before = g;
  const Status refused = act(ActionKind::kSell, "EIR", 3);  // 5 : 4, and only one savings share can go
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "5.6.2");
  EXPECT_EQ(refused.error().key, "1947.refusal.actions.ratio_could_not_be_kept");
  EXPECT_EQ(SnapshotJson(g), SnapshotJson(before));
  Ok(act(ActionKind::kSell, "EIR", 1));       // 7 : 4, repaired by selling one savings share
  EXPECT_EQ(g.Done(0).error().rule, "5.6.2");
  Ok(act(ActionKind::kSell, "PRC", 1));       // 7 : 3
  Ok(g.Done(0));
  EXPECT_EQ(g.ActivePlayer(), 1);
}

TEST(Section5, SavingsPurchaseRulesAndConversions) {
  T1947Game g = MidGame({"Anna", "Paolo", "Giovanni", "Andrea"});
  Float(g, "EIR", 80, 4, 0);
  Give(g, 1, "EIR", 4, true);
  Give(g, 0, "EIR", 2);
  g.mutable_player(0).privates = {1, 2};
  EXPECT_EQ(g.Buy(0, "EIR", false, 0, true).error().rule, "5.6.3");  // she holds ordinary EIR
  // 5.6.4: convert all her ordinary EIR (she is not its president) as her whole turn; the ratio
  // (2 privates = 2 ordinary against 2 savings) would break.
  EXPECT_EQ(g.Convert(0, "EIR", true).error().rule, "5.6.4");
  g.mutable_player(0).privates = {1, 2, 3, 5};
  Ok(g.Convert(0, "EIR", true));
  EXPECT_EQ(g.player(0).savings[Index("EIR")], 2);
  EXPECT_EQ(g.shares().HeldBy(0, Index("EIR")), 0);
  EXPECT_EQ(g.ActivePlayer(), 1);
  EXPECT_EQ(g.Convert(1, "EIR", true).error().rule, "5.6.4");  // the president may not
  Ok(g.Pass(1)); Ok(g.Pass(2)); Ok(g.Pass(3));
  // Back to ordinary needs the president's consent.
  Ok(g.Convert(0, "EIR", false));
  EXPECT_EQ(g.ActivePlayer(), 1);
  Ok(g.ConsentConversion(1, false));
  EXPECT_EQ(g.player(0).savings[Index("EIR")], 2);
  EXPECT_EQ(g.ActivePlayer(), 0);
  Ok(g.Convert(0, "EIR", false));
  Ok(g.ConsentConversion(1, true));
  EXPECT_EQ(g.shares().HeldBy(0, Index("EIR")), 2);
}

TEST(Section5, SharesAddUpWithSavingsSharesAndASaleWaitingForProtection) {
  // The ledger holds the ordinary shares; the savings shares and a sale waiting for price
  // protection (5.4.5, 5.6) are kept beside it, and the invariants count them all to 100%.
  T1947Game g = EbrSaleToProtect(6, 3, 5);
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  Ok(g.Sell(0, "EBR", 2));
  ASSERT_TRUE(g.pending_protection());
  EXPECT_EQ(g.shares().Counted(Index("EBR")), 8) << "two shares wait for Paolo's answer";
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  Ok(g.ProtectPrice(1, false));
  EXPECT_EQ(g.shares().InPool(Index("EBR")), 2);
  Ok(g.Done(0));
  Ok(g.Pass(1));
  Ok(g.Pass(2));
  Ok(g.Pass(3));
  g.GivePrivateForTest(1, 0, 20);
  g.GivePrivateForTest(2, 0, 20);
  Ok(g.Convert(0, "EBR", true));  // her last EBR share becomes a savings share
  EXPECT_EQ(g.shares().Counted(Index("EBR")), 9);
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  // A share conjured out of nothing is found.
  T1947Game broken = g;
  broken.mutable_shares().Add(ShareHolder::Pool(), Index("EBR"), 1);
  EXPECT_EQ(CheckInvariants(broken), std::vector<std::string>{"EBR has 11 shares in all, not 10"});
}

TEST(Section5, OwnershipLimitExample) {
  // 5.8: Giovanni, president of the SIR, owns 60%, Andrea 10%, 30% is in the initial offer.
  // Giovanni buys the 30%, one share a turn, to 90%; before the round ends he must sell 3.
  T1947Game g = MidGame({"Giovanni", "Andrea", "Anna", "Paolo"});
  Float(g, "SIR", 100, 3, 0);
  Give(g, 0, "SIR", 6, true);
  Give(g, 1, "SIR", 1);
  for (int turn = 0; turn < 3; ++turn) {
    Ok(g.Buy(0, "SIR", false));
    Ok(g.Done(0));
    Ok(g.Pass(1)); Ok(g.Pass(2)); Ok(g.Pass(3));
  }
  EXPECT_EQ(g.shares().HeldBy(0, Index("SIR")), 9);
  EXPECT_EQ(g.Pass(0).error().rule, "5.8");
  Ok(g.Sell(0, "SIR", 3));
  Ok(g.Done(0));
  Ok(g.Pass(1)); Ok(g.Pass(2)); Ok(g.Pass(3));
  Ok(g.Pass(0));
  EXPECT_EQ(g.round(), Round::kOperatingRound);
}

TEST(Section5, RedLineExample) {
  // 5.11.1: the BB&CI's token on 130 next to the red line: a dividend of 170 crosses it, 120 does not.
  const MarketDef& m = Data().market;
  MarketCell c{5, m.red_line[5] - 1};
  ASSERT_EQ(m.Value(c), 130);
  EXPECT_EQ(m.Value(MoveForDividend(m, c, 170)), 170);
  EXPECT_EQ(MoveForDividend(m, c, 120), c);
}

TEST(Section5, TokenMovesOf6_14) {
  // 6.14 (market part): the BNR withholds 160 → 146; the GIPR pays 100 on 130 → 146 (left of the
  // line); the EIR on 190 pays 140 and stays (210 needed).
  const MarketDef& m = Data().market;
  EXPECT_EQ(m.Value(MoveLeft(m, MarketCell{1, 7})), 146);
  ASSERT_EQ(m.Value(MarketCell{1, 7}), 160);
  EXPECT_EQ(m.Value(MoveForDividend(m, MarketCell{1, 5}, 100)), 146);
  MarketCell eir{4, 10};
  ASSERT_EQ(m.Value(eir), 190);
  EXPECT_EQ(MoveForDividend(m, eir, 140), eir);
  EXPECT_EQ(m.Value(MoveForDividend(m, eir, 210)), 210);
}

TEST(Section5, SoldOutMovesAtTheEndOfTheRound) {
  // 5.12.2: all shares and issued bonds with players: up a row; from the top row down and right.
  T1947Game g = MidGame({"Giovanni", "Andrea", "Anna", "Paolo"});
  Float(g, "SIR", 100, 0, 0);
  Give(g, 0, "SIR", 6, true);
  Give(g, 1, "SIR", 4);
  Float(g, "GIPR", 90, 0, 0);
  g.mutable_railway("GIPR").token = MarketCell{0, 0};
  Give(g, 2, "GIPR", 6, true);
  Give(g, 3, "GIPR", 4);
  MarketCell sir = g.railway("SIR").token;
  for (int p = 0; p < 4; ++p) Ok(g.Pass(p));
  EXPECT_EQ(g.railway("SIR").token, (MarketCell{sir.row - 1, sir.column}));
  EXPECT_EQ(g.MarketValue("SIR"), 110);
  EXPECT_EQ(g.railway("GIPR").token, (MarketCell{1, 1}));
  EXPECT_EQ(g.order(), (std::vector<int>{0, 1, 2, 3}));  // 5.12.1: no trade, no change
}

TEST(Section5, PresidencyChanges) {
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 80, 2, 0);
  Give(g, 0, "EIR", 3, true);
  Give(g, 1, "EIR", 3);
  Give(g, 2, "EIR", 2);
  // 5.9: equal holdings do not change the presidency; a larger one does.
  Ok(g.Pass(0));
  Ok(g.Buy(1, "EIR", false));
  EXPECT_TRUE(g.player(1).president[Index("EIR")]);
  EXPECT_FALSE(g.player(0).president[Index("EIR")]);
  Ok(g.Done(1));
  Ok(g.Pass(2)); Ok(g.Pass(3)); Ok(g.Pass(0));
  // B sells down to 2: A (3) takes the presidency back.
  Ok(g.Sell(1, "EIR", 2));
  EXPECT_TRUE(g.player(0).president[Index("EIR")]);
  // A sells 2: B and C both hold 2; the lowest card (B) takes the certificate (5.9).
  Ok(g.Done(1));
  Ok(g.Pass(2)); Ok(g.Pass(3));
  Ok(g.Sell(0, "EIR", 2));
  EXPECT_TRUE(g.player(1).president[Index("EIR")]);
  EXPECT_FALSE(g.player(2).president[Index("EIR")]);
  // A president may not sell below the certificate unless another player holds two ordinary shares (5.5).
  T1947Game h = MidGame({"A", "B", "C", "D"});
  Float(h, "GIPR", 80, 7, 0);
  Give(h, 0, "GIPR", 2, true);
  Give(h, 1, "GIPR", 1);
  EXPECT_EQ(h.Sell(0, "GIPR", 1).error().rule, "5.5");
}

TEST(Section5, TurnStructureAndFirstRound) {
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 80, 4, 0);
  Float(g, "GIPR", 80, 4, 0);
  Give(g, 3, "EIR", 4, true);
  Give(g, 3, "GIPR", 4, true);
  Give(g, 0, "EIR", 2);
  Give(g, 0, "GIPR", 2);
  Ok(g.Sell(0, "EIR", 1));
  EXPECT_EQ(g.Buy(0, "EIR", false).error().rule, "5.3");  // sold EIR this round
  Ok(g.Buy(0, "GIPR", false));                              // sell, buy: the turn ends
  EXPECT_EQ(g.ActivePlayer(), 1);
  EXPECT_EQ(g.Pass(0).error().kind, ErrorKind::kNotYourTurn);
  Ok(g.Buy(1, "EIR", false));
  EXPECT_EQ(g.Buy(1, "EIR", false).error().rule, "5.1");   // one certificate a turn
  EXPECT_EQ(g.Pass(1).error().rule, "5.1");
  Ok(g.Done(1));
  // No sales in the first stock round (5.5).
  auto first = T1947Game::Setup(Data(), {"A", "B", "C"}, {1, 2, 3}, {"SIR", "ABR"});
  ASSERT_TRUE(first.ok());
  first->StartStockRoundForTest(1);
  EXPECT_EQ(first->Sell(0, "EIR", 1).error().rule, "5.5");
}

TEST(Section5, PlayerOrderWithTiesAndBonds) {
  // 3.6: certificates first, then bonds, then cash; 5.12.1: the poorest takes card 1.
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 80, 2, 0);
  Give(g, 0, "EIR", 4, true);
  Give(g, 1, "EIR", 2);
  Give(g, 2, "EIR", 2);
  g.mutable_player(2).bonds[Index("EIR")] = 1;
  g.mutable_player(3).cash = 10;
  Ok(g.Buy(0, "EIR", false));
  Ok(g.Done(0));
  for (int p : {1, 2, 3, 0}) Ok(g.Pass(p));
  // D has nothing and Rs.10; B and C hold 2 each, C has a bond; A holds 5.
  EXPECT_EQ(g.order(), (std::vector<int>{3, 1, 2, 0}));
}

TEST(Section7, WealthCountsCashSharesSavingsAndBondsButNotPrivates) {
  // 7.0 with 5.6.1 and 5.4.2 (docs/rulings.md, 1947 ruling 15): EIR at Rs.100, ABR at Rs.80.
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 100, 2, 0);
  Float(g, "ABR", 80, 3, 1);
  ASSERT_EQ(g.MarketValue("EIR"), 100);
  ASSERT_EQ(g.MarketValue("ABR"), 80);
  Give(g, 0, "EIR", 4, true);
  EXPECT_EQ(Wealth(g, 0), 2000 + 4 * 100);  // the president's 20% counts two shares: 2400
  Player1947& b = g.mutable_player(1);
  b.cash = 150;
  g.mutable_shares().Set(ShareHolder::Player(1), Index("EIR"), 2);
  b.savings[Index("ABR")] = 1;       // a savings share is worth an ordinary one (5.6.1)
  b.bonds[Index("EIR")] = 3;         // a bond half the share (5.4.2): Rs.50 each
  b.new_bonds[Index("ABR")] = 1;     // bought this stock round, still a bond: Rs.40
  b.privates = {1, 7};               // privates do not count (7.0)
  EXPECT_EQ(Wealth(g, 1), 150 + 2 * 100 + 80 + 3 * 50 + 40);  // 620
  EXPECT_EQ(Wealth(g, 2), 2000);     // cash only
  // A share price move changes the wealth at once: EIR one row down.
  g.mutable_railway("EIR").token.row += 1;
  const int eir = g.MarketValue("EIR");
  ASSERT_LT(eir, 100);
  EXPECT_EQ(Wealth(g, 1), 150 + 2 * eir + 80 + 3 * (eir / 2) + 40);
}

}  // namespace
}  // namespace mailrun::engine::t1947

namespace mailrun::engine::t1947 {
namespace {

TEST(Section5, NoFallInTheRoundOfThePresidency) {
  // 5.2 NOTE: in the stock round a railway's president's certificate is bought, other players'
  // sales do not lower its price; the president's own do.
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "WIPR", 90, 3, 0);
  Give(g, 1, "WIPR", 2);
  Give(g, 2, "WIPR", 2);
  ASSERT_TRUE(g.Buy(0, "EIR", false, 90).ok());  // A floats the EIR this round
  ASSERT_TRUE(g.Done(0).ok());
  ASSERT_TRUE(g.Buy(1, "EIR", false).ok());
  ASSERT_TRUE(g.Done(1).ok());
  ASSERT_TRUE(g.Pass(2).ok());
  ASSERT_TRUE(g.Pass(3).ok());
  ASSERT_TRUE(g.Pass(0).ok());
  ASSERT_TRUE(g.Sell(1, "EIR", 1).ok());
  EXPECT_EQ(g.MarketValue("EIR"), 90);
  ASSERT_TRUE(g.Done(1).ok());
  ASSERT_TRUE(g.Sell(2, "WIPR", 1).ok());  // an older railway falls as usual
  EXPECT_EQ(g.MarketValue("WIPR"), 80);
}

}  // namespace
}  // namespace mailrun::engine::t1947

namespace mailrun::engine::t1947 {
namespace {

TEST(Section2, StartingCashAndCertificateLimits) {
  // 2.3 m and 5.7: 3 players Rs.800 / 26, 4: 600 / 20, 5: 480 / 16, 6: 400 / 13.
  const std::map<int, std::pair<int, int>> table = {{3, {800, 26}}, {4, {600, 20}}, {5, {480, 16}}, {6, {400, 13}}};
  for (const auto& [n, expected] : table) {
    std::vector<std::string> names;
    std::vector<int> cards;
    for (int i = 0; i < n; ++i) {
      names.push_back("p" + std::to_string(i));
      cards.push_back(i + 1);
    }
    auto g = T1947Game::Setup(Data(), names, cards, {"EIR", "CCSR"});
    ASSERT_TRUE(g.ok());
    for (int i = 0; i < n; ++i) EXPECT_EQ(g->player(i).cash, expected.first);
    EXPECT_EQ(Data().player_counts.at(n).certificate_limit, expected.second);
  }
}

TEST(Section3, PrivateSalePriceCapsByPhase) {
  // 3.3 and Appendix 3: the hammer price up to the first T3, then 150%, 200%, 250% from the T5.
  std::vector<int> caps;
  for (const PhaseDef& p : Data().phases) caps.push_back(p.private_sale_max_percent);
  EXPECT_EQ(caps, (std::vector<int>{100, 150, 200, 250, 250, 250, 250, 250}));
  std::vector<std::string> bands;
  for (const PhaseDef& p : Data().phases) bands.push_back(p.par_band);
  EXPECT_EQ(bands, (std::vector<std::string>{"yellow", "green", "green", "brown", "brown", "blue", "blue", "blue"}));
}

TEST(Section3, AnAbsoluteTieSwapsTheCards) {
  // 3.6 (4): equal certificates, bonds and cash: whoever had the higher card gets the lower.
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 80, 4, 0);
  Give(g, 0, "EIR", 2, true);
  Give(g, 1, "EIR", 1);
  Give(g, 2, "EIR", 1);
  Give(g, 3, "EIR", 1);
  for (int i = 1; i < 4; ++i) g.mutable_player(i).cash = 500;
  ASSERT_TRUE(g.Buy(0, "EIR", false).ok());
  ASSERT_TRUE(g.Done(0).ok());
  for (int p : {1, 2, 3, 0}) ASSERT_TRUE(g.Pass(p).ok());
  // B, C and D are tied in everything: their cards 2, 3, 4 are reversed; A (richest) is last.
  EXPECT_EQ(g.order(), (std::vector<int>{3, 2, 1, 0}));
}

TEST(Section5, TheCertificateLimitHoldsAtEveryPurchase) {
  T1947Game g = MidGame({"A", "B", "C", "D"});
  Float(g, "EIR", 80, 4, 0);
  Give(g, 1, "EIR", 4, true);
  g.mutable_player(0).privates = {1, 2, 3, 4, 5, 6, 7, 8};
  // 20 for four players: 8 privates and 12 railways' shares.
  const char* railways[] = {"ABR", "B&NWR", "BB&CI", "CCSR", "EBR", "GIPR", "PRC", "SIR", "WIPR", "BNR"};
  for (const char* r : railways) {
    int president = Data().Railway(r)->president_percent / 10;
    Float(g, r, 80, 9 - president, 0);
    Give(g, 2, r, president, true);
    Give(g, 0, r, 1);
  }
  Give(g, 0, "EIR", 2);
  ASSERT_EQ(g.Certificates(0), 20);
  Status s = g.Buy(0, "EIR", false);
  EXPECT_EQ(s.error().rule, "5.7");
  EXPECT_NE(s.error().message.find("20"), std::string::npos);
}

}  // namespace
}  // namespace mailrun::engine::t1947
