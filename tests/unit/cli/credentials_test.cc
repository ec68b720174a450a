// The token store: where the login is saved (XDG_CONFIG_HOME, else HOME/.config), with which
// modes, and that a damaged file is refused with a message naming it.
#include "tools/mailrun/client/credentials.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>

#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {
namespace {

mode_t ModeOf(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

class CredentialsStore : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/cli-credentials-XXXXXX";
    ASSERT_NE(mkdtemp(dir_.data()), nullptr);
    for (const char* name : {"HOME", "XDG_CONFIG_HOME"}) {
      const char* value = getenv(name);
      saved_[name] = value ? std::optional<std::string>(value) : std::nullopt;
    }
  }
  void TearDown() override {
    for (const auto& [name, value] : saved_) {
      if (value) setenv(name.c_str(), value->c_str(), 1);
      else unsetenv(name.c_str());
    }
    std::filesystem::remove_all(dir_);
  }

  std::string dir_;
  std::map<std::string, std::optional<std::string>> saved_;
};

TEST_F(CredentialsStore, FollowsXdgConfigHomeElseHome) {
  setenv("HOME", (dir_ + "/home").c_str(), 1);
  setenv("XDG_CONFIG_HOME", (dir_ + "/xdg").c_str(), 1);
  EXPECT_EQ(CredentialsPath(""), dir_ + "/xdg/mailrun/credentials.json");
  EXPECT_EQ(CredentialsPath("bram"), dir_ + "/xdg/mailrun/credentials-bram.json");
  setenv("XDG_CONFIG_HOME", "relative/ignored", 1);  // the XDG spec: only absolute paths count
  EXPECT_EQ(CredentialsPath(""), dir_ + "/home/.config/mailrun/credentials.json");
  unsetenv("XDG_CONFIG_HOME");
  EXPECT_EQ(CredentialsPath(""), dir_ + "/home/.config/mailrun/credentials.json");
  unsetenv("HOME");
  EXPECT_THROW(CredentialsPath(""), CliError);
}

TEST_F(CredentialsStore, SavesWithMode0600InAFolderOf0700AndReadsBack) {
  const std::string path = dir_ + "/config/mailrun/credentials.json";
  Credentials c;
  c.lobby_address = "127.0.0.1:50152";
  c.user_id = "u1";
  c.display_name = "asha";
  c.access_token = "access-secret";
  c.access_expires_at_unix_ms = 1000;
  c.refresh_token = "refresh-secret";
  c.refresh_expires_at_unix_ms = 2000;
  SaveCredentials(path, c);
  EXPECT_EQ(ModeOf(path), 0600u);
  EXPECT_EQ(ModeOf(dir_ + "/config/mailrun"), 0700u);
  const auto loaded = LoadCredentials(path);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->user_id, "u1");
  EXPECT_EQ(loaded->access_token, "access-secret");
  EXPECT_EQ(loaded->refresh_expires_at_unix_ms, 2000);
  for (const auto& entry : std::filesystem::directory_iterator(dir_ + "/config/mailrun")) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << "a temporary file was left";
  }
  EXPECT_TRUE(RemoveCredentials(path));
  EXPECT_FALSE(RemoveCredentials(path));
  EXPECT_FALSE(LoadCredentials(path).has_value());
}

TEST_F(CredentialsStore, ADamagedFileIsRefusedByName) {
  const std::string path = dir_ + "/credentials.json";
  std::ofstream(path) << "{\"user_id\": 7";
  try {
    LoadCredentials(path);
    FAIL() << "a damaged file was read";
  } catch (const CliError& error) {
    EXPECT_EQ(error.exit_code(), kExitLoggedOut);
    EXPECT_NE(std::string(error.what()).find(path), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace mailrun::cli
