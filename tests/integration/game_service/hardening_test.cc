// Issue 20 against the real mailrun-game: ids follow one rule (a NUL byte cannot make one request
// id stand for another, nor junk after a game id reach the game), a request_id reused for a
// different action is refused by name, and an undo takes the version it means to undo, so a
// double-tapped undo takes back one action.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/integration/game_service/play_helpers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

class Hardening : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_hardening"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override {
    record_ = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
    game_id_ = harness_->CreateGame(record_.config);
    for (const auto& player : record_.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  }
  const std::string& TokenOf(size_t action) { return tokens_[record_.actions[action].seat()]; }
  int64_t Version() { return GetGame(harness_->stub(), tokens_[kAdam], game_id_).version(); }
  int64_t Rows() {
    pqxx::nontransaction txn(harness_->db());
    return txn.exec_params1("SELECT count(*) FROM game_actions WHERE game_id = $1", game_id_)[0].as<int64_t>();
  }
  grpc::Status Undo(int seat, int64_t expected_version, mailrun::v1::UndoLastActionResponse* response,
                    std::multimap<std::string, std::string>* trailers = nullptr) {
    mailrun::v1::UndoLastActionRequest request;
    request.set_game_id(game_id_);
    request.set_request_id(NewRequestId());
    request.set_expected_version(expected_version);
    return GameHarness::Call(harness_->stub(), &GameStub::UndoLastAction, tokens_[seat], request, response, trailers);
  }

  static GameHarness* harness_;
  mailrun::engine::GameRecord record_;
  std::string game_id_;
  std::vector<std::string> tokens_;
};
GameHarness* Hardening::harness_ = nullptr;

