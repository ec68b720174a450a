// Test set-up for dealing-round tests (section 3) of either edition: a four-player game reached
// through real play (contract bids, a first dealing round in which nothing is bought) at the start
// of its second dealing round, and the state edits that put companies, prices, shares and money
// where a test needs them (through WithState; every rule check then goes through Game::Apply).
#pragma once

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {

// Four players after contract bids and a first dealing round in which nothing was bought: the
// second dealing round is about to start with seat 0 (no company formed, so no railway round).
// Bids: seat 0 Patna, Calcutta (EIR x2), Lahore (NWR); seat 1 Delhi, Multan, Lahore (NWR x3);
// seat 2 Madras (MSM), Mysore, Trichinopoly (SIR x2); seat 3 Nagpur, Hyderabad (BNR x2), Jaipur
// (BBCI). The bonds are the edition's smallest that hold those cities.
Game SecondDealingRound(mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED);
// The same game at the start of its first dealing round (2.8), after the contract bids.
Game FirstDealingRound(mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED);

// A company formed in the first dealing round at market price `price`, run by `director`, its
// capital in Company Credits (Retuned, docs/rulings.md #20) or taken from the bank (2009), so the
// money stays constant.
void FormForTest(GameState& s, const EditionData& data, int company, int director, int price);
// Moves `amount` of money from the bank to a player.
void GiveCash(GameState& s, int seat, int amount);
// Gives a player shares of a company from the bank (no money moves).
void GiveShares(GameState& s, int seat, int company, int count);
// TABLE 3's certificate limit, the same in both editions: 21, 16, 13 and 11 for three to six players.
int CertificateLimit(int players);

// 3.1.2: the second dealing round (SecondDealingRound(edition)) at seat 0's turn, seat 0 holding
// one certificate fewer than TABLE 3's limit of 16 in shares worth more than £40 (four EIR shares
// and its director's certificate, five BNR, five GIP, one NWR; the EIR, BNR and GIP formed at
// £100, £88 and £80) and `extra` more NWR shares, besides two SIR shares valued at £40 (the SIR
// formed at £40), and £500.
Game OneCertificateUnderTheLimitWithExemptShares(mailrun::v1::Edition edition, int extra = 0);

// 3.2.3: the second dealing round (SecondDealingRound(edition)) at seat 0's turn with £500. The NWR
// formed in the first round at £92, its director seat 1 on three shares (held longest), seat 0
// holding two, one share in the pool. Seat 1 is at TABLE 3's limit of 16 certificates: the NWR's
// two, and five of company 8 (the BAR, in 2009 the ECR), five GIP and four MSM.
Game NwrDirectorAtTheCertificateLimit(mailrun::v1::Edition edition);

// The second dealing round of `edition` with the SIR formed at £75, seat 2 its director on the
// director's certificate alone (held longest, nothing contracted), seats 0, 1 and 3 one share each.
Game SirDirectorOnTheCertificateAlone(mailrun::v1::Edition edition);

// Ends the turns of the dealing round until it is `seat`'s.
void PassUntilTurnOf(Game& game, int seat);

}  // namespace mailrun::engine::t1853::testing
