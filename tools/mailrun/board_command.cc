// `mailrun board render` draws a title's board in one of its editions (SVG, or PNG through
// rsvg-convert from Debian's librsvg2-bin) from the title's components (GetComponents' data, as an
// app draws it); `mailrun board summary` prints its counts as one JSON object. Both go through the
// title registry (engine/titles/registry.h).
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
#include <sstream>
#include <string>

#include "engine/core/game_record.h"
#include "engine/render/game_board_picture.h"
#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "tools/mailrun/commands.h"

extern char** environ;

namespace mailrun::cli {
namespace {

struct BoardOptions {
  std::string title = "1853";
  std::string edition;  // "": the title's default
  std::string output;
  std::string area;
  bool png = false;
  std::string record;  // a game record (JSON) whose board to draw, as a spectator sees it
  int actions = -1;    // after this many of its actions; -1: all
};

// --edition: 1853's editions by name ("1853" is Retuned, as before titles existed).
mailrun::v1::Edition ParseEdition(const std::string& edition) {
  if (edition.empty()) return mailrun::v1::EDITION_UNSPECIFIED;
  if (edition == "retuned" || edition == "1853") return mailrun::v1::EDITION_RETUNED;
  if (edition == "2009" || edition == "lookout2009") return mailrun::v1::EDITION_LOOKOUT_2009;
  std::cerr << "--edition " << edition << ": unknown edition (1853's editions: retuned, 2009)\n";
  throw CLI::RuntimeError(2);
}

// The title and edition the options name; exits 2 when they are unknown or do not go together.
std::pair<const engine::Title*, mailrun::v1::Edition> TitleEdition(const BoardOptions& options) {
  const auto title = engine::ParseTitleName(options.title);
  const auto found = title.ok() ? engine::FindTitle(*title) : engine::Result<const engine::Title*>(title.error());
  if (!found.ok()) {
    std::cerr << "--title " << options.title << ": " << found.error().message << "\n";
    throw CLI::RuntimeError(2);
  }
  const mailrun::v1::Edition edition = ParseEdition(options.edition);
  if (auto setup = (*found)->CheckSetup(edition, {}); !setup.ok()) {
    std::cerr << setup.error().ToString() << "\n";
    throw CLI::RuntimeError(2);
  }
  return {*found, edition};
}

// A refusal of the engine: bad input exits 2, a board that cannot be had (yet) exits 1.
[[noreturn]] void Refused(const std::string& what, const engine::Error& error) {
  std::cerr << what << ": " << error.ToString() << "\n";
  throw CLI::RuntimeError(error.kind == engine::ErrorKind::kMalformed ? 2 : 1);
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Feeds the SVG to `rsvg-convert -f png -o <path>` (no -o: to standard output); returns an error
// message, "" on success.
std::string WritePng(const std::string& svg, const std::string& path) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return std::string("cannot create a pipe: ") + std::strerror(errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  std::string program = "rsvg-convert", format_flag = "-f", format = "png", output_flag = "-o", output = path;
  char* argv[] = {program.data(), format_flag.data(), format.data(), output_flag.data(), output.data(), nullptr};
  if (path.empty()) argv[3] = nullptr;
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
    return "rsvg-convert failed to write " + (path.empty() ? std::string("the PNG") : path);
  }
  return "";
}

// The board of a recorded game after `actions` of its actions (all when -1), as GetBoardPicture
// draws it for a spectator.
engine::Result<std::string> RecordedBoard(const BoardOptions& options) {
  std::ifstream in(options.record);
  std::stringstream text;
  text << in.rdbuf();
  auto record = engine::ParseGameRecord(text.str());
  if (!record.ok()) Refused(options.record, record.error());
  auto game = engine::Game::Create(record->config);
  if (!game.ok()) Refused(options.record, game.error());
  const size_t count = options.actions < 0 ? record->actions.size() : static_cast<size_t>(options.actions);
  if (count > record->actions.size()) {
    std::cerr << "--actions " << options.actions << ": the record has " << record->actions.size() << " actions\n";
    throw CLI::RuntimeError(2);
  }
  for (size_t i = 0; i < count; ++i) {
    if (auto applied = game->Apply(record->actions[i]); !applied.ok()) Refused(options.record + ": action " + std::to_string(i + 1), applied.error());
  }
  return engine::GameBoardPicture(game->View(engine::kSpectator), options.record + " after " + std::to_string(count) + " actions");
}

void Render(const BoardOptions& options) {
  engine::Result<std::string> svg = std::string();
  if (!options.record.empty()) {
    svg = RecordedBoard(options);
  } else {
    const auto [title, edition] = TitleEdition(options);
    engine::BoardOverlay overlay;
    overlay.highlight_area = options.area;
    // Drawn from the title's components, as an app draws it from GetComponents; 1853's company
    // areas (TABLE 2) are not among them, so --area draws from the title's own data.
    auto components = title->Components(edition);
    svg = options.area.empty() && components.ok() ? engine::BoardPictureFromComponents(*components, overlay)
                                                  : title->RenderBoardSvg(edition, overlay);
  }
  if (!svg.ok()) Refused("cannot draw the board", svg.error());
  if (options.png || EndsWith(options.output, ".png")) {
    if (const std::string error = WritePng(*svg, options.output); !error.empty()) {
      std::cerr << error << "\n";
      throw CLI::RuntimeError(1);
    }
    return;
  }
  if (options.output.empty()) {
    std::cout << *svg;
    return;
  }
  std::ofstream file(options.output, std::ios::binary);
  file << *svg;
  if (!file) {
    std::cerr << "cannot write " << options.output << "\n";
    throw CLI::RuntimeError(1);
  }
}

void Summary(const BoardOptions& options) {
  const auto [title, edition] = TitleEdition(options);
  auto json = title->BoardSummaryJson(edition);
  if (!json.ok()) Refused("cannot count the board", json.error());
  std::cout << *json << "\n";
}

}  // namespace

void RegisterBoardCommand(CLI::App& app) {
  auto* board = app.add_subcommand("board", "The board data: draw it, or print its counts");
  board->require_subcommand(1);
  auto options = std::make_shared<BoardOptions>();

  auto* render = board->add_subcommand("render", "Draw the board as SVG (or PNG with --png or a .png file name)");
  render->add_option("--title", options->title, "title whose board to draw: 1853 (default) or 1947");
  render->add_option("--edition", options->edition, "edition of 1853: retuned (default) or 2009");
  render->add_option("-o,--output", options->output, "file to write (default: standard output)");
  render->add_option("--area", options->area, "shade this company's area (1853: TABLE 2), e.g. EIR");
  render->add_flag("--png", options->png, "write PNG through rsvg-convert (Debian package librsvg2-bin)");
  render->add_option("--record", options->record, "draw this recorded game's board (JSON, as `selfplay --record-dir` writes)")
      ->check(CLI::ExistingFile);
  render->add_option("--actions", options->actions, "with --record: after this many of its actions (default: all)")
      ->check(CLI::NonNegativeNumber);
  render->callback([options] { Render(*options); });

  auto* summary = board->add_subcommand("summary", "Print the board's counts as one JSON object");
  summary->add_option("--title", options->title, "title whose board to count: 1853 (default) or 1947");
  summary->add_option("--edition", options->edition, "edition of 1853: retuned (default) or 2009");
  summary->callback([options] { Summary(*options); });
}

}  // namespace mailrun::cli
