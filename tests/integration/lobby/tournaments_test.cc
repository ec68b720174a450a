// Tournaments against the real mailrun-lobby, mailrun-game, PostgreSQL and Redis: registration
// window, seating of rounds, a 9-player Swiss tournament with chosen results (GameFinished events
// handed to the lobby's result recorder) and standings and ratings checked by hand, round-robin
// groups with a final, dropping a no-show with re-seating, and refused calls that change nothing.
// The same tournament played to the end by bots in the game service: acceptance_test.cc.
#include <gtest/gtest.h>

#include <map>
#include <thread>

#include "services/common/auth.h"
#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using mailrun::v1::Tournament;
using mailrun::v1::TournamentTable;
using Stub = mailrun::v1::LobbyService::Stub;

// (rank, final wealth) of each player of a game, by user id.
using Outcome = std::map<std::string, std::pair<int, int64_t>>;

class Tournaments : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lobby_ = new LobbyHarness("lobby_tournaments"); }
  static void TearDownTestSuite() { delete lobby_; }

  static int64_t NowMs() { return mailrun::service::UnixNow() * 1000; }

  static mailrun::v1::CreateTournamentRequest Swiss(int table_size, int rounds) {
    mailrun::v1::CreateTournamentRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_name("Bombay Cup");
    request.set_format(mailrun::v1::TOURNAMENT_FORMAT_SWISS);
    request.set_table_size(table_size);
    request.set_rounds(rounds);
    request.set_registration_closes_at_unix_ms(NowMs() + 3600 * 1000);
    request.set_turn_deadline_seconds(172800);
    return request;
  }

  static Tournament Create(const AuthResponse& organiser, const mailrun::v1::CreateTournamentRequest& request) {
    Tournament tournament;
    const grpc::Status status = lobby_->Call(&Stub::CreateTournament, organiser.access_token(), request, &tournament);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return tournament;
  }

  static grpc::Status Register(const AuthResponse& user, const std::string& tournament_id) {
    mailrun::v1::RegisterForTournamentRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_tournament_id(tournament_id);
    Tournament ignored;
    return lobby_->Call(&Stub::RegisterForTournament, user.access_token(), request, &ignored);
  }

  static std::vector<AuthResponse> Players(int count, const std::string& tournament_id, const std::string& prefix) {
    std::vector<AuthResponse> players;
    for (int i = 0; i < count; ++i) {
      players.push_back(lobby_->NewUser(prefix));
      EXPECT_TRUE(Register(players.back(), tournament_id).ok());
    }
    return players;
  }

  static grpc::Status StartRound(const AuthResponse& organiser, const std::string& tournament_id, int round,
                                 Tournament* tournament) {
    mailrun::v1::StartTournamentRoundRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_tournament_id(tournament_id);
    request.set_round(round);
    return lobby_->Call(&Stub::StartTournamentRound, organiser.access_token(), request, tournament);
  }

  static grpc::Status Drop(const AuthResponse& organiser, const std::string& tournament_id, const std::string& user,
                           bool reseat, Tournament* tournament) {
    mailrun::v1::DropPlayerRequest request;
    request.set_request_id(lobby_->NewRequestId());
    request.set_tournament_id(tournament_id);
    request.set_user_id(user);
    request.set_reseat(reseat);
    return lobby_->Call(&Stub::DropPlayer, organiser.access_token(), request, tournament);
  }

  static Tournament Get(const AuthResponse& user, const std::string& tournament_id) {
    mailrun::v1::GetTournamentRequest request;
    request.set_tournament_id(tournament_id);
    Tournament tournament;
    EXPECT_TRUE(lobby_->Call(&Stub::GetTournament, user.access_token(), request, &tournament).ok());
    return tournament;
  }

  static std::vector<TournamentTable> TablesOf(const Tournament& tournament, int round) {
    std::vector<TournamentTable> tables;
    for (const auto& table : tournament.tables()) {
      if (table.round() == round) tables.push_back(table);
    }
    return tables;
  }

  static std::vector<std::string> Ids(const TournamentTable& table) {
    std::vector<std::string> ids;
    for (const auto& player : table.players()) ids.push_back(player.user_id());
    return ids;
  }

  static std::vector<std::string> Ids(const std::vector<AuthResponse>& players, const std::vector<int>& numbers) {
    std::vector<std::string> ids;
    for (int number : numbers) ids.push_back(players[number - 1].user_id());
    return ids;
  }

  static mailrun::v1::GameFinished Finished(const TournamentTable& table, const Outcome& outcome) {
    mailrun::v1::GameFinished finished;
    finished.set_game_id(table.game_id());
    finished.set_table_id(table.table_id());
    finished.set_reason("bank broken");
    for (int seat = 0; seat < table.players_size(); ++seat) {
      auto* result = finished.add_results();
      result->set_user_id(table.players(seat).user_id());
      result->set_seat(seat);
      result->set_rank(outcome.at(result->user_id()).first);
      result->set_final_wealth(outcome.at(result->user_id()).second);
    }
    return finished;
  }

  // Sends the GameFinished event through the lobby's event hook.
  static void FinishByEvent(const TournamentTable& table, const Outcome& outcome) {
    mailrun::v1::Event event;
    event.set_event_id("finished-" + table.game_id());
    *event.mutable_game_finished() = Finished(table, outcome);
    ASSERT_TRUE(lobby_->recorder().HandleEventPayload(event.SerializeAsString()).ok());
  }

  static mailrun::v1::Standings Standings(const AuthResponse& user, const std::string& tournament_id) {
    mailrun::v1::GetStandingsRequest request;
    request.set_tournament_id(tournament_id);
    mailrun::v1::Standings standings;
    EXPECT_TRUE(lobby_->Call(&Stub::GetStandings, user.access_token(), request, &standings).ok());
    return standings;
  }

  static double OverallRating(const AuthResponse& user) {
    mailrun::v1::Profile profile;
    EXPECT_TRUE(lobby_->Call(&Stub::GetProfile, user.access_token(), mailrun::v1::GetProfileRequest(), &profile).ok());
    return profile.ratings(0).rating();
  }

  static LobbyHarness* lobby_;
};

