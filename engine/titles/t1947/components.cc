// 1947's components from its data and back (see components.h).
#include "engine/titles/t1947/components.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "engine/core/board/board_components.h"
#include "engine/core/board/board_from_components.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

nlohmann::json FileJson(const std::map<std::string, std::string>& files, const std::string& name) {
  const auto found = files.find(name);
  if (found == files.end()) return nlohmann::json::object();
  return nlohmann::json::parse(found->second, nullptr, false);
}

// The part of a file's "about" from `marker` on: what the data says of its own reconstruction.
std::string AboutFrom(const nlohmann::json& file, const std::string& marker) {
  const std::string about = file.is_object() ? file.value("about", "") : "";
  const size_t at = about.find(marker);
  return at == std::string::npos ? "" : about.substr(at);
}

mailrun::v1::Terrain TerrainOf(const std::string& terrain) {
  if (terrain == "hill") return mailrun::v1::TERRAIN_HILL;
  if (terrain == "mountain") return mailrun::v1::TERRAIN_MOUNTAIN;
  if (terrain == "river") return mailrun::v1::TERRAIN_RIVER;
  if (terrain == "swamp") return mailrun::v1::TERRAIN_SWAMP;
  if (terrain == "desert") return mailrun::v1::TERRAIN_DESERT;
  return mailrun::v1::TERRAIN_UNSPECIFIED;
}

std::string TerrainWord(int terrain) {
  switch (terrain) {
    case mailrun::v1::TERRAIN_HILL: return "hill";
    case mailrun::v1::TERRAIN_MOUNTAIN: return "mountain";
    case mailrun::v1::TERRAIN_RIVER: return "river";
    case mailrun::v1::TERRAIN_SWAMP: return "swamp";
    case mailrun::v1::TERRAIN_DESERT: return "desert";
    default: return "";
  }
}

mailrun::v1::Zone ZoneProto(Zone zone) {
  switch (zone) {
    case Zone::kDry: return mailrun::v1::ZONE_DRY;
    case Zone::kMonsoon: return mailrun::v1::ZONE_MONSOON;
    case Zone::kAny: return mailrun::v1::ZONE_UNSPECIFIED;
  }
  return mailrun::v1::ZONE_UNSPECIFIED;
}

Zone ZoneFrom(mailrun::v1::Zone zone) {
  if (zone == mailrun::v1::ZONE_DRY) return Zone::kDry;
  if (zone == mailrun::v1::ZONE_MONSOON) return Zone::kMonsoon;
  return Zone::kAny;
}

mailrun::v1::TileColour ColourProto(const std::string& colour) {
  if (colour == "yellow") return mailrun::v1::TILE_COLOUR_YELLOW;
  if (colour == "green") return mailrun::v1::TILE_COLOUR_GREEN;
  if (colour == "brown") return mailrun::v1::TILE_COLOUR_BROWN;
  if (colour == "grey") return mailrun::v1::TILE_COLOUR_GREY;
  return mailrun::v1::TILE_COLOUR_UNSPECIFIED;
}

void AddEdges(const std::vector<std::string>& names, google::protobuf::RepeatedField<int32_t>* out) {
  for (const std::string& name : names) {
    if (const auto edge = ParseEdge1947(name)) out->Add(*edge);
  }
}

std::vector<std::string> EdgeNames(const google::protobuf::RepeatedField<int32_t>& edges) {
  std::vector<std::string> names;
  for (const int edge : edges) names.push_back(EdgeName1947(edge));
  return names;
}

void AddReconstruction(const std::string& item, const std::string& note, mailrun::v1::Components* out) {
  if (note.empty()) return;
  auto* r = out->add_reconstructions();
  r->set_item(item);
  r->set_note(note);
}

