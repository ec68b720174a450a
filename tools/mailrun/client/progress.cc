#include "tools/mailrun/client/progress.h"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace mailrun::cli {

namespace {

std::atomic<int> g_waits{0};  // indicators alive in this process

}  // namespace

bool Progress::Enabled() { return isatty(STDERR_FILENO) == 1 && std::getenv("MAILRUN_NO_PROGRESS") == nullptr; }

Progress::Progress(std::string label, int delay_ms) : label_(std::move(label)), delay_ms_(delay_ms) {
  if (g_waits.fetch_add(1) == 0 && Enabled()) thread_ = std::thread([this] { Run(); });
}

Progress::~Progress() {
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  done_changed_.notify_all();
  if (thread_.joinable()) thread_.join();
  g_waits.fetch_sub(1);
}

void Progress::Run() {
  static const char* const kFrames[] = {"|", "/", "-", "\\"};
  std::unique_lock lock(mutex_);
  if (done_changed_.wait_for(lock, std::chrono::milliseconds(delay_ms_), [this] { return done_; })) return;
  for (int frame = 0;; ++frame) {
    std::fprintf(stderr, "\r%s %s...", kFrames[frame % 4], label_.c_str());
    std::fflush(stderr);
    if (done_changed_.wait_for(lock, std::chrono::milliseconds(120), [this] { return done_; })) break;
  }
  std::fprintf(stderr, "\r\033[K");  // wipe the spinner's line
  std::fflush(stderr);
}

}  // namespace mailrun::cli
