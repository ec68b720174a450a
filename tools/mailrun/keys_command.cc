// `mailrun keys new|public`: the token signing keys (services/common/signing_keys.h). `new` makes an
// Ed25519 key pair: the signing key (a secret, for the lobby only) goes into a new file of mode
// 0600, the public key line (for every service) is printed. `public` prints the public key line of
// an existing signing key file. docs/operations.md shows how a new key is rolled in.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>

#include "services/common/signing_keys.h"
#include "tools/mailrun/client/errors.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

void WriteNewSecretFile(const std::string& path, const std::string& content) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    throw BadInput("cannot create " + path + ": " + std::strerror(errno) + " (an existing key file is never replaced)");
  }
  const bool written = write(fd, content.data(), content.size()) == static_cast<ssize_t>(content.size());
  close(fd);
  if (!written) throw BadInput("cannot write " + path);
}

}  // namespace

void RegisterKeysCommand(CLI::App& app) {
  auto* keys = app.add_subcommand("keys", "Token signing keys: make a new one, or show a key's public line");
  keys->require_subcommand(1);

  static std::string key_id;
  static std::string signing_key_file;
  auto* create = keys->add_subcommand("new", "Make a signing key (into a new file) and print its public key line");
  create->add_option("--id", key_id, "the key id: 1 to 64 letters, digits, '_' or '-' (e.g. the date, 2025-06)")
      ->required();
  create->add_option("--signing-key-file", signing_key_file, "the new file for the signing key (mode 0600)")
      ->required();
  create->callback([] {
    if (!mailrun::service::IsValidKeyId(key_id)) throw BadInput("--id: 1 to 64 letters, digits, '_' or '-'");
    const std::string seed = mailrun::service::NewSigningSeed();
    const std::string line = mailrun::service::SigningKeyLine(key_id, seed);
    WriteNewSecretFile(signing_key_file, line);
    std::cout << mailrun::service::PublicKeyLine(mailrun::service::ParseSigningKey(line));
  });

  static std::string existing_file;
  auto* show = keys->add_subcommand("public", "Print the public key line of a signing key file");
  show->add_option("signing-key-file", existing_file, "a file made by `mailrun keys new`")->required();
  show->callback([] {
    try {
      std::cout << mailrun::service::PublicKeyLine(mailrun::service::LoadSigningKey("", existing_file));
    } catch (const std::runtime_error& e) {
      throw BadInput(e.what());
    }
  });
}

}  // namespace mailrun::cli
