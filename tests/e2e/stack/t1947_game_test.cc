// Acceptance 3 of issue 17: a 1947 table through the whole stack (real PostgreSQL and Redis, the
// three service binaries). Four players register, one opens a 1947 table, the others join and the
// lobby starts the game in the game service; then the private auction (3.2), the first stock
// round (5) and the operating rounds that follow it (6: track, stations, runs, trains) are played
// through the game service's API until the second stock round begins. (Issue 25's whole games by
// bots through the stack are t1947_whole_game_test.cc.)
//
// A local engine copy follows the game: the API does not publish the seed, which in 1947 decides
// only the player order cards (2.1) and the two shares drawn into the bank pool (2.3 d, e), so the
// copy is made with the first seed whose opening view equals the service's. After that nothing is
// left to chance: before each move the acting seat's legal actions from the service must equal
// the copy's, each answer's log lines the copy's, and each view (for the acting seat) the copy's.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {
namespace {

using google::protobuf::util::MessageDifferencer;
using mailrun::engine::Game;
using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;

constexpr int kMaxMoves = 1500;

std::string Differences(const google::protobuf::Message& a, const google::protobuf::Message& b) {
  std::string report;
  MessageDifferencer differ;
  differ.ReportDifferencesToString(&report);
  return differ.Compare(a, b) ? "" : report;
}

// The move a simple player makes: in the auction, bid the minimum while owning no private and the
// bid is at most Rs. 60, else pass; the P9's buyer takes the first par offered; in the stock round,
// end a turn that bought, buy a president's certificate while presiding over nothing, else pass.
// In an operating round: answer what is asked (a train offer: refuse; an excess train: the first;
// the temple: the first site), run the trains paying out, buy a train from the bank, lay the first
// tile offered, place the first station offered, else end the step (or, forced, go bankrupt).
const mailrun::v1::Action* Choose(const std::vector<mailrun::v1::LegalAction>& legal,
                                  const mailrun::v1::Game1947View& view, int seat) {
  auto find = [&](mailrun::v1::Action::KindCase kind) -> const mailrun::v1::Action* {
    for (const auto& l : legal) {
      if (l.action().kind_case() == kind) return &l.action();
    }
    return nullptr;
  };
  const auto& me = view.players(seat);
  bool presides = false;
  for (const auto& h : me.holdings()) presides = presides || h.president();
  using A = mailrun::v1::Action;
  if (view.has_operating()) {
    for (const auto& l : legal) {
      if (l.action().has_run_trains_1947() && l.action().run_trains_1947().pay_out()) return &l.action();
      if (l.action().has_buy_train_1947() && l.action().buy_train_1947().source().empty()) return &l.action();
    }
    for (auto kind : {A::kAnswerTrainSale1947, A::kDiscardTrain1947, A::kChooseTempleBonus1947, A::kLayTrack1947,
                      A::kPlaceStation1947, A::kEndTurn1947, A::kBuyTrain1947, A::kDeclareBankruptcy1947}) {
      if (const auto* a = find(kind)) return a;
    }
    return nullptr;
  }
  if (const auto* bid = find(A::kBidPrivate1947); bid && me.privates().empty() && bid->bid_private_1947().amount() <= 60) {
    return bid;
  }
  for (auto kind : {A::kPassPrivate1947, A::kSetBnrPar1947, A::kEndTurn1947}) {
    if (const auto* a = find(kind)) return a;
  }
  if (const auto* buy = find(A::kBuyPresidentCertificate1947); buy && !presides) return buy;
  return find(A::kPassTurn1947);
}

class T1947ThroughTheStack : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("e2e_1947_game"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
  }

