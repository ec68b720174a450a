// Positions for the tests of trains, phases, metre-gauge trains, managers' credit and the end of
// the game (4.8 - 4.10, 3.4, 5). Two kinds:
//  - real play: the sample game of Appendix 4 replayed to one of its checkpoints, a six-player game
//    whose minor SIR is run by a manager, and a company's turn stepped through to its purchases;
//  - edited positions (EditedPosition): a real game's state changed through its snapshot
//    (Game::FromSnapshot), for situations real play reaches only after many rounds (phase 4, a
//    company at its train limit). Money an edit moves goes to or from the bank's Company Credits
//    (docs/rulings.md #20), so the money in the game stays constant.
// Every rule itself is then checked through Game::Apply and Game::LegalActions.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/titles/t1853/state_json.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {

// ---- Actions -------------------------------------------------------------------------------

inline mailrun::v1::Action BuyOnCredit(int seat, const std::string& train) {
  mailrun::v1::Action a = BuyTrain(seat, train);
  a.mutable_buy_train()->set_on_credit(true);
  return a;
}

inline mailrun::v1::Action BuyWithToken(int seat, const std::string& train) {
  mailrun::v1::Action a = BuyTrain(seat, train);
  a.mutable_buy_train()->set_use_special_token(true);
  return a;
}

inline mailrun::v1::Action OfferTrain(int seat, const std::string& from, const std::string& train_id, int price) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_offer_train()->set_from_company(from);
  a.mutable_offer_train()->set_train_id(train_id);
  a.mutable_offer_train()->set_price(price);
  return a;
}

inline mailrun::v1::Action Answer(int seat, bool accept) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_answer_offer()->set_accept(accept);
  return a;
}

inline mailrun::v1::Action Settle(int seat, const std::string& company, bool pay, int gift = 0) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_settle_credit_train()->set_company(company);
  a.mutable_settle_credit_train()->set_pay(pay);
  a.mutable_settle_credit_train()->set_director_gift(gift);
  return a;
}

inline mailrun::v1::Action ReturnExcess(int seat, const std::string& company, const std::string& train_id) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_return_excess_train()->set_company(company);
  a.mutable_return_excess_train()->set_train_id(train_id);
  return a;
}

inline mailrun::v1::Action CallExtraRound(int seat, bool call) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_call_extra_railway_round()->set_call(call);
  return a;
}

inline mailrun::v1::Action KeepElephant(int seat) {
  mailrun::v1::Action a;
  a.set_seat(seat);
  a.mutable_keep_elephant();
  return a;
}

// ---- Reading a game ------------------------------------------------------------------------

inline const CompanyState& CompanyOf(const Game& game, const std::string& initials) {
  return game.state().companies[CompanyIndexOf(game, initials)];
}

// The types of the company's trains, in the order it holds them.
inline std::vector<std::string> TrainNames(const Game& game, const std::string& initials) {
  std::vector<std::string> names;
  for (const TrainCard& t : CompanyOf(game, initials).trains) names.push_back(t.name);
  return names;
}

inline int StockLeft(const Game& game, const std::string& type) {
  const auto it = game.state().trains_left.find(type);
  return it == game.state().trains_left.end() ? 0 : it->second;
}

// The seat acting now (the only active seat).
inline int Acting(const Game& game) {
  const auto seats = game.ActiveSeats();
  if (seats.size() != 1) throw std::runtime_error(fmt::format("{} seats may act, expected one", seats.size()));
  return seats[0];
}

inline std::string OperatingCompany(const Game& game) {
  const int c = game.state().railway.company;
  return c < 0 ? std::string() : game.data().companies[c].initials;
}

// Whether `seat`'s legal actions include buying this train from the bank (any way of paying).
inline bool ListsTrain(const Game& game, int seat, const std::string& train, bool token = false) {
  for (const auto& legal : game.LegalActions(seat)) {
    const auto& a = legal.action();
    if (a.has_buy_train() && a.buy_train().train() == train && a.buy_train().use_special_token() == token) return true;
  }
  return false;
}

