// mailrun-bench-streams: what idle Subscribe streams cost a running mailrun-notify (issue 21's
// stream row). It starts no server. For each N of --streams it
//   1. with no idle stream of its own open: samples the server's memory (VmRSS of /proc/PID/status)
//      and its CPU time (utime + stime of /proc/PID/stat) over --window seconds, then measures the
//      delivery latency to one active stream (commit of an outbox row -> arrival, --events events
//      one at a time, the server's own outbox relay publishing them);
//   2. opens N idle streams (one user each, tokens minted with the deployment's signing key) over
//      --channels connections, waits until the server has every one live (initial metadata) and
//      --settle seconds more, and measures the same three things again while they stay open;
//   3. cancels the N streams and waits until every one has ended.
// With --events 0 it measures no delivery and needs no database: the way to measure a server that
// only holds streams (tools/bench/stream_bench.sh --bare, mailrun-bench-bare-notify: gRPC's own cost).
// The idle streams run on gRPC's asynchronous client API, all on one completion queue read by one
// thread, so the driver itself stays cheap (its own CPU time is reported too). CPU is given in
// cores (CPU seconds per second), which counts the server's own work, not waiting for a CPU.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <sstream>
#include <thread>

#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/outbox.h"
#include "services/common/signing_keys.h"
#include "services/common/token.h"
#include "services/common/unix_time.h"
#include "tools/bench/bench_support.h"

namespace {

using mailrun::bench::Milliseconds;
using mailrun::bench::OwnCpuSeconds;
using mailrun::bench::SteadyClock;
using mailrun::service::TokenKind;
using mailrun::v1::NotificationService;

struct Settings {
  std::string notify = "127.0.0.1:50153";
  std::string database_url = "postgresql://mailrun@127.0.0.1:55432/mailrun";
  int pid = 0;
  std::vector<int> streams{1000, 10000};
  int channels = 8;
  int open_batch = 500;
  int settle_seconds = 5;
  int window_seconds = 20;
  int events = 300;
  int warmup = 20;
  std::optional<mailrun::service::TokenSigner> signer;
};

// One process's memory and CPU time so far, from /proc.
struct ProcessSample {
  double rss_mb = 0;
  int threads = 0;
  double cpu_seconds = 0;
  SteadyClock::time_point at;
};

ProcessSample Sample(int pid) {
  ProcessSample sample;
  sample.at = SteadyClock::now();
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  if (!status) throw std::runtime_error(fmt::format("no process {} (/proc/{}/status)", pid, pid));
  for (std::string line; std::getline(status, line);) {
    std::istringstream fields(line);
    std::string key;
    fields >> key;
    if (key == "VmRSS:") {
      double kb = 0;
      fields >> kb;
      sample.rss_mb = kb / 1024;
    } else if (key == "Threads:") {
      fields >> sample.threads;
    }
  }
  sample.cpu_seconds = mailrun::bench::ProcessCpuSeconds(pid);
  return sample;
}

std::vector<std::unique_ptr<NotificationService::Stub>> Stubs(const std::string& address, int count) {
  std::vector<std::unique_ptr<NotificationService::Stub>> stubs;
  for (int i = 0; i < count; ++i) {
    grpc::ChannelArguments args;
    args.SetInt("mailrun.bench_connection", i);  // distinct arguments: a connection of its own
    stubs.push_back(NotificationService::NewStub(
        grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args)));
  }
  return stubs;
}

// N idle Subscribe streams on the asynchronous client API: one completion queue, one thread.
class IdleStreams {
 public:
  IdleStreams() : thread_([this] { Poll(); }) {}

  // Opens `count` streams, --open-batch at a time, each batch waited for until live. Throws if
  // one ends or a batch is not live within five minutes (the destructor still ends them all).
  void Open(const std::vector<std::unique_ptr<NotificationService::Stub>>& stubs, const Settings& s,
            const std::string& run, int count) {
    const auto started = SteadyClock::now();
    for (int first = 0; first < count; first += s.open_batch) {
      const int last = std::min(count, first + s.open_batch);
      for (int i = first; i < last; ++i) {
        auto& call = calls_.emplace_back(std::make_unique<Call>());
        call->owner = this;
        call->context.AddMetadata(
            "authorization",
            "Bearer " + mailrun::bench::Token(*s.signer, fmt::format("idle-{}-{}", run, i), TokenKind::kAccess));
        call->reader = stubs[i % stubs.size()]->PrepareAsyncSubscribe(&call->context, {}, &queue_);
        call->reader->StartCall(&call->started);
      }
      std::unique_lock lock(mutex_);
      if (!changed_.wait_for(lock, std::chrono::minutes(5), [&] { return live_ + ended_ >= last; })) {
        throw std::runtime_error(fmt::format("only {} of {} streams live after 5 minutes", live_, last));
      }
      if (ended_ > 0) throw std::runtime_error(fmt::format("{} stream(s) ended while opening: {}", ended_, failure_));
    }
    open_seconds_ = std::chrono::duration<double>(SteadyClock::now() - started).count();
  }

