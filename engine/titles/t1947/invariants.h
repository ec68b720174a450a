// What must hold in every 1947 position, whatever was played: shares and bonds are neither made
// nor lost, every floated railway has one president who holds the most ordinary shares, cash is
// never negative, the bank pool holds at most 50%, nobody holds both share types of a railway;
// every train card and every tile is somewhere, stations fit their charters and cities; each
// private company has at most one owner, a player or a railway, or is removed.
// Each violation is one sentence; empty when all hold. Used by tests, self-play and the fuzzer.
#pragma once

#include <string>
#include <vector>

#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {

std::vector<std::string> CheckInvariants(const T1947Game& game);

}  // namespace mailrun::engine::t1947
