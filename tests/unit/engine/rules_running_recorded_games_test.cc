// The route graph and the route optimiser on real boards: the recorded bot games of
// tests/fixtures/games/ replayed to every run step (4.5). At each one, for every formed company,
// the RouteGraph the engine builds from the tiles passes RouteGraph::Check() and agrees with the
// track network built independently from the same tiles (one edge per tile path with its gauge,
// one node per station with the tile's revenue, kind and terminal flag, tokens as the bases say,
// the green junctions' lines in one exclusivity group). For the operating company the
// optimiser's best plans, submitted through Game::Apply (paid out and retained), are accepted and
// earn what the optimiser said, and wherever the exhaustive reference finishes within its budget
// both plans score exactly what it finds.
// bot-game-4p-longer.json is the longer game of 2.4.3, played into phase 4 ('5', '6' and '4M'
// trains, brown and grey tiles); regenerate it with
// `mailrun selfplay --games 1 --players 4 --seed 2 --bank longer --record-dir DIR` when a rule
// change alters how it plays out.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "engine/core/routes/exhaustive_search.h"
#include "engine/core/routes/plan_proto.h"
#include "engine/core/routes/route_optimizer.h"
#include "engine/titles/t1853/rules/context.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/route_graph_builder.h"
#include "engine/titles/t1853/track_position.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

constexpr int64_t kExhaustiveBudget = 300'000;

// The RouteGraph's name of a TrackNetwork node.
std::string NodeName(const routes::RouteGraph& graph, const TrackNode& node) {
  auto hex_name = [&](HexCoord coord) {
    const int index = graph.FindHex(coord);
    return index >= 0 ? graph.hexes()[index].name : std::string("?");
  };
  switch (node.kind) {
    case TrackNode::Kind::kStation: return hex_name(node.hex) + ".s" + std::to_string(node.index);
    case TrackNode::Kind::kJunction: return hex_name(node.hex) + ".j" + std::to_string(node.index);
    case TrackNode::Kind::kBoundary: break;
  }
  return node.hex < node.other ? hex_name(node.hex) + "/" + hex_name(node.other)
                               : hex_name(node.other) + "/" + hex_name(node.hex);
}

// The graph of `company` against the tiles, seen through the TrackNetwork.
void ExpectGraphMatchesTheTiles(const Game& game, int company, const std::string& where) {
  const GameState& s = game.state();
  const EditionData& data = game.data();
  const routes::RouteGraph graph = BuildRouteGraph(data, s, company);
  const Status checked = graph.Check();
  ASSERT_TRUE(checked.ok()) << where << ": " << checked.error().ToString();
  const TrackNetwork network(data, s.board);
  ASSERT_EQ(graph.edges().size(), network.paths().size()) << where << ": one edge per tile path";
  const auto tokens = TrackNetwork::TokensOf(TrackPositionOf(s).bases);
  std::map<int, int> junction_group;  // route node -> the group of its lines
  for (const TrackPath& path : network.paths()) {
    const std::string a = NodeName(graph, network.nodes()[path.a]);
    const std::string b = NodeName(graph, network.nodes()[path.b]);
    const int na = graph.FindNode(a), nb = graph.FindNode(b);
    ASSERT_TRUE(na >= 0 && nb >= 0) << where << ": no node " << (na < 0 ? a : b);
    bool found = false;
    for (int e : graph.EdgesAt(na)) {
      const routes::RouteEdge& edge = graph.edges()[e];
      const bool joins = (edge.a == na && edge.b == nb) || (edge.a == nb && edge.b == na);
      if (!joins || edge.gauge != path.gauge || graph.hexes()[edge.hex].coord != path.hex) continue;
      found = true;
      for (int end : {na, nb}) {
        if (graph.nodes()[end].kind != routes::NodeKind::kJunction) continue;
        const auto [it, fresh] = junction_group.emplace(end, edge.group);
        EXPECT_EQ(it->second, edge.group) << where << ": the lines of " << graph.nodes()[end].name
                                          << " must share one group (4.5.10)";
      }
    }
    EXPECT_TRUE(found) << where << ": no edge " << a << " - " << b << " on " << HexName(path.hex);
  }
  // Every group is one edge's, except a green junction's.
  std::map<int, int> group_edges;
  for (const routes::RouteEdge& edge : graph.edges()) ++group_edges[edge.group];
  std::set<int> junction_groups;
  for (const auto& [node, group] : junction_group) junction_groups.insert(group);
  for (const auto& [group, count] : group_edges) {
    if (!junction_groups.contains(group)) {
      EXPECT_EQ(count, 1) << where << ": group " << group << " is shared";
    }
  }
  for (size_t n = 0; n < network.nodes().size(); ++n) {
    const TrackNode& node = network.nodes()[n];
    if (node.kind != TrackNode::Kind::kStation) continue;
    const int index = graph.FindNode(NodeName(graph, node));
    ASSERT_GE(index, 0) << where;
    const routes::RouteNode& route_node = graph.nodes()[index];
    ASSERT_EQ(route_node.kind, routes::NodeKind::kStation) << where << " " << route_node.name;
    const routes::StationInfo& info = route_node.station;
    const TileStation& printed = *node.station;
    const HexDef* hex = data.Hex(node.hex);
    EXPECT_EQ(info.revenue, printed.revenue) << where << " " << route_node.name;
    EXPECT_EQ(info.large, printed.kind == StationKind::kLarge) << where << " " << route_node.name;
    EXPECT_EQ(info.terminal, printed.terminal) << where << " " << route_node.name;
    EXPECT_EQ(info.city, info.large && hex->city ? *hex->city : -1) << where << " " << route_node.name;
    const auto holders = tokens.find({node.hex, node.index});
    const int held = holders == tokens.end() ? 0 : static_cast<int>(holders->second.size());
    const bool own = holders != tokens.end() &&
                     std::find(holders->second.begin(), holders->second.end(), company) != holders->second.end();
    EXPECT_EQ(info.company_base, own) << where << " " << route_node.name;
    EXPECT_EQ(info.blocked, !own && printed.token_slots > 0 && held >= printed.token_slots)
        << where << " " << route_node.name << " (4.5.6)";
  }
}

