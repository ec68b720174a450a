// CommandContext: what one command of the mailrun client works with: the connections to the
// services, the logged-in session and the output (text or --json), plus the small services every
// command needs: fresh request ids and "which game" when the player leaves it out.
// Not thread-safe: one per command run.
#pragma once

#include <optional>
#include <string>

#include "tools/mailrun/client/connections.h"
#include "tools/mailrun/client/options.h"
#include "tools/mailrun/client/output.h"
#include "tools/mailrun/client/session.h"

namespace mailrun::cli {

class CommandContext {
 public:
  // `options` must outlive this object.
  explicit CommandContext(const ClientOptions& options)
      : connections(options), session(connections), out(options.json) {}

  // The game to work on: `given` when not empty; else the caller's only game whose turn it is,
  // else their only unfinished game. Throws CliError listing the games when that is ambiguous.
  std::string ResolveGame(const std::string& given);

  // The caller's full view of a game, and their legal actions now.
  mailrun::v1::GetGameResponse ReadGame(const std::string& game_id);
  mailrun::v1::ListLegalActionsResponse ReadLegalActions(const std::string& game_id);

  // The components of a game's title and edition (GetComponents), read once per command; empty
  // when the game service serves none for them (FAILED_PRECONDITION: 1947 for now).
  const mailrun::v1::Components& ReadComponents(const mailrun::v1::GameView& view);

  Connections connections;
  Session session;
  Output out;

 private:
  std::optional<mailrun::v1::Components> components_;
};

// A request id for a call that changes something (1-128 printable characters): "cli-" followed by
// 32 random hex digits. A retry with the same id is applied once.
std::string NewRequestId();

}  // namespace mailrun::cli
