// GetGame(at_version) against the real mailrun-game and PostgreSQL, with no game cache and a
// snapshot every 3 versions, so every earlier view is rebuilt from snapshots and the log: each
// player and a spectator get, at every earlier version, exactly the view they were served at that
// version (their own secret cities then, nobody else's), also for a version whose action was
// later taken back; and the refusals of a version out of range name the field and carry a key.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <map>

#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

using google::protobuf::util::MessageDifferencer;

class ViewAtVersion : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    harness_ = new GameHarness("game_service_at_version",
                               {.extra_args = {"--cache-games", "0", "--snapshot-every", "3"}, .redis_url = ""});
  }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override {
    record_ = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
    game_id_ = harness_->CreateGame(record_.config, "table-at-version", 86400);
    for (const auto& player : record_.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
    tokens_.push_back(GameHarness::AccessToken("onlooker"));  // a spectator
  }

  grpc::Status At(const std::string& token, int64_t version, mailrun::v1::GetGameResponse* response,
                  int64_t since_version = 0) {
    mailrun::v1::GetGameRequest request;
    request.set_game_id(game_id_);
    request.set_at_version(version);
    request.set_since_version(since_version);
    return harness_->Call(&GameStub::GetGame, token, request, response);
  }
  // What every caller (each seat, then the spectator) is served now, kept by version.
  void Remember(int64_t version) {
    for (size_t who = 0; who < tokens_.size(); ++who) {
      const auto now = GetGame(harness_->stub(), tokens_[who], game_id_);
      ASSERT_EQ(now.version(), version);
      served_[version].push_back(now.view());
    }
  }

  static GameHarness* harness_;
  mailrun::engine::GameRecord record_;
  std::string game_id_;
  std::vector<std::string> tokens_;
  std::map<int64_t, std::vector<mailrun::v1::GameView>> served_;  // version -> view of each caller
};
GameHarness* ViewAtVersion::harness_ = nullptr;

TEST_F(ViewAtVersion, EachCallerGetsAnEarlierVersionExactlyAsItWasServedThen) {
  // The bonds, then city claims (secret, 2.5.2.4) one at a time; the last claim is taken back
  // and made again, so one version shows a claim the game no longer has.
  Remember(0);
  int64_t version = 0;
  constexpr size_t kClaims = 9;
  for (size_t i = 0; i < kClaims; ++i) {
    version = PlayRecorded(harness_->stub(), record_, game_id_, i, i + 1, version);
    Remember(version);
  }
  const int claimer = record_.actions[kClaims - 1].seat();
  ASSERT_TRUE(record_.actions[kClaims - 1].has_claim_city());
  mailrun::v1::UndoLastActionRequest undo;
  undo.set_game_id(game_id_);
  undo.set_request_id(NewRequestId());
  undo.set_expected_version(version);
  mailrun::v1::UndoLastActionResponse undone;
  const grpc::Status undo_status = harness_->Call(&GameStub::UndoLastAction, tokens_[claimer], undo, &undone);
  ASSERT_TRUE(undo_status.ok()) << Describe(undo_status);
  version = undone.version();
  Remember(version);
  version = PlayRecorded(harness_->stub(), record_, game_id_, kClaims - 1, kClaims, version);
  Remember(version);
  ASSERT_EQ(version, static_cast<int64_t>(kClaims) + 2);

  for (const auto& [at, views] : served_) {
    for (size_t who = 0; who < tokens_.size(); ++who) {
      mailrun::v1::GetGameResponse then;
      const grpc::Status status = At(tokens_[who], at, &then);
      ASSERT_TRUE(status.ok()) << Describe(status);
      EXPECT_EQ(then.version(), at);
      EXPECT_EQ(then.status(), mailrun::v1::GAME_STATUS_ACTIVE);
      EXPECT_EQ(then.your_seat(), who < tokens_.size() - 1 ? static_cast<int>(who) : -1);
      EXPECT_FALSE(then.is_delta());
      EXPECT_EQ(then.new_log_lines_size(), 0);
      std::string difference;
      MessageDifferencer differ;
      differ.ReportDifferencesToString(&difference);
      EXPECT_TRUE(differ.Compare(views[who], then.view())) << "caller " << who << " at version " << at << ": "
                                                           << difference;
    }
  }
  // The version before the undo still shows the claim, to its claimer only; the undo's version
  // does not.
  const int64_t claimed = static_cast<int64_t>(kClaims);
  const std::string city = record_.actions[kClaims - 1].claim_city().city();
  auto names = [&](int who, int64_t at) {
    mailrun::v1::GetGameResponse then;
    EXPECT_TRUE(At(tokens_[who], at, &then).ok());
    for (const auto& named : then.view().players(claimer).bond().cities()) {
      if (named == city) return true;
    }
    return false;
  };
  EXPECT_TRUE(names(claimer, claimed));
  EXPECT_FALSE(names(claimer, claimed + 1)) << "the undo took " << city << " back";
  for (int other = 0; other < record_.config.players_size(); ++other) {
    if (other != claimer) {
      EXPECT_FALSE(names(other, claimed)) << "seat " << other << " sees " << city;
    }
  }
}

TEST_F(ViewAtVersion, AVersionOutOfRangeIsRefusedNamingTheField) {
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 3, 0);
  struct Case {
    int64_t at;
    int64_t since;
    std::string field;
    std::string key;
  };
  for (const Case& bad : {Case{-1, 0, "at_version", "game.invalid.at_version.negative"},
                          Case{version + 1, 0, "at_version", "game.invalid.at_version"},
                          Case{1, 2, "since_version", "game.invalid.since_version"}}) {
    mailrun::v1::GetGameResponse response;
    const grpc::Status status = At(tokens_[0], bad.at, &response, bad.since);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad.at << ": " << Describe(status);
    EXPECT_NE(status.error_message().find(bad.field), std::string::npos) << status.error_message();
    const auto refusal = mailrun::service::RefusalOf(status);
    ASSERT_TRUE(refusal.has_value()) << bad.at;
    EXPECT_EQ(refusal->key, bad.key);
    // Issue 22: the versions the message names are typed parameters too.
    std::map<std::string, int64_t> counts;
    for (const auto& param : refusal->params) counts[param.name()] = param.count();
    if (bad.at >= 0 && bad.since == 0) {
      EXPECT_EQ(counts, (std::map<std::string, int64_t>{{"at_version", bad.at}, {"current", version}}));
    } else if (bad.at < 0) {
      EXPECT_EQ(counts, (std::map<std::string, int64_t>{{"at_version", bad.at}}));
    }
    EXPECT_EQ(refusal->bad_field, bad.field);
    EXPECT_EQ(refusal->kind, "malformed");
  }
  // The whole range answers, the game's own version included; an unknown game is NOT_FOUND.
  for (int64_t at = 0; at <= version; ++at) {
    mailrun::v1::GetGameResponse response;
    EXPECT_TRUE(At(tokens_[1], at, &response).ok()) << at;
  }
  mailrun::v1::GetGameRequest request;
  request.set_game_id("g-no-such-game");
  request.set_at_version(0);
  mailrun::v1::GetGameResponse response;
  EXPECT_EQ(harness_->Call(&GameStub::GetGame, tokens_[0], request, &response).error_code(),
            grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[0], game_id_).version(), version) << "a refusal changed the game";
}

}  // namespace
}  // namespace mailrun::game::testing
