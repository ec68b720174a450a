#include "tests/unit/engine/dealing_position.h"

#include <algorithm>

namespace mailrun::engine::t1853::testing {

Game FirstDealingRound(mailrun::v1::Edition edition) {
  mailrun::v1::GameConfig config = Config(4);
  config.set_edition(edition);
  auto created = Game::Create(config);
  EXPECT_TRUE(created.ok()) << created.error().ToString();
  Game game = std::move(*created);
  // 2009's minimum bond with four players is £80 (2009 2.5.2, docs/rulings.md 2009 #4).
  const bool lookout = edition == mailrun::v1::EDITION_LOOKOUT_2009;
  const std::vector<std::pair<int, int>> bonds =
      lookout ? std::vector<std::pair<int, int>>{{0, 120}, {1, 100}, {2, 90}, {3, 80}}
              : std::vector<std::pair<int, int>>{{0, 90}, {1, 80}, {2, 70}, {3, 60}};
  for (auto [seat, bond] : bonds) MustApply(game, Bond(seat, bond));
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Patna", "EIR"}, {"Delhi", "NWR"}, {"Madras", "MSM"}, {"Nagpur", "BNR"}},
      {{"Calcutta", "EIR"}, {"Multan", "NWR"}, {"Mysore", "SIR"}, {"Hyderabad", "BNR"}},
      {{"Lahore", "NWR"}, {"Lahore", "NWR"}, {"Trichinopoly", "SIR"}, {"Jaipur", "BBCI"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 4; ++seat) MustApply(game, Claim(seat, round[seat].first, round[seat].second));
  }
  CompleteBids(game);
  EXPECT_EQ(game.state().stage, Stage::kDealing);
  EXPECT_EQ(game.state().dealing.number, 1);
  return game;
}

Game SecondDealingRound(mailrun::v1::Edition edition) {
  Game game = FirstDealingRound(edition);
  for (int guard = 0; guard < 8 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  mailrun::v1::Action keep;
  keep.set_seat(game.state().elephant);
  keep.mutable_keep_elephant();
  MustApply(game, keep);
  EXPECT_EQ(game.state().stage, Stage::kDealing);
  EXPECT_EQ(game.state().dealing.number, 2);
  return game;
}

void FormForTest(GameState& s, const EditionData& data, int company, int director, int price) {
  CompanyState& c = s.companies[company];
  c.status = CompanyStatus::kFormed;
  c.floated = true;
  c.major = data.companies[company].kind == CompanyKind::kMajor;
  c.director = director;
  c.treasury = 10 * data.companies[company].par;
  if (data.edition == mailrun::v1::EDITION_LOOKOUT_2009) {
    s.bank -= c.treasury;  // 2009 has no Company Credits (docs/rulings.md 2009 #1)
  } else {
    s.credits -= c.treasury;
  }
  c.price_index = static_cast<int>(std::find(data.SharePrices().begin(), data.SharePrices().end(), price) -
                                   data.SharePrices().begin());
  c.formed_in_dealing_round = 1;
  c.tokens_left = data.companies[company].tokens;
  c.special_token = !c.major;
}

void GiveCash(GameState& s, int seat, int amount) {
  s.players[seat].cash += amount;
  s.bank -= amount;
}

void GiveShares(GameState& s, int seat, int company, int count) {
  s.shares.Move(ShareHolder::Bank(), ShareHolder::Player(seat), company, count);
}

int CertificateLimit(int players) {
  switch (players) {
    case 3: return 21;
    case 4: return 16;
    case 5: return 13;
    default: return 11;
  }
}

Game OneCertificateUnderTheLimitWithExemptShares(mailrun::v1::Edition edition, int extra) {
  const Game base = SecondDealingRound(edition);
  const EditionData& data = base.data();
  const int eir = CompanyIndexOf(base, "EIR"), bnr = CompanyIndexOf(base, "BNR"), gip = CompanyIndexOf(base, "GIP");
  const int nwr = CompanyIndexOf(base, "NWR"), sir = CompanyIndexOf(base, "SIR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, data, sir, 2, 40);  // seat 2 holds its two claimed SIR shares
    GiveShares(s, 0, sir, 2);
    FormForTest(s, data, eir, 0, 100);
    GiveShares(s, 0, eir, 5 - s.shares.HeldBy(0, eir));  // the director's certificate and three more
    FormForTest(s, data, bnr, 3, 88);
    GiveShares(s, 3, bnr, 5 - s.shares.HeldBy(3, bnr));
    GiveShares(s, 0, bnr, 5);
    FormForTest(s, data, gip, 1, 80);
    GiveShares(s, 1, gip, 5);
    GiveShares(s, 0, gip, 5);
    GiveShares(s, 0, nwr, 1 + extra - s.shares.HeldBy(0, nwr));
    GiveCash(s, 0, 500 - s.players[0].cash);
  });
  EXPECT_EQ(game.state().dealing.current, 0);
  return game;
}

Game SirDirectorOnTheCertificateAlone(mailrun::v1::Edition edition) {
  const Game base = SecondDealingRound(edition);
  const int sir = CompanyIndexOf(base, "SIR");
  return WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), sir, 2, 75);
    for (int seat : {0, 1, 3}) {
      GiveShares(s, seat, sir, 1 - s.shares.HeldBy(seat, sir));
      s.players[seat].holding_since[sir] = 10 + seat;
    }
    GiveShares(s, 2, sir, 2 - s.shares.HeldBy(2, sir));
    s.players[2].contracted[sir] = 0;
    s.players[2].holding_since[sir] = 1;
  });
}

Game NwrDirectorAtTheCertificateLimit(mailrun::v1::Edition edition) {
  const Game base = SecondDealingRound(edition);
  const int nwr = CompanyIndexOf(base, "NWR");
  Game game = WithState(base, [&](GameState& s) {
    FormForTest(s, base.data(), nwr, 1, 92);
    GiveShares(s, 0, nwr, 2 - s.shares.HeldBy(0, nwr));
    GiveShares(s, 1, nwr, 3 - s.shares.HeldBy(1, nwr));
    GiveShares(s, 3, nwr, 1);
    s.shares.Remove(ShareHolder::Player(3), nwr, 1);
    s.shares.Set(ShareHolder::Pool(), nwr, 1);
    GiveCash(s, 0, 500 - s.players[0].cash);
    GiveShares(s, 1, kCompanies - 1, 5);  // company 8
    GiveShares(s, 1, CompanyIndexOf(base, "GIP"), 5);
    GiveShares(s, 1, CompanyIndexOf(base, "MSM"), 4);
    s.players[1].holding_since[nwr] = 1;
    s.players[0].holding_since[nwr] = 2;
  });
  EXPECT_EQ(game.state().dealing.current, 0);
  return game;
}

void PassUntilTurnOf(Game& game, int seat) {
  for (int guard = 0; guard < 8 && game.state().dealing.current != seat; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  ASSERT_EQ(game.state().dealing.current, seat);
}

}  // namespace mailrun::engine::t1853::testing
