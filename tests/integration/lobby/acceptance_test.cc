// Acceptance tests of issue 10: the real mailrun-lobby and the real mailrun-game against one fresh
// PostgreSQL database and the harness's Redis.
//   1. Register, log in, create a table, three more players join, start: the game service has a
//      game with those four players in seat order, and each player's token acts only in their
//      own seat.
//   2. A 9-player Swiss tournament with tables of 3 runs two rounds of games the reference bot
//      plays to the end through the game service's API; standings and ratings equal a
//      calculation by hand from the games' results.
//   3. Bad inputs get clear errors and change nothing (the suites of accounts_test.cc,
//      tables_test.cc and tournaments_test.cc go through every refusal in detail).
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "services/common/auth.h"
#include "services/lobby/game_client.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/integration/lobby/bot_games.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using Stub = mailrun::v1::LobbyService::Stub;

mailrun::v1::GetGameResponse GetGame(LobbyHarness& lobby, const std::string& token, const std::string& game_id) {
  return mailrun::game::testing::GetGame(lobby.game().stub(), token, game_id);
}

// The CommitBond among `token`'s legal actions (2.5.2: every player writes down a bond).
mailrun::v1::Action CommitBondOf(LobbyHarness& lobby, const std::string& token, const std::string& game_id) {
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(game_id);
  mailrun::v1::ListLegalActionsResponse legal;
  EXPECT_TRUE(lobby.GameCall(&GameStub::ListLegalActions, token, list, &legal).ok());
  for (const auto& choice : legal.actions()) {
    if (choice.action().has_commit_bond()) return choice.action();
  }
  ADD_FAILURE() << "no CommitBond among the legal actions";
  return {};
}

grpc::Status Submit(LobbyHarness& lobby, const std::string& token, const std::string& game_id, int64_t version,
                    const mailrun::v1::Action& action, mailrun::v1::SubmitActionResponse* response = nullptr) {
  mailrun::v1::SubmitActionResponse ignored;
  return mailrun::game::testing::Submit(lobby.game().stub(), token, game_id, version, action, lobby.NewRequestId(),
                                        response ? response : &ignored);
}

