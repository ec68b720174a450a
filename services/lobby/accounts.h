// Accounts: registering, logging in, refreshing and revoking sessions, and profiles.
//
// A session is one row of user_sessions per refresh token. Its id is the refresh token's token id;
// the tokens themselves are never stored: both are signed again from the row when a retry (same
// request_id) asks for them. Refresh rotates: the old session is marked replaced_by the new one.
// A replaced refresh token presented again (not as a retry) is one of two things: within
// TokenSettings::reuse_grace_seconds of its rotation, with the new session still current, another
// instance of the same app refreshing at the same moment (it gets the new session's tokens);
// otherwise a stolen token replayed, and the whole chain ("family") is revoked. Access tokens are
// verified by signature, so ending a session reaches them through revoked_sessions (migrations/0207:
// the lobby checks it on every call, the other services within a second); otherwise they expire
// after LobbyConfig::access_token_seconds.
// docs/operations.md ("Sessions and refresh tokens") states the rule for operators.
//
// Thread-safe: every call uses its own pooled connection.
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <functional>
#include <string>

#include "mailrun/v1/lobby.pb.h"
#include "services/common/token.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/login_limits.h"
#include "services/lobby/passwords.h"

namespace mailrun::lobby {

struct TokenSettings {
  const mailrun::service::TokenSigner* signer = nullptr;      // signs new tokens; must outlive Accounts
  const mailrun::service::TokenVerifier* verifier = nullptr;  // verifies refresh tokens; likewise
  int64_t access_seconds = 900;
  int64_t refresh_seconds = 30LL * 24 * 3600;
  // A refresh token presented again within this many seconds of its rotation, while the session
  // it was rotated into is still current, is a concurrent refresh of the same app (two instances
  // sharing one login): it gets that session's tokens. Later, or after the successor moved on, it
  // is taken for a stolen token and the whole session chain is revoked. 0: always the latter.
  int64_t reuse_grace_seconds = 30;
  int64_t device_seconds = 365LL * 24 * 3600;  // how long AuthResponse.device_token is good for
};

class Accounts {
 public:
  // `pool`, `hasher` and `limits` must outlive this object.
  Accounts(ConnectionPool& pool, const PasswordHasher& hasher, LoginLimits& limits, TokenSettings tokens);

  // `client`: the caller's address (login_limits.h), for the per-client limit. Both answer
  // RESOURCE_EXHAUSTED with a retry hint when a limit is reached or password hashing is busy.
  grpc::Status Register(const mailrun::v1::RegisterRequest& request, const std::string& client,
                        mailrun::v1::AuthResponse* response);
  grpc::Status Login(const mailrun::v1::LoginRequest& request, const std::string& client,
                     mailrun::v1::AuthResponse* response);
  // Login codes (login_by_code.cc; login_codes.h): RequestLoginCode stores a new code's hash and
  // appends the LoginCodeRequested event that the notification service mails, in one transaction,
  // when the name is an account with fewer than 3 codes in the last 15 minutes; the answer is the
  // same whatever the name. Login with a login_code is LoginWithCode.
  grpc::Status RequestLoginCode(const mailrun::v1::RequestLoginCodeRequest& request, const std::string& client,
                                mailrun::v1::RequestLoginCodeResponse* response);
  grpc::Status Refresh(const mailrun::v1::RefreshRequest& request, mailrun::v1::AuthResponse* response);
  grpc::Status Logout(const std::string& caller, const mailrun::v1::LogoutRequest& request,
                      mailrun::v1::LogoutResponse* response);
  grpc::Status GetProfile(const std::string& caller, const mailrun::v1::GetProfileRequest& request,
                          mailrun::v1::Profile* response);
  grpc::Status UpdateProfile(const std::string& caller, const mailrun::v1::UpdateProfileRequest& request,
                             mailrun::v1::Profile* response);

