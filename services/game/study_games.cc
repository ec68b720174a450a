#include "services/game/study_games.h"

#include <fmt/format.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "engine/core/title.h"
#include "engine/titles/game.h"
#include "services/common/refusal_details.h"
#include "services/common/unix_time.h"
#include "services/game/game_creation.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

using mailrun::engine::Game;

constexpr size_t kMaxDisplayNameLength = 64;
constexpr int kRecordFormat = 1;

// What is wrong with the record's frame (format, players, seed), naming the field; nullopt if fine.
std::optional<std::string> CheckRecord(const mailrun::v1::GameRecord& record) {
  if (record.format() != kRecordFormat) {
    return fmt::format("record.format must be {} (got {}): not a Mailrun game record", kRecordFormat, record.format());
  }
  const int players = record.config().players_size();
  if (players < 3 || players > 6) return fmt::format("record.config.players: 3 to 6 players are needed, got {}", players);
  for (int seat = 0; seat < players; ++seat) {
    const std::string& name = record.config().players(seat).display_name();
    if (name.empty() || name.size() > kMaxDisplayNameLength) {
      return fmt::format("record.config.players[{}].display_name must have 1 to {} characters", seat,
                         kMaxDisplayNameLength);
    }
    for (const char c : name) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        return fmt::format("record.config.players[{}].display_name must not contain control characters", seat);
      }
    }
  }
  if (record.config().seed() == 0) return "record.config.seed is missing: a record replays only with its game's seed";
  int64_t last = 0;
  for (int i = 0; i < record.entries_size(); ++i) {
    const auto& entry = record.entries(i);
    if (entry.version() <= last) {
      return fmt::format("record.entries[{}].version must be more than the entry before it ({}), got {}", i, last,
                         entry.version());
    }
    if (entry.version() > record.version()) {
      return fmt::format("record.entries[{}].version {} is beyond the record's version {}", i, entry.version(),
                         record.version());
    }
    if (entry.seat() < 0 || entry.seat() >= players) {
      return fmt::format("record.entries[{}].seat must be 0 to {}, got {}", i, players - 1, entry.seat());
    }
    if (!entry.has_action()) return fmt::format("record.entries[{}].action is missing", i);
    last = entry.version();
  }
  return std::nullopt;
}

// The stand-ins for a withheld entry: the legal actions of `seat` now of the same kind (for a
// ClaimCity, those for the same company: the company is public, the city was not), in the
// engine's order; a CommitBond at the smallest amount allowed.
std::vector<mailrun::v1::Action> StandIns(const Game& game, const mailrun::v1::Action& withheld) {
  std::vector<mailrun::v1::Action> out;
  for (const auto& legal : game.LegalActions(withheld.seat())) {
    const auto& action = legal.action();
    if (action.kind_case() != withheld.kind_case()) continue;
    if (withheld.has_claim_city() && action.claim_city().company() != withheld.claim_city().company()) continue;
    mailrun::v1::Action stand_in = action;
    if (stand_in.has_commit_bond()) stand_in.mutable_commit_bond()->set_amount(static_cast<int32_t>(legal.min_amount()));
    stand_in.set_seat(withheld.seat());
    out.push_back(std::move(stand_in));
  }
  return out;
}

// The log row of an applied entry: the action and the log lines the engine wrote.
store::NewRow RowOf(int64_t seq, const mailrun::v1::RecordEntry& entry, const mailrun::v1::Action& action,
                    const mailrun::engine::ApplyOutcome& outcome, const std::string& owner) {
  mailrun::v1::SubmitActionResponse answer;
  answer.set_version(seq);
  for (size_t line = 0; line < outcome.log.size(); ++line) {
    auto* said = answer.add_log_lines();
    said->set_text(outcome.log[line]);
    if (line < outcome.structured_log.size()) *said->mutable_structured() = outcome.structured_log[line];
    said->set_version(seq);
    said->set_at_unix_ms(mailrun::service::NowUnixMs());
  }
  return store::NewRow{seq, store::kActionRow, entry.seat(), owner, action.SerializeAsString(), 0,
                       fmt::format("study-record-{}", entry.version()), answer.SerializeAsString()};
}

