// Acceptance tests 1 and 2 of issue 10 against the REAL game service.
//
// DISABLED until services/game implements CreateGame, GetGameResult, GetGame, ListLegalActions and
// SubmitAction of proto/mailrun/v1/game.proto (the game service's issue). Then remove the
// DISABLED_ prefixes. They start build/bin/mailrun-game and build/bin/mailrun-lobby against one
// fresh database. (tables_test.cc and tournaments_test.cc run the same flows today against the
// stand-in game service.)
#include <gtest/gtest.h>

#include <map>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/auth.h"
#include "services/lobby/game_client.h"
#include "services/lobby/elo.h"
#include "services/lobby/standings.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using Stub = mailrun::v1::LobbyService::Stub;
using GameStub = mailrun::v1::GameService::Stub;

template <typename Request, typename Response>
grpc::Status CallGame(GameStub& stub, grpc::Status (GameStub::*method)(grpc::ClientContext*, const Request&, Response*),
                      const std::string& token, const Request& request, Response* response) {
  grpc::ClientContext context;
  context.AddMetadata("authorization", "Bearer " + token);
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
  return (stub.*method)(&context, request, response);
}

// Plays a game to its end: whoever has legal actions submits the first one listed.
// Returns false if it had not ended after `max_actions`.
bool PlayOut(GameStub& games, const std::string& game_id, const std::vector<AuthResponse>& players, int max_actions) {
  for (int done = 0; done < max_actions;) {
    bool acted = false;
    for (const auto& player : players) {
      mailrun::v1::ListLegalActionsRequest list;
      list.set_game_id(game_id);
      mailrun::v1::ListLegalActionsResponse legal;
      if (!CallGame(games, &GameStub::ListLegalActions, player.access_token(), list, &legal).ok()) return false;
      if (legal.actions().empty()) continue;
      mailrun::v1::SubmitActionRequest submit;
      submit.set_game_id(game_id);
      submit.set_expected_version(legal.version());
      *submit.mutable_action() = legal.actions(0).action();
      submit.set_request_id(game_id + "-" + std::to_string(done));
      mailrun::v1::SubmitActionResponse applied;
      if (!CallGame(games, &GameStub::SubmitAction, player.access_token(), submit, &applied).ok()) return false;
      acted = true;
      ++done;
    }
    mailrun::v1::GetGameRequest get;
    get.set_game_id(game_id);
    mailrun::v1::GetGameResponse game;
    if (!CallGame(games, &GameStub::GetGame, players[0].access_token(), get, &game).ok()) return false;
    if (game.status() == mailrun::v1::GAME_STATUS_FINISHED) return true;
    if (!acted) return false;
  }
  return false;
}

