// The lobby steps every end-to-end game starts with, through the public API: accounts registered
// (each with its access token) and a table opened, joined and started until its game exists.
// Failures are reported as test failures (and an empty result). Thread-compatible.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mailrun/v1/lobby.grpc.pb.h"

namespace mailrun::e2e {

struct Account {
  std::string name;
  std::string user_id;
  std::string token;  // access token
};

// Registers `name` with `password`.
Account RegisterAccount(mailrun::v1::LobbyService::Stub& lobby, const std::string& name, const std::string& password);

// The table's turn deadline and its number of missed deadlines after which a seat counts as
// abandoned (seats.proto); the lobby's defaults (no deadline) when left so.
struct TableDeadlines {
  int64_t turn_deadline_seconds = 0;
  int abandon_after_missed_deadlines = -1;  // -1: unset (the lobby's default)
};

// `players[0]` opens a table of `seats` for `title` (and `edition`) with `options`, the others join in order, and the host
// starts it unless the last seat filled it; then waits until the lobby has created its game. The
// table as it is then (TABLE_STATUS_PLAYING, game_id set), players in seat order.
mailrun::v1::Table SeatAndStart(mailrun::v1::LobbyService::Stub& lobby, const std::vector<Account>& players, int seats,
                                const mailrun::v1::GameOptions& options,
                                mailrun::v1::Title title = mailrun::v1::TITLE_UNSPECIFIED,
                                mailrun::v1::Edition edition = mailrun::v1::EDITION_UNSPECIFIED,
                                const TableDeadlines& deadlines = {});

}  // namespace mailrun::e2e
