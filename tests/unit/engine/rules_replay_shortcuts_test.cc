// Apply's shortcuts give the answers of the long way, at every railway position of every recorded
// game (both editions): the test for a step with nothing to do (OnlyEndStepLegal) agrees with the
// full listing of legal actions, and the kept track network, reach and route graph (TrackCache,
// carried from one position to the next as Apply carries it) equal ones built afresh.
// A position where ending the step is all that is left never waits for a player (Apply takes it):
// those are checked by the same games replaying to their recorded results (selfplay_Fixtures*),
// where a wrong answer would leave the game waiting for an action the record does not have, or
// take one it does not make.
// Applying an action knowing the next (ApplyBefore) leaves the game Apply leaves, action by action;
// the next action it found legal is then applied without a second validation, and only that one.
// The kept network follows the board's tiles by their stamp, and by the tiles where stamps differ.
// A company's reach from all its bases (one search per line for bases one line joins) is the
// union of its reaches from each base alone, at every board and placing of bases of the games.
// A run step's runs are checked on the part of the route graph they name (BuildRunGraph): at every
// recorded run step, the recorded runs and broken variants of them are accepted or refused on it
// exactly as on the whole graph, in the same words.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "engine/core/routes/run_validator.h"
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

// Two games of a record at its start: one to Apply its actions to, one to ApplyBefore them to.
struct Twins {
  Game plain;
  Game knowing;
};

std::optional<Twins> StartTwins(const GameRecord& record) {
  auto game = Game::Create(record.config);
  if (!game.ok()) return std::nullopt;
  return Twins{*game, *game};
}

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

TEST_P(ReplayShortcuts, ReachOfAllBasesIsTheUnionOfEachBasesReach) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  int compared = 0, shared = 0;
  BoardState last_board;
  BasesByCompany last_bases;
  for (const auto& action : record.actions) {
    const GameState& s = game->state();
    const TrackPosition position = TrackPositionOf(s);
    if (s.board.tiles != last_board.tiles || position.bases != last_bases) {
      last_board = s.board;
      last_bases = position.bases;
      const TrackNetwork network(game->data(), s.board);
      for (int company = 0; company < kCompanies; ++company) {
        const auto& bases = position.bases[company];
        if (bases.empty()) continue;
        const CompanyReach all = network.Reach(position, company);
        CompanyReach each;
        std::set<HexCoord> hexes;
        std::set<std::pair<HexCoord, int>> stations;
        std::set<int> paths;
        for (size_t b = 0; b < bases.size(); ++b) {
          const CompanyReach one = network.Reach(position, company, static_cast<int>(b));
          hexes.insert(one.hexes.begin(), one.hexes.end());
          stations.insert(one.stations.begin(), one.stations.end());
          paths.insert(one.paths.begin(), one.paths.end());
          each.railheads.insert(each.railheads.end(), one.railheads.begin(), one.railheads.end());
          each.touches.insert(each.touches.end(), one.touches.begin(), one.touches.end());
        }
        each.hexes.assign(hexes.begin(), hexes.end());
        each.stations.assign(stations.begin(), stations.end());
        each.paths.assign(paths.begin(), paths.end());
        for (auto* ends : {&each.railheads, &each.touches}) {
          std::sort(ends->begin(), ends->end());
          ends->erase(std::unique(ends->begin(), ends->end(), [](const Railhead& x, const Railhead& y) { return !(x < y) && !(y < x); }),
                      ends->end());
        }
        EXPECT_EQ(all.hexes, each.hexes) << "company " << company;
        EXPECT_EQ(all.stations, each.stations) << "company " << company;
        EXPECT_EQ(all.paths, each.paths) << "company " << company;
        EXPECT_TRUE(SameHeads(all.railheads, each.railheads)) << "company " << company;
        EXPECT_TRUE(SameHeads(all.touches, each.touches)) << "company " << company;
        ++compared;
        shared += bases.size() > 1 ? 1 : 0;
      }
    }
    MustApply(*game, action);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(compared, 0);
  EXPECT_GT(shared, 0);  // companies with several bases were compared
}