// Acceptance 1.
TEST(LobbyAcceptance, FourPlayersStartAGameAndActOnlyInTheirSeats) {
  LobbyHarness lobby("lobby_acceptance_one");
  std::vector<AuthResponse> players;
  for (int i = 0; i < 4; ++i) {
    const auto registered = lobby.NewUser("Seat");
    mailrun::v1::LoginRequest login;
    login.set_request_id(lobby.NewRequestId());
    login.set_display_name(registered.display_name());
    login.set_password("password-" + registered.display_name());
    AuthResponse auth;
    ASSERT_TRUE(lobby.Call(&Stub::Login, "", login, &auth).ok());
    ASSERT_EQ(auth.user_id(), registered.user_id());
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
    const grpc::Status joined = lobby.Call(&Stub::JoinTable, players[i].access_token(), join, &table);
    ASSERT_TRUE(joined.ok()) << Describe(joined);
  }
  // The fourth player filled the table, which started it.
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << ReadFile(lobby.log_path());
  const std::string game_id = table.game_id();
  ASSERT_FALSE(game_id.empty());
  mailrun::v1::StartTableRequest start;
  start.set_request_id(lobby.NewRequestId());
  start.set_table_id(table.table_id());
  mailrun::v1::Table again;
  EXPECT_EQ(lobby.Call(&Stub::StartTable, players[0].access_token(), start, &again).error_message(),
            "the table has already started");

  // The game's players are the four lobby users in seat order: each token finds its own seat,
  // and every view names the same players in the same order.
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(table.players(seat).user_id(), players[seat].user_id());
    const auto game = GetGame(lobby, players[seat].access_token(), game_id);
    EXPECT_EQ(game.status(), mailrun::v1::GAME_STATUS_ACTIVE);
    EXPECT_EQ(game.your_seat(), seat);
    ASSERT_EQ(game.view().players_size(), 4);
    for (int other = 0; other < 4; ++other) {
      EXPECT_EQ(game.view().players(other).seat(), other);
      EXPECT_EQ(game.view().players(other).display_name(), players[other].display_name());
    }
  }
  const auto stranger = lobby.NewUser("Stranger");
  EXPECT_EQ(GetGame(lobby, stranger.access_token(), game_id).your_seat(), -1);

  // Contract bids (2.5.2): every seat may write down its bond at the same time.
  auto game = GetGame(lobby, players[0].access_token(), game_id);
  EXPECT_EQ(std::vector<int>(game.view().active_seats().begin(), game.view().active_seats().end()),
            (std::vector<int>{0, 1, 2, 3}));
  int64_t version = game.version();
  std::vector<mailrun::v1::Action> bonds;
  for (const auto& player : players) bonds.push_back(CommitBondOf(lobby, player.access_token(), game_id));

  // A token never acts for another seat: naming another seat (1 to 5) is refused and changes
  // nothing; a stranger, an expired token and a forged one cannot act at all.
  for (int seat = 0; seat < 4; ++seat) {
    for (int other = 1; other < 4; ++other) {
      if (other == seat) continue;
      mailrun::v1::Action for_other = bonds[seat];
      for_other.set_seat(other);
      const grpc::Status refused = Submit(lobby, players[seat].access_token(), game_id, version, for_other);
      EXPECT_EQ(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED) << seat << " for " << other;
      EXPECT_EQ(refused.error_message(),
                "you hold seat " + std::to_string(seat) + "; you may act only for your own seat");
    }
  }
  EXPECT_EQ(Submit(lobby, stranger.access_token(), game_id, version, bonds[0]).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  const std::string expired = ExpiredToken(players[0]);
  const std::string forged = ForgedToken(players[0]);
  for (const std::string& token : {expired, forged}) {
    EXPECT_EQ(Submit(lobby, token, game_id, version, bonds[0]).error_code(), grpc::StatusCode::UNAUTHENTICATED);
  }
  game = GetGame(lobby, players[0].access_token(), game_id);
  EXPECT_EQ(game.version(), version) << "refused calls changed the game";
  for (const auto& player : game.view().players()) EXPECT_FALSE(player.bond().committed());

  // Seat 0 is also "no seat given" (the proto default): the service then takes the caller's seat,
  // so seat 1 naming seat 0 commits seat 1's own bond, never seat 0's.
  mailrun::v1::Action unnamed = bonds[1];
  unnamed.set_seat(0);
  mailrun::v1::SubmitActionResponse applied;
  grpc::Status status = Submit(lobby, players[1].access_token(), game_id, version, unnamed, &applied);
  ASSERT_TRUE(status.ok()) << Describe(status);
  version = applied.version();
  game = GetGame(lobby, players[1].access_token(), game_id);
  EXPECT_TRUE(game.view().players(1).bond().committed());
  EXPECT_FALSE(game.view().players(0).bond().committed());
  EXPECT_EQ(std::vector<int>(game.view().active_seats().begin(), game.view().active_seats().end()),
            (std::vector<int>{0, 2, 3}));

  // Each of the others commits their own bond, in any order, each with their own token.
  for (int seat : {3, 0, 2}) {
    status = Submit(lobby, players[seat].access_token(), game_id, version, bonds[seat], &applied);
    ASSERT_TRUE(status.ok()) << "seat " << seat << ": " << Describe(status);
    EXPECT_EQ(applied.version(), version + 1);
    version = applied.version();
  }
  game = GetGame(lobby, players[2].access_token(), game_id);
  for (const auto& player : game.view().players()) EXPECT_TRUE(player.bond().committed()) << player.seat();
}

