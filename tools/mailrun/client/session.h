// Session: the logged-in player of one mailrun command. Reads the saved login of the chosen
// profile (credentials.h), hands out an access token, and refreshes it through the lobby first
// when it has expired or is about to (the refresh token rotates; the new pair is saved at once,
// under a lock so two commands never present the same refresh token). Not thread-safe.
#pragma once

#include <optional>
#include <string>

#include "mailrun/v1/lobby.pb.h"
#include "services/common/unix_time.h"
#include "tools/mailrun/client/connections.h"
#include "tools/mailrun/client/credentials.h"

namespace mailrun::cli {

class Session {
 public:
  // `connections` must outlive this object; the profile is connections.options().profile.
  explicit Session(Connections& connections);

  // The saved login; throws CliError (exit code 4) when the profile has none.
  const Credentials& Current();
  // An access token valid for at least a minute (refreshed and saved when needed).
  std::string AccessToken();
  // Saves a new session from Register, Login or Refresh.
  void Save(const mailrun::v1::AuthResponse& auth);
  // Deletes the saved login; false if there was none.
  bool Forget();

  const std::string& path() const { return path_; }
  std::string LoginHint() const;  // "mailrun login NAME" with the profile flag when one is used

 private:
  Connections& connections_;
  std::string path_;
  std::optional<Credentials> current_;
};

// Milliseconds since the Unix epoch now.
using mailrun::service::NowUnixMs;

}  // namespace mailrun::cli
