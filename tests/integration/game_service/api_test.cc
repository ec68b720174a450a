// The game API call by call, against the real mailrun-game and PostgreSQL: GetHistory paging,
// PreviewAction changing nothing, UndoLastAction's rules, SuggestRuns, ListMyGames, GetGame's
// deltas and errors, CreateGame's idempotency and service-token-only access, GetGameResult. The
// service runs without a cache and with a snapshot every 3 log entries, so every call loads its
// game from the database (snapshot + replay, undone actions skipped).
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <thread>

#include "mailrun/v1/events.pb.h"
#include "services/common/refusal_details.h"
#include "services/game/view_delta.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

using google::protobuf::util::MessageDifferencer;
using mailrun::engine::Game;

class Api : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    harness_ = new GameHarness("game_service_api",
                               {.extra_args = {"--cache-games", "0", "--snapshot-every", "3"}, .redis_url = ""});
  }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  void SetUp() override {
    record_ = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
    game_id_ = harness_->CreateGame(record_.config, "table-api", 86400);
    for (const auto& player : record_.config.players()) tokens_.push_back(GameHarness::AccessToken(player.user_id()));
  }
  int64_t Play(size_t from, size_t to, int64_t version) {
    return PlayRecorded(harness_->stub(), record_, game_id_, from, to, version);
  }
  // An undo of the game as the caller sees it now (expected_version: the current version), or at
  // `expected_version` when given (a retry repeats its first call's).
  grpc::Status Undo(int seat, mailrun::v1::UndoLastActionResponse* response,
                    const std::string& request_id = NewRequestId(), int64_t expected_version = -1) {
    mailrun::v1::UndoLastActionRequest request;
    request.set_game_id(game_id_);
    request.set_request_id(request_id);
    request.set_expected_version(expected_version >= 0 ? expected_version
                                                       : GetGame(harness_->stub(), tokens_[seat], game_id_).version());
    return harness_->Call(&GameStub::UndoLastAction, tokens_[seat], request, response);
  }
  // The engine's game after the first `count` recorded actions.
  Game Direct(size_t count) const {
    auto game = Game::Create(record_.config);
    for (size_t i = 0; i < count; ++i) EXPECT_TRUE(game->Apply(record_.actions[i]).ok());
    return std::move(*game);
  }

  static GameHarness* harness_;
  mailrun::engine::GameRecord record_;
  std::string game_id_;
  std::vector<std::string> tokens_;
};
GameHarness* Api::harness_ = nullptr;

