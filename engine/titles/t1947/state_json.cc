// T1947Game to JSON and back (see state_json.h).
#include "engine/titles/t1947/state_json.h"

#include <map>
#include <optional>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {

using nlohmann::json;

namespace {

// Hexes by their 1947 names ("D21").
std::vector<std::string> HexNames(const std::vector<HexCoord>& hexes) {
  std::vector<std::string> names;
  for (const HexCoord& h : hexes) names.push_back(HexName1947(h));
  return names;
}

HexCoord HexNamed(const json& name) {
  const std::optional<HexCoord> hex = ParseHex1947(name.get<std::string>());
  if (!hex) throw std::invalid_argument("no 1947 hex " + name.get<std::string>());
  return *hex;
}

std::vector<HexCoord> HexesNamed(const json& names) {
  std::vector<HexCoord> hexes;
  for (const json& n : names) hexes.push_back(HexNamed(n));
  return hexes;
}

// The board (6.4-6.10) and the operating railway's track and station turn.
json BoardJson(const Board1947& b, const TrackTurn& track, const StationTurn& stations, int new_city_town_tiles,
              const std::optional<int>& temple_choice) {
  json j;
  j["tiles"] = json::array();
  for (const auto& [hex, placed] : b.board.tiles) j["tiles"].push_back({HexName1947(hex), placed.tile, placed.rotation});
  j["supply"] = b.board.supply;
  for (const std::vector<Base>& own : b.stations) {
    json list = json::array();
    for (const Base& s : own) list.push_back({HexName1947(s.hex), s.station});
    j["stations"].push_back(list);
  }
  j["temple_connected"] = b.temple_connected;
  j["site_workers"] = b.site_workers;
  j["sites_reached"] = b.sites_reached;
  j["p6_stations"] = HexNames(b.p6_stations);
  j["track_turn"] = {{"action", track.action}, {"yellow", track.yellow}, {"upgrades", track.upgrades},
                     {"laid", HexNames(track.laid_this_action)}, {"season_reduction", track.season_reduction},
                     {"sites_before_worker_action", track.sites_before_worker_action}};
  j["station_turn"] = {{"placed", stations.placed}, {"worker", stations.worker}};
  j["new_city_town_tiles"] = new_city_town_tiles;
  j["temple_choice"] = temple_choice.value_or(-1);
  return j;
}

void RestoreBoard(const json& j, Board1947* b, TrackTurn* track, StationTurn* stations, int* new_city_town_tiles,
                  std::optional<int>* temple_choice) {
  b->board.tiles.clear();
  for (const json& t : j.at("tiles")) b->board.tiles.Set(HexNamed(t.at(0)), PlacedTile{t.at(1), t.at(2)});
  b->board.supply = j.at("supply").get<std::map<std::string, int>>();
  b->stations.clear();
  for (const json& own : j.at("stations")) {
    std::vector<Base> list;
    for (const json& s : own) list.push_back(Base{HexNamed(s.at(0)), s.at(1)});
    b->stations.push_back(std::move(list));
  }
  b->temple_connected = j.at("temple_connected").get<std::vector<bool>>();
  b->site_workers = j.at("site_workers").get<std::vector<int>>();
  b->sites_reached = j.at("sites_reached").get<std::vector<std::vector<bool>>>();
  b->p6_stations = j.contains("p6_stations") ? HexesNamed(j.at("p6_stations")) : std::vector<HexCoord>{};
  const json& t = j.at("track_turn");
  track->action = t.at("action");
  track->yellow = t.at("yellow");
  track->upgrades = t.at("upgrades");
  track->laid_this_action = HexesNamed(t.at("laid"));
  track->season_reduction = t.at("season_reduction");
  track->sites_before_worker_action = t.at("sites_before_worker_action").get<std::vector<int>>();
  stations->placed = j.at("station_turn").at("placed");
  stations->worker = j.at("station_turn").at("worker");
  *new_city_town_tiles = j.at("new_city_town_tiles");
  const int choice = j.value("temple_choice", -1);
  if (choice >= static_cast<int>(b->stations.size())) throw std::invalid_argument("no railway " + std::to_string(choice) + " chooses a temple bonus");
  *temple_choice = choice < 0 ? std::nullopt : std::optional<int>(choice);
}

}  // namespace

