// The lot-drawing generator: everything the rules decide "by lot" (1853: ties of bonds, 2.5.2.3;
// the simplified game's deal of certificates, 2.4.1) comes from it. SplitMix64 over a 64-bit state
// kept in the title's game state, so a game's seed fixes every draw and replay reproduces them.
#pragma once

#include <cstdint>

namespace mailrun::engine {

inline uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A uniform draw in [0, bound) (bound > 0), without modulo bias.
inline uint64_t RandomBelow(uint64_t& state, uint64_t bound) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t x;
  do {
    x = NextRandom(state);
  } while (x >= limit);
  return x % bound;
}

}  // namespace mailrun::engine