struct Tally {
  int run_steps = 0;
  int graphs = 0;
  int submitted = 0;
  int compared = 0;
  int compared_multi_train = 0;
  int skipped = 0;
};

mailrun::v1::Action Submission(const Game& game, const routes::RouteGraph& graph,
                               const std::vector<routes::TrainSpec>& trains, const routes::RunPlan& plan, bool pay) {
  mailrun::v1::Action action;
  const Context ctx{game.data(), game.config(), const_cast<GameState&>(game.state()), nullptr};
  action.set_seat(OperatingSeat(ctx));
  auto* run_trains = action.mutable_run_trains();
  for (const routes::SubmittedRun& run : routes::ToSubmitted(graph, trains, plan)) {
    auto* r = run_trains->add_runs();
    r->set_train_id(run.train_id);
    for (const std::string& node : run.nodes) r->add_nodes(node);
  }
  run_trains->set_mail_train_id(routes::MailTrainId(trains, plan));
  run_trains->set_pay_dividend(pay);
  return action;
}

// At the operating company's run step: both optimised plans are legal actions earning what the
// optimiser says; on small boards they equal the exhaustive reference.
void CheckRunStep(const Game& game, const std::string& where, Tally& tally) {
  const GameState& s = game.state();
  const int company = s.railway.company;
  const routes::RouteGraph graph = BuildRouteGraph(game.data(), s, company);
  const std::vector<routes::TrainSpec> trains = RouteTrains(game.data(), s, company);
  routes::OptimizeOptions options;
  options.constraints.must_run_over = s.railway.must_run_hexes;
  const auto optimised = routes::Optimize(graph, trains, options);
  ASSERT_TRUE(optimised.ok()) << where << ": " << optimised.error().ToString();
  EXPECT_TRUE(optimised->proven_optimal) << where;
  const bool director = s.companies[company].director >= 0;
  for (const routes::RunPlan* plan : {&optimised->best_total, &optimised->best_dividend}) {
    for (bool pay : {false, true}) {
      if (pay && (!director || plan->run_revenue == 0)) continue;
      Game copy = game;
      const int treasury = copy.state().companies[company].treasury;
      MustApply(copy, Submission(game, graph, trains, *plan, pay));
      if (::testing::Test::HasFatalFailure()) return;
      ++tally.submitted;
      if (copy.state().stage == Stage::kRailway) {
        EXPECT_EQ(copy.state().companies[company].treasury - treasury,
                  plan->mail_revenue + (pay ? 0 : plan->run_revenue))
            << where;
      }
    }
  }
  const auto reference = routes::ExhaustiveSearch(graph, trains, options.constraints, kExhaustiveBudget);
  ASSERT_TRUE(reference.ok()) << where << ": " << reference.error().ToString();
  if (!reference->finished) {
    ++tally.skipped;
    return;
  }
  ++tally.compared;
  if (trains.size() > 1) ++tally.compared_multi_train;
  EXPECT_EQ(optimised->best_total.total(), reference->best_total.total()) << where;
  EXPECT_EQ(optimised->best_total.run_revenue, reference->best_total.run_revenue) << where;
  EXPECT_EQ(optimised->best_dividend.run_revenue, reference->best_dividend.run_revenue) << where;
  EXPECT_EQ(optimised->best_dividend.mail_revenue, reference->best_dividend.mail_revenue) << where;
}

class RecordedGameRuns : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordedGameRuns, GraphsAndOptimisedRunsHoldOnEveryRunStep) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  auto created = Game::Create(record.config);
  ASSERT_TRUE(created.ok());
  Game game = std::move(*created);
  Tally tally;
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const GameState& s = game.state();
    if (s.stage == Stage::kRailway && s.railway.step == TurnStep::kRun) {
      ++tally.run_steps;
      const std::string where = GetParam() + " action " + std::to_string(i);
      for (int c = 0; c < kCompanies; ++c) {
        if (s.companies[c].status != CompanyStatus::kFormed) continue;
        ExpectGraphMatchesTheTiles(game, c, where + " " + game.data().companies[c].initials);
        ++tally.graphs;
      }
      CheckRunStep(game, where, tally);
      if (HasFatalFailure()) return;
    }
    MustApply(game, record.actions[i]);
    if (HasFatalFailure()) return;
  }
  RecordProperty("run_steps", tally.run_steps);
  RecordProperty("compared", tally.compared);
  std::printf("%s: %d run steps, %d graphs, %d plans submitted, %d compared with the exhaustive search (%d with "
              "several trains), %d too large for it\n",
              GetParam().c_str(), tally.run_steps, tally.graphs, tally.submitted, tally.compared,
              tally.compared_multi_train, tally.skipped);
  EXPECT_GE(tally.run_steps, 30);
  EXPECT_GE(tally.compared, tally.run_steps / 2) << "most real positions are small enough to compare";
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RecordedGameRuns, ::testing::ValuesIn(RecordedGames()), [](const auto& info) {
  std::string name = info.param.substr(0, info.param.find('.'));
  for (char& ch : name) {
    if (ch == '-') ch = '_';
  }
  return name;
});

}  // namespace
}  // namespace mailrun::engine::t1853::testing
