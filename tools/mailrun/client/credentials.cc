#include "tools/mailrun/client/credentials.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "services/common/token.h"
#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {
namespace {

CliError FileError(const std::string& what, const std::string& path) {
  return CliError(kExitRefused, what + " " + path + ": " + std::strerror(errno));
}

// Creates `dir` and its parents; the last one (mailrun's own folder) with mode 0700.
void MakeFolder(const std::string& dir) {
  std::error_code error;
  std::filesystem::create_directories(std::filesystem::path(dir).parent_path(), error);
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) throw FileError("cannot create the folder", dir);
}

bool WriteAll(int fd, const std::string& text) {
  size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<size_t>(n);
  }
  return true;
}

// Writes `text` to `path` atomically (a temporary file, fsync, rename) with mode 0600, creating
// the folder (mode 0700) when needed; `what` names the file in errors.
void WriteSecretFile(const std::string& path, const std::string& text, const std::string& what) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  MakeFolder(dir);
  const std::string temporary = path + ".tmp-" + mailrun::service::RandomId();
  const int fd = open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw FileError("cannot write " + what + " to", temporary);
  const bool written = WriteAll(fd, text) && fchmod(fd, 0600) == 0 && fsync(fd) == 0;
  const int write_errno = errno;
  close(fd);
  if (!written || rename(temporary.c_str(), path.c_str()) != 0) {
    if (!written) errno = write_errno;
    const CliError error = FileError("cannot write " + what + " to", path);
    unlink(temporary.c_str());
    throw error;
  }
  const int dir_fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    fsync(dir_fd);  // the rename itself survives a crash
    close(dir_fd);
  }
}

std::string DeviceKey(const std::string& lobby_address, const std::string& display_name) {
  std::string name = display_name;
  for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return lobby_address + " " + name;
}

nlohmann::json ReadDeviceTokens() {
  std::ifstream file(DeviceTokensPath());
  if (!file) return nlohmann::json::object();
  try {
    auto json = nlohmann::json::parse(file);
    return json.is_object() ? json : nlohmann::json::object();
  } catch (const nlohmann::json::exception&) {
    return nlohmann::json::object();
  }
}

}  // namespace

std::string ConfigDirectory() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/mailrun";
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] == '/') return std::string(home) + "/.config/mailrun";
  throw CliError(kExitBadInput, "cannot find a folder for the login: set HOME or XDG_CONFIG_HOME");
}

std::string CredentialsPath(const std::string& profile) {
  return ConfigDirectory() + (profile.empty() ? "/credentials.json" : "/credentials-" + profile + ".json");
}

std::optional<Credentials> LoadCredentials(const std::string& path) {
  std::ifstream file(path);
  if (!file) {
    if (errno == ENOENT) return std::nullopt;
    throw FileError("cannot read the login in", path);
  }
  std::stringstream text;
  text << file.rdbuf();
  try {
    const auto json = nlohmann::json::parse(text.str());
    Credentials c;
    c.lobby_address = json.value("lobby_address", "");
    c.user_id = json.at("user_id").get<std::string>();
    c.display_name = json.value("display_name", "");
    c.access_token = json.at("access_token").get<std::string>();
    c.access_expires_at_unix_ms = json.at("access_expires_at_unix_ms").get<int64_t>();
    c.refresh_token = json.at("refresh_token").get<std::string>();
    c.refresh_expires_at_unix_ms = json.at("refresh_expires_at_unix_ms").get<int64_t>();
    return c;
  } catch (const nlohmann::json::exception&) {
    throw CliError(kExitLoggedOut, "the login saved in " + path +
                                       " is damaged (not mailrun's JSON); delete it and log in again");
  }
}

void SaveCredentials(const std::string& path, const Credentials& c) {
  nlohmann::ordered_json json = {{"lobby_address", c.lobby_address},
                                 {"user_id", c.user_id},
                                 {"display_name", c.display_name},
                                 {"access_token", c.access_token},
                                 {"access_expires_at_unix_ms", c.access_expires_at_unix_ms},
                                 {"refresh_token", c.refresh_token},
                                 {"refresh_expires_at_unix_ms", c.refresh_expires_at_unix_ms}};
  WriteSecretFile(path, json.dump(2) + "\n", "the login");
}

bool RemoveCredentials(const std::string& path) {
  if (unlink(path.c_str()) == 0) return true;
  if (errno == ENOENT) return false;
  throw FileError("cannot delete the login in", path);
}

std::string DeviceTokensPath() { return ConfigDirectory() + "/devices.json"; }

std::string LoadDeviceToken(const std::string& lobby_address, const std::string& display_name) {
  const auto tokens = ReadDeviceTokens();
  const auto found = tokens.find(DeviceKey(lobby_address, display_name));
  return found != tokens.end() && found->is_string() ? found->get<std::string>() : "";
}

void SaveDeviceToken(const std::string& lobby_address, const std::string& display_name, const std::string& token) {
  if (token.empty()) return;
  const CredentialsLock lock(DeviceTokensPath());  // two logins at once keep both tokens
  auto tokens = ReadDeviceTokens();
  tokens[DeviceKey(lobby_address, display_name)] = token;
  WriteSecretFile(DeviceTokensPath(), tokens.dump(2) + "\n", "the device tokens");
}

CredentialsLock::CredentialsLock(const std::string& path) {
  MakeFolder(std::filesystem::path(path).parent_path().string());
  const std::string lock_path = path + ".lock";
  fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd_ < 0) throw FileError("cannot open the lock file", lock_path);
  while (flock(fd_, LOCK_EX) != 0) {
    if (errno != EINTR) {
      close(fd_);
      throw FileError("cannot lock", lock_path);
    }
  }
}

CredentialsLock::~CredentialsLock() {
  if (fd_ >= 0) close(fd_);  // releases the lock
}

}  // namespace mailrun::cli
