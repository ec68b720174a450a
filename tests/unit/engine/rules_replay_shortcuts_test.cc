// Apply's shortcuts give the answers of the long way, at every railway position of every recorded
// game (both editions): the test for a step with nothing to do (OnlyEndStepLegal) agrees with the
// full listing of legal actions, and the kept track network, reach and route graph (TrackCache,
// carried from one position to the next as Apply carries it) equal ones built afresh.
// A position where ending the step is all that is left never waits for a player (Apply takes it):
// those are checked by the same games replaying to their recorded results (selfplay_Fixtures*),
// where a wrong answer would leave the game waiting for an action the record does not have, or
// take one it does not make.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/titles/t1853/route_graph_builder.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/trains.h"
#include "engine/titles/t1853/track_cache.h"
#include "engine/titles/t1853/track_position.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

bool SameHeads(const std::vector<Railhead>& a, const std::vector<Railhead>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Railhead& x, const Railhead& y) { return !(x < y) && !(y < x); });
}

std::vector<std::string> NodeNames(const routes::RouteGraph& graph) {
  std::vector<std::string> names;
  for (const auto& node : graph.nodes()) names.push_back(node.name);
  return names;
}

class ReplayShortcuts : public ::testing::TestWithParam<std::string> {};

TEST_P(ReplayShortcuts, GiveTheAnswersOfTheLongWay) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  TrackCache cache;
  int listed = 0, reaches = 0;
  for (const auto& action : record.actions) {
    const GameState& s = game->state();
    const int company = s.railway.company;
    GameState& state = const_cast<GameState&>(s);
    const Context ctx{game->data(), game->config(), state, nullptr};
    if (s.stage == Stage::kRailway && company >= 0 && !s.offer && CompanyWithExcessTrains(ctx) < 0 &&
        s.pending_credit_settlements.empty()) {
      // The position before the action: nothing forced is pending, so the listing names the
      // step's real choices.
      const int seat = OperatingSeat(ctx);
      const auto legal = game->LegalActions(seat);
      const bool only_end = legal.size() == 1 && legal[0].action().has_end_step();
      EXPECT_EQ(OnlyEndStepLegal(ctx, seat), only_end) << "before " << action.ShortDebugString();
      ++listed;

      const TrackNetwork fresh(game->data(), s.board);
      const CompanyReach expected = fresh.Reach(TrackPositionOf(s), company);
      const auto kept = cache.Reach(game->data(), s, company);
      EXPECT_EQ(kept->hexes, expected.hexes);
      EXPECT_EQ(kept->stations, expected.stations);
      EXPECT_TRUE(SameHeads(kept->railheads, expected.railheads));
      EXPECT_TRUE(SameHeads(kept->touches, expected.touches));
      EXPECT_EQ(kept->paths, expected.paths);
      EXPECT_EQ(NodeNames(*cache.RouteGraph(game->data(), s, company)),
                NodeNames(BuildRouteGraph(game->data(), s, company)));
      EXPECT_EQ(cache.Network(game->data(), s.board)->paths().size(), fresh.paths().size());
      ++reaches;
    }
    MustApply(*game, action);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(listed, 0);
  EXPECT_GT(reaches, 0);
}

INSTANTIATE_TEST_SUITE_P(RecordedGames, ReplayShortcuts, ::testing::ValuesIn(RecordedGames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(0, info.param.size() - 5);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace mailrun::engine::t1853::testing
