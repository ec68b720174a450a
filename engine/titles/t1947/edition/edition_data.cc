// Reading and checking the 1947 data files (see edition/edition_data.h).
#include "engine/titles/t1947/edition/edition_data.h"

#include <set>

#include "engine/core/data/data_reader.h"
#include "engine/titles/t1947/edition/board_file.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

using data_internal::BadData;
using data_internal::EntryName;
using data_internal::Fields;
using data_internal::Json;
using data_internal::Where;

const std::string& FileText(const std::map<std::string, std::string>& files, const std::string& name) {
  auto it = files.find(name);
  if (it == files.end()) throw BadData{"t1947/" + name + ": the file is missing"};
  return it->second;
}

// The neighbour of a hex across edge N, NE, SE, S, SW or NW: "" for no such edge, "-" off the grid.
std::string Neighbour(const std::string& hex, const std::string& edge) {
  const auto e = ParseEdge1947(edge);
  if (!e) return "";
  const HexCoord next = engine::Neighbour(*ParseHex1947(hex), *e);
  return next.row < 0 || next.row > kLastColumn || next.col < 1 ? "-" : HexName1947(next);
}

// Each edge named in `key` must exist and face off the map (6.4.1, 6.9, 6.10).
void CheckOffMapEdges(const Fields& f, const std::string& hex, const std::vector<std::string>& edges,
                      const std::set<std::string>& hexes, std::string_view key) {
  for (const std::string& edge : edges) {
    std::string next = Neighbour(hex, edge);
    if (next.empty()) f.Fail(key, "no edge " + edge + " (N, NE, SE, S, SW, NW)");
    if (hexes.count(next)) f.Fail(key, "edge " + edge + " faces hex " + next + ", not the map's border");
  }
}

std::set<std::string> ReadMapHexes(const Json& map, T1947Data* data) {
  Where where("t1947/map.json");
  Fields top(map, where, {"reconstruction", "grid", "hexes", "expatriation_sites"});
  Fields rec(top.Object("reconstruction"), where.Entry("reconstruction"), {"reconstructed", "summary", "named_by_the_text"});
  data->map_reconstructed = rec.Bool("reconstructed", false);
  data->map_summary = rec.String("summary");
  std::set<std::string> hexes;
  for (const Json& h : top.Array("hexes")) {
    Where w = where.Entry(EntryName("hex", h, "hex"));
    Fields f(h, w, {"hex", "city", "town", "label", "terrain", "cost", "zone", "preprinted", "upgrade_cost",
                    "trading_posts", "dead_ends", "grey"});
    std::string name = f.String("hex");
    if (!ParseHex1947(name)) f.Fail("hex", "not a hex of the 1947 grid (column A-V, row 1+, letter index + row odd)");
    if (!hexes.insert(name).second) f.Fail("hex", "listed twice");
    std::string zone = f.String("zone");
    if (zone != "dry" && zone != "monsoon") f.Fail("zone", "must be dry or monsoon");
    if (f.Has("city") && f.Has("town")) w.Fail("a hex holds a city or a town, not both");
    HexDef1947 hex;
    hex.name = name;
    hex.column = name[0] - 'A';
    hex.row = std::stoi(name.substr(1));
    hex.city = f.String("city", "");
    hex.town = f.String("town", "");
    hex.label = f.String("label", "");
    hex.terrain = f.String("terrain", "");
    hex.cost = f.Int("cost", 0);
    hex.monsoon = zone == "monsoon";
    if (f.Has("preprinted")) hex.preprinted = Fields(f.Object("preprinted"), w.Sub("preprinted"), {"tile", "rotation"}).String("tile");
    hex.upgrade_cost = f.Int("upgrade_cost", 0);
    hex.trading_posts = f.Strings("trading_posts");
    hex.dead_ends = f.Strings("dead_ends");
    if (f.Has("grey")) {
      Fields grey(f.Object("grey"), w.Sub("grey"), {"exits", "revenue", "revenue_from_T5", "revenue_from_T8", "station_spaces"});
      hex.grey = true;
      hex.grey_exits = grey.Strings("exits");
    }
    data->hexes.push_back(hex);
  }
  for (const std::string& n : rec.Strings("named_by_the_text")) {
    if (!hexes.count(n)) where.Entry("reconstruction").Fail("named hex " + n + " is not on the map");
  }
  for (const Json& h : top.Array("hexes")) {
    Fields f(h, where.Entry(EntryName("hex", h, "hex")), {"hex", "city", "town", "label", "terrain", "cost", "zone", "preprinted",
                                                         "upgrade_cost", "trading_posts", "dead_ends", "grey"});
    std::string name = f.String("hex");
    CheckOffMapEdges(f, name, f.Strings("trading_posts"), hexes, "trading_posts");
    CheckOffMapEdges(f, name, f.Strings("dead_ends"), hexes, "dead_ends");
    if (f.Has("terrain") != f.Has("cost")) f.Fail("cost", "a hex with terrain has a cost and only then (6.4.2)");
    if ((f.Has("trading_posts") || f.Has("dead_ends")) && !f.Has("city")) f.Fail("trading_posts", "only cities have trading posts and dead ends (6.9)");
  }
  for (const Json& site : top.Array("expatriation_sites")) {
    Fields f(site, where.Entry(EntryName("expatriation site", site, "name")), {"name", "hex", "edge", "workers"});
    std::string hex = f.String("hex");
    if (!hexes.count(hex)) f.Fail("hex", "hex " + hex + " is not on the map");
    CheckOffMapEdges(f, hex, {f.String("edge")}, hexes, "edge");
    int workers = f.Int("workers");
    if (workers < 1 || workers > 2) f.Fail("workers", "each site shows 1 or 2 workers (6.10)");
    ++data->expatriation_sites;
    data->sites.push_back(ExpatriationSiteDef{f.String("name"), hex, f.String("edge"), workers});
  }
  if (data->expatriation_sites != 11) where.Fail("1947 has 11 expatriation sites (6.10)");
  data->map_hexes = static_cast<int>(hexes.size());
  return hexes;
}

