// Empty seats against the real mailrun-game and PostgreSQL (proto/mailrun/v1/seats.proto, issue 43
// item 5): the seat to act in a 1947 auction misses its 1-second deadlines until it counts as
// abandoned; the other players' majority hands it to a substitute the host invites (who is told
// through the outbox, accepts and moves, while the leaver can no longer move) or to the bot (which
// then moves for it); the refusals; a tournament game's director decides alone; a game-service
// restart in the middle of a vote neither loses nor doubles a vote; in 1853's bond stage (several
// seats act at once) another seat's moves do not restart the clock of a seat missing its deadline;
// each vote, invitation and acceptance reaches the WatchGame streams opened with with_seats at once.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "mailrun/v1/seats.grpc.pb.h"
#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using namespace std::chrono_literals;
using SeatStub = mailrun::v1::SeatService::Stub;
using mailrun::v1::SeatChoice;

constexpr int kAbandonAfter = 2;

class EmptySeats : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    harness_ = new GameHarness("game_service_empty_seats", GameHarness::Options{{"--seat-check-ms", "100"}, ""});
  }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override { Connect(); }
  void Connect() {
    stub_ = mailrun::v1::SeatService::NewStub(grpc::CreateChannel(harness_->address(), grpc::InsecureChannelCredentials()));
  }

  // A 1947 game of four (one seat acts at a time in its auction; or of 1853, whose four seats all
  // commit their bonds at once, 2.5.2.2) with a 1-second turn deadline; player 1 hosts; `director`
  // decides in a tournament game. The leaver is the (first) seat to act.
  std::string NewGame(const std::string& prefix, const std::string& director = "",
                      mailrun::v1::Title title = mailrun::v1::TITLE_1947) {
    auto config = PlayersConfig(prefix, 4, 7);
    config.set_title(title);
    if (title == mailrun::v1::TITLE_1947) config.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
    users_.clear();
    tokens_.clear();
    others_.clear();
    for (const auto& player : config.players()) {
      users_.push_back(player.user_id());
      tokens_.push_back(GameHarness::AccessToken(player.user_id()));
    }
    mailrun::v1::CreateGameRequest request;
    request.set_request_id(NewRequestId());
    *request.mutable_config() = config;
    request.set_table_id("table-" + prefix);
    request.set_turn_deadline_seconds(1);
    request.set_host_user_id(users_[1]);
    if (!director.empty()) request.set_tournament_id("tour-" + prefix);
    request.mutable_empty_seats()->set_abandon_after_missed_deadlines(kAbandonAfter);
    request.mutable_empty_seats()->set_director_user_id(director);
    mailrun::v1::CreateGameResponse response;
    const grpc::Status status = harness_->Call(&GameStub::CreateGame, GameHarness::ServiceToken(), request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    const auto game = GetGame(harness_->stub(), tokens_[0], response.game_id());
    EXPECT_EQ(game.view().active_seats_size(), title == mailrun::v1::TITLE_1947 ? 1 : 4);
    leaver_ = game.view().active_seats(0);
    for (int seat = 0; seat < 4; ++seat) {
      if (seat != leaver_) others_.push_back(seat);
    }
    return response.game_id();
  }

  template <typename Request, typename Response>
  grpc::Status Call(grpc::Status (SeatStub::*method)(grpc::ClientContext*, const Request&, Response*),
                    const std::string& token, const Request& request, Response* response) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + 30s);
    context.set_wait_for_ready(true);
    return (stub_.get()->*method)(&context, request, response);
  }
  mailrun::v1::GetSeatsResponse Seats(const std::string& game_id, const std::string& token) {
    mailrun::v1::GetSeatsRequest request;
    request.set_game_id(game_id);
    mailrun::v1::GetSeatsResponse response;
    const grpc::Status status = Call(&SeatStub::GetSeats, token, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response;
  }
  grpc::Status Vote(const std::string& game_id, const std::string& token, int seat, SeatChoice choice,
                    const std::string& request_id, mailrun::v1::SeatStatus* out = nullptr) {
    mailrun::v1::VoteOnSeatRequest request;
    request.set_game_id(game_id);
    request.set_request_id(request_id);
    request.set_seat(seat);
    request.set_choice(choice);
    mailrun::v1::VoteOnSeatResponse response;
    const grpc::Status status = Call(&SeatStub::VoteOnSeat, token, request, &response);
    if (out) *out = response.seat();
    return status;
  }
  // Waits until the leaver's seat counts as abandoned (two missed 1-second deadlines).
  void WaitAbandoned(const std::string& game_id) {
    for (int i = 0; i < 150; ++i) {
      if (Seats(game_id, tokens_[others_[0]]).seats(leaver_).abandoned()) return;
      std::this_thread::sleep_for(100ms);
    }
    FAIL() << "seat " << leaver_ << " never counted as abandoned";
  }
  int64_t VoteRows(const std::string& game_id) {
    return harness_->Count("SELECT count(*) FROM game_seat_votes WHERE game_id = '" + game_id + "'");
  }
  // A legal move of the seat `token` holds (a pass where there is one, else the lowest bid or bond).
  grpc::Status MoveAs(const std::string& game_id, const std::string& token, int64_t* version_after) {
    mailrun::v1::ListLegalActionsRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    EXPECT_TRUE(harness_->Call(&GameStub::ListLegalActions, token, request, &legal).ok());
    if (legal.actions().empty()) return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, "no legal action");
    mailrun::v1::Action action = legal.actions(0).action();
    for (const auto& option : legal.actions()) {
      if (option.action().has_pass_private_1947()) action = option.action();
    }
    if (action.has_bid_private_1947()) {
      action.mutable_bid_private_1947()->set_amount(static_cast<int32_t>(legal.actions(0).min_amount()));
    }
    if (action.has_commit_bond()) {
      action.mutable_commit_bond()->set_amount(static_cast<int32_t>(legal.actions(0).min_amount()));
    }
    mailrun::v1::SubmitActionResponse answer;
    const grpc::Status status = Submit(harness_->stub(), token, game_id, legal.version(), action, NewRequestId(), &answer);
    if (version_after) *version_after = answer.version();
    return status;
  }

  static GameHarness* harness_;
  std::unique_ptr<SeatStub> stub_;
  std::vector<std::string> users_;
  std::vector<std::string> tokens_;
  int leaver_ = -1;
  std::vector<int> others_;
};
GameHarness* EmptySeats::harness_ = nullptr;

