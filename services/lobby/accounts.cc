#include "services/lobby/accounts.h"

#include <absl/strings/ascii.h>
#include <spdlog/spdlog.h>

#include "services/common/auth.h"
#include "services/common/request_fingerprint.h"
#include "services/common/retry_later.h"
#include "services/common/token.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/login_by_code.h"
#include "services/lobby/ratings.h"
#include "services/lobby/transaction.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

using mailrun::service::RandomId;
using mailrun::service::RequestFingerprint;
using mailrun::service::TokenClaims;
using mailrun::service::TokenKind;
using mailrun::service::UnixNow;

constexpr const char* kRegisterScope = "register";
constexpr const char* kWrongCredentials = "wrong display name or password";

grpc::Status LoadProfile(pqxx::work& txn, const std::string& user_id, bool own, mailrun::v1::Profile* profile) {
  const pqxx::result user = txn.exec_params(
      "SELECT display_name, time_zone, (extract(epoch from created_at) * 1000)::bigint FROM users WHERE user_id = $1",
      user_id);
  if (user.empty()) return NotFound("lobby.account.user_not_found", "no user with id '" + user_id + "'", {param::Text("user_id", user_id)});
  profile->Clear();
  profile->set_user_id(user_id);
  profile->set_display_name(user[0][0].as<std::string>());
  if (own) profile->set_time_zone(user[0][1].as<std::string>());
  profile->set_created_at_unix_ms(user[0][2].as<int64_t>());
  for (const auto& rating : LoadRatings(txn, user_id)) *profile->add_ratings() = rating;
  return grpc::Status::OK;
}

}  // namespace

bool IsKnownTimeZone(pqxx::work& txn, const std::string& time_zone) {
  return txn.exec_params1("SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1)", time_zone)[0].as<bool>();
}

Accounts::Accounts(ConnectionPool& pool, const PasswordHasher& hasher, LoginLimits& limits, TokenSettings tokens)
    : pool_(pool), hasher_(hasher), limits_(limits), tokens_(std::move(tokens)) {}

std::string Accounts::CreateSession(pqxx::work& txn, const std::string& user_id, const std::string& family_id) {
  const std::string session_id = RandomId();
  const int64_t now = UnixNow();
  txn.exec_params(
      "INSERT INTO user_sessions (session_id, user_id, family_id, issued_at, access_expires_at, refresh_expires_at)"
      " VALUES ($1, $2, $3, $4, $5, $6)",
      session_id, user_id, family_id.empty() ? session_id : family_id, now, now + tokens_.access_seconds,
      now + tokens_.refresh_seconds);
  return session_id;
}

grpc::Status Accounts::SignSession(pqxx::work& txn, const std::string& session_id,
                                   mailrun::v1::AuthResponse* response) {
  const pqxx::result rows = txn.exec_params(
      "SELECT s.user_id, u.display_name, s.issued_at, s.access_expires_at, s.refresh_expires_at,"
      " s.revoked_at IS NOT NULL FROM user_sessions s JOIN users u USING (user_id) WHERE s.session_id = $1",
      session_id);
  if (rows.empty()) return Unauthenticated("lobby.session.gone", "the session no longer exists; log in again");
  if (rows[0][5].as<bool>()) return Unauthenticated("lobby.session.logged_out", "this session has been logged out; log in again");
  TokenClaims claims;
  claims.subject = rows[0][0].as<std::string>();
  claims.display_name = rows[0][1].as<std::string>();
  claims.issued_at = rows[0][2].as<int64_t>();
  claims.kind = TokenKind::kAccess;
  claims.expires_at = rows[0][3].as<int64_t>();
  claims.token_id = session_id + "-access";
  response->set_user_id(claims.subject);
  response->set_display_name(claims.display_name);
  response->set_access_token(tokens_.signer->Issue(claims));
  response->set_access_expires_at_unix_ms(claims.expires_at * 1000);
  claims.kind = TokenKind::kRefresh;
  claims.expires_at = rows[0][4].as<int64_t>();
  claims.token_id = session_id;
  response->set_refresh_token(tokens_.signer->Issue(claims));
  response->set_refresh_expires_at_unix_ms(claims.expires_at * 1000);
  // A known device of the account from now on (login_limits.h); as the others, the same token for
  // a retry of the same call.
  claims.kind = TokenKind::kDevice;
  claims.expires_at = claims.issued_at + tokens_.device_seconds;
  claims.token_id = session_id + "-device";
  response->set_device_token(tokens_.signer->Issue(claims));
  return grpc::Status::OK;
}

