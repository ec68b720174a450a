// Acceptance 4 of issue 9, against the real mailrun-game: a player cannot act for another seat (or
// in a game without a seat, or with a wrong or expired token), cannot see another player's secret
// bid cities (or, before everyone has committed, bond amounts) through any RPC (GetGame at every
// earlier version included), event or log line, and a spectator sees no secrets. The game is the
// Appendix 4 sample game, where everyone's cities are known from the fixture.
#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>

#include <set>

#include "mailrun/v1/events.pb.h"
#include "services/common/auth.h"
#include "services/common/token.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/testing/servers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

void ExpectNoneOf(const std::string& text, const std::set<std::string>& secrets, const std::string& where) {
  for (const auto& secret : secrets) EXPECT_EQ(text.find(secret), std::string::npos) << where << " shows " << secret;
}

constexpr size_t kAllCitiesClaimed = 25;  // the fixture's "payment" checkpoint: bids complete

class Secrets : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_secrets"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override {
    record_ = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
    game_id_ = harness_->CreateGame(record_.config);
    for (const auto& player : record_.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  }

  // The cities `seat` must not see: every city another player claimed that `seat` did not.
  std::set<std::string> HiddenFrom(int seat, size_t actions) const {
    std::set<std::string> own, others;
    for (size_t i = 0; i < actions; ++i) {
      const auto& action = record_.actions[i];
      if (!action.has_claim_city()) continue;
      (action.seat() == seat ? own : others).insert(action.claim_city().city());
    }
    std::set<std::string> hidden;
    for (const auto& city : others) {
      if (!own.contains(city)) hidden.insert(city);
    }
    return hidden;
  }

  std::set<std::string> AllClaimedCities() const {
    std::set<std::string> cities;
    for (const auto& action : record_.actions) {
      if (action.has_claim_city()) cities.insert(action.claim_city().city());
    }
    return cities;
  }

  // Everything `token` can read of the game through every read RPC, as text.
  std::string EverythingVisibleTo(const std::string& token, int64_t version) {
    std::string all;
    auto add = [&](const google::protobuf::Message& message) {
      std::string text;
      google::protobuf::TextFormat::PrintToString(message, &text);
      all += text;
    };
    add(GetGame(harness_->stub(), token, game_id_));
    for (int64_t since = 1; since < version; since += 3) add(GetGame(harness_->stub(), token, game_id_, since));
    for (int64_t at = 0; at <= version; ++at) {  // the history: the view at every earlier version
      mailrun::v1::GetGameRequest request;
      request.set_game_id(game_id_);
      request.set_at_version(at);
      mailrun::v1::GetGameResponse then;
      EXPECT_TRUE(harness_->Call(&GameStub::GetGame, token, request, &then).ok()) << at;
      add(then);
    }
    mailrun::v1::GetHistoryRequest history;
    history.set_game_id(game_id_);
    history.set_page_size(5);
    do {
      mailrun::v1::GetHistoryResponse page;
      EXPECT_TRUE(harness_->Call(&GameStub::GetHistory, token, history, &page).ok());
      add(page);
      history.set_after_seq(page.next_after_seq());
    } while (history.after_seq() != 0);
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id_);
    mailrun::v1::ListLegalActionsResponse legal;
    EXPECT_TRUE(harness_->Call(&GameStub::ListLegalActions, token, list, &legal).ok());
    add(legal);
    mailrun::v1::ListMyGamesResponse mine;
    EXPECT_TRUE(harness_->Call(&GameStub::ListMyGames, token, mailrun::v1::ListMyGamesRequest(), &mine).ok());
    add(mine);
    // Company names are public and some contain a city ("Bengal Nagpur Railway"): take them out.
    const auto game = GetGame(harness_->stub(), token, game_id_);
    for (const auto& company : game.view().companies()) {
      for (size_t at = all.find(company.name()); at != std::string::npos; at = all.find(company.name(), at)) {
        all.erase(at, company.name().size());
      }
    }
    return all;
  }

  static GameHarness* harness_;
  mailrun::engine::GameRecord record_;
  std::string game_id_;
  std::vector<std::string> tokens_;
};
GameHarness* Secrets::harness_ = nullptr;

