// Records and study games (issue 43, item 4), against the real mailrun-game and PostgreSQL: a study
// copy replays to the source game's position (the same view at that version) and plays on for
// every seat; a running game's record holds no secret its reader may not see; a study game writes
// no event (so the lobby never rates it), also when it ends; bad input is refused naming what was
// wrong and writes nothing; a retried request gets the same study game.
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <set>

#include "mailrun/v1/study.grpc.pb.h"
#include "tests/integration/game_service/play_helpers.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game::testing {
namespace {

using StudyStub = mailrun::v1::StudyService::Stub;
using google::protobuf::util::MessageDifferencer;

constexpr int64_t kAllCitiesClaimed = 25;  // appendix4's "payment" checkpoint: every bid complete
constexpr int64_t kRailwayRound1 = 55;     // appendix4's first railway round begins

std::string Text(const google::protobuf::Message& message) {
  std::string text;
  google::protobuf::TextFormat::PrintToString(message, &text);
  return text;
}

// A record as a player who saw everything would write it: the fixture's actions, one per version.
mailrun::v1::GameRecord FullRecord(const mailrun::engine::GameRecord& fixture, size_t actions) {
  mailrun::v1::GameRecord record;
  record.set_format(1);
  record.set_name("fixture");
  *record.mutable_config() = fixture.config;
  for (auto& player : *record.mutable_config()->mutable_players()) player.clear_user_id();
  record.set_version(static_cast<int64_t>(actions));
  for (size_t i = 0; i < actions; ++i) {
    auto* entry = record.add_entries();
    entry->set_version(static_cast<int64_t>(i) + 1);
    entry->set_seat(fixture.actions[i].seat());
    *entry->mutable_action() = fixture.actions[i];
  }
  return record;
}

class Study : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    harness_ = new GameHarness("game_service_study");
    study_ = mailrun::v1::StudyService::NewStub(grpc::CreateChannel(harness_->address(), grpc::InsecureChannelCredentials()));
  }
  static void TearDownTestSuite() {
    study_.reset();
    delete harness_;
    harness_ = nullptr;
  }

  template <typename Request, typename Response>
  static grpc::Status Call(grpc::Status (StudyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                           const std::string& user, const Request& request, Response* response) {
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + GameHarness::AccessToken(user));
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    context.set_wait_for_ready(true);
    return ((*study_).*method)(&context, request, response);
  }

  static mailrun::v1::GameRecord Export(const std::string& user, const std::string& game_id, int64_t at_version = -1) {
    mailrun::v1::ExportGameRequest request;
    request.set_game_id(game_id);
    if (at_version >= 0) request.set_at_version(at_version);
    mailrun::v1::ExportGameResponse response;
    const grpc::Status status = Call(&StudyStub::ExportGame, user, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response.record();
  }

  static grpc::Status CreateStudy(const std::string& user, const mailrun::v1::GameRecord& record, int64_t at_version,
                                  mailrun::v1::CreateStudyGameResponse* response,
                                  const std::string& request_id = NewRequestId()) {
    mailrun::v1::CreateStudyGameRequest request;
    request.set_request_id(request_id);
    *request.mutable_record() = record;
    if (at_version >= 0) request.set_at_version(at_version);
    return Call(&StudyStub::CreateStudyGame, user, request, response);
  }

  static mailrun::v1::GetGameResponse ViewAt(const std::string& user, const std::string& game_id, int64_t version) {
    mailrun::v1::GetGameRequest request;
    request.set_game_id(game_id);
    request.set_at_version(version);
    mailrun::v1::GetGameResponse response;
    const grpc::Status status = harness_->Call(&GameStub::GetGame, GameHarness::AccessToken(user), request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response;
  }

  int64_t Games() { return harness_->Count("SELECT count(*) FROM games"); }

  static GameHarness* harness_;
  static std::unique_ptr<StudyStub> study_;
};
GameHarness* Study::harness_ = nullptr;
std::unique_ptr<StudyStub> Study::study_;

TEST_F(Study, ACopyReplaysToTheSamePositionAndPlaysOnForEverySeat) {
  const auto fixture = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string source = harness_->CreateGame(fixture.config);
  ASSERT_EQ(PlayRecorded(harness_->stub(), fixture, source, 0, 60, 0), 60);
  const std::string adam = fixture.config.players(kAdam).user_id();

  // Adam studies the game from the start of the first railway round, from a record with every
  // secret (as if he had seen all): the study's view then is the source game's view then.
  mailrun::v1::CreateStudyGameResponse created;
  ASSERT_TRUE(CreateStudy(adam, FullRecord(fixture, 60), kRailwayRound1, &created).ok());
  EXPECT_EQ(created.version(), kRailwayRound1);
  EXPECT_EQ(created.stand_ins(), 0);
  auto study = GetGame(harness_->stub(), GameHarness::AccessToken(adam), created.game_id());
  EXPECT_TRUE(study.study());
  EXPECT_EQ(study.your_seat(), 0);
  auto then = ViewAt(adam, source, kRailwayRound1);
  EXPECT_TRUE(MessageDifferencer::Equals(study.view(), then.view()))
      << "study:\n" << Text(study.view()) << "\nsource at " << kRailwayRound1 << ":\n" << Text(then.view());

  // Adam plays on for whichever seat is to act (the seat left unset), as the source game went on.
  std::set<int> seats;
  int64_t version = created.version();
  for (int64_t i = kRailwayRound1; i < 60; ++i) {
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(created.game_id());
    mailrun::v1::ListLegalActionsResponse legal;
    ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, GameHarness::AccessToken(adam), list, &legal).ok());
    ASSERT_FALSE(legal.actions().empty()) << "the owner may act for the seat to act, at " << i;
    const int seat = legal.actions(0).action().seat();
    EXPECT_EQ(seat, fixture.actions[static_cast<size_t>(i)].seat()) << i;
    seats.insert(seat);
    mailrun::v1::Action action = fixture.actions[static_cast<size_t>(i)];
    action.clear_seat();
    const std::string request_id = NewRequestId();
    mailrun::v1::SubmitActionResponse moved;
    const grpc::Status status =
        Submit(harness_->stub(), GameHarness::AccessToken(adam), created.game_id(), version, action, request_id, &moved);
    ASSERT_TRUE(status.ok()) << i << ": " << Describe(status);
    // A retry of the same move, answered from the log, applies nothing twice.
    mailrun::v1::SubmitActionResponse again;
    ASSERT_TRUE(Submit(harness_->stub(), GameHarness::AccessToken(adam), created.game_id(), version, action, request_id,
                       &again)
                    .ok());
    EXPECT_EQ(again.version(), moved.version());
    version = moved.version();
  }
  EXPECT_GE(seats.size(), 2u) << "moves for two different seats";
  study = GetGame(harness_->stub(), GameHarness::AccessToken(adam), created.game_id());
  EXPECT_EQ(study.version(), 60);
  then = ViewAt(adam, source, 60);
  EXPECT_TRUE(MessageDifferencer::Equals(study.view(), then.view())) << "after playing on, the same position";

  // The owner's record of the study has everything (they made every move); a study of it is
  // the same game again.
  const auto own = Export(adam, created.game_id());
  EXPECT_TRUE(own.study());
  EXPECT_TRUE(own.withheld().empty()) << own.withheld();
  mailrun::v1::CreateStudyGameResponse again;
  ASSERT_TRUE(CreateStudy(adam, own, -1, &again).ok());
  EXPECT_TRUE(MessageDifferencer::Equals(GetGame(harness_->stub(), GameHarness::AccessToken(adam), again.game_id()).view(),
                                         study.view()));

  // ListMyGames marks it: a study, the owner's turn whenever anyone is to act.
  mailrun::v1::ListMyGamesResponse mine;
  ASSERT_TRUE(harness_->Call(&GameStub::ListMyGames, GameHarness::AccessToken(adam), mailrun::v1::ListMyGamesRequest(),
                             &mine)
                  .ok());
  bool listed = false;
  for (const auto& game : mine.games()) {
    if (game.game_id() == created.game_id()) {
      listed = true;
      EXPECT_TRUE(game.study());
      EXPECT_TRUE(game.your_turn());
    } else if (game.game_id() == source) {
      EXPECT_FALSE(game.study());
    }
  }
  EXPECT_TRUE(listed);
}

