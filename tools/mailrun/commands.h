// The subcommands of the `mailrun` command-line client. Each group lives in its own file and adds
// itself to the app here; main.cc calls every Register function in turn.
#pragma once

#include <CLI/CLI.hpp>

namespace mailrun::cli {

// `mailrun health ADDR...`: asks each server's grpc.health.v1.Health service for its status.
void RegisterHealthCommand(CLI::App& app);

// `mailrun board render|summary --edition 1853`: draws the board data (SVG/PNG) or prints its counts.
void RegisterBoardCommand(CLI::App& app);

// `mailrun selfplay --games N --players P --seed S [--json]`: the reference bot plays whole games
// with every invariant checked after every action.
void RegisterSelfPlayCommand(CLI::App& app);

// `mailrun replay FILE`: replays a game record, printing the game log and the final scores.
void RegisterReplayCommand(CLI::App& app);

}  // namespace mailrun::cli
