// Titles (issue 17): the registry names and checks titles, engine::Game plays a configuration's
// title through the Title interface, 1947 is refused until its rules exist, and every recorded
// 1853 game replays through the title-agnostic path to its recorded result and to exactly the
// state 1853's own Game reaches.
#include <gtest/gtest.h>

#include <google/protobuf/util/json_util.h>

#include <filesystem>

#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

mailrun::v1::GameConfig FourPlayers() {
  mailrun::v1::GameConfig config;
  config.set_seed(7);
  for (int i = 0; i < 4; ++i) {
    auto* seat = config.add_players();
    seat->set_user_id("u" + std::to_string(i));
    seat->set_display_name("Player " + std::to_string(i + 1));
  }
  return config;
}

TEST(Registry, KnowsBothTitlesAndTheirNames) {
  ASSERT_EQ(Titles().size(), 2u);
  EXPECT_EQ(EffectiveTitle(mailrun::v1::TITLE_UNSPECIFIED), mailrun::v1::TITLE_1853);
  EXPECT_EQ(TitleName(mailrun::v1::TITLE_UNSPECIFIED), "1853");
  EXPECT_EQ(EditionName(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_UNSPECIFIED), "1853 Retuned");
  EXPECT_EQ(EditionName(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009), "1853 (2009 Lookout edition)");
  EXPECT_EQ(EditionName(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED), "1947");
  EXPECT_EQ(*ParseTitleName("1947"), mailrun::v1::TITLE_1947);
  EXPECT_EQ(ParseTitleName("1830").error().kind, ErrorKind::kMalformed);
  EXPECT_EQ(FindTitle(static_cast<mailrun::v1::Title>(9)).error().message, "title 9 is unknown (1853 or 1947)");
  EXPECT_FALSE(BoardReconstructed(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED));
  EXPECT_TRUE(BoardReconstructed(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED));
  EXPECT_EQ((*FindTitle(mailrun::v1::TITLE_1853))->Money(-1050), "-£1,050");
  EXPECT_EQ((*FindTitle(mailrun::v1::TITLE_1947))->Money(600), "Rs. 600");
}

TEST(Registry, ChecksSetupAndPlayability) {
  mailrun::v1::GameOptions none;
  EXPECT_TRUE(CheckGameSetup(mailrun::v1::TITLE_UNSPECIFIED, mailrun::v1::EDITION_UNSPECIFIED, none).ok());
  // The 2009 edition is playable (issue 18); an edition without data is unavailable.
  EXPECT_TRUE(CheckGameSetup(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009, none).ok());
  EXPECT_FALSE(CheckGameSetup(mailrun::v1::TITLE_1853, static_cast<mailrun::v1::Edition>(9), none).ok());
  const auto t1947 = CheckGameSetup(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, none);
  ASSERT_TRUE(t1947.ok()) << t1947.error().ToString();
  EXPECT_EQ((*t1947)->id(), mailrun::v1::TITLE_1947);
  mailrun::v1::GameOptions simplified;
  simplified.set_simplified_game(true);
  EXPECT_EQ(CheckGameSetup(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, simplified).error().kind,
            ErrorKind::kMalformed);
}

TEST(TitleGame, AConfigurationWithoutATitlePlays1853) {
  auto game = engine::Game::Create(FourPlayers());
  ASSERT_TRUE(game.ok()) << game.error().ToString();
  EXPECT_EQ(game->config().title(), mailrun::v1::TITLE_1853);
  EXPECT_EQ(game->config().edition(), mailrun::v1::EDITION_RETUNED);
  const mailrun::v1::GameView view = game->View(kSpectator);
  EXPECT_EQ(view.title(), mailrun::v1::TITLE_1853);
  EXPECT_FALSE(view.board_reconstructed());
  ASSERT_NE(As1853(*game), nullptr);
  EXPECT_EQ(As1853(*game)->state().players_count, 4);
}

TEST(TitleGame, CopiesAreIndependent) {
  auto game = engine::Game::Create(FourPlayers());
  ASSERT_TRUE(game.ok());
  const engine::Game copy = *game;
  const int seat = game->ActiveSeats().front();
  ASSERT_TRUE(game->Apply(game->LegalActions(seat).front().action()).ok());
  EXPECT_NE(game->SnapshotJson(), copy.SnapshotJson());
  EXPECT_EQ(copy.SnapshotJson(), engine::Game::Create(FourPlayers())->SnapshotJson());
}