TEST_F(EmptySeats, AVoteSeatsASubstituteWhoThenMovesAndTheLeaverCannot) {
  const std::string game_id = NewGame("subst");
  const int a = others_[0], b = others_[1], c = others_[2];
  // Refusals while nothing is abandoned yet: another seat has missed nothing (it is not to act).
  grpc::Status status = Vote(game_id, tokens_[a], b, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(status);
  EXPECT_NE(status.error_message().find("not abandoned"), std::string::npos) << status.error_message();
  const auto refusal = mailrun::service::RefusalOf(status);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->rule, "mailrun.seats");

  WaitAbandoned(game_id);
  const auto seats = Seats(game_id, tokens_[a]);
  EXPECT_GE(seats.seats(leaver_).missed_deadlines(), kAbandonAfter);
  EXPECT_EQ(seats.votes_needed(), 2) << "a majority of the three others";
  EXPECT_EQ(seats.seats(a).missed_deadlines(), 0) << "only the seat to act misses deadlines";

  // More refusals, each changing nothing.
  EXPECT_EQ(Vote(game_id, tokens_[leaver_], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId()).error_code(),
            grpc::StatusCode::PERMISSION_DENIED)
      << "not on one's own seat";
  EXPECT_EQ(Vote(game_id, GameHarness::AccessToken("stranger"), leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId())
                .error_code(),
            grpc::StatusCode::PERMISSION_DENIED)
      << "not a player";
  EXPECT_EQ(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_UNSPECIFIED, NewRequestId()).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Vote(game_id, tokens_[a], 4, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId()).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT)
      << "a four-player game has no seat 4";
  EXPECT_EQ(VoteRows(game_id), 0);

  mailrun::v1::SeatStatus after;
  const std::string first_vote = NewRequestId();
  ASSERT_TRUE(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, first_vote, &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_VOTING);
  ASSERT_EQ(after.votes_size(), 1);
  EXPECT_EQ(after.votes(0).voter_seat(), a);
  // The same vote again (a retry, or a new call) counts once; another choice is refused.
  EXPECT_TRUE(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, first_vote).ok());
  EXPECT_TRUE(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, NewRequestId()).ok());
  status = Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(status);
  EXPECT_EQ(Vote(game_id, tokens_[b], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, first_vote).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT)
      << "another player's request id";
  EXPECT_EQ(VoteRows(game_id), 1);

  ASSERT_TRUE(Vote(game_id, tokens_[b], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, NewRequestId(), &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_AWAITING_INVITATION);
  EXPECT_EQ(after.decided(), mailrun::v1::SEAT_CHOICE_SUBSTITUTE);
  EXPECT_EQ(Vote(game_id, tokens_[c], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId()).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION)
      << "decided already";

  // The host (player 1) invites; nobody else may (unless the host is the leaver).
  const std::string substitute = "subst-sub";
  const std::string sub_token = GameHarness::AccessToken(substitute);
  mailrun::v1::InviteSubstituteRequest invite;
  invite.set_game_id(game_id);
  invite.set_seat(leaver_);
  invite.set_user_id(substitute);
  mailrun::v1::InviteSubstituteResponse invited;
  const int host = 1;
  const int not_host = host == a ? b : a;
  if (leaver_ != host) {
    EXPECT_EQ(Call(&SeatStub::InviteSubstitute, tokens_[not_host], invite, &invited).error_code(),
              grpc::StatusCode::PERMISSION_DENIED);
  }
  mailrun::v1::AcceptSeatRequest accept;
  accept.set_game_id(game_id);
  accept.set_seat(leaver_);
  accept.set_request_id(NewRequestId());
  mailrun::v1::AcceptSeatResponse accepted;
  EXPECT_EQ(Call(&SeatStub::AcceptSeat, sub_token, accept, &accepted).error_code(), grpc::StatusCode::PERMISSION_DENIED)
      << "not invited yet";
  const std::string& inviter = tokens_[leaver_ == host ? a : host];
  EXPECT_TRUE(Seats(game_id, inviter).you_invite());
  EXPECT_FALSE(Seats(game_id, tokens_[leaver_ == host ? host : not_host]).you_invite());
  status = Call(&SeatStub::InviteSubstitute, inviter, invite, &invited);
  ASSERT_TRUE(status.ok()) << Describe(status);
  EXPECT_EQ(invited.seat().handover(), mailrun::v1::SEAT_HANDOVER_STATE_INVITED);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM outbox WHERE event_id LIKE 'game:" + game_id + ":seat:%:invite:" +
                            substitute + "'"),
            1)
      << "the substitute is told through the outbox";
  mailrun::v1::ListSeatInvitationsResponse invitations;
  ASSERT_TRUE(Call(&SeatStub::ListSeatInvitations, sub_token, mailrun::v1::ListSeatInvitationsRequest(), &invitations).ok());
  ASSERT_EQ(invitations.invitations_size(), 1);
  EXPECT_EQ(invitations.invitations(0).game_id(), game_id);
  EXPECT_EQ(invitations.invitations(0).seat(), leaver_);
  EXPECT_EQ(Call(&SeatStub::AcceptSeat, GameHarness::AccessToken("someone-else"), accept, &accepted).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  status = Call(&SeatStub::AcceptSeat, sub_token, accept, &accepted);
  ASSERT_TRUE(status.ok()) << Describe(status);
  EXPECT_EQ(accepted.seat().handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  EXPECT_EQ(accepted.seat().display_name(), substitute);
  EXPECT_EQ(accepted.seat().missed_deadlines(), 0) << "the substitute starts with no missed deadline";
  EXPECT_TRUE(Call(&SeatStub::AcceptSeat, sub_token, accept, &accepted).ok()) << "a retry gets the same answer";

  // The leaver lost the seat; the substitute plays it, with the seat's holdings, where the game stood.
  const auto as_sub = GetGame(harness_->stub(), sub_token, game_id);
  EXPECT_EQ(as_sub.your_seat(), leaver_);
  int64_t version = 0;
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[leaver_], game_id).your_seat(), -1) << "the leaver is a spectator now";
  mailrun::v1::SubmitActionResponse refused;
  mailrun::v1::Action pass;
  pass.mutable_pass_private_1947();
  EXPECT_EQ(Submit(harness_->stub(), tokens_[leaver_], game_id, as_sub.version(), pass, NewRequestId(), &refused)
                .error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  status = MoveAs(game_id, sub_token, &version);
  ASSERT_TRUE(status.ok()) << Describe(status);
  EXPECT_EQ(version, as_sub.version() + 1);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND user_id = '" +
                            substitute + "' AND seat = " + std::to_string(leaver_)),
            1);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_seat_handovers WHERE game_id = '" + game_id +
                            "' AND state = 'done' AND substitute_user_id = '" + substitute + "'"),
            1);
}

