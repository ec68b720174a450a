// Result<T>: the value of an engine operation or the reason it was refused. Errors are values:
// the engine never throws across its API. An Error names the kind of failure, a stable message key
// an app translates (e.g. "1853.refusal.bases.each_lay_connect_different_base"; docs/api-clients.md),
// the rule it breaks (e.g. "2.5.2.7") and a sentence a player understands. Every refusal is made by
// one of the factories below, which take the key first, so no refusal can be written without one.
// A refusal that names a company, hex, tile or amount also carries them as typed parameters
// (`.With({param::Company("company", "EIR"), ...})`, engine/core/structured_text.h), which an app
// reads beside the key to translate and illustrate it. Services map the kind to a gRPC status with
// its error details in one place.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "mailrun/v1/texts.pb.h"

namespace mailrun::engine {

enum class ErrorKind {
  kMalformed,   // the request itself is wrong: a missing field, an unknown id (INVALID_ARGUMENT)
  kIllegal,     // well-formed, but the rules do not allow it now (FAILED_PRECONDITION)
  kNotYourTurn, // someone else is to act (FAILED_PRECONDITION for a seat, PERMISSION_DENIED upstream)
  kBadData,     // board or component data failed validation (never reaches players)
  kUnavailable, // a title or edition that cannot be played yet (FAILED_PRECONDITION)
};

struct Error {
  ErrorKind kind = ErrorKind::kIllegal;
  // Rule number of the title's rules text, e.g. "4.1.8"; for a refusal of Mailrun's own (not the
  // rules text's), "mailrun.<topic>". Empty only for kMalformed and kBadData.
  std::string rule;
  std::string message;  // a sentence for the player; never contains another player's secrets
  // Stable message key "<title|core>.refusal.<module>.<reason>"; empty only for kBadData.
  std::string key;
  // The values the message names, typed (texts.proto): the placeholders an app's catalog entry
  // for the key fills ("{company}", "{hex}", "{tile}", "{amount}"); empty when it names none.
  std::vector<mailrun::v1::TextParam> params = {};

  // "4.1.8: each lay must connect to a different base", or just the message without a rule.
  std::string ToString() const { return rule.empty() ? message : rule + ": " + message; }

  // The same refusal with its typed parameters.
  Error With(std::vector<mailrun::v1::TextParam> typed) && {
    params = std::move(typed);
    return std::move(*this);
  }
};

// Well-formed, but the rules do not allow it now.
inline Error Illegal(std::string key, std::string rule, std::string message) {
  return Error{ErrorKind::kIllegal, std::move(rule), std::move(message), std::move(key), {}};
}
// Someone else is to act.
inline Error OutOfTurn(std::string key, std::string rule, std::string message) {
  return Error{ErrorKind::kNotYourTurn, std::move(rule), std::move(message), std::move(key), {}};
}
// The request itself is wrong (no rule of the game applies; the API contract does).
inline Error Malformed(std::string key, std::string message) {
  return Error{ErrorKind::kMalformed, "", std::move(message), std::move(key), {}};
}
// A title or edition that cannot be played yet.
inline Error Unavailable(std::string key, std::string message) {
  return Error{ErrorKind::kUnavailable, "mailrun.playable", std::move(message), std::move(key), {}};
}
// Board, component or stored data failed validation: a fault of Mailrun's, never a player's.
inline Error DataFault(std::string message) { return Error{ErrorKind::kBadData, "", std::move(message), "", {}}; }

// How a check refuses: worded, for an action a player sent, or as a bare "no" for a candidate
// that a legal-action enumeration only counts or lists when accepted (words nobody reads were the
// dearest part of such an enumeration). A check returns `refuse([&] { return Illegal(...); })`:
// the refusal is built only when it is worded. Both say no in exactly the same cases.
class Refuse {
 public:
  static Refuse Worded() { return Refuse(true); }
  static Refuse Bare() { return Refuse(false); }
  bool worded() const { return worded_; }
  template <typename Make>
  Error operator()(Make&& make) const {
    if (worded_) return std::forward<Make>(make)();
    return Error{};
  }

 private:
  explicit Refuse(bool worded) : worded_(worded) {}
  bool worded_;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}          // NOLINT(google-explicit-constructor)
  Result(Error error) : state_(std::move(error)) {}      // NOLINT(google-explicit-constructor)

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  const T& value() const& { return std::get<T>(state_); }
  T& value() & { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }

  const Error& error() const { return std::get<Error>(state_); }

 private:
  std::variant<T, Error> state_;
};

// Result of an operation that yields nothing but success or an Error.
struct Ok {};
using Status = Result<Ok>;
inline Status OkStatus() { return Ok{}; }

}  // namespace mailrun::engine