grpc::Status Accounts::ReplayRegister(const std::string& session_id, const mailrun::v1::RegisterRequest& request,
                                      mailrun::v1::AuthResponse* response) {
  std::string hash;
  std::string name;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result rows = txn.exec_params(
        "SELECT u.display_name, u.password_hash FROM user_sessions s JOIN users u USING (user_id)"
        " WHERE s.session_id = $1",
        session_id);
    if (rows.empty()) return Unauthenticated("lobby.session.registration_session_gone", "the session of this registration no longer exists; log in");
    name = rows[0][0].as<std::string>();
    hash = rows[0][1].as<std::string>();
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (absl::AsciiStrToLower(name) != absl::AsciiStrToLower(request.display_name())) {
    return Invalid("lobby.account.request_id_reused", "request_id", "request_id was already used for another registration; use a new request_id");
  }
  if (!hasher_.Verify(hash, request.password())) return Unauthenticated("lobby.account.wrong_credentials", kWrongCredentials);
  return RunTransaction(pool_, [&](pqxx::work& txn) { return SignSession(txn, session_id, response); });
}

grpc::Status Accounts::Register(const mailrun::v1::RegisterRequest& request, const std::string& client,
                                mailrun::v1::AuthResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (auto status = InvalidIf("display_name", CheckDisplayName(request.display_name())); !status.ok()) return status;
  if (auto status = InvalidIf("password", CheckPassword(request.password())); !status.ok()) return status;
  if (auto status = InvalidIf("time_zone", CheckOptionalId("time_zone", request.time_zone())); !status.ok()) return status;
  if (auto limited = limits_.AdmitRegister(client); !limited.ok()) return limited;
  try {
    return RegisterChecked(request, response);
  } catch (const HashingBusy& busy) {
    return mailrun::service::RetryLater("the lobby is busy checking other passwords", busy.retry_after);
  }
}

grpc::Status Accounts::RegisterChecked(const mailrun::v1::RegisterRequest& request,
                                       mailrun::v1::AuthResponse* response) {
  const std::string time_zone = request.time_zone().empty() ? "UTC" : request.time_zone();

  // A retry? Then log into the account the first call created. Else check cheaply before the
  // slow hash that the name is free and the time zone known.
  std::string earlier_session;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result seen = txn.exec_params(
        "SELECT method, result_id FROM lobby_requests WHERE scope = $1 AND request_id = $2", kRegisterScope,
        request.request_id());
    if (!seen.empty()) {
      earlier_session = seen[0][1].as<std::string>();
      return grpc::Status::OK;
    }
    if (!IsKnownTimeZone(txn, time_zone)) {
      return Invalid("lobby.account.time_zone_unknown", "time_zone", "time_zone '" + time_zone + "' is not a known IANA time zone (e.g. Asia/Kolkata)", {param::Text("time_zone", time_zone)});
    }
    const pqxx::result taken =
        txn.exec_params("SELECT 1 FROM users WHERE lower(display_name) = lower($1)", request.display_name());
    if (!taken.empty()) return Taken("lobby.account.display_name_taken", "display name '" + request.display_name() + "' is taken", {param::Text("display_name", request.display_name())});
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (!earlier_session.empty()) return ReplayRegister(earlier_session, request, response);

  const std::string hash = hasher_.Hash(request.password());
  bool replayed = false;
  std::string session_id;
  status = RunTransaction(pool_, [&](pqxx::work& txn) {
    mailrun::v1::RegisterRequest fingerprinted = request;
    fingerprinted.clear_password();  // checked against the stored hash on a retry (ReplayRegister)
    const RequestKey key{kRegisterScope, request.request_id(), "Register", RequestFingerprint(fingerprinted)};
    grpc::Status applied = ApplyOnce(txn, key, &session_id, [&](std::string* result_id) {
      const std::string user_id = RandomId();
      const pqxx::result inserted = txn.exec_params(
          "INSERT INTO users (user_id, display_name, password_hash, time_zone) VALUES ($1, $2, $3, $4)"
          " ON CONFLICT DO NOTHING RETURNING user_id",
          user_id, request.display_name(), hash, time_zone);
      if (inserted.empty()) return Taken("lobby.account.display_name_taken", "display name '" + request.display_name() + "' is taken", {param::Text("display_name", request.display_name())});
      *result_id = CreateSession(txn, user_id, "");
      return grpc::Status::OK;
    }, &replayed);
    if (!applied.ok() || replayed) return applied;
    return SignSession(txn, session_id, response);
  });
  if (status.ok() && replayed) return ReplayRegister(session_id, request, response);
  if (status.ok()) spdlog::info("registered user {}", response->user_id());
  return status;
}

