// The share ledger common to 18xx titles: how many shares of each company each holder has - every
// player, the bank pool and the bank (the shares not yet out of it: 1853's unissued shares, 1947's
// initial offer) - the moves between holders, which keep a company's total, the queries "held by"
// and "issued out", the players' holdings that decide control (presidency.h) and the check that
// every company's shares add up. What a share is (1853: a whole share, a director's certificate
// counting two; 1947: a 10% unit of ordinary shares, the president's certificate counting two or
// three) and what a title keeps beside the ledger (1853: un-redeemed and contracted shares, "held
// since"; 1947: savings shares, a sale waiting for price protection, protected units, bonds) stay
// with the title. A ShareLedger is a plain value.
#pragma once

#include <string>
#include <vector>

#include "engine/core/shares/presidency.h"

namespace mailrun::engine {

// Where shares are held: a player (by seat), the bank pool or the bank.
struct ShareHolder {
  static constexpr int kPool = -1;
  static constexpr int kBank = -2;
  int seat = kBank;  // a player's seat (>= 0), kPool or kBank

  static constexpr ShareHolder Player(int seat) { return {seat}; }
  static constexpr ShareHolder Pool() { return {kPool}; }
  static constexpr ShareHolder Bank() { return {kBank}; }
  bool operator==(const ShareHolder&) const = default;
};

class ShareLedger {
 public:
  ShareLedger() = default;
  // `players` players and `companies` companies of `per_company` shares each, all in the bank.
  ShareLedger(int players, int companies, int per_company);

  int players() const { return players_; }
  int companies() const { return companies_; }
  int per_company() const { return per_company_; }

  // The shares of `company` that `holder` has.
  int Held(ShareHolder holder, int company) const { return counts_[Row(holder) * companies_ + company]; }
  int HeldBy(int seat, int company) const { return Held(ShareHolder::Player(seat), company); }
  int InPool(int company) const { return Held(ShareHolder::Pool(), company); }
  int InBank(int company) const { return Held(ShareHolder::Bank(), company); }
  // Out of the bank: with the players, in the pool, or kept beside the ledger by the title.
  int IssuedOut(int company) const { return per_company_ - InBank(company); }
  // Every player's shares of `company` together.
  int HeldByPlayers(int company) const;
  // Every holder's shares of `company` in the ledger.
  int Counted(int company) const;

  // Every player's holding of `company` but `exclude`'s, in seat order, each ranked for a tie by
  // the title's `tie_rank(seat)` (the lower wins, presidency.h).
  template <typename TieRank>
  std::vector<Holding> PlayerHoldings(int company, TieRank tie_rank, int exclude = -1) const {
    std::vector<Holding> holdings;
    holdings.reserve(players_);
    for (int seat = 0; seat < players_; ++seat) {
      if (seat != exclude) holdings.push_back({seat, HeldBy(seat, company), tie_rank(seat)});
    }
    return holdings;
  }

  // `count` shares of `company` go from `from` to `to`; the company's total stays.
  void Move(ShareHolder from, ShareHolder to, int company, int count);
  // Shares that come into the ledger from what the title keeps beside it, or go there (1947: a
  // share bought as a savings share, a sale waiting for price protection, a conversion, 5.4.5, 5.6).
  void Add(ShareHolder to, int company, int count);
  void Remove(ShareHolder from, int company, int count);
  // Sets a holding outright: for restoring a snapshot and for tests that set up a position.
  void Set(ShareHolder holder, int company, int count);

  // The rule both titles' invariants check: every company's shares add up - the ledger's count
  // plus `beside[company]` (what the title holds beside the ledger; none when `beside` is empty)
  // makes per_company() - and no holder has fewer than none. One sentence per fault, naming the
  // company by `names[company]`.
  std::vector<std::string> ConservationFaults(const std::vector<std::string>& names,
                                              const std::vector<int>& beside = {}) const;

  bool operator==(const ShareLedger&) const = default;

 private:
  // Rows: the players by seat, then the pool, then the bank.
  int Row(ShareHolder holder) const {
    return holder.seat >= 0 ? holder.seat : holder.seat == ShareHolder::kPool ? players_ : players_ + 1;
  }
  int& At(ShareHolder holder, int company) { return counts_[Row(holder) * companies_ + company]; }

  int players_ = 0;
  int companies_ = 0;
  int per_company_ = 0;
  std::vector<int> counts_;  // (players + 2) rows of `companies` counts
};

}  // namespace mailrun::engine