// The board: the core's cells and designs with 1947's names and what 1947 prints on them.
void AddBoard(const T1947Data& data, const std::set<std::string>& named_by_text, mailrun::v1::Components* out) {
  AddBoardComponents(data.board.data, [&data](int city) { return data.board.cities[static_cast<size_t>(city)]; }, out);
  std::map<std::string, std::vector<std::string>> temples;
  for (const RailwayDef& r : data.railways) temples[r.temple].push_back(r.initials);
  for (auto& cell : *out->mutable_hexes()) {
    const HexCoord coord{cell.row(), cell.col()};
    const HexDef1947* h = data.MapHex(coord);
    if (h == nullptr) continue;
    cell.set_hex(h->name);
    cell.set_reconstructed(!named_by_text.contains(h->name));
    cell.set_zone(h->monsoon ? mailrun::v1::ZONE_MONSOON : mailrun::v1::ZONE_DRY);
    cell.clear_terrain();
    if (!h->terrain.empty()) cell.add_terrain(TerrainOf(h->terrain));
    cell.set_cost(h->cost);
    cell.set_upgrade_cost(h->upgrade_cost);
    cell.set_town(h->town);
    cell.set_label(h->label);
    AddEdges(h->trading_posts, cell.mutable_trading_post_edges());
    AddEdges(h->dead_ends, cell.mutable_dead_end_edges());
    for (const std::string& initials : temples[h->name]) cell.add_temple_of(initials);
  }
  for (auto& design : *out->mutable_tiles()) {
    const TileRules* rules = data.board.Rules(design.id());
    if (rules == nullptr) continue;
    design.set_zone(ZoneProto(rules->zone));
    design.set_reconstructed(true);  // Appendix 4 lost its pictures: every geometry is rebuilt
    for (const std::string& to : rules->upgrades) design.add_upgrades_to(to);
  }
  for (const TileDef& tile : data.board.data.tiles) {
    const TileRules* rules = data.board.Rules(tile.id);
    if (rules == nullptr || rules->count == 0) continue;
    auto* count = out->add_tile_supply();
    count->set_tile(tile.id);
    count->set_count(rules->count);
  }
  for (const HexDef1947& h : data.hexes) {
    if (h.city.empty()) continue;
    auto* city = out->add_cities();
    city->set_name(h.city);
    city->set_hex(h.name);
  }
}

void AddRailways(const T1947Data& data, const nlohmann::json& companies, mailrun::v1::Components* out) {
  std::map<std::string, std::string> colours;
  if (companies.is_object() && companies.contains("companies")) {
    for (const auto& c : companies.at("companies")) colours[c.value("initials", "")] = c.value("colour", "");
  }
  int number = 0;
  for (const RailwayDef& r : data.railways) {
    auto* c = out->add_companies();
    c->set_number(++number);
    c->set_initials(r.initials);
    c->set_name(r.name);
    auto* home = c->add_homes();
    home->set_hex(r.home);
    home->set_station(0);
    c->set_colour(colours[r.initials]);
    c->set_tokens(static_cast<int>(r.station_costs.size()));
    c->set_temple(r.temple);
    c->set_president_percent(r.president_percent);
    c->set_shares(r.shares);
    c->set_bonds(r.bonds);
    c->set_capitalisation(r.incremental ? "incremental" : "full");
    c->set_pool_draw_group(r.pool_draw_group);
    for (const int cost : r.station_costs) c->add_station_costs(cost);
  }
}

void AddMarket(const T1947Data& data, bool reconstructed, mailrun::v1::Components* out) {
  auto* grid = out->mutable_market_grid();
  for (size_t r = 0; r < data.market.rows.size(); ++r) {
    auto* row = grid->add_rows();
    for (const int price : data.market.rows[r]) row->add_prices(price);
    row->set_left_of_red_line(data.market.red_line[r]);
  }
  for (const auto& [band, cells] : data.market.par) {
    auto* b = grid->add_par_bands();
    b->set_band(band);
    for (const MarketCell& cell : cells) {
      auto* space = b->add_spaces();
      space->set_row(cell.row);
      space->set_column(cell.column);
    }
  }
  grid->set_end_value(data.market.end_value);
  grid->set_reconstructed(reconstructed);
}

