// The engine fuzz target's 1947 half (engine_fuzz_target.h): the same input layout played into
// 1947 games stopped at many points of bot games (auction, stock and operating rounds, 3 to 6
// players), with 1947's own fields mutated (hexes by 1947's names, tiles, rotations, railways,
// trains and their sources, prices, worker uses, sites, run stops). Every accepted action must
// keep the title's invariants; every refusal must carry a message and leave the game unchanged.
#pragma once

#include <cstddef>
#include <cstdint>

namespace mailrun::engine::fuzz {

void Prepare1947States();
void RunOne1947Input(uint8_t state, const uint8_t* chunks, size_t size);

}  // namespace mailrun::engine::fuzz
