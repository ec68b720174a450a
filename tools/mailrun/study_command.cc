// `mailrun export` and `mailrun study`: a game's record file and unranked study games made from
// one (proto/mailrun/v1/study.proto). In a study game the caller plays every seat: `actions`,
// `act` and `undo` work as in any game and act for the seat that is to act.
#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

void RegisterStudyCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    std::string out;
    std::string file;
    std::string request_id;
    int64_t at = -1;
  };
  auto flags = std::make_shared<Flags>();

  auto* exported = app.add_subcommand("export", "A game's record as a JSON file (only what you may see)");
  exported->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  exported->add_option("--out", flags->out, "write the record into FILE (default: print it)");
  exported->add_option("--at", flags->at, "the game's version to stop at (default: now)")
      ->check(CLI::Range(int64_t{0}, INT64_MAX));
  exported->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ExportGameRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    if (flags->at >= 0) request.set_at_version(flags->at);
    const auto answer =
        ctx.connections.Study(&StudyStub::ExportGame, request, ctx.session.AccessToken(), "ExportGame");
    const std::string record = ToJson(answer.record()).dump(2) + "\n";
    if (flags->out.empty()) return ctx.out.Text(record);
    std::ofstream file(flags->out, std::ios::binary);
    file << record;
    file.close();
    if (!file) throw CliError(kExitRefused, "cannot write " + flags->out);
    if (ctx.out.json()) {
      return ctx.out.Document({{"gameId", request.game_id()},
                               {"version", std::to_string(answer.record().version())},
                               {"entries", answer.record().entries_size()},
                               {"withheld", answer.record().withheld()},
                               {"file", flags->out}});
    }
    std::string text = fmt::format("Record of game {} at version {} ({} entries) written to {}\n", request.game_id(),
                                   answer.record().version(), answer.record().entries_size(), flags->out);
    if (!answer.record().withheld().empty()) text += "Withheld: " + answer.record().withheld() + "\n";
    ctx.out.Text(text);
  });

  auto* study = app.add_subcommand("study", "An unranked study game from a record file; you play every seat");
  study->add_option("file", flags->file, "the record (mailrun export --out FILE)")->required();
  study->add_option("--at", flags->at, "the record's version to start from (default: its last)")
      ->check(CLI::Range(int64_t{0}, INT64_MAX));
  study->add_option("--request-id", flags->request_id, "retry a study whose answer was lost with its request id");
  study->callback([&options, flags] {
    std::ifstream in(flags->file, std::ios::binary);
    if (!in) throw BadInput("cannot read " + flags->file);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    mailrun::v1::CreateStudyGameRequest request;
    if (const std::string bad = FromJson(text, request.mutable_record()); !bad.empty()) {
      throw BadInput(flags->file + " is not a game record: " + bad);
    }
    if (flags->request_id.size() > 128) throw BadInput("--request-id has at most 128 characters");
    if (flags->at >= 0) request.set_at_version(flags->at);
    request.set_request_id(flags->request_id.empty() ? NewRequestId() : flags->request_id);
    CommandContext ctx(options);
    const auto answer =
        ctx.connections.Study(&StudyStub::CreateStudyGame, request, ctx.session.AccessToken(), "CreateStudyGame");
    if (ctx.out.json()) {
      auto json = ToJson(answer);
      json["requestId"] = request.request_id();
      return ctx.out.Document(json);
    }
    std::string out = fmt::format("Study game {} (unranked) at version {}: you play every seat (mailrun actions {}).\n",
                                  answer.game_id(), answer.version(), answer.game_id());
    if (answer.stand_ins() > 0) {
      out += fmt::format("{} withheld entries were replayed with a stand-in (docs/game-service.md).\n",
                         answer.stand_ins());
    }
    ctx.out.Text(out);
  });
}

}  // namespace mailrun::cli