TEST_F(Hardening, ARequestIdWithANulByteIsRefusedSoNoMoveIsLost) {
  // Before: "bond\0a" was stored as "bond", and the next move under "bond\0b" was answered with
  // the first move's answer and never applied.
  mailrun::v1::SubmitActionResponse response;
  const grpc::Status first = Submit(harness_->stub(), TokenOf(0), game_id_, 0, record_.actions[0],
                                    std::string("bond\0a", 6), &response);
  EXPECT_EQ(first.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(first);
  EXPECT_NE(first.error_message().find("request_id holds a NUL byte"), std::string::npos) << first.error_message();
  EXPECT_EQ(Version(), 0);
  EXPECT_EQ(Rows(), 0);
  // The moves under plain ids are each applied.
  ASSERT_TRUE(Submit(harness_->stub(), TokenOf(0), game_id_, 0, record_.actions[0], "bond", &response).ok());
  const grpc::Status second = Submit(harness_->stub(), TokenOf(1), game_id_, 1, record_.actions[1],
                                     std::string("bond\0b", 6), &response);
  EXPECT_EQ(second.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << "not the first move's answer";
  ASSERT_TRUE(Submit(harness_->stub(), TokenOf(1), game_id_, 1, record_.actions[1], "bond-b", &response).ok());
  EXPECT_EQ(response.version(), 2);
  EXPECT_EQ(Version(), 2);
}

TEST_F(Hardening, AGameIdWithANulAndJunkDoesNotReachTheGame) {
  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id_ + std::string("\0junk\x01", 6));
  mailrun::v1::GetGameResponse response;
  const grpc::Status status = harness_->Call(&GameStub::GetGame, tokens_[kAdam], request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  EXPECT_NE(status.error_message().find("game_id"), std::string::npos);
  EXPECT_FALSE(response.has_view());
  // The same junk on the other calls that name a game.
  mailrun::v1::SubmitActionResponse submitted;
  EXPECT_EQ(Submit(harness_->stub(), TokenOf(0), request.game_id(), 0, record_.actions[0], NewRequestId(), &submitted)
                .error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  mailrun::v1::GetHistoryRequest history;
  history.set_game_id(request.game_id());
  mailrun::v1::GetHistoryResponse page;
  EXPECT_EQ(harness_->Call(&GameStub::GetHistory, tokens_[kAdam], history, &page).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Version(), 0);
}

TEST_F(Hardening, ARequestIdReusedForADifferentActionIsRefusedByName) {
  mailrun::v1::SubmitActionResponse first;
  ASSERT_TRUE(Submit(harness_->stub(), TokenOf(0), game_id_, 0, record_.actions[0], "adam-1", &first).ok());
  // The same id for Adam's next, different action: before, the first answer came back and the
  // second action was silently never applied.
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 1, 5, 1);
  ASSERT_EQ(record_.actions[5].seat(), kAdam);
  mailrun::v1::SubmitActionResponse reused;
  const grpc::Status status =
      Submit(harness_->stub(), TokenOf(5), game_id_, version, record_.actions[5], "adam-1", &reused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  EXPECT_NE(status.error_message().find("request_id 'adam-1' was already used in this game for a different action"),
            std::string::npos)
      << status.error_message();
  EXPECT_EQ(Version(), version) << "nothing applied";
  // The true retry still gets its first answer, and the new action goes in under its own id.
  mailrun::v1::SubmitActionResponse retried;
  ASSERT_TRUE(Submit(harness_->stub(), TokenOf(0), game_id_, 0, record_.actions[0], "adam-1", &retried).ok());
  EXPECT_EQ(retried.SerializeAsString(), first.SerializeAsString());
  ASSERT_TRUE(Submit(harness_->stub(), TokenOf(5), game_id_, version, record_.actions[5], "adam-2", &reused).ok());
  // An undo under an action's request_id is refused as well.
  mailrun::v1::UndoLastActionRequest undo;
  undo.set_game_id(game_id_);
  undo.set_request_id("adam-2");
  undo.set_expected_version(version + 1);
  mailrun::v1::UndoLastActionResponse undone;
  const grpc::Status as_undo = harness_->Call(&GameStub::UndoLastAction, tokens_[kAdam], undo, &undone);
  EXPECT_EQ(as_undo.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(as_undo.error_message().find("already used in this game for an action"), std::string::npos);
}

TEST_F(Hardening, ADoubleTappedUndoTakesBackOneAction) {
  // Adam's two latest actions are his own (the record's 25th and 26th: his last claim and the end
  // of his first dealing turn): before, two undo calls took back both.
  ASSERT_EQ(record_.actions[24].seat(), kAdam);
  ASSERT_EQ(record_.actions[25].seat(), kAdam);
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 26, 0);
  mailrun::v1::UndoLastActionResponse first, second;
  ASSERT_TRUE(Undo(kAdam, version, &first).ok());
  EXPECT_EQ(first.undone_seq(), 26);
  std::multimap<std::string, std::string> trailers;
  const grpc::Status tap = Undo(kAdam, version, &second, &trailers);
  EXPECT_EQ(tap.error_code(), grpc::StatusCode::ABORTED) << Describe(tap);
  EXPECT_NE(tap.error_message().find(fmt::format("is at version {}, not {}", version + 1, version)), std::string::npos)
      << tap.error_message();
  ASSERT_EQ(trailers.count("mailrun-current-version"), 1u);
  EXPECT_EQ(trailers.find("mailrun-current-version")->second, std::to_string(version + 1));
  EXPECT_EQ(Version(), version + 1);
  EXPECT_EQ(EffectiveActions(harness_->db(), game_id_).size(), 25u) << "one action taken back, not two";
  // Meaning it again, at the new version, takes back the one before.
  ASSERT_TRUE(Undo(kAdam, version + 1, &second).ok());
  EXPECT_EQ(second.undone_seq(), 25);
}

TEST_F(Hardening, AnUndoWithoutItsVersionIsRefusedNotAppliedBlindly) {
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 1, 0);
  mailrun::v1::UndoLastActionResponse undone;
  const grpc::Status status = Undo(kAdam, 0, &undone);  // a client from before the field existed
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("expected_version is required"), std::string::npos) << status.error_message();
  EXPECT_EQ(Version(), version);
}

}  // namespace
}  // namespace mailrun::game::testing
