// mailrun-bench-notify: measures how long "it's your turn" takes to reach the player's open
// Subscribe stream (acceptance 1 of the notification issue). It starts no server: it talks to a
// running mailrun-notify (and mailrun-game, PostgreSQL). Two modes:
//
//   --game HOST:PORT (real moves): creates games in mailrun-game (as the lobby, with a service
//     token) and plays them with the reference bot (engine/bot/choose_action.h), one SubmitAction at a time
//     as the player to act. For every move that gives another player the turn it waits until that
//     player's stream delivers "your turn" for the game at the new version; the latency runs from
//     the acknowledged commit (SubmitAction answered OK) to the arrival, and is also reported from
//     the moment the request was sent. The game service's own outbox relay publishes the events.
//     With --read-delta, after the arrivals the mover also asks GetGame(since_version = the
//     version before its move), what a phone does to catch up, and that call's time is reported
//     (compare a mailrun-game started with --cache-games 0, where every read replays). With
//     --read-full it then asks GetGame without since_version (the whole view, one version loaded).
//   otherwise (outbox only): commits, for each of N events, a transaction that appends a YourTurn to
//     the outbox (what the game service does in the transaction of a move), takes the time right
//     after the commit returns and waits for the event on the recipient's stream. The rows are
//     published by the relay of the running notification service or, with --redis-url, by a relay
//     in this process.
//
// Moves and events go one at a time (the next only after the previous arrived); the first
// --warmup are not measured. The measured interval holds no work of this process but waiting.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <thread>

#include "engine/bot/choose_action.h"
#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/signing_keys.h"
#include "services/common/outbox.h"
#include "services/common/outbox_relay.h"
#include "services/common/token.h"
#include "services/common/unix_time.h"
#include "tools/bench/bench_support.h"

namespace {

using mailrun::bench::Milliseconds;
using mailrun::bench::PrintLatencies;
using mailrun::bench::SteadyClock;
using mailrun::bench::Token;
using mailrun::service::NowUnixMs;
constexpr auto kArrivalTimeout = std::chrono::seconds(10);

// Which "your turn" arrived: the game, its version and the recipient.
std::string TurnKey(const std::string& game_id, int64_t version, const std::string& user) {
  return fmt::format("{}/{}/{}", game_id, version, user);
}

// One open Subscribe stream per user, each read on its own thread; records when each "your turn"
// arrived. Thread-safe.
class Streams {
 public:
  Streams(const std::string& notify_address, const mailrun::service::TokenSigner& key,
          const std::vector<std::string>& users)
      : stub_(mailrun::v1::NotificationService::NewStub(
            grpc::CreateChannel(notify_address, grpc::InsecureChannelCredentials()))) {
    for (const auto& user : users) {
      auto& open = open_.emplace_back(std::make_unique<Open>());
      open->context.AddMetadata("authorization", "Bearer " + Token(key, user, mailrun::service::TokenKind::kAccess));
      open->reader = stub_->Subscribe(&open->context, mailrun::v1::SubscribeRequest());
      open->reader->WaitForInitialMetadata();  // the stream is live (or has failed: nothing will arrive)
      open->thread = std::thread([this, user, reader = open->reader.get()] {
        mailrun::v1::Notification notification;
        while (reader->Read(&notification)) {
          const auto now = SteadyClock::now();
          if (!notification.event().has_your_turn()) continue;
          const auto& turn = notification.event().your_turn();
          std::lock_guard lock(mutex_);
          arrived_at_[TurnKey(turn.game_id(), turn.version(), user)] = now;
          arrived_.notify_all();
        }
        reader->Finish();
      });
    }
  }
  ~Streams() {
    for (auto& open : open_) open->context.TryCancel();
    for (auto& open : open_) open->thread.join();
  }

  // When "your turn" of `key` arrived (waiting up to kArrivalTimeout), or nullopt.
  std::optional<SteadyClock::time_point> Await(const std::string& key) {
    std::unique_lock lock(mutex_);
    if (!arrived_.wait_for(lock, kArrivalTimeout, [&] { return arrived_at_.count(key) > 0; })) return std::nullopt;
    return arrived_at_[key];
  }

 private:
  struct Open {
    grpc::ClientContext context;
    std::unique_ptr<grpc::ClientReader<mailrun::v1::Notification>> reader;
    std::thread thread;
  };
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
  std::vector<std::unique_ptr<Open>> open_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::map<std::string, SteadyClock::time_point> arrived_at_;
};

struct Settings {
  std::string notify = "127.0.0.1:50153";
  std::string game;
  std::string database_url = "postgresql://mailrun@127.0.0.1:55432/mailrun";
  std::string redis_url;
  std::optional<mailrun::service::TokenSigner> signer;  // mints the tokens the services trust
  const mailrun::service::TokenSigner& key() const { return *signer; }
  std::string lobby_service = "lobby";
  int measured = 1000;
  int warmup = 20;
  int players = 5;
  bool read_delta = false;
  bool read_full = false;
};

// GetGame as the player of `token`, expecting `version`: since `since` (a delta) or, without it,
// the whole view. Returns the call's time.
double ReadGame(mailrun::v1::GameService::Stub& games, const std::string& token, const std::string& game_id,
                int64_t version, std::optional<int64_t> since) {
  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id);
  if (since) request.set_since_version(*since);
  mailrun::v1::GetGameResponse response;
  grpc::ClientContext context;
  context.AddMetadata("authorization", "Bearer " + token);
  const auto sent = SteadyClock::now();
  const grpc::Status status = games.GetGame(&context, request, &response);
  const auto answered = SteadyClock::now();
  if (!status.ok()) throw std::runtime_error(fmt::format("GetGame: {}", status.error_message()));
  if (response.version() != version) {
    throw std::runtime_error(fmt::format("GetGame answered version {}, not {}", response.version(), version));
  }
  return Milliseconds(answered - sent);
}

