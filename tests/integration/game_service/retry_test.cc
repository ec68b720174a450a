// Acceptance 3 of issue 9: a SubmitAction retried with the same request_id after a lost response
// applies once and returns the same answer: when the client dropped the answer, when the client
// gave up (deadline) while the service may have been applying it, when duplicates arrive at the
// same moment, and after the game has moved on. Against the real mailrun-game and PostgreSQL.
#include <gtest/gtest.h>

#include <thread>

#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::engine::Game;

class Retry : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_retry"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }

  void SetUp() override {
    config_ = PlayersConfig("retry" + std::to_string(++games_), 3, 77);
    game_id_ = harness_->CreateGame(config_);
    local_.emplace(*Game::Create(config_));
  }

  // The next action of the local copy's first active seat (the first listed), and its token.
  std::pair<mailrun::v1::Action, std::string> Next() {
    const int seat = local_->ActiveSeats().at(0);
    return {local_->LegalActions(seat).at(0).action(), GameHarness::AccessToken(config_.players(seat).user_id())};
  }
  // Follows an action of Next()'s seat on the local copy.
  void Applied(mailrun::v1::Action action) {
    action.set_seat(local_->ActiveSeats().at(0));
    ASSERT_TRUE(local_->Apply(action).ok());
  }
  int64_t Rows(const std::string& request_id) {
    pqxx::nontransaction txn(harness_->db());
    return txn
        .exec_params1("SELECT count(*) FROM game_actions WHERE game_id = $1 AND request_id = $2", game_id_,
                      request_id)[0]
        .as<int64_t>();
  }
  int64_t Version() {
    pqxx::nontransaction txn(harness_->db());
    return txn.exec_params1("SELECT version FROM games WHERE game_id = $1", game_id_)[0].as<int64_t>();
  }

  static GameHarness* harness_;
  static int games_;
  mailrun::v1::GameConfig config_;
  std::string game_id_;
  std::optional<Game> local_;
};
GameHarness* Retry::harness_ = nullptr;
int Retry::games_ = 0;

TEST_F(Retry, ADroppedAnswerIsGivenAgainAndNothingIsAppliedTwice) {
  const auto [action, token] = Next();
  const std::string request_id = NewRequestId();
  mailrun::v1::SubmitActionResponse first, second;
  ASSERT_TRUE(Submit(harness_->stub(), token, game_id_, 0, action, request_id, &first).ok());
  // The client never saw `first`; it retries the same call.
  ASSERT_TRUE(Submit(harness_->stub(), token, game_id_, 0, action, request_id, &second).ok());
  EXPECT_EQ(second.SerializeAsString(), first.SerializeAsString());
  EXPECT_EQ(second.version(), 1);
  EXPECT_EQ(Rows(request_id), 1);
  EXPECT_EQ(Version(), 1);

  // Later, after another action moved the game on, the retry still gets the first answer.
  Applied(action);
  const auto [next, next_token] = Next();
  mailrun::v1::SubmitActionResponse moved_on;
  ASSERT_TRUE(Submit(harness_->stub(), next_token, game_id_, 1, next, NewRequestId(), &moved_on).ok());
  mailrun::v1::SubmitActionResponse third;
  ASSERT_TRUE(Submit(harness_->stub(), token, game_id_, 0, action, request_id, &third).ok());
  EXPECT_EQ(third.SerializeAsString(), first.SerializeAsString());
  EXPECT_EQ(Version(), 2);
  EXPECT_EQ(Rows(request_id), 1);
}

TEST_F(Retry, AClientThatGaveUpRetriesAndTheActionIsAppliedExactlyOnce) {
  // Deadlines from 0.2 ms to 6 ms: some calls end before the service saw them, some while it was
  // applying, some after it answered. Whatever happened, the retry makes it exactly once.
  int64_t version = 0;
  int lost = 0;
  for (int attempt = 0; attempt < 30; ++attempt) {
    const auto [action, token] = Next();
    const std::string request_id = NewRequestId();
    mailrun::v1::SubmitActionRequest request;
    request.set_game_id(game_id_);
    request.set_expected_version(version);
    *request.mutable_action() = action;
    request.set_request_id(request_id);
    {
      grpc::ClientContext context;
      context.AddMetadata("authorization", "Bearer " + token);
      context.set_deadline(std::chrono::system_clock::now() + std::chrono::microseconds(200 + 200 * attempt));
      mailrun::v1::SubmitActionResponse ignored;
      if (!harness_->stub().SubmitAction(&context, request, &ignored).ok()) ++lost;
    }
    mailrun::v1::SubmitActionResponse retried;
    const grpc::Status status = Submit(harness_->stub(), token, game_id_, version, action, request_id, &retried);
    ASSERT_TRUE(status.ok()) << "attempt " << attempt << ": " << Describe(status);
    EXPECT_EQ(retried.version(), version + 1);
    EXPECT_EQ(Rows(request_id), 1);
    Applied(action);
    version = retried.version();
  }
  EXPECT_EQ(Version(), version);
  EXPECT_GT(lost, 0) << "no call was cut short: the test did not simulate a lost answer";
  EXPECT_EQ(ReplayStoredLog(harness_->db(), game_id_).SnapshotJson(), local_->SnapshotJson());
}

