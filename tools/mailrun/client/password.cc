#include "tools/mailrun/client/password.h"

#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "tools/mailrun/client/errors.h"

namespace mailrun::cli {
namespace {

// One line from the terminal with echo off (restored afterwards).
std::string PromptHidden(const std::string& prompt) {
  std::cerr << prompt << std::flush;
  termios saved{};
  const bool terminal = tcgetattr(STDIN_FILENO, &saved) == 0;
  if (terminal) {
    termios quiet = saved;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
  }
  std::string line;
  const bool read = static_cast<bool>(std::getline(std::cin, line));
  if (terminal) tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved);
  std::cerr << "\n";
  if (!read) throw BadInput("no password given");
  return line;
}

}  // namespace

std::string ReadPassword(const std::string& prompt, bool confirm, const char* env) {
  if (const char* from_env = std::getenv(env); from_env != nullptr && from_env[0] != '\0') {
    return from_env;
  }
  if (isatty(STDIN_FILENO) != 1) {
    std::string line;
    if (!std::getline(std::cin, line) || line.empty()) {
      throw BadInput(std::string("no password: type it on a terminal, pipe it on standard input, or set ") + env);
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }
  const std::string password = PromptHidden(prompt);
  if (confirm && PromptHidden("Once more: ") != password) throw BadInput("the two passwords differ; nothing was done");
  return password;
}

}  // namespace mailrun::cli
