#include "services/common/account_scrub.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/reflection.h>

#include <cctype>
#include <memory>

namespace mailrun::service {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

bool WordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Replaces every occurrence of `from` (non-empty) that is not part of a longer word.
std::string ReplaceWords(const std::string& text, const std::string& from, const std::string& to) {
  std::string out;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(from, start);
    if (at == std::string::npos) break;
    const size_t end = at + from.size();
    const bool alone = (at == 0 || !WordChar(text[at - 1])) && (end == text.size() || !WordChar(text[end]));
    out.append(text, start, at - start);
    out.append(alone ? to : from);
    start = end;
  }
  out.append(text, start, std::string::npos);
  return out;
}

}  // namespace

std::string ScrubText(const std::string& text, const ForgottenAccount& account) {
  std::string out = text;
  // Ids are 32 random hex digits: every occurrence is the account (inside an event id too).
  if (!account.user_id.empty()) {
    for (size_t at = out.find(account.user_id); at != std::string::npos;
         at = out.find(account.user_id, at + account.placeholder_user_id.size())) {
      out.replace(at, account.user_id.size(), account.placeholder_user_id);
    }
  }
  if (!account.display_name.empty()) out = ReplaceWords(out, account.display_name, account.placeholder_name);
  return out;
}

bool ScrubMessage(Message& message, const ForgottenAccount& account) {
  const auto* reflection = message.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(message, &fields);
  bool changed = false;
  for (const FieldDescriptor* field : fields) {
    if (field->type() == FieldDescriptor::TYPE_STRING) {
      if (field->is_repeated()) {
        for (int i = 0; i < reflection->FieldSize(message, field); ++i) {
          const std::string before = reflection->GetRepeatedString(message, field, i);
          std::string after = ScrubText(before, account);
          if (after != before) {
            reflection->SetRepeatedString(&message, field, i, std::move(after));
            changed = true;
          }
        }
      } else {
        const std::string before = reflection->GetString(message, field);
        std::string after = ScrubText(before, account);
        if (after != before) {
          reflection->SetString(&message, field, std::move(after));
          changed = true;
        }
      }
    } else if (field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      if (field->is_repeated()) {
        for (int i = 0; i < reflection->FieldSize(message, field); ++i) {
          changed = ScrubMessage(*reflection->MutableRepeatedMessage(&message, field, i), account) || changed;
        }
      } else {
        changed = ScrubMessage(*reflection->MutableMessage(&message, field), account) || changed;
      }
    }
  }
  return changed;
}

bool ScrubSerialized(const Message& prototype, const std::string& serialized, const ForgottenAccount& account,
                     std::string* scrubbed) {
  std::unique_ptr<Message> message(prototype.New());
  if (!message->ParseFromString(serialized)) return false;
  if (!ScrubMessage(*message, account)) return false;
  *scrubbed = message->SerializeAsString();
  return true;
}

}  // namespace mailrun::service
