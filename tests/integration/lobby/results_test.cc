// Recording finished games with chosen results: the result recorder (what the lobby's events
// subscription calls, here in-process against the same database the running lobby uses) for the
// lobby's games in the real game service; ratings, my results and leaderboards from recorded
// results. Games that really end in the game service: finished_games_test.cc.
#include <gtest/gtest.h>

#include <map>

#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {
namespace {

using mailrun::lobby::ResultRecorder;
using mailrun::v1::AuthResponse;
using mailrun::v1::Table;
using Stub = mailrun::v1::LobbyService::Stub;

class Results : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    lobby_ = new LobbyHarness("lobby_results");
    recorder_ = &lobby_->recorder();
  }
  static void TearDownTestSuite() { delete lobby_; }

  // A started table of `players`; returns it (status PLAYING, with its game id).
  static Table Playing(const std::vector<AuthResponse>& players) {
    mailrun::v1::CreateTableRequest create;
    create.set_request_id(lobby_->NewRequestId());
    create.set_seats(static_cast<int>(players.size()));
    Table table;
    EXPECT_TRUE(lobby_->Call(&Stub::CreateTable, players[0].access_token(), create, &table).ok());
    for (size_t i = 1; i < players.size(); ++i) {
      mailrun::v1::JoinTableRequest join;
      join.set_request_id(lobby_->NewRequestId());
      join.set_table_id(table.table_id());
      EXPECT_TRUE(lobby_->Call(&Stub::JoinTable, players[i].access_token(), join, &table).ok());
    }
    EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
    return table;
  }

  // GameFinished for `table` with (rank, wealth) per player in seat order.
  static mailrun::v1::GameFinished Finished(const Table& table, const std::vector<std::pair<int, int64_t>>& outcome) {
    mailrun::v1::GameFinished finished;
    finished.set_game_id(table.game_id());
    finished.set_table_id(table.table_id());
    finished.set_reason("bank broken");
    for (int seat = 0; seat < table.players_size(); ++seat) {
      auto* result = finished.add_results();
      result->set_user_id(table.players(seat).user_id());
      result->set_display_name(table.players(seat).display_name());
      result->set_seat(seat);
      result->set_rank(outcome[seat].first);
      result->set_final_wealth(outcome[seat].second);
    }
    return finished;
  }

  static std::string Payload(const mailrun::v1::GameFinished& finished) {
    mailrun::v1::Event event;
    event.set_event_id("game-finished-" + finished.game_id());
    for (const auto& result : finished.results()) event.add_user_ids(result.user_id());
    *event.mutable_game_finished() = finished;
    return event.SerializeAsString();
  }

  static mailrun::v1::Profile Profile(const AuthResponse& user) {
    mailrun::v1::Profile profile;
    EXPECT_TRUE(lobby_->Call(&Stub::GetProfile, user.access_token(), mailrun::v1::GetProfileRequest(), &profile).ok());
    return profile;
  }

  static LobbyHarness* lobby_;
  static ResultRecorder* recorder_;
};

LobbyHarness* Results::lobby_ = nullptr;
ResultRecorder* Results::recorder_ = nullptr;