// Real moves through mailrun-game.
int RunGameMoves(const Settings& s) {
  const std::string run = mailrun::service::RandomId().substr(0, 12);
  std::vector<std::string> users;
  for (int seat = 0; seat < s.players; ++seat) users.push_back(fmt::format("bench-{}-{}", run, seat));
  Streams streams(s.notify, s.key(), users);
  std::map<std::string, std::string> tokens;
  for (const auto& user : users) tokens[user] = Token(s.key(), user, mailrun::service::TokenKind::kAccess);
  auto games = mailrun::v1::GameService::NewStub(grpc::CreateChannel(s.game, grpc::InsecureChannelCredentials()));

  std::vector<double> from_ack_ms, from_send_ms, submit_ms, delta_read_ms, full_read_ms;
  int submitted = 0, handovers = 0, lost = 0, before_ack = 0, games_played = 0;
  while (static_cast<int>(from_ack_ms.size()) < s.measured && lost == 0) {
    // A new game of the bot: short bank (2.4.2), a new seed each time.
    mailrun::v1::CreateGameRequest create;
    create.set_request_id(fmt::format("bench-{}-{}", run, games_played));
    auto* config = create.mutable_config();
    config->set_edition(mailrun::v1::EDITION_RETUNED);
    config->mutable_options()->set_bank(mailrun::v1::BANK_SHORT);
    config->set_seed(1000 + games_played);
    for (int seat = 0; seat < s.players; ++seat) {
      auto* player = config->add_players();
      player->set_user_id(users[seat]);
      player->set_display_name(fmt::format("Bench{}", seat));
    }
    mailrun::v1::CreateGameResponse created;
    {
      grpc::ClientContext context;
      context.AddMetadata("authorization",
                          "Bearer " + Token(s.key(), s.lobby_service, mailrun::service::TokenKind::kService));
      const grpc::Status status = games->CreateGame(&context, create, &created);
      if (!status.ok()) throw std::runtime_error("CreateGame: " + status.error_message());
    }
    ++games_played;
    auto engine_game = mailrun::engine::Game::Create(*config);
    if (!engine_game.ok()) throw std::runtime_error(engine_game.error().ToString());
    mailrun::engine::Game game = std::move(*engine_game);
    uint64_t rng = config->seed() + 17;
    int64_t version = 0;
    while (!game.Finished() && static_cast<int>(from_ack_ms.size()) < s.measured && lost == 0) {
      const int seat = game.ActiveSeats().at(0);
      mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(game, seat, game.LegalActions(seat), rng);
      action.set_seat(seat);
      mailrun::engine::Game next = game;
      if (!next.Apply(action).ok()) throw std::runtime_error("the bot chose a refused action");
      std::vector<std::string> told;  // who may act now and could not before, the mover excepted
      const auto was_active = game.ActiveSeats();
      for (int now_active : next.ActiveSeats()) {
        if (now_active != seat && std::find(was_active.begin(), was_active.end(), now_active) == was_active.end()) {
          told.push_back(users[now_active]);
        }
      }

      mailrun::v1::SubmitActionRequest submit;
      submit.set_game_id(created.game_id());
      submit.set_expected_version(version);
      *submit.mutable_action() = action;
      submit.set_request_id(fmt::format("bench-{}-{}", run, submitted));
      mailrun::v1::SubmitActionResponse answer;
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + tokens[users[seat]]);
      context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
      const auto sent = SteadyClock::now();
      const grpc::Status status = games->SubmitAction(&context, submit, &answer);
      const auto acknowledged = SteadyClock::now();
      if (!status.ok()) throw std::runtime_error(fmt::format("SubmitAction: {}", status.error_message()));
      ++submitted;
      version = answer.version();
      game = std::move(next);
      if (told.empty()) continue;
      ++handovers;
      SteadyClock::time_point last_arrival = acknowledged;
      for (const auto& user : told) {
        const auto arrived = streams.Await(TurnKey(created.game_id(), version, user));
        if (!arrived) {
          ++lost;
          break;
        }
        last_arrival = std::max(last_arrival, *arrived);
        if (*arrived < acknowledged) ++before_ack;
      }
      if (lost > 0 || handovers <= s.warmup) continue;
      from_ack_ms.push_back(Milliseconds(last_arrival - acknowledged));
      from_send_ms.push_back(Milliseconds(last_arrival - sent));
      submit_ms.push_back(Milliseconds(acknowledged - sent));
      const std::string& mover = tokens[users[seat]];
      if (s.read_delta) delta_read_ms.push_back(ReadGame(*games, mover, created.game_id(), version, version - 1));
      if (s.read_full) full_read_ms.push_back(ReadGame(*games, mover, created.game_id(), version, std::nullopt));
    }
  }
  fmt::print("games {}, SubmitActions {}, moves that passed the turn {} (measured {} after {} warm-up)\n",
             games_played, submitted, handovers, from_ack_ms.size(), s.warmup);
  fmt::print("not arrived within 10 s: {}; arrived before the SubmitAction answer: {} (counted as 0 ms)\n", lost,
             before_ack);
  PrintLatencies("acknowledged commit -> stream", from_ack_ms);
  PrintLatencies("request sent -> stream       ", from_send_ms);
  PrintLatencies("SubmitAction round trip      ", submit_ms);
  PrintLatencies("GetGame since the move before", delta_read_ms);
  PrintLatencies("GetGame, the whole view     ", full_read_ms);
  return lost == 0 && !from_ack_ms.empty() ? 0 : 1;
}

