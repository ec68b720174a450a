// Empty seats end to end (issue 43 item 5; docs/game-service.md "Empty seats"): a handed-over seat
// plays on to the game's end and the lobby rates it, through the whole stack (the three service
// binaries, real PostgreSQL and Redis), public API only.
//
// Four players register and open a 1947 table with a turn deadline of 3 s (the stack's lobby allows
// it: MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS; the game service counts missed deadlines every
// 500 ms) whose seats count as abandoned after one missed deadline; the seat to act first never
// moves. Once the
// game service counts it abandoned, two of the three others vote: SUBSTITUTE (the host invites a
// fifth account, which accepts and plays the seat) or BOT (the game service's bot plays it). The
// reference bot then plays every other seat through the API (tests/e2e/stack/bot_players.h) to the
// game's end (7.0). The lobby has then rated the leaver's game as a loss (last, below all three who
// stayed) and not the substitute's (no result, no rated game), and the game's log holds the seat's
// moves after the handover. Each test waits the one real deadline (a few seconds).
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <optional>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/seats.grpc.pb.h"
#include "mailrun/v1/study.grpc.pb.h"
#include "tests/e2e/stack/bot_players.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;
using SeatStub = mailrun::v1::SeatService::Stub;
using StudyStub = mailrun::v1::StudyService::Stub;

constexpr int kMaxMoves = 20000;
constexpr int64_t kShortestDeadline = 3;  // the stack's lobby's shortest turn deadline (CreateTable)