TEST_F(Results, AGameFinishedEventIsRecordedOnceWithRatings) {
  const std::vector<AuthResponse> players = {lobby_->NewUser("Win"), lobby_->NewUser("Mid"), lobby_->NewUser("Low")};
  const Table table = Playing(players);
  const auto finished = Finished(table, {{1, 3000}, {2, 2000}, {3, 1000}});
  ASSERT_TRUE(recorder_->HandleEventPayload(Payload(finished)).ok());
  const auto after_first = lobby_->Snapshot();
  ResultRecorder::Outcome outcome;
  ASSERT_TRUE(recorder_->Record(finished, &outcome).ok());
  EXPECT_EQ(outcome, ResultRecorder::Outcome::kAlreadyRecorded);
  ASSERT_TRUE(recorder_->HandleEventPayload(Payload(finished)).ok());
  EXPECT_EQ(lobby_->Snapshot(), after_first) << "a repeated event changes nothing";

  // Three players at 1500: every expected score is 0.5; K / (n - 1) = 16.
  // Winner: (1 - 0.5) + (1 - 0.5) = 1 -> +16; second: -0.5 + 0.5 = 0 -> 0; last: -1 -> -16.
  const std::vector<double> expected = {1516, 1500, 1484};
  for (size_t i = 0; i < players.size(); ++i) {
    const auto profile = Profile(players[i]);
    ASSERT_EQ(profile.ratings_size(), 3) << "overall, 1853, 1853 Retuned";
    EXPECT_DOUBLE_EQ(profile.ratings(0).rating(), expected[i]);
    EXPECT_EQ(profile.ratings(0).games(), 1);
    EXPECT_EQ(profile.ratings(0).title(), mailrun::v1::TITLE_UNSPECIFIED);
    EXPECT_EQ(profile.ratings(1).title(), mailrun::v1::TITLE_1853);
    EXPECT_EQ(profile.ratings(1).edition(), mailrun::v1::EDITION_UNSPECIFIED);
    EXPECT_DOUBLE_EQ(profile.ratings(1).rating(), expected[i]);
    EXPECT_EQ(profile.ratings(2).title(), mailrun::v1::TITLE_1853);
    EXPECT_EQ(profile.ratings(2).edition(), mailrun::v1::EDITION_RETUNED);
    EXPECT_DOUBLE_EQ(profile.ratings(2).rating(), expected[i]);
  }

  mailrun::v1::MyResults mine;
  ASSERT_TRUE(lobby_->Call(&Stub::GetMyResults, players[0].access_token(), mailrun::v1::GetMyResultsRequest(), &mine)
                  .ok());
  ASSERT_EQ(mine.results_size(), 1);
  EXPECT_EQ(mine.results(0).game_id(), table.game_id());
  EXPECT_EQ(mine.results(0).rank(), 1);
  EXPECT_EQ(mine.results(0).players(), 3);
  EXPECT_EQ(mine.results(0).final_wealth(), 3000);
  EXPECT_DOUBLE_EQ(mine.results(0).rating_before(), 1500);
  EXPECT_DOUBLE_EQ(mine.results(0).rating_after(), 1516);
  EXPECT_EQ(mine.results(0).title(), mailrun::v1::TITLE_1853);
  EXPECT_DOUBLE_EQ(mine.results(0).title_rating_before(), 1500);
  EXPECT_DOUBLE_EQ(mine.results(0).title_rating_after(), 1516);

  mailrun::v1::GetTableRequest get;
  get.set_table_id(table.table_id());
  Table now;
  ASSERT_TRUE(lobby_->Call(&Stub::GetTable, players[1].access_token(), get, &now).ok());
  EXPECT_EQ(now.status(), mailrun::v1::TABLE_STATUS_FINISHED);
}

