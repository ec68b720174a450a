// GetBoardPicture against the real mailrun-game: the SVG board of a bot game, played through the
// API until tiles are laid and a company has run its trains, at the current version and at earlier
// ones, equals the engine's picture of the view at that version, and the picture a client draws
// from the service's own GetComponents and GetGame answers (what `mailrun games show --svg` does),
// with the last runs drawn on it; a version ahead of the game and a bad game are refused.
#include <gtest/gtest.h>

#include "engine/bot/choose_action.h"
#include "engine/render/game_board_picture.h"
#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::engine::Game;

class Picture : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_picture"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }
  static GameHarness* harness_;
};
GameHarness* Picture::harness_ = nullptr;

TEST_F(Picture, TheBoardAtAnyVersionIsTheEnginesPictureOfThatVersion) {
  const auto config = PlayersConfig("picture", 4, 5);
  const std::string game_id = harness_->CreateGame(config);
  const std::string spectator = GameHarness::AccessToken("picture-spectator");
  auto local = Game::Create(config);
  ASSERT_TRUE(local.ok());
  uint64_t rng = BotRngStart(config);
  std::map<int64_t, mailrun::v1::GameView> views = {{0, local->View(-1)}};
  int64_t version = 0;
  int64_t first_tile = 0;
  int64_t first_run = 0;  // the first version at which a company's view holds its last runs
  const auto has_runs = [](const mailrun::v1::GameView& view) {
    return std::any_of(view.companies().begin(), view.companies().end(),
                       [](const auto& company) { return company.last_runs_size() > 0; });
  };
  while (version < 1500 && (first_tile == 0 || version < first_tile + 10 || first_run == 0)) {
    const int seat = local->ActiveSeats().front();
    auto action = mailrun::engine::bot::ChooseAction(*local, seat, local->LegalActions(seat), rng);
    mailrun::v1::SubmitActionResponse answer;
    ASSERT_TRUE(Submit(harness_->stub(), GameHarness::AccessToken(config.players(seat).user_id()), game_id, version,
                       action, NewRequestId(), &answer)
                    .ok());
    action.set_seat(seat);
    ASSERT_TRUE(local->Apply(action).ok());
    version = answer.version();
    views[version] = local->View(-1);
    if (first_tile == 0 && views[version].tiles_size() > 0) first_tile = version;
    if (first_run == 0 && has_runs(views[version])) first_run = version;
  }
  ASSERT_GT(first_tile, 0) << "no tile laid in " << version << " versions";
  ASSERT_GT(first_run, 0) << "no train run in " << version << " versions";

  auto picture = [&](int64_t at, mailrun::v1::GetBoardPictureResponse* response) {
    mailrun::v1::GetBoardPictureRequest request;
    request.set_game_id(game_id);
    request.set_version(at);
    return harness_->Call(&GameStub::GetBoardPicture, spectator, request, response);
  };
  for (const int64_t at : {first_tile - 1, first_tile, version}) {
    mailrun::v1::GetBoardPictureResponse response;
    ASSERT_TRUE(picture(at, &response).ok());
    EXPECT_EQ(response.version(), at);
    const auto expected = mailrun::engine::GameBoardPicture(
        views[at], "Game " + game_id + " at version " + std::to_string(at) + ": " + views[at].round().description());
    ASSERT_TRUE(expected.ok());
    EXPECT_EQ(response.svg(), *expected) << "version " << at;
    EXPECT_NE(response.svg().find("<svg"), std::string::npos);
  }
  // A client's own drawing from the API's answers (GetComponents, GetGame) is the service's picture,
  // with the runs the view holds drawn as paths of named stations and hexes.
  mailrun::v1::GetComponentsRequest components_request;
  components_request.set_title(config.title());
  components_request.set_edition(config.edition());
  mailrun::v1::GetComponentsResponse components;
  ASSERT_TRUE(harness_->Call(&GameStub::GetComponents, spectator, components_request, &components).ok());
  mailrun::v1::GetGameRequest game_request;
  game_request.set_game_id(game_id);
  mailrun::v1::GetGameResponse game;
  ASSERT_TRUE(harness_->Call(&GameStub::GetGame, spectator, game_request, &game).ok());
  ASSERT_EQ(game.version(), version);
  mailrun::v1::GetBoardPictureResponse served;
  ASSERT_TRUE(picture(version, &served).ok());
  const auto drawn = mailrun::engine::GameBoardPicture(
      components.components(), game.view(),
      "Game " + game_id + " at version " + std::to_string(version) + ": " + game.view().round().description());
  ASSERT_TRUE(drawn.ok()) << drawn.error().message;
  EXPECT_EQ(*drawn, served.svg());
  mailrun::v1::GetBoardPictureResponse with_run;
  ASSERT_TRUE(picture(first_run, &with_run).ok());
  for (const auto& company : views[first_run].companies()) {
    for (const auto& run : company.last_runs()) {
      EXPECT_NE(with_run.svg().find("<!-- last run of the " + company.initials() + " -->"), std::string::npos);
      EXPECT_FALSE(run.stations().empty());
      ASSERT_FALSE(run.hexes().empty());
      EXPECT_EQ(run.hexes(0), run.nodes(0).substr(0, run.nodes(0).find_first_of("./"))) << "starts where its first node lies";
    }
  }
  mailrun::v1::GetBoardPictureResponse before_run;
  ASSERT_TRUE(picture(first_run - 1, &before_run).ok());
  EXPECT_EQ(before_run.svg().find("last run of the"), std::string::npos);

  mailrun::v1::GetBoardPictureResponse before_tile, after_tile, now;
  ASSERT_TRUE(picture(first_tile - 1, &before_tile).ok());
  ASSERT_TRUE(picture(first_tile, &after_tile).ok());
  EXPECT_NE(before_tile.svg(), after_tile.svg()) << "the first tile laid changes nothing on the picture";
  ASSERT_TRUE(picture(0, &now).ok());
  EXPECT_EQ(now.version(), version) << "version 0 draws the current version";

  mailrun::v1::GetBoardPictureResponse refused;
  const grpc::Status ahead = picture(version + 1, &refused);
  EXPECT_EQ(ahead.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(ahead.error_message().find("ahead of the game's version"), std::string::npos) << ahead.error_message();
  EXPECT_EQ(picture(-1, &refused).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  mailrun::v1::GetBoardPictureRequest unknown;
  unknown.set_game_id("g-none");
  EXPECT_EQ(harness_->Call(&GameStub::GetBoardPicture, spectator, unknown, &refused).error_code(),
            grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(harness_->Call(&GameStub::GetBoardPicture, "", unknown, &refused).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace mailrun::game::testing