TEST(TitleGame, Plays1947AndRefusesUnknownTitles) {
  mailrun::v1::GameConfig config = FourPlayers();
  config.set_title(mailrun::v1::TITLE_1947);
  const auto t1947 = engine::Game::Create(config);
  ASSERT_TRUE(t1947.ok()) << t1947.error().ToString();
  const mailrun::v1::GameView view = t1947->View(kSpectator);
  EXPECT_EQ(view.title(), mailrun::v1::TITLE_1947);
  EXPECT_TRUE(view.board_reconstructed());
  EXPECT_EQ(view.game_1947().round(), "private auction");
  ASSERT_EQ(t1947->ActiveSeats().size(), 1u);
  // An 1853 action is not one of 1947's, and a 1947 action is not one of 1853's.
  mailrun::v1::Action lay;
  lay.set_seat(t1947->ActiveSeats().front());
  lay.mutable_lay_tile()->set_hex("D21");
  EXPECT_EQ(engine::Game(*t1947).Apply(lay).error().kind, ErrorKind::kMalformed);
  auto t1853 = engine::Game::Create(FourPlayers());
  mailrun::v1::Action bid;
  bid.set_seat(t1853->ActiveSeats().front());
  bid.mutable_bid_private_1947()->set_amount(10);
  EXPECT_EQ(t1853->Apply(bid).error().kind, ErrorKind::kMalformed);
  EXPECT_FALSE(engine::Game::FromSnapshot(config, "{}").ok());
  config.set_title(static_cast<mailrun::v1::Title>(5));
  EXPECT_EQ(engine::Game::Create(config).error().kind, ErrorKind::kMalformed);
}

// A record's actions are read as one list (game_record.cc): exactly the actions protobuf's JSON
// parser makes of each alone, for every recorded game of both titles; a record with an action
// that does not parse is refused naming that action.
TEST(GameRecords, ReadAsOneListGiveTheActionsReadOneByOne) {
  std::vector<std::string> records;
  for (const std::string folder : {"games", "games-1947"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(MAILRUN_FIXTURES_DIR) + "/" + folder)) {
      records.push_back(folder + "/" + entry.path().filename().string());
    }
  }
  ASSERT_GE(records.size(), 10u);
  for (const std::string& name : records) {
    SCOPED_TRACE(name);
    const nlohmann::json doc = nlohmann::json::parse(ReadFixture(name));
    const GameRecord record = LoadRecord(name);
    ASSERT_EQ(record.actions.size(), doc["actions"].size());
    for (size_t i = 0; i < record.actions.size(); ++i) {
      mailrun::v1::Action alone;
      ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(doc["actions"][i].dump(), &alone).ok());
      ASSERT_EQ(record.actions[i].SerializeAsString(), alone.SerializeAsString()) << "action " << i + 1;
    }
    nlohmann::json broken = doc;
    broken["actions"][3]["layTile"]["rotation"] = "sideways";
    const auto refused = ParseGameRecord(broken.dump());
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().key, "core.refusal.game_record.action_game_record_not_valid");
    EXPECT_NE(refused.error().message.find("action 4 of the game record is not valid"), std::string::npos)
        << refused.error().message;
  }
}

// A record with only its three fields is read by protobuf in one pass (game_record.cc); one with
// any other field is read field by field. Both readings give the same config, actions and final
// scores, for every recorded game of both titles.
TEST(GameRecords, ReadInOnePassAsFieldByField) {
  for (const std::string folder : {"games", "games-1947"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(MAILRUN_FIXTURES_DIR) + "/" + folder)) {
      const std::string name = folder + "/" + entry.path().filename().string();
      SCOPED_TRACE(name);
      nlohmann::json doc = nlohmann::json::parse(ReadFixture(name));
      ASSERT_FALSE(doc["final_scores"].empty());
      const auto one_pass = ParseGameRecord(doc.dump());
      doc["note"] = "a field no record reader knows";
      const auto by_field = ParseGameRecord(doc.dump());
      ASSERT_TRUE(one_pass.ok() && by_field.ok());
      EXPECT_EQ(one_pass->config.SerializeAsString(), by_field->config.SerializeAsString());
      ASSERT_EQ(one_pass->actions.size(), by_field->actions.size());
      for (size_t i = 0; i < one_pass->actions.size(); ++i) {
        ASSERT_EQ(one_pass->actions[i].SerializeAsString(), by_field->actions[i].SerializeAsString()) << i;
      }
      ASSERT_EQ(one_pass->final_scores.size(), by_field->final_scores.size());
      for (size_t i = 0; i < one_pass->final_scores.size(); ++i) {
        EXPECT_EQ(one_pass->final_scores[i].player, by_field->final_scores[i].player);
        EXPECT_EQ(one_pass->final_scores[i].wealth, by_field->final_scores[i].wealth);
        EXPECT_EQ(one_pass->final_scores[i].wealth, doc["final_scores"][i]["wealth"].get<int>());
      }
    }
  }
  // What the one pass cannot tell apart is left to the field-by-field reading, which names it.
  const auto no_actions = ParseGameRecord(R"({"config": {}})");
  ASSERT_FALSE(no_actions.ok());
  EXPECT_EQ(no_actions.error().key, "core.refusal.game_record.game_record_needs_config_actions");
}

