// A game with a handed-over seat, recorded by the lobby (services/lobby/seat_leavers.h, issue 43
// item 5): the leaver's rating counts the game as a loss even though the seat finished first, the
// substitute's counts nothing, and the table's option for abandoned seats reaches its view.
#include <gtest/gtest.h>

#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::v1::AuthResponse;
using mailrun::v1::Table;
using Stub = mailrun::v1::LobbyService::Stub;

class SeatResults : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { lobby_ = new LobbyHarness("lobby_seat_results"); }
  static void TearDownTestSuite() { delete lobby_; }

  static Table Playing(const std::vector<AuthResponse>& players, int64_t deadline, int abandon_after) {
    mailrun::v1::CreateTableRequest create;
    create.set_request_id(lobby_->NewRequestId());
    create.set_seats(static_cast<int>(players.size()));
    create.set_turn_deadline_seconds(deadline);
    if (abandon_after >= 0) create.set_abandon_after_missed_deadlines(abandon_after);
    Table table;
    EXPECT_TRUE(lobby_->Call(&Stub::CreateTable, players[0].access_token(), create, &table).ok());
    for (size_t i = 1; i < players.size(); ++i) {
      mailrun::v1::JoinTableRequest join;
      join.set_request_id(lobby_->NewRequestId());
      join.set_table_id(table.table_id());
      EXPECT_TRUE(lobby_->Call(&Stub::JoinTable, players[i].access_token(), join, &table).ok());
    }
    return table;
  }

  static mailrun::v1::Profile Profile(const AuthResponse& user) {
    mailrun::v1::Profile profile;
    EXPECT_TRUE(lobby_->Call(&Stub::GetProfile, user.access_token(), mailrun::v1::GetProfileRequest(), &profile).ok());
    return profile;
  }

  static LobbyHarness* lobby_;
};
LobbyHarness* SeatResults::lobby_ = nullptr;

TEST_F(SeatResults, TheLeaverLosesAndTheSubstituteCountsNothing) {
  const std::vector<AuthResponse> players = {lobby_->NewUser("Leaver"), lobby_->NewUser("Stay"),
                                             lobby_->NewUser("Stick")};
  const AuthResponse substitute = lobby_->NewUser("Sub");
  const Table table = Playing(players, 3600, -1);
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  // The substitute held seat 0 at the end and it finished first.
  mailrun::v1::GameFinished finished;
  finished.set_game_id(table.game_id());
  finished.set_table_id(table.table_id());
  finished.set_reason("bank broken");
  const std::vector<std::string> holders = {substitute.user_id(), players[1].user_id(), players[2].user_id()};
  for (int seat = 0; seat < 3; ++seat) {
    auto* result = finished.add_results();
    result->set_user_id(holders[seat]);
    result->set_seat(seat);
    result->set_rank(seat + 1);
    result->set_final_wealth(3000 - 1000 * seat);
  }
  auto* handover = finished.add_handovers();
  handover->set_seat(0);
  handover->set_leaver_user_id(players[0].user_id());
  handover->set_substitute_user_id(substitute.user_id());
  ASSERT_TRUE(lobby_->recorder().Record(finished).ok());

  // Three at 1500, K / (n - 1) = 16: the two who stayed are first and second, the leaver last.
  EXPECT_DOUBLE_EQ(Profile(players[0]).ratings(0).rating(), 1484);
  EXPECT_DOUBLE_EQ(Profile(players[1]).ratings(0).rating(), 1516);
  EXPECT_DOUBLE_EQ(Profile(players[2]).ratings(0).rating(), 1500);
  const auto sub = Profile(substitute);
  EXPECT_EQ(sub.ratings(0).games(), 0) << "the substitute's rating counts nothing";
  EXPECT_DOUBLE_EQ(sub.ratings(0).rating(), 1500);
  mailrun::v1::MyResults mine;
  ASSERT_TRUE(
      lobby_->Call(&Stub::GetMyResults, substitute.access_token(), mailrun::v1::GetMyResultsRequest(), &mine).ok());
  EXPECT_EQ(mine.results_size(), 0);
  ASSERT_TRUE(
      lobby_->Call(&Stub::GetMyResults, players[0].access_token(), mailrun::v1::GetMyResultsRequest(), &mine).ok());
  ASSERT_EQ(mine.results_size(), 1);
  EXPECT_EQ(mine.results(0).rank(), 3);
}

TEST_F(SeatResults, TheTableSaysAfterHowManyMissedDeadlinesASeatIsAbandoned) {
  const std::vector<AuthResponse> players = {lobby_->NewUser("Opt"), lobby_->NewUser("Opu"), lobby_->NewUser("Opv")};
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(lobby_->NewRequestId());
  create.set_seats(3);
  create.set_abandon_after_missed_deadlines(21);
  Table table;
  const grpc::Status status = lobby_->Call(&Stub::CreateTable, players[0].access_token(), create, &table);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("abandon_after_missed_deadlines"), std::string::npos) << status.error_message();
  create.clear_abandon_after_missed_deadlines();
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, players[0].access_token(), create, &table).ok());
  EXPECT_EQ(table.abandon_after_missed_deadlines(), 3) << "the default";
  create.set_request_id(lobby_->NewRequestId());
  create.set_abandon_after_missed_deadlines(0);
  ASSERT_TRUE(lobby_->Call(&Stub::CreateTable, players[1].access_token(), create, &table).ok());
  EXPECT_EQ(table.abandon_after_missed_deadlines(), 0) << "never";
}

}  // namespace
}  // namespace mailrun::testing
