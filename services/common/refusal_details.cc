#include "services/common/refusal_details.h"

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace mailrun::service {

grpc::Status RefusalStatus(grpc::StatusCode code, const std::string& message, const Refusal& refusal) {
  const std::string& sentence = refusal.reason.empty() ? message : refusal.reason;
  google::rpc::Status details;
  details.set_code(static_cast<int>(code));
  details.set_message(message);
  google::rpc::ErrorInfo info;
  info.set_reason(refusal.key);
  info.set_domain(kErrorDomain);
  if (!refusal.rule.empty()) (*info.mutable_metadata())["rule"] = refusal.rule;
  if (!refusal.kind.empty()) (*info.mutable_metadata())["kind"] = refusal.kind;
  details.add_details()->PackFrom(info);
  if (!refusal.rule.empty()) {
    google::rpc::PreconditionFailure failure;
    auto* violation = failure.add_violations();
    violation->set_type("RULE");
    violation->set_subject(refusal.rule);
    violation->set_description(sentence);
    details.add_details()->PackFrom(failure);
  }
  if (!refusal.field.empty()) {
    google::rpc::BadRequest bad;
    auto* violation = bad.add_field_violations();
    violation->set_field(refusal.field);
    violation->set_description(sentence);
    details.add_details()->PackFrom(bad);
  }
  if (!refusal.params.empty()) {
    mailrun::v1::StructuredText text;
    text.set_key(refusal.key);
    for (const auto& param : refusal.params) *text.add_params() = param;
    details.add_details()->PackFrom(text);
  }
  return grpc::Status(code, message, details.SerializeAsString());
}

std::optional<RefusalSeen> RefusalOf(const grpc::Status& status) {
  google::rpc::Status details;
  if (status.error_details().empty() || !details.ParseFromString(status.error_details())) return std::nullopt;
  bool has_info = false;
  google::rpc::PreconditionFailure failure;
  google::rpc::BadRequest bad;
  mailrun::v1::StructuredText text;
  RefusalSeen found;
  for (const auto& detail : details.details()) {
    google::rpc::ErrorInfo info;
    if (detail.UnpackTo(&info)) {
      found.key = info.reason();
      found.domain = info.domain();
      if (auto it = info.metadata().find("rule"); it != info.metadata().end()) found.rule = it->second;
      if (auto it = info.metadata().find("kind"); it != info.metadata().end()) found.kind = it->second;
      has_info = true;
    } else if (detail.UnpackTo(&failure) && failure.violations_size() > 0) {
      found.precondition_subject = failure.violations(0).subject();
      found.precondition_description = failure.violations(0).description();
    } else if (detail.UnpackTo(&bad) && bad.field_violations_size() > 0) {
      found.bad_field = bad.field_violations(0).field();
      found.bad_description = bad.field_violations(0).description();
    } else if (detail.UnpackTo(&text)) {
      found.params.assign(text.params().begin(), text.params().end());
    }
  }
  if (!has_info) return std::nullopt;
  return found;
}

}  // namespace mailrun::service