  ~IdleStreams() {
    for (auto& call : calls_) call->context.TryCancel();
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return ended_ == static_cast<int>(calls_.size()); });
    }
    queue_.Shutdown();
    thread_.join();
  }

  double open_seconds() const { return open_seconds_; }
  int received() {
    std::lock_guard lock(mutex_);
    return received_;
  }
  // Streams that ended on their own (not cancelled by the driver), with the last status seen.
  std::string ended_early() {
    std::lock_guard lock(mutex_);
    return ended_ == 0 ? "" : fmt::format("{} ({})", ended_, failure_);
  }

 private:
  struct Call;
  struct Tag {
    Call* call;
    enum Step { kStarted, kMetadata, kRead, kFinished } step;
  };
  struct Call {
    IdleStreams* owner = nullptr;
    grpc::ClientContext context;
    std::unique_ptr<grpc::ClientAsyncReader<mailrun::v1::Notification>> reader;
    mailrun::v1::Notification notification;
    grpc::Status status;
    Tag started{this, Tag::kStarted}, metadata{this, Tag::kMetadata}, read{this, Tag::kRead},
        finished{this, Tag::kFinished};
  };

  void Poll() {
    void* got = nullptr;
    bool ok = false;
    while (queue_.Next(&got, &ok)) {
      auto* tag = static_cast<Tag*>(got);
      Call& call = *tag->call;
      switch (tag->step) {
        case Tag::kStarted:
          if (ok) call.reader->ReadInitialMetadata(&call.metadata);
          else call.reader->Finish(&call.status, &call.finished);
          break;
        case Tag::kMetadata:
          if (ok) {
            std::lock_guard lock(mutex_);
            ++live_;
            changed_.notify_all();
          }
          call.reader->Read(&call.notification, &call.read);
          break;
        case Tag::kRead:
          if (ok) {
            {
              std::lock_guard lock(mutex_);
              ++received_;
            }
            call.reader->Read(&call.notification, &call.read);
          } else {
            call.reader->Finish(&call.status, &call.finished);
          }
          break;
        case Tag::kFinished: {
          std::lock_guard lock(mutex_);
          ++ended_;
          if (call.status.error_code() != grpc::StatusCode::CANCELLED) {
            failure_ = fmt::format("{}: {}", static_cast<int>(call.status.error_code()), call.status.error_message());
          }
          changed_.notify_all();
          break;
        }
      }
    }
  }

  grpc::CompletionQueue queue_;
  std::vector<std::unique_ptr<Call>> calls_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int live_ = 0;
  int ended_ = 0;
  int received_ = 0;
  std::string failure_;
  double open_seconds_ = 0;
  std::thread thread_;  // last: starts after everything it reads
};

// The active user's stream (read on its own thread) and the outbox rows that feed it.
class ActiveStream {
 public:
  ActiveStream(NotificationService::Stub& stub, const Settings& s, const std::string& run)
      : user_("active-" + run), connection_(s.database_url) {
    context_.AddMetadata("authorization",
                         "Bearer " + mailrun::bench::Token(*s.signer, user_, TokenKind::kAccess));
    reader_ = stub.Subscribe(&context_, mailrun::v1::SubscribeRequest());
    reader_->WaitForInitialMetadata();
    thread_ = std::thread([this] {
      mailrun::v1::Notification notification;
      while (reader_->Read(&notification)) {
        const auto now = SteadyClock::now();
        std::lock_guard lock(mutex_);
        arrived_[notification.event_id()] = now;
        changed_.notify_all();
      }
      reader_->Finish();
    });
  }
  ~ActiveStream() {
    context_.TryCancel();
    thread_.join();
  }

  // Commits `count` + `warmup` events one at a time; the latencies (ms) of the last `count`. An
  // event not arrived within 10 s is counted in *lost and not waited for longer.
  std::vector<double> Measure(int count, int warmup, int* lost) {
    std::vector<double> ms;
    for (int i = 0; i < warmup + count; ++i) {
      mailrun::v1::Event event;
      event.set_event_id(fmt::format("bench/{}/{}", user_, next_));
      event.set_created_at_unix_ms(mailrun::service::NowUnixMs());
      event.add_user_ids(user_);
      auto* turn = event.mutable_your_turn();
      turn->set_game_id(user_);
      turn->set_version(++next_);
      turn->set_round("Railway Round 1.1");
      turn->set_expected("lay track");
      {
        pqxx::work txn(connection_);
        mailrun::service::AppendOutboxEvent(txn, event);
        txn.commit();
      }
      const auto committed = SteadyClock::now();
      std::unique_lock lock(mutex_);
      if (!changed_.wait_for(lock, std::chrono::seconds(10), [&] { return arrived_.count(event.event_id()) > 0; })) {
        ++*lost;
        continue;
      }
      if (i >= warmup) ms.push_back(Milliseconds(arrived_[event.event_id()] - committed));
    }
    return ms;
  }

