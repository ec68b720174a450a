// Forgetting a deleted account in stored messages (docs/operations.md "Deleting an account"):
// every string field of a protobuf message, however deep, has the deleted account's id replaced
// by its placeholder's id and the deleted display name, where it stands as a word of its own
// (a log line's "Alice buys 2 shares"), by the placeholder's name. Used by each service on the
// serialized messages it stores (the game's config, answers and results; events in the outbox
// and the notification service's store). Pure.
#pragma once

#include <google/protobuf/message.h>

#include <string>

namespace mailrun::service {

struct ForgottenAccount {
  std::string user_id;           // the deleted account
  std::string display_name;
  std::string placeholder_user_id;
  std::string placeholder_name;
};

// `text` with the account's id and name replaced; unchanged when neither occurs.
std::string ScrubText(const std::string& text, const ForgottenAccount& account);

// Scrubs every string field of `message` (repeated and nested too). True if anything changed.
bool ScrubMessage(google::protobuf::Message& message, const ForgottenAccount& account);

// Parses `serialized` as `prototype`'s type, scrubs it and serializes it again into *scrubbed.
// False when nothing changed or it does not parse (then *scrubbed is left alone).
bool ScrubSerialized(const google::protobuf::Message& prototype, const std::string& serialized,
                     const ForgottenAccount& account, std::string* scrubbed);

}  // namespace mailrun::service
