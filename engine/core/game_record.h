// GameRecord: a game as a document - its configuration, its actions in order and, optionally,
// the final scores it reached - in JSON (actions in protobuf's JSON mapping). Used for fixtures,
// `mailrun replay`, self-play output and bug reports. Parsing is pure (text in, values out).
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine {

struct RecordedScore {
  std::string player;
  int wealth = 0;
};

struct GameRecord {
  mailrun::v1::GameConfig config;
  std::vector<mailrun::v1::Action> actions;
  std::vector<RecordedScore> final_scores;  // empty if the record does not say
};

// {"config": {...GameConfig JSON...}, "actions": [{...Action JSON...}, ...],
//  "final_scores": [{"player": "Adam", "wealth": 1234}, ...]}
Result<GameRecord> ParseGameRecord(const std::string& json);
std::string GameRecordToJson(const GameRecord& record);

}  // namespace mailrun::engine
