// The operating railway's track, stations and workers in its operating round turn (6.3-6.11):
// T1947Game's board and turn, and the OperatingHooks that carry out those steps with the rules of
// rules/track.h and rules/stations.h. Every cost comes from the treasury at that moment, no
// credit (6.3). Expatriation sites are reached by a train's run (6.10), not by laying track: that
// is the run step's (rules/operating_run.cc). DefaultOperatingHooks also wires that run (6.14)
// and 6.15's legal route (HasLegalRoute on the game's board).
#include <algorithm>
#include <optional>
#include <string>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/route_graph.h"
#include "engine/titles/t1947/rules/revenue_bonuses.h"
#include "engine/titles/t1947/rules/revenue_rules.h"

namespace mailrun::engine::t1947 {
namespace {

Result<HexCoord> ActionHex(const Action1947& a) {
  const std::optional<HexCoord> hex = ParseHex1947(a.hex);
  if (!hex) return Malformed("1947.refusal.track.no_such_hex", "no hex " + a.hex + " on the map").With({param::Hex("hex", a.hex)});
  return *hex;
}

bool IsYellowCityOrTown(const T1947Data& data, const std::string& tile) {
  const TileDef* def = data.board.data.Tile(tile);
  return def && def->colour == TileColour::kYellow && !def->stations.empty();
}

int SitesReached(const Board1947& board, int railway) {
  return static_cast<int>(std::count(board.sites_reached[railway].begin(), board.sites_reached[railway].end(), true));
}

}  // namespace

// 6.4, 6.7.2, 6.11: what a railway lays and places is counted per turn. 6.7: a railway's first
// action in its first operating round is its station on its home city; the text leaves no choice,
// so the game places it. 6.8: the temple connection is verified in the railway's turn.
void T1947Game::BeginTurn() {
  for (Player1947& p : players_) {  // 6.10: "Workers can only be used in the next OR turn"
    p.workers += p.new_workers;
    p.new_workers = 0;
  }
  track_turn_ = TrackTurn{};
  station_turn_ = StationTurn{};
  new_city_town_tiles_ = 0;
  if (or_set_.company < 0) return;
  if (board_.stations[or_set_.company].empty()) {
    (void)PlaceHomeStation(*data_, &board_, or_set_.company);  // refuses only a second home station
  }
  (void)VerifyTemple(or_set_.company);
}

// 6.8.3: "If a Railway Company becomes operational after the first T8 train has been bought ...
// its temple no longer exists": no reduction and no bonus. Railways float in stock rounds, so one
// that has not yet placed its home station when an operating round begins floated in the stock
// round just ended; one that floated before a T8 bought in this set keeps its temple.
void T1947Game::RemoveTemplesOfNewRailways() {
  if (!data_->phases[phase_ - 1].no_temple_for_new_companies) return;
  for (size_t r = 0; r < railways_.size(); ++r) {
    if (railways_[r].operational && board_.stations[r].empty()) board_.temple_connected[r] = true;
  }
}

// 6.8.2: the temple connected now brings the treasury its bonus at once, and the president then
// chooses the free expatriation bonus (or refuses it). The revenue module's ConnectTemple
// (rules/revenue_bonuses.h) says what is due; the operating round pays it. With every site
// reached there is no bonus left to choose (1947 ruling 27).
Status T1947Game::VerifyTemple(int railway) {
  if (!ConnectTemple(*data_, &board_, railway)) return OkStatus();
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  Result<TempleReward> reward = ConnectTemple(**rules, SitesReached(board_, railway), /*refuse_expatriation=*/true);
  if (!reward.ok()) return reward.error();
  railways_[railway].treasury += reward->cash;
  if (SitesReached(board_, railway) < static_cast<int>((*rules)->expatriation_track.size())) temple_choice_ = railway;
  return OkStatus();
}

// 6.8.2: the charter's next box (1947 ruling 27): cash to the treasury, workers to the president,
// stockbrokers to the charter. Its stock market opportunity, if any, could only pay for a move of
// the token, which this bonus does not allow, so the stockbrokers are taken (1947 ruling 37). The
// chosen site counts as reached; its workers stay on it.
Status T1947Game::ChooseTempleBonus(int player, int site, bool take) {
  if (!temple_choice_) return Illegal("1947.refusal.temple.no_choice_due", "6.8.2", "no temple's expatriation bonus is to be chosen now");
  const int railway = *temple_choice_;
  const int president = PresidentOf(railway);
  const std::string& initials = data_->railways[railway].initials;
  if (player != president) {
    return OutOfTurn("1947.refusal.operating.president_operates", "6.8.2", players_[president].name + " operates " + initials)
        .With({param::Seat("seat", president), param::Company("company", initials)});
  }
  if (take) {
    if (site < 0 || site >= static_cast<int>(data_->sites.size())) {
      return Malformed("1947.refusal.temple.no_such_site", "no expatriation site " + std::to_string(site)).With({param::Count("site", site)});
    }
    if (board_.sites_reached[railway][site]) {
      return Illegal("1947.refusal.temple.site_already_reached", "6.8.2", initials + " has reached " + data_->sites[site].name + " before")
          .With({param::Company("company", initials), param::Text("site", data_->sites[site].name)});
    }
    Result<const RevenueRules*> rules = RevenueRules1947();
    if (!rules.ok()) return rules.error();
    Result<TempleReward> reward = ConnectTemple(**rules, SitesReached(board_, railway), /*refuse_expatriation=*/false);
    if (!reward.ok()) return reward.error();
    const ExpatriationBox& box = reward->expatriation.box;
    railways_[railway].treasury += box.cash;
    players_[president].new_workers += box.workers;  // 6.10: usable from the next turn
    railways_[railway].stockbrokers += box.stockbrokers;
    board_.sites_reached[railway][site] = true;
  }
  temple_choice_.reset();
  return OkStatus();
}

Result<LayContext> T1947Game::LayContextNow() const {
  if (or_set_.company < 0) return Illegal("1947.refusal.operating.no_operating_round", "6.4", "there is no operating round now");
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  LayContext context;
  context.railway = or_set_.company;
  context.phase = phase_;
  context.treasury = railways_[or_set_.company].treasury;
  // 6.13.3; 3.1 P1 and P2: their owner lays in the zone of their season without the reduction.
  context.season_zone = (*rules)->laying_reduction_zone[season_].value_or(Zone::kAny);
  if ((context.season_zone == Zone::kDry && RailwayOwns(or_set_.company, 1)) || (context.season_zone == Zone::kMonsoon && RailwayOwns(or_set_.company, 2))) {
    context.season_zone = Zone::kAny;
  }
  if (RailwayOwns(or_set_.company, 3)) context.free_terrain.push_back("desert");  // 3.1 P3
  if (RailwayOwns(or_set_.company, 5)) context.free_terrain.push_back("swamp");   // 3.1 P5
  return context;
}

// 6.4-6.6: one tile, paid from the treasury (6.3, 6.4.2); the season's reduction (6.13.3) is
// remembered in the track turn for the run.
Status T1947Game::LayTrackStep(int railway, const Action1947& a) {
  Result<HexCoord> hex = ActionHex(a);
  if (!hex.ok()) return hex.error();
  Result<LayContext> context = LayContextNow();
  if (!context.ok()) return context.error();
  Result<LayOutcome> laid = Lay(*data_, &board_, *context, &track_turn_, TileLay{*hex, a.tile, a.rotation});
  if (!laid.ok()) return laid.error();
  railways_[railway].treasury -= laid->cost;
  if (IsYellowCityOrTown(*data_, a.tile)) ++new_city_town_tiles_;  // 6.14.2
  return VerifyTemple(railway);
}

// 6.7: a station on a city its track reaches, at the charter's next cost; the fourth one brings
// the railway a stockbroker (6.7, 6.12.1, Appendix 1).
Status T1947Game::PlaceStationStep(int railway, const Action1947& a) {
  Result<HexCoord> hex = ActionHex(a);
  if (!hex.ok()) return hex.error();
  Result<StationOutcome> placed = PlaceStation(*data_, &board_, railway, railways_[railway].treasury, &station_turn_, *hex);
  if (!placed.ok()) return placed.error();
  railways_[railway].treasury -= placed->cost;
  if (placed->stockbroker) ++railways_[railway].stockbrokers;
  return OkStatus();
}

// 6.11: the president spends workers they employ; each worker does one thing and is retired.
Status T1947Game::UseWorkersStep(int railway, const Action1947& a) {
  const int president = PresidentOf(railway);
  Player1947& p = players_[president];
  const std::string& initials = data_->railways[railway].initials;
  const int needed = a.worker_use == WorkerUse::kStockbrokers ? 3 * a.amount : 1;
  if (a.worker_use == WorkerUse::kStockbrokers && a.amount < 1) {
    return Malformed("1947.refusal.workers.no_stockbrokers_asked", "workers become at least one stockbroker, not " + std::to_string(a.amount))
        .With({param::Count("count", a.amount)});
  }
  if (p.workers < needed) {
    return Illegal("1947.refusal.workers.not_enough", "6.11", p.name + " employs " + std::to_string(p.workers) + " worker(s); this needs " + std::to_string(needed))
        .With({param::Seat("seat", president), param::Count("workers", p.workers), param::Count("needed", needed)});
  }
  switch (a.worker_use) {
    case WorkerUse::kSecondTileAction:  // 6.11.3: "immediately", in the track step
      if (or_set_.step != OrStep::kLayTrack) {
        return Illegal("1947.refusal.workers.tile_action_after_track", "6.11.3", "a worker's second tile action follows the tile action; " + initials + " has left its track step")
            .With({param::Company("company", initials)});
      }
      if (Status s = BeginWorkerTileAction(*data_, board_, railway, &track_turn_); !s.ok()) return s;
      break;
    case WorkerUse::kSecondStation:  // 6.11.2
      if (or_set_.step > OrStep::kPlaceStation) {
        return Illegal("1947.refusal.workers.station_after_stations", "6.11.2", initials + " has left its station step")
            .With({param::Company("company", initials)});
      }
      if (station_turn_.worker) {
        return Illegal("1947.refusal.workers.second_station_once", "6.11.2", initials + " already has a worker's second station this operating round")
            .With({param::Company("company", initials)});
      }
      station_turn_.worker = true;
      break;
    case WorkerUse::kStockbrokers:  // 6.11.4: three workers make one stockbroker on the charter
      railways_[railway].stockbrokers += a.amount;
      break;
  }
  p.workers -= needed;
  return OkStatus();
}

OperatingHooks DefaultOperatingHooks() {
  OperatingHooks hooks;
  hooks.lay_track = [](T1947Game& g, int r, const Action1947& a) { return g.LayTrackStep(r, a); };
  hooks.place_station = [](T1947Game& g, int r, const Action1947& a) { return g.PlaceStationStep(r, a); };
  hooks.use_workers = [](T1947Game& g, int r, const Action1947& a) { return g.UseWorkersStep(r, a); };
  hooks.run_trains = [](T1947Game& g, int r, const Action1947& a) { return g.RunTrainsStep(r, a); };
  hooks.has_legal_route = [](const T1947Game& g, int r) { return HasLegalRoute(g.data(), g.board(), r); };
  return hooks;
}

}  // namespace mailrun::engine::t1947
