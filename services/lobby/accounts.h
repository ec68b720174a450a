// Accounts: registering, logging in, refreshing and revoking sessions, and profiles.
//
// A session is one row of user_sessions per refresh token. Its id is the refresh token's token id;
// the tokens themselves are never stored: both are signed again from the row when a retry (same
// request_id) asks for them. Refresh rotates: the old session is marked replaced_by the new one;
// presenting a replaced refresh token again (not as a retry) revokes the whole chain ("family"),
// because only a thief or a broken client would do that. Access tokens are stateless and cannot be
// revoked; they expire after LobbyConfig::access_token_seconds.
//
// Thread-safe: every call uses its own pooled connection.
#pragma once

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <string>

#include "mailrun/v1/lobby.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/passwords.h"

namespace mailrun::lobby {

struct TokenSettings {
  std::string key;  // 32 raw bytes
  int64_t access_seconds = 900;
  int64_t refresh_seconds = 30LL * 24 * 3600;
};

class Accounts {
 public:
  // `pool` and `hasher` must outlive this object.
  Accounts(ConnectionPool& pool, const PasswordHasher& hasher, TokenSettings tokens);

  grpc::Status Register(const mailrun::v1::RegisterRequest& request, mailrun::v1::AuthResponse* response);
  grpc::Status Login(const mailrun::v1::LoginRequest& request, mailrun::v1::AuthResponse* response);
  grpc::Status Refresh(const mailrun::v1::RefreshRequest& request, mailrun::v1::AuthResponse* response);
  grpc::Status Logout(const std::string& caller, const mailrun::v1::LogoutRequest& request,
                      mailrun::v1::LogoutResponse* response);
  grpc::Status GetProfile(const std::string& caller, const mailrun::v1::GetProfileRequest& request,
                          mailrun::v1::Profile* response);
  grpc::Status UpdateProfile(const std::string& caller, const mailrun::v1::UpdateProfileRequest& request,
                             mailrun::v1::Profile* response);

 private:
  // Logs into the account a Register with this request_id created, if name and password match.
  grpc::Status ReplayRegister(const std::string& session_id, const mailrun::v1::RegisterRequest& request,
                              mailrun::v1::AuthResponse* response);
  std::string CreateSession(pqxx::work& txn, const std::string& user_id, const std::string& family_id);
  grpc::Status SignSession(pqxx::work& txn, const std::string& session_id, mailrun::v1::AuthResponse* response);

  ConnectionPool& pool_;
  const PasswordHasher& hasher_;
  const TokenSettings tokens_;
};

// Whether PostgreSQL knows `time_zone` as an IANA zone name.
bool IsKnownTimeZone(pqxx::work& txn, const std::string& time_zone);

}  // namespace mailrun::lobby