TEST_F(Study, ARunningGamesRecordHoldsNoSecretOfAnother) {
  const auto fixture = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const std::string source = harness_->CreateGame(fixture.config);
  ASSERT_EQ(PlayRecorded(harness_->stub(), fixture, source, 0, kAllCitiesClaimed, 0), kAllCitiesClaimed);
  const std::string beth = fixture.config.players(kBeth).user_id();

  std::set<std::string> own, others;
  for (int64_t i = 0; i < kAllCitiesClaimed; ++i) {
    const auto& action = fixture.actions[static_cast<size_t>(i)];
    if (action.has_claim_city()) (action.seat() == kBeth ? own : others).insert(action.claim_city().city());
  }
  ASSERT_FALSE(others.empty());

  const auto record = Export(beth, source);
  const std::string text = Text(record);
  for (const auto& city : others) {
    if (!own.contains(city)) {
      EXPECT_EQ(text.find(city), std::string::npos) << "Beth's record shows " << city;
    }
  }
  for (const auto& city : own) EXPECT_NE(text.find(city), std::string::npos) << "Beth's own city " << city;
  int withheld = 0;
  for (const auto& entry : record.entries()) {
    if (entry.withheld()) {
      ++withheld;
      EXPECT_NE(entry.seat(), kBeth);
      EXPECT_TRUE(entry.action().claim_city().city().empty());
      EXPECT_FALSE(entry.action().claim_city().company().empty()) << "the claimed share is public";
    }
  }
  EXPECT_GT(withheld, 0);
  EXPECT_FALSE(record.withheld().empty());
  EXPECT_EQ(record.entries_size(), kAllCitiesClaimed);

  // A spectator's record has no city at all; before every bond is committed, no other's amount.
  const std::string spectator = Text(Export("a-spectator", source));
  for (const auto& city : others) EXPECT_EQ(spectator.find(city), std::string::npos) << city;
  for (const auto& city : own) EXPECT_EQ(spectator.find(city), std::string::npos) << city;
  const auto early = Export(beth, source, 3);
  ASSERT_EQ(early.entries_size(), 3);
  for (const auto& entry : early.entries()) {
    ASSERT_TRUE(entry.action().has_commit_bond());
    EXPECT_EQ(entry.withheld(), entry.seat() != kBeth);
    if (entry.seat() != kBeth) {
      EXPECT_EQ(entry.action().commit_bond().amount(), 0);
    }
  }

  // Beth studies from her record: the withheld cities get stand-ins, and the study plays on.
  mailrun::v1::CreateStudyGameResponse created;
  const grpc::Status status = CreateStudy(beth, record, -1, &created);
  ASSERT_TRUE(status.ok()) << Describe(status);
  EXPECT_EQ(created.version(), kAllCitiesClaimed);
  EXPECT_EQ(created.stand_ins(), withheld);
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(created.game_id());
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, GameHarness::AccessToken(beth), list, &legal).ok());
  EXPECT_FALSE(legal.actions().empty());
}

