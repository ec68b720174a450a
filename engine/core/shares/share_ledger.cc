// The share ledger (see share_ledger.h).
#include "engine/core/shares/share_ledger.h"

#include <fmt/format.h>

namespace mailrun::engine {

ShareLedger::ShareLedger(int players, int companies, int per_company)
    : players_(players), companies_(companies), per_company_(per_company),
      counts_(static_cast<size_t>(players + 2) * companies, 0) {
  for (int c = 0; c < companies; ++c) At(ShareHolder::Bank(), c) = per_company;
}

int ShareLedger::HeldByPlayers(int company) const {
  int total = 0;
  for (int seat = 0; seat < players_; ++seat) total += HeldBy(seat, company);
  return total;
}

int ShareLedger::Counted(int company) const { return HeldByPlayers(company) + InPool(company) + InBank(company); }

void ShareLedger::Move(ShareHolder from, ShareHolder to, int company, int count) {
  At(from, company) -= count;
  At(to, company) += count;
}

void ShareLedger::Add(ShareHolder to, int company, int count) { At(to, company) += count; }

void ShareLedger::Remove(ShareHolder from, int company, int count) { At(from, company) -= count; }

void ShareLedger::Set(ShareHolder holder, int company, int count) { At(holder, company) = count; }

std::vector<std::string> ShareLedger::ConservationFaults(const std::vector<std::string>& names,
                                                         const std::vector<int>& beside) const {
  std::vector<std::string> faults;
  for (int c = 0; c < companies_; ++c) {
    const std::string& name = names[c];
    const int total = Counted(c) + (beside.empty() ? 0 : beside[c]);
    if (total != per_company_) faults.push_back(fmt::format("{} has {} shares in all, not {}", name, total, per_company_));
    for (int seat = 0; seat < players_; ++seat) {
      if (HeldBy(seat, c) < 0) faults.push_back(fmt::format("seat {} holds {} {} shares", seat, HeldBy(seat, c), name));
    }
    if (InPool(c) < 0) faults.push_back(fmt::format("the bank pool holds {} {} shares", InPool(c), name));
    if (InBank(c) < 0) faults.push_back(fmt::format("the bank holds {} {} shares", InBank(c), name));
  }
  return faults;
}

}  // namespace mailrun::engine
