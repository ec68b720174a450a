#include "engine/core/game_record.h"

#include <fmt/format.h>
#include <google/protobuf/util/json_util.h>

#include <nlohmann/json.hpp>

#include "engine/core/structured_text.h"

namespace mailrun::engine {

Result<GameRecord> ParseGameRecord(const std::string& json) {
  GameRecord record;
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(json);
  } catch (const nlohmann::json::exception& e) {
    return Malformed("core.refusal.game_record.game_record_not_json", std::string("the game record is not JSON: ") + e.what()).With({param::Text("reason", e.what())});
  }
  if (!doc.is_object() || !doc.contains("config") || !doc.contains("actions") || !doc["actions"].is_array()) {
    return Malformed("core.refusal.game_record.game_record_needs_config_actions", "a game record needs \"config\" and an \"actions\" array");
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  if (auto status = google::protobuf::util::JsonStringToMessage(doc["config"].dump(), &record.config, options);
      !status.ok()) {
    return Malformed("core.refusal.game_record.game_record_s_config_not", "the game record's config is not valid: " + std::string(status.message())).With({param::Text("reason", std::string(status.message()))});
  }
  size_t index = 0;
  for (const auto& item : doc["actions"]) {
    mailrun::v1::Action action;
    if (auto status = google::protobuf::util::JsonStringToMessage(item.dump(), &action, options); !status.ok()) {
      return Malformed("core.refusal.game_record.action_game_record_not_valid", fmt::format("action {} of the game record is not valid: {}", index + 1, std::string(status.message()))).With({param::Count("action", index + 1), param::Text("reason", std::string(status.message()))});
    }
    record.actions.push_back(std::move(action));
    ++index;
  }
  if (doc.contains("final_scores")) {
    for (const auto& score : doc["final_scores"]) {
      record.final_scores.push_back({score.value("player", ""), score.value("wealth", 0)});
    }
  }
  return record;
}

std::string GameRecordToJson(const GameRecord& record) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = false;
  auto to_json = [&](const google::protobuf::Message& message) {
    std::string text;
    (void)google::protobuf::util::MessageToJsonString(message, &text, options);
    return nlohmann::json::parse(text);
  };
  nlohmann::json doc;
  doc["config"] = to_json(record.config);
  doc["actions"] = nlohmann::json::array();
  for (const auto& action : record.actions) doc["actions"].push_back(to_json(action));
  if (!record.final_scores.empty()) {
    doc["final_scores"] = nlohmann::json::array();
    for (const auto& score : record.final_scores) {
      doc["final_scores"].push_back({{"player", score.player}, {"wealth", score.wealth}});
    }
  }
  return doc.dump(1);
}

}  // namespace mailrun::engine