TEST_F(Api, HistoryPagesThroughTheWholeLogWithTheAnswersLogLines) {
  std::vector<mailrun::v1::SubmitActionResponse> answers;
  for (size_t i = 0; i < 23; ++i) {
    mailrun::v1::SubmitActionResponse response;
    ASSERT_TRUE(Submit(harness_->stub(), tokens_[record_.actions[i].seat()], game_id_, static_cast<int64_t>(i),
                       record_.actions[i], NewRequestId(), &response)
                    .ok());
    answers.push_back(response);
  }
  mailrun::v1::GetHistoryRequest request;
  request.set_game_id(game_id_);
  request.set_page_size(5);
  std::vector<mailrun::v1::HistoryEntry> entries;
  int pages = 0;
  do {
    mailrun::v1::GetHistoryResponse page;
    ASSERT_TRUE(harness_->Call(&GameStub::GetHistory, GameHarness::AccessToken("watcher"), request, &page).ok());
    EXPECT_LE(page.entries_size(), 5);
    EXPECT_EQ(page.version(), 23);
    entries.insert(entries.end(), page.entries().begin(), page.entries().end());
    request.set_after_seq(page.next_after_seq());
    ++pages;
  } while (request.after_seq() != 0);
  EXPECT_EQ(pages, 5);
  ASSERT_EQ(entries.size(), 23u);
  for (size_t i = 0; i < entries.size(); ++i) {
    EXPECT_EQ(entries[i].seq(), static_cast<int64_t>(i + 1));
    EXPECT_EQ(entries[i].seat(), record_.actions[i].seat());
    EXPECT_GT(entries[i].at_unix_ms(), 0);
    EXPECT_FALSE(entries[i].undone());
    ASSERT_EQ(entries[i].log_lines_size(), answers[i].log_lines_size());
    for (int l = 0; l < entries[i].log_lines_size(); ++l) {
      EXPECT_EQ(entries[i].log_lines(l).text(), answers[i].log_lines(l).text());
    }
  }
  request.set_after_seq(0);
  request.set_page_size(-1);
  mailrun::v1::GetHistoryResponse refused;
  EXPECT_EQ(harness_->Call(&GameStub::GetHistory, tokens_[0], request, &refused).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  request.set_page_size(100000);  // capped, not refused
  mailrun::v1::GetHistoryResponse all;
  ASSERT_TRUE(harness_->Call(&GameStub::GetHistory, tokens_[0], request, &all).ok());
  EXPECT_EQ(all.entries_size(), 23);
  EXPECT_EQ(all.next_after_seq(), 0);
}

TEST_F(Api, PreviewShowsTheConsequencesAndChangesNothing) {
  const int64_t version = Play(0, 26, 0);  // Beth is about to buy her first share
  const auto rows = harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id_ + "'");
  const auto& buy = record_.actions[26];
  ASSERT_TRUE(buy.has_buy_share());
  mailrun::v1::PreviewActionRequest request;
  request.set_game_id(game_id_);
  *request.mutable_action() = buy;
  mailrun::v1::PreviewActionResponse preview;
  ASSERT_TRUE(harness_->Call(&GameStub::PreviewAction, tokens_[kBeth], request, &preview).ok());
  EXPECT_EQ(preview.version(), version);
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[kBeth], game_id_).version(), version);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id_ + "'"), rows);

  mailrun::v1::SubmitActionResponse done;
  ASSERT_TRUE(Submit(harness_->stub(), tokens_[kBeth], game_id_, version, buy, NewRequestId(), &done).ok());
  ASSERT_EQ(preview.log_lines_size(), done.log_lines_size());
  for (int l = 0; l < done.log_lines_size(); ++l) {
    EXPECT_EQ(preview.log_lines(l).text(), done.log_lines(l).text());
    // Issue 22: each line also as a message key with parameters, the same in preview and answer.
    EXPECT_FALSE(done.log_lines(l).structured().key().empty()) << done.log_lines(l).text();
    EXPECT_TRUE(MessageDifferencer::Equals(preview.log_lines(l).structured(), done.log_lines(l).structured()));
  }
  EXPECT_TRUE(
      MessageDifferencer::Equals(preview.view_after(), GetGame(harness_->stub(), tokens_[kBeth], game_id_).view()));

  // Refusals are the same as SubmitAction's, and change nothing either.
  *request.mutable_action() = buy;  // Beth's turn is over: it is Clive's
  mailrun::v1::PreviewActionResponse refused;
  const grpc::Status not_now = harness_->Call(&GameStub::PreviewAction, tokens_[kBeth], request, &refused);
  EXPECT_EQ(not_now.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(not_now);
  // Issue 22: the refusal's message key and rule arrive in the standard error details.
  const auto details = service::RefusalOf(not_now);
  ASSERT_TRUE(details) << "no google.rpc.ErrorInfo in " << Describe(not_now);
  EXPECT_EQ(details->domain, "mailrun.app");
  EXPECT_EQ(details->key.rfind("1853.refusal.", 0), 0u) << details->key;
  EXPECT_FALSE(details->rule.empty());
  EXPECT_EQ(details->kind, "not_your_turn");
  EXPECT_EQ(details->precondition_subject, details->rule);
  EXPECT_EQ(not_now.error_message(), details->rule + ": " + details->precondition_description);
  request.mutable_action()->Clear();
  const grpc::Status empty = harness_->Call(&GameStub::PreviewAction, tokens_[kClive], request, &refused);
  EXPECT_EQ(empty.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(empty);
  const auto bad = service::RefusalOf(empty);
  ASSERT_TRUE(bad) << "no google.rpc.ErrorInfo in " << Describe(empty);
  EXPECT_EQ(bad->key, "1853.refusal.game.action_empty_say_what_do");
  EXPECT_EQ(bad->kind, "malformed");
  EXPECT_EQ(bad->bad_field, "action");
  EXPECT_EQ(bad->bad_description, empty.error_message());
}

TEST_F(Api, UndoTakesBackOnlyTheCallersOwnLastActionAndBumpsTheVersion) {
  int64_t version = Play(0, 1, 0);  // Adam's bond
  mailrun::v1::UndoLastActionResponse undone;
  EXPECT_EQ(Undo(kBeth, &undone).error_code(), grpc::StatusCode::FAILED_PRECONDITION) << "not Beth's action";
  const std::string request_id = NewRequestId();
  ASSERT_TRUE(Undo(kAdam, &undone, request_id).ok());
  EXPECT_EQ(undone.version(), version + 1);
  EXPECT_EQ(undone.undone_seq(), 1);
  ASSERT_EQ(undone.log_lines_size(), 1);
  mailrun::v1::UndoLastActionResponse again;
  ASSERT_TRUE(Undo(kAdam, &again, request_id, version).ok()) << "a retried undo gets its first answer";
  EXPECT_EQ(again.SerializeAsString(), undone.SerializeAsString());
  version = undone.version();
  EXPECT_FALSE(GetGame(harness_->stub(), tokens_[kAdam], game_id_).view().players(kAdam).bond().committed());
  const grpc::Status nothing = Undo(kAdam, &again);
  EXPECT_EQ(nothing.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(nothing);

  // A client still at the old version is told to re-read.
  mailrun::v1::SubmitActionResponse response;
  EXPECT_EQ(
      Submit(harness_->stub(), tokens_[kAdam], game_id_, 1, record_.actions[0], NewRequestId(), &response).error_code(),
      grpc::StatusCode::ABORTED);
  // Adam bonds again, then Beth: Adam can no longer take his back, Beth can take hers.
  version = Play(0, 2, version);
  const grpc::Status too_late = Undo(kAdam, &again);
  EXPECT_EQ(too_late.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(too_late);
  EXPECT_NE(too_late.error_message().find("Beth has acted since"), std::string::npos) << too_late.error_message();
  ASSERT_TRUE(Undo(kBeth, &again).ok());
  version = again.version();
  EXPECT_EQ(version, 5);

  // The history shows what was taken back; the log replays to the engine's state without it.
  mailrun::v1::GetHistoryRequest history;
  history.set_game_id(game_id_);
  mailrun::v1::GetHistoryResponse page;
  ASSERT_TRUE(harness_->Call(&GameStub::GetHistory, tokens_[kClive], history, &page).ok());
  ASSERT_EQ(page.entries_size(), 5);
  EXPECT_TRUE(page.entries(0).undone());
  EXPECT_EQ(page.entries(1).undoes_seq(), 1);
  EXPECT_FALSE(page.entries(2).undone());
  EXPECT_TRUE(page.entries(3).undone());
  EXPECT_EQ(page.entries(4).undoes_seq(), 4);
  EXPECT_EQ(ReplayStoredLog(harness_->db(), game_id_).SnapshotJson(), Direct(1).SnapshotJson());
  EXPECT_TRUE(
      MessageDifferencer::Equals(GetGame(harness_->stub(), tokens_[kBeth], game_id_).view(), Direct(1).View(kBeth)));

  // The last bond reveals every amount (2.5.2.3): it cannot be taken back.
  version = Play(1, 5, version);
  const grpc::Status revealed = Undo(record_.actions[4].seat(), &again);
  EXPECT_EQ(revealed.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_EQ(revealed.error_message().rfind("2.5.2.3: ", 0), 0u) << revealed.error_message();
  const auto revealed_details = service::RefusalOf(revealed);
  ASSERT_TRUE(revealed_details);
  EXPECT_EQ(revealed_details->rule, "2.5.2.3");
  EXPECT_FALSE(revealed_details->key.empty());
  EXPECT_EQ(GetGame(harness_->stub(), tokens_[kAdam], game_id_).version(), version);
}

TEST_F(Api, AnUndoneTileLayMakesTheNextDeltaAFullView) {
  const int64_t version = Play(0, 57, 0);  // the EIR (Adam) has laid its first tile
  ASSERT_TRUE(record_.actions[56].has_lay_tile());
  mailrun::v1::UndoLastActionResponse undone;
  ASSERT_TRUE(Undo(kAdam, &undone).ok());
  const auto answer = GetGame(harness_->stub(), tokens_[kAdam], game_id_, version);
  EXPECT_FALSE(answer.is_delta()) << "the client must drop the tile: it gets the full view";
  EXPECT_EQ(answer.new_log_lines_size(), 1);
  EXPECT_TRUE(MessageDifferencer::Equals(answer.view(), Direct(56).View(kAdam)));
  // Laid again (the same lay is still legal), the next delta adds it back.
  mailrun::v1::SubmitActionResponse again;
  ASSERT_TRUE(
      Submit(harness_->stub(), tokens_[kAdam], game_id_, undone.version(), record_.actions[56], NewRequestId(), &again)
          .ok());
  const auto delta = GetGame(harness_->stub(), tokens_[kAdam], game_id_, undone.version());
  EXPECT_TRUE(delta.is_delta());
  ASSERT_EQ(delta.view().tiles_size(), 1);
  EXPECT_EQ(delta.view().tiles(0).hex(), "Iaa");
}

TEST_F(Api, GetGameDeltasAndItsRefusals) {
  const int64_t version = Play(0, 30, 0);
  auto client = GetGame(harness_->stub(), tokens_[kClive], game_id_, 0).view();
  EXPECT_FALSE(GetGame(harness_->stub(), tokens_[kClive], game_id_, 0).is_delta());
  const int64_t later = Play(30, 40, version);
  const auto delta = GetGame(harness_->stub(), tokens_[kClive], game_id_, version);
  ASSERT_TRUE(delta.is_delta());
  EXPECT_LT(delta.view().players_size() + delta.view().companies_size(),
            client.players_size() + client.companies_size());
  EXPECT_GE(delta.new_log_lines_size(), 10);
  // Each line says which log entry (version) it belongs to, in order, and when it was accepted.
  int64_t previous_version = version, previous_at = 0;
  for (const auto& line : delta.new_log_lines()) {
    EXPECT_GT(line.version(), version);
    EXPECT_LE(line.version(), later);
    EXPECT_GE(line.version(), previous_version);
    EXPECT_GE(line.at_unix_ms(), previous_at);
    EXPECT_GT(line.at_unix_ms(), 1'700'000'000'000) << line.text();
    previous_version = line.version();
    previous_at = line.at_unix_ms();
  }
  MergeDelta(client, delta.view());
  MessageDifferencer differ;
  differ.set_repeated_field_comparison(MessageDifferencer::AS_SET);
  EXPECT_TRUE(differ.Compare(client, GetGame(harness_->stub(), tokens_[kClive], game_id_).view()));
  const auto same = GetGame(harness_->stub(), tokens_[kClive], game_id_, later);
  EXPECT_TRUE(same.is_delta());
  EXPECT_EQ(same.view().players_size(), 0);
  EXPECT_EQ(same.new_log_lines_size(), 0);

  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id_);
  request.set_since_version(later + 1);
  mailrun::v1::GetGameResponse response;
  EXPECT_EQ(harness_->Call(&GameStub::GetGame, tokens_[kClive], request, &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  request.set_since_version(0);
  request.set_game_id("g-no-such-game");
  EXPECT_EQ(harness_->Call(&GameStub::GetGame, tokens_[kClive], request, &response).error_code(),
            grpc::StatusCode::NOT_FOUND);
  request.set_game_id("");
  EXPECT_EQ(harness_->Call(&GameStub::GetGame, tokens_[kClive], request, &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  request.set_game_id(game_id_);
  EXPECT_EQ(harness_->Call(&GameStub::GetGame, "", request, &response).error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

TEST_F(Api, SuggestRunsIsTheOptimisersAnswerForTheOperatingCompany) {
  const int64_t version = Play(0, 76, 0);  // the EIR is about to run in Railway Round 2
  ASSERT_TRUE(record_.actions[76].has_run_trains());
  mailrun::v1::SuggestRunsRequest request;
  request.set_game_id(game_id_);
  mailrun::v1::SuggestRunsResponse response;
  ASSERT_TRUE(harness_->Call(&GameStub::SuggestRuns, tokens_[kBeth], request, &response).ok());
  EXPECT_EQ(response.company(), "EIR");
  EXPECT_EQ(response.version(), version);
  const Game direct = Direct(76);
  EXPECT_TRUE(MessageDifferencer::Equals(response.best_total(), *direct.SuggestedRuns("EIR", false)));
  EXPECT_TRUE(MessageDifferencer::Equals(response.best_dividend(), *direct.SuggestedRuns("EIR", true)));
  EXPECT_GT(response.best_total().total(), 0);

  request.set_company("XYZ");
  EXPECT_EQ(harness_->Call(&GameStub::SuggestRuns, tokens_[kBeth], request, &response).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  request.set_company("MSM");  // not formed in the sample game
  EXPECT_EQ(harness_->Call(&GameStub::SuggestRuns, tokens_[kBeth], request, &response).error_code(),
            grpc::StatusCode::FAILED_PRECONDITION);
}

TEST_F(Api, ListMyGamesShowsTheCallersGamesMostRecentFirstInPages) {
  mailrun::v1::GameConfig config = PlayersConfig("mine", 3, 5);
  config.mutable_players(1)->set_user_id("my-own-user");
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) ids.push_back(harness_->CreateGame(config));  // same request? no: new ids
  mailrun::v1::SubmitActionResponse response;
  mailrun::v1::Action bond;
  bond.mutable_commit_bond()->set_amount(100);
  ASSERT_TRUE(
      Submit(harness_->stub(), GameHarness::AccessToken("my-own-user"), ids[0], 0, bond, NewRequestId(), &response)
          .ok());
  mailrun::v1::ListMyGamesRequest request;
  request.set_page_size(2);
  mailrun::v1::ListMyGamesResponse first, second;
  const std::string token = GameHarness::AccessToken("my-own-user");
  ASSERT_TRUE(harness_->Call(&GameStub::ListMyGames, token, request, &first).ok());
  ASSERT_EQ(first.games_size(), 2);
  EXPECT_EQ(first.games(0).game_id(), ids[0]) << "the game just played in comes first";
  EXPECT_EQ(first.games(0).version(), 1);
  EXPECT_EQ(first.games(0).your_seat(), 1);
  EXPECT_FALSE(first.games(0).your_turn()) << "her bond is written";
  EXPECT_TRUE(first.games(1).your_turn());
  EXPECT_EQ(first.games(0).players_size(), 3);
  EXPECT_EQ(first.games(0).players(1), "Mine1");
  EXPECT_FALSE(first.games(0).round().empty());
  ASSERT_FALSE(first.next_page_token().empty());
  request.set_page_token(first.next_page_token());
  ASSERT_TRUE(harness_->Call(&GameStub::ListMyGames, token, request, &second).ok());
  ASSERT_EQ(second.games_size(), 1);
  EXPECT_TRUE(second.next_page_token().empty());
  std::set<std::string> seen = {first.games(0).game_id(), first.games(1).game_id(), second.games(0).game_id()};
  EXPECT_EQ(seen, std::set<std::string>(ids.begin(), ids.end()));
  request.set_page_token("not-a-token");
  EXPECT_EQ(harness_->Call(&GameStub::ListMyGames, token, request, &second).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  mailrun::v1::ListMyGamesResponse none;
  ASSERT_TRUE(harness_->Call(&GameStub::ListMyGames, GameHarness::AccessToken("nobody"), {}, &none).ok());
  EXPECT_EQ(none.games_size(), 0);
}

TEST_F(Api, CreateGameIsIdempotentAndForTrustedServicesOnly) {
  mailrun::v1::CreateGameRequest request;
  request.set_request_id(NewRequestId());
  *request.mutable_config() = PlayersConfig("create", 4, 0);  // seed 0: the service chooses
  request.set_table_id("table-create");
  request.set_turn_deadline_seconds(600);
  const std::string lobby = GameHarness::ServiceToken("lobby");
  std::vector<std::string> ids(6);
  std::vector<grpc::Status> statuses(6);
  std::vector<std::thread> threads;
  for (int i = 0; i < 6; ++i) {
    threads.emplace_back([&, i] {
      auto stub = harness_->NewStub();
      mailrun::v1::CreateGameResponse response;
      statuses[i] = GameHarness::Call(*stub, &GameStub::CreateGame, lobby, request, &response);
      ids[i] = response.game_id();
    });
  }
  for (auto& thread : threads) thread.join();
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(statuses[i].ok()) << Describe(statuses[i]);
    EXPECT_EQ(ids[i], ids[0]);
  }
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM games WHERE table_id = 'table-create'"), 1);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_players WHERE game_id = '" + ids[0] + "'"), 4);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM games WHERE game_id = '" + ids[0] + "' AND seed <> 0"), 1);
  // Everyone is to write down a bond: one YourTurn each, with the table's deadline.
  for (int seat = 0; seat < 4; ++seat) {
    pqxx::nontransaction txn(harness_->db());
    const auto row = txn.exec_params1("SELECT payload FROM outbox WHERE event_id = $1",
                                      "game:" + ids[0] + ":0:turn:" + std::to_string(seat));
    mailrun::v1::Event event;
    ASSERT_TRUE(event.ParseFromString(pqxx::binarystring(row[0]).str()));
    EXPECT_EQ(event.user_ids(0), "create-" + std::to_string(seat));
    EXPECT_EQ(event.your_turn().remind_after_seconds(), 600);
    EXPECT_EQ(event.your_turn().round(), "Contract bids");
  }

  mailrun::v1::CreateGameResponse response;
  mailrun::v1::CreateGameRequest changed = request;
  changed.set_table_id("another-table");
  EXPECT_EQ(harness_->Call(&GameStub::CreateGame, lobby, changed, &response).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
  EXPECT_EQ(
      harness_->Call(&GameStub::CreateGame, GameHarness::AccessToken("create-0"), request, &response).error_code(),
      grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(harness_->Call(&GameStub::CreateGame, GameHarness::ServiceToken("notify"), request, &response).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);

  auto refused = [&](const std::function<void(mailrun::v1::CreateGameRequest&)>& spoil) {
    mailrun::v1::CreateGameRequest bad = request;
    bad.set_request_id(NewRequestId());
    spoil(bad);
    return harness_->Call(&GameStub::CreateGame, lobby, bad, &response);
  };
  EXPECT_EQ(refused([](auto& r) {
              r.mutable_config()->mutable_players()->RemoveLast();
              r.mutable_config()->mutable_players()->RemoveLast();
            }).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(refused([](auto& r) { r.mutable_config()->mutable_players(1)->set_user_id("create-0"); }).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(refused([](auto& r) { r.mutable_config()->mutable_players(2)->clear_display_name(); }).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(refused([](auto& r) { r.clear_request_id(); }).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  // Both editions of 1853 can be played (2009 since issue 18); an edition without data cannot:
  // not malformed, FAILED_PRECONDITION.
  const grpc::Status lookout =
      refused([](auto& r) { r.mutable_config()->set_edition(static_cast<mailrun::v1::Edition>(9)); });
  EXPECT_EQ(lookout.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(lookout);
  const grpc::Status t1947 = refused([](auto& r) {
    r.mutable_config()->set_title(mailrun::v1::TITLE_1947);
    r.mutable_config()->set_edition(mailrun::v1::EDITION_RETUNED);
  });
  EXPECT_EQ(t1947.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(t1947);
  EXPECT_NE(t1947.error_message().find("1947 has one edition"), std::string::npos) << Describe(t1947);
  const grpc::Status unknown =
      refused([](auto& r) { r.mutable_config()->set_title(static_cast<mailrun::v1::Title>(9)); });
  EXPECT_EQ(unknown.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(unknown);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM games WHERE table_id = 'table-create'"), 1);
}

TEST_F(Api, GetGameResultIsForTrustedServices) {
  mailrun::v1::GetGameResultRequest request;
  request.set_game_id(game_id_);
  mailrun::v1::GetGameResultResponse result;
  ASSERT_TRUE(harness_->Call(&GameStub::GetGameResult, GameHarness::ServiceToken(), request, &result).ok());
  EXPECT_EQ(result.status(), mailrun::v1::GAME_STATUS_ACTIVE);
  EXPECT_EQ(result.table_id(), "table-api");
  EXPECT_EQ(result.results_size(), 0);
  EXPECT_EQ(harness_->Call(&GameStub::GetGameResult, tokens_[0], request, &result).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  request.set_game_id("g0000");
  EXPECT_EQ(harness_->Call(&GameStub::GetGameResult, GameHarness::ServiceToken(), request, &result).error_code(),
            grpc::StatusCode::NOT_FOUND);
}

TEST_F(Api, MalformedAndIllegalActionsAreRefusedWithTheirStatus) {
  mailrun::v1::SubmitActionResponse response;
  mailrun::v1::Action empty;
  grpc::Status status = Submit(harness_->stub(), tokens_[kAdam], game_id_, 0, empty, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  mailrun::v1::Action claim;
  claim.mutable_claim_city()->set_city("Patna");
  claim.mutable_claim_city()->set_company("EIR");
  status = Submit(harness_->stub(), tokens_[kAdam], game_id_, 0, claim, NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << Describe(status);
  status = Submit(harness_->stub(), tokens_[kAdam], game_id_, 0, record_.actions[0], "", &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  status = Submit(harness_->stub(), tokens_[kAdam], game_id_, 0, record_.actions[0], std::string(200, 'r'), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
  status = Submit(harness_->stub(), tokens_[kAdam], "g-unknown", 0, record_.actions[0], NewRequestId(), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND) << Describe(status);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_actions WHERE game_id = '" + game_id_ + "'"), 0);
}

}  // namespace
}  // namespace mailrun::game::testing
