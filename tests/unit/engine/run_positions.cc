#include "tests/unit/engine/run_positions.h"

#include <algorithm>
#include <numeric>

#include "engine/titles/t1853/state_json.h"
#include "engine/titles/t1853/rules/context.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

HexCoord Hex(const std::string& name) {
  const auto hex = ParseHexName(name);
  if (!hex) ADD_FAILURE() << "no hex " << name;
  return hex.value_or(HexCoord{});
}

// Whether one line of `tile`, laid with `rotation`, joins all of `edges` (board edges).
bool JoinsEdges(const TileDef& tile, int rotation, const std::vector<int>& edges) {
  // Ends of the tile's paths: edges 0-5, then stations, then junctions; one set per line.
  const int count = 6 + static_cast<int>(tile.stations.size() + tile.junctions.size());
  std::vector<int> parent(count);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  auto index = [&](const PathEnd& end) {
    switch (end.kind) {
      case PathEnd::Kind::kEdge: return BoardEdge(end.index, rotation);
      case PathEnd::Kind::kStation: return 6 + end.index;
      case PathEnd::Kind::kJunction: return 6 + static_cast<int>(tile.stations.size()) + end.index;
    }
    return 0;
  };
  std::vector<bool> has_edge(6, false);
  for (const TilePath& path : tile.paths) {
    for (const PathEnd* end : {&path.a, &path.b}) {
      if (end->kind == PathEnd::Kind::kEdge) has_edge[BoardEdge(end->index, rotation)] = true;
    }
    parent[find(index(path.a))] = find(index(path.b));
  }
  for (int edge : edges) {
    if (!has_edge[edge] || find(edge) != find(edges.front())) return false;
  }
  return true;
}

}  // namespace

RunPosition RunPosition::BeforeSampleGameRun(const std::string& checkpoint) {
  const std::string fixture = "sample_game/appendix4.json";
  const GameRecord record = LoadRecord(fixture);
  const auto checkpoints = nlohmann::json::parse(ReadFixture(fixture))["checkpoints"];
  const size_t run_action = checkpoints.at(checkpoint).get<size_t>() - 1;
  auto created = Game::Create(record.config);
  EXPECT_TRUE(created.ok());
  Game game = std::move(*created);
  for (size_t i = 0; i < run_action; ++i) MustApply(game, record.actions[i]);
  EXPECT_TRUE(record.actions[run_action].has_run_trains()) << checkpoint << " is not a run";
  EXPECT_EQ(game.state().railway.step, TurnStep::kRun) << checkpoint;
  return RunPosition(game.data(), record.config, game.state());
}

int RunPosition::Company(const std::string& initials) const {
  for (int c = 0; c < kCompanies; ++c) {
    if (data_->companies[c].initials == initials) return c;
  }
  ADD_FAILURE() << "no company " << initials;
  return 0;
}

int RunPosition::Seat() const {
  const Context ctx{*data_, config_, const_cast<GameState&>(state_), nullptr};
  return OperatingSeat(ctx);
}

RunPosition& RunPosition::ClearTiles() {
  for (const auto& [hex, placed] : state_.board.tiles) ++state_.board.supply[placed.tile];
  state_.board.tiles.clear();
  return *this;
}

int RotationJoining(const EditionData& data, const std::string& hex_name, const std::string& tile_id,
                    const std::vector<std::string>& towards) {
  const auto hex = ParseHexName(hex_name);
  const TileDef* tile = data.Tile(tile_id);
  if (!hex || tile == nullptr) {
    ADD_FAILURE() << "no hex " << hex_name << " or no tile " << tile_id;
    return 0;
  }
  std::vector<int> edges;
  for (const std::string& name : towards) {
    const auto other = ParseHexName(name);
    int edge = -1;
    for (int e = 0; e < 6; ++e) {
      if (other && Neighbour(*hex, e) == *other) edge = e;
    }
    if (edge < 0) ADD_FAILURE() << name << " is not a neighbour of " << hex_name;
    edges.push_back(std::max(edge, 0));
  }
  for (int rotation = 0; rotation < 6; ++rotation) {
    if (JoinsEdges(*tile, rotation, edges)) return rotation;
  }
  ADD_FAILURE() << "no rotation of tile " << tile_id << " on " << hex_name << " joins the hexes asked for";
  return 0;
}

