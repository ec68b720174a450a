// Trains and phases as every 18xx title has them: train types with a price and a number of cards,
// phases each started by the first train bought of the type that introduces it, each with its
// train limit, and train types that rust (leave the game; 1853 says "become obsolete", 4.8.4) when
// a later phase begins. A title's train and phase definitions extend TrainType and Phase with its
// own fields (1853: gauges, tile colours; 1947: stops, par bands); which trains are on sale, what
// else a phase changes and what happens to trains over the limit are the title's rules.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mailrun::engine {

struct TrainType {
  std::string name;                     // "2", "3M", "T4", ...
  int price = 0;
  int count = 0;                        // cards in the game at the start
  std::optional<int> rusts_in_phase;    // the phase whose start removes it from the game
};

struct Phase {
  int number = 0;                       // 1, 2, ... in order inside the engine
  std::string introduced_by;            // the train type whose first purchase starts it ("": the game's start)
  int train_limit = 0;                  // most trains a company may own in this phase
};

// Whether trains of this type have rusted by `phase`.
inline bool Rusted(const TrainType& train, int phase) { return train.rusts_in_phase && phase >= *train.rusts_in_phase; }

// The phase that `train` introduces, if any. P is a title's phase definition (derived from Phase).
template <class P>
std::optional<int> PhaseIntroducedBy(const std::vector<P>& phases, std::string_view train) {
  for (const Phase& phase : phases) {
    if (phase.introduced_by == train) return phase.number;
  }
  return std::nullopt;
}

// The phase that buying a `train` starts while the game is in phase `current`: the one it
// introduces, if that is later than `current`.
template <class P>
std::optional<int> PhaseStartedBy(const std::vector<P>& phases, int current, std::string_view train) {
  const std::optional<int> introduced = PhaseIntroducedBy(phases, train);
  if (introduced && *introduced > current) return introduced;
  return std::nullopt;
}

// The train limit in phase `phase` (numbered from 1).
template <class P>
int TrainLimit(const std::vector<P>& phases, int phase) {
  return static_cast<const Phase&>(phases[phase - 1]).train_limit;
}

}  // namespace mailrun::engine