// ApplyBefore (Apply knowing the next action, as `mailrun replay` and the game service's loader
// apply a log) leaves the game Apply leaves, action by action: the same state and the same log
// lines. Where the next action is a lay, promotion or base of the operating seat, it answers
// whether the step is forced to end instead of OnlyEndStepLegal; such positions are counted, so the
// shortcut is shown to be taken.
TEST_P(ReplayShortcuts, ApplyKnowingTheNextActionLeavesTheSameGame) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  std::optional<Twins> twins = StartTwins(record);
  ASSERT_TRUE(twins);
  auto& [plain, knowing] = *twins;
  const auto& actions = record.actions;
  int answered_by_next = 0;
  for (size_t i = 0; i + 1 < actions.size(); ++i) {
    const auto expected = plain.Apply(actions[i]);
    const auto applied = knowing.ApplyBefore(actions[i], actions[i + 1]);
    ASSERT_TRUE(expected.ok()) << "action " << i + 1;
    ASSERT_TRUE(applied.ok()) << "action " << i + 1;
    EXPECT_EQ(applied->log, expected->log) << "action " << i + 1;
    ASSERT_EQ(knowing.SnapshotJson(), plain.SnapshotJson()) << "after action " << i + 1;
    const GameState& s = plain.state();
    const auto kind = actions[i + 1].kind_case();
    answered_by_next += s.stage == Stage::kRailway &&
                        ((s.railway.step == TurnStep::kTrack && (kind == mailrun::v1::Action::kLayTile ||
                                                                 kind == mailrun::v1::Action::kPromoteTile)) ||
                         (s.railway.step == TurnStep::kBase && kind == mailrun::v1::Action::kPlaceBase));
  }
  EXPECT_GT(answered_by_next, 20);
}

// A next action that is not legal answers nothing: where Apply finds a step with nothing left to
// do but its end and takes it, ApplyBefore with a lay and a base of the same seat that are not
// legal there (copied from elsewhere in the record) takes it too. Such steps are counted.
TEST_P(ReplayShortcuts, AnIllegalNextActionAnswersNothing) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  std::vector<mailrun::v1::Action> decoys;  // the record's last lay and last base
  for (auto kind : {mailrun::v1::Action::kLayTile, mailrun::v1::Action::kPlaceBase}) {
    const auto last = std::find_if(record.actions.rbegin(), record.actions.rend(),
                                   [&](const mailrun::v1::Action& a) { return a.kind_case() == kind; });
    ASSERT_NE(last, record.actions.rend());
    decoys.push_back(*last);
  }
  int forced_steps = 0;
  for (const auto& action : record.actions) {
    const bool railway = game->state().stage == Stage::kRailway;
    const Game before = *game;
    const auto expected = game->Apply(action);
    ASSERT_TRUE(expected.ok());
    if (!railway || game->state().stage != Stage::kRailway) continue;
    bool tried = false;
    for (mailrun::v1::Action decoy : decoys) {
      decoy.set_seat(action.seat());
      Game knowing = before;
      const auto applied = knowing.ApplyBefore(action, decoy);
      ASSERT_TRUE(applied.ok());
      EXPECT_EQ(applied->log, expected->log) << action.ShortDebugString();
      ASSERT_EQ(knowing.SnapshotJson(), game->SnapshotJson()) << "after " << action.ShortDebugString();
      Game probe = *game;
      tried = tried || !probe.Apply(decoy).ok();
    }
    // The action's own step was left by Apply without an end_step in the record: forced.
    forced_steps += tried && game->state().railway.company == before.state().railway.company &&
                    game->state().railway.step != before.state().railway.step &&
                    action.kind_case() != mailrun::v1::Action::kEndStep;
  }
  EXPECT_GT(forced_steps, 0);
}

