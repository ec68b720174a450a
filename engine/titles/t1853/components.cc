#include "engine/titles/t1853/components.h"

#include "engine/core/board/board_components.h"

namespace mailrun::engine::t1853 {
namespace {

const char* KindName(CompanyKind kind) {
  switch (kind) {
    case CompanyKind::kMajor: return "major";
    case CompanyKind::kMinor: return "minor";
    case CompanyKind::kMajorOrMinor: return "major or minor";
  }
  return "";
}

void SetHome(const HomeBase& home, mailrun::v1::HomeStation* out) {
  out->set_hex(HexName(home.hex));
  out->set_station(home.station);
}

}  // namespace

mailrun::v1::Components EditionComponents(const EditionData& data, const std::string& name) {
  mailrun::v1::Components out;
  out.set_title(mailrun::v1::TITLE_1853);
  out.set_edition(data.edition);
  out.set_name(name);
  out.set_board_reconstructed(data.board_reconstructed);
  AddBoardComponents(data, [&data](int city) { return data.cities[static_cast<size_t>(city)].name; }, &out);
  // TABLE 4 on every hex, TABLE 8 on every design.
  for (auto& cell : *out.mutable_hexes()) {
    const HexDef* hex = data.Hex({cell.row(), cell.col()});
    if (hex == nullptr || !hex->playable) continue;
    cell.set_cost_broad(data.ConstructionCost(*hex, Gauge::kBroad));
    cell.set_cost_metre(data.ConstructionCost(*hex, Gauge::kMetre));
  }
  for (auto& design : *out.mutable_tiles()) {
    const auto found = data.promotions.find(design.id());
    if (found == data.promotions.end()) continue;
    for (const auto& to : found->second) design.add_upgrades_to(to);
  }
  for (const TileSupply& supply : data.manifest) {
    auto* count = out.add_tile_supply();
    count->set_tile(supply.tile_id);
    count->set_count(supply.count);
  }
  for (const CityDef& city : data.cities) {
    auto* c = out.add_cities();
    c->set_name(city.name);
    c->set_hex(HexName(city.hex));
    c->set_bid_value(city.bid_value);
    c->set_large(city.large);
    c->set_ganges_valley(city.ganges_valley);
    for (int number : city.share_companies) {
      if (const CompanyDef* company = data.CompanyByNumber(number)) c->add_share_companies(company->initials);
    }
  }
  for (const CompanyDef& company : data.companies) {
    auto* c = out.add_companies();
    c->set_number(company.number);
    c->set_initials(company.initials);
    c->set_name(company.name);
    c->set_kind(KindName(company.kind));
    for (const HomeBase& home : company.homes) SetHome(home, c->add_homes());
    if (company.major_home) SetHome(*company.major_home, c->mutable_major_home());
    c->set_colour(company.colour);
    c->set_par(company.par);
    c->set_tokens(company.tokens);
  }
  for (int price : data.share_prices) out.add_share_prices(price);
  for (const TrainDef& train : data.trains) {
    auto* t = out.add_trains();
    t->set_name(train.name);
    t->set_gauge(GaugeProto(train.gauge));
    t->set_large_stations(train.large_stations);
    t->set_price(train.price);
    t->set_count(train.count);
    t->set_phase_introduced(train.phase_introduced);
    t->set_obsolete_in_phase(train.obsolete_in_phase.value_or(0));
  }
  for (const PhaseDef& phase : data.phases) {
    auto* p = out.add_phases();
    p->set_number(phase.number);
    p->set_introduced_by(phase.introduced_by);
    for (TileColour colour : phase.tile_colours) p->add_tile_colours(TileColourProto(colour));
    p->set_train_limit(phase.train_limit);
    p->set_railway_rounds(phase.railway_rounds);
  }
  for (const auto& [terrain, cost] : data.terrain_costs) {
    if (terrain == Terrain::kNone) continue;  // open ground costs nothing (TABLE 4 lists the terrains)
    auto* t = out.add_terrain_costs();
    t->set_terrain(TerrainProto(terrain));
    t->set_broad(cost.broad);
    t->set_metre(cost.metre);
  }
  return out;
}

}  // namespace mailrun::engine::t1853
