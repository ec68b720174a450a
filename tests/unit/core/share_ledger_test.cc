// The core's share ledger (engine/core/shares/share_ledger.h), on made-up companies.
#include "engine/core/shares/share_ledger.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace mailrun::engine {
namespace {

const ShareHolder kPool = ShareHolder::Pool();
const ShareHolder kBank = ShareHolder::Bank();
constexpr ShareHolder Player(int seat) { return ShareHolder::Player(seat); }

TEST(ShareLedger, EveryShareStartsInTheBank) {
  const ShareLedger ledger(3, 2, 10);
  EXPECT_EQ(ledger.players(), 3);
  EXPECT_EQ(ledger.companies(), 2);
  EXPECT_EQ(ledger.per_company(), 10);
  for (int c = 0; c < 2; ++c) {
    EXPECT_EQ(ledger.InBank(c), 10);
    EXPECT_EQ(ledger.InPool(c), 0);
    EXPECT_EQ(ledger.HeldByPlayers(c), 0);
    EXPECT_EQ(ledger.IssuedOut(c), 0);
    EXPECT_EQ(ledger.Counted(c), 10);
  }
  EXPECT_TRUE(ledger.ConservationFaults({"A", "B"}).empty());
}

TEST(ShareLedger, MovesKeepACompanysTotalAndTouchOnlyThatCompany) {
  ShareLedger ledger(3, 2, 10);
  ledger.Move(kBank, Player(1), 0, 4);
  ledger.Move(kBank, Player(2), 0, 1);
  ledger.Move(Player(1), kPool, 0, 2);
  ledger.Move(kPool, Player(0), 0, 1);
  EXPECT_EQ(ledger.HeldBy(0, 0), 1);
  EXPECT_EQ(ledger.HeldBy(1, 0), 2);
  EXPECT_EQ(ledger.Held(Player(2), 0), 1);
  EXPECT_EQ(ledger.InPool(0), 1);
  EXPECT_EQ(ledger.InBank(0), 5);
  EXPECT_EQ(ledger.IssuedOut(0), 5) << "the pool's share counts as issued";
  EXPECT_EQ(ledger.HeldByPlayers(0), 4);
  EXPECT_EQ(ledger.Counted(0), 10);
  EXPECT_EQ(ledger.InBank(1), 10) << "the other company is untouched";
  EXPECT_EQ(ledger.HeldBy(1, 1), 0);
  EXPECT_TRUE(ledger.ConservationFaults({"A", "B"}).empty());
}

TEST(ShareLedger, SharesKeptBesideTheLedgerCountTowardItsTotal) {
  // 1947: a share bought as a savings share leaves the ledger; the title holds it beside.
  ShareLedger ledger(2, 1, 10);
  ledger.Remove(kBank, 0, 1);
  EXPECT_EQ(ledger.IssuedOut(0), 1);
  EXPECT_EQ(ledger.Counted(0), 9);
  const auto faults = ledger.ConservationFaults({"A"});
  ASSERT_EQ(faults.size(), 1u);
  EXPECT_EQ(faults.front(), "A has 9 shares in all, not 10");
  EXPECT_TRUE(ledger.ConservationFaults({"A"}, {1}).empty()) << "one share beside";
  ledger.Add(kPool, 0, 1);  // sold to the pool
  EXPECT_EQ(ledger.InPool(0), 1);
  EXPECT_TRUE(ledger.ConservationFaults({"A"}).empty());
}

TEST(ShareLedger, ConservationFindsTooManySharesAndANegativeHolding) {
  ShareLedger ledger(2, 2, 10);
  ledger.Set(Player(0), 1, 11);
  ledger.Move(Player(1), kPool, 0, 1);  // seat 1 held none
  const auto faults = ledger.ConservationFaults({"A", "B"});
  auto has = [&](const std::string& text) { return std::find(faults.begin(), faults.end(), text) != faults.end(); };
  EXPECT_TRUE(has("B has 21 shares in all, not 10")) << ::testing::PrintToString(faults);
  EXPECT_TRUE(has("seat 1 holds -1 A shares")) << ::testing::PrintToString(faults);
  EXPECT_EQ(faults.size(), 2u) << ::testing::PrintToString(faults);
  ShareLedger pool_short(1, 1, 10);
  pool_short.Move(kPool, kBank, 0, 1);
  EXPECT_EQ(pool_short.ConservationFaults({"A"}), std::vector<std::string>{"the bank pool holds -1 A shares"});
  ShareLedger bank_short(1, 1, 10);
  bank_short.Move(kBank, kPool, 0, 11);
  EXPECT_EQ(bank_short.ConservationFaults({"A"}), std::vector<std::string>{"the bank holds -1 A shares"});
}

TEST(ShareLedger, PlayerHoldingsCarryTheTitlesTieRankAndLeaveOneOut) {
  ShareLedger ledger(3, 1, 10);
  ledger.Move(kBank, Player(0), 0, 3);
  ledger.Move(kBank, Player(2), 0, 3);
  const auto holdings = ledger.PlayerHoldings(0, [](int seat) { return int64_t{10 - seat}; });
  ASSERT_EQ(holdings.size(), 3u);
  EXPECT_EQ(holdings[2].seat, 2);
  EXPECT_EQ(holdings[2].amount, 3);
  EXPECT_EQ(holdings[2].tie_rank, 8);
  EXPECT_EQ(LargestHolder(holdings, 2), 2) << "the tie goes to the lower rank";
  const auto rivals = ledger.PlayerHoldings(0, [](int seat) { return int64_t{seat}; }, 2);
  ASSERT_EQ(rivals.size(), 2u);
  EXPECT_EQ(rivals[0].seat, 0);
  EXPECT_EQ(rivals[1].seat, 1);
  EXPECT_EQ(PresidencyTakenBy(rivals, ledger.HeldBy(2, 0), 2), -1) << "an equal holding does not take control";
}

TEST(ShareLedger, EqualLedgersCompareEqual) {
  ShareLedger a(2, 1, 10), b(2, 1, 10);
  a.Move(kBank, Player(0), 0, 2);
  EXPECT_NE(a, b);
  b.Set(Player(0), 0, 2);
  b.Set(kBank, 0, 8);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace mailrun::engine
