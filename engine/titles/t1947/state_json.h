// A T1947Game's whole state as JSON and back, for the game service's snapshots. The JSON holds
// only state, never the data files: a snapshot is restored against the same data.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {

std::string SnapshotJson(const T1947Game& game);
Result<T1947Game> RestoreSnapshot(const T1947Data& data, const std::string& json);

}  // namespace mailrun::engine::t1947
