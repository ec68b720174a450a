#include "services/game/move_service.h"

#include <fmt/format.h>
#include <google/protobuf/util/message_differencer.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <utility>

#include "engine/core/structured_text.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/outbox.h"
#include "services/common/refusal_details.h"
#include "services/common/unix_time.h"
#include "services/game/event_planner.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"
#include "services/game/hotseat.h"
#include "services/game/request_checks.h"
#include "services/game/undo_policy.h"

namespace mailrun::game {
namespace {

using mailrun::engine::Game;

// A log line of the entry that becomes `version`, stamped with the time the service accepts it.
void AddLogLine(int64_t version, mailrun::engine::Said said,
                google::protobuf::RepeatedPtrField<mailrun::v1::LogLine>* lines) {
  auto* line = lines->Add();
  line->set_text(std::move(said.text));
  *line->mutable_structured() = std::move(said.structured);
  line->set_version(version);
  line->set_at_unix_ms(mailrun::service::NowUnixMs());
}

// The log lines of an engine outcome, with their message keys and parameters.
void AddLogLines(int64_t version, const mailrun::engine::ApplyOutcome& outcome,
                 google::protobuf::RepeatedPtrField<mailrun::v1::LogLine>* lines) {
  for (size_t i = 0; i < outcome.log.size(); ++i) {
    mailrun::engine::Said said{outcome.log[i], i < outcome.structured_log.size() ? outcome.structured_log[i]
                                                                                   : mailrun::v1::StructuredText()};
    AddLogLine(version, std::move(said), lines);
  }
}

// What a repeated request_id is compared with: the call that made the stored row. A retry repeats
// its call unchanged; anything else reusing the id is refused and changes nothing.
struct RequestSeen {
  const char* kind;                           // store::kActionRow or store::kUndoRow
  const mailrun::v1::Action* action = nullptr;  // SubmitAction: the action, seat set as stored
  int64_t expected_version = 0;               // UndoLastAction: the version it meant to undo
};

grpc::Status Reused(const std::string& request_id, const std::string& what, int64_t seq) {
  return Invalid("game.refusal.request_id_reused",
                 fmt::format("request_id '{}' was already used in this game for {} (log entry #{}): a retry must "
                             "repeat its call unchanged, and a new call needs a new request_id",
                             request_id, what, seq),
                 {mailrun::service::TextValue("request_id", request_id), mailrun::service::TextValue("what", what),
                  mailrun::service::CountValue("seq", seq)});
}

// The stored answer of a repeated request, if it was the same call by the same caller.
template <typename Response>
grpc::Status StoredAnswer(const store::StoredRequest& stored, const std::string& request_id, const RequestSeen& seen,
                          const std::string& user_id, Response* response) {
  if (stored.kind != seen.kind || stored.user_id != user_id) {
    return Reused(request_id, stored.user_id != user_id ? "another player's call"
                                  : stored.kind == store::kActionRow ? "an action"
                                                                     : "an undo",
                  stored.seq);
  }
  if (seen.action != nullptr) {
    mailrun::v1::Action first;
    if (!first.ParseFromString(stored.action)) return Internal("the stored action of this request is unreadable");
    if (!google::protobuf::util::MessageDifferencer::Equals(first, *seen.action)) {
      return Reused(request_id, "a different action", stored.seq);
    }
  } else if (stored.seq - 1 != seen.expected_version) {
    return Reused(request_id, fmt::format("an undo at version {}, not {}", stored.seq - 1, seen.expected_version),
                  stored.seq);
  }
  if (!response->ParseFromString(stored.answer)) return Internal("the stored answer of this request is unreadable");
  return grpc::Status::OK;
}

// The stored answer if the log has `request_id` (a repeated request), else nullopt: from what Open
// read with the head, or (after a lost race) read again.
template <typename Response>
std::optional<grpc::Status> RepeatedRequest(const std::optional<store::StoredRequest>& stored,
                                            const std::string& request_id, const RequestSeen& seen,
                                            const std::string& user_id, Response* response) {
  if (!stored) return std::nullopt;
  return StoredAnswer(*stored, request_id, seen, user_id, response);
}

template <typename Response>
std::optional<grpc::Status> RepeatedRequest(pqxx::transaction_base& txn, const std::string& game_id, const std::string& request_id,
                                            const RequestSeen& seen, const std::string& user_id,
                                            Response* response) {
  return RepeatedRequest(store::FindRequest(txn, game_id, request_id), request_id, seen, user_id, response);
}

grpc::Status NoSeat(const std::string& game_id) {
  return Denied("game.refusal.no_seat", fmt::format("you have no seat in game {}: spectators cannot act", game_id),
                {mailrun::service::TextValue("game_id", game_id)});
}

// Action.seat may be unset (0) or the caller's own seat; the service sets it.
grpc::Status CheckActingSeat(const mailrun::v1::Action& action, int seat) {
  if (action.seat() != 0 && action.seat() != seat) {
    return Denied("game.refusal.not_your_seat", fmt::format("you hold seat {}; you may act only for your own seat", seat),
                  {mailrun::service::CountValue("seat", seat)});
  }
  return grpc::Status::OK;
}

// After a move's transaction: its metrics and its log line.
void Report(const grpc::Status& status, bool committed, const char* kind, const std::string& request_id,
            int64_t version, int seat) {
  if (status.error_code() == grpc::StatusCode::ABORTED) mailrun::service::metrics::MoveConflict();
  if (!status.ok() || !committed) return;
  mailrun::service::metrics::MoveCommitted(kind);
  mailrun::service::LogEvent(spdlog::level::info, "move_committed",
                             {{"kind", kind}, {"version", version}, {"seat", seat}, {"client_request_id", request_id}});
}

}  // namespace

// One change to commit: the log row and the game before and after it.
struct MoveService::Change {
  const GameInfo& info;
  const Game& before;
  const Game& after;
  store::NewRow row;  // row.seq is the new version
};

MoveService::MoveService(mailrun::service::StatementRunner statements, GameLoader& loader, Announcer announce,
                         MoveOptions options)
    : statements_(std::move(statements)),
      loader_(loader),
      announce_(std::move(announce)),
      options_(options) {}

grpc::Status MoveService::OpenAsPlayer(pqxx::transaction_base& txn, const std::string& game_id, const std::string& user_id,
                                       OpenedGame* opened, const std::string& request_id) {
  if (!loader_.Open(txn, game_id, user_id, opened, request_id)) return NoSuchGame(game_id);
  if (opened->spectator() && opened->info->study()) {
    return Denied("game.refusal.study_of_another",
                  fmt::format("game {} is another player's study game: only its owner moves in it", game_id),
                  {mailrun::service::TextValue("game_id", game_id)});
  }
  if (opened->spectator()) return NoSeat(game_id);
  return grpc::Status::OK;
}

bool MoveService::Commit(pqxx::transaction_base& txn, const Change& change, bool* outbox_rows) {
  // Whose turn it is and what it asks (not the whole view), built once for the games row and every event.
  const mailrun::v1::GameView view = change.after.TurnView();
  const auto events =
      PlanEvents(change.info, &change.before, change.after, view, change.row.seat, change.row.seq, mailrun::service::NowUnixMs());
  store::HeadUpdate head;
  head.expected_version = change.row.seq - 1;
  head.finished = change.after.Finished();
  head.active_seats = change.after.ActiveSeats();
  head.round = view.round().description();
  head.end_reason = change.after.EndReason();
  std::vector<mailrun::service::OutboxRow> rows;
  // A study game tells nobody anything: no turn, no end (so no result and no rating) reaches the
  // notification service or the lobby.
  for (const auto& event : change.info.study() ? decltype(events){} : events) {
    if (event.has_game_finished()) head.results = event.game_finished().SerializeAsString();
    rows.push_back(mailrun::service::ToOutboxRow(event));
  }
  std::optional<std::string> snapshot;
  if (change.row.seq % options_.snapshot_every == 0 || change.after.Finished()) {
    snapshot = change.after.SnapshotJson();
  }
  if (!store::AdvanceAndAppend(txn, change.info.game_id, head, change.row, rows, snapshot)) return false;
  *outbox_rows = !rows.empty();
  return true;
}

grpc::Status MoveService::Submit(const std::string& user_id, const mailrun::v1::SubmitActionRequest& request,
                                 mailrun::v1::SubmitActionResponse* response, int64_t* current_version) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  if (request.expected_version() < 0) return Invalid("expected_version must not be negative");
  if (!request.has_action()) return Invalid("action is required");