grpc::Status Accounts::Login(const mailrun::v1::LoginRequest& request, const std::string& client,
                             mailrun::v1::AuthResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (request.display_name().empty()) return Invalid("lobby.account.display_name_required", "display_name", "display_name is required");
  if (auto status = InvalidIf("display_name", CheckDisplayName(request.display_name())); !status.ok()) return status;
  if (request.password().empty()) return Invalid("lobby.account.password_required", "password", "password is required");
  if (!request.login_code().empty()) return LoginWithCode(request, client, response);
  const std::string device = KnownDevice(request);
  // Before any hashing: an account or client over its allowance costs nothing but this answer.
  if (auto limited = limits_.AdmitLogin(client, request.display_name(), device); !limited.ok()) return limited;
  try {
    grpc::Status status = LoginChecked(request, response);
    // Only wrong credentials use the account's (or the device's) allowance up.
    if (status.error_code() != grpc::StatusCode::UNAUTHENTICATED) limits_.Refund(request.display_name(), device);
    return status;
  } catch (const HashingBusy& busy) {
    limits_.Refund(request.display_name(), device);  // its password was never checked
    return mailrun::service::RetryLater("the lobby is busy checking other passwords", busy.retry_after);
  }
}

std::string Accounts::KnownDevice(const mailrun::v1::LoginRequest& request) const {
  if (request.device_token().empty() || request.device_token().size() > 4096) return "";
  // Any failure (expired, another key, garbage) is an unknown device, not a refusal.
  const auto claims = tokens_.verifier->Verify(request.device_token(), TokenKind::kDevice, UnixNow());
  if (!claims || absl::AsciiStrToLower(claims->display_name) != absl::AsciiStrToLower(request.display_name())) return "";
  return "device:" + claims->token_id;
}

grpc::Status Accounts::LoginChecked(const mailrun::v1::LoginRequest& request, mailrun::v1::AuthResponse* response,
                                    const std::string& code_hash) {
  std::string user_id;
  std::string hash;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    const pqxx::result rows = txn.exec_params(
        "SELECT user_id, password_hash FROM users WHERE lower(display_name) = lower($1) AND NOT deleted_placeholder",
        request.display_name());
    if (!rows.empty()) {
      user_id = rows[0][0].as<std::string>();
      hash = rows[0][1].as<std::string>();
    }
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  if (user_id.empty()) {
    hasher_.VerifyNothing(request.password());
    return Unauthenticated("lobby.account.wrong_credentials", kWrongCredentials);
  }
  if (!hasher_.Verify(hash, request.password())) {
    if (!code_hash.empty()) CountWrongPasswordWithCode(pool_, user_id, code_hash);
    return Unauthenticated("lobby.account.wrong_credentials", kWrongCredentials);
  }
  const std::string new_hash = hasher_.NeedsRehash(hash) ? hasher_.Hash(request.password()) : "";

  return RunTransaction(pool_, [&](pqxx::work& txn) {
    if (!new_hash.empty()) {
      txn.exec_params("UPDATE users SET password_hash = $2 WHERE user_id = $1", user_id, new_hash);
    }
    if (!code_hash.empty() && !UseLoginCode(txn, user_id, code_hash, request.request_id())) {
      return Unauthenticated("lobby.account.login_code_used", "this login code was used already; ask for a new one");
    }
    std::string session_id;
    mailrun::v1::LoginRequest fingerprinted = request;
    fingerprinted.clear_password();
    fingerprinted.clear_device_token();  // a secret too; a retry from a device that lost it is the same call
    fingerprinted.clear_login_code();    // likewise
    const RequestKey key{user_id, request.request_id(), "Login", RequestFingerprint(fingerprinted)};
    grpc::Status applied = ApplyOnce(txn, key, &session_id, [&](std::string* result_id) {
      *result_id = CreateSession(txn, user_id, "");
      return grpc::Status::OK;
    });
    if (!applied.ok()) return applied;
    return SignSession(txn, session_id, response);
  });
}