RunPosition& RunPosition::Tile(const std::string& hex_name, const std::string& tile_id,
                               const std::vector<std::string>& towards) {
  const HexCoord hex = Hex(hex_name);
  const int rotation = RotationJoining(*data_, hex_name, tile_id, towards);
  if (const auto laid = state_.board.tiles.find(hex); laid != state_.board.tiles.end()) {
    ++state_.board.supply[laid->second.tile];
  }
  state_.board.tiles.Set(hex, PlacedTile{tile_id, rotation});
  if (auto left = state_.board.supply.find(tile_id); left != state_.board.supply.end() && left->second > 0) {
    --left->second;
  }
  return *this;
}

RunPosition& RunPosition::Base(const std::string& company, const std::string& hex, int station) {
  CompanyState& c = state_.companies[Company(company)];
  c.bases.push_back(engine::Base{Hex(hex), station});
  c.tokens_left = std::max(0, c.tokens_left - 1);
  return *this;
}

RunPosition& RunPosition::Trains(const std::string& company, const std::vector<std::string>& names) {
  std::vector<TrainCard>& trains = state_.companies[Company(company)].trains;
  trains.clear();
  for (const std::string& name : names) {
    const auto same = std::count_if(trains.begin(), trains.end(), [&](const TrainCard& t) { return t.name == name; });
    trains.push_back(TrainCard{name + "-" + std::to_string(same + 1), name, false});
  }
  return *this;
}

RunPosition& RunPosition::Price(const std::string& company, int price) {
  const auto& prices = data_->SharePrices();
  const auto it = std::find(prices.begin(), prices.end(), price);
  if (it == prices.end()) ADD_FAILURE() << price << " is not on the market track";
  state_.companies[Company(company)].price_index = static_cast<int>(it - prices.begin());
  return *this;
}

RunPosition& RunPosition::Holding(int seat, const std::string& company, int shares, int unredeemed) {
  const int c = Company(company);
  PlayerState& p = state_.players[seat];
  const int held = state_.shares.HeldBy(seat, c);
  state_.shares.Move(ShareHolder::Bank(), ShareHolder::Player(seat), c, shares - held);
  EXPECT_GE(state_.shares.InBank(c), 0) << "more shares than the company has";
  if (held == 0 && shares > 0) p.holding_since[c] = ++state_.tick;
  if (shares == 0) p.holding_since[c] = 0;
  p.unredeemed[c] = unredeemed;
  return *this;
}

RunPosition& RunPosition::Pool(const std::string& company, int shares) {
  const int c = Company(company);
  state_.shares.Move(ShareHolder::Bank(), ShareHolder::Pool(), c, shares - state_.shares.InPool(c));
  EXPECT_GE(state_.shares.InBank(c), 0) << "more shares than the company has";
  return *this;
}

RunPosition& RunPosition::Manager(const std::string& company, int seat) {
  CompanyState& c = state_.companies[Company(company)];
  c.director = -1;
  c.manager = seat;
  return *this;
}

RunPosition& RunPosition::MustRunOver(const std::string& hex) {
  state_.railway.must_run_hexes.push_back(Hex(hex));
  return *this;
}

RunPosition& RunPosition::LongerGame() {
  config_.mutable_options()->set_bank(mailrun::v1::BANK_LONGER);
  return *this;
}

Game RunPosition::Build() const {
  auto game = Game::FromSnapshot(config_, StateToJson(state_));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  EXPECT_TRUE(MoneyIsConstant(*game));
  return std::move(*game);
}

std::vector<std::string> NodeNames(const std::vector<std::string>& places) {
  std::vector<std::string> nodes;
  std::string previous_hex;
  bool previous_is_boundary = true;
  for (const std::string& place : places) {
    const bool boundary = place.find('/') != std::string::npos;
    const std::string hex = place.substr(0, place.find('.'));
    if (!boundary && !previous_is_boundary && hex != previous_hex) {
      HexCoord a = Hex(previous_hex), b = Hex(hex);
      if (b < a) std::swap(a, b);
      nodes.push_back(HexName(a) + "/" + HexName(b));
    }
    if (boundary || place.find('.') != std::string::npos) nodes.push_back(place);
    previous_hex = boundary ? std::string() : hex;
    previous_is_boundary = boundary;
  }
  return nodes;
}

mailrun::v1::Action Runs(int seat, const std::vector<TrainRun>& runs, const std::string& mail, bool pay_dividend) {
  mailrun::v1::Action action;
  action.set_seat(seat);
  auto* run_trains = action.mutable_run_trains();
  for (const TrainRun& run : runs) {
    auto* r = run_trains->add_runs();
    r->set_train_id(run.train);
    for (const std::string& node : NodeNames(run.places)) r->add_nodes(node);
  }
  run_trains->set_mail_train_id(mail);
  run_trains->set_pay_dividend(pay_dividend);
  return action;
}

}  // namespace mailrun::engine::t1853::testing