TEST_F(EmptySeats, AVoteForTheBotHandsItTheSeatAndItMoves) {
  const std::string game_id = NewGame("botv");
  WaitAbandoned(game_id);
  const int64_t version = GetGame(harness_->stub(), tokens_[others_[0]], game_id).version();
  mailrun::v1::SeatStatus after;
  ASSERT_TRUE(Vote(game_id, tokens_[others_[0]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId(), &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_VOTING);
  ASSERT_TRUE(Vote(game_id, tokens_[others_[2]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId(), &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  EXPECT_EQ(after.decided(), mailrun::v1::SEAT_CHOICE_BOT);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_players WHERE game_id = '" + game_id + "' AND seat = " +
                            std::to_string(leaver_) + " AND played_by_bot AND user_id LIKE 'seatbot:%'"),
            1);
  // The bot plays the seat's turn (the deleted players' worker, every second).
  auto game = GetGame(harness_->stub(), tokens_[others_[0]], game_id);
  for (int i = 0; i < 100 && game.version() == version; ++i) {
    std::this_thread::sleep_for(100ms);
    game = GetGame(harness_->stub(), tokens_[others_[0]], game_id);
  }
  EXPECT_GT(game.version(), version);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND seat = " +
                            std::to_string(leaver_) + " AND request_id LIKE 'service:bot:%'"),
            1);
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[leaver_], game_id).your_seat(), -1) << "the leaver is a spectator";
}

