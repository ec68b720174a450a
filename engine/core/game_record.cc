#include "engine/core/game_record.h"

#include <fmt/format.h>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/descriptor.pb.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>

#include <memory>
#include <optional>
#include <nlohmann/json.hpp>

#include "engine/core/structured_text.h"

namespace mailrun::engine {
namespace {

// A message with the record's actions as its one field, `repeated mailrun.v1.Action actions = 1`,
// declared here at run time (no .proto of the API needs one). Protobuf's JSON parser resolves a
// message type and its fields afresh on every call; for Action, with its forty kinds, that cost
// more than the rest of a record's reading when each action was parsed alone. Read as one list,
// the types are resolved once.
struct ActionList {
  google::protobuf::DescriptorPool pool{google::protobuf::DescriptorPool::generated_pool()};
  google::protobuf::DynamicMessageFactory factory{&pool};
  const google::protobuf::Message* prototype = nullptr;  // made once: New() is safe from any thread
  const google::protobuf::FieldDescriptor* actions = nullptr;

  ActionList() {
    factory.SetDelegateToGeneratedFactory(true);  // the actions are mailrun::v1::Action itself
    google::protobuf::FileDescriptorProto file;
    file.set_name("mailrun/engine/action_list.proto");
    file.set_package("mailrun.engine");
    file.set_syntax("proto3");
    file.add_dependency(mailrun::v1::Action::descriptor()->file()->name());
    auto* message = file.add_message_type();
    message->set_name("ActionList");
    auto* field = message->add_field();
    field->set_name("actions");
    field->set_json_name("actions");
    field->set_number(1);
    field->set_label(google::protobuf::FieldDescriptorProto::LABEL_REPEATED);
    field->set_type(google::protobuf::FieldDescriptorProto::TYPE_MESSAGE);
    field->set_type_name("." + mailrun::v1::Action::descriptor()->full_name());
    if (pool.BuildFile(file) == nullptr) return;
    const google::protobuf::Descriptor* type = pool.FindMessageTypeByName("mailrun.engine.ActionList");
    if (type == nullptr) return;
    prototype = factory.GetPrototype(type);
    actions = type->FindFieldByNumber(1);
  }
};

// All of `items` (a JSON array of actions) as actions, or nullopt where the list does not parse
// (the caller then finds the action at fault one by one).
std::optional<std::vector<mailrun::v1::Action>> ParseActionList(const nlohmann::json& items,
                                                                 const google::protobuf::util::JsonParseOptions& options) {
  static const ActionList list;
  if (!list.prototype || !list.actions) return std::nullopt;
  const std::unique_ptr<google::protobuf::Message> message(list.prototype->New());
  const std::string json = nlohmann::json{{"actions", items}}.dump();
  if (!google::protobuf::util::JsonStringToMessage(json, message.get(), options).ok()) return std::nullopt;
  const google::protobuf::Reflection* reflection = message->GetReflection();
  const int count = reflection->FieldSize(*message, list.actions);
  if (static_cast<size_t>(count) != items.size()) return std::nullopt;
  std::vector<mailrun::v1::Action> actions(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) actions[i].CopyFrom(reflection->GetRepeatedMessage(*message, list.actions, i));
  return actions;
}

}  // namespace

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
  if (auto actions = ParseActionList(doc["actions"], options)) {
    record.actions = std::move(*actions);
  } else {
    // Some action does not parse: the first that does not, read one by one, is named.
    size_t index = 0;
    for (const auto& item : doc["actions"]) {
      mailrun::v1::Action action;
      if (auto status = google::protobuf::util::JsonStringToMessage(item.dump(), &action, options); !status.ok()) {
        return Malformed("core.refusal.game_record.action_game_record_not_valid", fmt::format("action {} of the game record is not valid: {}", index + 1, std::string(status.message()))).With({param::Count("action", index + 1), param::Text("reason", std::string(status.message()))});
      }
      record.actions.push_back(std::move(action));
      ++index;
    }
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
