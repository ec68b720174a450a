// An abandoned seat voted to a substitute in real browsers (tests/e2e/web/browser_seats.mjs), on
// phones, by tapping, against the real stack (issue 43 item 5). Four players and a substitute
// register through the lobby; the table is 1947 with seats abandoned after one missed deadline.
// The table's turn deadline is 2 s, which the suite's lobby allows (web_suite.h:
// MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS; the default is 60 s), so every step is through the API.
// Once the game service counts the first seat to act abandoned, the browsers vote, invite by name, accept and
// move; this test checks what they saw (a vote, the decision, the invitation and the acceptance
// reaching another player's open page while the game stayed at version 0; a name nobody has
// refused naming it; the invited player's name on both voters' banners) and, through the services,
// that the substitute holds the seat and made the game's first move.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/seats.grpc.pb.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/table_setup.h"
#include "tests/e2e/web/web_suite.h"

namespace mailrun::e2e {
namespace {

using SeatStub = mailrun::v1::SeatService::Stub;

TEST_F(Web, AnAbandonedSeatIsVotedToASubstituteWhoTakesItAndMovesByTapping) {
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  auto seats = mailrun::v1::SeatService::NewStub(Stack::Channel(suite_->stack.game_address()));
  std::vector<Account> players;
  for (const std::string name : {"Hema", "Ishan", "Jaya", "Kiran"}) players.push_back(RegisterAccount(*lobby, name, kPassword));
  const Account substitute = RegisterAccount(*lobby, "Sunil", kPassword);
  const mailrun::v1::Table table =
      SeatAndStart(*lobby, players, 4, {}, mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, {2, 1});
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  const std::string game_id = table.game_id();
  const auto opening = GetGameAs(*game, players[0].token, game_id);
  ASSERT_EQ(opening.view().active_seats_size(), 1);
  const int leaver = opening.view().active_seats(0);
  std::vector<std::string> others;  // names, in seat order, the leaver left out
  for (int seat = 0; seat < 4; ++seat) {
    for (const auto& p : players) {
      if (seat != leaver && p.user_id == table.players(seat).user_id()) others.push_back(p.name);
    }
  }
  ASSERT_EQ(others.size(), 3u);
  // The second voter invites: the host (Hema, who opened the table) unless she is the leaver.
  const std::string host = players[0].name;
  std::vector<std::string> voters = {others[0] == host ? others[1] : others[0], host};
  if (table.players(leaver).user_id() == players[0].user_id) voters = {others[0], others[1]};

  // The game service counts the seat abandoned (a 2 s deadline, counted every second).
  mailrun::v1::GetSeatsRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetSeatsResponse now;
  for (int i = 0; i < 60 && !now.seats_size(); ++i) {
    mailrun::v1::GetSeatsResponse read;
    ASSERT_TRUE(CallAs(*seats, &SeatStub::GetSeats, players[0].token, get, &read).ok());
    if (read.seats(leaver).abandoned()) now = read;
    else std::this_thread::sleep_for(500ms);
  }
  ASSERT_GT(now.seats_size(), 0) << "seat " << leaver << " never counted as abandoned\n" << suite_->stack.LogTails();

  const nlohmann::json setup = {{"gameId", game_id},
                                {"leaver", leaver},
                                {"voters", voters},
                                {"substitute", {{"name", substitute.name}}}};
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunSuiteScript(*suite_, "browser_seats.mjs", 240s, {{"MAILRUN_SEATS", setup.dump()}}, &saw));
  std::cout << "seat browser timings (ms since start): " << saw.at("timings").dump() << "\n";