grpc::Status Accounts::Refresh(const mailrun::v1::RefreshRequest& request, mailrun::v1::AuthResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (request.refresh_token().empty()) return Invalid("lobby.session.refresh_token_required", "refresh_token", "refresh_token is required");
  mailrun::service::TokenError error;
  const auto claims = tokens_.verifier->Verify(request.refresh_token(), TokenKind::kRefresh, UnixNow(), &error);
  if (!claims) return Unauthenticated("lobby.session.refresh_token_invalid", "refresh_token: " + error.message, {param::Text("reason", error.message)});
  mailrun::v1::RefreshRequest fingerprinted = request;
  fingerprinted.set_refresh_token(claims->token_id);  // the session, not the token
  const RequestKey key{claims->subject, request.request_id(), "Refresh", RequestFingerprint(fingerprinted)};

  std::string reused_family;
  grpc::Status status = RunTransaction(pool_, [&](pqxx::work& txn) {
    reused_family.clear();
    std::string session_id;
    grpc::Status applied = ApplyOnce(txn, key, &session_id, [&](std::string* result_id) {
      const pqxx::result old = txn.exec_params(
          "SELECT user_id, family_id, replaced_by, revoked_at IS NOT NULL FROM user_sessions"
          " WHERE session_id = $1 FOR UPDATE",
          claims->token_id);
      if (old.empty() || old[0][0].as<std::string>() != claims->subject) {
        return Unauthenticated("lobby.session.refresh_token_unknown", "refresh_token: the session is not known; log in again");
      }
      if (old[0][3].as<bool>()) return Unauthenticated("lobby.session.refresh_token_revoked", "refresh_token has been revoked; log in again");
      if (!old[0][2].is_null()) {
        const std::string successor = old[0][2].as<std::string>();
        if (ConcurrentRefresh(txn, successor)) {
          *result_id = successor;  // the rotation the other instance of the app just made
          return grpc::Status::OK;
        }
        reused_family = old[0][1].as<std::string>();
        return Unauthenticated("lobby.session.refresh_token_reused", "refresh_token was already used; the session has been ended for safety; log in again");
      }
      *result_id = CreateSession(txn, claims->subject, old[0][1].as<std::string>());
      txn.exec_params("UPDATE user_sessions SET replaced_by = $2 WHERE session_id = $1", claims->token_id,
                      *result_id);
      return grpc::Status::OK;
    });
    if (!applied.ok()) return applied;
    return SignSession(txn, session_id, response);
  });
  if (!reused_family.empty()) {
    // Done apart from the refused call above, whose transaction changed nothing.
    spdlog::warn("refresh token reuse for user {}: revoking its session chain", claims->subject);
    const grpc::Status revoked = RunTransaction(pool_, [&](pqxx::work& txn) {
      txn.exec_params("UPDATE user_sessions SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL",
                      reused_family);
      return grpc::Status::OK;
    });
    if (!revoked.ok()) return revoked;
  }
  return status;
}

bool Accounts::ConcurrentRefresh(pqxx::work& txn, const std::string& successor) const {
  if (tokens_.reuse_grace_seconds <= 0) return false;
  // The successor was made (issued_at) when the token now presented was rotated.
  const pqxx::result next = txn.exec_params(
      "SELECT issued_at FROM user_sessions WHERE session_id = $1 AND replaced_by IS NULL AND revoked_at IS NULL"
      " FOR UPDATE",
      successor);
  return !next.empty() && UnixNow() - next[0][0].as<int64_t>() <= tokens_.reuse_grace_seconds;
}

grpc::Status Accounts::Logout(const std::string& caller, const mailrun::v1::LogoutRequest& request,
                              mailrun::v1::LogoutResponse* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  std::string family;
  if (!request.all_sessions()) {
    if (request.refresh_token().empty()) return Invalid("lobby.session.logout_needs_token", "refresh_token", "give refresh_token (one session) or all_sessions");
    mailrun::service::TokenError error;
    // now = 0: an expired refresh token still names the session it belonged to.
    const auto claims = tokens_.verifier->Verify(request.refresh_token(), TokenKind::kRefresh, 0, &error);
    if (!claims) return Unauthenticated("lobby.session.refresh_token_invalid", "refresh_token: " + error.message, {param::Text("reason", error.message)});
    if (claims->subject != caller) return Denied("lobby.session.refresh_token_not_yours", "refresh_token belongs to another user");
    family = claims->token_id;
  }
  mailrun::v1::LogoutRequest fingerprinted = request;
  fingerprinted.set_refresh_token(family);  // the session, not the token
  response->set_sessions_revoked(0);
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    std::string ignored;
    return ApplyOnce(txn, {caller, request.request_id(), "Logout", RequestFingerprint(fingerprinted)}, &ignored,
                     [&](std::string*) {
      pqxx::result revoked;
      if (request.all_sessions()) {
        revoked = txn.exec_params(
            "UPDATE user_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL"
            " AND replaced_by IS NULL RETURNING 1",
            caller);
      } else {
        revoked = txn.exec_params(
            "UPDATE user_sessions SET revoked_at = now() WHERE revoked_at IS NULL AND replaced_by IS NULL"
            " AND user_id = $1 AND family_id ="
            " (SELECT family_id FROM user_sessions WHERE session_id = $2) RETURNING 1",
            caller, family);
      }
      response->set_sessions_revoked(static_cast<int32_t>(revoked.size()));
      return grpc::Status::OK;
    });
  });
}

