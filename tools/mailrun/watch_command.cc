// `mailrun watch`: follows the caller's notification stream (NotificationService.Subscribe) and
// prints each notification as it arrives ("Your turn", "Game finished", ...), from the moment it
// starts (or after --since); reconnects after a dropped stream from the last notification
// received, so nothing is missed or repeated. Stops on
// Ctrl-C, after --for seconds or after --count notifications. `mailrun inbox`: the stored ones.
#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void OnInterrupt(int) { g_interrupted = true; }

// The game an event is about ("" for none).
std::string GameOf(const mailrun::v1::Event& event) {
  switch (event.kind_case()) {
    case mailrun::v1::Event::kYourTurn: return event.your_turn().game_id();
    case mailrun::v1::Event::kBondReturned: return event.bond_returned().game_id();
    case mailrun::v1::Event::kGameFinished: return event.game_finished().game_id();
    case mailrun::v1::Event::kTournamentRoundStarted: return event.tournament_round_started().game_id();
    case mailrun::v1::Event::kReminder: return event.reminder().game_id();
    case mailrun::v1::Event::kChatMention: return event.chat_mention().game_id();
    default: return "";
  }
}

std::string NotificationText(const mailrun::v1::Notification& n) {
  const std::string game = GameOf(n.event());
  return fmt::format("#{} {}  {}: {}{}", n.sequence(), TimeText(n.stored_at_unix_ms()), n.title(), n.text(),
                     game.empty() ? "" : "  (game " + game + ")");
}

struct WatchFlags {
  std::string game;
  std::string since;
  double seconds = 0;
  int count = 0;
};

// Cancels the current stream when Ctrl-C is pressed or the time is up.
class StopWatch {
 public:
  explicit StopWatch(double seconds)
      : deadline_(seconds > 0 ? std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                                        std::chrono::duration<double>(seconds))
                              : std::chrono::steady_clock::time_point::max()),
        thread_([this] { Run(); }) {}
  ~StopWatch() {
    finished_ = true;
    thread_.join();
  }
  void Watch(grpc::ClientContext* context) {
    std::lock_guard lock(mutex_);
    context_ = context;
    if (stopped_ && context_) context_->TryCancel();
  }
  bool stopped() const { return stopped_; }

 private:
  void Run() {
    while (!finished_) {
      if (!stopped_ && (g_interrupted || std::chrono::steady_clock::now() >= deadline_)) {
        std::lock_guard lock(mutex_);
        stopped_ = true;
        if (context_) context_->TryCancel();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }

  const std::chrono::steady_clock::time_point deadline_;
  std::mutex mutex_;
  grpc::ClientContext* context_ = nullptr;
  std::atomic<bool> stopped_{false};
  std::atomic<bool> finished_{false};
  std::thread thread_;
};

void Watch(CommandContext& ctx, const WatchFlags& flags) {
  std::signal(SIGINT, OnInterrupt);
  std::signal(SIGTERM, OnInterrupt);
  std::string last_event = flags.since;
  {
    // Fails early, with a clear message, when the service is unreachable or the login refused; and
    // starts without a gap (notification.proto): from the newest notification stored now.
    mailrun::v1::ListInboxRequest probe;
    probe.mutable_page()->set_page_size(1);
    const auto newest = ctx.connections.Notify(&NotifyStub::ListInbox, probe, ctx.session.AccessToken(), "ListInbox");
    if (last_event.empty() && !newest.notifications().empty()) last_event = newest.notifications(0).event_id();
  }
  StopWatch stop(flags.seconds);
  int shown = 0;
  int failures = 0;
  bool announced = false;
  while (!stop.stopped()) {
    grpc::ClientContext context;
    ctx.connections.Prepare(context, ctx.session.AccessToken(), /*with_deadline=*/false);
    stop.Watch(&context);
    mailrun::v1::SubscribeRequest request;
    request.set_since_event_id(last_event);
    auto reader = ctx.connections.notify().Subscribe(&context, request);
    {
      Progress progress("connecting to the notification service");
      reader->WaitForInitialMetadata();  // the service sends it once the stream is live
    }
    if (!announced && !stop.stopped() && !ctx.out.json()) {
      std::cerr << fmt::format("Watching the notifications of {} (Ctrl-C stops){}\n",
                               ctx.session.Current().display_name, flags.game.empty() ? "" : " for game " + flags.game);
      announced = true;
    }
    mailrun::v1::Notification notification;
    while (reader->Read(&notification)) {
      failures = 0;
      last_event = notification.event_id();
      if (!flags.game.empty() && GameOf(notification.event()) != flags.game) continue;
      if (ctx.out.json()) ctx.out.JsonLine(ToJson(notification));
      else ctx.out.Text(NotificationText(notification));
      if (flags.count > 0 && ++shown >= flags.count) {
        context.TryCancel();
        break;
      }
    }
    const grpc::Status status = reader->Finish();
    stop.Watch(nullptr);
    if (stop.stopped() || (flags.count > 0 && shown >= flags.count)) return;
    const bool retry = status.error_code() == grpc::StatusCode::UNAVAILABLE && ++failures <= 5;
    if (!retry) throw CallError(status, "notification service", ctx.connections.options().notify_address, "Subscribe");
    Progress progress("the stream dropped; reconnecting");
    std::this_thread::sleep_for(std::chrono::milliseconds(250 << failures));
  }
}

}  // namespace

