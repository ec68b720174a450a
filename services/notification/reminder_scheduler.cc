#include "services/notification/reminder_scheduler.h"

#include <spdlog/spdlog.h>

#include <set>

#include "services/common/json_log.h"
#include "services/common/log_context.h"
#include "services/common/metrics.h"
#include "services/common/outbox.h"
#include "services/common/prepared.h"

namespace mailrun::notification {

ReminderScheduler::ReminderScheduler(service::ConnectionPool& pool, std::chrono::milliseconds check_interval,
                                     Clock clock)
    : pool_(pool), check_interval_(check_interval), clock_(std::move(clock)) {}

ReminderScheduler::~ReminderScheduler() { Stop(); }

void ReminderScheduler::Observe(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint received) {
  if (event.has_game_finished()) {
    const std::string& game = event.game_finished().game_id();
    txn.exec_params("INSERT INTO reminder_games (game_id, latest_version, finished) VALUES ($1, 0, true) "
                    "ON CONFLICT (game_id) DO UPDATE SET finished = true",
                    game);
    txn.exec_params("DELETE FROM reminder_waits WHERE game_id = $1", game);
    return;
  }
  if (!event.has_your_turn()) return;
  const auto& turn = event.your_turn();
  // The game's latest version, and (unless the event is stale or the game finished) the waits at
  // older versions dropped: the game moved on, so whoever waited then has acted (or lost their
  // turn). One statement (prepared: every your-turn event runs it).
  const pqxx::row game = service::ExecPrepared(
      txn, "reminder_turn",
      "WITH game AS (INSERT INTO reminder_games (game_id, latest_version) VALUES ($1, $2) ON CONFLICT (game_id) "
      "DO UPDATE SET latest_version = greatest(reminder_games.latest_version, EXCLUDED.latest_version) "
      "RETURNING latest_version, finished), "
      "moved_on AS (DELETE FROM reminder_waits WHERE game_id = $1 AND version < $2 "
      "AND EXISTS (SELECT 1 FROM game WHERE NOT finished AND latest_version <= $2)) "
      "SELECT latest_version, finished FROM game",
      turn.game_id(), turn.version())[0];
  if (game[1].as<bool>() || game[0].as<int64_t>() > turn.version()) return;  // stale or finished game
  if (turn.remind_after_seconds() <= 0) return;
  const int64_t since_ms = event.created_at_unix_ms() > 0 ? event.created_at_unix_ms() : ToUnixMs(received);
  const std::string serialized_turn = turn.SerializeAsString();
  const pqxx::binarystring turn_bytes(serialized_turn.data(), serialized_turn.size());
  for (const std::string& user : std::set<std::string>(event.user_ids().begin(), event.user_ids().end())) {
    txn.exec_params(
        "INSERT INTO reminder_waits (game_id, user_id, version, waiting_since, remind_after_seconds, expected, "
        "next_remind_at, turn) VALUES ($1, $2, $3, to_timestamp($4::bigint / 1000.0), $5::bigint, $6, "
        "to_timestamp($4::bigint / 1000.0) + make_interval(secs => $5::bigint), $7) "
        "ON CONFLICT (game_id, user_id) DO UPDATE SET version = EXCLUDED.version, "
        "waiting_since = EXCLUDED.waiting_since, remind_after_seconds = EXCLUDED.remind_after_seconds, "
        "expected = EXCLUDED.expected, next_remind_at = EXCLUDED.next_remind_at, reminders_sent = 0, "
        "turn = EXCLUDED.turn "
        "WHERE reminder_waits.version < EXCLUDED.version",
        turn.game_id(), user, turn.version(), since_ms, turn.remind_after_seconds(),
        turn.expected(), turn_bytes);
  }
}

int ReminderScheduler::Tick(TimePoint now) {
  auto connection = pool_.Acquire();
  pqxx::work txn(*connection);
  const int64_t now_ms = ToUnixMs(now);
  const pqxx::result due = txn.exec_params(
      "SELECT game_id, user_id, version, (extract(epoch FROM waiting_since) * 1000)::bigint, expected, "
      "reminders_sent, turn FROM reminder_waits WHERE next_remind_at <= to_timestamp($1::bigint / 1000.0) "
      "ORDER BY next_remind_at LIMIT 500 FOR UPDATE SKIP LOCKED",
      now_ms);
  for (const auto& row : due) {
    const std::string game = row[0].as<std::string>();
    const std::string user = row[1].as<std::string>();
    const int number = row[5].as<int>() + 1;
    mailrun::v1::Event reminder;
    reminder.set_event_id("reminder/" + game + "/" + user + "/" + row[2].as<std::string>() + "/" +
                          std::to_string(number));
    reminder.set_created_at_unix_ms(now_ms);
    reminder.add_user_ids(user);
    auto* body = reminder.mutable_reminder();
    body->set_game_id(game);
    body->set_waiting_since_unix_ms(row[3].as<int64_t>());
    body->set_expected(row[4].as<std::string>());
    mailrun::v1::YourTurn turn;
    if (!row[6].is_null() && turn.ParseFromString(pqxx::binarystring(row[6]).str())) {
      body->set_round_kind(turn.round_kind());
      body->set_round_number(turn.round_number());
      *body->mutable_structured_expected() = turn.structured_expected();
      body->set_title(turn.title());
    }
    // Each reminder starts a trace of its own, which its event carries to the inbox and the push.
    const service::LogScope scope(service::LogContext{"", "", user, game, service::TraceContext::NewTrace()});
    service::AppendOutboxEvent(txn, reminder);
    service::LogEvent(spdlog::level::info, "reminder_due", {{"event_id", reminder.event_id()}, {"number", number}});
    txn.exec_params(
        "UPDATE reminder_waits SET reminders_sent = $3, "
        "next_remind_at = to_timestamp($4::bigint / 1000.0) + make_interval(secs => remind_after_seconds) "
        "WHERE game_id = $1 AND user_id = $2",
        game, user, number, now_ms);
  }
  txn.commit();
  service::metrics::RemindersDue(static_cast<int64_t>(due.size()));
  service::metrics::RemindersSent(static_cast<int64_t>(due.size()));
  return static_cast<int>(due.size());
}

void ReminderScheduler::Start() {
  worker_.Start([this] { Run(); });
}

void ReminderScheduler::Stop() { worker_.Stop(); }

void ReminderScheduler::Run() {
  do {
    try {
      const int sent = Tick(clock_());
      if (sent > 0) spdlog::info("reminders: {} sent", sent);
    } catch (const std::exception& e) {
      spdlog::warn("reminders: {}", e.what());
    }
  } while (worker_.WaitFor(check_interval_));
}

}  // namespace mailrun::notification