// Outbox rows appended directly, as the game service appends them.
int RunOutboxOnly(const Settings& s) {
  const std::string run = mailrun::service::RandomId().substr(0, 12);
  const std::string user = "bench-" + run;
  std::unique_ptr<mailrun::service::OutboxRelay> relay;
  if (!s.redis_url.empty()) {
    mailrun::service::OutboxRelayOptions options;
    options.database_url = s.database_url;
    options.redis_url = s.redis_url;
    relay = std::make_unique<mailrun::service::OutboxRelay>(options);
    relay->Start();
  }
  Streams streams(s.notify, s.key(), {user});
  pqxx::connection connection(s.database_url);
  std::vector<double> latencies_ms;
  int lost = 0;
  for (int i = 0; i < s.warmup + s.measured; ++i) {
    mailrun::v1::Event event;
    event.set_event_id(fmt::format("bench/{}/{}", run, i));
    event.set_created_at_unix_ms(NowUnixMs());
    event.add_user_ids(user);
    auto* turn = event.mutable_your_turn();
    turn->set_game_id("bench-" + run);
    turn->set_version(i + 1);
    turn->set_round("Railway Round 1.1");
    turn->set_expected("lay track");
    {
      pqxx::work txn(connection);
      mailrun::service::AppendOutboxEvent(txn, event);
      txn.commit();
    }
    const auto committed = SteadyClock::now();
    const auto arrived = streams.Await(TurnKey(turn->game_id(), turn->version(), user));
    if (!arrived) {
      ++lost;
      continue;
    }
    if (i >= s.warmup) latencies_ms.push_back(Milliseconds(*arrived - committed));
  }
  if (relay) relay->Stop();
  fmt::print("events {} (after {} warm-up), not arrived within 10 s: {}\n", latencies_ms.size(), s.warmup, lost);
  PrintLatencies("commit-to-stream latency", latencies_ms);
  return lost == 0 && !latencies_ms.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun-bench-notify: commit-to-stream latency of \"your turn\" through mailrun-notify"};
  Settings settings;
  std::string signing_key;
  std::string signing_key_file;
  app.add_option("--notify", settings.notify, "host:port of mailrun-notify")->capture_default_str();
  app.add_option("--game", settings.game, "host:port of mailrun-game: measure real moves (otherwise outbox rows)");
  app.add_option("--lobby-service", settings.lobby_service,
                 "with --game: the service token subject the game service trusts to create games")
      ->capture_default_str();
  app.add_option("--players", settings.players, "with --game: players per game")
      ->check(CLI::Range(3, 6))
      ->capture_default_str();
  app.add_flag("--read-delta", settings.read_delta,
               "with --game: after each measured move, time the mover's GetGame(since the version before it)");
  app.add_flag("--read-full", settings.read_full,
               "with --game: after each measured move (and its delta read), time the mover's GetGame of the whole view");
  app.add_option("--database-url", settings.database_url, "without --game: the PostgreSQL of the outbox")
      ->capture_default_str();
  app.add_option("--redis-url", settings.redis_url, "without --game: run an outbox relay here, publishing to this Redis");
  app.add_option("--token-signing-key", signing_key, "the token signing key the services' public keys match")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY");
  app.add_option("--token-signing-key-file", signing_key_file, "file holding that signing key (mailrun keys new)")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY_FILE");
  app.add_option("--events,--moves", settings.measured, "deliveries measured: moves that pass the turn, or events")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--warmup", settings.warmup, "deliveries first made and not measured")->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  try {
    settings.signer.emplace(mailrun::service::LoadSigningKey(signing_key, signing_key_file));
    return settings.game.empty() ? RunOutboxOnly(settings) : RunGameMoves(settings);
  } catch (const std::exception& e) {
    fmt::print(stderr, "mailrun-bench-notify: {}\n", e.what());
    return 1;
  }
}
