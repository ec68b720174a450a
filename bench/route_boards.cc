#include "bench/route_boards.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>

namespace mailrun::bench {

namespace {

using engine::Gauge;
using engine::HexCoord;
using engine::routes::NodeKind;
using engine::routes::RouteGraph;
using engine::routes::StationInfo;

constexpr int kRowStep[6] = {1, 0, -1, -1, 0, 1};
constexpr int kColStep[6] = {-1, -2, -1, 1, 2, 1};

enum class Kind { kPlain, kTown, kCity, kBigCity, kJunction, kHub };

class Builder {
 public:
  Builder(const BoardParams& p, uint64_t seed) : p_(p), rng_(seed) {}

  Board Build() {
    Board board;
    RouteGraph& g = board.graph;
    for (int r = 0; r < p_.rows; ++r) {
      for (int i = 0; i < p_.cols; ++i) {
        HexCoord hex{r, 2 * i + (r % 2) + 1};
        index_[hex] = g.AddHex(hex, HexLabel(hex));
        if (Chance(p_.built)) built_.push_back(hex);
      }
    }
    board.built_hexes = built_;
    AssignKinds();
    ChooseTokens();
    // Track crosses a side when both hexes are built and the coin says so.
    std::map<HexCoord, std::vector<int>> sides;
    for (const HexCoord& hex : built_) {
      for (int e = 3; e <= 5; ++e) {  // each side once: towards NE, E, SE
        HexCoord other{hex.row + kRowStep[e], hex.col + kColStep[e]};
        if (!kind_.contains(other) || !Chance(p_.link)) continue;
        sides[hex].push_back(e);
        sides[other].push_back((e + 3) % 6);
      }
    }
    int city = 0;
    for (const HexCoord& hex : built_) {
      std::vector<int> open = sides[hex];
      std::shuffle(open.begin(), open.end(), rng_);
      LayTile(&g, hex, kind_[hex], open, &city);
    }
    return board;
  }

 private:
  bool Chance(double p) { return std::uniform_real_distribution<double>(0, 1)(rng_) < p; }
  int Pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  Gauge RandomGauge() {
    double x = std::uniform_real_distribution<double>(0, 1)(rng_);
    if (x < p_.metre) return Gauge::kMetre;
    if (x < p_.metre + p_.dual) return Gauge::kDual;
    return Gauge::kBroad;
  }

  void AssignKinds() {
    std::vector<HexCoord> order = built_;
    std::shuffle(order.begin(), order.end(), rng_);
    size_t next = 0;
    auto take = [&](int count, Kind kind) {
      for (int i = 0; i < count && next < order.size(); ++i) kind_[order[next++]] = kind;
    };
    take(p_.big_cities, Kind::kBigCity);
    if (p_.cities >= 0) take(p_.cities - p_.big_cities, Kind::kCity);
    if (p_.towns >= 0) take(p_.towns, Kind::kTown);
    if (p_.hubs >= 0) take(p_.hubs, Kind::kHub);
    if (p_.junctions >= 0) take(p_.junctions, Kind::kJunction);
    for (; next < order.size(); ++next) {
      double x = std::uniform_real_distribution<double>(0, 1)(rng_);
      Kind kind = Kind::kPlain;
      double acc = 0;
      if (p_.cities < 0 && x < (acc += p_.city_share)) {
        kind = Kind::kCity;
      } else if (p_.towns < 0 && x < (acc += p_.town_share)) {
        kind = Kind::kTown;
      } else if (p_.junctions < 0 && x < (acc += p_.junction_share)) {
        kind = Kind::kJunction;
      } else if (p_.hubs < 0 && x < (acc += p_.hub_share)) {
        kind = Kind::kHub;
      }
      kind_[order[next]] = kind;
    }
  }

  int Boundary(RouteGraph* g, const HexCoord& hex, int edge) {
    HexCoord other{hex.row + kRowStep[edge], hex.col + kColStep[edge]};
    return g->AddBoundary(index_[hex], index_[other]);
  }