  // What the phones showed.
  EXPECT_NE(saw.at("bannerText").get<std::string>().find("counts as abandoned"), std::string::npos) << saw;
  EXPECT_EQ(saw.at("firstVoted"), "You voted for a substitute.");
  EXPECT_EQ(saw.at("votesBefore"), 0) << "the second page opened before any vote";
  EXPECT_EQ(saw.at("votesShown"), "Votes so far: 0 for the bot, 1 for a substitute.")
      << "the vote reached the other open page without a reload and without a move";
  std::cout << "a vote reached the other player's open page after " << saw.at("liveVoteMs") << " ms\n";
  EXPECT_NE(saw.at("decided").get<std::string>().find("Decided: a substitute"), std::string::npos) << saw;
  EXPECT_EQ(saw.at("wrongNameProblem"), "no user named '" + saw.at("wrongName").get<std::string>() + "'") << saw;
  EXPECT_EQ(saw.at("invited"), substitute.name + " is invited and has not accepted yet.") << saw;
  EXPECT_EQ(saw.at("invitedSeenByFirst"), substitute.name + " is invited and has not accepted yet.")
      << "the invitation reached the first voter's open page, with the name";
  EXPECT_EQ(saw.at("bannerGoneAfterAccept"), true);
  EXPECT_EQ(saw.at("offerHeading"), "Seats offered to you");
  EXPECT_NE(saw.at("offerText").get<std::string>().find(table.players(leaver).display_name()), std::string::npos)
      << "the offer names the leaver's seat: " << saw.at("offerText");
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // What the services hold: the substitute has the seat and made the game's first move from it.
  const auto as_substitute = GetGameAs(*game, substitute.token, game_id);
  EXPECT_EQ(as_substitute.your_seat(), leaver);
  EXPECT_EQ(as_substitute.version(), 1);
  EXPECT_EQ(EntryAt(*game, substitute.token, game_id, 1).seat(), leaver);
  mailrun::v1::GetSeatsResponse after;
  ASSERT_TRUE(CallAs(*seats, &SeatStub::GetSeats, substitute.token, get, &after).ok());
  EXPECT_EQ(after.seats(leaver).handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  EXPECT_EQ(after.seats(leaver).decided(), mailrun::v1::SEAT_CHOICE_SUBSTITUTE);
  EXPECT_EQ(after.seats(leaver).display_name(), substitute.name);
  for (const auto& p : players) {
    if (p.user_id == table.players(leaver).user_id()) {
      EXPECT_EQ(GetGameAs(*game, p.token, game_id).your_seat(), -1) << "the leaver is a spectator now";
    }
  }
}

// A tournament game's abandoned seat is decided by the tournament's director, who holds no seat,
// on a phone (tests/e2e/web/browser_director.mjs): the director opens the game, sees the banner
// say the director decides, and hands the seat to the bot. A tournament table abandons a seat after
// 3 missed deadlines (the lobby's default), here 2 s each.
TEST_F(Web, ATournamentsDirectorSeesTheSeatBannerAndHandsTheSeatToTheBot) {
  using LobbyStub = mailrun::v1::LobbyService::Stub;
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  auto seats = mailrun::v1::SeatService::NewStub(Stack::Channel(suite_->stack.game_address()));
  const Account director = RegisterAccount(*lobby, "Odile", kPassword);
  std::vector<Account> players;
  for (const std::string name : {"Pavel", "Quila", "Rosa"}) players.push_back(RegisterAccount(*lobby, name, kPassword));

  mailrun::v1::CreateTournamentRequest create;
  create.set_request_id(NewRequestId());
  create.set_name("Director's Cup");
  create.set_title(mailrun::v1::TITLE_1947);
  create.set_format(mailrun::v1::TOURNAMENT_FORMAT_SWISS);
  create.set_table_size(3);
  create.set_rounds(1);
  create.set_registration_closes_at_unix_ms(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count() +
      3600 * 1000);
  create.set_turn_deadline_seconds(2);
  mailrun::v1::Tournament cup;
  grpc::Status status = CallAs(*lobby, &LobbyStub::CreateTournament, director.token, create, &cup);
  ASSERT_TRUE(status.ok()) << Describe(status);
  for (const auto& p : players) {
    mailrun::v1::RegisterForTournamentRequest join;
    join.set_request_id(NewRequestId());
    join.set_tournament_id(cup.tournament_id());
    status = CallAs(*lobby, &LobbyStub::RegisterForTournament, p.token, join, &cup);
    ASSERT_TRUE(status.ok()) << p.name << ": " << Describe(status);
  }
  mailrun::v1::StartTournamentRoundRequest start;
  start.set_request_id(NewRequestId());
  start.set_tournament_id(cup.tournament_id());
  start.set_round(1);
  status = CallAs(*lobby, &LobbyStub::StartTournamentRound, director.token, start, &cup);
  ASSERT_TRUE(status.ok()) << Describe(status);
  std::string game_id;
  for (int i = 0; i < 100 && game_id.empty(); ++i) {
    mailrun::v1::GetTournamentRequest get;
    get.set_tournament_id(cup.tournament_id());
    ASSERT_TRUE(CallAs(*lobby, &LobbyStub::GetTournament, director.token, get, &cup).ok());
    if (cup.tables_size() == 1) game_id = cup.tables(0).game_id();
    if (game_id.empty()) std::this_thread::sleep_for(200ms);
  }
  ASSERT_FALSE(game_id.empty()) << "the round's game was not created\n" << suite_->stack.LogTails();
  const auto opening = GetGameAs(*game, players[0].token, game_id);
  const int leaver = opening.view().active_seats(0);
  const std::string leaver_name = opening.view().players(leaver).display_name();

  // The game service counts the seat abandoned after its third missed deadline.
  mailrun::v1::GetSeatsRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetSeatsResponse now;
  for (int i = 0; i < 120 && !now.seats_size(); ++i) {
    mailrun::v1::GetSeatsResponse read;
    ASSERT_TRUE(CallAs(*seats, &SeatStub::GetSeats, director.token, get, &read).ok());
    if (read.seats(leaver).abandoned()) now = read;
    else std::this_thread::sleep_for(500ms);
  }
  ASSERT_GT(now.seats_size(), 0) << "seat " << leaver << " never counted as abandoned\n" << suite_->stack.LogTails();
  ASSERT_TRUE(now.director_decides());
  ASSERT_TRUE(now.you_invite()) << "the director decides and invites";

  const nlohmann::json setup = {{"gameId", game_id}, {"leaver", leaver}, {"director", director.name}};
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(
      RunSuiteScript(*suite_, "browser_director.mjs", 120s, {{"MAILRUN_DIRECTOR", setup.dump()}}, &saw));
  EXPECT_NE(saw.at("bannerText").get<std::string>().find("The tournament's director decides who plays it."),
            std::string::npos)
      << saw;
  EXPECT_EQ(saw.at("buttons"), nlohmann::json::array({"Hand it to the bot", "Find a substitute"})) << saw;
  EXPECT_EQ(saw.at("bannerGone"), true);
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // The director's one choice decided: the service's bot holds the seat now.
  mailrun::v1::GetSeatsResponse after;
  ASSERT_TRUE(CallAs(*seats, &SeatStub::GetSeats, director.token, get, &after).ok());
  EXPECT_EQ(after.seats(leaver).handover(), mailrun::v1::SEAT_HANDOVER_STATE_DONE);
  EXPECT_EQ(after.seats(leaver).decided(), mailrun::v1::SEAT_CHOICE_BOT);
  EXPECT_EQ(after.seats(leaver).left_by_display_name(), leaver_name);
  EXPECT_EQ(GetGameAs(*game, director.token, game_id).your_seat(), -1) << "the director holds no seat";
}

}  // namespace
}  // namespace mailrun::e2e