// Acceptance 3: duplicate names, wrong passwords, joining a full table, a stranger starting a
// table, expired and forged tokens get clear errors and change nothing, in the lobby or in the
// game service.
TEST(LobbyAcceptance, BadInputsGetClearErrorsAndChangeNothing) {
  LobbyHarness lobby("lobby_acceptance_three");
  std::vector<AuthResponse> players;
  for (int i = 0; i < 4; ++i) players.push_back(lobby.NewUser("Bad"));
  const AuthResponse& stranger = players[3];
  // A full table (three seats, playing) and an open one with three of its four seats taken.
  mailrun::v1::Table full;
  mailrun::v1::Table open;
  for (auto [table, seats] : {std::pair{&full, 3}, std::pair{&open, 4}}) {
    mailrun::v1::CreateTableRequest create;
    create.set_request_id(lobby.NewRequestId());
    create.set_seats(seats);
    ASSERT_TRUE(lobby.Call(&Stub::CreateTable, players[0].access_token(), create, table).ok());
    for (int i = 1; i < 3; ++i) {
      mailrun::v1::JoinTableRequest join;
      join.set_request_id(lobby.NewRequestId());
      join.set_table_id(table->table_id());
      ASSERT_TRUE(lobby.Call(&Stub::JoinTable, players[i].access_token(), join, table).ok());
    }
  }
  ASSERT_EQ(full.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  ASSERT_EQ(open.status(), mailrun::v1::TABLE_STATUS_OPEN);
  const std::string expired = ExpiredToken(players[0]);
  const std::string forged = ForgedToken(players[0]);

  const auto before = lobby.Snapshot();
  auto expect_refused = [](const grpc::Status& status, grpc::StatusCode code, const std::string& message) {
    EXPECT_EQ(status.error_code(), code) << Describe(status);
    EXPECT_EQ(status.error_message(), message);
  };
  mailrun::v1::AuthResponse auth;
  mailrun::v1::RegisterRequest again;
  again.set_request_id(lobby.NewRequestId());
  again.set_display_name(players[1].display_name());
  again.set_password("another-long-password");
  expect_refused(lobby.Call(&Stub::Register, "", again, &auth), grpc::StatusCode::ALREADY_EXISTS,
                 "display name '" + players[1].display_name() + "' is taken");
  mailrun::v1::LoginRequest login;
  login.set_request_id(lobby.NewRequestId());
  login.set_display_name(players[1].display_name());
  login.set_password("password-" + players[2].display_name());
  expect_refused(lobby.Call(&Stub::Login, "", login, &auth), grpc::StatusCode::UNAUTHENTICATED,
                 "wrong display name or password");

  mailrun::v1::Table table;
  mailrun::v1::JoinTableRequest join;
  join.set_request_id(lobby.NewRequestId());
  join.set_table_id(full.table_id());
  expect_refused(lobby.Call(&Stub::JoinTable, stranger.access_token(), join, &table),
                 grpc::StatusCode::FAILED_PRECONDITION, "the table is full (3 of 3 seats taken) and its game has started");
  mailrun::v1::StartTableRequest start;
  start.set_request_id(lobby.NewRequestId());
  start.set_table_id(open.table_id());
  expect_refused(lobby.Call(&Stub::StartTable, stranger.access_token(), start, &table),
                 grpc::StatusCode::PERMISSION_DENIED, "only the host can start the table");
  for (const auto& [token, message] : {std::pair{expired, "token has expired"},
                                       std::pair{forged, "token signature is not valid"}}) {
    start.set_request_id(lobby.NewRequestId());
    expect_refused(lobby.Call(&Stub::StartTable, token, start, &table), grpc::StatusCode::UNAUTHENTICATED, message);
    mailrun::v1::CreateTableRequest create;
    create.set_request_id(lobby.NewRequestId());
    create.set_seats(3);
    expect_refused(lobby.Call(&Stub::CreateTable, token, create, &table), grpc::StatusCode::UNAUTHENTICATED, message);
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(full.game_id());
    mailrun::v1::ListLegalActionsResponse legal;
    expect_refused(lobby.GameCall(&GameStub::ListLegalActions, token, list, &legal),
                   grpc::StatusCode::UNAUTHENTICATED, message);
  }
  EXPECT_EQ(lobby.Snapshot(), before);

  // The refused calls left the accounts and tables usable as they were.
  login.set_request_id(lobby.NewRequestId());
  login.set_password("password-" + players[1].display_name());
  ASSERT_TRUE(lobby.Call(&Stub::Login, "", login, &auth).ok());
  EXPECT_EQ(auth.user_id(), players[1].user_id());
  start.set_request_id(lobby.NewRequestId());
  ASSERT_TRUE(lobby.Call(&Stub::StartTable, players[0].access_token(), start, &table).ok());
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
}

// The hand calculation of acceptance 2, from the rules in proto/mailrun/v1/lobby.proto.
struct Expected {
  double points = 0;
  double share = 0;
  double rating = 1500;
  int games = 0;
};

// Adds one game's results: placement points (60 for first, 0 for last, even steps between; tied
// players share the points of the places they cover), wealth share (wealth / the table's total)
// and multi-player Elo (K = 32; each pair is a game scoring 1, 0.5 or 0; a player's change is
// K / (n - 1) times the sum of score minus expected, all from ratings before the game).
void AddGame(const mailrun::v1::GetGameResultResponse& result, std::map<std::string, Expected>& expected) {
  const int n = result.results_size();
  int64_t total_wealth = 0;
  for (const auto& entry : result.results()) total_wealth += entry.final_wealth();
  std::map<std::string, double> rating_change;
  for (const auto& me : result.results()) {
    int better = 0;
    int tied = 0;
    double change = 0;
    for (const auto& other : result.results()) {
      if (other.rank() < me.rank()) ++better;
      if (other.rank() == me.rank()) ++tied;
      if (other.user_id() == me.user_id()) continue;
      const double score = me.rank() < other.rank() ? 1.0 : me.rank() == other.rank() ? 0.5 : 0.0;
      const double mine = expected[me.user_id()].rating;
      const double theirs = expected[other.user_id()].rating;
      change += score - 1.0 / (1.0 + std::pow(10.0, (theirs - mine) / 400.0));
    }
    double points = 0;
    for (int place = better + 1; place <= better + tied; ++place) points += 60.0 * (n - place) / (n - 1);
    Expected& line = expected[me.user_id()];
    line.points += points / tied;
    line.share += static_cast<double>(me.final_wealth()) / static_cast<double>(total_wealth);
    line.games += 1;
    rating_change[me.user_id()] = 32.0 / (n - 1) * change;
  }
  for (const auto& [user_id, change] : rating_change) expected[user_id].rating += change;
}

// Acceptance 2.
TEST(LobbyAcceptance, NinePlayerSwissPlayedByBotsToTheEnd) {
  // The reconciler's first pass runs at start-up, before any game exists, the next in an hour: the
  // lobby learns of each finished game from its GameFinished event on Redis.
  LobbyHarness::Options options;
  options.reconcile_seconds = 3600;
  LobbyHarness lobby("lobby_acceptance_two", options);
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
  std::map<std::string, std::string> token_of;
  for (int i = 0; i < 9; ++i) {
    const auto player = lobby.NewUser("Bot");
    token_of[player.user_id()] = player.access_token();
    mailrun::v1::RegisterForTournamentRequest reg;
    reg.set_request_id(lobby.NewRequestId());
    reg.set_tournament_id(tournament.tournament_id());
    ASSERT_TRUE(lobby.Call(&Stub::RegisterForTournament, player.access_token(), reg, &tournament).ok());
  }

  std::map<std::string, Expected> expected;
  for (int round = 1; round <= 2; ++round) {
    mailrun::v1::StartTournamentRoundRequest start;
    start.set_request_id(lobby.NewRequestId());
    start.set_tournament_id(tournament.tournament_id());
    start.set_round(round);
    const grpc::Status started = lobby.Call(&Stub::StartTournamentRound, organiser.access_token(), start, &tournament);
    ASSERT_TRUE(started.ok()) << Describe(started);
    int tables = 0;
    for (const auto& table : tournament.tables()) {
      if (table.round() != round) continue;
      ++tables;
      ASSERT_EQ(table.players_size(), 3);
      ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
      ASSERT_TRUE(PlayToTheEndWithBots(lobby, table.game_id(), token_of)) << "game " << table.game_id();
      mailrun::v1::GetGameResultRequest ask;
      ask.set_game_id(table.game_id());
      mailrun::v1::GetGameResultResponse result;
      ASSERT_TRUE(
          lobby.GameCall(&GameStub::GetGameResult, mailrun::lobby::LobbyServiceToken(TestSigner()), ask, &result)
              .ok());
      ASSERT_EQ(result.status(), mailrun::v1::GAME_STATUS_FINISHED);
      EXPECT_EQ(result.tournament_id(), tournament.tournament_id());
      EXPECT_EQ(result.table_id(), table.table_id());
      ASSERT_EQ(result.results_size(), 3);
      for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(result.results(seat).user_id(), table.players(seat).user_id());
      AddGame(result, expected);
    }
    ASSERT_EQ(tables, 3);
    // The lobby learns of the results by itself, from the GameFinished events.
    ASSERT_EQ(lobby.WaitForCount("SELECT count(*) FROM lobby_game_results", 3 * round, std::chrono::seconds(30)),
              3 * round)
        << ReadFile(lobby.log_path());
    const std::string log = ReadFile(lobby.log_path());
    for (const auto& table : tournament.tables()) {
      if (table.round() != round) continue;
      EXPECT_NE(log.find("game " + table.game_id() + ": result recorded"), std::string::npos) << log;
    }
    EXPECT_EQ(log.find("results recorded"), std::string::npos) << "the reconciler recorded results:\n" << log;
  }

  mailrun::v1::GetTournamentRequest get;
  get.set_tournament_id(tournament.tournament_id());
  ASSERT_TRUE(lobby.Call(&Stub::GetTournament, organiser.access_token(), get, &tournament).ok());
  EXPECT_EQ(tournament.status(), mailrun::v1::TOURNAMENT_STATUS_FINISHED);

  mailrun::v1::GetStandingsRequest ask;
  ask.set_tournament_id(tournament.tournament_id());
  mailrun::v1::Standings standings;
  ASSERT_TRUE(lobby.Call(&Stub::GetStandings, organiser.access_token(), ask, &standings).ok());
  EXPECT_EQ(standings.rounds_completed(), 2);
  ASSERT_EQ(standings.standings_size(), 9);
  for (int i = 0; i < standings.standings_size(); ++i) {
    const auto& line = standings.standings(i);
    const Expected& mine = expected.at(line.player().user_id());
    EXPECT_EQ(line.games(), 2);
    EXPECT_NEAR(line.placement_points(), mine.points, 1e-9);
    EXPECT_NEAR(line.wealth_share(), mine.share, 1e-9);
    // Ordered by points, then wealth share; positions count the lines ahead (equal lines share).
    if (i > 0) {
      const auto& ahead = standings.standings(i - 1);
      const bool equal = std::fabs(ahead.placement_points() - line.placement_points()) < 1e-9 &&
                         std::fabs(ahead.wealth_share() - line.wealth_share()) < 1e-9;
      EXPECT_TRUE(ahead.placement_points() > line.placement_points() + 1e-9 ||
                  (std::fabs(ahead.placement_points() - line.placement_points()) < 1e-9 &&
                   ahead.wealth_share() >= line.wealth_share() - 1e-9))
          << "line " << i + 1;
      EXPECT_EQ(line.position(), equal ? ahead.position() : i + 1);
    } else {
      EXPECT_EQ(line.position(), 1);
    }
    mailrun::v1::GetProfileRequest profile_request;
    profile_request.set_user_id(line.player().user_id());
    mailrun::v1::Profile profile;
    ASSERT_TRUE(lobby.Call(&Stub::GetProfile, organiser.access_token(), profile_request, &profile).ok());
    ASSERT_EQ(profile.ratings_size(), 3) << "overall, 1853 and 1853 Retuned";
    EXPECT_NEAR(profile.ratings(0).rating(), mine.rating, 1e-6);
    EXPECT_EQ(profile.ratings(0).games(), 2);
    EXPECT_EQ(profile.ratings(1).title(), mailrun::v1::TITLE_1853);
    EXPECT_EQ(profile.ratings(1).edition(), mailrun::v1::EDITION_UNSPECIFIED);
    EXPECT_NEAR(profile.ratings(1).rating(), mine.rating, 1e-6);
    EXPECT_EQ(profile.ratings(2).edition(), mailrun::v1::EDITION_RETUNED);
    EXPECT_NEAR(profile.ratings(2).rating(), mine.rating, 1e-6);
  }
  double total_change = 0;
  for (const auto& [user_id, line] : expected) total_change += line.rating - 1500;
  EXPECT_NEAR(total_change, 0, 1e-6) << "Elo changes of each game add up to zero";
}

}  // namespace
}  // namespace mailrun::testing
