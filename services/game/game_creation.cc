#include "services/game/game_creation.h"

#include <fmt/format.h>
#include <google/protobuf/util/message_differencer.h>
#include <sodium.h>

#include <chrono>
#include <set>

#include "engine/titles/game.h"
#include "services/common/ids.h"
#include "services/common/refusal_details.h"
#include "services/common/unix_time.h"
#include "services/game/event_planner.h"
#include "services/game/game_status.h"
#include "services/game/game_store.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

constexpr size_t kMaxDisplayNameLength = 64;

std::optional<std::string> CheckCreateRequest(const mailrun::v1::CreateGameRequest& request) {
  if (auto bad = CheckRequestId(request.request_id())) return bad;
  const int players = request.config().players_size();
  if (players < 3 || players > 6) return fmt::format("config.players: 3 to 6 players are needed, got {}", players);
  std::set<std::string> users;
  for (int seat = 0; seat < players; ++seat) {
    const auto& player = request.config().players(seat);
    if (auto bad = mailrun::service::IdProblem(fmt::format("config.players[{}].user_id", seat), player.user_id())) {
      return bad;
    }
    if (player.display_name().empty() || player.display_name().size() > kMaxDisplayNameLength) {
      return fmt::format("config.players[{}].display_name must have 1 to {} characters", seat, kMaxDisplayNameLength);
    }
    for (const char c : player.display_name()) {
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        return fmt::format("config.players[{}].display_name must not contain control characters", seat);
      }
    }
    if (!users.insert(player.user_id()).second) {
      return fmt::format("config.players[{}].user_id is already seated: a user holds one seat", seat);
    }
  }
  if (request.turn_deadline_seconds() < 0) return "turn_deadline_seconds must not be negative";
  if (auto bad = mailrun::service::OptionalIdProblem("table_id", request.table_id())) return bad;
  if (auto bad = mailrun::service::OptionalIdProblem("host_user_id", request.host_user_id())) return bad;
  if (auto bad = mailrun::service::OptionalIdProblem("tournament_id", request.tournament_id())) return bad;
  if (request.empty_seats().abandon_after_missed_deadlines() < 0) {
    return "empty_seats.abandon_after_missed_deadlines must not be negative";
  }
  if (auto bad = mailrun::service::OptionalIdProblem("empty_seats.director_user_id",
                                                     request.empty_seats().director_user_id())) {
    return bad;
  }
  return std::nullopt;
}

uint64_t RandomSeed() {
  uint64_t seed = 0;
  while (seed == 0) randombytes_buf(&seed, sizeof seed);
  return seed;
}

}  // namespace

std::string GameIdFor(const std::string& service, const std::string& request_id) {
  const std::string key = service + "\n" + request_id;
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  char hex[33];
  sodium_bin2hex(hex, sizeof hex, digest, 16);
  return std::string("g") + hex;
}

GameCreation::GameCreation(mailrun::service::Transactor transactor, EventWriter events)
    : transactor_(std::move(transactor)), events_(std::move(events)) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

grpc::Status GameCreation::CreateGame(const std::string& service, const mailrun::v1::CreateGameRequest& request,
                                      mailrun::v1::CreateGameResponse* response) {
  if (auto bad = CheckCreateRequest(request)) return Invalid(*bad);
  store::NewGame created;
  GameInfo& info = created.info;
  info.game_id = GameIdFor(service, request.request_id());
  info.config = request.config();
  if (info.config.seed() == 0) info.config.set_seed(RandomSeed());
  info.table_id = request.table_id();
  info.tournament_id = request.tournament_id();
  info.turn_deadline_seconds = request.turn_deadline_seconds();
  auto game = mailrun::engine::Game::Create(info.config);
  if (!game.ok()) return ConfigErrorStatus(game.error());
  info.config = game->config();  // as the engine normalised it (the edition filled in)
  created.create_request = request.SerializeAsString();
  created.created_by = service;
  created.active_seats = game->ActiveSeats();
  created.round = game->View(mailrun::engine::kSpectator).round().description();

  return transactor_([&](pqxx::work& txn) {
    if (!store::InsertGame(txn, created)) {
      // Created before (or just now by a concurrent retry): the same request gets the same game.
      mailrun::v1::CreateGameRequest first;
      const auto stored = store::CreateRequestOf(txn, info.game_id);
      // The host is not part of the game's identity: a request stored before the lobby sent one
      // (migrations/0107) matches its retry with one.
      mailrun::v1::CreateGameRequest retry = request;
      const bool parsed = stored && first.ParseFromString(*stored);
      if (parsed && first.host_user_id().empty()) retry.clear_host_user_id();
      if (parsed && !first.has_empty_seats()) retry.clear_empty_seats();  // the same for the seat rules (0109)
      if (!parsed || !google::protobuf::util::MessageDifferencer::Equals(first, retry)) {
        return service::RefusalStatus(grpc::StatusCode::ALREADY_EXISTS,
                                      "request_id was already used to create a different game; use a new request_id",
                                      {"game.refusal.request_id_reused", "", "taken", "request_id", ""});
      }
    } else {
      if (!request.host_user_id().empty()) {
        txn.exec_params("UPDATE games SET host_user_id = $2 WHERE game_id = $1", info.game_id, request.host_user_id());
      }
      if (request.has_empty_seats()) {  // migrations/0109, services/game/empty_seats.h
        txn.exec_params("UPDATE games SET abandon_after_missed = $2, director_user_id = $3 WHERE game_id = $1",
                        info.game_id, request.empty_seats().abandon_after_missed_deadlines(),
                        request.empty_seats().director_user_id());
      }
      for (const auto& event : PlanEvents(info, nullptr, *game, kNoActor, 0, mailrun::service::NowUnixMs())) events_(txn, event);
    }
    response->set_game_id(info.game_id);
    return grpc::Status::OK;
  });
}

grpc::Status GameCreation::GetGameResult(const mailrun::v1::GetGameResultRequest& request,
                                         mailrun::v1::GetGameResultResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return transactor_([&](pqxx::work& txn) {
    const auto outcome = store::ReadOutcome(txn, request.game_id());
    if (!outcome) return NoSuchGame(request.game_id());
    response->Clear();
    response->set_status(outcome->finished ? mailrun::v1::GAME_STATUS_FINISHED : mailrun::v1::GAME_STATUS_ACTIVE);
    response->set_table_id(outcome->table_id);
    response->set_tournament_id(outcome->tournament_id);
    if (!outcome->finished) return grpc::Status::OK;
    response->set_reason(outcome->end_reason);
    mailrun::v1::GameFinished finished;
    if (!finished.ParseFromString(outcome->results)) return Internal("the stored results are unreadable");
    for (const auto& result : finished.results()) {
      auto* entry = response->add_results();
      entry->set_user_id(result.user_id());
      entry->set_display_name(result.display_name());
      entry->set_seat(result.seat());
      entry->set_final_wealth(result.final_wealth());
      entry->set_rank(result.rank());
    }
    *response->mutable_handovers() = finished.handovers();
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game