// The next action that ApplyBefore found legal is not validated again when it is applied; any
// other action is. At every position where the shortcut answered (a lay, promotion or base
// following), the recorded next action and variants of it (another rotation, tile, hex or
// station, another seat) get from the game ApplyBefore left exactly the outcome, refusal or
// state that a game Apply left gives them.
TEST_P(ReplayShortcuts, OnlyTheActionFoundLegalAheadSkipsItsValidation) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  std::optional<Twins> twins = StartTwins(record);
  ASSERT_TRUE(twins);
  auto& [plain, knowing] = *twins;
  int compared = 0, refused = 0;
  for (size_t i = 0; i + 1 < record.actions.size(); ++i) {
    ASSERT_TRUE(plain.Apply(record.actions[i]).ok()) << "action " << i + 1;
    ASSERT_TRUE(knowing.ApplyBefore(record.actions[i], record.actions[i + 1]).ok()) << "action " << i + 1;
    const mailrun::v1::Action& next = record.actions[i + 1];
    if (!next.has_lay_tile() && !next.has_promote_tile() && !next.has_place_base()) continue;
    std::vector<mailrun::v1::Action> variants{next};
    mailrun::v1::Action v = next;
    if (next.has_lay_tile()) {
      v.mutable_lay_tile()->set_rotation((next.lay_tile().rotation() + 1) % 6);
      variants.push_back(v);
      v = next;
      v.mutable_lay_tile()->set_tile(next.lay_tile().tile() == "8" ? "9" : "8");
      variants.push_back(v);
      v = next;
      v.mutable_lay_tile()->set_hex(next.lay_tile().hex() == "G7" ? "G8" : "G7");
      variants.push_back(v);
    } else if (next.has_promote_tile()) {
      v.mutable_promote_tile()->set_rotation((next.promote_tile().rotation() + 1) % 6);
      variants.push_back(v);
    } else {
      v.mutable_place_base()->set_station(next.place_base().station() + 1);
      variants.push_back(v);
    }
    v = next;
    v.set_seat((next.seat() + 1) % record.config.players_size());
    variants.push_back(v);
    for (const mailrun::v1::Action& variant : variants) {
      Game expected_game = plain;
      Game tried_game = knowing;
      const auto expected = expected_game.Apply(variant);
      const auto tried = tried_game.Apply(variant);
      ASSERT_EQ(tried.ok(), expected.ok()) << "after action " << i + 1 << ": " << variant.ShortDebugString();
      if (expected.ok()) {
        EXPECT_EQ(tried->log, expected->log) << variant.ShortDebugString();
        ASSERT_EQ(tried_game.SnapshotJson(), expected_game.SnapshotJson()) << variant.ShortDebugString();
      } else {
        EXPECT_EQ(tried.error().ToString(), expected.error().ToString()) << variant.ShortDebugString();
        ++refused;
      }
      ++compared;
    }
  }
  EXPECT_GT(compared, 40);
  EXPECT_GT(refused, 20);
}

// What a check of `runs` on `graph` answers, in words and node names (indices differ between graphs).
std::string CheckedOn(const routes::RouteGraph& graph, const std::vector<routes::TrainSpec>& trains,
                      const mailrun::v1::RunTrains& runs, const std::vector<HexCoord>& must) {
  std::vector<routes::SubmittedRun> submitted;
  for (const auto& run : runs.runs()) submitted.push_back({run.train_id(), {run.nodes().begin(), run.nodes().end()}});
  routes::RunConstraints constraints;
  constraints.must_run_over = must;
  const auto plan = routes::ValidateRuns(graph, trains, submitted, runs.mail_train_id(), constraints);
  if (!plan.ok()) {
    std::string words = plan.error().key + " " + plan.error().ToString();
    for (const auto& param : plan.error().params) words += " " + param.ShortDebugString();
    return words;
  }
  std::string out = "mail " + std::to_string(plan->mail_run) + " " + std::to_string(plan->mail_revenue) + " runs " +
                    std::to_string(plan->run_revenue);
  for (const auto& run : plan->runs) {
    out += " | train " + std::to_string(run.train) + " " + std::to_string(run.revenue) + "/" +
           std::to_string(run.mail_value) + ":";
    for (int node : run.nodes) out += " " + graph.nodes()[node].name;
    for (int edge : run.edges) {
      const auto& e = graph.edges()[edge];
      out += " " + graph.nodes()[e.a].name + "-" + graph.nodes()[e.b].name + "@" + graph.hexes()[e.hex].name;
    }
  }
  return out;
}