TEST_F(Results, ResultsThatDoNotMatchTheTableAreRefused) {
  const std::vector<AuthResponse> players = {lobby_->NewUser("Tab"), lobby_->NewUser("Tac"), lobby_->NewUser("Tad")};
  const Table table = Playing(players);
  auto stranger = Finished(table, {{1, 10}, {2, 5}, {3, 1}});
  stranger.mutable_results(2)->set_user_id(lobby_->NewUser("Gatecrasher").user_id());
  const auto with_stranger = lobby_->Snapshot();
  grpc::Status status = recorder_->Record(stranger);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  auto missing = Finished(table, {{1, 10}, {2, 5}, {3, 1}});
  missing.mutable_results()->RemoveLast();
  EXPECT_EQ(recorder_->Record(missing).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  auto bad_rank = Finished(table, {{1, 10}, {0, 5}, {3, 1}});
  EXPECT_EQ(recorder_->Record(bad_rank).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(lobby_->Snapshot(), with_stranger);
}

TEST_F(Results, UnknownGamesAndOtherEventsAreSkipped) {
  const auto before = lobby_->Snapshot();
  mailrun::v1::GameFinished unknown;
  unknown.set_game_id("game-from-elsewhere");
  ResultRecorder::Outcome outcome;
  ASSERT_TRUE(recorder_->Record(unknown, &outcome).ok());
  EXPECT_EQ(outcome, ResultRecorder::Outcome::kUnknownGame);
  mailrun::v1::Event your_turn;
  your_turn.set_event_id("turn-1");
  your_turn.mutable_your_turn()->set_game_id("game-1");
  EXPECT_TRUE(recorder_->HandleEventPayload(your_turn.SerializeAsString()).ok());
  EXPECT_EQ(recorder_->HandleEventPayload("\xff\xff not protobuf").error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(lobby_->Snapshot(), before);
}

TEST_F(Results, LeaderboardsOverallAndPerEditionArePaged) {
  const std::vector<AuthResponse> first = {lobby_->NewUser("Lb"), lobby_->NewUser("Lc"), lobby_->NewUser("Ld")};
  const std::vector<AuthResponse> second = {lobby_->NewUser("Le"), lobby_->NewUser("Lf"), lobby_->NewUser("Lg")};
  ASSERT_TRUE(recorder_->Record(Finished(Playing(first), {{1, 900}, {2, 800}, {3, 700}})).ok());
  ASSERT_TRUE(recorder_->Record(Finished(Playing(second), {{3, 10}, {1, 30}, {2, 20}})).ok());
  // Only 1853 Retuned can be played today; a 2009 rating stands in for the day it can, so that
  // the edition boards are seen to be separate.
  {
    pqxx::work txn(lobby_->db());
    txn.exec_params("INSERT INTO ratings (user_id, title, edition, rating, games) VALUES ($1, 1, $2, 1530, 1)",
                    second[0].user_id(), static_cast<int>(mailrun::v1::EDITION_LOOKOUT_2009));
    // And a 1947 rating for the day 1947 can be played: the title ladders are separate too.
    txn.exec_params("INSERT INTO ratings (user_id, title, edition, rating, games) VALUES ($1, 2, 0, 1470, 1)",
                    first[2].user_id());
    txn.commit();
  }

  mailrun::v1::GetLeaderboardRequest request;
  request.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);  // an edition alone is 1853's
  mailrun::v1::Leaderboard board;
  ASSERT_TRUE(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).ok());
  ASSERT_EQ(board.entries_size(), 1);
  EXPECT_EQ(board.entries(0).player().user_id(), second[0].user_id());
  EXPECT_DOUBLE_EQ(board.entries(0).rating(), 1530);
  EXPECT_EQ(board.entries(0).position(), 1);
  EXPECT_TRUE(board.page().next_page_token().empty());
  EXPECT_EQ(board.title(), mailrun::v1::TITLE_1853);

  request.set_title(mailrun::v1::TITLE_1947);
  request.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
  ASSERT_TRUE(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).ok());
  ASSERT_EQ(board.entries_size(), 1);
  EXPECT_EQ(board.entries(0).player().user_id(), first[2].user_id());
  EXPECT_DOUBLE_EQ(board.entries(0).rating(), 1470);

  // The 1853 ladder (every edition) has the games of 1853, which were every game until now: the
  // same ratings as overall, and not the 1947 one.
  request.set_title(mailrun::v1::TITLE_1853);
  request.mutable_page()->set_page_size(100);
  ASSERT_TRUE(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).ok());
  EXPECT_EQ(board.entries_size(), lobby_->Count("SELECT count(*) FROM ratings WHERE title = 1 AND edition = 0"));
  std::map<std::string, double> title_rating;
  for (const auto& entry : board.entries()) title_rating[entry.player().user_id()] = entry.rating();
  EXPECT_DOUBLE_EQ(title_rating.at(second[0].user_id()), 1484);
  EXPECT_DOUBLE_EQ(title_rating.at(first[2].user_id()), 1484);  // last of three in 1853
  request.clear_title();
  request.clear_page();

  // The Retuned board has everyone rated in Retuned, with their Retuned ratings: the second
  // game's loser is 1484 there (and overall), not 1530.
  request.set_edition(mailrun::v1::EDITION_RETUNED);
  request.mutable_page()->set_page_size(100);
  ASSERT_TRUE(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).ok());
  EXPECT_EQ(board.entries_size(), lobby_->Count("SELECT count(*) FROM ratings WHERE title = 1 AND edition = 1"));
  std::map<std::string, double> retuned_rating;
  for (const auto& entry : board.entries()) retuned_rating[entry.player().user_id()] = entry.rating();
  EXPECT_DOUBLE_EQ(retuned_rating.at(first[0].user_id()), 1516);
  EXPECT_DOUBLE_EQ(retuned_rating.at(second[1].user_id()), 1516);
  EXPECT_DOUBLE_EQ(retuned_rating.at(second[0].user_id()), 1484);
  request.clear_page();

  // Overall: everyone rated in this suite, highest first, three per page; positions continue.
  request.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
  request.mutable_page()->set_page_size(3);
  std::vector<double> ratings;
  std::vector<int> positions;
  while (true) {
    board.Clear();
    ASSERT_TRUE(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).ok());
    for (const auto& entry : board.entries()) {
      ratings.push_back(entry.rating());
      positions.push_back(entry.position());
    }
    if (board.page().next_page_token().empty()) break;
    request.mutable_page()->set_page_token(board.page().next_page_token());
  }
  EXPECT_EQ(static_cast<int64_t>(ratings.size()),
            lobby_->Count("SELECT count(*) FROM ratings WHERE title = 0 AND edition = 0"));
  EXPECT_TRUE(std::is_sorted(ratings.rbegin(), ratings.rend()));
  EXPECT_EQ(positions.front(), 1);
  for (size_t i = 1; i < positions.size(); ++i) {
    EXPECT_EQ(positions[i], ratings[i] == ratings[i - 1] ? positions[i - 1] : static_cast<int>(i) + 1);
  }
  request.mutable_page()->set_page_token("p1.x");
  EXPECT_EQ(lobby_->Call(&Stub::GetLeaderboard, first[0].access_token(), request, &board).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace mailrun::testing
