// `mailrun board summary` and `mailrun board render`, run as the user would run them.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `mailrun <arguments>`; `environment` is prefixed to the shell command ("PATH=/x").
CommandResult Mailrun(const std::string& arguments, const std::string& environment = "") {
  const std::string command = environment + " " + std::string(MAILRUN_CLI) + " " + arguments + " 2>&1";
  CommandResult run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t n = 0;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.output.append(buffer, n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

std::filesystem::path TempPath(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("mailrun-board-test-" + std::to_string(getpid()) + "-" + name);
}

bool HaveRsvgConvert() { return std::system("command -v rsvg-convert > /dev/null 2>&1") == 0; }

TEST(BoardCli, SummaryReportsTheBoardOfTheRules) {
  const CommandResult run = Mailrun("board summary --edition 1853");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto summary = nlohmann::json::parse(run.output);
  EXPECT_EQ(summary["playable_hexes"], 170);  // Appendix 4
  EXPECT_EQ(summary["named_cities"], 24);     // 1.3: four large and twenty others
  EXPECT_EQ(summary["large_cities"], 4);
  EXPECT_EQ(summary["frontier_posts"], 13);
  EXPECT_GT(summary["towns"].get<int>(), 50);
  EXPECT_EQ(summary["tiles"]["yellow"], 120);  // Appendix 3
  EXPECT_EQ(summary["tiles"]["green"], 56);
  EXPECT_EQ(summary["tiles"]["brown"], 16);
  EXPECT_EQ(summary["tiles"]["grey"], 7);
  EXPECT_EQ(summary["tiles"]["total"], 199);
  EXPECT_EQ(summary["tiles"]["total_unrestricted_58"], 203);
}

TEST(BoardCli, NamesTitleAndEdition) {
  const CommandResult retuned = Mailrun("board summary --title 1853 --edition retuned");
  ASSERT_EQ(retuned.exit_code, 0) << retuned.output;
  EXPECT_EQ(nlohmann::json::parse(retuned.output)["playable_hexes"], 170);
}

TEST(BoardCli, RefusesWhatItCannotDraw) {
  const CommandResult unknown = Mailrun("board summary --edition 1830");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.output.find("--edition 1830: unknown edition"), std::string::npos) << unknown.output;
  const CommandResult no_title = Mailrun("board render --title 1830 -o " + TempPath("never.svg").string());
  EXPECT_EQ(no_title.exit_code, 2);
  EXPECT_NE(no_title.output.find("no title '1830'"), std::string::npos) << no_title.output;
  // The 2009 edition is drawn (issue 18): its summary counts section 1's figures.
  const CommandResult lookout = Mailrun("board summary --edition 2009");
  EXPECT_EQ(lookout.exit_code, 0) << lookout.output;
  EXPECT_NE(lookout.output.find("\"named_cities\": 23"), std::string::npos) << lookout.output;
  EXPECT_NE(lookout.output.find("\"buff_edges\": 0"), std::string::npos) << lookout.output;
  const CommandResult options_of_1853 = Mailrun("board summary --title 1947 --edition retuned");
  EXPECT_EQ(options_of_1853.exit_code, 2);
  EXPECT_NE(options_of_1853.output.find("1947 has one edition"), std::string::npos) << options_of_1853.output;
  EXPECT_FALSE(std::filesystem::exists(TempPath("never.svg")));
}

TEST(BoardCli, RendersSvg) {
  const auto path = TempPath("board.svg");
  const CommandResult run = Mailrun("board render --edition 1853 --area EIR -o " + path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string svg = ReadFile(path);
  std::filesystem::remove(path);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find(">Trichinopoly</text>"), std::string::npos);
  EXPECT_NE(svg.find("shaded: EIR area"), std::string::npos);
}

TEST(BoardCli, Draws1947ThroughItsTitle) {
  const auto path = TempPath("board-1947.svg");
  const CommandResult run = Mailrun("board render --title 1947 -o " + path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string svg = ReadFile(path);
  std::filesystem::remove(path);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("RECONSTRUCTED: The 1947 map is a reconstruction"), std::string::npos);
  EXPECT_NE(svg.find(">Bombay</text>"), std::string::npos);
  const CommandResult area = Mailrun("board render --title 1947 --area EIR -o " + path.string());
  EXPECT_EQ(area.exit_code, 2);
  EXPECT_NE(area.output.find("1947 has no company areas"), std::string::npos) << area.output;
  EXPECT_FALSE(std::filesystem::exists(path));
  const CommandResult summary = Mailrun("board summary --title 1947");
  ASSERT_EQ(summary.exit_code, 0) << summary.output;
  EXPECT_NE(summary.output.find("\"reconstructed\": true"), std::string::npos) << summary.output;
  EXPECT_NE(summary.output.find("\"railways\": 11"), std::string::npos) << summary.output;
  EXPECT_NE(summary.output.find("\"privates\": 9"), std::string::npos) << summary.output;
}

// A recorded game's board at an action of its record: none laid at the start, tiles and the last
// runs at the end; an action the record does not have is refused with exit 2 and no file.
TEST(BoardCli, DrawsARecordedGameAfterAnyOfItsActions) {
  const std::string record = std::string(MAILRUN_FIXTURES_DIR) + "/games/bot-game-4p.json";
  const auto path = TempPath("recorded.svg");
  const CommandResult start = Mailrun("board render --record " + record + " --actions 0 -o " + path.string());
  ASSERT_EQ(start.exit_code, 0) << start.output;
  const std::string first = ReadFile(path);
  const CommandResult end = Mailrun("board render --record " + record + " -o " + path.string());
  ASSERT_EQ(end.exit_code, 0) << end.output;
  const std::string last = ReadFile(path);
  std::filesystem::remove(path);
  EXPECT_NE(first.find("after 0 actions"), std::string::npos);
  EXPECT_EQ(first.find("last run of"), std::string::npos);
  EXPECT_NE(last.find("last run of"), std::string::npos);
  EXPECT_GT(last.size(), first.size() + 5000) << "the tiles of a whole game";
  const CommandResult beyond = Mailrun("board render --record " + record + " --actions 99999 -o " + path.string());
  EXPECT_EQ(beyond.exit_code, 2);
  EXPECT_NE(beyond.output.find("--actions 99999: the record has"), std::string::npos) << beyond.output;
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(BoardCli, RefusesAnUnknownArea) {
  const CommandResult run = Mailrun("board render --area XYZ -o " + TempPath("never.svg").string());
  EXPECT_NE(run.exit_code, 0);
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("no company XYZ whose area to show (known: EIR, GIP"), std::string::npos) << run.output;
  EXPECT_FALSE(std::filesystem::exists(TempPath("never.svg")));
}

TEST(BoardCli, RendersPngThroughRsvgConvert) {
  if (!HaveRsvgConvert()) GTEST_SKIP() << "rsvg-convert (Debian librsvg2-bin) is not installed";
  const auto path = TempPath("board.png");
  const CommandResult run = Mailrun("board render --png -o " + path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string png = ReadFile(path);
  std::filesystem::remove(path);
  ASSERT_GT(png.size(), 100000u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));  // rsvg-convert read the SVG
}

TEST(BoardCli, PngWithoutRsvgConvertFailsClearly) {
  const auto path = TempPath("none.png");
  const CommandResult run = Mailrun("board render --png -o " + path.string(), "PATH=/nonexistent");
  std::filesystem::remove(path);
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("rsvg-convert not found: install Debian's librsvg2-bin"), std::string::npos) << run.output;
}

}  // namespace
