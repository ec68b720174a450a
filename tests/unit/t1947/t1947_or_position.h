// Operating round positions for the 1947 tests: four players, railways floated directly at a
// market space with a president and a treasury, then the stock round ended so that the first
// operating round runs. The examples of sections 4 and 6 start in the middle of a game.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {

inline void Ok(const Status& s) { ASSERT_TRUE(s.ok()) << s.error().ToString(); }

// The space worth `value` in market row `row` (0 = the top row).
inline MarketCell Space(int row, int value) {
  const auto& cells = Data().market.rows[row];
  for (int c = 0; c < static_cast<int>(cells.size()); ++c) {
    if (cells[c] == value) return MarketCell{row, c};
  }
  ADD_FAILURE() << "no " << value << " in row " << row;
  return {};
}

struct Floated {
  std::string initials;
  MarketCell token;
  int president = 0;
  int treasury = 0;
  std::vector<std::string> trains;
};

// Players Ann, Bob, Cat and Dan (cards 1-4) in stock round 1 with the given railways floated;
// `data` may be a changed copy of Data() (it must outlive the game).
inline T1947Game StockRoundWith(const std::vector<Floated>& railways, const T1947Data& data = Data()) {
  auto g = T1947Game::Setup(data, {"Ann", "Bob", "Cat", "Dan"}, {1, 2, 3, 4}, {"SIR", "ABR"});
  EXPECT_TRUE(g.ok());
  g->StartStockRoundForTest(1);
  for (const Floated& f : railways) {
    Railway1947& r = g->mutable_railway(f.initials);
    const int index = Data().RailwayIndex(f.initials);
    r.president_sold = true;
    r.operational = true;
    r.token = f.token;
    r.par = Data().market.Value(f.token);
    g->mutable_shares().Move(ShareHolder::Bank(), ShareHolder::Player(f.president), index, 6);
    r.treasury = f.treasury;
    r.trains = f.trains;
    g->mutable_player(f.president).president[index] = true;
    for (const std::string& t : f.trains) --g->mutable_bank_trains()[Data().TrainIndex(t)];
  }
  return *g;
}

// The same, with the stock round ended and the first operating round begun.
inline T1947Game OperatingWith(const std::vector<Floated>& railways, const T1947Data& data = Data()) {
  T1947Game g = StockRoundWith(railways, data);
  g.StartOperatingRoundsForTest();
  return g;
}

// Ends the operating railway's steps up to buying trains. Its trains' run is another module's: a
// railway with trains runs them through a hook that accepts the run and changes nothing.
inline void ToBuyTrains(T1947Game& g) {
  const int president = g.ActivePlayer();
  while (g.step() < OrStep::kRunTrains) Ok(g.Done(president));
  if (g.railway(Data().railways[g.operating_railway()].initials).trains.empty()) {
    Ok(g.Done(president));
    return;
  }
  OperatingHooks hooks = g.hooks();
  hooks.run_trains = [](T1947Game&, int, const Action1947&) -> Status { return OkStatus(); };
  g.set_hooks(hooks);
  Action1947 run;
  run.kind = ActionKind::kRunTrains;
  run.player = president;
  Ok(Apply(g, run));
}

inline std::string Operating(const T1947Game& g) {
  return g.operating_railway() < 0 ? "" : Data().railways[g.operating_railway()].initials;
}

}  // namespace mailrun::engine::t1947