void ReadCompanies(const Json& file, const std::set<std::string>& hexes, T1947Data* data) {
  Where where("t1947/companies.json");
  Fields top(file, where, {"companies"});
  for (const Json& c : top.Array("companies")) {
    Fields f(c, where.Entry(EntryName("company", c, "initials")),
             {"initials", "name", "home", "temple", "president_percent", "shares", "bonds", "capitalisation",
              "pool_draw_group", "stations", "colour"});
    RailwayDef r;
    r.initials = f.String("initials");
    r.name = f.String("name");
    r.home = f.String("home");
    r.temple = f.String("temple");
    if (!hexes.count(r.home)) f.Fail("home", "hex " + r.home + " is not on the map");
    if (!hexes.count(r.temple)) f.Fail("temple", "hex " + r.temple + " is not on the map");
    r.president_percent = f.Int("president_percent");
    r.shares = f.Int("shares");
    if (r.president_percent + 10 * r.shares != 100) f.Fail("shares", "the certificates do not add up to 100%");
    r.bonds = f.Int("bonds");
    std::string cap = f.String("capitalisation");
    if (cap != "full" && cap != "incremental") f.Fail("capitalisation", "must be full or incremental");
    r.incremental = cap == "incremental";
    r.pool_draw_group = f.Int("pool_draw_group", 0);
    for (const Json& cost : f.Array("stations")) {
      if (!cost.is_number_integer() || cost.get<int>() < 0) f.Fail("stations", "a station's cost is a whole number of rupees (6.7)");
      r.station_costs.push_back(cost.get<int>());
    }
    if (r.station_costs.empty() || r.station_costs[0] != 0) f.Fail("stations", "the home station comes first and is free (6.7)");
    if (data->Railway(r.initials)) f.Fail("initials", "listed twice");
    data->railways.push_back(r);
  }
  if (data->railways.size() != 11) where.Fail("1947 has 11 railway companies (section 1)");
}

