#include "engine/titles/t1853/bot.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "engine/core/rng.h"

namespace mailrun::engine::t1853::bot {
namespace {

using mailrun::v1::Action;
using mailrun::v1::LegalAction;

int CompanyIndex(const Game& game, const std::string& initials) {
  for (int c = 0; c < kCompanies; ++c) {
    if (game.data().companies[c].initials == initials) return c;
  }
  return -1;
}

// Hex distance on the board's doubled-column grid.
int Distance(HexCoord a, HexCoord b) {
  const int dr = std::abs(a.row - b.row);
  const int dc = std::abs(a.col - b.col);
  return dr + std::max(0, (dc - dr) / 2);
}

double Jitter(uint64_t& rng) { return static_cast<double>(RandomBelow(rng, 1000)) / 1000.0; }

// Picks the action with the highest score (ties and near-ties broken by the random state).
const LegalAction* Best(const std::vector<const LegalAction*>& options, const std::vector<double>& scores,
                        uint64_t& rng) {
  const LegalAction* best = nullptr;
  double best_score = -1e18;
  for (size_t i = 0; i < options.size(); ++i) {
    const double s = scores[i] + Jitter(rng) * 0.5;
    if (s > best_score) {
      best_score = s;
      best = options[i];
    }
  }
  return best;
}

const LegalAction* FindKind(const std::vector<LegalAction>& legal, Action::KindCase kind) {
  for (const auto& l : legal) {
    if (l.action().kind_case() == kind) return &l;
  }
  return nullptr;
}

// The company a player cares most about: the one they direct, else hold most of.
int Favourite(const Game& game, int seat) {
  const GameState& s = game.state();
  int best = -1, best_shares = 0;
  for (int c = 0; c < kCompanies; ++c) {
    int shares = s.shares.HeldBy(seat, c) + (s.companies[c].director == seat ? 10 : 0);
    if (shares > best_shares) {
      best_shares = shares;
      best = c;
    }
  }
  return best;
}

// The cheapest train the company could buy from the bank now (0 if none is on sale).
int CheapestTrainPrice(const Game& game, int company) {
  const GameState& s = game.state();
  int cheapest = 0;
  for (const TrainDef& def : game.data().trains) {
    const std::string card = def.name == "1M" ? "2" : def.name;
    const auto left = s.trains_left.find(card);
    if (left == s.trains_left.end() || left->second <= 0) continue;
    if (def.name == "1M" && s.companies[company].major) continue;
    if (def.phase_introduced > s.phase && !def.starts_phase) continue;
    if (Rusted(def, s.phase)) continue;
    if (cheapest == 0 || def.price < cheapest) cheapest = def.price;
  }
  return cheapest;
}

Action ChooseBond(const Game&, const LegalAction& legal, uint64_t& rng) {
  Action action = legal.action();
  const int64_t amount = std::min<int64_t>(legal.max_amount(), legal.min_amount() + 10 * RandomBelow(rng, 4));
  action.mutable_commit_bond()->set_amount(static_cast<int32_t>(amount));
  return action;
}

Action ChooseClaim(const Game& game, int seat, const std::vector<LegalAction>& legal, uint64_t& rng) {
  if (const LegalAction* pass = FindKind(legal, Action::kPassBid)) return pass->action();
  const Bond& bond = game.state().players[seat].bond;
  std::map<int, int> claimed;
  for (const BidClaim& claim : bond.claims) ++claimed[claim.company];
  int favourite = -1;
  for (const auto& [company, count] : claimed) {
    if (favourite < 0 || count > claimed[favourite]) favourite = company;
  }
  if (favourite < 0) favourite = static_cast<int>(RandomBelow(rng, kCompanies));
  std::vector<const LegalAction*> options;
  std::vector<double> scores;
  for (const auto& l : legal) {
    if (!l.action().has_claim_city()) continue;
    const int company = CompanyIndex(game, l.action().claim_city().company());
    const auto city = game.data().CityIndex(l.action().claim_city().city());
    double score = company == favourite ? 5 : 0;
    if (city && game.data().cities[*city].bid_value == 20) score += 2;
    if (city) {
      // Cities near the others of the bid are easier to link.
      for (const BidClaim& claim : bond.claims) {
        score -= 0.1 * Distance(game.data().cities[*city].hex, game.data().cities[claim.city].hex);
      }
    }
    options.push_back(&l);
    scores.push_back(score);
  }
  return Best(options, scores, rng)->action();
}

Action ChooseDealing(const Game& game, int seat, const std::vector<LegalAction>& legal, uint64_t& rng) {
  const GameState& s = game.state();
  const PlayerState& p = s.players[seat];
  if (const LegalAction* redeem = FindKind(legal, Action::kRedeemShare)) return redeem->action();
  const LegalAction* end = FindKind(legal, Action::kEndDealingTurn);
  if (p.must_correct_certificates || !end) {
    // Sell one share of the company held least.
    const LegalAction* pick = nullptr;
    for (const auto& l : legal) {
      if (l.action().has_sell_shares() && l.action().sell_shares().count() == 1) {
        const int c = CompanyIndex(game, l.action().sell_shares().company());
        if (!pick || s.shares.HeldBy(seat, c) < s.shares.HeldBy(seat, CompanyIndex(game, pick->action().sell_shares().company()))) pick = &l;
      }
    }
    if (pick) return pick->action();
  }
  if (s.dealing.bought_this_turn && end) return end->action();
  // A director whose company has no train and cannot pay for one sells other shares to help.
  for (int c = 0; c < kCompanies; ++c) {
    const CompanyState& company = s.companies[c];
    if (company.director != seat || !company.trains.empty()) continue;
    const int price = CheapestTrainPrice(game, c);
    if (price == 0 || company.treasury + p.cash >= price) continue;
    for (const auto& l : legal) {
      if (l.action().has_sell_shares() && l.action().sell_shares().count() == 1 &&
          CompanyIndex(game, l.action().sell_shares().company()) != c) {
        return l.action();
      }
    }
  }
  const int qualifying = [&] {
    for (const auto& rules : game.data().player_counts) {
      if (rules.players == s.players_count) return rules.qualifying_shares;
    }
    return 5;
  }();
  const int favourite = Favourite(game, seat);
  std::vector<const LegalAction*> options;
  std::vector<double> scores;
  for (const auto& l : legal) {
    if (!l.action().has_buy_share()) continue;
    if (l.action().buy_share().source() == mailrun::v1::SHARE_SOURCE_POOL && p.sold_this_round[CompanyIndex(game, l.action().buy_share().company())]) continue;
    const int c = CompanyIndex(game, l.action().buy_share().company());
    const CompanyState& company = s.companies[c];
    const int issued = s.shares.IssuedOut(c);
    double score = 0;
    if (company.status == CompanyStatus::kFormed) {
      score = 1.5 + (company.director == seat ? 2.5 : 0) + (company.trains.empty() ? 0 : 1);
      // Shares of a company whose trains earn nothing are no investment: float another instead.
      if (!company.trains.empty()) {
        const auto runs = game.SuggestedRuns(game.data().companies[c].initials, true);
        if (runs.ok() && runs->run_revenue() == 0) score = -1;
      }
    } else {
      score = 1 + s.shares.HeldBy(seat, c) * 0.8;
      if (issued + 1 >= qualifying) score += 2;
      if (s.shares.HeldBy(seat, c) >= 2) score += 1;
    }
    if (c == favourite && score > 0) score += 2;
    if (score <= 0) continue;
    options.push_back(&l);
    scores.push_back(score);
  }
  bool any_formed = false;
  for (const CompanyState& c : s.companies) any_formed = any_formed || c.status == CompanyStatus::kFormed;
  if (options.empty() && !any_formed) {
    // Nothing runs and nothing is affordable: sell a share of a company that is far from floating,
    // to afford shares of the one closest to it.
    int closest = -1;
    for (int c = 0; c < kCompanies; ++c) {
      if (s.companies[c].status == CompanyStatus::kSetAside) continue;
      if (closest < 0 || s.shares.InBank(c) < s.shares.InBank(closest)) closest = c;
    }
    for (const auto& l : legal) {
      if (l.action().has_sell_shares() && l.action().sell_shares().count() == 1 &&
          CompanyIndex(game, l.action().sell_shares().company()) != closest) {
        return l.action();
      }
    }
  }
  if (options.empty() || (RandomBelow(rng, 10) == 0 && end)) return end->action();
  return Best(options, scores, rng)->action();
}

// The gauge the company builds and buys for: that of the trains it owns; without trains, metre
// for the MSM and the SIR (the south suits metre gauge, Appendix 2) and broad for the others.
Gauge PreferredGauge(const Game& game, int company) {
  int metre = 0, broad = 0;
  for (const TrainCard& t : game.state().companies[company].trains) (t.name.back() == 'M' ? metre : broad)++;
  if (metre + broad == 0) {
    const std::string& initials = game.data().companies[company].initials;
    // Metre gauge only when a metre train can be had: the 1M (a minor formed in the first
    // dealing round, 4.8.16) or, from phase 2, the 2M.
    const bool metre_trains = game.state().minor_formed_in_first_round || game.state().phase >= 2;
    return ((initials == "MSM" || initials == "SIR") && metre_trains) ? Gauge::kMetre : Gauge::kBroad;
  }
  return metre > broad ? Gauge::kMetre : Gauge::kBroad;
}

// Cities the company should link: its director's unlinked bid cities, then the cities of its area.
std::vector<HexCoord> Targets(const Game& game, int company) {
  const GameState& s = game.state();
  std::vector<HexCoord> targets;
  const int director = s.companies[company].director;
  if (director >= 0 && !s.players[director].bond.returned) {
    for (const BidClaim& claim : s.players[director].bond.claims) targets.push_back(game.data().cities[claim.city].hex);
  }
  for (const CityDef& city : game.data().cities) {
    if (game.data().companies[company].area.Contains(city.hex)) targets.push_back(city.hex);
  }
  return targets;
}

// Distance (in hexes, terrain making a hex dearer) from every empty playable hex to the nearest
// empty hex with a town or city: where to build to make a run.
std::map<HexCoord, double> DistanceToStations(const Game& game) {
  const EditionData& data = game.data();
  std::map<HexCoord, double> distance;
  std::vector<std::pair<double, HexCoord>> queue;
  auto empty = [&](const HexDef& hex) { return hex.playable && !hex.preprinted && !game.state().board.tiles.count(hex.coord); };
  for (const HexDef& hex : data.hexes) {
    if (empty(hex) && (hex.towns > 0 || hex.city)) {
      distance[hex.coord] = 0;
      queue.push_back({0, hex.coord});
    }
  }
  std::make_heap(queue.begin(), queue.end(), std::greater<>());
  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), std::greater<>());
    const auto [d, at] = queue.back();
    queue.pop_back();
    if (d > distance[at]) continue;
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = data.Hex(Neighbour(at, edge));
      if (!next || !empty(*next)) continue;
      const double step = 1 + data.ConstructionCost(*next, Gauge::kBroad) / 60.0;
      const auto known = distance.find(next->coord);
      if (known == distance.end() || d + step < known->second) {
        distance[next->coord] = d + step;
        queue.push_back({d + step, next->coord});
        std::push_heap(queue.begin(), queue.end(), std::greater<>());
      }
    }
  }
  return distance;
}

