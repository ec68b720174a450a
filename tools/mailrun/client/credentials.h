// The token store: a player's saved login (user id, access and refresh tokens) in
// $XDG_CONFIG_HOME/mailrun/credentials.json (or ~/.config/mailrun/credentials.json), one file per
// profile (credentials-<profile>.json). Files are mode 0600 in a 0700 folder, written whole to a
// temporary file and renamed into place, so a crash never leaves half a file. The tokens are
// secrets: nothing here prints them. Functions are thread-compatible; CredentialsLock serialises
// processes that refresh the same login.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace mailrun::cli {

struct Credentials {
  std::string lobby_address;  // the lobby that issued the tokens
  std::string user_id;
  std::string display_name;
  std::string access_token;
  int64_t access_expires_at_unix_ms = 0;
  std::string refresh_token;
  int64_t refresh_expires_at_unix_ms = 0;
};

// $XDG_CONFIG_HOME/mailrun if XDG_CONFIG_HOME is an absolute path, else $HOME/.config/mailrun.
// Throws CliError when neither variable gives a folder.
std::string ConfigDirectory();

// The file of `profile` ("" for the default login) in ConfigDirectory().
std::string CredentialsPath(const std::string& profile);

// The saved login, or nullopt when the file does not exist. Throws CliError when the file cannot
// be read or is not a login saved by mailrun.
std::optional<Credentials> LoadCredentials(const std::string& path);

// Writes the login atomically (temporary file, fsync, rename) with mode 0600, creating the folder
// (mode 0700) when needed. Throws CliError naming the path on failure; the old file then stays.
void SaveCredentials(const std::string& path, const Credentials& credentials);

// Deletes the file; false if there was none.
bool RemoveCredentials(const std::string& path);

// The device tokens the lobbies gave this computer (AuthResponse.device_token), one per lobby and
// account name (any case), in ConfigDirectory()/devices.json (mode 0600, written like a login). They
// are kept after logout and sent with every Login of that account, so a stranger failing to log in
// as the player elsewhere cannot hold this computer back (docs/operations.md, "Logins").
std::string DeviceTokensPath();
// "" when none is kept (or the file is unreadable: a login then counts as from a new device).
std::string LoadDeviceToken(const std::string& lobby_address, const std::string& display_name);
void SaveDeviceToken(const std::string& lobby_address, const std::string& display_name, const std::string& token);

// An exclusive advisory lock (flock) on "<path>.lock", held while the object lives.
class CredentialsLock {
 public:
  explicit CredentialsLock(const std::string& path);
  ~CredentialsLock();
  CredentialsLock(const CredentialsLock&) = delete;
  CredentialsLock& operator=(const CredentialsLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace mailrun::cli
