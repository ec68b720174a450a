// The bank's two accounts. Players deal in money: the bank pays dividends and share sales and
// receives share purchases; it breaks when its money runs out (5.1.1). Companies in 1853 Retuned
// hold Company Credits, a currency of their own (1.3, 3.3.1, 4.6.4, 4.1.13): a company's capital,
// retained earnings, mail and frontier payments come from the bank's credits, and what it pays for
// track, bases and trains goes back to them - the bank's money is untouched. A director's gift
// (4.8.8) turns money into credits. In the 2009 edition companies use the same money as players.
// Both accounts together keep all money in the game constant: GameState::bank + GameState::credits
// + players + companies + bonds = GameState::total_money.
#pragma once

#include "engine/titles/t1853/rules/context.h"

namespace mailrun::engine::t1853 {

// Money from the bank to a player (dividends, share sales); marks the bank broken when it runs out.
void PayFromBank(Context& ctx, int amount);
// A company receives / pays `amount` from / to the bank (credits in the Retuned edition).
void CompanyReceives(Context& ctx, int company, int amount);
void CompanyPays(Context& ctx, int company, int amount);
// 4.8.8: a director gives `amount` of their own money to the company.
void DirectorGives(Context& ctx, int seat, int company, int amount);
// 2009 3.4.6: a company whose manager owes for a train bought on credit pays no other expense (no
// track at a cost, no base) until the train is paid. Always false in the Retuned edition.
bool ExpensesBarredByCreditTrain(const Context& ctx, int company);

}  // namespace mailrun::engine::t1853
