// RequestLog: makes the changing RPCs idempotent. The first call with a (user, request_id)
// performs the change and records its response, with the request's fingerprint
// (services/common/request_fingerprint.h), in the same transaction; a repeat of the same request
// returns the recorded response and changes nothing (migrations/0301, 0304); the same request_id
// with another method or another request is a conflict. A concurrent
// repeat waits for the first to commit, then replays it.
// Stateless; works inside the caller's transaction. Thread-safe.
#pragma once

#include <string>

#include <pqxx/pqxx>

namespace mailrun::notification {

class RequestLog {
 public:
  // "" when `request_id` is acceptable (1-128 printable characters), else what is wrong.
  static std::string Check(const std::string& request_id);

  enum class Claim {
    kNew,       // first use: perform the change, then Finish()
    kReplay,    // answered before: *previous holds the serialized response
    kConflict,  // used before for another method or another request
  };
  // `fingerprint`: RequestFingerprint of the request.
  static Claim Begin(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                     const std::string& method, const std::string& fingerprint, std::string* previous);
  static void Finish(pqxx::work& txn, const std::string& user_id, const std::string& request_id,
                     const std::string& response);
};

}  // namespace mailrun::notification
