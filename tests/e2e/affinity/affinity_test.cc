// Game affinity (issue 47, item 1): three replicas of mailrun-game on one database; the browser
// gateway (gateway/game_ring.mjs) and the lobby's channels (services/common/game_channels.h) send
// each game's calls to one of them while the set is stable, both to the pod the same ring names;
// when a pod goes, its games' moves go on on the next pod of the ring, and nothing is lost or
// doubled (the stored log replays to the players' copies). Which pod committed a move is read from
// that pod's log (its move_committed line names the request). Real processes, PostgreSQL, node.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <thread>

#include "services/common/game_channels.h"
#include "services/common/game_ring.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using mailrun::engine::Game;
using mailrun::game::testing::GameHarness;
using mailrun::game::testing::GameStub;
using mailrun::game::testing::NewRequestId;
using mailrun::game::testing::PlayersConfig;
using mailrun::testing::ReadFile;

// One game and the players' copy of it.
struct Played {
  std::string game_id;
  mailrun::v1::GameConfig config;
  Game local;
  int64_t version = 0;
  std::vector<std::string> request_ids;  // of the moves acknowledged
};

class Affinity : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pods_ = new std::vector<std::unique_ptr<GameHarness>>;
    pods_->push_back(std::make_unique<GameHarness>("e2e_affinity"));
    for (int i = 1; i < 3; ++i) pods_->push_back(std::make_unique<GameHarness>("e2e_affinity_" + std::to_string(i), *pods_->front()));
    std::string list;
    for (const auto& pod : *pods_) list += (list.empty() ? "" : ",") + pod->address();
    target_ = new std::string("ipv4:" + list);
    // The gateway needs the other two services' addresses; these tests call only the game service.
    gateway_ = new GatewayProcess(MAILRUN_GATEWAY_DIR, {{"MAILRUN_GAME_ADDRESS", *target_},
                                                        {"MAILRUN_LOBBY_ADDRESS", "127.0.0.1:1"},
                                                        {"MAILRUN_NOTIFY_ADDRESS", "127.0.0.1:1"}});
  }
  static void TearDownTestSuite() {
    delete gateway_;
    delete pods_;
    delete target_;
  }

  static std::vector<std::string> Addresses() {
    std::vector<std::string> addresses;
    for (const auto& pod : *pods_) addresses.push_back(pod->address());
    return addresses;
  }

  static Played NewGame(const std::string& prefix, uint64_t seed) {
    const mailrun::v1::GameConfig config = PlayersConfig(prefix, 3, seed);
    return Played{pods_->front()->CreateGame(config), config, *Game::Create(config), 0, {}};
  }

  // Plays the next `moves` moves of `played` through `stub`, each as its seat's player. A call the
  // pod in between could not take (UNAVAILABLE: a pod just went) is sent again with the same
  // request id, as the clients do.
  static void Play(GameStub& stub, Played& played, int moves) {
    for (int i = 0; i < moves; ++i) {
      const int seat = played.local.ActiveSeats().at(0);
      mailrun::v1::Action action = played.local.LegalActions(seat).at(0).action();
      const std::string token = GameHarness::AccessToken(played.config.players(seat).user_id());
      const std::string request_id = NewRequestId();
      mailrun::v1::SubmitActionResponse answer;
      grpc::Status status;
      for (int attempt = 0; attempt < 20; ++attempt) {
        status = mailrun::game::testing::Submit(stub, token, played.game_id, played.version, action, request_id, &answer);
        if (status.error_code() != grpc::StatusCode::UNAVAILABLE) break;
        std::this_thread::sleep_for(200ms);
      }
      ASSERT_TRUE(status.ok()) << mailrun::game::testing::Describe(status);
      ASSERT_EQ(answer.version(), played.version + 1);
      action.set_seat(seat);
      ASSERT_TRUE(played.local.Apply(action).ok());
      played.version = answer.version();
      played.request_ids.push_back(request_id);
    }
  }

  // The address of the pod whose log has the move_committed line of `request_id` ("" if none
  // within 10 s; "several" if more than one). The line is written after the commit: a repeat of
  // the request (a client's retry racing its first call) may be answered before it is written.
  static std::string CommittedBy(const std::string& request_id) {
    std::string found;
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while ((found = CommittedByNow(request_id)).empty() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(100ms);
    }
    return found;
  }
  static std::string CommittedByNow(const std::string& request_id) {
    std::string found;
    for (const auto& pod : *pods_) {
      const std::string log = ReadFile(pod->log_path());
      const std::string needle = "\"client_request_id\":\"" + request_id + "\"";
      for (size_t at = log.find(needle); at != std::string::npos; at = log.find(needle, at + 1)) {
        const size_t line = log.rfind('\n', at);
        if (log.find("\"move_committed\"", line == std::string::npos ? 0 : line) < at) {
          found = found.empty() || found == pod->address() ? pod->address() : "several";
        }
      }
    }
    return found;
  }

  static void ExpectStoredAsPlayed(Played& played) {
    EXPECT_EQ(mailrun::game::testing::ReplayStoredLog(pods_->front()->db(), played.game_id).SnapshotJson(),
              played.local.SnapshotJson());
    EXPECT_EQ(pods_->front()->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + played.game_id + "'"),
              played.version);
  }

  // Native gRPC to the gateway (cleartext HTTP/2), as apps may call it.
  static std::unique_ptr<GameStub> GatewayStub() {
    grpc::ChannelArguments arguments;
    arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    return mailrun::v1::GameService::NewStub(
        grpc::CreateCustomChannel(gateway_->address(), grpc::InsecureChannelCredentials(), arguments));
  }

  static std::vector<std::unique_ptr<GameHarness>>* pods_;
  static std::string* target_;
  static GatewayProcess* gateway_;
};
std::vector<std::unique_ptr<GameHarness>>* Affinity::pods_ = nullptr;
std::string* Affinity::target_ = nullptr;
GatewayProcess* Affinity::gateway_ = nullptr;