TEST_F(EmptySeats, InATournamentGameTheDirectorDecidesAlone) {
  const std::string director = "dir-tour";
  const std::string game_id = NewGame("tour", director);
  WaitAbandoned(game_id);
  const auto seats = Seats(game_id, GameHarness::AccessToken(director));
  EXPECT_TRUE(seats.director_decides());
  EXPECT_EQ(seats.your_seat(), -1);
  const grpc::Status status = Vote(game_id, tokens_[others_[0]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId());
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(status);
  EXPECT_NE(status.error_message().find("director"), std::string::npos) << status.error_message();
  mailrun::v1::SeatStatus after;
  ASSERT_TRUE(Vote(game_id, GameHarness::AccessToken(director), leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE,
                   NewRequestId(), &after)
                  .ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_AWAITING_INVITATION) << "one decision is enough";
  ASSERT_EQ(after.votes_size(), 1);
  EXPECT_EQ(after.votes(0).voter_seat(), -1);
  // The director invites; the table's host may not.
  mailrun::v1::InviteSubstituteRequest invite;
  invite.set_game_id(game_id);
  invite.set_seat(leaver_);
  invite.set_user_id("tour-sub");
  mailrun::v1::InviteSubstituteResponse invited;
  if (leaver_ != 1) {
    EXPECT_EQ(Call(&SeatStub::InviteSubstitute, tokens_[1], invite, &invited).error_code(),
              grpc::StatusCode::PERMISSION_DENIED);
  }
  EXPECT_TRUE(Call(&SeatStub::InviteSubstitute, GameHarness::AccessToken(director), invite, &invited).ok());
}

// A WatchGame stream of `token`'s player opened with with_seats after seat change `after`.
class SeatStream {
 public:
  SeatStream(GameHarness& harness, const std::string& token, const std::string& game_id, int64_t after) {
    mailrun::v1::WatchGameRequest request;
    request.set_game_id(game_id);
    request.set_after_version(GetGame(harness.stub(), token, game_id).version());
    request.set_with_seats(true);
    request.set_after_seats_change(after);
    context_.AddMetadata("authorization", "Bearer " + token);
    context_.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(30));
    reader_ = harness.stub().WatchGame(&context_, request);
  }
  ~SeatStream() { context_.TryCancel(); }
  // The next message, which must be a seat change: its number, and how long it took to come.
  int64_t Next(std::chrono::milliseconds* waited = nullptr) {
    const auto start = std::chrono::steady_clock::now();
    mailrun::v1::WatchGameResponse got;
    EXPECT_TRUE(reader_->Read(&got)) << "the stream ended";
    if (waited) {
      *waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    }
    EXPECT_GT(got.seats_change(), 0) << got.ShortDebugString();
    EXPECT_FALSE(got.has_entry() || got.has_view() || got.has_chat()) << "a seat change carries nothing else";
    return got.seats_change();
  }
  grpc::Status Finish() { return reader_->Finish(); }

 private:
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::WatchGameResponse>> reader_;
};