 private:
  std::string user_;
  pqxx::connection connection_;
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::Notification>> reader_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::string, SteadyClock::time_point> arrived_;
  int64_t next_ = 0;
};

struct Cost {
  double rss_mb = 0;
  double cores = 0;
};

// Memory, CPU over the window and delivery latency, printed as one block; with `idle` streams
// open, also the cost per stream above `without` (the same measured with none open).
Cost MeasureAndPrint(const Settings& s, ActiveStream* active, const std::string& label, int idle, Cost without) {
  const ProcessSample before = Sample(s.pid);
  const double own_before = OwnCpuSeconds();
  std::this_thread::sleep_for(std::chrono::seconds(s.window_seconds));
  const ProcessSample after = Sample(s.pid);
  const double own = OwnCpuSeconds() - own_before;
  const double seconds = std::chrono::duration<double>(after.at - before.at).count();
  const double cores = (after.cpu_seconds - before.cpu_seconds) / seconds;
  fmt::print("{}: server RSS {:.1f} MB, {} threads, idle CPU {:.4f} cores over {:.1f} s (this driver {:.4f} cores)\n",
             label, after.rss_mb, after.threads, cores, seconds, own / seconds);
  if (idle > 0) {
    fmt::print("{}: per idle stream {:.2f} KB and {:.5f} ms CPU per second (above none open)\n", label,
               (after.rss_mb - without.rss_mb) * 1024 / idle, (cores - without.cores) * 1000 / idle);
  }
  if (active) {
    int lost = 0;
    mailrun::bench::PrintLatencies(label + ": delivery to the active stream", active->Measure(s.events, s.warmup, &lost));
    if (lost > 0) fmt::print("{}: {} event(s) not delivered within 10 s\n", label, lost);
  }
  std::fflush(stdout);
  return {after.rss_mb, cores};
}

int Run(const Settings& s) {
  const std::string run = mailrun::service::RandomId().substr(0, 10);
  auto stubs = Stubs(s.notify, s.channels);
  auto active_stub = Stubs(s.notify, 1);
  std::optional<ActiveStream> active;  // none with --events 0
  if (s.events > 0) active.emplace(*active_stub[0], s, run);
  ActiveStream* delivery = active ? &*active : nullptr;
  int round = 0;
  for (const int count : s.streams) {
    fmt::print("--- N = {} (load average {})\n", count, [] {
      std::ifstream load("/proc/loadavg");
      std::string one, five, fifteen;
      load >> one >> five >> fifteen;
      return one + " " + five + " " + fifteen;
    }());
    const Cost none = MeasureAndPrint(s, delivery, "none open", 0, {});
    {
      IdleStreams idle;
      idle.Open(stubs, s, fmt::format("{}-{}", run, round++), count);
      fmt::print("{} idle streams live after {:.1f} s\n", count, idle.open_seconds());
      std::this_thread::sleep_for(std::chrono::seconds(s.settle_seconds));
      MeasureAndPrint(s, delivery, fmt::format("{} idle open", count), count, none);
      if (idle.received() > 0) fmt::print("warning: idle streams received {} notifications\n", idle.received());
      if (const std::string ended = idle.ended_early(); !ended.empty()) {
        throw std::runtime_error("idle streams ended while open: " + ended);
      }
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun-bench-streams: memory, CPU and delivery latency of mailrun-notify with N idle streams open"};
  Settings settings;
  std::string signing_key, signing_key_file;
  app.add_option("--notify", settings.notify, "host:port of mailrun-notify")->capture_default_str();
  app.add_option("--pid", settings.pid, "process id of that mailrun-notify (its /proc is sampled)")->required();
  app.add_option("--database-url", settings.database_url, "the PostgreSQL whose outbox feeds it")
      ->capture_default_str();
  app.add_option("--streams", settings.streams, "idle stream counts, measured in turn")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--channels", settings.channels, "connections the idle streams are spread over")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  app.add_option("--open-batch", settings.open_batch, "streams opened before waiting for them to be live")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--settle", settings.settle_seconds, "seconds between the last stream live and the measuring")
      ->capture_default_str();
  app.add_option("--window", settings.window_seconds, "seconds over which the server's CPU time is sampled")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  app.add_option("--events", settings.events, "deliveries measured per state (0: none, and no database)")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  app.add_option("--warmup", settings.warmup, "deliveries first made and not measured")->capture_default_str();
  app.add_option("--token-signing-key", signing_key, "the token signing key the service's public keys match")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY");
  app.add_option("--token-signing-key-file", signing_key_file, "file holding that signing key (mailrun keys new)")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY_FILE");
  CLI11_PARSE(app, argc, argv);
  try {
    settings.signer.emplace(mailrun::service::LoadSigningKey(signing_key, signing_key_file));
    return Run(settings);
  } catch (const std::exception& e) {
    fmt::print(stderr, "mailrun-bench-streams: {}\n", e.what());
    return 1;
  }
}
