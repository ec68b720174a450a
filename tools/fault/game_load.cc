#include "tools/fault/game_load.h"

#include <fmt/format.h>
#include <google/protobuf/util/message_differencer.h>

#include <algorithm>
#include <future>
#include <pqxx/pqxx>
#include <set>

#include "engine/bot/choose_action.h"
#include "services/common/token.h"
#include "tools/fault/calls.h"

namespace mailrun::fault {

using GameStub = mailrun::v1::GameService::Stub;
using google::protobuf::util::MessageDifferencer;

// A game and the driver's local copy of it: acknowledged actions applied in version order.
struct GameLoad::Track {
  std::string game_id;
  mailrun::v1::GameConfig config;
  std::vector<std::string> tokens;  // by seat
  std::mutex mutex;
  std::condition_variable moved;
  std::optional<mailrun::engine::Game> local;
  int64_t version = 0;
  std::map<int64_t, std::string> acked;  // version -> request_id
  std::vector<mailrun::v1::Action> plan;  // planned_moves: the move of each version, in order
};

// One SubmitAction as the driver means it, with every answer it got.
struct GameLoad::Sent {
  size_t track = 0;
  std::string request_id;
  int64_t expected_version = 0;
  mailrun::v1::Action action;  // seat set
  std::chrono::steady_clock::time_point first_sent;
  // Under GameLoad::mutex_:
  std::set<int64_t> acked_versions;
  std::string first_answer;  // serialized, compared with every later answer
  bool resolved = false;
};

GameLoad::GameLoad(FaultStack& stack, GameLoadOptions options, uint64_t seed)
    : stack_(stack), options_(options), seed_(seed) {
  for (int g = 0; g < options_.games; ++g) {
    auto track = std::make_unique<Track>();
    track->config.set_edition(mailrun::v1::EDITION_RETUNED);
    track->config.set_seed(seed_ * 1000 + static_cast<uint64_t>(g) + 1);
    for (int p = 0; p < options_.players; ++p) {
      auto* player = track->config.add_players();
      player->set_user_id(fmt::format("fault{}-g{}-p{}", seed_, g, p));
      player->set_display_name(fmt::format("P{}", p));
      track->tokens.push_back(UserToken(stack_.signer(), player->user_id()));
    }
    tracks_.push_back(std::move(track));
  }
}

GameLoad::~GameLoad() {
  stopping_ = true;
  hard_stop_ = true;
  for (auto& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

std::vector<std::string> GameLoad::users() const {
  std::vector<std::string> users;
  for (const auto& track : tracks_) {
    for (const auto& player : track->config.players()) users.push_back(player.user_id());
  }
  return users;
}

std::vector<CallRecord> GameLoad::calls() const {
  std::lock_guard lock(mutex_);
  return calls_;
}

void GameLoad::Note(const std::string& problem) {
  std::lock_guard lock(mutex_);
  if (tally_.problems.size() < 10) tally_.problems.push_back(problem);
}

std::optional<mailrun::v1::Action> GameLoad::BotMove(const mailrun::engine::Game& game, uint64_t& rng) const {
  const auto seats = game.ActiveSeats();
  if (seats.empty()) return std::nullopt;
  const int seat = seats[(rng >> 17) % seats.size()];
  const auto legal = game.LegalActions(seat);
  if (legal.empty()) return std::nullopt;
  mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(game, seat, legal, rng);
  action.set_seat(seat);
  return action;
}

void GameLoad::Plan(int index) {
  uint64_t rng = seed_ * 7919 + static_cast<uint64_t>(index) * 104729 + 1;
  int planned = 0;
  for (size_t t = static_cast<size_t>(index); t < tracks_.size() && planned < options_.planned_moves;
       t += static_cast<size_t>(options_.submitters)) {
    Track& track = *tracks_[t];
    auto game = mailrun::engine::Game::Create(track.config);
    if (!game.ok()) throw std::runtime_error("a game cannot be planned: " + game.error().ToString());
    while (!game->Finished() && planned < options_.planned_moves) {
      rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
      auto action = BotMove(*game, rng);
      if (!action) throw std::runtime_error("a planned game has nobody to move: " + track.config.ShortDebugString());
      const auto applied = game->Apply(*action);
      if (!applied.ok()) throw std::runtime_error("the bot's planned move was refused: " + applied.error().ToString());
      track.plan.push_back(std::move(*action));
      ++planned;
    }
  }
}

void GameLoad::Start() {
  if (options_.planned_moves > 0) {
    if (!options_.own_game) throw std::invalid_argument("planned_moves needs own_game");
    std::atomic<int> next{0};
    std::vector<std::future<void>> planners;
    for (int worker = 0; worker < 2; ++worker) {
      planners.push_back(std::async(std::launch::async, [this, &next] {
        for (int i = next++; i < options_.submitters; i = next++) Plan(i);
      }));
    }
    for (auto& planner : planners) planner.get();
  }
  auto stub = mailrun::v1::GameService::NewStub(OwnChannel(stack_.Address(Service::kGame)));
  const std::string lobby = LobbyToken(stack_.signer());
  for (size_t g = 0; g < tracks_.size(); ++g) {
    Track& track = *tracks_[g];
    if (options_.planned_moves > 0 && track.plan.empty()) continue;  // not reached by its submitter's plan
    mailrun::v1::CreateGameRequest request;
    request.set_request_id(fmt::format("fault{}-create-{}", seed_, g));
    *request.mutable_config() = track.config;
    mailrun::v1::CreateGameResponse response;
    grpc::Status status;
    for (int attempt = 0; attempt < 50; ++attempt) {
      status = Call(*stub, &GameStub::CreateGame, lobby, request, &response);
      if (!InDoubt(status.error_code())) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    if (!status.ok()) throw std::runtime_error("CreateGame failed: " + status.error_message());
    track.game_id = response.game_id();
    auto local = mailrun::engine::Game::Create(track.config);
    if (!local.ok()) throw std::runtime_error("the local copy of a game cannot be made: " + local.error().ToString());
    track.local.emplace(std::move(*local));
  }
  for (int i = 0; i < options_.submitters; ++i) threads_.emplace_back([this, i] { Submitter(i); });
}

void GameLoad::Stop(std::chrono::seconds resolve) {
  stopping_ = true;
  JoinWithin(threads_, hard_stop_, resolve);
}

grpc::Status GameLoad::SendOnce(GameStub& stub, Sent& sent, mailrun::v1::SubmitActionResponse* response) {
  const Track& track = *tracks_[sent.track];
  mailrun::v1::SubmitActionRequest request;
  request.set_game_id(track.game_id);
  request.set_expected_version(sent.expected_version);
  *request.mutable_action() = sent.action;
  request.set_request_id(sent.request_id);
  CallRecord record;
  record.started = std::chrono::system_clock::now();
  const grpc::Status status = Call(stub, &GameStub::SubmitAction, track.tokens[sent.action.seat()], request, response,
                                   std::chrono::seconds(5));
  record.finished = std::chrono::system_clock::now();
  record.code = status.error_code();
  std::lock_guard lock(mutex_);
  calls_.push_back(record);
  if (status.error_code() == grpc::StatusCode::INTERNAL) ++tally_.errors;
  if (status.ok()) {
    const std::string answer = response->SerializeAsString();
    if (sent.first_answer.empty()) {
      sent.first_answer = answer;
    } else if (answer != sent.first_answer) {
      ++tally_.doubled;
      if (tally_.problems.size() < 10) tally_.problems.push_back("request " + sent.request_id + " got two answers");
    }
    sent.acked_versions.insert(response->version());
  }
  return status;
}

grpc::Status GameLoad::SendUntilAnswered(GameStub& stub, Sent& sent) {
  auto backoff = std::chrono::milliseconds(50);
  while (true) {
    // The copies go out at the same moment, each on a connection of its own.
    std::vector<std::future<grpc::Status>> copies;
    for (int c = 1; c < options_.copies; ++c) {
      copies.push_back(std::async(std::launch::async, [this, &sent] {
        auto own = mailrun::v1::GameService::NewStub(OwnChannel(stack_.Address(Service::kGame)));
        mailrun::v1::SubmitActionResponse response;
        return SendOnce(*own, sent, &response);
      }));
    }
    mailrun::v1::SubmitActionResponse response;
    grpc::Status status = SendOnce(stub, sent, &response);
    for (auto& copy : copies) {
      const grpc::Status other = copy.get();
      if (InDoubt(status.error_code()) || (!status.ok() && other.ok())) status = other;
    }
    if (!InDoubt(status.error_code()) || hard_stop_) {
      std::lock_guard lock(mutex_);
      sent.resolved = !InDoubt(status.error_code());
      if (!status.ok() || sent.acked_versions.empty()) return status;
      if (status.ok()) {
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - sent.first_sent);
        tally_.longest_ack_ms = std::max<int64_t>(tally_.longest_ack_ms, ms.count());
      }
      return status;
    }
    std::this_thread::sleep_for(backoff);
    backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
  }
}

void GameLoad::Acknowledge(Track& track, Sent& sent, int64_t version) {
  std::lock_guard lock(track.mutex);
  const auto known = track.acked.find(version);
  if (known != track.acked.end()) {
    if (known->second != sent.request_id) {
      Note(fmt::format("game {} version {} acknowledged to two requests", track.game_id, version));
      std::lock_guard tally(mutex_);
      ++tally_.doubled;
    }
    return;
  }
  if (version != track.version + 1 || sent.expected_version != track.version) {
    Note(fmt::format("game {}: an acknowledgement of version {} arrived at local version {}", track.game_id, version,
                     track.version));
    return;
  }
  if (options_.planned_moves == 0) {  // a planned game's copy catches up in Verify()
    const auto applied = track.local->Apply(sent.action);
    if (!applied.ok()) {
      Note(fmt::format("game {}: the local copy refused an acknowledged action: {}", track.game_id,
                       applied.error().ToString()));
      return;
    }
  }
  track.version = version;
  track.acked[version] = sent.request_id;
  track.moved.notify_all();
}

void GameLoad::Submitter(int index) {
  auto stub = mailrun::v1::GameService::NewStub(OwnChannel(stack_.Address(Service::kGame)));
  std::map<std::string, std::unique_ptr<GameStub>> routed;  // by game id, with options_.route
  const auto stub_for = [&](const std::string& game_id) -> GameStub& {
    if (!options_.route) return *stub;
    auto& routed_stub = routed[game_id];
    if (!routed_stub) routed_stub = mailrun::v1::GameService::NewStub(options_.route(game_id));
    return *routed_stub;
  };
  uint64_t rng = seed_ * 7919 + static_cast<uint64_t>(index) * 104729 + 1;
  std::vector<std::shared_ptr<Sent>> mine;  // acknowledged calls, for reordered retries
  size_t own = static_cast<size_t>(index) % tracks_.size();  // own_game: the game played now
  while (!stopping_) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    const size_t t = options_.own_game ? own : (static_cast<size_t>(index) + (rng >> 33)) % tracks_.size();
    Track& track = *tracks_[t];
    auto sent = std::make_shared<Sent>();
    if (options_.planned_moves > 0) {
      std::lock_guard lock(track.mutex);
      if (track.version >= static_cast<int64_t>(track.plan.size())) {
        own += static_cast<size_t>(options_.submitters);
        if (own < tracks_.size()) continue;
        std::lock_guard tally(mutex_);
        ++tally_.out_of_plan;
        return;
      }
      sent->action = track.plan[static_cast<size_t>(track.version)];
      sent->expected_version = track.version;
    } else {
      std::lock_guard lock(track.mutex);
      if (track.local->Finished()) {
        if (options_.own_game) {
          own += static_cast<size_t>(options_.submitters);
          if (own >= tracks_.size()) return;
          continue;
        }
        if (std::all_of(tracks_.begin(), tracks_.end(), [](const auto& other) { return other->local->Finished(); })) {
          return;
        }
        continue;
      }
      auto action = BotMove(*track.local, rng);
      if (!action) continue;
      sent->action = std::move(*action);
      sent->expected_version = track.version;
    }
    sent->track = t;
    sent->request_id = "f-" + mailrun::service::RandomId();
    sent->first_sent = std::chrono::steady_clock::now();
    {
      std::lock_guard lock(mutex_);
      sent_.push_back(sent);
    }
    const grpc::Status status = SendUntilAnswered(stub_for(track.game_id), *sent);
    if (status.ok()) {
      int64_t version = 0;
      {
        std::lock_guard lock(mutex_);
        version = *sent->acked_versions.begin();
      }
      Acknowledge(track, *sent, version);
      mine.push_back(sent);
    } else if (status.error_code() == grpc::StatusCode::ABORTED) {
      // Another submitter won this version: wait until its acknowledgement moves the local copy.
      std::unique_lock lock(track.mutex);
      track.moved.wait_for(lock, std::chrono::seconds(1), [&] { return track.version > sent->expected_version; });
    } else if (!InDoubt(status.error_code())) {
      {
        std::lock_guard lock(mutex_);
        ++tally_.refused;
      }
      Note(fmt::format("request {} refused: {} {}", sent->request_id, static_cast<int>(status.error_code()),
                       status.error_message()));
    }
    if (options_.reorder && !mine.empty() && (rng >> 40) % 3 == 0) {
      // An old call arriving again long after its answer: it must get that answer, change nothing.
      const auto& old = mine[(rng >> 20) % mine.size()];
      mailrun::v1::SubmitActionResponse response;
      const grpc::Status again = SendOnce(*stub, *old, &response);
      std::lock_guard lock(mutex_);
      if (again.ok()) ++tally_.repeats;
    }
  }
}

GameTally GameLoad::Verify() {
  struct Row {
    std::string game_id;
    int64_t seq = 0;
    std::string action;
  };
  std::map<std::string, Row> rows;  // by request_id
  std::map<std::string, int64_t> versions;
  {
    pqxx::connection connection(stack_.database_url());
    pqxx::read_transaction txn(connection);
    for (const auto& track : tracks_) {
      if (track->game_id.empty()) continue;  // never created: planned_moves did not reach it
      for (const auto& row : txn.exec_params(
               "SELECT request_id, seq, action FROM game_actions WHERE game_id = $1 ORDER BY seq", track->game_id)) {
        rows[row[0].as<std::string>()] = {track->game_id, row[1].as<int64_t>(),
                                          row[2].is_null() ? "" : pqxx::binarystring(row[2]).str()};
      }
      versions[track->game_id] =
          txn.exec_params1("SELECT version FROM games WHERE game_id = $1", track->game_id)[0].as<int64_t>();
    }
  }
  std::lock_guard lock(mutex_);
  GameTally tally = tally_;
  std::set<std::string> sent_ids;
  std::map<std::string, int64_t> unresolved_applied;  // by game
  for (const auto& sent : sent_) {
    sent_ids.insert(sent->request_id);
    const Track& track = *tracks_[sent->track];
    const auto row = rows.find(sent->request_id);
    if (!sent->resolved) {
      ++tally.in_doubt;
      if (row != rows.end()) ++unresolved_applied[track.game_id];
    }
    if (sent->acked_versions.empty()) continue;
    ++tally.acknowledged;
    if (sent->acked_versions.size() > 1) {
      ++tally.doubled;
      if (tally.problems.size() < 10) tally.problems.push_back("request " + sent->request_id + " acknowledged twice");
    }
    mailrun::v1::Action stored;
    if (row == rows.end() || row->second.seq != *sent->acked_versions.begin() ||
        !stored.ParseFromString(row->second.action) || !MessageDifferencer::Equals(stored, sent->action)) {
      ++tally.lost;
      if (tally.problems.size() < 10) {
        tally.problems.push_back("acknowledged request " + sent->request_id + " is not in the log as acknowledged");
      }
    }
  }
  for (const auto& [request_id, row] : rows) {
    if (!sent_ids.count(request_id)) {
      ++tally.doubled;
      if (tally.problems.size() < 10) tally.problems.push_back("log entry " + request_id + " was never sent");
    }
  }
  auto stub = mailrun::v1::GameService::NewStub(OwnChannel(stack_.Address(Service::kGame)));
  for (const auto& track : tracks_) {
    if (track->game_id.empty()) continue;
    std::lock_guard track_lock(track->mutex);
    const int64_t gap = versions[track->game_id] - track->version - unresolved_applied[track->game_id];
    if (gap > 0) tally.doubled += gap;
    if (gap < 0) tally.lost += -gap;
    if (gap != 0 && tally.problems.size() < 10) {
      tally.problems.push_back(fmt::format("game {} is at version {}, its local copy at {}", track->game_id,
                                           versions[track->game_id], track->version));
    }
    if (unresolved_applied[track->game_id] > 0 || gap != 0) continue;
    if (options_.planned_moves > 0) {  // the copy, still at the start, plays what was acknowledged
      for (int64_t v = 0; v < track->version; ++v) (void)track->local->Apply(track->plan[static_cast<size_t>(v)]);
    }
    // The same moves, in the same order, give the same game: the service's view and the copy's.
    mailrun::v1::GetGameRequest request;
    request.set_game_id(track->game_id);
    mailrun::v1::GetGameResponse response;
    // Read until answered (a loaded machine may let a call's deadline pass).
    grpc::Status status;
    for (int attempt = 0; attempt < 6; ++attempt) {
      status = Call(*stub, &GameStub::GetGame, track->tokens[0], request, &response);
      if (!InDoubt(status.error_code())) break;
    }
    if (!status.ok() || !MessageDifferencer::Equals(response.view(), track->local->View(0))) {
      ++tally.doubled;
      if (tally.problems.size() < 10) {
        tally.problems.push_back("game " + track->game_id +
                                 (status.ok() ? " differs from its copy" : " could not be read to compare: " + status.error_message()));
      }
    }
  }
  return tally;
}

}  // namespace mailrun::fault
