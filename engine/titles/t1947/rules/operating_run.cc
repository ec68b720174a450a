// The run step of a 1947 operating turn (6.10, 6.11.1, 6.14; see rules/operating_run.h): the
// president's runs checked by rules/submitted_runs.h, the revenue paid out or withheld
// (rules/payout.h), the workers spent for blocked cities taken from the president and each
// expatriation site reached rewarded from the charter's track (rules/revenue_bonuses.h).
#include "engine/titles/t1947/rules/operating_run.h"

#include <algorithm>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/rules/payout.h"
#include "engine/titles/t1947/rules/revenue_bonuses.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
#include "engine/titles/t1947/rules/stations.h"
#include "engine/titles/t1947/rules/submitted_runs.h"

namespace mailrun::engine::t1947 {

std::vector<OwnedTrain> OwnedTrains(const T1947Game& game, int railway) {
  std::vector<OwnedTrain> trains;
  for (const std::string& name : game.railway(game.data().railways[railway].initials).trains) {
    trains.push_back({name + "-" + std::to_string(trains.size()), name});
  }
  return trains;
}

GraphTurn GraphTurnNow(const T1947Game& game, int railway) {
  return GraphTurn{static_cast<Season>(game.season()), game.CurrentPhase(), game.RailwayOwns(railway, 7)};  // 3.1 P7
}

OperatingTurn RunTurnNow(const T1947Game& game, int railway) {
  OperatingTurn turn;
  turn.phase = game.CurrentPhase();
  turn.season = static_cast<Season>(game.season());
  turn.owns_p7 = game.RailwayOwns(railway, 7);  // 3.1 P7, bought by the railway (3.3)
  turn.new_yellow_city_town_tiles = game.new_city_town_tiles();               // 6.14.2
  turn.laid_in_season_zone = game.track_turn().season_reduction;              // 6.13.3
  turn.temple_reduction = !game.board().temple_connected[railway];            // 6.8.1, 6.8.3
  turn.workers = game.player(game.President(game.data().railways[railway].initials)).workers;  // 6.11.1
  return turn;
}

Result<std::vector<std::vector<std::string>>> BestRunRoutes(const T1947Game& game, int railway) {
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  const std::vector<OwnedTrain> trains = OwnedTrains(game, railway);
  const GraphTurn turn = GraphTurnNow(game, railway);
  Result<BestRuns> best = CompanyBestRuns(game.data(), **rules, game.board(), railway, turn, trains);
  if (!best.ok()) return best.error();
  Result<RailwayGraph> graph = BuildRailwayGraph(game.data(), **rules, game.board(), railway, turn);
  if (!graph.ok()) return graph.error();
  return RouteStops(*graph, best->plan, trains.size());
}

// 6.14: the runs as submitted (no routes: a run of 0); 6.14.2: paid out (`yes`) or withheld, the
// token moving right or left (a revenue of 0 moves it left); 6.11.1: a worker retired for each
// blocked city passed through; 6.10: each site reached this run brings the charter's next box,
// its workers to the first railway's president (usable from the next turn), and counts as
// reached (a site reached before brings nothing). Then 6.10's paid advance of the token, one per
// new site, is offered (rules/sites.cc); a box's stock market opportunity (6.12.2) waits for it, its
// stockbrokers coming instead when it is not spent.
Status T1947Game::RunTrainsStep(int railway, const Action1947& a) {
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  Result<CheckedRuns> checked = CheckSubmittedRuns(*data_, **rules, board_, railway, OwnedTrains(*this, railway), a.routes,
                                                   RunTurnNow(*this, railway));
  if (!checked.ok()) return checked.error();
  const int president = PresidentOf(railway);
  Railway1947& r = railways_[railway];
  std::vector<Holding> holdings;
  // 5.4.1 c: bonds pay no dividend; only shares are holdings.
  for (int p = 0; p < player_count(); ++p) holdings.push_back(Holding{shares_.HeldBy(p, railway), players_[p].savings[railway]});
  const Payout payout = PayOrWithhold(data_->market, r.token, checked->revenue.revenue, holdings, shares_.InPool(railway), a.yes);
  for (size_t p = 0; p < players_.size(); ++p) players_[p].cash += payout.split.to_players[p];
  r.treasury += payout.split.to_treasury;
  r.token = payout.token;  // its arrival is noted after the action (4.2.1, NoteTokenMovesAfterAction)
  // What it ran, for the view (6.14): each train's run and the revenue paid out or withheld.
  const std::vector<OwnedTrain> owned = OwnedTrains(*this, railway);
  r.last_runs.clear();
  for (size_t i = 0; i < checked->runs.size(); ++i) {
    const size_t train = static_cast<size_t>(checked->trains[i]);
    LastRun1947& run = r.last_runs.emplace_back();
    run.train_id = owned[train].id;
    run.hexes = a.routes[train];
    for (const Stop& stop : checked->runs[i].stops) run.places.push_back(stop.place);
    run.revenue = checked->revenue.train_revenue[i];
  }
  r.last_revenue = checked->revenue.revenue;
  players_[president].workers -= checked->revenue.workers_spent;
  int new_sites = 0;
  std::vector<int> opportunities;  // boxes (6.12.2)
  for (int site : checked->sites) {
    if (board_.sites_reached[railway][site]) continue;  // 6.10: a site's bonus comes once
    if (!SiteReachableThisOr(*data_, board_, track_turn_, site)) continue;  // 6.11.3
    const int waiting = board_.site_workers[site];
    Result<int> taken = ReachSite(*data_, &board_, railway, site);
    if (!taken.ok()) return taken.error();
    const int nth = static_cast<int>(std::count(board_.sites_reached[railway].begin(), board_.sites_reached[railway].end(), true));
    Result<ExpatriationReward> reward = ReachSite(**rules, nth, waiting > 0, *taken, RailwayOwns(railway, 5));  // 3.1 P5
    if (!reward.ok()) return reward.error();
    r.treasury += reward->box.cash + reward->economic_incentives;  // 3.1 P5: not revenue
    players_[president].new_workers += reward->box.workers + reward->site_workers;  // 6.10: from the next turn
    ++new_sites;
    if (reward->box.opportunity > 0) {
      opportunities.push_back(nth);
    } else {
      r.stockbrokers += reward->box.stockbrokers;
    }
  }
  OfferSiteAdvance(railway, new_sites, std::move(opportunities));  // 6.10
  return OkStatus();
}

}  // namespace mailrun::engine::t1947