Action ChooseTrack(const Game& game, int company, const std::vector<LegalAction>& legal, uint64_t& rng) {
  const std::map<HexCoord, double> to_stations = DistanceToStations(game);
  const GameState& s = game.state();
  const CompanyState& c = s.companies[company];
  // A company without a train keeps the price of one.
  const int reserve = c.trains.empty() ? CheapestTrainPrice(game, company) : 0;
  const Gauge gauge = PreferredGauge(game, company);
  const std::vector<HexCoord> targets = Targets(game, company);
  std::vector<const LegalAction*> options;
  std::vector<double> scores;
  for (const auto& l : legal) {
    double score = 0;
    if (l.action().has_lay_tile()) {
      const auto& lay = l.action().lay_tile();
      const HexCoord hex = *ParseHexName(lay.hex());
      const TileDef* tile = game.data().Tile(lay.tile());
      const HexDef* def = game.data().Hex(hex);
      int tile_gauge_metre = 0;
      for (const TilePath& path : tile->paths) tile_gauge_metre += path.gauge == Gauge::kMetre;
      const Gauge tile_gauge = tile_gauge_metre ? Gauge::kMetre : Gauge::kBroad;
      const int cost = game.data().ConstructionCost(*def, tile_gauge);
      score = 4 + (tile->stations.empty() ? 0 : 8) + (def->city ? 4 : 0);
      if (tile->stations.empty()) {
        // A plain tile should lead toward a station: the nearest one beyond its open ends.
        double nearest_station = 20;
        for (const TilePath& path : tile->paths) {
          for (const PathEnd& end : {path.a, path.b}) {
            if (end.kind != PathEnd::Kind::kEdge) continue;
            const auto far = to_stations.find(Neighbour(hex, (end.index + lay.rotation()) % 6));
            if (far != to_stations.end()) nearest_station = std::min(nearest_station, far->second);
          }
        }
        score -= 1.5 * nearest_station;
      }
      score += tile_gauge == gauge ? 3 : -3;
      if (cost > c.treasury / 3) score -= 6;
      if (cost > 0 && c.treasury - cost < reserve) score -= 100;
      score -= cost / 40.0;
      int nearest = 99;
      for (const HexCoord& t : targets) nearest = std::min(nearest, Distance(hex, t));
      score += std::max(0, 8 - nearest);
    } else if (l.action().has_promote_tile()) {
      const TileDef* tile = game.data().Tile(l.action().promote_tile().tile());
      score = 3 + (tile->stations.empty() ? 0 : 6);
      if (c.trains.empty() && c.treasury - 60 < reserve) score -= 100;  // Calcutta's first promotion costs
    } else if (l.action().has_end_step()) {
      score = 0;
    } else {
      score = 0;
    }
    options.push_back(&l);
    scores.push_back(score);
  }
  // A company with trains that earns nothing looks one lay ahead: among the best-scored lays, the
  // one after which its trains earn most (the optimiser decides).
  if (!c.trains.empty()) {
    const auto now = game.SuggestedRuns(game.data().companies[company].initials, true);
    if (now.ok() && now->run_revenue() == 0) {
      std::vector<size_t> order(options.size());
      for (size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] > scores[b]; });
      const LegalAction* best = nullptr;
      int best_revenue = 0;
      for (size_t k = 0; k < order.size() && k < 40; ++k) {
        const LegalAction* option = options[order[k]];
        if (!option->action().has_lay_tile() && !option->action().has_promote_tile()) continue;
        if (scores[order[k]] < -50) continue;
        Game copy = game;
        if (!copy.Apply(option->action()).ok()) continue;
        const auto after = copy.SuggestedRuns(game.data().companies[company].initials, true);
        if (after.ok() && after->run_revenue() > best_revenue) {
          best_revenue = after->run_revenue();
          best = option;
        }
      }
      if (best) return best->action();
    }
  }
  return Best(options, scores, rng)->action();
}

