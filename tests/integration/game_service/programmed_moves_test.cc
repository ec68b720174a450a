// Programmed moves against the real mailrun-game and PostgreSQL (proto/mailrun/v1/
// programmed_moves.proto): a 1947 auction order bids the lowest bid allowed up to its amount and
// then passes, and ends with its private's sale; a share-round pass order passes for its player
// while nobody trades and is cancelled when another player buys; each programmed move is in the
// log with a "service:prog:" request id, made once; a decline-offers order declines the Elephant
// offered to its player (1853 3.1.11), leaves the player's own turn alone and is cancelled when the
// player moves by hand; so do 1947's declines, from positions of a recorded self-play game: a
// private a railway offers to buy (3.3), a train another railway offers to buy (6.15.2) and a bond
// issue offered to the shareholders (5.4.2), and 1853's offer for a train of a company the player
// directs (4.8.9) in a self-play game; clients may not use that prefix; orders are refused
// outside their round, and only players see and set them.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <thread>

#include "mailrun/v1/programmed_moves.grpc.pb.h"
#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

using namespace std::chrono_literals;
using mailrun::v1::ProgrammedMove;
using ProgrammedStub = mailrun::v1::ProgrammedMoveService::Stub;

class Programmed : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_programmed"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override {
    stub_ = mailrun::v1::ProgrammedMoveService::NewStub(
        grpc::CreateChannel(harness_->address(), grpc::InsecureChannelCredentials()));
  }

  std::string New1947Game(const std::string& prefix) {
    auto config = PlayersConfig(prefix, 3, 3);
    config.set_title(mailrun::v1::TITLE_1947);
    config.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
    tokens_.clear();
    for (const auto& player : config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
    return harness_->CreateGame(config, "table-" + prefix);
  }

  template <typename Request, typename Response>
  grpc::Status Call(grpc::Status (ProgrammedStub::*method)(grpc::ClientContext*, const Request&, Response*),
                    const std::string& token, const Request& request, Response* response) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + 30s);
    context.set_wait_for_ready(true);
    return (stub_.get()->*method)(&context, request, response);
  }
  grpc::Status Set(int seat, const std::string& game_id, mailrun::v1::ProgrammedMoveKind kind, int max_amount,
                   ProgrammedMove* move) {
    mailrun::v1::SetProgrammedMoveRequest request;
    request.set_game_id(game_id);
    request.set_request_id(NewRequestId());
    request.set_kind(kind);
    request.set_max_amount(max_amount);
    mailrun::v1::SetProgrammedMoveResponse response;
    const grpc::Status status = Call(&ProgrammedStub::SetProgrammedMove, tokens_[seat], request, &response);
    if (move) *move = response.move();
    return status;
  }
  ProgrammedMove Order(int seat, const std::string& game_id, int64_t move_id) {
    mailrun::v1::ListProgrammedMovesRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListProgrammedMovesResponse response;
    EXPECT_TRUE(Call(&ProgrammedStub::ListProgrammedMoves, tokens_[seat], request, &response).ok());
    for (const auto& move : response.moves()) {
      if (move.move_id() == move_id) return move;
    }
    ADD_FAILURE() << "no programmed move " << move_id;
    return {};
  }
  // The order as `seat`'s player lists it once `done` holds for it (or after 5 s).
  ProgrammedMove OrderOnce(int seat, const std::string& game_id, int64_t move_id,
                           const std::function<bool(const ProgrammedMove&)>& done) {
    ProgrammedMove now = Order(seat, game_id, move_id);
    for (int i = 0; i < 50 && !done(now); ++i) {
      std::this_thread::sleep_for(100ms);
      now = Order(seat, game_id, move_id);
    }
    return now;
  }
  static bool Ended(const ProgrammedMove& move) { return move.state() != mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE; }
  // Plays, as the active seat, its first legal action that `pick` accepts (with its amount at
  // `amount` if not 0, else at the lowest allowed); returns the version after it.
  int64_t Act(const std::string& game_id, int seat, const std::function<bool(const mailrun::v1::Action&)>& pick,
              int amount = 0) {
    mailrun::v1::ListLegalActionsRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    EXPECT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens_[seat], request, &legal).ok());
    for (const auto& option : legal.actions()) {
      if (!pick(option.action())) continue;
      mailrun::v1::Action action = option.action();
      if (action.has_bid_private_1947()) {
        action.mutable_bid_private_1947()->set_amount(amount ? amount : static_cast<int32_t>(option.min_amount()));
      }
      mailrun::v1::SubmitActionResponse answer;
      const grpc::Status status = Submit(harness_->stub(), tokens_[seat], game_id, legal.version(), action, NewRequestId(), &answer);
      EXPECT_TRUE(status.ok()) << Describe(status);
      return answer.version();
    }
    ADD_FAILURE() << "seat " << seat << " has no such action at version " << legal.version();
    return legal.version();
  }
  // Waits until the game's version is past `version` (the programmed move was made).
  mailrun::v1::GetGameResponse WaitPast(const std::string& game_id, int64_t version) {
    auto game = GetGame(harness_->stub(), tokens_[0], game_id);
    for (int i = 0; i < 100 && game.version() <= version; ++i) {
      std::this_thread::sleep_for(100ms);
      game = GetGame(harness_->stub(), tokens_[0], game_id);
    }
    return game;
  }
  int64_t ProgrammedRows(const std::string& game_id, int seat) {
    return harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND seat = " +
                           std::to_string(seat) + " AND request_id LIKE 'service:prog:%'");
  }

  void DeclinesAsRecorded(const std::string& file, const std::string& prefix, size_t offer, size_t answer, size_t own,
                          const std::function<bool(const mailrun::v1::Action&)>& declined);

  static GameHarness* harness_;
  std::unique_ptr<ProgrammedStub> stub_;
  std::vector<std::string> tokens_;
};
GameHarness* Programmed::harness_ = nullptr;