TEST_F(Retry, DuplicatesArrivingTogetherApplyOnceAndAllGetTheFirstAnswer) {
  const auto [action, token] = Next();
  const std::string request_id = NewRequestId();
  constexpr int kDuplicates = 8;
  std::vector<mailrun::v1::SubmitActionResponse> answers(kDuplicates);
  std::vector<grpc::Status> statuses(kDuplicates);
  std::vector<std::unique_ptr<GameStub>> stubs;
  for (int i = 0; i < kDuplicates; ++i) stubs.push_back(harness_->NewStub());
  std::vector<std::thread> threads;
  for (int i = 0; i < kDuplicates; ++i) {
    threads.emplace_back(
        [&, i] { statuses[i] = Submit(*stubs[i], token, game_id_, 0, action, request_id, &answers[i]); });
  }
  for (auto& thread : threads) thread.join();
  for (int i = 0; i < kDuplicates; ++i) {
    ASSERT_TRUE(statuses[i].ok()) << Describe(statuses[i]);
    EXPECT_EQ(answers[i].SerializeAsString(), answers[0].SerializeAsString());
  }
  EXPECT_EQ(Rows(request_id), 1);
  EXPECT_EQ(Version(), 1);
}

TEST_F(Retry, ARequestIdBelongsToItsFirstCall) {
  const auto [action, token] = Next();
  const std::string request_id = NewRequestId();
  mailrun::v1::SubmitActionResponse first;
  ASSERT_TRUE(Submit(harness_->stub(), token, game_id_, 0, action, request_id, &first).ok());
  // Another player reusing it is refused, and learns nothing of the first call.
  const int other = (local_->ActiveSeats().at(0) + 1) % 3;
  mailrun::v1::SubmitActionResponse refused;
  const grpc::Status status = Submit(harness_->stub(), GameHarness::AccessToken(config_.players(other).user_id()),
                                     game_id_, 1, action, request_id, &refused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  EXPECT_EQ(refused.log_lines_size(), 0);
  // The same id for an undo is refused too.
  mailrun::v1::UndoLastActionRequest undo;
  undo.set_game_id(game_id_);
  undo.set_request_id(request_id);
  mailrun::v1::UndoLastActionResponse undone;
  EXPECT_EQ(harness_->Call(&GameStub::UndoLastAction, token, undo, &undone).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Version(), 1);
}

TEST_F(Retry, ARequestIdUsedBeforeIsRefusedForALegalActionAtTheCurrentVersion) {
  const auto [action, token] = Next();
  const std::string request_id = NewRequestId();
  mailrun::v1::SubmitActionResponse first;
  ASSERT_TRUE(Submit(harness_->stub(), token, game_id_, 0, action, request_id, &first).ok());
  Applied(action);
  // The next seat's legal action at the game's current version, under the first call's id: the
  // service holds the game at that version, so it writes without reading first, and the log's
  // unique request_id is what stops the write. It is refused as a reused id and nothing changes.
  const auto [next, next_token] = Next();
  mailrun::v1::SubmitActionResponse refused;
  const grpc::Status status = Submit(harness_->stub(), next_token, game_id_, 1, next, request_id, &refused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  EXPECT_NE(status.error_message().find("already used"), std::string::npos) << status.error_message();
  EXPECT_EQ(refused.log_lines_size(), 0);
  EXPECT_EQ(Version(), 1);
  EXPECT_EQ(Rows(request_id), 1);
  // With a new id the same action is applied.
  mailrun::v1::SubmitActionResponse applied;
  ASSERT_TRUE(Submit(harness_->stub(), next_token, game_id_, 1, next, NewRequestId(), &applied).ok());
  EXPECT_EQ(applied.version(), 2);
  Applied(next);
  EXPECT_EQ(ReplayStoredLog(harness_->db(), game_id_).SnapshotJson(), local_->SnapshotJson());
}

}  // namespace
}  // namespace mailrun::game::testing
