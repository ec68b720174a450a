// `mailrun board render` draws an edition's board (SVG, or PNG through rsvg-convert from
// Debian's librsvg2-bin); `mailrun board summary` prints its counts as one JSON object.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/titles/t1853/board_summary.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/board_svg.h"
#include "tools/mailrun/commands.h"

extern char** environ;

namespace mailrun::cli {
namespace {

using engine::EditionData;

struct BoardOptions {
  std::string edition = "1853";
  std::string output;
  std::string area;
  bool png = false;
};

// --edition: only 1853 (the Retuned rules) has board data.
std::string CheckEdition(const std::string& edition) {
  if (edition == "1853") return "";
  return "edition '" + edition + "' has no board data: use 1853 (the Retuned rules); the 2009 Lookout edition's "
         "map is not available (docs/board-data.md)";
}

const EditionData& LoadOrExit() {
  auto data = engine::LoadEdition(mailrun::v1::EDITION_RETUNED);
  if (!data.ok()) {
    std::cerr << "board data refused: " << data.error().message << "\n";
    throw CLI::RuntimeError(2);
  }
  return **data;
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Feeds the SVG to `rsvg-convert -f png -o <path>`; returns an error message, "" on success.
std::string WritePng(const std::string& svg, const std::string& path) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return std::string("cannot create a pipe: ") + std::strerror(errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  std::string program = "rsvg-convert", format_flag = "-f", format = "png", output_flag = "-o", output = path;
  char* argv[] = {program.data(), format_flag.data(), format.data(), output_flag.data(), output.data(), nullptr};
  pid_t child = 0;
  const int spawned = posix_spawnp(&child, "rsvg-convert", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[0]);
  if (spawned != 0) {
    close(pipe_fds[1]);
    if (spawned == ENOENT) return "rsvg-convert not found: install Debian's librsvg2-bin to write PNG (or write SVG)";
    return std::string("cannot run rsvg-convert: ") + std::strerror(spawned);
  }
  signal(SIGPIPE, SIG_IGN);
  size_t written = 0;
  while (written < svg.size()) {
    const ssize_t n = write(pipe_fds[1], svg.data() + written, svg.size() - written);
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  close(pipe_fds[1]);
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || written != svg.size()) {
    return "rsvg-convert failed to write " + path;
  }
  return "";
}

void Render(const BoardOptions& options) {
  const EditionData& data = LoadOrExit();
  engine::BoardOverlay overlay;
  overlay.highlight_area = options.area;
  if (!options.area.empty() && data.Company(options.area) == nullptr) {
    std::string known;
    for (const auto& company : data.companies) known += (known.empty() ? "" : ", ") + company.initials;  // NOLINT
    std::cerr << "--area " << options.area << ": no such company (known: " << known << ")\n";
    throw CLI::RuntimeError(2);
  }
  auto svg = engine::RenderBoardSvg(data, overlay);
  if (!svg.ok()) {
    std::cerr << "cannot draw the board: " << svg.error().message << "\n";
    throw CLI::RuntimeError(1);
  }
  if (options.png || EndsWith(options.output, ".png")) {
    if (const std::string error = WritePng(*svg, options.output); !error.empty()) {
      std::cerr << error << "\n";
      throw CLI::RuntimeError(1);
    }
    return;
  }
  std::ofstream file(options.output, std::ios::binary);
  file << *svg;
  if (!file) {
    std::cerr << "cannot write " << options.output << "\n";
    throw CLI::RuntimeError(1);
  }
}

void Summary() {
  const EditionData& data = LoadOrExit();
  engine::BoardSummary summary = engine::SummarizeBoard(data);
  nlohmann::ordered_json json;
  json["edition"] = "1853";
  json["cells"] = summary.cells;
  json["playable_hexes"] = summary.playable_hexes;
  json["named_cities"] = summary.named_cities;
  json["large_cities"] = summary.large_cities;
  json["towns"] = summary.towns;
  json["town_hexes"] = summary.town_hexes;
  json["frontier_posts"] = summary.frontier_posts;
  json["ganges_hexes"] = summary.ganges_hexes;
  json["terrain_hexes"] = summary.terrain_hexes;
  json["buff_edges"] = summary.buff_edges;
  nlohmann::ordered_json tiles;
  tiles["yellow"] = summary.tiles_by_colour[engine::TileColour::kYellow];
  tiles["green"] = summary.tiles_by_colour[engine::TileColour::kGreen];
  tiles["brown"] = summary.tiles_by_colour[engine::TileColour::kBrown];
  tiles["grey"] = summary.tiles_by_colour[engine::TileColour::kGrey];
  tiles["total"] = summary.tiles_total;
  tiles["total_unrestricted_58"] = summary.tiles_total_unrestricted_58;
  json["tiles"] = tiles;
  json["tile_designs"] = summary.tile_designs;
  json["companies"] = summary.companies;
  json["trains"] = summary.trains_total;
  json["trains_if_minor_formed"] = summary.trains_total_if_minor_formed;
  std::cout << json.dump(2) << "\n";
}

}  // namespace

void RegisterBoardCommand(CLI::App& app) {
  auto* board = app.add_subcommand("board", "The board data: draw it, or print its counts");
  board->require_subcommand(1);
  auto options = std::make_shared<BoardOptions>();

  auto* render = board->add_subcommand("render", "Draw the board as SVG (or PNG with --png or a .png file name)");
  render->add_option("--edition", options->edition, "edition whose board to draw (1853)")->check(CheckEdition);
  render->add_option("-o,--output", options->output, "file to write")->required();
  render->add_option("--area", options->area, "shade this company's TABLE 2 area, e.g. EIR");
  render->add_flag("--png", options->png, "write PNG through rsvg-convert (Debian package librsvg2-bin)");
  render->callback([options] { Render(*options); });

  auto* summary = board->add_subcommand("summary", "Print the board's counts as one JSON object");
  summary->add_option("--edition", options->edition, "edition whose board to count (1853)")->check(CheckEdition);
  summary->callback([] { Summary(); });
}

}  // namespace mailrun::cli