bool IsPass(const mailrun::v1::Action& a) { return a.has_pass_private_1947(); }
bool IsBid(const mailrun::v1::Action& a) { return a.has_bid_private_1947(); }

TEST_F(Programmed, AnAuctionOrderBidsUpToItsAmountThenPassesAndEndsWithTheSale) {
  const std::string game_id = New1947Game("auction");
  auto game = GetGame(harness_->stub(), tokens_[0], game_id);
  ASSERT_EQ(game.view().round().kind(), mailrun::v1::ROUND_PRIVATE_AUCTION);
  const int programmed = game.view().active_seats(0);
  ProgrammedMove order;
  ASSERT_TRUE(Set(programmed, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO, 30, &order).ok());
  EXPECT_EQ(order.subject(), "P1");
  EXPECT_EQ(order.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);

  // The other two: the first of them to act bids the lowest bid each time, the other passes.
  int bidder = -1;
  for (int turn = 0; turn < 30; ++turn) {
    if (Order(programmed, game_id, order.move_id()).state() != mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE) break;
    game = GetGame(harness_->stub(), tokens_[0], game_id);
    ASSERT_FALSE(game.view().active_seats().empty());
    const int seat = game.view().active_seats(0);
    if (seat == programmed) {
      game = WaitPast(game_id, game.version());
      continue;
    }
    if (bidder < 0) bidder = seat;
    Act(game_id, seat, seat == bidder ? IsBid : IsPass);
  }
  const ProgrammedMove ended = Order(programmed, game_id, order.move_id());
  EXPECT_EQ(ended.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ENDED) << ended.reason();
  EXPECT_EQ(ended.reason(), "P1 is no longer on auction");
  // 3.2: it opened at 10 (the minimum), answered the other's 20 with 30, and passed the 40 (the
  // lowest raise, 50, is over its 30): three moves, each in the log once.
  EXPECT_EQ(ended.moves_made(), 3);
  EXPECT_EQ(ProgrammedRows(game_id, programmed), 3);
  std::vector<std::string> made;
  for (const auto& action : EffectiveActions(harness_->db(), game_id)) {
    if (action.seat() != programmed) continue;
    made.push_back(action.has_bid_private_1947() ? std::to_string(action.bid_private_1947().amount())
                                                 : action.has_pass_private_1947() ? "pass" : "other");
  }
  EXPECT_EQ(made, (std::vector<std::string>{"10", "30", "pass"}));

  // A restart applies nothing again.
  const int64_t version = GetGame(harness_->stub(), tokens_[0], game_id).version();
  harness_->Kill();
  harness_->Start();
  SetUp();
  std::this_thread::sleep_for(2s);
  EXPECT_EQ(ProgrammedRows(game_id, programmed), 3);
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[0], game_id).version(), version);
}