std::string SnapshotJson(const T1947Game& g) {
  json j;
  j["version"] = 1;
  // The ledger's ordinary shares under each player's "ordinary" and each railway's "io" (the bank)
  // and "pool", as before the ledger was the core's.
  for (int seat = 0; seat < g.player_count(); ++seat) {
    const Player1947& p = g.players_[seat];
    std::vector<int> ordinary(g.railways_.size());
    for (size_t r = 0; r < ordinary.size(); ++r) ordinary[r] = g.shares_.HeldBy(seat, r);
    j["players"].push_back({{"name", p.name}, {"cash", p.cash}, {"privates", p.privates}, {"ordinary", ordinary},
                            {"savings", p.savings}, {"president", p.president}, {"protected", p.protected_units},
                            {"bonds", p.bonds}, {"new_bonds", p.new_bonds}, {"workers", p.workers}, {"new_workers", p.new_workers}});
  }
  for (size_t ri = 0; ri < g.railways_.size(); ++ri) {
    const Railway1947& r = g.railways_[ri];
    j["railways"].push_back({{"io", g.shares_.InBank(ri)}, {"pool", g.shares_.InPool(ri)}, {"president_sold", r.president_sold}, {"par", r.par},
                             {"row", r.token.row}, {"column", r.token.column}, {"operational", r.operational},
                             {"treasury", r.treasury}, {"bonds_unissued", r.bonds_unissued}, {"bonds_io", r.bonds_io},
                             {"bonds_pool", r.bonds_pool}, {"bonds_removed", r.bonds_removed}, {"floated_in_sr", r.floated_in_sr},
                             {"trains", r.trains}, {"arrival", r.arrival}, {"arrived_at", {r.arrived_at.row, r.arrived_at.column}},
                             {"operated", r.operated}, {"stockbrokers", r.stockbrokers}});
    // Written only once it has run (snapshots made before it ran stay as they were).
    json& written = j["railways"].back();
    for (const LastRun1947& run : r.last_runs) {
      written["last_runs"].push_back({{"train", run.train_id}, {"hexes", run.hexes}, {"places", run.places}, {"revenue", run.revenue}});
    }
    if (r.last_revenue != 0) written["last_revenue"] = r.last_revenue;
  }
  j["order"] = g.order_;
  j["hammer"] = g.hammer_;
  j["private_owner"] = g.private_owner_;
  j["removed"] = g.removed_;
  j["private_railway"] = g.private_railway_;  // 3.3
  if (g.private_purchase_) {
    j["private_purchase"] = {{"buyer", g.private_purchase_->buyer}, {"private", g.private_purchase_->private_number},
                             {"price", g.private_purchase_->price}};
  }
  j["round"] = static_cast<int>(g.round_);
  j["auction"] = {{"private", g.auction_}, {"opener", g.opener_}, {"to_act", g.to_act_}, {"high_bid", g.high_bid_},
                  {"high_bidder", g.high_bidder_}, {"out", g.out_}, {"passes", g.passes_}};
  j["sr"] = {{"number", g.stock_round_}, {"to_act", g.sr_to_act_}, {"passes", g.consecutive_passes_}, {"traded", g.traded_},
             {"anyone_acted", g.anyone_acted_}, {"sold", g.sold_this_round_},
             {"turn", {g.turn_.sold_before_buy, g.turn_.bought, g.turn_.sold_after_buy, g.turn_.converted}}};
  if (g.protection_) {
    j["protection"] = {g.protection_->railway, g.protection_->seller, g.protection_->units, g.protection_->bonds_needed};
  }
  if (g.bond_offer_) {
    j["bond_offer"] = {{"railway", g.bond_offer_->railway}, {"issuer", g.bond_offer_->issuer}, {"left", g.bond_offer_->left},
                       {"to_ask", g.bond_offer_->to_ask}};
  }
  if (g.conversion_) j["conversion"] = {g.conversion_->railway, g.conversion_->player};
  j["trains"] = {{"phase", g.phase_}, {"bank", g.bank_trains_}, {"pool", g.pool_trains_}, {"rusted", g.rusted_trains_},
                 {"excess", g.excess_}};
  if (g.train_sale_) {
    j["train_sale"] = {{"buyer", g.train_sale_->buyer}, {"seller", g.train_sale_->seller}, {"train", g.train_sale_->train},
                       {"price", g.train_sale_->price}, {"p8", g.train_sale_->p8}};
  }
  j["or"] = {{"season", g.season_}, {"ors", g.or_set_.set_size}, {"number", g.or_set_.in_set}, {"operating", g.or_set_.company},
             {"step", static_cast<int>(g.or_set_.step)}, {"arrivals", g.arrivals_}};
  j["board"] = BoardJson(g.board_, g.track_turn_, g.station_turn_, g.new_city_town_tiles_, g.temple_choice_);
  if (g.site_advance_) {
    j["site_advance"] = {{"railway", g.site_advance_->railway}, {"advances", g.site_advance_->advances},
                         {"opportunities", g.site_advance_->opportunities}};
  }
  j["end"] = {{"market_end", g.market_end_}, {"finished", g.finished_}, {"reason", g.end_reason_}};
  return j.dump();
}

