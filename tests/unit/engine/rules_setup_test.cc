// Setting up a game (1.4, 1.5, 2.1 - 2.4): the companies and their shares, the money in the game
// with each bank size and with the simplified game, and the optional tile kits.
#include <gtest/gtest.h>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

Game SetUpGame(int players, mailrun::v1::GameOptions options = {}) {
  auto game = Game::Create(Config(players, 1, options));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

mailrun::v1::GameOptions Bank(mailrun::v1::BankSize bank, bool simplified = false) {
  mailrun::v1::GameOptions options;
  options.set_bank(bank);
  options.set_simplified_game(simplified);
  return options;
}

TEST(Setup, Rule1_4_2_EveryCompanyIsInTheGameWhateverThePlayers) {
  for (int players = 3; players <= 6; ++players) {
    Game game = SetUpGame(players);
    for (int seat = 0; seat < players; ++seat) MustApply(game, Bond(seat, 100 + seat));
    // The first claim may be a share of any of the eight companies.
    std::set<std::string> companies;
    const int first = game.ActiveSeats().at(0);
    for (const auto& legal : game.LegalActions(first)) {
      if (legal.action().has_claim_city()) companies.insert(legal.action().claim_city().company());
    }
    EXPECT_EQ(companies, (std::set<std::string>{"EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "BAR"}))
        << players << " players";
    EXPECT_EQ(game.View(first).companies_size(), 8);
  }
}

TEST(Setup, Rule1_5_1_EachCompanyHasTenShares) {
  // Through the sample game's bids, dealing and railway rounds: every company's ten shares are
  // always somewhere - in the bank, the pool or a player's hand - however they are bought and sold.
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  int moves = 0;
  for (const auto& action : record.actions) {
    MustApply(*game, action);
    if (HasFatalFailure()) return;
    const ShareLedger& shares = game->state().shares;
    for (int c = 0; c < kCompanies; ++c) {
      int held = 0;
      for (int seat = 0; seat < static_cast<int>(game->state().players.size()); ++seat) held += shares.HeldBy(seat, c);
      EXPECT_EQ(shares.InBank(c) + shares.InPool(c) + held, 10) << game->data().companies[c].initials;
      moves += held > 0 && shares.InPool(c) > 0;
    }
  }
  EXPECT_GT(moves, 0) << "shares went through the pool";
}

TEST(Setup, Rule2_1_TheFullBankHolds12500) {
  for (const auto& options : {mailrun::v1::GameOptions{}, Bank(mailrun::v1::BANK_FULL)}) {
    Game game = SetUpGame(4, options);
    EXPECT_EQ(game.state().total_money, 12500);
    EXPECT_EQ(game.state().bank, 12500 - 4 * 570) << "the players' capital comes out of it (2.3)";
    EXPECT_EQ(game.View(kSpectator).bank_cash(), 12500 - 4 * 570);
    EXPECT_TRUE(MoneyIsConstant(game));
  }
}

TEST(Setup, Rule2_4_2_ShorterGamesHaveSmallerBanks) {
  // 2.4.2: without the £500 notes £4,500; the short game £3,450. 2.4.3: £6,000 more, £18,500.
  const std::vector<std::pair<mailrun::v1::BankSize, int>> banks = {
      {mailrun::v1::BANK_STANDARD, 4500}, {mailrun::v1::BANK_SHORT, 3450}, {mailrun::v1::BANK_LONGER, 18500}};
  for (const auto& [bank, total] : banks) {
    Game game = SetUpGame(5, Bank(bank));
    EXPECT_EQ(game.state().total_money, total);
    EXPECT_EQ(game.state().bank, total - 5 * 570);
    EXPECT_TRUE(MoneyIsConstant(game));
  }
}

TEST(Setup, Rule2_4_1_TheSimplifiedGameKeepsOnlyThePlayersHundredsAndTheSmallNotes) {
  // The full set is 16 x £500, 26 x £100 (the editor's count) and £1,900 in £50, £20 and £10
  // notes. 2.4.1 removes every £500 note and every £100 note but the three each player receives,
  // so the money in the game is £1,900 + £300 a player; the short game (2.4.2) leaves out five of
  // the twenty £50 notes as well.
  for (int players = 3; players <= 6; ++players) {
    Game game = SetUpGame(players, Bank(mailrun::v1::BANK_FULL, true));
    EXPECT_EQ(game.state().total_money, 1900 + 300 * players) << players << " players";
    EXPECT_TRUE(MoneyIsConstant(game));
    int cash = 0;
    for (int seat = 0; seat < static_cast<int>(game.state().players.size()); ++seat) {
      const PlayerState& p = game.state().players[seat];
      int paid = 0;
      for (int c = 0; c < kCompanies; ++c) paid += game.state().shares.HeldBy(seat, c) * game.data().companies[c].par;
      EXPECT_EQ(p.cash + paid, 440);
      cash += p.cash;
    }
    EXPECT_EQ(game.state().bank, 1900 + 300 * players - cash) << "the shares were paid to the bank";
  }
  EXPECT_EQ(SetUpGame(4, Bank(mailrun::v1::BANK_STANDARD, true)).state().total_money, 1900 + 1200)
      << "the standard game removes only the £500 notes, gone already";
  EXPECT_EQ(SetUpGame(4, Bank(mailrun::v1::BANK_SHORT, true)).state().total_money, 1650 + 1200);
  EXPECT_EQ(SetUpGame(4, Bank(mailrun::v1::BANK_LONGER, true)).state().total_money, 7900 + 1200);
}

TEST(Setup, Rule2_4_5_Mik1KitsAddTheirTiles) {
  // Appendix 3: MIK1 adds 25 yellow tiles, MIK1.1 16.
  const auto supply = [](mailrun::v1::TileKit kit) {
    mailrun::v1::GameOptions options;
    options.set_tile_kit(kit);
    return SetUpGame(4, options).state().board.supply;
  };
  const auto none = supply(mailrun::v1::TILE_KIT_NONE);
  const std::vector<std::pair<mailrun::v1::TileKit, std::map<std::string, int>>> kits = {
      {mailrun::v1::TILE_KIT_MIK1,
       {{"3", 4}, {"4", 4}, {"71", 1}, {"72", 2}, {"73", 3}, {"74", 2}, {"75", 1}, {"76", 1}, {"77", 1}, {"78", 3},
        {"79", 2}, {"113", 1}}},
      {mailrun::v1::TILE_KIT_MIK1_1,
       {{"3", 2}, {"4", 2}, {"71", 1}, {"72", 1}, {"73", 2}, {"75", 2}, {"76", 2}, {"78", 3}, {"113", 1}}},
  };
  for (const auto& [kit, added] : kits) {
    const auto with = supply(kit);
    int total = 0;
    for (const auto& [tile, count] : with) {
      const int extra = count - none.at(tile);
      const auto it = added.find(tile);
      EXPECT_EQ(extra, it == added.end() ? 0 : it->second) << "tile " << tile;
      total += extra;
    }
    EXPECT_EQ(total, kit == mailrun::v1::TILE_KIT_MIK1 ? 25 : 16);
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
