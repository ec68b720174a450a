#include "services/game/game_watch.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "services/common/refusal_details.h"
#include "services/game/game_status.h"
#include "services/game/seat_changes.h"

namespace mailrun::game {

using mailrun::v1::WatchGameResponse;

// One WatchGame stream. States, under mutex_: idle (waiting for a wake-up), busy (queued or being
// read by a pool thread, or its message being written), done (Finish called; nothing touches gRPC
// again). A wake-up while busy sets `again_`, so a version committed during a read is not missed.
class GameWatch final : public grpc::ServerWriteReactor<WatchGameResponse>,
                        public std::enable_shared_from_this<GameWatch> {
 public:
  GameWatch(GameWatchers& hub, std::string user_id, std::string game_id, int64_t after, bool with_chat,
            int64_t after_chat, int64_t after_chat_change, bool with_seats, int64_t after_seats_change)
      : hub_(hub),
        user_id_(std::move(user_id)),
        game_id_(std::move(game_id)),
        with_chat_(with_chat),
        with_seats_(with_seats),
        sent_(after),
        chat_sent_(after_chat),
        chat_change_sent_(after_chat_change),
        seats_sent_(after_seats_change) {}

  const std::string& game_id() const { return game_id_; }
  // The reactor keeps itself alive until gRPC is done with it (OnDone).
  void Hold() { self_ = shared_from_this(); }

  // Something may have changed: look (now, or again after the current look).
  void Wake() {
    std::unique_lock lock(mutex_);
    if (done_) return;
    if (busy_) {
      again_ = true;
      return;
    }
    busy_ = true;
    lock.unlock();
    hub_.Schedule(shared_from_this());
  }

  // On a pool thread: reads the next version and writes it, or goes idle.
  void Look() {
    {
      std::lock_guard lock(mutex_);
      if (done_) return;
      again_ = false;
    }
    std::optional<WatchGameResponse> change;
    bool finished = false;
    grpc::Status status;
    try {
      // The first look of a stream with chat checks that the caller may read the chat at all.
      // (An after_chat_seq or after_chat_change without with_chat is checked too: a bad one is
      // refused, not ignored.)
      if ((with_chat_ || chat_sent_ != 0 || chat_change_sent_ != 0) && !chat_checked_ && hub_.chat_ != nullptr) {
        std::optional<mailrun::v1::ChatMessage> ignored;
        status = hub_.chat_->Next(user_id_, game_id_, chat_sent_, &ignored);
        if (status.ok()) {
          std::optional<std::pair<int64_t, mailrun::v1::ChatMessage>> ignored_change;
          status = hub_.chat_->NextChange(user_id_, game_id_, chat_change_sent_, &ignored_change);
        }
        chat_checked_ = status.ok();
      }
      if (seats_sent_ < 0) status = InvalidField("after_seats_change", "after_seats_change must not be negative");
      // A seat change number the game has not reached is refused, not waited for (as after_version).
      if (status.ok() && seats_sent_ > 0 && !seats_checked_ && hub_.seats_) {
        int64_t latest = 0;
        status = LatestSeatChange(&latest);
        if (status.ok() && seats_sent_ > latest) {
          status = InvalidField(
              "after_seats_change",
              fmt::format("after_seats_change {} is ahead of the game's latest seat change {}", seats_sent_, latest),
              {service::CountValue("after_seats_change", seats_sent_), service::CountValue("current", latest)});
        }
        seats_checked_ = status.ok();
      }
      if (status.ok()) status = hub_.queries_.NextChange(user_id_, game_id_, sent_, &change, &finished);
      if (status.ok() && !change && with_chat_) status = NextChat(&change);
      if (status.ok() && !change && with_chat_) status = NextChatChange(&change);
      if (status.ok() && !change && with_seats_ && !finished) status = NextSeatsChange(&change);
    } catch (const std::exception& e) {
      spdlog::error("WatchGame {}: {}", game_id_, e.what());
      status = grpc::Status(grpc::StatusCode::INTERNAL, "the game could not be read");
    }
    std::unique_lock lock(mutex_);
    if (done_) return;
    if (!status.ok()) return End(std::move(lock), status);
    if (change) {
      out_ = std::move(*change);
      writing_ = true;
      lock.unlock();
      StartWrite(&out_);
      return;
    }
    if (finished) return End(std::move(lock), grpc::Status::OK);  // nothing will come after the end
    busy_ = false;
    if (again_) {
      busy_ = true;
      lock.unlock();
      hub_.Schedule(shared_from_this());
    }
  }

  // Ends the stream with `status` unless it has ended.
  void EndWith(const grpc::Status& status) {
    std::unique_lock lock(mutex_);
    if (done_ || writing_) {
      ending_ = status;  // after the write in flight
      return;
    }
    End(std::move(lock), status);
  }

  void OnWriteDone(bool ok) override {
    std::unique_lock lock(mutex_);
    writing_ = false;
    if (done_) return;
    if (!ok) return End(std::move(lock), grpc::Status(grpc::StatusCode::CANCELLED, "the stream was closed"));
    if (ending_) return End(std::move(lock), *ending_);
    sent_ = out_.version();
    if (out_.has_chat()) chat_sent_ = out_.chat().seq();
    if (out_.has_changed_chat()) chat_change_sent_ = out_.chat_change();
    if (out_.seats_change() != 0) seats_sent_ = out_.seats_change();
    if (out_.status() == mailrun::v1::GAME_STATUS_FINISHED) return End(std::move(lock), grpc::Status::OK);
    lock.unlock();
    hub_.Schedule(shared_from_this());  // still busy: the next version, if there is one
  }

  void OnCancel() override { EndWith(grpc::Status(grpc::StatusCode::CANCELLED, "the client went away")); }

  void OnDone() override {
    hub_.Closed(this);
    self_.reset();  // the last owner may be a queued look; it finds done_ and returns
  }

 private:
  // The next chat message as a stream message of its own (the version unchanged), if one waits.
  grpc::Status NextChat(std::optional<WatchGameResponse>* change) {
    if (hub_.chat_ == nullptr) return grpc::Status::OK;
    std::optional<mailrun::v1::ChatMessage> message;
    const grpc::Status status = hub_.chat_->Next(user_id_, game_id_, chat_sent_, &message);
    if (!status.ok() || !message) return status;
    WatchGameResponse out;
    out.set_version(sent_);
    *out.mutable_chat() = std::move(*message);
    *change = std::move(out);
    return grpc::Status::OK;
  }

  // The next change to a chat message (deleted, hidden, shown again) as a stream message of its
  // own, if one waits.
  grpc::Status NextChatChange(std::optional<WatchGameResponse>* change) {
    if (hub_.chat_ == nullptr) return grpc::Status::OK;
    std::optional<std::pair<int64_t, mailrun::v1::ChatMessage>> changed;
    const grpc::Status status = hub_.chat_->NextChange(user_id_, game_id_, chat_change_sent_, &changed);
    if (!status.ok() || !changed) return status;
    WatchGameResponse out;
    out.set_version(sent_);
    out.set_chat_change(changed->first);
    *out.mutable_changed_chat() = std::move(changed->second);
    *change = std::move(out);
    return grpc::Status::OK;
  }

  // The game's latest seat change as a stream message of its own, when it is past the last one sent.
  grpc::Status NextSeatsChange(std::optional<WatchGameResponse>* change) {
    if (!hub_.seats_) return grpc::Status::OK;
    int64_t latest = 0;
    const grpc::Status status = LatestSeatChange(&latest);
    if (!status.ok() || latest <= seats_sent_) return status;
    WatchGameResponse out;
    out.set_version(sent_);
    out.set_seats_change(latest);
    *change = std::move(out);
    return grpc::Status::OK;
  }

  // The game's latest seat change number (seat_changes.h).
  grpc::Status LatestSeatChange(int64_t* latest) {
    return hub_.seats_([&](pqxx::work& txn) {
      *latest = LastSeatChange(txn, game_id_);
      return grpc::Status::OK;
    });
  }

  void End(std::unique_lock<std::mutex> lock, const grpc::Status& status) {
    done_ = true;
    lock.unlock();
    Finish(status);
  }

  GameWatchers& hub_;
  const std::string user_id_;
  const std::string game_id_;
  const bool with_chat_;
  const bool with_seats_;
  bool chat_checked_ = false;  // the caller may read the chat (only the busy holder touches it)
  bool seats_checked_ = false;  // after_seats_change is not ahead of the game (likewise)
  int64_t sent_;       // the last version the client has (only the busy holder touches it)
  int64_t chat_sent_;  // the last chat seq the client has (likewise)
  int64_t chat_change_sent_;  // the last chat change number the client has (likewise)
  int64_t seats_sent_;        // the last seat change number the client has (likewise)
  WatchGameResponse out_;
  std::mutex mutex_;
  bool busy_ = false;
  bool again_ = false;
  bool writing_ = false;
  bool done_ = false;
  std::optional<grpc::Status> ending_;
  std::shared_ptr<GameWatch> self_;
};

GameWatchers::GameWatchers(GameQueries& queries, int threads, GameChat* chat, mailrun::service::Transactor seats)
    : queries_(queries), chat_(chat), seats_(std::move(seats)) {
  for (int i = 0; i < std::max(threads, 1); ++i) threads_.emplace_back([this] { Work(); });
}

GameWatchers::~GameWatchers() { Stop(); }

grpc::ServerWriteReactor<WatchGameResponse>* GameWatchers::Open(const std::string& user_id,
                                                                const mailrun::v1::WatchGameRequest& request) {
  auto watch = std::make_shared<GameWatch>(*this, user_id, request.game_id(), request.after_version(),
                                           request.with_chat(), request.after_chat_seq(),
                                           request.after_chat_change(), request.with_seats(),
                                           request.after_seats_change());
  watch->Hold();
  bool ending = false;
  {
    std::lock_guard lock(mutex_);
    ending = ending_;
    if (!ending) by_game_[watch->game_id()].insert(watch);
  }
  if (ending) {
    watch->EndWith(grpc::Status(grpc::StatusCode::UNAVAILABLE, "the server is shutting down: watch again"));
  } else {
    watch->Wake();  // the first look validates the request and sends what the client lacks
  }
  return watch.get();
}

void GameWatchers::VersionCommitted(const std::string& game_id) {
  std::vector<std::shared_ptr<GameWatch>> woken;
  {
    std::lock_guard lock(mutex_);
    const auto found = by_game_.find(game_id);
    if (found == by_game_.end()) return;
    woken.assign(found->second.begin(), found->second.end());
  }
  for (const auto& watch : woken) watch->Wake();
}

void GameWatchers::WakeAll() {
  std::vector<std::shared_ptr<GameWatch>> woken;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [game, watches] : by_game_) woken.insert(woken.end(), watches.begin(), watches.end());
  }
  for (const auto& watch : woken) watch->Wake();
}