grpc::Status Accounts::GetProfile(const std::string& caller, const mailrun::v1::GetProfileRequest& request,
                                  mailrun::v1::Profile* response) {
  if (auto status = InvalidIf("user_id", CheckOptionalId("user_id", request.user_id())); !status.ok()) return status;
  if (!request.display_name().empty()) {
    if (!request.user_id().empty()) {
      return Invalid("lobby.account.profile_by_both", "display_name", "give user_id or display_name, not both");
    }
    if (auto status = InvalidIf("display_name", CheckDisplayName(request.display_name())); !status.ok()) return status;
    return RunTransaction(pool_, [&](pqxx::work& txn) {
      const pqxx::result user = txn.exec_params(
          "SELECT user_id FROM users WHERE lower(display_name) = lower($1) AND NOT deleted_placeholder",
          request.display_name());
      if (user.empty()) {
        return NotFound("lobby.account.user_name_unknown", "no user named '" + request.display_name() + "'",
                        {param::Text("display_name", request.display_name())});
      }
      const std::string user_id = user[0][0].as<std::string>();
      return LoadProfile(txn, user_id, user_id == caller, response);
    });
  }
  const std::string user_id = request.user_id().empty() ? caller : request.user_id();
  return RunTransaction(pool_, [&](pqxx::work& txn) { return LoadProfile(txn, user_id, user_id == caller, response); });
}

grpc::Status Accounts::UpdateProfile(const std::string& caller, const mailrun::v1::UpdateProfileRequest& request,
                                     mailrun::v1::Profile* response) {
  if (auto status = InvalidIf("request_id", CheckRequestId(request.request_id())); !status.ok()) return status;
  if (auto status = InvalidIf("time_zone", CheckOptionalId("time_zone", request.time_zone())); !status.ok()) return status;
  if (request.display_name().empty() && request.time_zone().empty()) {
    return Invalid("lobby.account.nothing_to_change", "display_name", "nothing to change: give display_name and/or time_zone");
  }
  if (!request.display_name().empty()) {
    if (auto status = InvalidIf("display_name", CheckDisplayName(request.display_name())); !status.ok()) return status;
  }
  return RunTransaction(pool_, [&](pqxx::work& txn) {
    std::string ignored;
    grpc::Status applied =
        ApplyOnce(txn, {caller, request.request_id(), "UpdateProfile", RequestFingerprint(request)}, &ignored,
                  [&](std::string* result_id) {
          *result_id = caller;
          if (!request.time_zone().empty()) {
            if (!IsKnownTimeZone(txn, request.time_zone())) {
              return Invalid("lobby.account.time_zone_unknown", "time_zone", "time_zone '" + request.time_zone() +
                             "' is not a known IANA time zone (e.g. Asia/Kolkata)", {param::Text("time_zone", request.time_zone())});
            }
            txn.exec_params("UPDATE users SET time_zone = $2 WHERE user_id = $1", caller, request.time_zone());
          }
          if (!request.display_name().empty()) {
            const pqxx::result taken = txn.exec_params(
                "SELECT 1 FROM users WHERE lower(display_name) = lower($1) AND user_id <> $2", request.display_name(),
                caller);
            if (!taken.empty()) return Taken("lobby.account.display_name_taken", "display name '" + request.display_name() + "' is taken", {param::Text("display_name", request.display_name())});
            txn.exec_params("UPDATE users SET display_name = $2 WHERE user_id = $1", caller, request.display_name());
          }
          return grpc::Status::OK;
        });
    if (!applied.ok()) return applied;
    return LoadProfile(txn, caller, true, response);
  });
}

}  // namespace mailrun::lobby