TEST_F(Programmed, APassOrderPassesTheShareRoundAndIsCancelledWhenAnotherPlayerBuys) {
  const std::string game_id = New1947Game("shares");
  // Outside a share round the order is refused.
  ProgrammedMove order;
  const grpc::Status early = Set(0, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND, 0, &order);
  EXPECT_EQ(early.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(early);
  const auto refusal = mailrun::service::RefusalOf(early);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->rule, "mailrun.programmed");

  // Everyone passes every private (twice round the table: 3.2 removes them) to the stock round.
  auto game = GetGame(harness_->stub(), tokens_[0], game_id);
  for (int i = 0; i < 200 && game.view().round().kind() == mailrun::v1::ROUND_PRIVATE_AUCTION; ++i) {
    Act(game_id, game.view().active_seats(0), [](const auto& a) { return a.has_pass_private_1947() || a.has_pass_turn_1947(); });
    game = GetGame(harness_->stub(), tokens_[0], game_id);
  }
  ASSERT_EQ(game.view().round().kind(), mailrun::v1::ROUND_STOCK) << game.view().round().ShortDebugString();

  // The first seat passes by hand; the next one, whose turn it then is, leaves a pass order.
  const int first = game.view().active_seats(0);
  int64_t version = Act(game_id, first, [](const auto& a) { return a.has_pass_turn_1947(); });
  game = GetGame(harness_->stub(), tokens_[0], game_id);
  const int programmed = game.view().active_seats(0);
  ASSERT_NE(programmed, first);
  ASSERT_TRUE(Set(programmed, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND, 0, &order).ok());
  EXPECT_EQ(order.subject(), "stock round 1");
  game = WaitPast(game_id, version);
  ASSERT_GT(game.version(), version) << "the order did not pass";
  EXPECT_EQ(ProgrammedRows(game_id, programmed), 1);
  EXPECT_EQ(Order(first, game_id, order.move_id()).moves_made(), 1) << "every player sees the order";

  // The third seat buys a president's certificate: the order is cancelled, and the programmed
  // seat's next turn waits for its player.
  const int third = game.view().active_seats(0);
  ASSERT_NE(third, programmed);
  version = Act(game_id, third, [](const auto& a) { return a.has_buy_president_certificate_1947(); });
  const ProgrammedMove now = OrderOnce(programmed, game_id, order.move_id(), Ended);
  EXPECT_EQ(now.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
  EXPECT_EQ(now.reason(), "another player bought or sold");
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(ProgrammedRows(game_id, programmed), 1);
}

TEST_F(Programmed, ADeclineOrderDeclinesTheElephantOfferedAndIsCancelledWhenItsPlayerMovesByHand) {
  // The rules' Appendix 4 game, played to the end of its first dealing round: Beth holds the
  // Elephant and may sell it (3.1.11); record action 54 is her keeping it, 55 Adam's own first move.
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string game_id = harness_->CreateGame(record.config, "table-offers");
  tokens_.clear();
  for (const auto& player : record.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  int64_t version = PlayRecorded(harness_->stub(), record, game_id, 0, 54, 0);
  auto game = GetGame(harness_->stub(), tokens_[kAdam], game_id);
  ASSERT_EQ(game.view().active_seats(0), kBeth) << game.view().round().description();

  EXPECT_EQ(Set(kAdam, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS, 5, nullptr).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  ProgrammedMove order;
  ASSERT_TRUE(Set(kAdam, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS, 0, &order).ok());
  EXPECT_EQ(order.subject(), "offers");
  EXPECT_EQ(order.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);

  // Beth offers Adam the Elephant for nothing: his order declines it, as his seat, in the log once.
  mailrun::v1::Action offer;
  offer.set_seat(kBeth);
  offer.mutable_offer_elephant()->set_to_seat(kAdam);
  mailrun::v1::SubmitActionResponse answer;
  ASSERT_TRUE(Submit(harness_->stub(), tokens_[kBeth], game_id, version, offer, NewRequestId(), &answer).ok());
  version = answer.version();
  game = WaitPast(game_id, version);
  ASSERT_EQ(game.version(), version + 1) << "the order did not answer the offer";
  EXPECT_FALSE(game.view().has_pending_offer());
  EXPECT_EQ(game.view().active_seats(0), kBeth) << "the Elephant's sale goes on (3.1.11)";
  const auto made = EffectiveActions(harness_->db(), game_id).back();
  EXPECT_EQ(made.seat(), kAdam);
  ASSERT_TRUE(made.has_answer_offer());
  EXPECT_FALSE(made.answer_offer().accept());
  EXPECT_EQ(ProgrammedRows(game_id, kAdam), 1);
  // Every player sees it.
  const ProgrammedMove seen =
      OrderOnce(kClive, game_id, order.move_id(), [](const ProgrammedMove& m) { return m.moves_made() > 0; });
  EXPECT_EQ(seen.moves_made(), 1);
  EXPECT_EQ(seen.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);

  // Beth keeps it; the railway round's first turn is Adam's own: the order leaves it to him.
  version = PlayRecorded(harness_->stub(), record, game_id, 54, 55, version + 1);
  std::this_thread::sleep_for(1500ms);
  game = GetGame(harness_->stub(), tokens_[kAdam], game_id);
  EXPECT_EQ(game.version(), version);
  EXPECT_EQ(game.view().active_seats(0), kAdam);
  EXPECT_EQ(Order(kAdam, game_id, order.move_id()).state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);

  // Adam moves by hand: he is back, and the order is cancelled.
  PlayRecorded(harness_->stub(), record, game_id, 55, 56, version);
  const ProgrammedMove now = OrderOnce(kAdam, game_id, order.move_id(), Ended);
  EXPECT_EQ(now.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
  EXPECT_EQ(now.reason(), "its player moved by hand");
  EXPECT_EQ(ProgrammedRows(game_id, kAdam), 1);
}

// A decline order in a recorded game (a self-play game of tests/fixtures): the answering seat's
// player leaves the order before recorded action `offer` (the offer, or what leads to it), the
// record is played up to its own answer `answer` (a decline), which the order must make: once, as
// the seat, with a "service:prog:" request id, as `declined` tells. The game is then where the
// record was, so the record plays on to the player's next own move `own`, made by hand, which
// cancels the order.
void Programmed::DeclinesAsRecorded(const std::string& file, const std::string& prefix, size_t offer, size_t answer,
                                    size_t own, const std::function<bool(const mailrun::v1::Action&)>& declined) {
  const auto record = mailrun::engine::t1853::testing::LoadRecord(file);
  ASSERT_GT(record.actions.size(), own);
  const int seat = record.actions[answer].seat();
  ASSERT_TRUE(declined(record.actions[answer])) << "the record's answer " << answer << " is a decline";
  ASSERT_EQ(record.actions[own].seat(), seat);
  const std::string game_id = harness_->CreateGame(record.config, "table-" + prefix);
  tokens_.clear();
  for (const auto& player : record.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  int64_t version = PlayRecorded(harness_->stub(), record, game_id, 0, offer, 0);
  ProgrammedMove order;
  ASSERT_TRUE(Set(seat, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS, 0, &order).ok());
  version = PlayRecorded(harness_->stub(), record, game_id, offer, answer, version);
  auto game = WaitPast(game_id, version);
  ASSERT_EQ(game.version(), version + 1) << "the order did not answer the offer at version " << version;
  const auto made = EffectiveActions(harness_->db(), game_id).back();
  EXPECT_EQ(made.seat(), seat);
  EXPECT_TRUE(declined(made)) << made.ShortDebugString();
  const std::string user = record.config.players(seat).user_id();
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND seq = " +
                          std::to_string(version + 1) + " AND user_id = '" + user +
                          "' AND request_id LIKE 'service:prog:%'"),
            1)
      << "made as the seat's player, logged as programmed";
  version += 1;

  // The record goes on from the same position: nobody else's move is the order's business.
  version = PlayRecorded(harness_->stub(), record, game_id, answer + 1, own, version);
  EXPECT_EQ(Order(seat, game_id, order.move_id()).state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);
  // The player's own next move, by hand: the order is cancelled, having declined once.
  PlayRecorded(harness_->stub(), record, game_id, own, own + 1, version);
  const ProgrammedMove now = OrderOnce(seat, game_id, order.move_id(), Ended);
  EXPECT_EQ(now.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
  EXPECT_EQ(now.reason(), "its player moved by hand");
  EXPECT_EQ(now.moves_made(), 1);
  EXPECT_EQ(ProgrammedRows(game_id, seat), 1) << "declined once";
}

TEST_F(Programmed, ADeclineOrderRefusesA1947RailwaysOfferForThePlayersPrivate) {
  // Self-play 1947 of three: recorded action 145 is a railway of seat 0's buying private 7 from
  // seat 2 at 1 (3.3), 146 seat 2's refusal, 160 seat 2's next own move (a bond bought).
  DeclinesAsRecorded("games-1947/t1947-3p.json", "decline-private", 145, 146, 160,
                     [](const mailrun::v1::Action& a) {
                       return a.has_answer_private_purchase_1947() && !a.answer_private_purchase_1947().accept();
                     });
}

TEST_F(Programmed, ADeclineOrderRefusesA1947TrainOfferedForARailwayThePlayerPresides) {
  // Recorded action 388: seat 2's railway offers to buy EBR's T3 (seat 1 presides) at 1 (6.15.2);
  // 389 seat 1's refusal, 392 seat 1's next own move (a share bought).
  DeclinesAsRecorded("games-1947/t1947-3p.json", "decline-train", 388, 389, 392,
                     [](const mailrun::v1::Action& a) {
                       return a.has_answer_train_sale_1947() && !a.answer_train_sale_1947().accept();
                     });
}

TEST_F(Programmed, ADeclineOrderSubscribesForNoneOfA1947BondIssue) {
  // Self-play 1947 of five: recorded action 128 is seat 4's PRC issuing bonds, offered to the
  // shareholders in turn (5.4.2); 129 seat 4's own subscription, 130 seat 1's "none", 132 seat 1's
  // next own move (a share bought). The order is left before the issue.
  DeclinesAsRecorded("games-1947/t1947-5p.json", "decline-bonds", 128, 130, 132,
                     [](const mailrun::v1::Action& a) {
                       return a.has_subscribe_bonds_1947() && a.subscribe_bonds_1947().count() == 0;
                     });
}

TEST_F(Programmed, ADeclineOrderRefusesAn1853TrainOfferForACompanyThePlayerDirects) {
  // A self-play 1853 game of four, played to the first of its recorded train purchases where the
  // buying company could offer for a train of a company another seat directs (4.8.9).
  const auto record = mailrun::engine::t1853::testing::LoadRecord("games/bot-game-4p.json");
  const std::string game_id = harness_->CreateGame(record.config, "table-decline-1853-train");
  tokens_.clear();
  for (const auto& player : record.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  int64_t version = 0;
  size_t at = 0;
  int buyer = -1, seller = -1;
  mailrun::v1::Action offer;
  for (size_t i = 0; i < record.actions.size() && seller < 0; ++i) {
    if (!record.actions[i].has_buy_train()) continue;
    version = PlayRecorded(harness_->stub(), record, game_id, at, i, version);
    at = i;
    buyer = record.actions[i].seat();
    const auto view = GetGame(harness_->stub(), tokens_[buyer], game_id).view();
    mailrun::v1::ListLegalActionsRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens_[buyer], request, &legal).ok());
    for (const auto& option : legal.actions()) {
      if (!option.action().has_offer_train()) continue;
      for (const auto& company : view.companies()) {
        if (company.initials() == option.action().offer_train().from_company() && company.director_seat() >= 0 &&
            company.director_seat() != buyer) {
          seller = company.director_seat();
          offer = option.action();
        }
      }
    }
  }
  ASSERT_GE(seller, 0) << "no recorded train purchase where a train of another director's company was on offer";
  offer.set_seat(buyer);
  offer.mutable_offer_train()->set_price(10);  // the least a train may be offered for (4.8.9)

  ProgrammedMove order;
  ASSERT_TRUE(Set(seller, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS, 0, &order).ok());
  mailrun::v1::SubmitActionResponse answer;
  const grpc::Status offered = Submit(harness_->stub(), tokens_[buyer], game_id, version, offer, NewRequestId(), &answer);
  ASSERT_TRUE(offered.ok()) << Describe(offered);
  version = answer.version();
  auto game = WaitPast(game_id, version);
  ASSERT_EQ(game.version(), version + 1) << "the order did not answer the offer";
  EXPECT_FALSE(game.view().has_pending_offer());
  EXPECT_EQ(game.view().active_seats(0), buyer) << "the buying company's turn goes on";
  const auto made = EffectiveActions(harness_->db(), game_id).back();
  EXPECT_EQ(made.seat(), seller);
  ASSERT_TRUE(made.has_answer_offer());
  EXPECT_FALSE(made.answer_offer().accept());
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "' AND seq = " +
                            std::to_string(version + 1) + " AND user_id = '" + record.config.players(seller).user_id() +
                            "' AND request_id LIKE 'service:prog:%'"),
            1)
      << "made as the seat's player, logged as programmed";
  version += 1;

  // Declined, the game is where the record was: it plays on to the seller's next own move, by hand.
  size_t own = at;
  while (own < record.actions.size() && record.actions[own].seat() != seller) ++own;
  ASSERT_LT(own, record.actions.size());
  version = PlayRecorded(harness_->stub(), record, game_id, at, own, version);
  EXPECT_EQ(Order(seller, game_id, order.move_id()).state(), mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE);
  PlayRecorded(harness_->stub(), record, game_id, own, own + 1, version);
  const ProgrammedMove now = OrderOnce(seller, game_id, order.move_id(), Ended);
  EXPECT_EQ(now.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
  EXPECT_EQ(now.reason(), "its player moved by hand");
  EXPECT_EQ(now.moves_made(), 1);
  EXPECT_EQ(ProgrammedRows(game_id, seller), 1) << "declined once";
}

TEST_F(Programmed, ClientsMayNotUseTheProgrammedPrefixAndOnlyPlayersSetOrders) {
  const std::string game_id = New1947Game("forge");
  const auto game = GetGame(harness_->stub(), tokens_[0], game_id);
  const int seat = game.view().active_seats(0);
  mailrun::v1::ListLegalActionsRequest request;
  request.set_game_id(game_id);
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens_[seat], request, &legal).ok());
  mailrun::v1::SubmitActionResponse answer;
  const grpc::Status forged =
      Submit(harness_->stub(), tokens_[seat], game_id, 0, legal.actions(0).action(), "service:prog:0123456789abcdef", &answer);
  EXPECT_EQ(forged.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(forged);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id + "'"), 0);

  tokens_.push_back(GameHarness::AccessToken("spectator"));
  EXPECT_EQ(Set(3, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO, 10, nullptr).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Set(seat, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO, 0, nullptr).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Set(seat, game_id, mailrun::v1::PROGRAMMED_MOVE_KIND_UNSPECIFIED, 0, nullptr).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_programmed_moves WHERE game_id = '" + game_id + "'"), 0);
}

}  // namespace
}  // namespace mailrun::game::testing
