// Positions at a company's run step (4.5 - 4.7) for the rules tests, and terse RunTrains actions.
//
// A RunPosition starts from real play: the sample game of Appendix 4 replayed to just before one
// of its runs (e.g. "rr2_eir_runs": the EIR's run step in Railway Round 2, the EIR holding its
// '2' train and its bases at Calcutta and Patna). A test then describes the board it needs - tiles
// laid so their track reaches named neighbours, base tokens, the company's trains, holdings, the
// share price - and Build() makes the Game with Game::FromSnapshot. Everything the test checks
// then goes through Game::Apply like any player's action. The edits leave the state consistent:
// tiles come out of the supply, tokens out of the company's stock, shares out of the unissued
// ones, and no money is created.
#pragma once

#include <string>
#include <vector>

#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {

class RunPosition {
 public:
  // The sample game replayed to the action before `checkpoint` (one of its "rrN_<company>_runs").
  static RunPosition BeforeSampleGameRun(const std::string& checkpoint);

  // Every laid tile back to the supply (the preprinted large cities stay).
  RunPosition& ClearTiles();
  // Lays `tile` on `hex`, turned so that one line of the tile joins every hex of `towards` (its
  // neighbours); the first such rotation. A test failure if no rotation does.
  RunPosition& Tile(const std::string& hex, const std::string& tile, const std::vector<std::string>& towards);
  RunPosition& Base(const std::string& company, const std::string& hex, int station = 0);
  // Replaces the company's trains; the cards get the ids "<name>-1", "<name>-2", ... in order.
  RunPosition& Trains(const std::string& company, const std::vector<std::string>& names);
  RunPosition& Price(const std::string& company, int price);  // a price on the market track
  // The seat's holding of the company (un-redeemed: how many of them are not paid for, 2.7.3);
  // shares come from or go back to the unissued ones.
  RunPosition& Holding(int seat, const std::string& company, int shares, int unredeemed = 0);
  RunPosition& Pool(const std::string& company, int shares);
  // No director: `seat` runs the company as its manager (3.4.1).
  RunPosition& Manager(const std::string& company, int seat);
  // 4.2.3 / 4.4.2: a hex some run of this turn must include.
  RunPosition& MustRunOver(const std::string& hex);
  // Optional rule 2.4.3 (the longer game) switched on in the game's configuration.
  RunPosition& LongerGame();

  Game Build() const;
  GameState& state() { return state_; }
  int Company(const std::string& initials) const;
  // The seat acting for the operating company.
  int Seat() const;

 private:
  RunPosition(const EditionData& data, mailrun::v1::GameConfig config, GameState state)
      : data_(&data), config_(std::move(config)), state_(std::move(state)) {}
  const EditionData* data_;
  mailrun::v1::GameConfig config_;
  GameState state_;
};

// One train's run: the train id and the places passed, in order. A place is a node name ("Jab.s0",
// "Iy.j0", "Iaa/Jab") or a bare hex name ("Iy") for a hex whose track is passed without a station
// or junction. Between two consecutive places on different hexes the boundary node is added.
struct TrainRun {
  std::string train;
  std::vector<std::string> places;
};

// A RunTrains action of `seat`; mail: the nominated train id ("" for none).
mailrun::v1::Action Runs(int seat, const std::vector<TrainRun>& runs, const std::string& mail = "",
                         bool pay_dividend = true);

// The node names of a run given as places (see TrainRun).
std::vector<std::string> NodeNames(const std::vector<std::string>& places);

}  // namespace mailrun::engine::t1853::testing
