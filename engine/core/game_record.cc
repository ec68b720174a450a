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

// The record's shape as one protobuf message, declared here at run time (no .proto of the API needs
// it): `Record { GameConfig config = 1; repeated Action actions = 2; repeated Score final_scores = 3; }`
// with `Score { string player = 1; int32 wealth = 2; }`. Protobuf's JSON parser resolves a message
// type and its fields afresh on every call; for Action, with its forty kinds, that cost more than
// the rest of a record's reading when each action was parsed alone. A record read as one message
// resolves the types once and reads the text once.
struct RecordType {
  google::protobuf::DescriptorPool pool{google::protobuf::DescriptorPool::generated_pool()};
  google::protobuf::DynamicMessageFactory factory{&pool};
  const google::protobuf::Message* prototype = nullptr;  // made once: New() is safe from any thread
  const google::protobuf::FieldDescriptor* config = nullptr;
  const google::protobuf::FieldDescriptor* actions = nullptr;
  const google::protobuf::FieldDescriptor* final_scores = nullptr;

  RecordType() {
    factory.SetDelegateToGeneratedFactory(true);  // config and actions are the generated classes
    google::protobuf::FileDescriptorProto file;
    file.set_name("mailrun/engine/game_record.proto");
    file.set_package("mailrun.engine");
    file.set_syntax("proto3");
    file.add_dependency(mailrun::v1::Action::descriptor()->file()->name());
    file.add_dependency(mailrun::v1::GameConfig::descriptor()->file()->name());
    using Field = google::protobuf::FieldDescriptorProto;
    const auto add = [](google::protobuf::DescriptorProto* message, const std::string& name, int number,
                        Field::Type type, Field::Label label, const std::string& type_name = "") {
      auto* field = message->add_field();
      field->set_name(name);
      field->set_json_name(name);
      field->set_number(number);
      field->set_type(type);
      field->set_label(label);
      if (!type_name.empty()) field->set_type_name(type_name);
    };
    auto* score = file.add_message_type();
    score->set_name("Score");
    add(score, "player", 1, Field::TYPE_STRING, Field::LABEL_OPTIONAL);
    add(score, "wealth", 2, Field::TYPE_INT32, Field::LABEL_OPTIONAL);
    auto* record = file.add_message_type();
    record->set_name("Record");
    add(record, "config", 1, Field::TYPE_MESSAGE, Field::LABEL_OPTIONAL,
        "." + mailrun::v1::GameConfig::descriptor()->full_name());
    add(record, "actions", 2, Field::TYPE_MESSAGE, Field::LABEL_REPEATED,
        "." + mailrun::v1::Action::descriptor()->full_name());
    add(record, "final_scores", 3, Field::TYPE_MESSAGE, Field::LABEL_REPEATED, ".mailrun.engine.Score");
    if (pool.BuildFile(file) == nullptr) return;
    const google::protobuf::Descriptor* type = pool.FindMessageTypeByName("mailrun.engine.Record");
    if (type == nullptr) return;
    prototype = factory.GetPrototype(type);
    config = type->FindFieldByNumber(1);
    actions = type->FindFieldByNumber(2);
    final_scores = type->FindFieldByNumber(3);
  }
};

const RecordType& Records() {
  static const RecordType type;
  return type;
}

// `json` parsed as a Record message by protobuf (strictly: an unknown field fails it), or null.
std::unique_ptr<google::protobuf::Message> ParseAsRecord(const std::string& json) {
  const RecordType& type = Records();
  if (!type.prototype || !type.config || !type.actions || !type.final_scores) return nullptr;
  std::unique_ptr<google::protobuf::Message> message(type.prototype->New());
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  if (!google::protobuf::util::JsonStringToMessage(json, message.get(), options).ok()) return nullptr;
  return message;
}

// The actions of a parsed Record, moved out of it.
std::vector<mailrun::v1::Action> TakeActions(google::protobuf::Message& message) {
  const RecordType& type = Records();
  const google::protobuf::Reflection* reflection = message.GetReflection();
  const int count = reflection->FieldSize(message, type.actions);
  std::vector<mailrun::v1::Action> actions(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    google::protobuf::Message* item = reflection->MutableRepeatedMessage(&message, type.actions, i);
    if (auto* action = dynamic_cast<mailrun::v1::Action*>(item)) {
      actions[i].Swap(action);
    } else {
      actions[i].CopyFrom(*item);
    }
  }
  return actions;
}

// The whole record read by protobuf in one pass, when it has nothing but the three fields and all
// of them parse; nullopt otherwise (ParseGameRecord then reads it field by field and names what
// is wrong).
std::optional<GameRecord> ReadAsOneMessage(const std::string& json) {
  const std::unique_ptr<google::protobuf::Message> message = ParseAsRecord(json);
  if (!message) return std::nullopt;
  const RecordType& type = Records();
  const google::protobuf::Reflection* reflection = message->GetReflection();
  // No config, or no actions (an absent list reads as an empty one): the field-by-field reading
  // below tells them apart and names what is missing.
  if (!reflection->HasField(*message, type.config) || reflection->FieldSize(*message, type.actions) == 0) {
    return std::nullopt;
  }
  GameRecord record;
  record.config.CopyFrom(reflection->GetMessage(*message, type.config));
  record.actions = TakeActions(*message);
  for (int i = 0; i < reflection->FieldSize(*message, type.final_scores); ++i) {
    const google::protobuf::Message& score = reflection->GetRepeatedMessage(*message, type.final_scores, i);
    const google::protobuf::Reflection* fields = score.GetReflection();
    const google::protobuf::Descriptor* shape = score.GetDescriptor();
    record.final_scores.push_back(
        {fields->GetString(score, shape->FindFieldByNumber(1)), fields->GetInt32(score, shape->FindFieldByNumber(2))});
  }
  return record;
}

// All of `items` (a JSON array of actions) as actions, or nullopt where the list does not parse
// (the caller then finds the action at fault one by one).
std::optional<std::vector<mailrun::v1::Action>> ParseActionList(const nlohmann::json& items) {
  const std::unique_ptr<google::protobuf::Message> message = ParseAsRecord(nlohmann::json{{"actions", items}}.dump());
  if (!message) return std::nullopt;
  std::vector<mailrun::v1::Action> actions = TakeActions(*message);
  if (actions.size() != items.size()) return std::nullopt;
  return actions;
}

}  // namespace

Result<GameRecord> ParseGameRecord(const std::string& json) {
  if (std::optional<GameRecord> record = ReadAsOneMessage(json)) return std::move(*record);
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
  if (auto actions = ParseActionList(doc["actions"])) {
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