  // Plain track: pairs of sides; a leftover side joins one already used (a switch at the edge).
  void PlainPaths(RouteGraph* g, const HexCoord& hex, const std::vector<int>& open, size_t from, bool brown) {
    if (from >= open.size()) return;
    const int h = index_[hex];
    for (size_t i = from; i + 1 < open.size(); i += 2) {
      Gauge gauge = brown ? Gauge::kDual : RandomGauge();
      g->AddEdge(Boundary(g, hex, open[i]), Boundary(g, hex, open[i + 1]), gauge, h);
      if (Chance(p_.parallel)) g->AddEdge(Boundary(g, hex, open[i]), Boundary(g, hex, open[i + 1]), RandomGauge(), h);
    }
    if ((open.size() - from) % 2 == 1 && open.size() - from >= 3) {
      g->AddEdge(Boundary(g, hex, open.back()), Boundary(g, hex, open[from]), brown ? Gauge::kDual : RandomGauge(), h);
    }
  }

  void LayTile(RouteGraph* g, const HexCoord& hex, Kind kind, const std::vector<int>& open, int* city) {
    const int h = index_[hex];
    const bool brown = Chance(p_.brown);
    auto gauge = [&]() { return brown ? Gauge::kDual : RandomGauge(); };
    switch (kind) {
      case Kind::kPlain:
        PlainPaths(g, hex, open, 0, brown);
        break;
      case Kind::kTown: {
        int towns = Chance(p_.two_towns) ? 2 : 1;
        for (int t = 0; t < towns; ++t) {
          StationInfo town{Chance(0.2) ? 20 : 10, false, -1, false, false, false};
          int node = g->AddStation(h, t, town);
          // A town takes up to three sides (one town: all but crossings; two towns: alternate).
          for (size_t i = t; i < open.size() && i < static_cast<size_t>(towns == 1 ? 3 : 4); i += towns) {
            g->AddEdge(node, Boundary(g, hex, open[i]), gauge(), h);
          }
        }
        PlainPaths(g, hex, open, towns == 1 ? 3 : 4, brown);
        break;
      }
      case Kind::kCity: {
        int node = g->AddStation(h, 0, Large(hex, 0, 10 * Pick(2, 4), (*city)++, false));
        for (int side : open) g->AddEdge(node, Boundary(g, hex, side), gauge(), h);
        break;
      }
      case Kind::kBigCity: {
        bool terminal = (*city) % 2 == 0;  // Calcutta/Delhi style, else Bombay/Madras style
        int id = (*city)++;
        std::vector<int> nodes;
        for (int s = 0; s < stations_[hex]; ++s) nodes.push_back(g->AddStation(h, s, Large(hex, s, 10 * Pick(4, 6), id, terminal)));
        for (size_t i = 0; i < open.size(); ++i) {
          g->AddEdge(nodes[i % nodes.size()], Boundary(g, hex, open[i]), Gauge::kDual, h);  // 4.2.12: dual
        }
        break;
      }
      case Kind::kJunction: {
        if (open.size() < 3) {
          PlainPaths(g, hex, open, 0, brown);
          break;
        }
        int node = g->AddJunction(h, 0, NodeKind::kJunction);
        int group = g->NewGroup();
        Gauge line = RandomGauge();
        for (size_t i = 0; i < 3; ++i) g->AddEdge(node, Boundary(g, hex, open[i]), line, h, group);
        PlainPaths(g, hex, open, 3, false);
        break;
      }
      case Kind::kHub: {
        if (open.size() < 2) break;
        int node = g->AddJunction(h, 0, NodeKind::kHub);
        for (int side : open) g->AddEdge(node, Boundary(g, hex, side), Gauge::kDual, h);
        break;
      }
    }
  }

  // The company's bases and the stations other companies' tokens fill (never the same), chosen
  // among all large stations before any tile is laid.
  void ChooseTokens() {
    std::vector<std::pair<HexCoord, int>> large;
    for (const HexCoord& hex : built_) {
      if (kind_[hex] == Kind::kCity) large.emplace_back(hex, 0);
      if (kind_[hex] == Kind::kBigCity) {
        stations_[hex] = Pick(2, 3);
        for (int s = 0; s < stations_[hex]; ++s) large.emplace_back(hex, s);
      }
    }
    std::shuffle(large.begin(), large.end(), rng_);
    size_t next = 0;
    for (int i = 0; i < p_.bases && next < large.size(); ++i) bases_.insert(large[next++]);
    for (int i = 0; i < p_.blocked && next < large.size(); ++i) blocked_.insert(large[next++]);
  }

