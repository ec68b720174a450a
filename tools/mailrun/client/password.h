// Reading a password for register, login and password: from MAILRUN_PASSWORD when it is set (scripts), else
// a prompt on the terminal with echo off, else one line of standard input (a pipe). The password
// is never printed or saved; only the lobby sees it.
#pragma once

#include <string>

namespace mailrun::cli {

// `confirm`: on a terminal, ask twice and insist on the same answer. Throws CliError (exit code 2)
// when no password can be read or the two answers differ. `env`: the environment variable read
// first (MAILRUN_NEW_PASSWORD for the new password of `mailrun password`).
std::string ReadPassword(const std::string& prompt, bool confirm, const char* env = "MAILRUN_PASSWORD");

}  // namespace mailrun::cli
