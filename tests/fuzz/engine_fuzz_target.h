// The engine fuzz target: arbitrary bytes become actions played into games in varied states.
// Shared by the libFuzzer binary (tests/fuzz/engine_fuzzer.cc, clang -fsanitize=fuzzer,address)
// and the corpus replayer that runs in every CTest run (tests/fuzz/corpus_replay.cc).
//
// Input layout: byte 0 picks one of the prepared game states (bot games stopped at many points,
// all player counts; 1853 below 0xC0, 1947 from 0xC0 up, engine_fuzz_1947.h); each following
// chunk is [kind byte][length byte][length bytes]:
//   kind even: the bytes are parsed as a mailrun.v1.Action protobuf and applied;
//   kind odd:  a legal action of the active seat (index from the first byte) is taken and one of
//              its fields is changed using the remaining bytes (seat, amount, hex, tile, rotation,
//              company, count, price, node names), then applied.
// After every accepted action all invariants must hold; every refused action must come back as an
// Error with a message and must leave the state exactly as it was. Violations abort.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mailrun::engine::fuzz {

// Builds the prepared states (once; a few seconds).
void PrepareStates();
int RunOneInput(const uint8_t* data, size_t size);

}  // namespace mailrun::engine::fuzz