TEST_F(Study, AStudyGameWritesNoEventAndSoChangesNoRating) {
  const auto fixture = mailrun::engine::t1853::testing::LoadRecord("games/bot-game-3p.json");
  const size_t last = fixture.actions.size() - 1;
  mailrun::v1::CreateStudyGameResponse created;
  ASSERT_TRUE(CreateStudy("student", FullRecord(fixture, fixture.actions.size()), static_cast<int64_t>(last), &created).ok());
  mailrun::v1::Action action = fixture.actions[last];
  action.clear_seat();
  mailrun::v1::SubmitActionResponse moved;
  const grpc::Status status = Submit(harness_->stub(), GameHarness::AccessToken("student"), created.game_id(),
                                     created.version(), action, NewRequestId(), &moved);
  ASSERT_TRUE(status.ok()) << Describe(status);
  const auto finished = GetGame(harness_->stub(), GameHarness::AccessToken("student"), created.game_id());
  EXPECT_EQ(finished.status(), mailrun::v1::GAME_STATUS_FINISHED) << "the study played to the end";
  EXPECT_TRUE(finished.study());
  // No YourTurn and no GameFinished: the lobby records results and ratings only from GameFinished
  // events of its own tables' games (services/lobby/results.cc), and a study game sends none.
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM outbox WHERE position('" + created.game_id() +
                            "'::bytea IN payload) > 0"),
            0);
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM games WHERE game_id = '" + created.game_id() +
                            "' AND table_id = '' AND tournament_id = '' AND results IS NULL"),
            1);
}