Result<T1947Game> RestoreSnapshot(const T1947Data& data, const std::string& text) {
  try {
    json j = json::parse(text);
    if (j.at("version").get<int>() != 1) return Malformed("1947.refusal.snapshot.unknown_1947_snapshot_version", "unknown 1947 snapshot version");
    T1947Game g;
    g.data_ = &data;
    std::vector<std::vector<int>> ordinary;  // by player, then railway
    std::vector<std::pair<int, int>> io_pool;  // by railway
    for (const json& p : j.at("players")) {
      Player1947 player;
      player.name = p.at("name");
      player.cash = p.at("cash");
      player.privates = p.at("privates").get<std::vector<int>>();
      ordinary.push_back(p.at("ordinary").get<std::vector<int>>());
      player.savings = p.at("savings").get<std::vector<int>>();
      player.president = p.at("president").get<std::vector<bool>>();
      player.protected_units = p.at("protected").get<std::vector<int>>();
      player.bonds = p.at("bonds").get<std::vector<int>>();
      player.new_bonds = p.at("new_bonds").get<std::vector<int>>();
      player.workers = p.value("workers", 0);  // snapshots from before the operating rounds have none
      player.new_workers = p.value("new_workers", 0);
      if (ordinary.back().size() != data.railways.size()) return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
      g.players_.push_back(std::move(player));
    }
    for (const json& r : j.at("railways")) {
      Railway1947 railway;
      io_pool.emplace_back(r.at("io").get<int>(), r.at("pool").get<int>());
      railway.president_sold = r.at("president_sold");
      railway.par = r.at("par");
      railway.token = MarketCell{r.at("row").get<int>(), r.at("column").get<int>()};
      railway.operational = r.at("operational");
      railway.treasury = r.at("treasury");
      railway.bonds_unissued = r.at("bonds_unissued");
      railway.bonds_io = r.at("bonds_io");
      railway.bonds_pool = r.at("bonds_pool");
      railway.bonds_removed = r.at("bonds_removed");
      railway.floated_in_sr = r.at("floated_in_sr");
      // Snapshots from before the operating rounds (issue 17) have no trains and no stack order.
      railway.trains = r.value("trains", std::vector<std::string>{});
      railway.arrival = r.value("arrival", 0);
      if (r.contains("arrived_at")) railway.arrived_at = MarketCell{r.at("arrived_at").at(0).get<int>(), r.at("arrived_at").at(1).get<int>()};
      railway.operated = r.value("operated", false);
      railway.stockbrokers = r.value("stockbrokers", 0);
      // Snapshots from before the view carried the last runs (issue 48) have none: a railway's
      // next run step writes them.
      for (const json& run : r.value("last_runs", json::array())) {
        railway.last_runs.push_back(LastRun1947{run.at("train").get<std::string>(), run.at("hexes").get<std::vector<std::string>>(),
                                                run.at("places").get<std::vector<std::string>>(), run.at("revenue").get<int>()});
      }
      railway.last_revenue = r.value("last_revenue", 0);
      g.railways_.push_back(railway);
    }
    if (g.railways_.size() != data.railways.size()) return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
    g.shares_ = ShareLedger(g.player_count(), static_cast<int>(data.railways.size()), kUnitsPerRailway);
    for (size_t r = 0; r < data.railways.size(); ++r) {
      for (int seat = 0; seat < g.player_count(); ++seat) g.shares_.Set(ShareHolder::Player(seat), r, ordinary[seat][r]);
      g.shares_.Set(ShareHolder::Bank(), r, io_pool[r].first);
      g.shares_.Set(ShareHolder::Pool(), r, io_pool[r].second);
    }
    g.order_ = j.at("order").get<std::vector<int>>();
    g.hammer_ = j.at("hammer").get<std::vector<int>>();
    g.private_owner_ = j.at("private_owner").get<std::vector<int>>();
    g.removed_ = j.at("removed").get<std::vector<bool>>();
    // Snapshots from before railways bought privates (issue 25) have none owned by a railway.
    g.private_railway_ = j.value("private_railway", std::vector<int>(data.privates.size(), -1));
    if (g.private_owner_.size() != data.privates.size() || g.removed_.size() != data.privates.size() ||
        g.private_railway_.size() != data.privates.size() || g.hammer_.size() != data.privates.size()) {
      return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
    }
    for (int owner : g.private_railway_) {
      if (owner < -1 || owner >= static_cast<int>(data.railways.size())) throw std::invalid_argument("no railway " + std::to_string(owner) + " owns a private");
    }
    if (j.contains("private_purchase")) {
      const json& pp = j.at("private_purchase");
      g.private_purchase_ = PendingPrivatePurchase{pp.at("buyer"), pp.at("private"), pp.at("price")};
    }
    g.round_ = static_cast<Round>(j.at("round").get<int>());
    const json& a = j.at("auction");
    g.auction_ = a.at("private");
    g.opener_ = a.at("opener");
    g.to_act_ = a.at("to_act");
    g.high_bid_ = a.at("high_bid");
    g.high_bidder_ = a.at("high_bidder");
    g.out_ = a.at("out").get<std::vector<bool>>();
    g.passes_ = a.at("passes");
    const json& sr = j.at("sr");
    g.stock_round_ = sr.at("number");
    g.sr_to_act_ = sr.at("to_act");
    g.consecutive_passes_ = sr.at("passes");
    g.traded_ = sr.at("traded");
    g.anyone_acted_ = sr.at("anyone_acted");
    g.sold_this_round_ = sr.at("sold").get<std::vector<std::vector<bool>>>();
    const json& t = sr.at("turn");
    g.turn_ = SrTurn{t.at(0), t.at(1), t.at(2), t.at(3)};
    if (j.contains("protection")) {
      const json& p = j.at("protection");
      g.protection_ = PendingProtection{p.at(0), p.at(1), p.at(2), p.at(3)};
    }
    if (j.contains("bond_offer")) {
      const json& b = j.at("bond_offer");
      g.bond_offer_ = PendingBondOffer{b.at("railway"), b.at("issuer"), b.at("left"), b.at("to_ask").get<std::vector<int>>()};
    }
    if (j.contains("conversion")) g.conversion_ = PendingConversion{j.at("conversion").at(0), j.at("conversion").at(1)};
    for (const TrainDef& t : data.trains) g.bank_trains_.push_back(t.count);
    g.rusted_trains_.assign(data.trains.size(), 0);
    if (j.contains("trains")) {
      const json& t = j.at("trains");
      g.phase_ = t.at("phase");
      g.bank_trains_ = t.at("bank").get<std::vector<int>>();
      g.pool_trains_ = t.at("pool").get<std::vector<std::string>>();
      g.rusted_trains_ = t.at("rusted").get<std::vector<int>>();
      g.excess_ = t.at("excess").get<std::vector<int>>();
      if (g.bank_trains_.size() != data.trains.size() || g.rusted_trains_.size() != data.trains.size()) {
        return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
      }
    }
    if (j.contains("train_sale")) {
      const json& s = j.at("train_sale");
      g.train_sale_ = PendingTrainSale{s.at("buyer"), s.at("seller"), s.at("train"), s.at("price"), s.value("p8", false)};
    }
    if (j.contains("or")) {
      const json& o = j.at("or");
      g.season_ = o.at("season");
      g.or_set_.set_size = o.at("ors");
      g.or_set_.in_set = o.at("number");
      g.or_set_.company = o.at("operating");
      g.or_set_.step = static_cast<OrStep>(o.at("step").get<int>());
      g.arrivals_ = o.at("arrivals");
    }
    // Snapshots from before the board was played on have the board of the start (2.3).
    g.board_ = Board1947::Start(data);
    if (j.contains("board")) RestoreBoard(j.at("board"), &g.board_, &g.track_turn_, &g.station_turn_, &g.new_city_town_tiles_, &g.temple_choice_);
    if (j.contains("site_advance")) {
      const json& a = j.at("site_advance");
      g.site_advance_ = PendingSiteAdvance{a.at("railway"), a.at("advances"), a.at("opportunities").get<std::vector<int>>()};
      if (g.site_advance_->railway < 0 || g.site_advance_->railway >= static_cast<int>(data.railways.size())) {
        return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
      }
    }
    if (g.board_.stations.size() != data.railways.size() || g.board_.temple_connected.size() != data.railways.size() ||
        g.board_.sites_reached.size() != data.railways.size() || g.board_.site_workers.size() != data.sites.size()) {
      return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
    }
    for (const auto& [hex, placed] : g.board_.board.tiles) {
      if (!data.MapHex(hex) || !data.board.data.Tile(placed.tile)) {
        return Malformed("1947.refusal.snapshot.snapshot_does_not_fit_1947", "the snapshot does not fit the 1947 data");
      }
    }
    if (j.contains("end")) {
      g.market_end_ = j.at("end").at("market_end");
      g.finished_ = j.at("end").at("finished");
      g.end_reason_ = j.at("end").at("reason");
    }
    return g;
  } catch (const std::invalid_argument& e) {
    return Malformed("1947.refusal.snapshot.bad_1947_snapshot", std::string("a bad 1947 snapshot: ") + e.what()).With({param::Text("reason", e.what())});
  } catch (const json::exception& e) {
    return Malformed("1947.refusal.snapshot.bad_1947_snapshot", std::string("a bad 1947 snapshot: ") + e.what()).With({param::Text("reason", e.what())});
  }
}

}  // namespace mailrun::engine::t1947
