// A refusal in the standard gRPC error model: besides the status code and its English message, a
// google.rpc.Status in the binary error details ("grpc-status-details-bin") carrying
//   ErrorInfo{reason: the message key, domain: "mailrun.app", metadata: rule, kind},
//   PreconditionFailure{type "RULE", subject: the rule, description} when a rule refuses it,
//   BadRequest{field, description} when the request itself is wrong,
//   mailrun.v1.StructuredText{key, params} when the refusal names a company, hex, tile, amount...
//   (texts.proto: the typed values its catalog entry's placeholders take).
// An app reads the key and the rule there instead of parsing the message (docs/api-clients.md).
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mailrun/v1/texts.pb.h"

namespace mailrun::service {

inline constexpr char kErrorDomain[] = "mailrun.app";

struct Refusal {
  std::string key;    // stable message key, e.g. "1853.refusal.track.no_tile_left"
  std::string rule;   // rule number ("4.1.8") or "mailrun.<topic>"; empty: none applies
  std::string kind;   // "illegal", "not_your_turn", "malformed", "unavailable", ...
  std::string field;  // for a malformed request: the field that is wrong ("action")
  std::string reason;  // the sentence without the rule number; empty: the status message
  std::vector<mailrun::v1::TextParam> params = {};  // typed values the sentence names; empty: none
};

grpc::Status RefusalStatus(grpc::StatusCode code, const std::string& message, const Refusal& refusal);

// A value a service's own refusal names, as a typed parameter: an id or a reason as text, a
// version as a count (the engine's refusals use engine/core/structured_text.h).
inline mailrun::v1::TextParam TextValue(const std::string& name, const std::string& text) {
  mailrun::v1::TextParam param;
  param.set_name(name);
  param.set_text(text);
  return param;
}
inline mailrun::v1::TextParam CountValue(const std::string& name, int64_t count) {
  mailrun::v1::TextParam param;
  param.set_name(name);
  param.set_count(count);
  return param;
}

// What a status's details say (for clients and tests): nullopt when it carries no ErrorInfo.
struct RefusalSeen {
  std::string key;
  std::string domain;
  std::string rule;  // ErrorInfo's metadata "rule"
  std::string kind;
  std::string precondition_subject;  // PreconditionFailure's first violation, if any
  std::string precondition_description;
  std::string bad_field;  // BadRequest's first field violation, if any
  std::string bad_description;
  std::vector<mailrun::v1::TextParam> params;  // the StructuredText detail's parameters, if any
};
std::optional<RefusalSeen> RefusalOf(const grpc::Status& status);

}  // namespace mailrun::service