TEST_F(EmptySeats, EachVoteInvitationAndAcceptanceReachesTheOtherPlayersOpenStreamsAtOnce) {
  const std::string game_id = NewGame("live");
  WaitAbandoned(game_id);
  // The counter stops (no deadline any more): from here only the calls below change the seats.
  {
    pqxx::nontransaction txn(harness_->db());
    txn.exec_params("UPDATE games SET turn_deadline_seconds = 0 WHERE game_id = $1", game_id);
  }
  std::this_thread::sleep_for(500ms);  // a count under way when the deadline went ends meanwhile
  const int a = others_[0], b = others_[1], c = others_[2];
  const int64_t version = GetGame(harness_->stub(), tokens_[c], game_id).version();

  // A stream from 0 starts with where the seats stand: the counts made them change already.
  SeatStream watching(*harness_, tokens_[c], game_id, 0);
  const int64_t counted = watching.Next();
  std::vector<std::chrono::milliseconds> waits(4);

  ASSERT_TRUE(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, NewRequestId()).ok());
  EXPECT_EQ(watching.Next(&waits[0]), counted + 1) << "the first vote";
  // A repeated vote changes nothing and announces nothing: the next change is the second vote's.
  ASSERT_TRUE(Vote(game_id, tokens_[a], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, NewRequestId()).ok());
  ASSERT_TRUE(Vote(game_id, tokens_[b], leaver_, mailrun::v1::SEAT_CHOICE_SUBSTITUTE, NewRequestId()).ok());
  EXPECT_EQ(watching.Next(&waits[1]), counted + 2) << "the deciding vote";

  mailrun::v1::InviteSubstituteRequest invite;
  invite.set_game_id(game_id);
  invite.set_seat(leaver_);
  invite.set_user_id("live-sub");
  mailrun::v1::InviteSubstituteResponse invited;
  ASSERT_TRUE(Call(&SeatStub::InviteSubstitute, tokens_[leaver_ == 1 ? a : 1], invite, &invited).ok());
  EXPECT_EQ(watching.Next(&waits[2]), counted + 3) << "the invitation";

  mailrun::v1::AcceptSeatRequest accept;
  accept.set_game_id(game_id);
  accept.set_seat(leaver_);
  accept.set_request_id(NewRequestId());
  mailrun::v1::AcceptSeatResponse accepted;
  ASSERT_TRUE(Call(&SeatStub::AcceptSeat, GameHarness::AccessToken("live-sub"), accept, &accepted).ok());
  EXPECT_EQ(watching.Next(&waits[3]), counted + 4) << "the acceptance";
  for (const auto waited : waits) EXPECT_LT(waited.count(), 5000) << "a seat change comes at once, not at a poll";
  std::cout << "seat changes reached the stream after (ms):";
  for (const auto waited : waits) std::cout << " " << waited.count();
  std::cout << "\n";
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[c], game_id).version(), version) << "no move was made meanwhile";

  // A stream resumed after an earlier change gets only the latest one.
  SeatStream resumed(*harness_, tokens_[c], game_id, counted + 1);
  EXPECT_EQ(resumed.Next(), counted + 4);
  // A negative after_seats_change is refused, naming the field.
  SeatStream bad(*harness_, tokens_[c], game_id, -1);
  const grpc::Status refused = bad.Finish();
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(refused);
  EXPECT_NE(refused.error_message().find("after_seats_change"), std::string::npos) << refused.error_message();
  // So is one the game has not reached (a stream would wait for it for nothing).
  SeatStream ahead(*harness_, tokens_[c], game_id, counted + 100);
  const grpc::Status too_far = ahead.Finish();
  EXPECT_EQ(too_far.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(too_far);
  EXPECT_NE(too_far.error_message().find("is ahead of the game's latest seat change"), std::string::npos)
      << too_far.error_message();
}