Action ChooseRun(const Game& game, int company, int seat, const std::vector<LegalAction>& legal) {
  const CompanyState& c = game.state().companies[company];
  const bool needs_money = c.treasury < 300 && c.trains.size() < 2;
  const bool can_pay = c.director == seat;
  for (const auto& l : legal) {
    if (!l.action().has_run_trains() || l.action().run_trains().runs_size() == 0) continue;
    if (l.action().run_trains().pay_dividend() == (can_pay && !needs_money)) return l.action();
  }
  for (const auto& l : legal) {
    if (l.action().has_run_trains()) return l.action();
  }
  return legal.front().action();
}

Action ChooseTrains(const Game& game, int company, const std::vector<LegalAction>& legal, uint64_t& rng) {
  const GameState& s = game.state();
  const CompanyState& c = s.companies[company];
  const LegalAction* end = FindKind(legal, Action::kEndStep);
  if (const LegalAction* settle = FindKind(legal, Action::kSettleCreditTrain)) return settle->action();
  const Gauge gauge = PreferredGauge(game, company);
  const int limit = engine::TrainLimit(game.data().phases, s.phase);
  // More trains only for a company whose trains earn something already.
  bool earning = false;
  if (!c.trains.empty()) {
    const auto runs = game.SuggestedRuns(game.data().companies[company].initials, true);
    earning = runs.ok() && runs->run_revenue() > 0;
  }
  const bool want = c.trains.empty() || (earning && static_cast<int>(c.trains.size()) < limit && RandomBelow(rng, 10) < 6);
  if (!want && end) return end->action();
  const LegalAction* pick = nullptr;
  int pick_price = 0;
  bool any_of_gauge = false;
  for (const auto& l : legal) {
    if (!l.action().has_buy_train()) continue;
    for (const TrainDef& t : game.data().trains) any_of_gauge = any_of_gauge || (t.name == l.action().buy_train().train() && t.gauge == gauge);
  }
  // Credit (3.4.3) only when the company has no train and nothing it can pay for is on sale.
  const bool can_pay = std::any_of(legal.begin(), legal.end(), [](const LegalAction& l) {
    return l.action().has_buy_train() && !l.action().buy_train().on_credit();
  });
  for (const auto& l : legal) {
    if (!l.action().has_buy_train()) continue;
    const auto& buy = l.action().buy_train();
    const TrainDef* def = nullptr;
    for (const TrainDef& t : game.data().trains) {
      if (t.name == buy.train()) def = &t;
    }
    if (!def) continue;
    if (buy.director_gift() > 0 && !c.trains.empty()) continue;  // gifts only when the company has no train
    if (buy.on_credit() && (!c.trains.empty() || can_pay)) continue;
    // Without a train of its gauge on sale, a company without trains takes what there is.
    const bool right_gauge = def->gauge == gauge || (c.trains.empty() && !any_of_gauge);
    if (!right_gauge) continue;
    // The biggest affordable train of the right gauge keeps the game moving.
    if (!pick || def->price > pick_price) {
      pick = &l;
      pick_price = def->price;
    }
  }
  if (pick) return pick->action();
  return end ? end->action() : legal.front().action();
}

