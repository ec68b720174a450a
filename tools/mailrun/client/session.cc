#include "tools/mailrun/client/session.h"

#include <chrono>

#include "services/common/token.h"

namespace mailrun::cli {
namespace {

constexpr int64_t kRefreshMarginMs = 60 * 1000;

}  // namespace

Session::Session(Connections& connections)
    : connections_(connections), path_(CredentialsPath(connections.options().profile)) {}

std::string Session::LoginHint() const {
  const std::string& profile = connections_.options().profile;
  return std::string("mailrun ") + (profile.empty() ? "" : "--profile " + profile + " ") + "login NAME";
}

const Credentials& Session::Current() {
  if (!current_) current_ = LoadCredentials(path_);
  if (!current_) {
    throw CliError(kExitLoggedOut, "not logged in" +
                                       (connections_.options().profile.empty()
                                            ? std::string()
                                            : " as profile '" + connections_.options().profile + "'") +
                                       ": mailrun register NAME, or " + LoginHint());
  }
  return *current_;
}

std::string Session::AccessToken() {
  if (Current().access_expires_at_unix_ms - kRefreshMarginMs > NowUnixMs()) return current_->access_token;
  // Another mailrun command may be refreshing the same login: take turns, and use its tokens.
  CredentialsLock lock(path_);
  current_ = LoadCredentials(path_);
  if (Current().access_expires_at_unix_ms - kRefreshMarginMs > NowUnixMs()) return current_->access_token;
  if (current_->refresh_expires_at_unix_ms <= NowUnixMs()) {
    throw CliError(kExitLoggedOut, "your login has expired: " + LoginHint());
  }
  mailrun::v1::RefreshRequest request;
  request.set_request_id("refresh-" + mailrun::service::RandomId());
  request.set_refresh_token(current_->refresh_token);
  mailrun::v1::AuthResponse auth;
  try {
    auth = connections_.Lobby(&LobbyStub::Refresh, request, "", "refreshing the login");
  } catch (const CallError& error) {
    if (error.code() != grpc::StatusCode::UNAUTHENTICATED) throw;
    throw CliError(kExitLoggedOut, "the lobby ended this login (" + error.service_message() + "): " + LoginHint());
  }
  Save(auth);
  return current_->access_token;
}

void Session::Save(const mailrun::v1::AuthResponse& auth) {
  Credentials c;
  c.lobby_address = connections_.options().lobby_address;
  c.user_id = auth.user_id();
  c.display_name = auth.display_name();
  c.access_token = auth.access_token();
  c.access_expires_at_unix_ms = auth.access_expires_at_unix_ms();
  c.refresh_token = auth.refresh_token();
  c.refresh_expires_at_unix_ms = auth.refresh_expires_at_unix_ms();
  SaveCredentials(path_, c);
  SaveDeviceToken(c.lobby_address, c.display_name, auth.device_token());
  current_ = std::move(c);
}

bool Session::Forget() {
  current_.reset();
  return RemoveCredentials(path_);
}

}  // namespace mailrun::cli