TEST_F(Affinity, TheGatewaySendsEachGamesMovesToThePodTheRingNames) {
  ASSERT_TRUE(gateway_->listening()) << "the gateway did not start";
  auto stub = GatewayStub();
  const mailrun::service::GameRing ring(Addresses());
  std::set<std::string> pods_used;
  for (int g = 0; g < 12; ++g) {
    Played played = NewGame("gw" + std::to_string(g), 700 + g);
    Play(*stub, played, 5);
    if (HasFatalFailure()) return;
    const std::string owner = ring.Owner(played.game_id);
    for (const std::string& request_id : played.request_ids) {
      EXPECT_EQ(CommittedBy(request_id), owner) << "game " << played.game_id << ", move " << request_id;
    }
    pods_used.insert(owner);
    ExpectStoredAsPlayed(played);
  }
  EXPECT_GE(pods_used.size(), 2u) << "twelve games all on one pod: the ring does not spread them";
}

TEST_F(Affinity, TheLobbysChannelsSendAGamesCallsToThePodTheRingNames) {
  mailrun::service::GameChannels channels(*target_);
  const mailrun::service::GameRing ring(Addresses());
  EXPECT_EQ(channels.Addresses(), ring.addresses());
  for (int g = 0; g < 6; ++g) {
    Played played = NewGame("lobby" + std::to_string(g), 800 + g);
    auto stub = mailrun::v1::GameService::NewStub(channels.For(played.game_id));
    Play(*stub, played, 4);
    if (HasFatalFailure()) return;
    for (const std::string& request_id : played.request_ids) {
      EXPECT_EQ(CommittedBy(request_id), ring.Owner(played.game_id)) << "game " << played.game_id;
    }
    // GetGameResult, the lobby's other call about a game, goes the same way.
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + GameHarness::ServiceToken());
    mailrun::v1::GetGameResultRequest request;
    request.set_game_id(played.game_id);
    mailrun::v1::GetGameResultResponse result;
    EXPECT_TRUE(stub->GetGameResult(&context, request, &result).ok());
    EXPECT_EQ(result.status(), mailrun::v1::GAME_STATUS_ACTIVE);
  }
}

TEST_F(Affinity, WhenAPodGoesItsGamesMovesGoOnOnTheNextPodAndComeBackAfter) {
  ASSERT_TRUE(gateway_->listening()) << "the gateway did not start";
  auto stub = GatewayStub();
  const mailrun::service::GameRing ring(Addresses());
  Played played = NewGame("gone", 900);
  Play(*stub, played, 3);
  if (HasFatalFailure()) return;
  const std::vector<std::string> order = ring.Order(played.game_id);
  GameHarness* owner = nullptr;
  for (auto& pod : *pods_) {
    if (pod->address() == order[0]) owner = pod.get();
  }
  ASSERT_NE(owner, nullptr);
  EXPECT_EQ(CommittedBy(played.request_ids.back()), order[0]);

  owner->Kill();
  const size_t before = played.request_ids.size();
  Play(*stub, played, 4);
  if (HasFatalFailure()) return;
  for (size_t i = before; i < played.request_ids.size(); ++i) {
    EXPECT_EQ(CommittedBy(played.request_ids[i]), order[1]) << "move " << i << " after the owner went";
  }

  // The owner comes back (on its port): the gateway's channel to it reconnects after its back-off,
  // and the game's moves return to it; its cache starts empty, the next pod's holds a version the
  // database has moved past by then, and neither decides anything.
  owner->Start();
  ASSERT_EQ(owner->address(), order[0]) << "the pod came back on another port (taken meanwhile)";
  bool returned = false;
  for (int i = 0; i < 60 && !returned; ++i) {
    Play(*stub, played, 1);
    if (HasFatalFailure()) return;
    returned = CommittedBy(played.request_ids.back()) == order[0];
    if (!returned) std::this_thread::sleep_for(500ms);
  }
  EXPECT_TRUE(returned) << "the game's moves did not return to its pod";
  Play(*stub, played, 2);
  if (HasFatalFailure()) return;
  EXPECT_EQ(CommittedBy(played.request_ids.back()), order[0]);
  ExpectStoredAsPlayed(played);
}

}  // namespace
}  // namespace mailrun::e2e