TEST_F(Study, BadInputIsRefusedNamingWhatIsWrongAndWritesNothing) {
  const auto fixture = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const auto record = FullRecord(fixture, 30);
  const int64_t games = Games();
  const auto refused = [&](const mailrun::v1::GameRecord& bad, int64_t at_version, const std::string& names) {
    mailrun::v1::CreateStudyGameResponse response;
    const grpc::Status status = CreateStudy("student", bad, at_version, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(status);
    EXPECT_NE(status.error_message().find(names), std::string::npos) << Describe(status);
  };
  auto malformed = record;
  malformed.set_format(0);
  refused(malformed, -1, "record.format");
  malformed = record;
  malformed.mutable_config()->mutable_players()->RemoveLast();
  malformed.mutable_config()->mutable_players()->RemoveLast();
  malformed.mutable_config()->mutable_players()->RemoveLast();
  refused(malformed, -1, "record.config.players");
  malformed = record;
  malformed.mutable_entries(7)->mutable_action()->mutable_claim_city()->set_city("Atlantis");
  refused(malformed, -1, "record.entries[7]");
  malformed = record;
  malformed.mutable_entries(4)->set_version(2);
  refused(malformed, -1, "record.entries[4].version");
  refused(record, 31, "beyond the record");
  refused(mailrun::v1::GameRecord(), -1, "record");
  EXPECT_EQ(Games(), games) << "nothing written";

  // Someone else moving in your study game: PERMISSION_DENIED, the game unchanged.
  mailrun::v1::CreateStudyGameResponse created;
  ASSERT_TRUE(CreateStudy("student", record, -1, &created).ok());
  mailrun::v1::Action action = fixture.actions[30];
  action.clear_seat();
  mailrun::v1::SubmitActionResponse moved;
  const grpc::Status status = Submit(harness_->stub(), GameHarness::AccessToken("intruder"), created.game_id(),
                                     created.version(), action, NewRequestId(), &moved);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED) << Describe(status);
  EXPECT_NE(status.error_message().find("study game"), std::string::npos) << Describe(status);
  EXPECT_EQ(GetGame(harness_->stub(), GameHarness::AccessToken("student"), created.game_id()).version(), 30);
  // Nor may anyone export a game that does not exist, or at a version it has not reached.
  mailrun::v1::ExportGameRequest ahead;
  ahead.set_game_id(created.game_id());
  ahead.set_at_version(31);
  mailrun::v1::ExportGameResponse exported;
  EXPECT_EQ(Call(&StudyStub::ExportGame, "student", ahead, &exported).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  ahead.set_game_id("gnosuchgame");
  EXPECT_EQ(Call(&StudyStub::ExportGame, "student", ahead, &exported).error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(Study, ARetriedRequestGetsTheSameStudyGame) {
  const auto fixture = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  const auto record = FullRecord(fixture, 12);
  const std::string request_id = NewRequestId();
  const int64_t games = Games();
  mailrun::v1::CreateStudyGameResponse first, second, other;
  ASSERT_TRUE(CreateStudy("student", record, 10, &first, request_id).ok());
  ASSERT_TRUE(CreateStudy("student", record, 10, &second, request_id).ok());
  EXPECT_EQ(first.game_id(), second.game_id());
  EXPECT_EQ(second.version(), 10);
  EXPECT_EQ(Games(), games + 1);
  const grpc::Status changed = CreateStudy("student", record, 11, &other, request_id);
  EXPECT_EQ(changed.error_code(), grpc::StatusCode::ALREADY_EXISTS) << Describe(changed);
  // The same request id of another account is another account's study.
  ASSERT_TRUE(CreateStudy("someone-else", record, 10, &other, request_id).ok());
  EXPECT_NE(other.game_id(), first.game_id());
  EXPECT_EQ(Games(), games + 2);
}

}  // namespace
}  // namespace mailrun::game::testing