void ReadPrivates(const Json& file, T1947Data* data) {
  Where where("t1947/privates.json");
  Fields top(file, where, {"minimum_bid", "bid_increment", "privates"});
  data->minimum_bid = top.Int("minimum_bid");
  data->bid_increment = top.Int("bid_increment");
  for (const Json& p : top.Array("privates")) {
    Fields f(p, where.Entry(EntryName("private", p, "number")), {"number", "name", "revenue", "duration", "power"});
    PrivateDef d;
    d.number = f.Int("number");
    if (d.number != static_cast<int>(data->privates.size()) + 1) f.Fail("number", "privates must be listed P1, P2, ... in auction order (3.2)");
    d.name = f.String("name");
    d.revenue = f.Int("revenue");
    d.duration = f.String("duration");
    Fields power(f.Object("power"), f.where().Sub("power"),
                 {"kind", "season", "zone", "terrain", "when", "owner", "removed_if_bought_by_railway",
                  "first_to_reach_bonus", "later_bonus", "free_terrain", "choices", "value_until_T4",
                  "value_from_T5", "max_per_train", "company"});
    d.power = power.String("kind");
    if (d.power == "president_certificate" && !data->Railway(power.String("company"))) {
      power.Fail("company", "no such railway company");
    }
    data->privates.push_back(d);
  }
}

void ReadPhases(const Json& file, const T1947Data& partial, T1947Data* data) {
  Where where("t1947/trains.json");
  Fields top(file, where, {"trains", "phases"});
  for (const Json& p : top.Array("phases")) {
    Fields f(p, where.Entry(EntryName("phase", p, "number")),
             {"number", "introduced_by", "ors", "par_band", "tiles", "city_upgrades", "train_limit", "rusts",
              "private_sale_max_percent", "trading_post", "town_choice", "simplified_revenue",
              "no_temple_for_new_companies"});
    PhaseDef d;
    d.number = f.Int("number");
    d.introduced_by = f.String("introduced_by");
    d.par_band = f.String("par_band");
    if (!partial.market.par.count(d.par_band)) f.Fail("par_band", "no such band in market.json");
    d.private_sale_max_percent = f.Int("private_sale_max_percent");
    d.train_limit = f.Int("train_limit");
    d.ors = f.Int("ors");
    d.tiles = f.Strings("tiles");
    d.city_upgrades = f.Strings("city_upgrades");
    d.town_choice = f.Bool("town_choice", false);
    d.no_temple_for_new_companies = f.Bool("no_temple_for_new_companies", false);
    data->phases.push_back(d);
  }
  if (data->phases.size() != 8) where.Fail("1947 has 8 phases (4.0)");
  // The trains (Appendix 3); their second-train increases (6.14.3) are read with the runs.
  for (const Json& t : top.Array("trains")) {
    Fields f(t, where.Entry(EntryName("train", t, "name")), {"name", "stops", "price", "count", "unlimited", "rusted_by", "second_train_increase"});
    TrainDef train;
    train.name = f.String("name");
    train.price = f.Int("price");
    train.count = f.Int("count");
    train.stops = f.Int("stops");
    train.unlimited = f.Bool("unlimited", false);
    if (train.price <= 0 || train.count <= 0) f.Fail("count", "a train has a positive price and count");
    if (f.Has("rusted_by")) {
      train.rusts_in_phase = PhaseIntroducedBy(data->phases, f.String("rusted_by"));  // 6.15.5
      if (!train.rusts_in_phase) f.Fail("rusted_by", "no phase is introduced by that train");
    }
    data->trains.push_back(train);
  }
  for (const PhaseDef& phase : data->phases) {
    bool known = false;
    for (const TrainDef& train : data->trains) known = known || train.name == phase.introduced_by;
    if (!known) where.Entry("phase " + std::to_string(phase.number)).Fail("field \"introduced_by\": no train \"" + phase.introduced_by + "\" in \"trains\"");
  }
}