TEST_F(Secrets, NobodyActsForAnotherSeatAndARefusalChangesNothing) {
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 5, 0);  // bonds written
  ASSERT_EQ(version, 5);
  // Adam is to claim a city. Beth claiming "as Adam" (seat 0 in the action) is refused...
  mailrun::v1::Action as_adam = record_.actions[5];
  ASSERT_EQ(as_adam.seat(), kAdam);
  mailrun::v1::SubmitActionResponse response;
  as_adam.set_seat(kAdam);
  // (seat 0 means "unset", so use Clive's turn-less claim for the explicit-seat check)
  mailrun::v1::Action as_clive = as_adam;
  as_clive.set_seat(kClive);
  grpc::Status status =
      Submit(harness_->stub(), tokens_[kBeth], game_id_, version, as_clive, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED) << Describe(status);
  // ... and so is Beth claiming in Adam's turn (the seat is hers, whatever the action says).
  status = Submit(harness_->stub(), tokens_[kBeth], game_id_, version, as_adam, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(status);
  EXPECT_EQ(status.error_message().rfind("2.5.2.4: ", 0), 0u) << "the rule comes first: " << status.error_message();
  // A user without a seat, a service token, a forged and an expired token.
  status = Submit(harness_->stub(), GameHarness::AccessToken("stranger"), game_id_, version, as_adam, NewRequestId(),
                  &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED) << Describe(status);
  status = Submit(harness_->stub(), GameHarness::ServiceToken(), game_id_, version, as_adam, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << Describe(status);
  status = Submit(harness_->stub(), tokens_[kAdam] + "x", game_id_, version, as_adam, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << Describe(status);
  mailrun::service::TokenClaims expired{"adam",
                                        "Adam",
                                        mailrun::service::TokenKind::kAccess,
                                        mailrun::service::UnixNow() - 7200,
                                        mailrun::service::UnixNow() - 3600,
                                        "x",
                                        ""};
  status = Submit(harness_->stub(), mailrun::testing::TestSigner().Issue(expired), game_id_, version,
                  as_adam, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << Describe(status);
  status = Submit(harness_->stub(), "", game_id_, version, as_adam, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << Describe(status);
  // Preview and undo by a stranger are refused the same way.
  mailrun::v1::PreviewActionRequest preview;
  preview.set_game_id(game_id_);
  *preview.mutable_action() = as_adam;
  mailrun::v1::PreviewActionResponse previewed;
  EXPECT_EQ(
      harness_->Call(&GameStub::PreviewAction, GameHarness::AccessToken("stranger"), preview, &previewed).error_code(),
      grpc::StatusCode::PERMISSION_DENIED);
  mailrun::v1::UndoLastActionRequest undo;
  undo.set_game_id(game_id_);
  undo.set_request_id(NewRequestId());
  undo.set_expected_version(version);
  mailrun::v1::UndoLastActionResponse undone;
  EXPECT_EQ(harness_->Call(&GameStub::UndoLastAction, GameHarness::AccessToken("stranger"), undo, &undone).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  EXPECT_EQ(GetGame(harness_->stub(), tokens_[kAdam], game_id_).version(), version) << "a refusal changed the game";
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id_ + "'"), 5);
  // Adam himself may (action.seat unset: the token says who acts).
  EXPECT_TRUE(Submit(harness_->stub(), tokens_[kAdam], game_id_, version, as_adam, NewRequestId(), &response).ok());
}

TEST_F(Secrets, NoRpcShowsAPlayerAnotherPlayersCitiesAndSpectatorsSeeNone) {
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, kAllCitiesClaimed, 0);
  ASSERT_EQ(version, static_cast<int64_t>(kAllCitiesClaimed));
  for (int seat = 0; seat < record_.config.players_size(); ++seat) {
    const std::string seen = EverythingVisibleTo(tokens_[seat], version);
    const auto hidden = HiddenFrom(seat, kAllCitiesClaimed);
    ASSERT_FALSE(hidden.empty());
    ExpectNoneOf(seen, hidden, "what seat " + std::to_string(seat) + " reads");
    // Their own cities are there.
    const auto view = GetGame(harness_->stub(), tokens_[seat], game_id_).view();
    EXPECT_GT(view.players(seat).bond().cities_size(), 0);
    for (int other = 0; other < view.players_size(); ++other) {
      EXPECT_TRUE(other == seat || view.players(other).bond().cities_size() == 0) << seat << " sees " << other;
    }
  }
  const std::string spectator = GameHarness::AccessToken("spectator");
  ExpectNoneOf(EverythingVisibleTo(spectator, version), AllClaimedCities(), "what a spectator reads");
  const auto watched = GetGame(harness_->stub(), spectator, game_id_);
  EXPECT_EQ(watched.your_seat(), -1);
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(game_id_);
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, spectator, list, &legal).ok());
  EXPECT_EQ(legal.actions_size(), 0);

  // No event and no line of the service's log names a claimed city or carries a token.
  pqxx::nontransaction txn(harness_->db());
  for (const auto& row : txn.exec("SELECT payload FROM outbox")) {
    mailrun::v1::Event event;
    ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(row[0]).str()));
    ExpectNoneOf(event.DebugString(), AllClaimedCities(), "event " + event.event_id());
  }
  const std::string log = mailrun::testing::ReadFile(harness_->log_path());
  for (const auto& token : tokens_) EXPECT_EQ(log.find(token.substr(0, 20)), std::string::npos);
  ExpectNoneOf(log, AllClaimedCities(), "the service's log");
}

