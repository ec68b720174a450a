#include "services/notification/event_consumer.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>
#include <thread>
#include <vector>

#include "services/common/backoff.h"
#include "services/common/database_errors.h"
#include "services/common/event_log.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/savepoint.h"
#include "services/common/token.h"

namespace mailrun::notification {
namespace {

// A claim outlives every wait for its announcement; it expires by itself.
constexpr auto kClaimTtl = std::chrono::seconds(60);

std::string AnnouncementChannel(const std::string& channel) { return channel + ".stored"; }

}  // namespace

EventConsumer::EventConsumer(EventConsumerOptions options, service::ConnectionPool& pool, InboxStore& inbox,
                             Fanout& fanout, PushSender& push, EmailSender& email, ReminderScheduler& reminders,
                             Clock clock)
    : options_(std::move(options)),
      pool_(pool),
      inbox_(inbox),
      fanout_(fanout),
      push_(push),
      email_(email),
      reminders_(reminders),
      clock_(std::move(clock)),
      replica_(service::RandomId()),
      redis_(service::ParseRedisUrl(options_.redis_url), std::chrono::seconds(1)),
      announcer_(service::ParseRedisUrl(options_.redis_url), std::chrono::seconds(1)) {
  service::RedisSubscriber::Options subscriber;
  subscriber.endpoint = service::ParseRedisUrl(options_.redis_url);
  subscriber.channels = {options_.channel, AnnouncementChannel(options_.channel)};
  subscriber_ = std::make_unique<service::RedisSubscriber>(
      subscriber,
      [this](const std::string& channel, const std::string& message) {
        if (channel == options_.channel) {
          OnPublished(message);
        } else {
          OnAnnounced(message);
        }
      },
      [this](const service::RedisSubscriber::Resubscribed& info) { OnSubscribed(info); });
}

EventConsumer::~EventConsumer() { Stop(); }

void EventConsumer::Start() {
  stop_ = false;
  delivery_ = std::thread([this] { Deliver(); });
  subscriber_->Start();
}

void EventConsumer::Stop() {
  {
    std::lock_guard lock(pending_mutex_);  // the delivery thread sees stop_ before it waits, or is woken
    stop_ = true;
  }
  subscriber_->Stop();
  pending_changed_.notify_all();
  if (delivery_.joinable()) delivery_.join();
}

void EventConsumer::OnPublished(const std::string& payload) {
  mailrun::v1::Event event;
  if (!event.ParseFromString(payload) || event.event_id().empty()) {
    HandleMessage(payload);  // drops it, saying why
    return;
  }
  bool claimed = true;
  std::string error;
  if (!redis_.Claim(options_.channel + ":claim:" + event.event_id(), kClaimTtl, &claimed, &error)) {
    // No claim without Redis: store it here; the database keeps it once whoever else does too.
    spdlog::warn("event consumer: cannot claim event {} ({}); handling it here", event.event_id(), error);
    claimed = true;
  }
  if (!claimed) service::metrics::EventConsumed("claimed_elsewhere");
  std::lock_guard lock(pending_mutex_);
  pending_.push_back({std::move(event), claimed, std::chrono::steady_clock::now() + options_.claim_wait});
  pending_changed_.notify_all();
}

void EventConsumer::OnAnnounced(const std::string& message) {
  const auto newline = message.find('\n');
  mailrun::v1::Event stored;
  if (newline == std::string::npos || !stored.ParseFromString(message.substr(newline + 1))) {
    spdlog::warn("event consumer: dropped a malformed announcement ({} bytes)", message.size());
    return;
  }
  if (message.compare(0, newline, replica_) == 0) return;  // this replica's own: its streams were rung
  {
    std::lock_guard lock(pending_mutex_);
    pending_.remove_if([&](const Pending& p) { return !p.claimed_here && p.event.event_id() == stored.event_id(); });
    pending_changed_.notify_all();  // events queued behind it may go now
  }
  for (const auto& user : stored.user_ids()) fanout_.Notify(user);
}

void EventConsumer::Deliver() {
  std::unique_lock lock(pending_mutex_);
  while (!stop_) {
    // The events that may be stored now, in order: those claimed here with nothing earlier
    // outstanding (claimed elsewhere and not yet announced) for any of their recipients, up to
    // kStoredAtOnce, stored together in one transaction; or, alone, the first one claimed
    // elsewhere and overdue. Events of users with something earlier outstanding keep their place.
    const auto now = std::chrono::steady_clock::now();
    auto next = now + std::chrono::hours(1);
    std::set<std::string> waiting;  // recipients of earlier events still outstanding
    std::vector<std::list<Pending>::iterator> ready;
    bool overdue = false;
    for (auto it = pending_.begin(); it != pending_.end() && ready.size() < kStoredAtOnce; ++it) {
      const bool behind = std::any_of(it->event.user_ids().begin(), it->event.user_ids().end(),
                                      [&](const std::string& user) { return waiting.count(user) > 0; });
      if (!it->claimed_here && it->deadline <= now) {
        if (ready.empty()) {
          ready.push_back(it);
          overdue = true;
        }
        break;
      }
      if (it->claimed_here && !behind) {
        ready.push_back(it);
        continue;
      }
      if (!it->claimed_here) next = std::min(next, it->deadline);
      waiting.insert(it->event.user_ids().begin(), it->event.user_ids().end());
    }
    if (ready.empty()) {
      pending_changed_.wait_until(lock, next);
      continue;
    }
    std::vector<mailrun::v1::Event> taken;
    for (auto it : ready) {
      taken.push_back(std::move(it->event));
      pending_.erase(it);
    }
    lock.unlock();
    if (overdue) {
      spdlog::info("event consumer: no replica announced event {} within {} ms; handling it here",
                   taken.front().event_id(), options_.claim_wait.count());
      HandleEvent(taken.front());
    } else {
      StoreAndAnnounce(taken);
    }
    lock.lock();
  }
  // Stopping: what was claimed here is stored now (one attempt each); whatever fails, the other
  // replicas handle after claim_wait, and the outbox catch-up of the next start covers the rest.
  std::list<Pending> left;
  left.swap(pending_);
  lock.unlock();
  for (const auto& pending : left) {
    if (pending.claimed_here) StoreAndAnnounce({pending.event});
  }
}

void EventConsumer::StoreAndAnnounce(const std::vector<mailrun::v1::Event>& events) {
  HandleEvents(events);
  for (const auto& event : events) {
    // Tell the other replicas whose streams to ring: the event's id and recipients, nothing else.
    mailrun::v1::Event stored;
    stored.set_event_id(event.event_id());
    *stored.mutable_user_ids() = event.user_ids();
    std::string error;
    if (!announcer_.Publish(AnnouncementChannel(options_.channel), replica_ + "\n" + stored.SerializeAsString(),
                            &error)) {
      spdlog::warn("event consumer: could not announce event {} ({}); the other replicas handle it after {} ms",
                   event.event_id(), error, options_.claim_wait.count());
    }
  }
}

bool EventConsumer::HandleMessage(const std::string& payload) {
  mailrun::v1::Event event;
  if (!event.ParseFromString(payload)) {
    service::metrics::EventConsumed("dropped");
    spdlog::warn("event consumer: dropped a message that is not a mailrun.v1.Event ({} bytes)", payload.size());
    return false;
  }
  return HandleEvent(event);
}

namespace {

// One extra of an event (pushes, email, reminders) in a savepoint of its own: if it fails, the
// event is stored without it. A deadlock or a serialization failure is not the extra's fault: the
// whole transaction is tried again (HandleEvents: each event alone; HandleEvent: with backoff), so
// no reminder is dropped because two replicas stored events of one game at once.
template <typename Work>
void Extra(pqxx::work& txn, const mailrun::v1::Event& event, const char* what, Work&& work) {
  try {
    service::Savepoint savepoint(txn, what);
    work(txn);
    savepoint.Release();
  } catch (const pqxx::broken_connection&) {
    throw;
  } catch (const pqxx::transaction_rollback&) {
    throw;
  } catch (const std::exception& e) {
    spdlog::error("event consumer: {} of event {} failed, the event is stored without it: {}", what,
                  event.event_id(), e.what());
  }
}

}  // namespace

bool EventConsumer::Malformed(const mailrun::v1::Event& event) {
  if (!event.event_id().empty() && !event.user_ids().empty() && event.kind_case() != mailrun::v1::Event::KIND_NOT_SET) {
    return false;
  }
  const service::LogScope scope = service::EventLogScope(event);
  service::metrics::EventConsumed("dropped");
  spdlog::warn("event consumer: dropped event '{}' without event_id, recipients or kind", event.event_id());
  return true;
}

bool EventConsumer::StoreIn(pqxx::work& txn, const mailrun::v1::Event& event, TimePoint now) {
  // A login code goes by mail to a verified address and nowhere else: not into the inbox (nor so
  // to a stream), no push, no webhook, no reminder; the mail row (once per event) is all that stays.
  if (event.has_login_code_requested()) return email_.MailLoginCode(txn, event, now);
  if (!inbox_.Append(txn, event)) return false;
  // Pushes and reminders are extras: if either fails, the event is still stored and streamed
  // (each runs in its own savepoint), and the failure is logged. (Without a push gateway there
  // is nothing to enqueue, and no savepoint is needed.)
  if (push_.enabled()) {
    Extra(txn, event, "push", [&](pqxx::transaction_base& t) { push_.Enqueue(t, event, now); });
  }
  if (email_.enabled()) {
    Extra(txn, event, "email", [&](pqxx::transaction_base& t) { email_.Enqueue(t, event, now); });
  }
  Extra(txn, event, "reminders", [&](pqxx::transaction_base& t) { reminders_.Observe(t, event, now); });
  return true;
}

void EventConsumer::Stored(const mailrun::v1::Event& event, bool fresh) {
  const service::LogScope scope = service::EventLogScope(event);
  // Also for a repeat: another replica may have stored it, and this one's streams must wake. (A
  // login code reaches no stream.)
  if (!event.has_login_code_requested()) {
    for (const auto& user : event.user_ids()) fanout_.Notify(user);
  }
  const char* outcome = fresh ? "stored" : "duplicate";
  service::metrics::EventConsumed(outcome);
  service::LogEvent(fresh ? spdlog::level::info : spdlog::level::debug, std::string("event_") + outcome,
                    service::EventLogFields(event));
  if (!fresh) return;
  ++stored_;
  push_.Wake();
  email_.Wake();
}

void EventConsumer::HandleEvents(const std::vector<mailrun::v1::Event>& events) {
  if (events.size() == 1) {
    HandleEvent(events.front());
    return;
  }
  // One transaction, one commit (one log flush) for all of them: what a burst of moves published
  // together is stored together. Whatever goes wrong, each is handled alone after, with its
  // retries; storing is idempotent by event_id, so one the batch stored is then a repeat.
  std::vector<bool> malformed, fresh;
  for (const auto& event : events) malformed.push_back(Malformed(event));
  try {
    const TimePoint now = clock_();
    auto connection = pool_.Acquire();
    pqxx::work txn(*connection);
    for (size_t i = 0; i < events.size(); ++i) fresh.push_back(!malformed[i] && StoreIn(txn, events[i], now));
    txn.commit();
  } catch (const std::exception& e) {
    spdlog::warn("event consumer: storing {} events together failed ({}); storing each alone", events.size(), e.what());
    for (size_t i = 0; i < events.size(); ++i) {
      if (!malformed[i]) HandleEvent(events[i]);
    }
    return;
  }
  for (size_t i = 0; i < events.size(); ++i) {
    if (!malformed[i]) Stored(events[i], fresh[i]);
  }
}

bool EventConsumer::HandleEvent(const mailrun::v1::Event& event) {
  if (Malformed(event)) return false;
  const service::LogScope scope = service::EventLogScope(event);
  const TimePoint now = clock_();
  service::ExponentialBackoff backoff(std::chrono::milliseconds(100), std::chrono::seconds(5));
  while (true) {
    try {
      bool fresh = false;
      {
        auto connection = pool_.Acquire();
        pqxx::work txn(*connection);
        fresh = StoreIn(txn, event, now);
        txn.commit();
      }
      Stored(event, fresh);
      return fresh;
    } catch (const pqxx::broken_connection& e) {
      spdlog::warn("event consumer: database unreachable ({}); retrying event {}", e.what(), event.event_id());
    } catch (const pqxx::transaction_rollback& e) {
      spdlog::warn("event consumer: transaction rolled back ({}); retrying event {}", e.what(), event.event_id());
    } catch (const pqxx::in_doubt_error& e) {
      // The connection broke during the commit: stored or not, nobody can tell. Storing is
      // idempotent (by event_id), so the next attempt stores it or finds it stored. (Until
      // issue 21 such an event was dropped: PostgreSQL stopping mid-commit lost it for good.)
      spdlog::warn("event consumer: commit in doubt ({}); retrying event {}", e.what(), event.event_id());
    } catch (const std::exception& e) {
      if (!service::ServerWentAway(e)) {
        service::metrics::EventConsumed("failed");
        spdlog::error("event consumer: event {} could not be stored: {}", event.event_id(), e.what());
        return false;
      }
      // PostgreSQL is shutting down or restarting: as unreachable.
      spdlog::warn("event consumer: database going away ({}); retrying event {}", e.what(), event.event_id());
    }
    const auto delay = backoff.Next();
    for (auto slept = std::chrono::milliseconds(0); slept < delay; slept += std::chrono::milliseconds(50)) {
      if (stop_) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

int EventConsumer::CatchUp(int64_t since_unix_ms) {
  int fresh = 0;
  int64_t after_id = 0;
  while (!stop_) {
    std::vector<std::pair<int64_t, std::string>> rows;
    {
      auto connection = pool_.Acquire();
      pqxx::read_transaction txn(*connection);
      for (const auto& row : txn.exec_params(
               "SELECT id, payload FROM outbox WHERE id > $1 "
               "AND (sent_at IS NULL OR sent_at >= to_timestamp($2::bigint / 1000.0)) ORDER BY id LIMIT 500",
               after_id, since_unix_ms)) {
        rows.emplace_back(row[0].as<int64_t>(), pqxx::binarystring(row[1]).str());
      }
    }
    for (const auto& [id, payload] : rows) {
      if (HandleMessage(payload)) ++fresh;
      after_id = id;
    }
    if (rows.size() < 500) break;
  }
  return fresh;
}

void EventConsumer::OnSubscribed(const service::RedisSubscriber::Resubscribed& info) {
  const int64_t margin_ms = options_.catch_up_margin.count();
  try {
    int64_t since_ms = 0;
    {
      auto connection = pool_.Acquire();
      pqxx::read_transaction txn(*connection);
      if (info.first) {
        since_ms = txn.exec("SELECT (extract(epoch FROM coalesce(max(received_at), to_timestamp(0))) * 1000)::bigint "
                            "FROM notification_events")[0][0]
                       .as<int64_t>();
      } else {
        const auto outage = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                                  info.last_healthy);
        since_ms = txn.exec("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint")[0][0].as<int64_t>() -
                   outage.count();
      }
    }
    const int fresh = CatchUp(since_ms - margin_ms);
    if (fresh > 0) spdlog::info("event consumer: caught up on {} event(s) missed while not subscribed", fresh);
  } catch (const std::exception& e) {
    // Without the catch-up, events published while unsubscribed would wait for nothing: drop the
    // subscription so the next one tries again.
    spdlog::error("event consumer: catch-up failed: {}", e.what());
    throw;
  }
}

}  // namespace mailrun::notification