void ReadMarket(const Json& file, T1947Data* data) {
  Where where("t1947/market.json");
  Fields top(file, where, {"reconstructed", "rows", "red_line", "par_cells", "end_value"});
  MarketDef& m = data->market;
  for (const Json& row : top.Array("rows")) {
    std::vector<int> values;
    for (const Json& v : row) {
      if (!v.is_number_integer()) where.Entry("row " + std::to_string(m.rows.size() + 1)).Fail("a space must be a whole number");
      values.push_back(v.get<int>());
    }
    m.rows.push_back(values);
  }
  for (const Json& v : top.Array("red_line")) m.red_line.push_back(v.get<int>());
  if (m.red_line.size() != m.rows.size()) top.Fail("red_line", "needs one entry per row");
  for (size_t r = 0; r < m.rows.size(); ++r) {
    Where w = where.Entry("row " + std::to_string(r + 1));
    for (size_t c = 0; c < m.rows[r].size(); ++c) {
      if (c > 0 && m.rows[r][c] <= m.rows[r][c - 1]) w.Fail("values must rise from left to right (5.10)");
      if (r > 0 && c < m.rows[r - 1].size() && m.rows[r - 1][c] <= m.rows[r][c]) w.Fail("a space must be worth less than the one above it (5.10)");
    }
    if (m.red_line[r] < 1 || m.red_line[r] > static_cast<int>(m.rows[r].size())) w.Fail("the red line lies outside the row");
  }
  m.end_value = top.Int("end_value");
  for (auto& [band, cells] : top.Object("par_cells").items()) {
    for (const Json& cell : cells) {
      Fields f(cell, where.Entry("par band " + band), {"row", "column"});
      MarketCell c{f.Int("row") - 1, f.Int("column") - 1};
      if (!m.Exists(c)) f.Fail("row", "the space is not on the market");
      m.par[band].push_back(c);
    }
  }
}

void ReadRules(const Json& file, T1947Data* data) {
  Where where("t1947/rules.json");
  const Json& counts = file.at("player_counts");
  for (const Json& p : counts) {
    Fields f(p, where.Entry(EntryName("player count", p, "players")), {"players", "starting_cash", "certificate_limit"});
    int n = f.Int("players");
    if (n < 3 || n > 6) f.Fail("players", "1947 is for 3 to 6 players (1.0)");
    data->player_counts[n] = PlayerCountDef{f.Int("starting_cash"), f.Int("certificate_limit")};
  }
  if (data->player_counts.size() != 4) where.Fail("player_counts must cover 3, 4, 5 and 6 players");
}

}  // namespace

const RailwayDef* T1947Data::Railway(const std::string& initials) const {
  int i = RailwayIndex(initials);
  return i < 0 ? nullptr : &railways[i];
}

const HexDef1947* T1947Data::MapHex(HexCoord hex) const {
  // hexes and board.data.hexes are both in map.json's order.
  const HexDef* def = board.data.Hex(hex);
  return def ? &hexes[def - board.data.hexes.data()] : nullptr;
}

int T1947Data::RailwayIndex(const std::string& initials) const {
  for (size_t i = 0; i < railways.size(); ++i) {
    if (railways[i].initials == initials) return static_cast<int>(i);
  }
  return -1;
}

int T1947Data::TrainIndex(const std::string& name) const {
  for (size_t i = 0; i < trains.size(); ++i) {
    if (trains[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

Result<T1947Data> ParseT1947Data(const std::map<std::string, std::string>& files) {
  try {
    T1947Data data;
    Json map = data_internal::ParseFile("t1947/map.json", FileText(files, "map.json"));
    std::set<std::string> hexes = ReadMapHexes(map, &data);
    ReadCompanies(data_internal::ParseFile("t1947/companies.json", FileText(files, "companies.json")), hexes, &data);
    ReadPrivates(data_internal::ParseFile("t1947/privates.json", FileText(files, "privates.json")), &data);
    ReadMarket(data_internal::ParseFile("t1947/market.json", FileText(files, "market.json")), &data);
    ReadPhases(data_internal::ParseFile("t1947/trains.json", FileText(files, "trains.json")), data, &data);
    ReadRules(data_internal::ParseFile("t1947/rules.json", FileText(files, "rules.json")), &data);
    data.board = ReadBoard(map, data_internal::ParseFile("t1947/tiles.json", FileText(files, "tiles.json")),
                           data_internal::ParseFile("t1947/manifest.json", FileText(files, "manifest.json")), data.hexes,
                           data.sites);
    for (const auto& [id, rules] : data.board.rules) data.tile_count += rules.count;
    return data;
  } catch (const BadData& bad) {
    return DataFault(bad.message);
  } catch (const nlohmann::json::exception& e) {
    return DataFault(std::string("t1947: ") + e.what());
  }
}

}  // namespace mailrun::engine::t1947