  OpenedGame opened;
  std::shared_ptr<const Game> applied;
  bool outbox_rows = false;
  mailrun::v1::Action action;
  // Applies the action to `current` (the game at opened.head.version) and commits it in one
  // statement. *refused: the engine refused the action (nothing written).
  const auto apply_and_commit = [&](pqxx::transaction_base& txn, const Game& current,
                                    bool* refused) -> grpc::Status {
    Game next = current;  // the one copy a move makes: the engine applies the action to it
    auto outcome = next.Apply(action);
    if (!outcome.ok()) {
      *refused = true;
      return EngineErrorStatus(outcome.error());
    }
    response->Clear();
    response->set_version(opened.head.version + 1);
    AddLogLines(response->version(), *outcome, response->mutable_log_lines());
    Change change{*opened.info, current, next,
                  store::NewRow{response->version(), store::kActionRow, opened.seat, user_id,
                                action.SerializeAsString(), 0, request.request_id(), response->SerializeAsString()}};
    if (!Commit(txn, change, &outbox_rows)) {
      // A lost race, or a concurrent duplicate of this very request that got there first.
      const RequestSeen seen{store::kActionRow, &action};
      if (auto repeated = RepeatedRequest(txn, request.game_id(), request.request_id(), seen, user_id, response)) {
        return *repeated;
      }
      *current_version = store::ReadHead(txn, request.game_id())->version;
      return StaleVersion(request.expected_version(), *current_version);
    }
    applied = std::make_shared<const Game>(std::move(next));
    return grpc::Status::OK;
  };
  // The acting seat's action as the log stores it: the caller's seat set. A study game's owner
  // acts for the seat that is to act in `game` (hotseat.h); a retry for the seat its first call
  // acted for.
  const auto seat_action = [&](const Game* game) -> grpc::Status {
    if (game != nullptr && PlaysEverySeat(*opened.info, user_id)) {
      int asked = request.action().seat();
      mailrun::v1::Action first;
      if (asked == 0 && opened.request && opened.request->kind == store::kActionRow &&
          first.ParseFromString(opened.request->action)) {
        asked = first.seat();
      }
      opened.seat = HotseatSeat(*game, asked);
    } else if (grpc::Status seat_ok = CheckActingSeat(request.action(), opened.seat); !seat_ok.ok()) {
      return seat_ok;
    }
    action = request.action();
    action.set_seat(opened.seat);
    return grpc::Status::OK;
  };

