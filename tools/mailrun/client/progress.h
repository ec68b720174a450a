// A progress indicator for anything that waits on a service: a spinner with a label on stderr,
// shown only when stderr is a terminal and only once the wait has lasted a moment (so quick calls
// and scripts never see it). The line is wiped when the wait ends. Owns one thread while shown.
// Waits nest (a command that waits for a table to start calls the lobby meanwhile): only the
// outermost indicator of the process draws.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace mailrun::cli {

class Progress {
 public:
  // Starts waiting; the spinner appears after `delay_ms` if the wait has not ended by then.
  explicit Progress(std::string label, int delay_ms = 300);
  ~Progress();  // stops the spinner and wipes its line
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Whether a spinner would be shown at all (stderr is a terminal and MAILRUN_NO_PROGRESS is unset).
  static bool Enabled();

 private:
  void Run();

  std::string label_;
  int delay_ms_;
  std::mutex mutex_;
  std::condition_variable done_changed_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace mailrun::cli