void AddTrainsAndPhases(const T1947Data& data, const RevenueRules& rules, mailrun::v1::Components* out) {
  for (const TrainDef& train : data.trains) {
    auto* t = out->add_trains();
    t->set_name(train.name);
    t->set_price(train.price);
    t->set_count(train.count);
    if (const auto introduced = PhaseIntroducedBy(data.phases, train.name)) t->set_phase_introduced(*introduced);
    t->set_obsolete_in_phase(train.rusts_in_phase.value_or(0));
    t->set_stops(train.stops);
    t->set_unlimited(train.unlimited);
    if (const auto found = rules.second_train_increase.find(train.name); found != rules.second_train_increase.end()) {
      for (const auto& [other, percent] : found->second) (*t->mutable_second_train_percent())[other] = percent;
    }
  }
  for (size_t i = 0; i < data.phases.size(); ++i) {
    const PhaseDef& phase = data.phases[i];
    auto* p = out->add_phases();
    p->set_number(phase.number);
    p->set_introduced_by(phase.introduced_by);
    for (const std::string& colour : phase.tiles) p->add_tile_colours(ColourProto(colour));
    p->set_train_limit(phase.train_limit);
    p->set_railway_rounds(phase.ors);
    p->set_par_band(phase.par_band);
    p->set_private_sale_max_percent(phase.private_sale_max_percent);
    for (const std::string& colour : phase.city_upgrades) p->add_city_upgrade_colours(ColourProto(colour));
    p->set_town_choice(phase.town_choice);
    p->set_no_temple_for_new_railways(phase.no_temple_for_new_companies);
    if (i < rules.trading_post.size()) p->set_trading_post_value(rules.trading_post[i]);
    if (i < rules.simplified_revenue.size()) p->set_simplified_revenue(rules.simplified_revenue[i]);
  }
}

void AddOwn(const T1947Data& data, const RevenueRules& rules, const nlohmann::json& rules_file,
            mailrun::v1::Components* out) {
  for (const PrivateDef& d : data.privates) {
    auto* p = out->add_privates();
    p->set_number(d.number);
    p->set_name(d.name);
    p->set_revenue(d.revenue);
    p->set_duration(d.duration);
    p->set_power(d.power);
  }
  auto* own = out->mutable_game_1947();
  for (const ExpatriationSiteDef& s : data.sites) {
    auto* site = own->add_sites();
    site->set_name(s.name);
    site->set_hex(s.hex);
    site->set_edge(ParseEdge1947(s.edge).value_or(0));
    site->set_workers(s.workers);
  }
  for (size_t i = 0; i < rules.expatriation_track.size(); ++i) {
    const ExpatriationBox& b = rules.expatriation_track[i];
    auto* box = own->add_charter_track();
    box->set_box(static_cast<int>(i) + 1);
    box->set_cash(b.cash);
    box->set_workers(b.workers);
    box->set_stockbrokers(b.stockbrokers);
    box->set_opportunity(b.opportunity);
  }
  auto* cooch = own->mutable_cooch_behar();
  cooch->set_hex(HexName1947(data.board.cooch_behar.hex));
  cooch->set_revenue(data.board.cooch_behar.revenue);
  cooch->set_revenue_from_t5(data.board.cooch_behar.revenue_from_t5);
  cooch->set_revenue_from_t8(data.board.cooch_behar.revenue_from_t8);
  own->set_minimum_bid(data.minimum_bid);
  own->set_bid_increment(data.bid_increment);
  for (const auto& [players, count] : data.player_counts) {
    auto* pc = own->add_player_counts();
    pc->set_players(players);
    pc->set_starting_cash(count.starting_cash);
    pc->set_certificate_limit(count.certificate_limit);
  }
  if (rules_file.is_object() && rules_file.contains("seasons")) {
    for (const auto& season : rules_file.at("seasons")) own->add_seasons(season.get<std::string>());
  }
  own->set_temple_reduction_percent(rules.temple_reduction_percent);
  own->set_temple_bonus(rules.temple_bonus);
  own->set_map_summary(data.map_summary);
}

}  // namespace