  StationInfo Large(const HexCoord& hex, int index, int revenue, int city, bool terminal) {
    return StationInfo{revenue, true, city, terminal, blocked_.contains({hex, index}), bases_.contains({hex, index})};
  }

  const BoardParams p_;
  std::mt19937_64 rng_;
  std::map<HexCoord, int> index_;
  std::vector<HexCoord> built_;
  std::map<HexCoord, Kind> kind_;
  std::map<HexCoord, int> stations_;  // big cities: how many stations
  std::set<std::pair<HexCoord, int>> bases_, blocked_;
};

}  // namespace

std::string HexLabel(HexCoord hex) {
  char name[4] = {static_cast<char>('A' + hex.row), 0, 0, 0};
  if (hex.col <= 26) {
    name[1] = static_cast<char>('a' + hex.col - 1);
  } else {
    name[1] = 'a';
    name[2] = static_cast<char>('a' + hex.col - 27);
  }
  return name;
}

Board MakeBoard(const BoardParams& params, uint64_t seed) { return Builder(params, seed).Build(); }

BoardParams RandomSmallParams(uint64_t seed) {
  std::mt19937_64 rng(seed * 7919 + 17);
  auto real = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  auto integer = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  BoardParams p;
  p.rows = integer(2, 5);
  p.cols = integer(2, 6);
  p.built = real(0.75, 1.0);
  p.link = real(0.6, 0.95);
  p.town_share = real(0.15, 0.4);
  p.city_share = real(0.15, 0.35);
  p.junction_share = real(0.0, 0.15);
  p.hub_share = real(0.0, 0.2);
  p.big_cities = integer(0, 1);
  p.two_towns = real(0.0, 0.5);
  p.brown = real(0.0, 0.6);
  p.metre = real(0.0, 0.4);
  p.dual = real(0.0, 0.4);
  p.bases = integer(1, 3);
  p.blocked = integer(0, 2);
  p.parallel = real(0.0, 0.15);
  return p;
}

std::vector<engine::routes::TrainSpec> RandomTrains(uint64_t seed) {
  static const char* kPool[] = {"2", "3", "4", "5", "6", "1M", "2M", "3M", "4M"};
  std::mt19937_64 rng(seed * 104729 + 3);
  int count = std::uniform_int_distribution<int>(1, 3)(rng);
  std::string names;
  for (int i = 0; i < count; ++i) {
    if (i > 0) names += '+';
    names += kPool[std::uniform_int_distribution<int>(0, 8)(rng)];
  }
  return Trains(names);
}

std::vector<engine::routes::TrainSpec> Trains(const std::string& names) {
  std::vector<engine::routes::TrainSpec> trains;
  std::stringstream in(names);
  std::string name;
  while (std::getline(in, name, '+')) {
    engine::routes::TrainSpec train;
    train.id = fmt::format("T{}", trains.size() + 1);
    train.name = name;
    train.large_stations = std::stoi(name);
    train.gauge = name.back() == 'M' ? Gauge::kMetre : Gauge::kBroad;
    train.is_1m = name == "1M";
    trains.push_back(train);
  }
  return trains;
}

BoardParams LateGameParams(bool hub_dense) {
  BoardParams p;
  p.rows = 10;
  p.cols = 17;
  p.built = 0.9;
  p.link = 0.7;
  p.cities = 24;
  p.big_cities = 4;
  p.towns = 40;
  p.hubs = hub_dense ? 50 : 8;
  p.junctions = hub_dense ? 10 : 14;
  p.two_towns = 0.25;
  p.brown = 0.5;
  p.metre = 0.2;
  p.dual = 0.25;
  p.bases = 3;
  p.blocked = 5;
  return p;
}

}  // namespace mailrun::bench
