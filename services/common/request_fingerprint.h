// A request's fingerprint: SHA-256 of its deterministic protobuf serialization, stored with the
// request_id of a changing call so that a repeated request_id can be told apart: the same call
// again (a retry, answered from what the first call did) or a different call reusing the id
// (refused). Callers clear secrets (passwords, tokens) from the request before fingerprinting it,
// so that no fast hash of a secret is ever stored. Pure.
#pragma once

#include <google/protobuf/message.h>

#include <string>

namespace mailrun::service {

// 32 raw bytes.
std::string RequestFingerprint(const google::protobuf::Message& request);

}  // namespace mailrun::service
