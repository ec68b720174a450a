// Where a title's operating rounds stand, the part common to 18xx titles: after each stock round
// (1853: dealing round) a set of operating rounds (1853: railway rounds) whose number the phase
// fixes when the set begins (1853: TABLE 6, 4.10.1; 1947: 4.0), in each round one company
// operating at a time, and its turn a list of steps taken in order (1853: 4.0; 1947: 4.2, 6.3).
// A title lists its steps as an enum class in the order of its rules; the step is an index into
// that list. What ends a step, which company operates next (1853: company order; 1947: market
// order, 4.2.1) and what a round or a set adds (1853: the Elephant's extra round, 4.9) stay with
// the title. The fields' names are the ones 1853's snapshots were written with (state_json.cc).
#pragma once

namespace mailrun::engine {

template <typename Step, Step kLastStep>
struct OperatingSet {
  int in_set = 0;    // 1-based: the round of the set now; 0 before the set's first round
  int set_size = 0;  // the rounds of this set
  int company = -1;  // the company operating (the title's index), -1 when none
  Step step{};       // the operating company's step now

  OperatingSet() = default;
  // A title whose steps rest elsewhere than the first while no company operates, or whose set
  // size reads other than 0 before the first set.
  OperatingSet(int size, Step at) : set_size(size), step(at) {}

  // A set of `size` rounds begins; none of them has begun yet.
  void BeginSet(int size) {
    in_set = 0;
    set_size = size;
  }
  // One more round in the set now under way (1853: the Elephant's, 4.9).
  void AddRound() { ++set_size; }
  // The set's next round begins, with no company operating yet.
  void BeginRound() {
    ++in_set;
    company = -1;
  }
  // Whether the round now is followed by another one of the set.
  bool MoreRounds() const { return in_set < set_size; }

  // `operating`'s turn begins at step `at`.
  void BeginTurn(int operating, Step at) {
    company = operating;
    step = at;
  }
  // No company operates (the round or the game is over).
  void EndTurn() { company = -1; }

  // Whether the turn has left step `s` behind: a step once left is not taken again.
  bool Passed(Step s) const { return step > s; }
  // The turn goes on to step `s`, ending the steps before it; nothing happens if it is there or
  // beyond already.
  void Reach(Step s) {
    if (step < s) step = s;
  }
  // The turn goes on to the step after this one; false at the last step, whose end ends the turn
  // (the step is left as it is).
  bool NextStep() {
    if (step == kLastStep) return false;
    step = static_cast<Step>(static_cast<int>(step) + 1);
    return true;
  }
};

}  // namespace mailrun::engine