TEST_F(EmptySeats, ARestartInTheMiddleOfAVoteNeitherLosesNorDoublesAVote) {
  const std::string game_id = NewGame("restart");
  WaitAbandoned(game_id);
  const std::string first_vote = NewRequestId();
  ASSERT_TRUE(Vote(game_id, tokens_[others_[0]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, first_vote).ok());
  harness_->Kill();
  harness_->Start();
  Connect();
  // The first voter's retry after the restart (its answer lost) is the same vote, once.
  mailrun::v1::SeatStatus after;
  ASSERT_TRUE(Vote(game_id, tokens_[others_[0]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, first_vote, &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_VOTING);
  EXPECT_EQ(after.votes_size(), 1);
  EXPECT_EQ(VoteRows(game_id), 1);
  ASSERT_TRUE(Vote(game_id, tokens_[others_[1]], leaver_, mailrun::v1::SEAT_CHOICE_BOT, NewRequestId(), &after).ok());
  EXPECT_EQ(after.handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE) << "the vote before the restart still counts";
  EXPECT_EQ(VoteRows(game_id), 2);
}

TEST_F(EmptySeats, InTheBondStageAnotherSeatsMovesDoNotRestartTheClockOfASeatMissingItsDeadline) {
  const std::string game_id = NewGame("bonds", "", mailrun::v1::TITLE_1853);
  const int mover = others_[0];
  // For four seconds (four of the leaver's 1-second deadlines) another seat commits its bond and
  // takes it back (not the last bond, so it may, 2.5.2.3), a change every 0.3 s: the game's last
  // change is never a deadline old, but the leaver has been due since the game began.
  const auto until = std::chrono::steady_clock::now() + 4s;
  int changes = 0;
  while (std::chrono::steady_clock::now() < until) {
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens_[mover], list, &legal).ok());
    mailrun::v1::Action bond;
    for (const auto& option : legal.actions()) {
      if (option.action().has_commit_bond()) {
        bond = option.action();
        bond.mutable_commit_bond()->set_amount(static_cast<int32_t>(option.min_amount()));
      }
    }
    ASSERT_TRUE(bond.has_commit_bond()) << "the mover may commit a bond at version " << legal.version();
    mailrun::v1::SubmitActionResponse committed;
    grpc::Status status =
        Submit(harness_->stub(), tokens_[mover], game_id, legal.version(), bond, NewRequestId(), &committed);
    ASSERT_TRUE(status.ok()) << Describe(status);
    std::this_thread::sleep_for(150ms);
    mailrun::v1::UndoLastActionRequest undo;
    undo.set_game_id(game_id);
    undo.set_request_id(NewRequestId());
    undo.set_expected_version(committed.version());
    mailrun::v1::UndoLastActionResponse undone;
    status = harness_->Call(&GameStub::UndoLastAction, tokens_[mover], undo, &undone);
    ASSERT_TRUE(status.ok()) << Describe(status);
    changes += 2;
    std::this_thread::sleep_for(150ms);
  }
  const auto seats = Seats(game_id, tokens_[mover]);
  EXPECT_GE(changes, 10);
  EXPECT_GE(seats.seats(leaver_).missed_deadlines(), 3)
      << "the leaver's clock runs from when its bond became due, not from the game's last change";
  EXPECT_TRUE(seats.seats(leaver_).abandoned());
  EXPECT_EQ(seats.seats(mover).missed_deadlines(), 0) << "the mover's own moves";
  // The leaver's own move ends its count.
  int64_t version = 0;
  ASSERT_TRUE(MoveAs(game_id, tokens_[leaver_], &version).ok());
  for (int i = 0; i < 20 && Seats(game_id, tokens_[mover]).seats(leaver_).missed_deadlines() > 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(Seats(game_id, tokens_[mover]).seats(leaver_).missed_deadlines(), 0);
}

}  // namespace
}  // namespace mailrun::game::testing