// The recorded runs and variants a player might send instead: each run cut short at either end,
// reversed, the runs in the other order, each train's run given to the next train, a place that
// is not on the board.
std::vector<mailrun::v1::RunTrains> Variants(const mailrun::v1::RunTrains& recorded) {
  std::vector<mailrun::v1::RunTrains> out{recorded};
  for (int r = 0; r < recorded.runs_size(); ++r) {
    mailrun::v1::RunTrains cut = recorded;
    cut.mutable_runs(r)->mutable_nodes()->RemoveLast();
    out.push_back(cut);
    mailrun::v1::RunTrains front = recorded;
    front.mutable_runs(r)->mutable_nodes()->erase(front.mutable_runs(r)->mutable_nodes()->begin());
    out.push_back(front);
    mailrun::v1::RunTrains reversed = recorded;
    auto* nodes = reversed.mutable_runs(r)->mutable_nodes();
    std::reverse(nodes->begin(), nodes->end());
    out.push_back(reversed);
    mailrun::v1::RunTrains other = recorded;
    other.mutable_runs(r)->set_train_id(recorded.runs((r + 1) % recorded.runs_size()).train_id());
    out.push_back(other);
    mailrun::v1::RunTrains nowhere = recorded;
    nowhere.mutable_runs(r)->add_nodes("Vak.s0");
    out.push_back(nowhere);
  }
  mailrun::v1::RunTrains swapped = recorded;
  std::reverse(swapped.mutable_runs()->begin(), swapped.mutable_runs()->end());
  out.push_back(swapped);
  return out;
}

TEST_P(ReplayShortcuts, RunsCheckedOnThePartOfTheGraphTheyName) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  int checked = 0;
  for (const auto& action : record.actions) {
    const GameState& s = game->state();
    if (action.has_run_trains() && s.stage == Stage::kRailway && s.railway.step == TurnStep::kRun) {
      const int company = s.railway.company;
      const auto trains = RouteTrains(game->data(), s, company);
      const routes::RouteGraph whole = BuildRouteGraph(game->data(), s, company);
      // The turn's own hexes to run over (4.2.3, 4.4.2), and a tile the runs may well miss.
      std::vector<HexCoord> more = s.railway.must_run_hexes;
      if (!s.board.tiles.empty()) more.push_back(s.board.tiles.begin()->first);
      for (const auto& must : {s.railway.must_run_hexes, more}) {
        for (const auto& runs : Variants(action.run_trains())) {
          const routes::RouteGraph part = BuildRunGraph(game->data(), s, company, runs, must);
          EXPECT_LE(part.nodes().size(), whole.nodes().size());
          EXPECT_EQ(CheckedOn(part, trains, runs, must), CheckedOn(whole, trains, runs, must)) << runs.ShortDebugString();
          ++checked;
        }
      }
    }
    MustApply(*game, action);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(checked, 0);
}

// The kept network is the board's: a tile changed on the board (a new stamp, TileMap) is seen; a
// copy of the board (the same stamp) or the same tiles laid anew (another stamp, the same tiles)
// get the network kept for them.
TEST(TrackCacheOfTiles, AChangedTileIsSeenAndTheSameTilesKeepTheirNetwork) {
  const GameRecord record = LoadRecord("games/bot-game-4p.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (size_t i = 0; i < record.actions.size() && game->state().board.tiles.size() < 10; ++i) {
    MustApply(*game, record.actions[i]);
    if (HasFatalFailure()) return;
  }
  ASSERT_GE(game->state().board.tiles.size(), 10u);
  const EditionData& data = game->data();
  TrackCache cache;
  const BoardState board = game->state().board;
  const auto first = cache.Network(data, board);
  EXPECT_EQ(cache.Network(data, board), first);
  BoardState copy = board;
  EXPECT_EQ(cache.Network(data, copy), first);
  const auto [hex, placed] = *board.tiles.begin();
  copy.tiles.Set(hex, {placed.tile, (placed.rotation + 1) % 6});
  const auto turned = cache.Network(data, copy);
  EXPECT_NE(turned, first);
  EXPECT_EQ(turned->paths().size(), first->paths().size());  // turned, not lifted
  BoardState again = board;  // the first board's stamp, not the kept one's: compared, rebuilt
  const auto back = cache.Network(data, again);
  EXPECT_NE(back, turned);
  BoardState laid_anew;
  laid_anew.tiles.Assign(board.tiles.map());
  EXPECT_NE(laid_anew.tiles.Stamp(), again.tiles.Stamp());
  EXPECT_EQ(cache.Network(data, laid_anew), back);
}

INSTANTIATE_TEST_SUITE_P(RecordedGames, ReplayShortcuts, ::testing::ValuesIn(RecordedGames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param.substr(0, info.param.size() - 5);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace mailrun::engine::t1853::testing