void GameWatchers::EndAll() {
  std::vector<std::shared_ptr<GameWatch>> open;
  {
    std::lock_guard lock(mutex_);
    ending_ = true;
    for (const auto& [game, watches] : by_game_) open.insert(open.end(), watches.begin(), watches.end());
  }
  const grpc::Status status(grpc::StatusCode::UNAVAILABLE,
                            "the server is shutting down: watch again with after_version = the last version received");
  for (const auto& watch : open) watch->EndWith(status);
}

void GameWatchers::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  ready_.notify_all();
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

size_t GameWatchers::open_streams() const {
  std::lock_guard lock(mutex_);
  size_t open = 0;
  for (const auto& [game, watches] : by_game_) open += watches.size();
  return open;
}

void GameWatchers::Schedule(std::shared_ptr<GameWatch> watch) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(std::move(watch));
  }
  ready_.notify_one();
}

void GameWatchers::Closed(const GameWatch* watch) {
  std::lock_guard lock(mutex_);
  const auto found = by_game_.find(watch->game_id());
  if (found == by_game_.end()) return;
  std::erase_if(found->second, [watch](const auto& held) { return held.get() == watch; });
  if (found->second.empty()) by_game_.erase(found);
}

void GameWatchers::Work() {
  for (;;) {
    std::shared_ptr<GameWatch> watch;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      watch = std::move(queue_.front());
      queue_.pop_front();
    }
    watch->Look();
  }
}

}  // namespace mailrun::game