class SeatHandover : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    stack_ = new Stack("e2e_seat_handover", 1, {},
                       {{"MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS", std::to_string(kShortestDeadline)},
                        {"MAILRUN_SEAT_CHECK_MS", "500"}});
  }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
    seats_ = mailrun::v1::SeatService::NewStub(Stack::Channel(stack_->game_address()));
    records_ = mailrun::v1::StudyService::NewStub(Stack::Channel(stack_->game_address()));
  }

  // Four accounts (`prefix` + a name) at a started 1947 table; the seat to act first is the leaver's.
  void SitDown(const std::string& prefix) {
    for (const std::string name : {"Asha", "Bram", "Chen", "Dara"}) {
      accounts_.push_back(RegisterAccount(*lobby_, prefix + name, "password-of-" + prefix + name));
      ASSERT_FALSE(accounts_.back().token.empty()) << name;
    }
    table_ = SeatAndStart(*lobby_, accounts_, 4, {}, mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED,
                          {kShortestDeadline, 1});
    ASSERT_EQ(table_.status(), mailrun::v1::TABLE_STATUS_PLAYING) << stack_->LogTails();
    ASSERT_EQ(table_.abandon_after_missed_deadlines(), 1);
    for (int seat = 0; seat < 4; ++seat) {
      for (const auto& account : accounts_) {
        if (account.user_id == table_.players(seat).user_id()) by_seat_.push_back(&account);
      }
    }
    ASSERT_EQ(by_seat_.size(), 4u);
    const auto opening = GetGameAs(*game_, accounts_[0].token, table_.game_id());
    ASSERT_EQ(opening.view().active_seats_size(), 1) << "one seat bids at a time in 1947's auction";
    leaver_ = opening.view().active_seats(0);
    for (int seat = 0; seat < 4; ++seat) {
      if (seat != leaver_) others_.push_back(seat);
    }
    bots_ = BotPlayers::Sit(*game_, table_, accounts_, 43);
    ASSERT_TRUE(bots_.has_value());
  }

  mailrun::v1::GetSeatsResponse Seats(const Account& asking) {
    mailrun::v1::GetSeatsRequest request;
    request.set_game_id(table_.game_id());
    mailrun::v1::GetSeatsResponse seats;
    const grpc::Status status = CallAs(*seats_, &SeatStub::GetSeats, asking.token, request, &seats);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return seats;
  }

  // Waits (the real deadline, counted every 500 ms) until the leaver's seat is abandoned.
  void WaitAbandoned() {
    const auto until = std::chrono::steady_clock::now() + 60s;
    while (!Seats(*by_seat_[others_[0]]).seats(leaver_).abandoned()) {
      ASSERT_LT(std::chrono::steady_clock::now(), until) << "seat " << leaver_ << " never counted as abandoned\n"
                                                         << stack_->LogTails();
      std::this_thread::sleep_for(500ms);
    }
  }

  mailrun::v1::SeatStatus Vote(int voter, mailrun::v1::SeatChoice choice) {
    mailrun::v1::VoteOnSeatRequest request;
    request.set_game_id(table_.game_id());
    request.set_request_id(NewRequestId());
    request.set_seat(leaver_);
    request.set_choice(choice);
    mailrun::v1::VoteOnSeatResponse answer;
    const grpc::Status status = CallAs(*seats_, &SeatStub::VoteOnSeat, by_seat_[voter]->token, request, &answer);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return answer.seat();
  }

  // The reference bot plays the seats until the game ends; returns how many times `watched` was the
  // seat to act (a move each for a player; the service's bot may make several in a row).
  int PlayToTheEnd(int watched) {
    int moves = 0;
    int watched_moves = 0;
    for (; moves < kMaxMoves && !bots_->Finished(); ++moves) {
      const auto active = bots_->local().ActiveSeats();
      if (!active.empty() && active.front() == watched) ++watched_moves;
      if (!bots_->PlayOne()) {
        ADD_FAILURE() << "move " << moves << "\n" << stack_->LogTails();
        return watched_moves;
      }
    }
    EXPECT_TRUE(bots_->Finished()) << "the game did not end within " << kMaxMoves << " moves";
    const auto final_state = GetGameAs(*game_, by_seat_[others_[0]]->token, table_.game_id());
    EXPECT_EQ(final_state.status(), mailrun::v1::GAME_STATUS_FINISHED);
    std::cout << "[ played    ] " << moves << " moves to the end (" << final_state.view().end_reason() << "), "
              << watched_moves << " by the handed-over seat\n";
    return watched_moves;
  }

  // The log entries of `seat` after `version`, as a player reads the game's history.
  int LoggedMovesOf(int seat, int64_t after_version) {
    int found = 0;
    mailrun::v1::GetHistoryRequest request;
    request.set_game_id(table_.game_id());
    request.set_page_size(500);
    request.set_after_seq(after_version);
    for (;;) {
      mailrun::v1::GetHistoryResponse page;
      const grpc::Status status =
          CallAs(*game_, &GameStub::GetHistory, by_seat_[others_[0]]->token, request, &page);
      EXPECT_TRUE(status.ok()) << Describe(status);
      if (!status.ok()) return -1;
      for (const auto& entry : page.entries()) found += entry.seat() == seat && !entry.undone();
      if (page.next_after_seq() == 0) return found;
      request.set_after_seq(page.next_after_seq());
    }
  }

  mailrun::v1::MyResults Results(const Account& player) {
    mailrun::v1::MyResults results;
    EXPECT_TRUE(CallAs(*lobby_, &LobbyStub::GetMyResults, player.token, mailrun::v1::GetMyResultsRequest(), &results).ok());
    return results;
  }

  // Waits until the lobby has recorded the game (the leaver's result is there); then checks that
  // the leaver lost: ranked last, below the three who stayed, with a lower rating than before.
  void ExpectTheLeaverLost() {
    const Account& leaver = *by_seat_[leaver_];
    mailrun::v1::MyResults results = Results(leaver);
    for (int i = 0; i < 150 && results.results_size() == 0; ++i) {
      std::this_thread::sleep_for(200ms);
      results = Results(leaver);
    }
    ASSERT_EQ(results.results_size(), 1) << "the lobby recorded the game under the leaver\n" << stack_->LogTails();
    const auto& lost = results.results(0);
    EXPECT_EQ(lost.game_id(), table_.game_id());
    EXPECT_EQ(lost.seat(), leaver_);
    EXPECT_EQ(lost.rank(), 4) << "a loss against each of the three who stayed";
    EXPECT_LT(lost.rating_after(), lost.rating_before());
    EXPECT_LT(lost.title_rating_after(), lost.title_rating_before());
    for (const int seat : others_) {
      const auto stayed = Results(*by_seat_[seat]);
      ASSERT_EQ(stayed.results_size(), 1) << by_seat_[seat]->name;
      EXPECT_LE(stayed.results(0).rank(), 3) << by_seat_[seat]->name << " stayed and ranks above the leaver";
    }
  }

  static Stack* stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
  std::unique_ptr<SeatStub> seats_;
  std::unique_ptr<StudyStub> records_;
  std::vector<Account> accounts_;
  mailrun::v1::Table table_;
  std::vector<const Account*> by_seat_;
  int leaver_ = -1;
  std::vector<int> others_;
  std::optional<BotPlayers> bots_;
};
Stack* SeatHandover::stack_ = nullptr;