  mailrun::v1::GetGameResponse GetGame(const Account& player, const std::string& game_id) {
    return GetGameAs(*game_, player.token, game_id);
  }
  std::vector<mailrun::v1::LegalAction> Legal(const Account& player, const std::string& game_id) {
    mailrun::v1::ListLegalActionsRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse response;
    const grpc::Status status = CallAs(*game_, &GameStub::ListLegalActions, player.token, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return {response.actions().begin(), response.actions().end()};
  }
  grpc::Status Submit(const Account& player, const std::string& game_id, int64_t version,
                      const mailrun::v1::Action& action, mailrun::v1::SubmitActionResponse* answer) {
    mailrun::v1::SubmitActionRequest request;
    request.set_game_id(game_id);
    request.set_expected_version(version);
    *request.mutable_action() = action;
    request.set_request_id(NewRequestId());
    return CallAs(*game_, &GameStub::SubmitAction, player.token, request, answer);
  }

  static Stack* stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
};
Stack* T1947ThroughTheStack::stack_ = nullptr;

TEST_F(T1947ThroughTheStack, AuctionStockRoundAndOperatingRoundsThroughTheApi) {
  std::vector<Account> accounts;
  for (const std::string name : {"Paul", "Robert", "Emily", "Anna"}) {
    accounts.push_back(RegisterAccount(*lobby_, name, "password-of-" + name));
    ASSERT_FALSE(accounts.back().token.empty()) << name;
  }
  const mailrun::v1::Table table = SeatAndStart(*lobby_, accounts, 4, {}, mailrun::v1::TITLE_1947);
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << stack_->LogTails();
  EXPECT_EQ(table.title(), mailrun::v1::TITLE_1947);
  EXPECT_TRUE(table.board_reconstructed());
  const std::string game_id = table.game_id();

  // Seats follow the order of sitting down.
  std::map<int, const Account*> by_seat;
  mailrun::v1::GameConfig config;
  config.set_title(mailrun::v1::TITLE_1947);
  for (int seat = 0; seat < table.players_size(); ++seat) {
    for (const auto& a : accounts) {
      if (a.user_id == table.players(seat).user_id()) by_seat[seat] = &a;
    }
    ASSERT_NE(by_seat[seat], nullptr);
    auto* entry = config.add_players();
    entry->set_user_id(by_seat[seat]->user_id);
    entry->set_display_name(by_seat[seat]->name);
  }
  const auto opening = GetGame(*by_seat[0], game_id);
  ASSERT_EQ(opening.version(), 0);
  EXPECT_EQ(opening.your_seat(), 0);
  EXPECT_EQ(opening.view().title(), mailrun::v1::TITLE_1947);
  EXPECT_TRUE(opening.view().board_reconstructed());
  EXPECT_TRUE(opening.view().game_1947().map_reconstructed());
  EXPECT_EQ(opening.view().game_1947().round(), "private auction");
  EXPECT_EQ(opening.view().round().kind(), mailrun::v1::ROUND_PRIVATE_AUCTION);
  EXPECT_EQ(opening.view().game_1947().players(0).cash(), 600);  // 2.3: 4 players start with Rs. 600
  std::optional<Game> local;
  for (uint64_t seed = 0; seed < 20000 && !local; ++seed) {
    config.set_seed(seed);
    auto candidate = Game::Create(config);
    ASSERT_TRUE(candidate.ok()) << candidate.error().ToString();
    if (Differences(candidate->View(0), opening.view()).empty()) local = std::move(*candidate);
  }
  ASSERT_TRUE(local) << "no seed deals the service's player order cards and pool shares";

  int64_t version = 0;
  int moves = 0;
  int bought_presidents = 0;
  bool saw_stock_round = false;
  std::map<mailrun::v1::Action::KindCase, int> operating_moves;
  bool suggested = false;
  for (; moves < kMaxMoves; ++moves) {
    const std::vector<int> active = local->ActiveSeats();
    ASSERT_FALSE(active.empty()) << "nobody may act at version " << version;
    if (local->View(-1).game_1947().stock_round() == 2 || local->Finished()) break;
    const int seat = active.front();
    const Account& acting = *by_seat[seat];
    const auto state = GetGame(acting, game_id);
    ASSERT_EQ(state.version(), version);
    ASSERT_EQ(Differences(local->View(seat), state.view()), "") << "at version " << version;
    const auto legal = Legal(acting, game_id);
    const auto expected = local->LegalActions(seat);
    ASSERT_EQ(legal.size(), expected.size()) << "at version " << version;
    for (size_t i = 0; i < legal.size(); ++i) ASSERT_EQ(Differences(legal[i], expected[i]), "");
    saw_stock_round = saw_stock_round || state.view().game_1947().round() == "stock round";
    if (state.view().game_1947().round() == "stock round") {
      EXPECT_EQ(state.view().round().kind(), mailrun::v1::ROUND_STOCK);
    }
    if (state.view().game_1947().has_operating()) {
      EXPECT_EQ(state.view().round().kind(), mailrun::v1::ROUND_OPERATING);
      EXPECT_FALSE(state.view().round().acting_company().empty()) << "at version " << version;
    }
    const mailrun::v1::Action* choice = Choose(legal, state.view().game_1947(), seat);
    ASSERT_NE(choice, nullptr) << "no move to choose at version " << version;
    bought_presidents += choice->has_buy_president_certificate_1947();
    if (state.view().game_1947().has_operating()) ++operating_moves[choice->kind_case()];
    // 6.14: the service's suggested runs for the operating railway are the engine's best runs.
    if (choice->has_run_trains_1947() && !suggested) {
      mailrun::v1::SuggestRunsRequest ask;
      ask.set_game_id(game_id);
      mailrun::v1::SuggestRunsResponse runs;
      ASSERT_TRUE(CallAs(*game_, &GameStub::SuggestRuns, acting.token, ask, &runs).ok());
      EXPECT_EQ(runs.company(), state.view().game_1947().operating().railway());
      auto expected_runs = local->SuggestedRuns(runs.company(), false);
      ASSERT_TRUE(expected_runs.ok()) << expected_runs.error().ToString();
      EXPECT_EQ(Differences(runs.best_dividend(), *expected_runs), "");
      // The plan carries the turn's revenue (everything paid out or withheld; no mail in 1947).
      int by_train = 0;
      for (const auto& run : runs.best_dividend().runs()) by_train += run.revenue();
      EXPECT_EQ(runs.best_dividend().total(), runs.best_dividend().run_revenue());
      EXPECT_EQ(runs.best_dividend().run_revenue() > 0, by_train > 0) << "runs worth " << by_train;
      ASSERT_EQ(runs.best_dividend().runs_size(), choice->run_trains_1947().runs_size() -
                    static_cast<int>(std::count_if(choice->run_trains_1947().runs().begin(), choice->run_trains_1947().runs().end(),
                                                   [](const auto& r) { return r.stops().empty(); })));
      suggested = true;
    }
    mailrun::v1::SubmitActionResponse answer;
    const grpc::Status status = Submit(acting, game_id, version, *choice, &answer);
    ASSERT_TRUE(status.ok()) << Describe(status) << "\n" << stack_->LogTails();
    auto outcome = local->Apply(*choice);
    ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
    ASSERT_EQ(answer.log_lines_size(), static_cast<int>(outcome->log.size()));
    for (int i = 0; i < answer.log_lines_size(); ++i) EXPECT_EQ(answer.log_lines(i).text(), outcome->log[i]);
    version = answer.version();
  }
  ASSERT_LT(moves, kMaxMoves) << "the first set of operating rounds did not end";
  EXPECT_TRUE(saw_stock_round);
  EXPECT_GE(bought_presidents, 1);
  EXPECT_GT(operating_moves[mailrun::v1::Action::kLayTrack1947], 0);
  EXPECT_GT(operating_moves[mailrun::v1::Action::kRunTrains1947] + operating_moves[mailrun::v1::Action::kBuyTrain1947], 0);

  // At the second stock round: the railways' tiles, stations and trains are in every player's view.
  const auto now = GetGame(*by_seat[1], game_id);
  EXPECT_EQ(now.version(), version);
  EXPECT_EQ(Differences(local->View(1), now.view()), "");
  EXPECT_GT(now.view().tiles_size(), 0) << "6.4: track was laid";
  int floated = 0;
  for (const auto& r : now.view().game_1947().railways()) {
    if (!r.operational()) continue;
    ++floated;
    EXPECT_GE(r.stations_size(), 1) << r.initials() << " has its home station (6.7)";
  }
  EXPECT_GE(floated, 1);

  // A move out of turn is refused with its rule and changes nothing.
  const int idle = (local->ActiveSeats().front() + 1) % 4;
  mailrun::v1::Action pass;
  pass.mutable_pass_turn_1947();
  mailrun::v1::SubmitActionResponse answer;
  const grpc::Status refused = Submit(*by_seat[idle], game_id, version, pass, &answer);
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(GetGame(*by_seat[0], game_id).version(), version);  // the refusal changed nothing
  std::cout << "[ played    ] " << moves << " moves of 1947 through the stack, " << operating_moves.size()
            << " kinds of operating-round move\n";
}

}  // namespace
}  // namespace mailrun::e2e