  bool first_attempt = true;
  grpc::Status status = statements_([&](pqxx::transaction_base& txn) {
    applied.reset();
    // The usual move: the cache holds the game at the version the caller saw, so nothing is read
    // before the write, whose version check decides (one round trip). Any answer but success or a
    // lost race is left to the reading path below, so that every answer is the one it gives (a
    // repeated request_id's stored answer before the engine's refusal); so is every run after the
    // first (RunStatements runs the body again after a unique violation: a request_id used before
    // at another version).
    std::shared_ptr<const Game> cached;
    if (std::exchange(first_attempt, false) &&
        loader_.OpenCached(request.game_id(), request.expected_version(), user_id, &opened, &cached) &&
        !opened.spectator() && seat_action(cached.get()).ok()) {
      bool refused = false;
      grpc::Status fast = apply_and_commit(txn, *cached, &refused);
      if (!refused) return fast;
    }

    if (grpc::Status open = OpenAsPlayer(txn, request.game_id(), user_id, &opened, request.request_id());
        !open.ok()) {
      return open;
    }
    // A study game's seat follows from the game: it is loaded first (hotseat.h).
    std::shared_ptr<const Game> current;
    if (opened.info->study()) {
      auto loaded = loader_.Shared(txn, opened.info, opened.head.version);
      if (!loaded.ok()) return LoadFailure(opened, loaded.error());
      current = std::move(*loaded);
    }
    if (grpc::Status seat_ok = seat_action(current.get()); !seat_ok.ok()) return seat_ok;
    const RequestSeen seen{store::kActionRow, &action};
    if (auto repeated = RepeatedRequest(opened.request, request.request_id(), seen, user_id, response)) {
      return *repeated;
    }
    if (opened.head.version != request.expected_version()) {
      *current_version = opened.head.version;
      return StaleVersion(request.expected_version(), opened.head.version);
    }
    if (!current) {
      auto loaded = loader_.Shared(txn, opened.info, opened.head.version);
      if (!loaded.ok()) return LoadFailure(opened, loaded.error());
      current = std::move(*loaded);
    }
    bool refused = false;
    return apply_and_commit(txn, *current, &refused);
  });
  if (status.ok() && applied) loader_.cache().Put({opened.info, response->version(), applied});
  // A repeated request is announced again: its first call may have committed and then died
  // before its announcement.
  if (status.ok()) announce_(request.game_id(), outbox_rows || !applied);
  Report(status, applied != nullptr, store::kActionRow, request.request_id(), response->version(), opened.seat);
  return status;
}