// The replayed record: the engine's game at the chosen version and the log rows that made it.
struct Replayed {
  std::optional<Game> game;
  std::vector<store::NewRow> rows;
  int stand_ins = 0;
};

// Whether the seat of the record's entry `i` (if it is replayed) is to act in `game`: a stand-in
// after which another seat acts than the record says went otherwise (a bid completed early, 2.5.2.9).
bool NextSeatActs(const mailrun::v1::GameRecord& record, int i, int64_t at_version, const Game& game) {
  if (i >= record.entries_size() || record.entries(i).version() > at_version) return true;
  const std::vector<int> active = game.ActiveSeats();
  return std::find(active.begin(), active.end(), record.entries(i).seat()) != active.end();
}

// At most this many stand-ins are tried in all (a record's withheld entries are its contract bids).
constexpr int kStandInTries = 20000;

// Replays the record's entries up to `at_version`; INVALID_ARGUMENT naming the first entry the
// rules refuse. A withheld entry takes the first stand-in with which the rest of the record
// replays: when a later entry of the same seat is refused or finds no stand-in (a stand-in city
// used up the bond, or took a city the seat names later), that seat's latest withheld entry tries
// its next stand-in; a stand-in after which the record's next seat is not to act is skipped.
grpc::Status Replay(const mailrun::v1::GameRecord& record, const mailrun::v1::GameConfig& config, int64_t at_version,
                    const std::string& owner, Replayed* out) {
  auto created = Game::Create(config);
  if (!created.ok()) {
    return Invalid("game.refusal.study_record_config", fmt::format("record.config: {}", created.error().ToString()),
                   {service::TextValue("problem", created.error().ToString())});
  }
  Game game = std::move(*created);
  struct Choice {
    int entry;
    Game before;
    std::vector<mailrun::v1::Action> stand_ins;
    size_t next = 0;
    size_t rows = 0;
  };
  std::vector<Choice> choices;
  std::string first_problem;
  int tries = kStandInTries;
  int i = 0;
  // After an entry of `seat` found no move: applies the next stand-in of the latest withheld entry
  // of that seat that has one left (another seat's secret changes nothing of this seat's bid);
  // false when none has.
  const auto next_stand_in = [&](int seat) {
    while (tries > 0) {
      while (!choices.empty() && record.entries(choices.back().entry).seat() != seat) choices.pop_back();
      if (choices.empty()) return false;
      Choice& choice = choices.back();
      while (choice.next < choice.stand_ins.size() && --tries > 0) {
        Game next = choice.before;
        const mailrun::v1::Action& stand_in = choice.stand_ins[choice.next++];
        auto outcome = next.Apply(stand_in);
        if (!outcome.ok() || !NextSeatActs(record, choice.entry + 1, at_version, next)) continue;
        out->rows.resize(choice.rows);
        out->rows.push_back(RowOf(static_cast<int64_t>(choice.rows) + 1, record.entries(choice.entry), stand_in, *outcome, owner));
        game = std::move(next);
        i = choice.entry + 1;
        return true;
      }
      choices.pop_back();
    }
    return false;
  };
  while (i < record.entries_size() && record.entries(i).version() <= at_version) {
    const auto& entry = record.entries(i);
    mailrun::v1::Action action = entry.action();
    action.set_seat(entry.seat());
    if (entry.withheld()) {
      choices.push_back({i, game, StandIns(game, action), 0, out->rows.size()});
      if (choices.back().stand_ins.empty() && first_problem.empty()) {
        first_problem = fmt::format("record.entries[{}] (version {}): its withheld part has no stand-in: seat {} has "
                                    "no legal action of its kind there",
                                    i, entry.version(), entry.seat());
      }
      if (!next_stand_in(entry.seat())) return Invalid(first_problem);
      continue;
    }
    auto outcome = game.Apply(action);  // on a refusal the game is unchanged
    if (!outcome.ok()) {
      if (first_problem.empty()) {
        first_problem = fmt::format("record.entries[{}] (version {}) is refused by the rules: {}", i, entry.version(),
                                    outcome.error().ToString());
      }
      if (!next_stand_in(entry.seat())) return Invalid(first_problem);
      continue;
    }
    out->rows.push_back(RowOf(static_cast<int64_t>(out->rows.size()) + 1, entry, action, *outcome, owner));
    ++i;
  }
  out->stand_ins = static_cast<int>(choices.size());
  out->game.emplace(std::move(game));
  return grpc::Status::OK;
}

}  // namespace

