// A study game in a real browser (tests/e2e/web/browser_study.mjs) against the real stack: the
// script reports what the phone showed (the record downloaded, the study opened from the history
// at version 2 and marked, no autopilot box, before each of two moves tapped for two different seats
// the header and the glance strip both saying it is the player's turn); this test checks it, and
// checks through the services that the study game is what the browser showed: a study for the
// player, at the version the browser reached, moved by two seats, and the source game unmoved.
#include <gtest/gtest.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "mailrun/v1/game.grpc.pb.h"
#include "tests/e2e/web/web_suite.h"

namespace mailrun::e2e {
namespace {

TEST_F(Web, AStudyGameFromTheHistoryIsPlayedForEverySeatByTapping) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_study.mjs", 300s, &saw));
  std::cout << "study browser timings (ms since start): " << saw.at("timings").dump() << "\n";
  const std::string game_id = saw.at("gameId");
  const std::string study_id = saw.at("studyId");
  EXPECT_NE(study_id, game_id);

  // What the phone showed.
  ASSERT_TRUE(saw.contains("download")) << "no record file was downloaded";
  EXPECT_EQ(saw.at("download").at("format"), 1);
  EXPECT_EQ(saw.at("download").at("version"), 3);
  EXPECT_EQ(saw.at("download").at("entries"), 3);
  EXPECT_EQ(saw.at("studyMark"), "Study — unranked");
  EXPECT_FALSE(saw.at("autopilotBox").get<bool>()) << "a study game has no autopilot box: its owner plays every seat";
  std::set<int> seats;
  for (const auto& move : saw.at("moves")) {
    seats.insert(move.at("seat").get<int>());
    EXPECT_NE(move.at("acting").get<std::string>().find("Moving for"), std::string::npos) << move;
    // The owner plays every seat: the header and the strip agree that the turn is theirs.
    EXPECT_EQ(move.at("header"), "Your turn") << move;
    EXPECT_EQ(move.at("strip").get<std::string>().rfind("Your turn", 0), 0u) << move;
  }
  EXPECT_EQ(seats.size(), 2u) << saw.at("moves");
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // What the services hold, read as Ravi.
  mailrun::v1::AuthResponse ravi;
  ASSERT_NO_FATAL_FAILURE(LogIn("Ravi", "web-study-login-ravi", &ravi));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::GetGameRequest get;
  get.set_game_id(study_id);
  mailrun::v1::GetGameResponse study;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, ravi.access_token(), get, &study).ok());
  EXPECT_TRUE(study.study());
  EXPECT_EQ(study.version(), saw.at("studyVersion").get<int64_t>());
  std::set<int> acted;
  for (int64_t version = 3; version <= study.version(); ++version) {
    acted.insert(EntryAt(*game, ravi.access_token(), study_id, version).seat());
  }
  EXPECT_EQ(acted, seats) << "the seats the service logged are the ones the screen named";
  get.set_game_id(game_id);
  mailrun::v1::GetGameResponse source;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, ravi.access_token(), get, &source).ok());
  EXPECT_FALSE(source.study());
  EXPECT_EQ(source.version(), 3) << "studying moved nothing in the source game";
}

}  // namespace
}  // namespace mailrun::e2e