grpc::Status MoveService::Preview(const std::string& user_id, const mailrun::v1::PreviewActionRequest& request,
                                  mailrun::v1::PreviewActionResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (!request.has_action()) return Invalid("action is required");
  OpenedGame opened;
  std::optional<Game> next;
  grpc::Status status = statements_([&](pqxx::transaction_base& txn) {
    if (grpc::Status open = OpenAsPlayer(txn, request.game_id(), user_id, &opened); !open.ok()) return open;
    const bool hotseat = PlaysEverySeat(*opened.info, user_id);
    if (!hotseat) {
      if (grpc::Status seat_ok = CheckActingSeat(request.action(), opened.seat); !seat_ok.ok()) return seat_ok;
    }
    auto loaded = loader_.At(txn, opened.info, opened.head.version);
    if (!loaded.ok()) return LoadFailure(opened, loaded.error());
    next.emplace(std::move(*loaded));
    if (hotseat) opened.seat = HotseatSeat(*next, request.action().seat());
    return grpc::Status::OK;
  });
  if (!status.ok()) return status;
  // The engine works on a copy: nothing of the stored game changes, and nothing is written. As a
  // preview, it uses no other player's secret (Game::Preview).
  mailrun::v1::Action action = request.action();
  action.set_seat(opened.seat);
  auto outcome = next->Preview(action);
  if (!outcome.ok()) return EngineErrorStatus(outcome.error());
  for (size_t i = 0; i < outcome->log.size(); ++i) {
    auto* line = response->add_log_lines();
    line->set_text(outcome->log[i]);
    if (i < outcome->structured_log.size()) *line->mutable_structured() = outcome->structured_log[i];
  }
  *response->mutable_view_after() = next->View(opened.seat);
  response->set_version(opened.head.version);
  response->set_withheld(outcome->withheld);
  return grpc::Status::OK;
}