TEST_F(SeatHandover, ASubstituteTakesTheAbandonedSeatAndPlaysItToTheEndTheLeaverLosesTheSubstituteIsNotRated) {
  accounts_.reserve(5);  // by_seat_ and the bots point into it
  ASSERT_NO_FATAL_FAILURE(SitDown("Sub"));
  const Account substitute = RegisterAccount(*lobby_, "SubSitter", "password-of-SubSitter");
  ASSERT_NO_FATAL_FAILURE(WaitAbandoned());

  EXPECT_EQ(Vote(others_[0], mailrun::v1::SEAT_CHOICE_SUBSTITUTE).handover(), mailrun::v1::SEAT_HANDOVER_STATE_VOTING);
  const auto decided = Vote(others_[1], mailrun::v1::SEAT_CHOICE_SUBSTITUTE);
  ASSERT_EQ(decided.handover(), mailrun::v1::SEAT_HANDOVER_STATE_AWAITING_INVITATION);

  // The host (who opened the table) invites, or another player when the host is the leaver.
  const int host = table_.players(0).user_id() == accounts_[0].user_id ? 0 : -1;
  ASSERT_EQ(host, 0) << "the host sits first";
  const Account& inviter = *by_seat_[leaver_ == host ? others_[0] : host];
  ASSERT_TRUE(Seats(inviter).you_invite());
  mailrun::v1::InviteSubstituteRequest invite;
  invite.set_game_id(table_.game_id());
  invite.set_seat(leaver_);
  invite.set_user_id(substitute.user_id);
  mailrun::v1::InviteSubstituteResponse invited;
  grpc::Status status = CallAs(*seats_, &SeatStub::InviteSubstitute, inviter.token, invite, &invited);
  ASSERT_TRUE(status.ok()) << Describe(status);
  mailrun::v1::ListSeatInvitationsResponse offers;
  ASSERT_TRUE(CallAs(*seats_, &SeatStub::ListSeatInvitations, substitute.token,
                     mailrun::v1::ListSeatInvitationsRequest(), &offers)
                  .ok());
  ASSERT_EQ(offers.invitations_size(), 1);
  mailrun::v1::AcceptSeatRequest accept;
  accept.set_game_id(table_.game_id());
  accept.set_seat(offers.invitations(0).seat());
  accept.set_request_id(NewRequestId());
  mailrun::v1::AcceptSeatResponse accepted;
  status = CallAs(*seats_, &SeatStub::AcceptSeat, substitute.token, accept, &accepted);
  ASSERT_TRUE(status.ok()) << Describe(status);
  ASSERT_EQ(accepted.seat().handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  const auto taken = GetGameAs(*game_, substitute.token, table_.game_id());
  ASSERT_EQ(taken.your_seat(), leaver_);
  EXPECT_EQ(taken.version(), 0) << "the seat is taken where the leaver left it";

  bots_->Seat(leaver_, substitute);
  const int substitute_moves = PlayToTheEnd(leaver_);
  ASSERT_TRUE(bots_->Finished());
  EXPECT_GT(substitute_moves, 0);
  EXPECT_EQ(LoggedMovesOf(leaver_, taken.version()), substitute_moves) << "the substitute's moves are in the log";

  ASSERT_NO_FATAL_FAILURE(ExpectTheLeaverLost());
  EXPECT_EQ(Results(substitute).results_size(), 0) << "the substitute's results do not list the game";
  mailrun::v1::Profile profile;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::GetProfile, substitute.token, mailrun::v1::GetProfileRequest(), &profile).ok());
  for (const auto& rating : profile.ratings()) {
    EXPECT_EQ(rating.games(), 0) << "the substitute's rating counts nothing";
    EXPECT_DOUBLE_EQ(rating.rating(), 1500);
  }
}

TEST_F(SeatHandover, AVoteHandsTheAbandonedSeatToTheBotWhichFinishesTheGameTheLeaverLoses) {
  accounts_.reserve(4);
  ASSERT_NO_FATAL_FAILURE(SitDown("Bot"));
  ASSERT_NO_FATAL_FAILURE(WaitAbandoned());
  EXPECT_EQ(Vote(others_[0], mailrun::v1::SEAT_CHOICE_BOT).handover(), mailrun::v1::SEAT_HANDOVER_STATE_VOTING);
  const auto decided = Vote(others_[2], mailrun::v1::SEAT_CHOICE_BOT);
  ASSERT_EQ(decided.handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  ASSERT_EQ(decided.decided(), mailrun::v1::SEAT_CHOICE_BOT);
  EXPECT_EQ(GetGameAs(*game_, by_seat_[leaver_]->token, table_.game_id()).your_seat(), -1)
      << "the leaver is a spectator now";

  bots_->LeaveToTheServicesBot(leaver_, *records_);
  const int bot_moves = PlayToTheEnd(leaver_);
  ASSERT_TRUE(bots_->Finished());
  EXPECT_GT(bot_moves, 0);
  EXPECT_GE(LoggedMovesOf(leaver_, 0), bot_moves) << "the seat's moves, every one the service bot's, are in the log";

  ASSERT_NO_FATAL_FAILURE(ExpectTheLeaverLost());
  mailrun::v1::GetLeaderboardRequest ladder;
  ladder.set_title(mailrun::v1::TITLE_1947);
  mailrun::v1::Leaderboard board;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::GetLeaderboard, accounts_[0].token, ladder, &board).ok());
  int ours = 0;  // the ladder also lists the players of the suite's other games
  for (const auto& entry : board.entries()) {
    EXPECT_EQ(entry.player().user_id().find("seatbot:"), std::string::npos) << "the bot is not rated";
    for (const Account* player : by_seat_) {
      if (player->user_id == entry.player().user_id()) {
        ++ours;
        EXPECT_EQ(entry.games(), 1);
      }
    }
  }
  EXPECT_EQ(ours, 4) << "the leaver and the three who stayed";
}

}  // namespace
}  // namespace mailrun::e2e