mailrun::v1::Components Components1947(const T1947Data& data, const RevenueRules& rules,
                                       const std::map<std::string, std::string>& files) {
  const nlohmann::json map = FileJson(files, "map.json");
  const nlohmann::json companies = FileJson(files, "companies.json");
  const nlohmann::json market = FileJson(files, "market.json");
  const nlohmann::json rules_file = FileJson(files, "rules.json");
  std::set<std::string> named_by_text;
  if (map.is_object() && map.contains("reconstruction")) {
    for (const auto& name : map.at("reconstruction").value("named_by_the_text", nlohmann::json::array())) {
      named_by_text.insert(name.get<std::string>());
    }
  }
  mailrun::v1::Components out;
  out.set_title(mailrun::v1::TITLE_1947);
  out.set_edition(mailrun::v1::EDITION_UNSPECIFIED);
  out.set_name("1947");
  out.set_board_reconstructed(data.map_reconstructed);
  out.set_layout(mailrun::v1::BOARD_LAYOUT_FLAT_COLUMNS_TURNED);
  AddBoard(data, named_by_text, &out);
  AddRailways(data, companies, &out);
  AddMarket(data, market.is_object() && market.value("reconstructed", false), &out);
  AddTrainsAndPhases(data, rules, &out);
  AddOwn(data, rules, rules_file, &out);
  AddReconstruction("map", data.map_reconstructed ? data.map_summary : "", &out);
  AddReconstruction("tiles", AboutFrom(FileJson(files, "tiles.json"), "RECONSTRUCTED"), &out);
  AddReconstruction("tile_counts", AboutFrom(FileJson(files, "manifest.json"), "The text's Appendix 4"), &out);
  AddReconstruction("market", AboutFrom(market, "RECONSTRUCTED"), &out);
  AddReconstruction("charter_stations", AboutFrom(companies, "stations lists"), &out);
  AddReconstruction("railway_colours", AboutFrom(companies, "colour:"), &out);
  AddReconstruction("expatriation_track", AboutFrom(rules_file, "expatriation_track is"), &out);
  return out;
}