grpc::Status StudyGames::Create(const std::string& user_id, const mailrun::v1::CreateStudyGameRequest& request,
                                mailrun::v1::CreateStudyGameResponse* response) {
  if (auto bad = CheckClientRequestId(request.request_id())) return Invalid(*bad);
  if (!request.has_record()) return InvalidField("record", "record is required: the game record to study");
  const mailrun::v1::GameRecord& record = request.record();
  if (auto bad = CheckRecord(record)) return Invalid(*bad);
  const int64_t at_version = request.has_at_version() ? request.at_version() : record.version();
  if (at_version < 0) {
    return InvalidField("at_version", fmt::format("at_version must not be negative ({})", at_version),
                        {service::CountValue("at_version", at_version)}, "negative");
  }
  if (at_version > record.version()) {
    return InvalidField("at_version",
                        fmt::format("at_version {} is beyond the record: it goes up to version {}", at_version,
                                    record.version()),
                        {service::CountValue("at_version", at_version), service::CountValue("record_version", record.version())},
                        "beyond_record");
  }

  store::NewGame created;
  GameInfo& info = created.info;
  info.game_id = GameIdFor("study\n" + user_id, request.request_id());
  info.study_owner = user_id;
  info.config = record.config();
  // The owner holds seat 0; the other seats hold ids no account has (migrations/0108).
  for (int seat = 0; seat < info.config.players_size(); ++seat) {
    info.config.mutable_players(seat)->set_user_id(seat == 0 ? user_id : fmt::format("study:{}:{}", info.game_id, seat));
  }
  Replayed replayed;
  if (grpc::Status replay = Replay(record, info.config, at_version, user_id, &replayed); !replay.ok()) return replay;
  const Game& game = *replayed.game;
  info.config = game.config();
  created.create_request = request.SerializeAsString();
  created.created_by = "study";
  created.active_seats = game.ActiveSeats();
  created.round = game.View(mailrun::engine::kSpectator).round().description();
  const int64_t version = static_cast<int64_t>(replayed.rows.size());

  return transactor_([&](pqxx::work& txn) {
    if (!store::InsertGame(txn, created)) {
      // Created before (or just now by a concurrent retry): the same request gets the same game.
      mailrun::v1::CreateStudyGameRequest first;
      const auto stored = store::CreateRequestOf(txn, info.game_id);
      if (!stored || !first.ParseFromString(*stored) ||
          !google::protobuf::util::MessageDifferencer::Equals(first, request)) {
        return service::RefusalStatus(grpc::StatusCode::ALREADY_EXISTS,
                                      "request_id was already used to create a different study game; use a new request_id",
                                      {"game.refusal.request_id_reused", "", "taken", "request_id", ""});
      }
    } else {
      for (const auto& row : replayed.rows) {
        txn.exec_params(
            "INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, request_id, answer)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            info.game_id, row.seq, row.kind, row.seat, row.user_id, pqxx::binarystring(row.action.data(), row.action.size()),
            row.request_id, pqxx::binarystring(row.answer.data(), row.answer.size()));
      }
      if (version > 0) {
        txn.exec_params("INSERT INTO game_snapshots (game_id, seq, state) VALUES ($1, $2, $3)", info.game_id, version,
                        game.SnapshotJson());
      }
      txn.exec_params(
          "UPDATE games SET study_owner = $2, version = $3, status = $4, end_reason = $5,"
          " finished_at = CASE WHEN $4 = 'finished' THEN now() END WHERE game_id = $1",
          info.game_id, user_id, version, game.Finished() ? "finished" : "active", game.EndReason());
    }
    response->set_game_id(info.game_id);
    response->set_version(version);
    response->set_stand_ins(replayed.stand_ins);
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