LobbyHarness* Tournaments::lobby_ = nullptr;

// Acceptance 2 with chosen results: 9 players, tables of 3, two Swiss rounds whose games end with
// the results below (GameFinished events handed to the lobby's result recorder). Seating,
// standings and ratings are checked against a hand calculation.
TEST_F(Tournaments, NinePlayerSwissMatchesTheHandCalculation) {
  const auto organiser = lobby_->NewUser("Organiser");
  const Tournament created = Create(organiser, Swiss(3, 2));
  const std::string id = created.tournament_id();
  EXPECT_EQ(created.status(), mailrun::v1::TOURNAMENT_STATUS_REGISTRATION);
  const auto p = Players(9, id, "Swiss");  // p[0] is P1, the first to register ... p[8] is P9

  Tournament tournament;
  ASSERT_TRUE(StartRound(organiser, id, 1, &tournament).ok());
  EXPECT_EQ(tournament.status(), mailrun::v1::TOURNAMENT_STATUS_RUNNING);
  EXPECT_EQ(tournament.current_round(), 1);
  // Everyone is rated 1500, so seeds follow registration; the snake seats 1,6,7 / 2,5,8 / 3,4,9.
  auto round1 = TablesOf(tournament, 1);
  ASSERT_EQ(round1.size(), 3u);
  EXPECT_EQ(Ids(round1[0]), Ids(p, {1, 6, 7}));
  EXPECT_EQ(Ids(round1[1]), Ids(p, {2, 5, 8}));
  EXPECT_EQ(Ids(round1[2]), Ids(p, {3, 4, 9}));
  for (const auto& table : round1) {
    EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
    const auto request = lobby_->CreateRequestOf(table.game_id());
    ASSERT_TRUE(request.has_value());
    EXPECT_EQ(request->tournament_id(), id);
    EXPECT_EQ(request->turn_deadline_seconds(), 172800);
  }
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM outbox WHERE event_id LIKE 'lobby-round-started-%'"), 3);

  Tournament refused;
  const grpc::Status early = StartRound(organiser, id, 2, &refused);
  EXPECT_EQ(early.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(early.error_message(), "round 1 is still being played");

  // Round 1: P1 beats P6 and P7; P2 and P5 tie for first ahead of P8; P9 beats P4 and P3.
  FinishByEvent(round1[0], {{p[0].user_id(), {1, 3000}}, {p[5].user_id(), {2, 2000}}, {p[6].user_id(), {3, 1000}}});
  FinishByEvent(round1[1], {{p[1].user_id(), {1, 2500}}, {p[4].user_id(), {1, 2500}}, {p[7].user_id(), {3, 1000}}});
  FinishByEvent(round1[2], {{p[8].user_id(), {1, 4000}}, {p[3].user_id(), {2, 2000}}, {p[2].user_id(), {3, 1500}}});
  EXPECT_EQ(lobby_->Count("SELECT count(*) FROM lobby_game_results WHERE tournament_id = '" + id + "'"), 3);
  EXPECT_EQ(Standings(organiser, id).rounds_completed(), 1);

  // Standings after round 1 (points; wealth share): P9 60 (4000/7500 = .533), P1 60 (.5),
  // P2 and P5 45 each (2500/6000 = .417; by seed), P6 30 (.333), P4 30 (.267), P3 0 (.2),
  // P7 and P8 0 (.167 each; by seed). Swiss round 2 groups by standing with no repeat
  // meetings needed: P9,P1,P2 / P5,P6,P4 / P3,P7,P8.
  ASSERT_TRUE(StartRound(organiser, id, 2, &tournament).ok());
  auto round2 = TablesOf(tournament, 2);
  ASSERT_EQ(round2.size(), 3u);
  EXPECT_EQ(Ids(round2[0]), Ids(p, {9, 1, 2}));
  EXPECT_EQ(Ids(round2[1]), Ids(p, {5, 6, 4}));
  EXPECT_EQ(Ids(round2[2]), Ids(p, {3, 7, 8}));

  FinishByEvent(round2[0],
                 {{p[1].user_id(), {1, 5000}}, {p[8].user_id(), {2, 3000}}, {p[0].user_id(), {3, 2000}}});
  FinishByEvent(round2[1],
                 {{p[3].user_id(), {1, 3000}}, {p[4].user_id(), {2, 2000}}, {p[5].user_id(), {3, 1000}}});
  FinishByEvent(round2[2],
                 {{p[6].user_id(), {1, 2400}}, {p[7].user_id(), {2, 1200}}, {p[2].user_id(), {3, 400}}});
  EXPECT_EQ(Get(organiser, id).status(), mailrun::v1::TOURNAMENT_STATUS_FINISHED);
  EXPECT_EQ(StartRound(organiser, id, 3, &refused).error_message(), "the tournament has finished");

  // Final standings: points, then the sum of wealth shares.
  struct Line {
    int player;
    double points;
    double share;
    int position;
  };
  const std::vector<Line> expected = {
      {2, 45 + 60, 2500.0 / 6000 + 5000.0 / 10000, 1},
      {9, 60 + 30, 4000.0 / 7500 + 3000.0 / 10000, 2},
      {4, 30 + 60, 2000.0 / 7500 + 3000.0 / 6000, 3},
      {5, 45 + 30, 2500.0 / 6000 + 2000.0 / 6000, 4},
      {7, 0 + 60, 1000.0 / 6000 + 2400.0 / 4000, 5},
      {1, 60 + 0, 3000.0 / 6000 + 2000.0 / 10000, 6},
      {6, 30 + 0, 2000.0 / 6000 + 1000.0 / 6000, 7},
      {8, 0 + 30, 1000.0 / 6000 + 1200.0 / 4000, 8},
      {3, 0 + 0, 1500.0 / 7500 + 400.0 / 4000, 9},
  };
  const auto standings = Standings(organiser, id);
  EXPECT_EQ(standings.rounds_completed(), 2);
  ASSERT_EQ(standings.standings_size(), 9);
  for (int i = 0; i < 9; ++i) {
    const auto& line = standings.standings(i);
    EXPECT_EQ(line.player().user_id(), p[expected[i].player - 1].user_id()) << "line " << i + 1;
    EXPECT_DOUBLE_EQ(line.placement_points(), expected[i].points) << "line " << i + 1;
    EXPECT_NEAR(line.wealth_share(), expected[i].share, 1e-12) << "line " << i + 1;
    EXPECT_EQ(line.position(), expected[i].position);
    EXPECT_EQ(line.games(), 2);
  }

  // Ratings (K = 32, three players: K / 2 = 16 per unit of (score - expected)).
  // Round 1, everyone at 1500 (expected 0.5 each pair): winners +16, seconds 0, thirds -16; the
  // tied winners P2 and P5 score 0.5 + 1 = 1.5 against an expected 1: +8 each.
  //   P1 1516, P6 1500, P7 1484; P2 1508, P5 1508, P8 1484; P9 1516, P4 1500, P3 1484.
  // Round 2, E(1508 vs 1516) = 1 / (1 + 10^(8/400)) = 0.488489, E(1516 vs 1508) = 0.511511.
  //   Table P9 1516, P1 1516, P2 1508, won by P2, then P9, P1:
  //     P2: 2 x (1 - 0.488489) = 1.023022 -> +16.368349 = 1524.368349
  //     P9: (0 - 0.511511) + (1 - 0.5) = -0.011511 -> -0.184174 = 1515.815826
  //     P1: (0 - 0.511511) + (0 - 0.5) = -1.011511 -> -16.184174 = 1499.815826
  //   Table P5 1508, P6 1500, P4 1500, won by P4, then P5, P6:
  //     P4: (1 - 0.488489) + (1 - 0.5) = 1.011511 -> +16.184174 = 1516.184174
  //     P5: (0 - 0.511511) + (1 - 0.511511) = -0.023022 -> -0.368349 = 1507.631651
  //     P6: (0 - 0.5) + (0 - 0.488489) = -0.988489 -> -15.815826 = 1484.184174
  //   Table P3, P7, P8 all 1484, won by P7, then P8, P3: 1500, 1484, 1468.
  const std::vector<double> ratings = {1499.815826, 1524.368349, 1468,        1516.184174, 1507.631651,
                                       1484.184174, 1500,        1484,        1515.815826};
  for (int i = 0; i < 9; ++i) EXPECT_NEAR(OverallRating(p[i]), ratings[i], 1e-6) << "P" << i + 1;
  // The 1853 and the 1853 Retuned ratings are the same (every game was 1853 Retuned).
  pqxx::work txn(lobby_->db());
  EXPECT_NEAR(txn.exec_params1("SELECT rating FROM ratings WHERE user_id = $1 AND title = 1 AND edition = 1",
                               p[1].user_id())[0]
                  .as<double>(),
              1524.368349, 1e-6);
  EXPECT_NEAR(txn.exec_params1("SELECT rating FROM ratings WHERE user_id = $1 AND title = 1 AND edition = 0",
                               p[1].user_id())[0]
                  .as<double>(),
              1524.368349, 1e-6);
  EXPECT_EQ(txn.exec_params1("SELECT games FROM ratings WHERE user_id = $1 AND title = 0 AND edition = 0",
                             p[1].user_id())[0]
                .as<int>(),
            2);
}

TEST_F(Tournaments, RegistrationWindowIsEnforced) {
  const auto organiser = lobby_->NewUser("Organiser");
  const auto player = lobby_->NewUser("Early");

  auto later = Swiss(3, 1);
  later.set_registration_opens_at_unix_ms(NowMs() + 3600 * 1000);
  later.set_registration_closes_at_unix_ms(NowMs() + 7200 * 1000);
  const Tournament future = Create(organiser, later);
  auto before = lobby_->Snapshot();
  grpc::Status status = Register(player, future.tournament_id());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(status.error_message().rfind("registration opens at 20", 0), 0u) << status.error_message();
  EXPECT_EQ(lobby_->Snapshot(), before);

  auto soon = Swiss(3, 1);
  soon.set_registration_closes_at_unix_ms(NowMs() + 2000);
  const Tournament closing = Create(organiser, soon);
  ASSERT_TRUE(Register(player, closing.tournament_id()).ok());
  EXPECT_EQ(Register(player, closing.tournament_id()).error_message(),
            "you are already registered for this tournament");
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  const auto latecomer = lobby_->NewUser("Late");
  before = lobby_->Snapshot();
  status = Register(latecomer, closing.tournament_id());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(status.error_message().rfind("registration closed at 20", 0), 0u) << status.error_message();
  EXPECT_EQ(lobby_->Snapshot(), before);

  // Withdrawing before round 1 cancels the registration; starting round 1 closes registration.
  const Tournament open = Create(organiser, Swiss(3, 1));
  auto players = Players(3, open.tournament_id(), "Reg");
  mailrun::v1::WithdrawFromTournamentRequest withdraw;
  withdraw.set_request_id(lobby_->NewRequestId());
  withdraw.set_tournament_id(open.tournament_id());
  Tournament after;
  ASSERT_TRUE(lobby_->Call(&Stub::WithdrawFromTournament, players[2].access_token(), withdraw, &after).ok());
  EXPECT_EQ(after.players_size(), 2);
  Tournament started;
  EXPECT_EQ(StartRound(organiser, open.tournament_id(), 1, &started).error_message(),
            "a round needs at least 3 active players; 2 remain");
  ASSERT_TRUE(Register(players[2], open.tournament_id()).ok());
  ASSERT_TRUE(StartRound(organiser, open.tournament_id(), 1, &started).ok());
  EXPECT_EQ(Register(latecomer, open.tournament_id()).error_message(),
            "registration has closed: the tournament has started");
  // Withdrawing now keeps the results but leaves later rounds.
  withdraw.set_request_id(lobby_->NewRequestId());
  ASSERT_TRUE(lobby_->Call(&Stub::WithdrawFromTournament, players[0].access_token(), withdraw, &after).ok());
  bool withdrawn = false;
  for (const auto& entry : after.players()) {
    if (entry.player().user_id() == players[0].user_id()) {
      withdrawn = entry.status() == mailrun::v1::TOURNAMENT_PLAYER_STATUS_WITHDRAWN;
    }
  }
  EXPECT_TRUE(withdrawn);
}

TEST_F(Tournaments, TenPlayersAtTablesOfFourSitFourThreeThree) {
  const auto organiser = lobby_->NewUser("Organiser");
  const Tournament created = Create(organiser, Swiss(4, 3));
  const auto p = Players(10, created.tournament_id(), "Ten");
  Tournament tournament;
  ASSERT_TRUE(StartRound(organiser, created.tournament_id(), 1, &tournament).ok());
  const auto tables = TablesOf(tournament, 1);
  ASSERT_EQ(tables.size(), 3u);
  EXPECT_EQ(Ids(tables[0]), Ids(p, {1, 6, 7, 10}));
  EXPECT_EQ(Ids(tables[1]), Ids(p, {2, 5, 8}));
  EXPECT_EQ(Ids(tables[2]), Ids(p, {3, 4, 9}));
  for (size_t i = 0; i < tables.size(); ++i) {
    EXPECT_EQ(tables[i].table_number(), static_cast<int>(i) + 1);
    EXPECT_EQ(lobby_->CreateRequestOf(tables[i].game_id())->config().players_size(), tables[i].players_size());
  }
  // Each player of a table got a TournamentRoundStarted event naming their game.
  pqxx::work txn(lobby_->db());
  const pqxx::result rows =
      txn.exec_params("SELECT payload FROM outbox WHERE event_id = $1", "lobby-round-started-" + tables[0].table_id());
  ASSERT_EQ(rows.size(), 1u);
  mailrun::v1::Event event;
  ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(rows[0][0]).str()));
  EXPECT_EQ(std::vector<std::string>(event.user_ids().begin(), event.user_ids().end()), Ids(tables[0]));
  EXPECT_EQ(event.tournament_round_started().game_id(), tables[0].game_id());
  EXPECT_EQ(event.tournament_round_started().round(), 1);
  EXPECT_EQ(event.tournament_round_started().table_number(), 1);
  EXPECT_EQ(event.tournament_round_started().tournament_name(), "Bombay Cup");
}