grpc::Status MoveService::Undo(const std::string& user_id, const mailrun::v1::UndoLastActionRequest& request,
                               mailrun::v1::UndoLastActionResponse* response, int64_t* current_version) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  if (request.expected_version() < 0) return Invalid("expected_version must not be negative");
  if (request.expected_version() == 0) {
    // No undo is possible at version 0, so 0 is a client that does not send the field: refused
    // rather than applied blindly (a double tap would take back two actions).
    return Invalid("expected_version is required: the game's version you saw when you chose to undo");
  }

  OpenedGame opened;
  std::shared_ptr<const Game> undone;
  bool outbox_rows = false;
  const RequestSeen seen{store::kUndoRow, nullptr, request.expected_version()};
  grpc::Status status = statements_([&](pqxx::transaction_base& txn) {
    undone.reset();
    if (grpc::Status open = OpenAsPlayer(txn, request.game_id(), user_id, &opened, request.request_id());
        !open.ok()) {
      return open;
    }
    if (auto repeated = RepeatedRequest(opened.request, request.request_id(), seen, user_id, response)) {
      return *repeated;
    }
    if (opened.head.finished) return NotNow("5.1: the game is over: its last action cannot be taken back");
    if (opened.head.version != request.expected_version()) {
      *current_version = opened.head.version;
      return StaleVersion(request.expected_version(), opened.head.version);
    }

    // The latest action still in effect: walk back over the rows, skipping what undos took back.
    const auto rows = store::Rows(txn, request.game_id(), 0, opened.head.version, /*with_actions=*/false);
    std::set<int64_t> taken_back;
    const store::LogRow* last = nullptr;
    for (auto row = rows.rbegin(); row != rows.rend() && last == nullptr; ++row) {
      if (row->kind == store::kUndoRow)
        taken_back.insert(row->undoes_seq);
      else if (!taken_back.contains(row->seq))
        last = &*row;
    }
    if (last == nullptr) return NotNow("there is no action to take back");
    // A study game's owner takes back any seat's last action (hotseat.h).
    if (PlaysEverySeat(*opened.info, user_id)) opened.seat = last->seat;
    if (last->seat != opened.seat) {
      return NotNow("game.refusal.undo_not_last",
                    fmt::format("you can take back only your own last action, and {} has acted since",
                                opened.info->config.players(last->seat).display_name()),
                    {mailrun::engine::param::Seat("seat", last->seat)});
    }
    auto current = loader_.Shared(txn, opened.info, opened.head.version);
    if (!current.ok()) return LoadFailure(opened, current.error());
    auto before = loader_.Without(txn, *opened.info, opened.head.version, last->seq);
    if (!before.ok()) return LoadFailure(opened, before.error());
    if (auto refusal = UndoRefusal(*before, **current)) return EngineErrorStatus(*refusal);

    response->Clear();
    response->set_version(opened.head.version + 1);
    response->set_undone_seq(last->seq);
    AddLogLine(response->version(),
               mailrun::engine::Say("game.log.undo", "{seat} takes back their last action (#{seq})",
                                    {mailrun::engine::param::Seat("seat", opened.seat),
                                     mailrun::engine::param::Count("seq", last->seq)},
                                    {[&](int seat) { return opened.info->config.players(seat).display_name(); }, {}}),
               response->mutable_log_lines());
    Change change{*opened.info, **current, *before,
                  store::NewRow{response->version(), store::kUndoRow, opened.seat, user_id, "", last->seq,
                                request.request_id(), response->SerializeAsString()}};
    if (!Commit(txn, change, &outbox_rows)) {
      if (auto repeated = RepeatedRequest(txn, request.game_id(), request.request_id(), seen, user_id, response)) {
        return *repeated;
      }
      *current_version = store::ReadHead(txn, request.game_id())->version;
      return ChangedMeanwhile(*current_version);
    }
    undone = std::make_shared<const Game>(std::move(*before));
    return grpc::Status::OK;
  });
  if (status.ok() && undone) loader_.cache().Put({opened.info, response->version(), undone});
  if (status.ok()) announce_(request.game_id(), outbox_rows || !undone);
  Report(status, undone != nullptr, store::kUndoRow, request.request_id(), response->version(), opened.seat);
  return status;
}

}  // namespace mailrun::game