  // The caller's own sessions and password (account_sessions.cc). `caller` is the calling access
  // token's claims: its token id names the session it belongs to. A session, to the user, is a
  // family of user_sessions rows (a login and its rotations); its id is the family id.
  grpc::Status ChangePassword(const mailrun::service::TokenClaims& caller, const std::string& client,
                              const mailrun::v1::ChangePasswordRequest& request,
                              mailrun::v1::ChangePasswordResponse* response);
  grpc::Status ListSessions(const mailrun::service::TokenClaims& caller, mailrun::v1::ListSessionsResponse* response);
  grpc::Status RevokeSession(const mailrun::service::TokenClaims& caller,
                             const mailrun::v1::RevokeSessionRequest& request,
                             mailrun::v1::RevokeSessionResponse* response);
  // Deletes the caller's account (account_deletion.cc; docs/operations.md "Deleting an account").
  // The password is checked as ChangePassword's current_password is.
  grpc::Status DeleteAccount(const mailrun::service::TokenClaims& caller, const std::string& client,
                             const mailrun::v1::DeleteAccountRequest& request,
                             mailrun::v1::DeleteAccountResponse* response);

 private:
  // The limits' key of the login's device ("device:<token id>") when it sent a valid device token
  // issued to this display name, else "" (an unknown device).
  std::string KnownDevice(const mailrun::v1::LoginRequest& request) const;
  // Register and Login once admitted by the limits; may throw HashingBusy.
  grpc::Status RegisterChecked(const mailrun::v1::RegisterRequest& request, mailrun::v1::AuthResponse* response);
  // With `code_hash` (a live login code of the account, LoginWithCode): a wrong password counts
  // against the code, and the session is made only if the code is still unused, which it marks used.
  grpc::Status LoginChecked(const mailrun::v1::LoginRequest& request, mailrun::v1::AuthResponse* response,
                            const std::string& code_hash = "");
  // A Login with a login code: the code is checked first (no password hashing for a wrong one),
  // within the wrong-code allowance instead of the account's (login_limits.h).
  grpc::Status LoginWithCode(const mailrun::v1::LoginRequest& request, const std::string& client,
                             mailrun::v1::AuthResponse* response);
  // Logs into the account a Register with this request_id created, if name and password match.
  grpc::Status ReplayRegister(const std::string& session_id, const mailrun::v1::RegisterRequest& request,
                              mailrun::v1::AuthResponse* response);
  std::string CreateSession(pqxx::work& txn, const std::string& user_id, const std::string& family_id);
  grpc::Status SignSession(pqxx::work& txn, const std::string& session_id, mailrun::v1::AuthResponse* response);
  // Whether a replaced refresh token coming back now is a concurrent refresh of the same app: its
  // `successor` session is still current and was made within the grace period.
  bool ConcurrentRefresh(pqxx::work& txn, const std::string& successor) const;
  // ChangePassword once admitted by the limits; may throw HashingBusy.
  grpc::Status ChangePasswordChecked(const mailrun::service::TokenClaims& caller,
                                     const mailrun::v1::ChangePasswordRequest& request,
                                     mailrun::v1::ChangePasswordResponse* response);
  // Runs `checked` (a call that verifies the caller's password) within the signed-in account's own
  // allowance of wrong passwords (login_limits.h), apart from the one logins use:
  // RESOURCE_EXHAUSTED when it is spent or hashing is busy.
  grpc::Status WithPasswordAllowance(const std::string& client, const std::string& user_id,
                                     const std::function<grpc::Status()>& checked);
  // DeleteAccount once admitted by the limits; may throw HashingBusy.
  grpc::Status DeleteAccountChecked(const mailrun::service::TokenClaims& caller,
                                    const mailrun::v1::DeleteAccountRequest& request,
                                    mailrun::v1::DeleteAccountResponse* response);

  ConnectionPool& pool_;
  const PasswordHasher& hasher_;
  LoginLimits& limits_;
  const TokenSettings tokens_;
};

// Whether PostgreSQL knows `time_zone` as an IANA zone name.
bool IsKnownTimeZone(pqxx::work& txn, const std::string& time_zone);

}  // namespace mailrun::lobby