// Every recorded game (tests/fixtures/games/, and the sample game of Appendix 4) replays through
// engine::Game to its recorded final scores and to the very state 1853's Game reaches; a stored
// configuration without a title restores from a snapshot.
TEST(TitleGame, EveryRecordedGameReplaysThroughTheTitleInterface) {
  std::vector<std::string> records;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(MAILRUN_FIXTURES_DIR) + "/games")) {
    records.push_back("games/" + entry.path().filename().string());
  }
  records.push_back("sample_game/appendix4.json");
  ASSERT_GE(records.size(), 7u);
  for (const std::string& name : records) {
    SCOPED_TRACE(name);
    const GameRecord record = LoadRecord(name);
    if (record.config.edition() != mailrun::v1::EDITION_LOOKOUT_2009) {  // the 2009 games are recorded with a title
      ASSERT_EQ(record.config.title(), mailrun::v1::TITLE_UNSPECIFIED) << "recorded before titles existed";
    }
    auto any = engine::Game::Create(record.config);
    auto own = Game::Create(record.config);
    ASSERT_TRUE(any.ok() && own.ok());
    for (const auto& action : record.actions) {
      ASSERT_TRUE(any->Apply(action).ok());
      MustApply(*own, action);
    }
    EXPECT_EQ(any->SnapshotJson(), own->SnapshotJson());
    EXPECT_TRUE(any->CheckInvariants(nullptr).empty());
    if (!record.final_scores.empty()) {
      ASSERT_TRUE(any->Finished());
      const auto standings = any->Standings();
      ASSERT_EQ(standings.size(), record.final_scores.size());
      for (size_t i = 0; i < standings.size(); ++i) {
        EXPECT_EQ(any->config().players(standings[i].seat).display_name(), record.final_scores[i].player);
        EXPECT_EQ(standings[i].wealth, record.final_scores[i].wealth);
      }
      EXPECT_EQ(any->EndReason(), own->state().end_reason);
    }
    auto restored = engine::Game::FromSnapshot(record.config, any->SnapshotJson());
    ASSERT_TRUE(restored.ok());
    EXPECT_EQ(restored->SnapshotJson(), any->SnapshotJson());
    EXPECT_EQ(restored->config().title(), mailrun::v1::TITLE_1853);
  }
}

// TurnView (what the game service builds on every move) is exactly the turn's part of the
// spectator's view, at every position of every recorded game of both titles. (No recorded game
// has an offer awaiting an answer; 1853's BuildView takes the offer from BuildTurnView.)
TEST(TitleGame, TurnViewIsTheTurnsPartOfTheSpectatorsView) {
  std::vector<std::string> records;
  for (const char* dir : {"games", "games-1947"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(MAILRUN_FIXTURES_DIR) + "/" + dir)) {
      records.push_back(std::string(dir) + "/" + entry.path().filename().string());
    }
  }
  ASSERT_GE(records.size(), 9u);
  int finished = 0;
  for (const std::string& name : records) {
    SCOPED_TRACE(name);
    const GameRecord record = LoadRecord(name);
    auto game = engine::Game::Create(record.config);
    ASSERT_TRUE(game.ok());
    for (size_t i = 0; i <= record.actions.size(); ++i) {
      const mailrun::v1::GameView whole = game->View(kSpectator);
      mailrun::v1::GameView turn;
      turn.set_title(whole.title());
      turn.set_phase(whole.phase());
      *turn.mutable_round() = whole.round();
      *turn.mutable_active_seats() = whole.active_seats();
      if (whole.has_pending_offer()) *turn.mutable_pending_offer() = whole.pending_offer();
      turn.set_end_reason(whole.end_reason());
      if (whole.has_structured_end_reason()) *turn.mutable_structured_end_reason() = whole.structured_end_reason();
      ASSERT_EQ(game->TurnView().SerializeAsString(), turn.SerializeAsString()) << "after action " << i;
      if (i == record.actions.size()) {
        finished += game->Finished() ? 1 : 0;
        break;
      }
      ASSERT_TRUE(game->Apply(record.actions[i]).ok());
    }
  }
  EXPECT_GT(finished, 0);  // ended games were compared too, with their end reason
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