// 4.8.6: the cheapest of the company's trains goes back to the bank.
Action ChooseExcessTrain(const Game& game, const std::vector<LegalAction>& legal) {
  const LegalAction* pick = nullptr;
  int pick_price = 0;
  for (const auto& l : legal) {
    if (!l.action().has_return_excess_train()) continue;
    const auto& choice = l.action().return_excess_train();
    const auto& trains = game.state().companies[CompanyIndex(game, choice.company())].trains;
    const auto card = std::find_if(trains.begin(), trains.end(), [&](const TrainCard& t) { return t.id == choice.train_id(); });
    int price = 0;
    for (const TrainDef& def : game.data().trains) {
      if (card != trains.end() && def.name == card->name) price = def.price;
    }
    if (!pick || price < pick_price) {
      pick = &l;
      pick_price = price;
    }
  }
  return pick->action();
}

}  // namespace

Action ChooseAction(const Game& game, int seat, const std::vector<LegalAction>& legal, uint64_t& rng) {
  const GameState& s = game.state();
  Action chosen;
  if (s.offer) {
    // Offers are declined: the bot makes no side deals.
    for (const auto& l : legal) {
      if (l.action().has_answer_offer() && !l.action().answer_offer().accept()) return l.action();
    }
    return legal.front().action();
  }
  if (FindKind(legal, Action::kReturnExcessTrain)) return ChooseExcessTrain(game, legal);
  if (const LegalAction* settle = FindKind(legal, Action::kSettleCreditTrain)) return settle->action();
  switch (s.stage) {
    case Stage::kBondCommit: return ChooseBond(game, legal.front(), rng);
    case Stage::kCityClaims: return ChooseClaim(game, seat, legal, rng);
    case Stage::kDealing: return ChooseDealing(game, seat, legal, rng);
    case Stage::kElephantSale:
      if (const LegalAction* keep = FindKind(legal, Action::kKeepElephant)) return keep->action();
      break;
    case Stage::kExtraRound:
      for (const auto& l : legal) {
        if (l.action().call_extra_railway_round().call() == (RandomBelow(rng, 5) == 0)) return l.action();
      }
      break;
    case Stage::kRailway: {
      const int company = s.railway.company;
      switch (s.railway.step) {
        case TurnStep::kDoubleLayChoice: return legal[RandomBelow(rng, 10) < 7 ? 0 : legal.size() - 1].action();
        case TurnStep::kTrack: return ChooseTrack(game, company, legal, rng);
        case TurnStep::kBase: {
          const LegalAction* base = FindKind(legal, Action::kPlaceBase);
          // At most one base a turn (the rules allow more, 4.4.1).
          if (base && !s.railway.base_placed && s.companies[company].treasury > 400 && RandomBelow(rng, 2) == 0) {
            return base->action();
          }
          if (const LegalAction* end = FindKind(legal, Action::kEndStep)) return end->action();
          break;
        }
        case TurnStep::kRun: return ChooseRun(game, company, seat, legal);
        case TurnStep::kBuyTrains: return ChooseTrains(game, company, legal, rng);
      }
      break;
    }
    case Stage::kFinished: break;
  }
  return legal.front().action();
}

}  // namespace mailrun::engine::t1853::bot
