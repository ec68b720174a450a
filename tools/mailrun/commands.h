// The subcommands of the `mailrun` command-line client. Each group lives in its own file and adds
// itself to the app here; main.cc calls every Register function in turn. The commands that talk to
// the services take the global client options (tools/mailrun/client/options.h), read when they run.
#pragma once

#include <CLI/CLI.hpp>

#include "tools/mailrun/client/options.h"

namespace mailrun::cli {

// `mailrun health ADDR...`: asks each server's grpc.health.v1.Health service for its status.
void RegisterHealthCommand(CLI::App& app);

// `mailrun board render|summary --edition 1853`: draws the board data (SVG/PNG) or prints its counts.
void RegisterBoardCommand(CLI::App& app);

// `mailrun selfplay --games N --players P --seed S [--json]`: the reference bot plays whole games
// with every invariant checked after every action.
void RegisterSelfPlayCommand(CLI::App& app);

// `mailrun keys new --id ID --signing-key-file FILE`, `mailrun keys public FILE`: token signing keys.
void RegisterKeysCommand(CLI::App& app);

// `mailrun replay FILE`: replays a game record, printing the game log and the final scores.
void RegisterReplayCommand(CLI::App& app);

// `mailrun register NAME`, `login NAME`, `logout`, `whoami`: accounts and the saved login.
void RegisterAccountCommands(CLI::App& app, const ClientOptions& options);

// `mailrun password` and `mailrun sessions [revoke ID]`: the account's password and its logins.
void RegisterSessionsCommands(CLI::App& app, const ClientOptions& options);

// `mailrun tables list|show|create|join|leave|start|invite`: tables in the lobby.
void RegisterTablesCommand(CLI::App& app, const ClientOptions& options);

// `mailrun games list|show|turn`: the caller's games, a game's summary (and board as SVG), whose turn.
void RegisterGamesCommand(CLI::App& app, const ClientOptions& options);

// `mailrun actions GAME`, `act GAME ...`, `undo GAME`: the legal actions now, playing one, taking one back.
void RegisterActCommands(CLI::App& app, const ClientOptions& options);

// `mailrun runs GAME` (the optimiser's runs) and `mailrun history GAME` (the game's log).
void RegisterGameLogCommands(CLI::App& app, const ClientOptions& options);

// `mailrun watch` (follow the notification stream) and `mailrun inbox`.
void RegisterWatchCommands(CLI::App& app, const ClientOptions& options);

// `mailrun tournaments list|show|create|register|withdraw|start-round|standings|drop`.
void RegisterTournamentsCommand(CLI::App& app, const ClientOptions& options);

// `mailrun leaderboard` and `mailrun results`: ratings and the caller's finished games.
void RegisterRatingsCommands(CLI::App& app, const ClientOptions& options);

// `mailrun chat show|post|delete|mute` (a game's chat) and `mailrun notes` (private notes on a game).
void RegisterChatCommands(CLI::App& app, const ClientOptions& options);

// `mailrun program list|pass|bid|cancel`: programmed moves (standing orders) in a game.
void RegisterProgrammedCommands(CLI::App& app, const ClientOptions& options);

// `mailrun export GAME [--out FILE] [--at VERSION]` (a game's record file) and `mailrun study FILE
// [--at VERSION]` (an unranked study game from one, played for every seat with `act`).
void RegisterStudyCommands(CLI::App& app, const ClientOptions& options);
// `mailrun seat status|vote|invite|invitations|accept`: empty seats (seat_command.cc).
void RegisterSeatCommands(CLI::App& app, const ClientOptions& options);

// `mailrun notify email|webhook|channels|devices ...`: email address, webhooks, channels per kind, devices.
void RegisterNotifyCommands(CLI::App& app, const ClientOptions& options);

}  // namespace mailrun::cli