// The trains `seat` may buy from the bank now without the special token, once each, sorted.
inline std::vector<std::string> TrainsOnSale(const Game& game, int seat) {
  std::vector<std::string> names;
  for (const auto& legal : game.LegalActions(seat)) {
    const auto& a = legal.action();
    if (!a.has_buy_train() || a.buy_train().use_special_token()) continue;
    if (std::find(names.begin(), names.end(), a.buy_train().train()) == names.end()) names.push_back(a.buy_train().train());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// 4.8.7: tries every action listed for `seat` (offers at their highest price) on a copy of the game
// and checks that none leaves `company` with fewer trains and more money, nor with more money at
// all; returns how many were accepted.
inline int ExpectNoActionSellsATrainToTheBank(const Game& game, int seat, const std::string& company) {
  const CompanyState before = CompanyOf(game, company);
  int accepted = 0;
  for (const auto& legal : game.LegalActions(seat)) {
    Game copy = game;
    mailrun::v1::Action action = legal.action();
    if (action.has_offer_train()) action.mutable_offer_train()->set_price(static_cast<int>(legal.max_amount()));
    if (!copy.Apply(action).ok()) continue;
    ++accepted;
    const CompanyState& after = CompanyOf(copy, company);
    EXPECT_FALSE(after.trains.size() < before.trains.size() && after.treasury > before.treasury)
        << action.ShortDebugString() << " sold a train";
    EXPECT_LE(after.treasury, before.treasury) << action.ShortDebugString();
  }
  return accepted;
}

// ---- Real play -----------------------------------------------------------------------------

// Applies an action in a helper; a refusal there is a broken fixture, so it stops the test.
inline void Play(Game& game, const mailrun::v1::Action& action) {
  auto outcome = game.Apply(action);
  if (!outcome.ok()) {
    throw std::runtime_error("refused: " + action.ShortDebugString() + ": " + outcome.error().ToString());
  }
  if (!MoneyIsConstant(game)) throw std::runtime_error("money changed after " + action.ShortDebugString());
}

// The sample game of Appendix 4 (tests/fixtures/sample_game/appendix4.json) replayed up to one of
// its checkpoints (seats kAdam ... kEd, engine_test_util.h).

// Applies the sample game's recorded actions number `from` up to (not including) `to`.
inline void PlaySampleActions(Game& game, size_t from, size_t to) {
  const GameRecord record = LoadRecord("sample_game/appendix4.json");
  for (size_t i = from; i < to; ++i) Play(game, record.actions.at(i));
}

// Takes the operating company's turn to its purchases (4.8.1): the first-turn double-lay choice
// if asked, no track, no base, no run.
inline void ToBuyStep(Game& game) {
  for (int guard = 0; guard < 10; ++guard) {
    if (game.state().stage != Stage::kRailway) throw std::runtime_error("no company is operating");
    const int seat = Acting(game);
    mailrun::v1::Action a;
    a.set_seat(seat);
    switch (game.state().railway.step) {
      case TurnStep::kBuyTrains: return;
      case TurnStep::kDoubleLayChoice: a.mutable_choose_double_lay()->set_option(mailrun::v1::DOUBLE_LAY_FROM_PHASE_2); break;
      case TurnStep::kTrack:
      case TurnStep::kBase: a.mutable_end_step(); break;
      case TurnStep::kRun: a.mutable_run_trains(); break;  // runs no train
    }
    Play(game, a);
  }
  throw std::runtime_error("the turn did not reach its purchases");
}

// Ends the company's turn (buys nothing more), unless it has ended by itself: a turn whose only
// action left is to end it ends at once (docs/rulings.md #6).
inline void EndTurnOf(Game& game, const std::string& company) {
  if (game.state().stage != Stage::kRailway || OperatingCompany(game) != company) return;
  if (game.state().railway.step != TurnStep::kBuyTrains) throw std::runtime_error("not at the purchases");
  Play(game, EndStep(Acting(game)));
}

// Takes the next turn to its purchases and checks whose turn it is.
inline void ToBuyStepOf(Game& game, const std::string& company) {
  ToBuyStep(game);
  if (OperatingCompany(game) != company) {
    throw std::runtime_error(fmt::format("the {} operates, not the {}", OperatingCompany(game), company));
  }
}

// A six-player game at the start of its first railway round, built by real play. Bonds 85, 74,
// 73, 72, 71, 70 seat the players 0 to 5 (seat 0 holds the Elephant). Bids: seat 0 Trichinopoly
// (SIR), Patna, Delhi (EIR x2); seat 1 Mysore (SIR), Lahore, Multan (NWR x2); seat 2 Bangalore (SIR), Peshawar,
// Rawalpindi (NWR x2); seat 3 Trichinopoly (SIR), Dacca, Chittagong (BAR x2); seat 4 Mysore (MSM),
// Dacca, Chittagong (BAR x2); seat 5 Ahmadabad, Karachi, Jaipur (BBCI x3). Nobody buys in the
// first dealing round. Four shares float a company with six players (TABLE 3), so three form:
// the NWR (director seat 1, £920), the minor SIR with four single holders and so a manager, seat 0
// who has held a share longest (3.2.2, 3.4.1; £750), and the minor BAR (director seat 3, £700).
// Cash: seat 0 £150, seat 1 £177, seat 2 £178, seat 3 £223, seat 4 £219, seat 5 £188.
inline Game SixPlayersWithManagedSir() {
  auto created = Game::Create(Config(6));
  if (!created.ok()) throw std::runtime_error(created.error().ToString());
  Game game = std::move(*created);
  for (int seat = 0; seat < 6; ++seat) Play(game, Bond(seat, seat == 0 ? 85 : 75 - seat));
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Trichinopoly", "SIR"}, {"Mysore", "SIR"}, {"Bangalore", "SIR"}, {"Trichinopoly", "SIR"}, {"Mysore", "MSM"},
       {"Ahmadabad", "BBCI"}},
      {{"Patna", "EIR"}, {"Lahore", "NWR"}, {"Peshawar", "NWR"}, {"Dacca", "BAR"}, {"Dacca", "BAR"},
       {"Karachi", "BBCI"}},
      {{"Delhi", "EIR"}, {"Multan", "NWR"}, {"Rawalpindi", "NWR"}, {"Chittagong", "BAR"}, {"Chittagong", "BAR"},
       {"Jaipur", "BBCI"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 6; ++seat) Play(game, Claim(seat, round[seat].first, round[seat].second));
  }
  // Bids complete only by their secret cities are passed by their players (docs/rulings.md #6).
  while (game.state().stage == Stage::kCityClaims) Play(game, PassBid(game.state().dealing.current));
  for (int guard = 0; guard < 12 && game.state().stage == Stage::kDealing; ++guard) {
    Play(game, EndTurn(game.state().dealing.current));
  }
  Play(game, KeepElephant(game.state().elephant));
  return game;
}

// ---- Edited positions ----------------------------------------------------------------------

// A real game's state, changed and restored through its snapshot. Use only for positions real
// play reaches after many rounds; name what is edited at each use.
class EditedPosition {
 public:
  explicit EditedPosition(const Game& from) : data_(&from.data()), config_(from.config()), state_(from.state()) {}

  GameState& state() { return state_; }
  mailrun::v1::GameConfig& config() { return config_; }

  int Index(const std::string& initials) const {
    for (int c = 0; c < kCompanies; ++c) {
      if (data_->companies[c].initials == initials) return c;
    }
    throw std::runtime_error("no company " + initials);
  }

  // The company's treasury; the difference comes from or goes to the bank's credits.
  void SetTreasury(const std::string& company, int amount) {
    CompanyState& c = state_.companies[Index(company)];
    state_.credits -= amount - c.treasury;
    c.treasury = amount;
  }

  // The bank's money; the difference goes to or comes from the bank's credits.
  void SetBank(int amount) {
    state_.credits -= amount - state_.bank;
    state_.bank = amount;
  }

  void SetSharePrice(const std::string& company, int price) {
    const auto& prices = data_->SharePrices();
    const auto it = std::find(prices.begin(), prices.end(), price);
    if (it == prices.end()) throw std::runtime_error(fmt::format("no share price {}", price));
    state_.companies[Index(company)].price_index = static_cast<int>(it - prices.begin());
  }

  // Replaces the company's trains by fresh cards of these types (ids "<type>-e<n>").
  void SetTrains(const std::string& company, const std::vector<std::string>& names) {
    auto& trains = state_.companies[Index(company)].trains;
    trains.clear();
    for (const std::string& name : names) trains.push_back({fmt::format("{}-e{}", name, ++edited_cards_), name, false});
  }

  // Cards of a type left in the bank's stock; the others count as bought (4.8.3 reads this).
  void SetStock(const std::string& type, int left) {
    int total = 0;
    for (const TrainDef& t : data_->trains) {
      if (t.name == type) total = state_.minor_formed_in_first_round ? t.count_if_minor_formed : t.count;
    }
    state_.trains_left[type] = left;
    state_.trains_next_serial[type] = total - left;
  }

  // The phase, as if it had begun before the last dealing round (TABLE 6 round count too): the
  // trains it made obsolete have left the game (4.8.4), and no company owns more than its limit
  // (4.8.5; the latest cards go).
  void SetPhase(int phase) {
    state_.phase = phase;
    state_.phase_for_round_count = phase;
    if (phase >= 2) state_.first_three_bought = true;
    const auto obsolete = [&](const TrainCard& card) {
      for (const TrainDef& t : data_->trains) {
        if (t.name == card.name) return t.rusts_in_phase && phase >= *t.rusts_in_phase;
      }
      return false;
    };
    const size_t limit = data_->phases[phase - 1].train_limit;
    for (CompanyState& c : state_.companies) {
      std::erase_if(c.trains, obsolete);
      if (c.trains.size() > limit) c.trains.resize(limit);
    }
  }

  // The company operates now, at this step of its turn (4.0).
  void AtStep(const std::string& company, TurnStep step) {
    state_.railway.BeginTurn(Index(company), step);
  }
  // ... and has reached its purchases (4.8.1).
  void AtBuyStep(const std::string& company) { AtStep(company, TurnStep::kBuyTrains); }

  Game Build() const {
    auto game = Game::FromSnapshot(config_, StateToJson(state_));
    if (!game.ok()) throw std::runtime_error(game.error().ToString());
    if (!MoneyIsConstant(*game)) throw std::runtime_error("the edit changed the money in the game");
    return std::move(*game);
  }

 private:
  const EditionData* data_;
  mailrun::v1::GameConfig config_;
  GameState state_;
  int edited_cards_ = 0;
};

}  // namespace mailrun::engine::t1853::testing