void RegisterWatchCommands(CLI::App& app, const ClientOptions& options) {
  auto flags = std::make_shared<WatchFlags>();
  auto* watch = app.add_subcommand("watch", "Follow your notifications as they arrive (Ctrl-C stops)");
  watch->add_option("--game", flags->game, "only notifications about this game");
  watch->add_option("--since", flags->since, "first replay what came after this event id (from watch or inbox)");
  watch->add_option("--for", flags->seconds, "stop after this many seconds")->check(CLI::PositiveNumber);
  watch->add_option("--count", flags->count, "stop after this many notifications")->check(CLI::PositiveNumber);
  watch->footer("With --json: one JSON object per line (JSON Lines).");
  watch->callback([&options, flags] {
    CommandContext ctx(options);
    Watch(ctx, *flags);
  });

  struct InboxFlags {
    bool unread = false;
    int limit = 20;
    bool mark_read = false;
  };
  auto inbox_flags = std::make_shared<InboxFlags>();
  auto* inbox = app.add_subcommand("inbox", "Your stored notifications, newest first");
  inbox->add_flag("--unread", inbox_flags->unread, "only unread ones");
  inbox->add_option("--limit", inbox_flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  inbox->add_flag("--mark-read", inbox_flags->mark_read, "mark every notification up to the newest listed as read");
  inbox->callback([&options, inbox_flags] {
    CommandContext ctx(options);
    mailrun::v1::ListInboxRequest request;
    request.mutable_page()->set_page_size(inbox_flags->limit);
    request.set_unread_only(inbox_flags->unread);
    const std::string token = ctx.session.AccessToken();
    auto answer = ctx.connections.Notify(&NotifyStub::ListInbox, request, token, "ListInbox");
    if (inbox_flags->mark_read && !answer.notifications().empty()) {
      mailrun::v1::MarkReadRequest mark;
      mark.set_request_id(NewRequestId());
      mark.set_up_to_sequence(answer.notifications(0).sequence());
      answer.set_unread_count(ctx.connections.Notify(&NotifyStub::MarkRead, mark, token, "MarkRead").unread_count());
    }
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string text;
    for (const auto& n : answer.notifications()) text += (n.read() ? "  " : "* ") + NotificationText(n) + "\n";
    if (text.empty()) text = "No notifications.\n";
    text += fmt::format("{} unread\n", answer.unread_count());
    ctx.out.Text(text);
  });
}

}  // namespace mailrun::cli