// Acceptance 1: register, log in, create a table, three more players join, start: a game exists in
// the game service with those four players, and their tokens let them act only in their seats.
TEST(LobbyAcceptance, DISABLED_FourPlayersStartAGameAndActOnlyInTheirSeats) {
  LobbyHarness lobby("lobby_acceptance_one", {.real_game_service = true});
  std::vector<AuthResponse> players;
  for (int i = 0; i < 4; ++i) {
    const auto registered = lobby.NewUser("Seat");
    mailrun::v1::LoginRequest login;
    login.set_request_id(lobby.NewRequestId());
    login.set_display_name(registered.display_name());
    login.set_password("password-" + registered.display_name());
    AuthResponse auth;
    ASSERT_TRUE(lobby.Call(&Stub::Login, "", login, &auth).ok());
    players.push_back(auth);
  }
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(lobby.NewRequestId());
  create.set_seats(4);
  mailrun::v1::Table table;
  ASSERT_TRUE(lobby.Call(&Stub::CreateTable, players[0].access_token(), create, &table).ok());
  for (int i = 1; i < 4; ++i) {
    mailrun::v1::JoinTableRequest join;
    join.set_request_id(lobby.NewRequestId());
    join.set_table_id(table.table_id());
    ASSERT_TRUE(lobby.Call(&Stub::JoinTable, players[i].access_token(), join, &table).ok());
  }
  mailrun::v1::StartTableRequest start;  // already started when full; StartTable is then refused
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << ReadFile(lobby.log_path());
  ASSERT_FALSE(table.game_id().empty());

  auto games = GameStub(grpc::CreateChannel(lobby.game_address(), grpc::InsecureChannelCredentials()));
  mailrun::v1::GetGameRequest get;
  get.set_game_id(table.game_id());
  for (int seat = 0; seat < 4; ++seat) {
    mailrun::v1::GetGameResponse game;
    ASSERT_TRUE(CallGame(games, &GameStub::GetGame, players[seat].access_token(), get, &game).ok());
    EXPECT_EQ(game.your_seat(), seat);
  }
  // Whoever may act: the others cannot submit that action.
  int acting = -1;
  mailrun::v1::ListLegalActionsResponse legal;
  for (int seat = 0; seat < 4 && acting < 0; ++seat) {
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(table.game_id());
    ASSERT_TRUE(CallGame(games, &GameStub::ListLegalActions, players[seat].access_token(), list, &legal).ok());
    if (!legal.actions().empty()) acting = seat;
  }
  ASSERT_GE(acting, 0);
  const auto stranger = lobby.NewUser("Stranger");
  for (int seat = 0; seat < 4; ++seat) {
    if (seat == acting) continue;
    mailrun::v1::SubmitActionRequest submit;
    submit.set_game_id(table.game_id());
    submit.set_expected_version(legal.version());
    *submit.mutable_action() = legal.actions(0).action();
    submit.set_request_id(lobby.NewRequestId());
    mailrun::v1::SubmitActionResponse applied;
    const grpc::Status status =
        CallGame(games, &GameStub::SubmitAction, players[seat].access_token(), submit, &applied);
    EXPECT_FALSE(status.ok());
    const grpc::Status by_stranger =
        CallGame(games, &GameStub::SubmitAction, stranger.access_token(), submit, &applied);
    EXPECT_EQ(by_stranger.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  }
}

// Acceptance 2: a 9-player Swiss tournament with tables of 3 runs two rounds of bot-played
// games to the end; standings and ratings match a calculation from the games' results.
TEST(LobbyAcceptance, DISABLED_NinePlayerSwissPlayedByBotsToTheEnd) {
  LobbyHarness lobby("lobby_acceptance_two", {.reconcile_seconds = 1, .real_game_service = true});
  const auto organiser = lobby.NewUser("Organiser");
  mailrun::v1::CreateTournamentRequest create;
  create.set_request_id(lobby.NewRequestId());
  create.set_name("Acceptance Swiss");
  create.set_format(mailrun::v1::TOURNAMENT_FORMAT_SWISS);
  create.set_table_size(3);
  create.set_rounds(2);
  create.mutable_options()->set_bank(mailrun::v1::BANK_SHORT);  // the shortest game (2.4.2)
  create.set_registration_closes_at_unix_ms((mailrun::service::UnixNow() + 3600) * 1000);
  mailrun::v1::Tournament tournament;
  ASSERT_TRUE(lobby.Call(&Stub::CreateTournament, organiser.access_token(), create, &tournament).ok());
  std::map<std::string, AuthResponse> by_id;
  for (int i = 0; i < 9; ++i) {
    const auto player = lobby.NewUser("Bot");
    by_id[player.user_id()] = player;
    mailrun::v1::RegisterForTournamentRequest reg;
    reg.set_request_id(lobby.NewRequestId());
    reg.set_tournament_id(tournament.tournament_id());
    ASSERT_TRUE(lobby.Call(&Stub::RegisterForTournament, player.access_token(), reg, &tournament).ok());
  }
  auto games = GameStub(grpc::CreateChannel(lobby.game_address(), grpc::InsecureChannelCredentials()));

  // The expected totals and ratings, computed from each game's results as they come in.
  std::map<std::string, double> points, shares, rating;
  for (const auto& [id, player] : by_id) rating[id] = mailrun::lobby::kInitialRating;
  for (int round = 1; round <= 2; ++round) {
    mailrun::v1::StartTournamentRoundRequest start;
    start.set_request_id(lobby.NewRequestId());
    start.set_tournament_id(tournament.tournament_id());
    start.set_round(round);
    ASSERT_TRUE(lobby.Call(&Stub::StartTournamentRound, organiser.access_token(), start, &tournament).ok());
    for (const auto& table : tournament.tables()) {
      if (table.round() != round) continue;
      std::vector<AuthResponse> seated;
      for (const auto& player : table.players()) seated.push_back(by_id.at(player.user_id()));
      ASSERT_TRUE(PlayOut(games, table.game_id(), seated, 200000)) << "game " << table.game_id();
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + mailrun::lobby::LobbyServiceToken(TestTokenKey()));
      mailrun::v1::GetGameResultRequest ask;
      ask.set_game_id(table.game_id());
      mailrun::v1::GetGameResultResponse result;
      ASSERT_TRUE(games.GetGameResult(&context, ask, &result).ok());
      std::vector<int> ranks;
      std::vector<int64_t> wealth;
      std::vector<mailrun::lobby::EloEntry> elo;
      for (const auto& entry : result.results()) {
        ranks.push_back(entry.rank());
        wealth.push_back(entry.final_wealth());
        elo.push_back({rating[entry.user_id()], entry.rank()});
      }
      const auto game_points = mailrun::lobby::PlacementPoints(ranks);
      const auto game_shares = mailrun::lobby::WealthShares(wealth);
      const auto changes = mailrun::lobby::EloChanges(elo);
      for (int i = 0; i < result.results_size(); ++i) {
        const std::string& id = result.results(i).user_id();
        points[id] += game_points[i];
        shares[id] += game_shares[i];
        rating[id] += changes[i];
      }
    }
    // Wait for the lobby to learn of the results (reconciler or GameFinished events).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (lobby.Count("SELECT count(*) FROM lobby_game_results") < 3 * round &&
           std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    ASSERT_EQ(lobby.Count("SELECT count(*) FROM lobby_game_results"), 3 * round);
  }

  mailrun::v1::GetStandingsRequest ask;
  ask.set_tournament_id(tournament.tournament_id());
  mailrun::v1::Standings standings;
  ASSERT_TRUE(lobby.Call(&Stub::GetStandings, organiser.access_token(), ask, &standings).ok());
  EXPECT_EQ(standings.rounds_completed(), 2);
  for (const auto& line : standings.standings()) {
    EXPECT_DOUBLE_EQ(line.placement_points(), points[line.player().user_id()]);
    EXPECT_NEAR(line.wealth_share(), shares[line.player().user_id()], 1e-12);
    mailrun::v1::GetProfileRequest profile_request;
    profile_request.set_user_id(line.player().user_id());
    mailrun::v1::Profile profile;
    ASSERT_TRUE(lobby.Call(&Stub::GetProfile, organiser.access_token(), profile_request, &profile).ok());
    EXPECT_NEAR(profile.ratings(0).rating(), rating[line.player().user_id()], 1e-9);
  }
  for (int i = 1; i < standings.standings_size(); ++i) {
    const auto& a = standings.standings(i - 1);
    const auto& b = standings.standings(i);
    EXPECT_TRUE(a.placement_points() > b.placement_points() ||
                (a.placement_points() == b.placement_points() && a.wealth_share() >= b.wealth_share()));
  }
}

}  // namespace
}  // namespace mailrun::testing