TEST_F(Secrets, BondAmountsStaySecretUntilEveryBondIsWrittenDown) {
  int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 1, 0);  // Adam: £150
  for (int seat : {kBeth, kClive}) {
    const auto view = GetGame(harness_->stub(), tokens_[seat], game_id_).view();
    EXPECT_TRUE(view.players(kAdam).bond().committed());
    EXPECT_EQ(view.players(kAdam).bond().amount(), 0);
  }
  mailrun::v1::GetHistoryRequest history;
  history.set_game_id(game_id_);
  mailrun::v1::GetHistoryResponse page;
  ASSERT_TRUE(harness_->Call(&GameStub::GetHistory, tokens_[kBeth], history, &page).ok());
  // The page without its times (a millisecond time may hold the digits 150, as 1796678831509 did).
  mailrun::v1::GetHistoryResponse untimed = page;
  for (auto& entry : *untimed.mutable_entries()) {
    entry.clear_at_unix_ms();
    for (auto& line : *entry.mutable_log_lines()) line.clear_at_unix_ms();
  }
  EXPECT_EQ(untimed.DebugString().find("150"), std::string::npos) << untimed.DebugString();
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[kAdam], game_id_).view().players(kAdam).bond().amount(), 150);
  version = PlayRecorded(harness_->stub(), record_, game_id_, 1, 5, version);  // all written: revealed
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[kBeth], game_id_).view().players(kAdam).bond().amount(), 150);
}

TEST_F(Secrets, APreviewOfTheLastBondShowsNoOtherBond) {
  // Four bonds are written down (Adam £150, Beth £95, Clive £85, Dora £80); Ed previews his. The
  // real action would reveal every bond (2.5.2.3); the preview, which commits nothing, must not.
  const int64_t version = PlayRecorded(harness_->stub(), record_, game_id_, 0, 4, 0);
  ASSERT_EQ(version, 4);
  const int ed = 4;
  mailrun::v1::PreviewActionRequest request;
  request.set_game_id(game_id_);
  request.mutable_action()->mutable_commit_bond()->set_amount(70);
  mailrun::v1::PreviewActionResponse preview;
  const auto tokens = tokens_;
  ASSERT_TRUE(harness_->Call(&GameStub::PreviewAction, tokens[ed], request, &preview).ok());
  std::string lines;
  for (const auto& line : preview.log_lines()) lines += line.text() + "\n";
  for (const char* amount : {"£150", "£95", "£85", "£80"}) {
    EXPECT_EQ(lines.find(amount), std::string::npos) << "the preview's log shows " << amount << ":\n" << lines;
  }
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(preview.view_after().players(seat).bond().amount(), 0) << "seat " << seat;
  }
  EXPECT_EQ(preview.view_after().players(ed).bond().amount(), 70) << "Ed's own";
  EXPECT_EQ(preview.view_after().players(0).cash(), 570) << "Adam's bond is still in his cash";
  // Nothing changed: the bond is still Ed's to write, and the game's version is the same.
  EXPECT_EQ(GetGame(harness_->stub(), tokens[ed], game_id_).version(), version);
}

}  // namespace
}  // namespace mailrun::game::testing