TEST_F(Tournaments, OnlyTheOrganiserRunsRoundsInOrder) {
  const auto organiser = lobby_->NewUser("Organiser");
  const Tournament created = Create(organiser, Swiss(3, 2));
  const auto p = Players(3, created.tournament_id(), "Ord");
  const auto before = lobby_->Snapshot();
  Tournament ignored;
  grpc::Status status = StartRound(p[0], created.tournament_id(), 1, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(status.error_message(), "only the organiser can start a round");
  status = Drop(p[0], created.tournament_id(), p[1].user_id(), false, &ignored);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(StartRound(organiser, created.tournament_id(), 2, &ignored).error_message(),
            "round 1 is the next round to start");
  EXPECT_EQ(StartRound(organiser, created.tournament_id(), 3, &ignored).error_message(),
            "the tournament has 2 rounds");
  EXPECT_EQ(StartRound(organiser, "no-such-tournament", 1, &ignored).error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Tournaments, DroppingANoShowReseatsTheirTable) {
  const auto organiser = lobby_->NewUser("Organiser");
  const Tournament created = Create(organiser, Swiss(3, 2));
  const std::string id = created.tournament_id();
  const auto p = Players(7, id, "Drop");
  Tournament tournament;
  ASSERT_TRUE(StartRound(organiser, id, 1, &tournament).ok());
  // 7 players at tables of 3 would leave a table of 1: two tables, 4 + 3, snake-seated.
  auto round1 = TablesOf(tournament, 1);
  ASSERT_EQ(round1.size(), 2u);
  EXPECT_EQ(Ids(round1[0]), Ids(p, {1, 4, 5, 7}));
  EXPECT_EQ(Ids(round1[1]), Ids(p, {2, 3, 6}));

  // P7 does not show: the other three of table 1 get a new table and a new game.
  ASSERT_TRUE(Drop(organiser, id, p[6].user_id(), true, &tournament).ok());
  auto tables = TablesOf(tournament, 1);
  ASSERT_EQ(tables.size(), 3u);
  EXPECT_EQ(tables[0].status(), mailrun::v1::TABLE_STATUS_VOID);
  EXPECT_EQ(tables[2].table_number(), 3);
  EXPECT_EQ(Ids(tables[2]), Ids(p, {1, 4, 5}));
  EXPECT_EQ(tables[2].status(), mailrun::v1::TABLE_STATUS_PLAYING);
  EXPECT_NE(tables[2].game_id(), tables[0].game_id());

  // P6 does not show either: P2 and P3 are too few for a table; they join the smallest
  // unfinished table with room (table 3), which is re-seated as a table of 5.
  ASSERT_TRUE(Drop(organiser, id, p[5].user_id(), true, &tournament).ok());
  tables = TablesOf(tournament, 1);
  ASSERT_EQ(tables.size(), 4u);
  EXPECT_EQ(tables[1].status(), mailrun::v1::TABLE_STATUS_VOID);
  EXPECT_EQ(tables[2].status(), mailrun::v1::TABLE_STATUS_VOID);
  EXPECT_EQ(Ids(tables[3]), Ids(p, {1, 4, 5, 2, 3}));
  EXPECT_EQ(lobby_->CreateRequestOf(tables[3].game_id())->config().players_size(), 5);
  for (const auto& entry : tournament.players()) {
    const bool dropped = entry.player().user_id() == p[5].user_id() || entry.player().user_id() == p[6].user_id();
    EXPECT_EQ(entry.status(), dropped ? mailrun::v1::TOURNAMENT_PLAYER_STATUS_DROPPED
                                      : mailrun::v1::TOURNAMENT_PLAYER_STATUS_ACTIVE);
  }

  // A cancelled table's game that ends anyway is rated but not counted in the standings.
  FinishByEvent(tables[0], {{p[0].user_id(), {1, 100}}, {p[3].user_id(), {2, 90}}, {p[4].user_id(), {3, 80}},
                            {p[6].user_id(), {4, 70}}});
  EXPECT_EQ(Standings(organiser, id).standings(0).games(), 0);
  EXPECT_GT(OverallRating(p[0]), 1500);
  Tournament refused;
  EXPECT_EQ(StartRound(organiser, id, 2, &refused).error_message(), "round 1 is still being played");
  FinishByEvent(tables[3], {{p[0].user_id(), {1, 500}}, {p[3].user_id(), {2, 400}}, {p[4].user_id(), {3, 300}},
                            {p[1].user_id(), {4, 200}}, {p[2].user_id(), {5, 100}}});
  const auto standings = Standings(organiser, id);
  EXPECT_EQ(standings.rounds_completed(), 1);
  EXPECT_EQ(standings.standings(0).player().user_id(), p[0].user_id());
  EXPECT_DOUBLE_EQ(standings.standings(1).placement_points(), 45);  // second of five

  // Round 2 seats only the five still playing: one table of 5.
  ASSERT_TRUE(StartRound(organiser, id, 2, &tournament).ok());
  const auto round2 = TablesOf(tournament, 2);
  ASSERT_EQ(round2.size(), 1u);
  EXPECT_EQ(round2[0].players_size(), 5);
  for (const auto& player : round2[0].players()) {
    EXPECT_NE(player.user_id(), p[5].user_id());
    EXPECT_NE(player.user_id(), p[6].user_id());
  }
}

TEST_F(Tournaments, ReseatingIsRefusedWhenNoTableHasRoom) {
  const auto organiser = lobby_->NewUser("Organiser");
  const Tournament created = Create(organiser, Swiss(3, 1));
  const auto p = Players(3, created.tournament_id(), "Few");
  Tournament tournament;
  ASSERT_TRUE(StartRound(organiser, created.tournament_id(), 1, &tournament).ok());
  const auto before = lobby_->Snapshot();
  const grpc::Status status = Drop(organiser, created.tournament_id(), p[0].user_id(), true, &tournament);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(status.error_message(),
            "cannot re-seat: only 2 players would remain at their table and no other unfinished table of round 1 has "
            "room for them; drop without reseat");
  EXPECT_EQ(lobby_->Snapshot(), before);
  ASSERT_TRUE(Drop(organiser, created.tournament_id(), p[0].user_id(), false, &tournament).ok());
  EXPECT_EQ(Drop(organiser, created.tournament_id(), p[0].user_id(), false, &tournament).error_message(),
            "the player has already left this tournament");
}

TEST_F(Tournaments, RoundRobinGroupsThenAFinal) {
  const auto organiser = lobby_->NewUser("Organiser");
  auto request = Swiss(3, 0);
  request.set_format(mailrun::v1::TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS);
  request.set_group_rounds(1);
  const Tournament created = Create(organiser, request);
  EXPECT_EQ(created.rounds(), 2);
  const std::string id = created.tournament_id();
  const auto p = Players(6, id, "Group");
  Tournament tournament;
  ASSERT_TRUE(StartRound(organiser, id, 1, &tournament).ok());
  const auto groups = TablesOf(tournament, 1);
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(Ids(groups[0]), Ids(p, {1, 4, 5}));
  EXPECT_EQ(Ids(groups[1]), Ids(p, {2, 3, 6}));
  FinishByEvent(groups[0],
                 {{p[4].user_id(), {1, 5000}}, {p[0].user_id(), {2, 3000}}, {p[3].user_id(), {3, 2000}}});
  FinishByEvent(groups[1],
                 {{p[2].user_id(), {1, 4000}}, {p[5].user_id(), {2, 2000}}, {p[1].user_id(), {3, 1000}}});

  // Group winners P3 (60, 4000/7000 = .571) and P5 (60, .5), then the best other: P1 (30, .3)
  // ahead of P6 (30, 2000/7000 = .286).
  ASSERT_TRUE(StartRound(organiser, id, 2, &tournament).ok());
  const auto final_tables = TablesOf(tournament, 2);
  ASSERT_EQ(final_tables.size(), 1u);
  EXPECT_TRUE(final_tables[0].final());
  EXPECT_EQ(Ids(final_tables[0]), Ids(p, {3, 5, 1}));
  FinishByEvent(final_tables[0],
                 {{p[0].user_id(), {1, 6000}}, {p[2].user_id(), {2, 3000}}, {p[4].user_id(), {3, 1000}}});

  // The final decides places 1-3; the others follow by points and wealth share.
  const auto standings = Standings(organiser, id);
  std::vector<std::string> order;
  for (const auto& line : standings.standings()) order.push_back(line.player().user_id());
  EXPECT_EQ(order, Ids(p, {1, 3, 5, 6, 4, 2}));
  EXPECT_EQ(standings.standings(0).final_place(), 1);
  EXPECT_EQ(standings.standings(3).final_place(), 0);
  EXPECT_EQ(Get(organiser, id).status(), mailrun::v1::TOURNAMENT_STATUS_FINISHED);
}

TEST_F(Tournaments, BadTournamentRequestsAreRefusedAndChangeNothing) {
  const auto organiser = lobby_->NewUser("Organiser");
  const auto before = lobby_->Snapshot();
  struct Case {
    std::function<void(mailrun::v1::CreateTournamentRequest&)> change;
    std::string message;
  };
  const std::vector<Case> cases = {
      {[](auto& r) { r.clear_format(); }, "format is required"},
      {[](auto& r) { r.set_table_size(7); }, "table_size must be 3 to 6"},
      {[](auto& r) { r.set_rounds(0); }, "rounds must be 1 to 20 for a Swiss tournament"},
      {[](auto& r) { r.set_rounds(21); }, "rounds must be 1 to 20 for a Swiss tournament"},
      {[](auto& r) {
         r.set_format(mailrun::v1::TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS);
         r.set_group_rounds(0);
       },
       "group_rounds must be 1 to 10"},
      {[](auto& r) { r.set_registration_closes_at_unix_ms(NowMs() - 1000); },
       "registration_closes_at_unix_ms must be in the future"},
      {[](auto& r) { r.clear_name(); }, "name is required"},
      {[](auto& r) { r.mutable_options()->set_bank(static_cast<mailrun::v1::BankSize>(17)); },
       "options.bank 17 is unknown"},
  };
  for (const auto& c : cases) {
    auto request = Swiss(3, 2);
    c.change(request);
    Tournament tournament;
    const grpc::Status status = lobby_->Call(&Stub::CreateTournament, organiser.access_token(), request, &tournament);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << c.message;
    EXPECT_EQ(status.error_message().rfind(c.message, 0), 0u) << status.error_message();
  }
  EXPECT_EQ(Register(organiser, "no-such-tournament").error_code(), grpc::StatusCode::NOT_FOUND);
  auto lookout = Swiss(3, 2);
  lookout.set_edition(static_cast<mailrun::v1::Edition>(9));  // no such edition (2009 is playable, issue 18)
  Tournament refused;
  const grpc::Status unplayable = lobby_->Call(&Stub::CreateTournament, organiser.access_token(), lookout, &refused);
  EXPECT_EQ(unplayable.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << unplayable.error_message();
  EXPECT_EQ(lobby_->Snapshot(), before);

  mailrun::v1::ListTournamentsRequest list;
  list.set_status(mailrun::v1::TOURNAMENT_STATUS_REGISTRATION);
  mailrun::v1::ListTournamentsResponse listed;
  ASSERT_TRUE(lobby_->Call(&Stub::ListTournaments, organiser.access_token(), list, &listed).ok());
  for (const auto& t : listed.tournaments()) EXPECT_EQ(t.status(), mailrun::v1::TOURNAMENT_STATUS_REGISTRATION);
}

}  // namespace
}  // namespace mailrun::testing