Result<T1947Data> MapDataFromComponents(const mailrun::v1::Components& components) {
  if (components.title() != mailrun::v1::TITLE_1947) {
    return Malformed("1947.refusal.components.not_1947",
                     fmt::format("the components are {}'s, not 1947's", mailrun::v1::Title_Name(components.title()))).With({param::Text("title", mailrun::v1::Title_Name(components.title()))});
  }
  T1947Data data;
  data.map_reconstructed = components.board_reconstructed();
  data.map_summary = components.game_1947().map_summary();
  // The cells in the map's reading order (column letter, then row number), as map.json lists them.
  std::vector<const mailrun::v1::BoardHex*> cells;
  for (const auto& cell : components.hexes()) {
    if (!ParseHex1947(cell.hex())) {
      return Malformed("1947.refusal.components.unknown_hex", fmt::format("'{}' is not a hex of the 1947 map", cell.hex())).With({param::Text("hex", cell.hex())});
    }
    cells.push_back(&cell);
  }
  std::sort(cells.begin(), cells.end(), [](const mailrun::v1::BoardHex* a, const mailrun::v1::BoardHex* b) {
    const HexCoord x = *ParseHex1947(a->hex()), y = *ParseHex1947(b->hex());
    return std::pair(ColumnOf(x), RowOf(x)) < std::pair(ColumnOf(y), RowOf(y));
  });
  const std::string cooch_behar = components.game_1947().cooch_behar().hex();
  std::vector<std::string> city_names;
  std::set<std::string> on_map;
  for (const mailrun::v1::BoardHex* cell : cells) {
    HexDef1947 h;
    h.name = cell->hex();
    const HexCoord coord = *ParseHex1947(h.name);
    h.column = ColumnOf(coord);
    h.row = RowOf(coord);
    h.city = cell->city();
    h.town = cell->town();
    h.label = cell->label();
    h.terrain = cell->terrain().empty() ? "" : TerrainWord(cell->terrain(0));
    h.cost = cell->cost();
    h.monsoon = cell->zone() == mailrun::v1::ZONE_MONSOON;
    h.upgrade_cost = cell->upgrade_cost();
    h.trading_posts = EdgeNames(cell->trading_post_edges());
    h.dead_ends = EdgeNames(cell->dead_end_edges());
    h.grey = h.name == cooch_behar;
    if (cell->has_preprinted() && !h.grey) h.preprinted = cell->preprinted().tile();
    if (!h.city.empty()) city_names.push_back(h.city);
    on_map.insert(h.name);
    data.hexes.push_back(std::move(h));
  }
  // The board: BoardFromComponents reads the cells in the components' order; the map's order is
  // kept for both (T1947Data::MapHex pairs them by index).
  mailrun::v1::Components ordered = components;
  ordered.clear_hexes();
  for (const mailrun::v1::BoardHex* cell : cells) *ordered.add_hexes() = *cell;
  for (auto& cell : *ordered.mutable_hexes()) {
    cell.set_hex(HexName(*ParseHex1947(cell.hex())));
    cell.clear_terrain();  // swamps and deserts are 1947's own: the core's terrain is for its costs
  }
  auto board = BoardFromComponents(ordered, city_names);
  if (!board.ok()) return board.error();
  data.board.data = std::move(*board);
  data.board.cities = city_names;
  for (size_t i = 0; i < cells.size(); ++i) {
    HexDef& hex = data.board.data.hexes[i];
    const std::string& terrain = data.hexes[i].terrain;
    hex.terrain = terrain == "hill" ? Terrain::kHill : terrain == "mountain" ? Terrain::kMountain
                : terrain == "river" ? Terrain::kRiver : Terrain::kNone;
    if (hex.terrain != Terrain::kNone) hex.terrain_features = {hex.terrain};
  }
  data.board.data.Reindex();
  std::map<std::string, int> counts;
  for (const auto& supply : components.tile_supply()) counts[supply.tile()] = supply.count();
  for (const auto& design : components.tiles()) {
    TileRules rules;
    rules.zone = ZoneFrom(design.zone());
    rules.count = counts[design.id()];
    rules.upgrades = {design.upgrades_to().begin(), design.upgrades_to().end()};
    data.board.rules[design.id()] = std::move(rules);
  }
  if (!cooch_behar.empty()) {
    const auto hex = ParseHex1947(cooch_behar);
    if (!hex || !on_map.contains(cooch_behar)) {
      return Malformed("1947.refusal.components.unknown_cooch_behar", fmt::format("Cooch Behar lies on hex '{}', which the map lacks", cooch_behar)).With({param::Text("hex", cooch_behar)});
    }
    const auto& c = components.game_1947().cooch_behar();
    data.board.cooch_behar = CoochBehar{*hex, c.revenue(), c.revenue_from_t5(), c.revenue_from_t8()};
    for (HexDef1947& h : data.hexes) {
      if (!h.grey) continue;
      const HexDef* def = data.board.data.Hex(*hex);
      const TileDef* tile = def && def->preprinted ? data.board.data.Tile(def->preprinted->tile_id) : nullptr;
      if (tile == nullptr) continue;
      for (const TilePath& path : tile->paths) {
        const PathEnd& edge = path.a.kind == PathEnd::Kind::kEdge ? path.a : path.b;
        h.grey_exits.push_back(EdgeName1947(edge.index));
      }
    }
  }
  for (const auto& site : components.game_1947().sites()) {
    if (!on_map.contains(site.hex())) {
      return Malformed("1947.refusal.components.unknown_site_hex", fmt::format("{} is reached from hex '{}', which the map lacks", site.name(), site.hex())).With({param::Text("site", site.name()), param::Text("hex", site.hex())});
    }
    data.sites.push_back(ExpatriationSiteDef{site.name(), site.hex(), EdgeName1947(site.edge()), site.workers()});
  }
  data.expatriation_sites = static_cast<int>(data.sites.size());
  data.map_hexes = static_cast<int>(data.hexes.size());
  for (const auto& card : components.companies()) {
    RailwayDef r;
    r.initials = card.initials();
    r.name = card.name();
    r.home = card.homes().empty() ? "" : card.homes(0).hex();
    r.temple = card.temple();
    for (const std::string& hex : {r.home, r.temple}) {
      if (!on_map.contains(hex)) {
        return Malformed("1947.refusal.components.unknown_railway_hex",
                         fmt::format("the {} has its home or temple on hex '{}', which the map lacks", r.initials, hex)).With({param::Company("company", r.initials), param::Text("hex", hex)});
      }
    }
    r.president_percent = card.president_percent();
    r.shares = card.shares();
    r.bonds = card.bonds();
    r.incremental = card.capitalisation() == "incremental";
    r.pool_draw_group = card.pool_draw_group();
    r.station_costs = {card.station_costs().begin(), card.station_costs().end()};
    data.railways.push_back(std::move(r));
  }
  return data;
}

}  // namespace mailrun::engine::t1947
