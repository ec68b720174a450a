// Limits on login attempts, so that neither password guessing nor a flood of logins can get far:
//   - per account (the display name as typed, any case): `account_attempts` attempts, refilled
//     evenly over `account_window`. Each attempt takes one before its password is hashed; a
//     successful login gives it back, so only failures (wrong password, unknown name: both count,
//     or the limit would tell which names exist) use the allowance up.
//   - per client (its address): `client_attempts` logins and registrations, refilled evenly over
//     `client_window`, successful or not.
//   - a known device (a login with a valid device token of the account) is not counted against
//     the account but against its own allowance of the same size: a stranger who uses the
//     account's allowance up, which anyone who knows the name can do, cannot lock the player out of
//     the devices they use (issue 46).
//   - the signed-in account's own password checks (ChangePassword, DeleteAccount: a call with the
//     account's access token) have their own allowance of the same size, keyed by the user id:
//     a stranger's failed logins do not hold them back, and a stolen access token guesses the
//     password no faster than a login could (issue 46).
//   - login codes (issue 46 item 6): at most `code_requests` asks for a mailed code per display name
//     (any case, existing or not) per `code_request_window`, plus the client's allowance; and wrong
//     codes (a code that is none of the account's) `wrong_codes` per `code_request_window` for one
//     display name from one client address: a code cannot be guessed (40 bits), and a stranger's
//     wrong codes, from their own address, do not hold back the player's right one.
// An attempt beyond either is refused before any hashing with RESOURCE_EXHAUSTED and a retry hint
// (services/common/retry_later.h). The counts live in this process: with several lobby replicas an
// account gets the allowance once per replica (docs/operations.md). Each table holds at most
// `max_keys` keys; when it is full, keys whose allowance is back in full are forgotten first.
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace mailrun::lobby {

using LimitClock = std::chrono::steady_clock;

// Keyed token buckets: `attempts` per `window`, a bucket starting full. Thread-safe.
class AttemptBuckets {
 public:
  AttemptBuckets(int attempts, std::chrono::seconds window, size_t max_keys);

  // Takes one attempt for `key` and returns 0; or, when none is left, takes nothing and returns
  // how long until one is.
  std::chrono::seconds Take(const std::string& key, LimitClock::time_point now);
  // Gives back an attempt taken (a login that succeeded).
  void GiveBack(const std::string& key, LimitClock::time_point now);
  size_t size() const;

 private:
  struct Bucket {
    double tokens = 0;
    LimitClock::time_point updated;
  };
  void Refill(Bucket& bucket, LimitClock::time_point now) const;
  void MakeRoom(LimitClock::time_point now);

  const double capacity_;
  const double per_second_;
  const size_t max_keys_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

struct LoginLimitSettings {
  int account_attempts = 5;
  std::chrono::seconds account_window{300};
  int client_attempts = 30;
  std::chrono::seconds client_window{60};
  int code_requests = 3;
  int wrong_codes = 5;
  std::chrono::seconds code_request_window{900};
  size_t max_keys = 100000;
};

class LoginLimits {
 public:
  explicit LoginLimits(LoginLimitSettings settings);

  // OK, or RESOURCE_EXHAUSTED with a retry hint. AdmitLogin takes an attempt of both the client
  // and the account; Refund gives the account's back after a login that succeeded or whose
  // password was never checked (only failures use the account's allowance up).
  grpc::Status AdmitLogin(const std::string& client, const std::string& display_name,
                          LimitClock::time_point now = LimitClock::now());
  // The same for a known device: `device` (a device token's id, or the signed-in account's) is
  // counted instead of the account; "" is an unknown device (the call above).
  grpc::Status AdmitLogin(const std::string& client, const std::string& display_name, const std::string& device,
                          LimitClock::time_point now = LimitClock::now());
  grpc::Status AdmitRegister(const std::string& client, LimitClock::time_point now = LimitClock::now());
  void Refund(const std::string& display_name, LimitClock::time_point now = LimitClock::now());
  void Refund(const std::string& display_name, const std::string& device, LimitClock::time_point now = LimitClock::now());
  // A signed-in account's own password check (`user_id` from its access token): takes an attempt of
  // the client and of the account's own-calls allowance; RefundPasswordCheck gives the latter back
  // when the password was right or never checked.
  grpc::Status AdmitPasswordCheck(const std::string& client, const std::string& user_id,
                                  LimitClock::time_point now = LimitClock::now());
  void RefundPasswordCheck(const std::string& user_id, LimitClock::time_point now = LimitClock::now());
  // RequestLoginCode: takes an attempt of the client and of the name's asks for a code.
  grpc::Status AdmitCodeRequest(const std::string& client, const std::string& display_name,
                                LimitClock::time_point now = LimitClock::now());
  // A Login with a login code: takes an attempt of the client and of the wrong codes allowed for
  // this name from this client; RefundCodeLogin gives the latter back when the code was one of the
  // account's (right, used or expired).
  grpc::Status AdmitCodeLogin(const std::string& client, const std::string& display_name,
                              LimitClock::time_point now = LimitClock::now());
  void RefundCodeLogin(const std::string& client, const std::string& display_name,
                       LimitClock::time_point now = LimitClock::now());

 private:
  AttemptBuckets accounts_;
  AttemptBuckets clients_;
  AttemptBuckets devices_;
  AttemptBuckets signed_in_;
  AttemptBuckets code_requests_;
  AttemptBuckets wrong_codes_;
};

// The caller's address: with `trust_forwarded_for` (the lobby is reached only through the gateway,
// which appends the client's address), the last address of "x-forwarded-for"; otherwise, or
// without that header, the peer's IP address (no port).
std::string ClientAddress(const grpc::ServerContext& context, bool trust_forwarded_for);

}  // namespace mailrun::lobby
