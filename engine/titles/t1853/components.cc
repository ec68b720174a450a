#include "engine/titles/t1853/components.h"

#include <fmt/format.h>

#include "engine/core/board/board_components.h"
#include "engine/core/board/board_from_components.h"
#include "engine/core/structured_text.h"

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

CompanyKind KindFromName(const std::string& kind) {
  if (kind == "minor") return CompanyKind::kMinor;
  if (kind == "major or minor") return CompanyKind::kMajorOrMinor;
  return CompanyKind::kMajor;
}

Result<HomeBase> HomeFrom(const mailrun::v1::HomeStation& home, const EditionData& data, const std::string& company) {
  const auto hex = ParseHexName(home.hex());
  if (!hex || data.Hex(*hex) == nullptr) {
    return Malformed("1853.refusal.components.unknown_home_hex",
                     fmt::format("the {} has a home on hex '{}', which the board lacks", company, home.hex())).With({param::Company("company", company), param::Text("hex", home.hex())});
  }
  return HomeBase{*hex, home.station()};
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
  for (int price : data.SharePrices()) out.add_share_prices(price);
  for (const TrainDef& train : data.trains) {
    auto* t = out.add_trains();
    t->set_name(train.name);
    t->set_gauge(GaugeProto(train.gauge));
    t->set_large_stations(train.large_stations);
    t->set_price(train.price);
    t->set_count(train.count);
    t->set_phase_introduced(train.phase_introduced);
    t->set_obsolete_in_phase(train.rusts_in_phase.value_or(0));
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

Result<EditionData> EditionDataFromComponents(const mailrun::v1::Components& components) {
  if (components.title() != mailrun::v1::TITLE_1853 && components.title() != mailrun::v1::TITLE_UNSPECIFIED) {
    return Malformed("1853.refusal.components.not_1853",
                     fmt::format("the components are {}'s, not 1853's", mailrun::v1::Title_Name(components.title()))).With({param::Text("title", mailrun::v1::Title_Name(components.title()))});
  }
  EditionData data;
  data.edition = components.edition() == mailrun::v1::EDITION_UNSPECIFIED ? mailrun::v1::EDITION_RETUNED
                                                                         : components.edition();
  data.board_reconstructed = components.board_reconstructed();
  // How the edition's text numbers its rules is a fact of its rules text, not a component: taken
  // from the edition's own data, so a picture from served components cites as the game does.
  if (const auto edition = LoadEdition(data.edition); edition.ok()) data.rule_numbers = (*edition)->rule_numbers;
  std::vector<std::string> city_names;
  for (const auto& city : components.cities()) city_names.push_back(city.name());
  auto board = BoardFromComponents(components, city_names);
  if (!board.ok()) return board.error();
  static_cast<BoardData&>(data) = std::move(*board);
  for (const auto& design : components.tiles()) {
    for (const auto& to : design.upgrades_to()) data.promotions[design.id()].push_back(to);
  }
  for (const auto& supply : components.tile_supply()) data.manifest.push_back({supply.tile(), supply.count()});
  for (const auto& card : components.companies()) {
    CompanyDef company;
    company.number = card.number();
    company.initials = card.initials();
    company.name = card.name();
    company.kind = KindFromName(card.kind());
    for (const auto& home : card.homes()) {
      auto base = HomeFrom(home, data, card.initials());
      if (!base.ok()) return base.error();
      company.homes.push_back(*base);
    }
    if (card.has_major_home()) {
      auto base = HomeFrom(card.major_home(), data, card.initials());
      if (!base.ok()) return base.error();
      company.major_home = *base;
    }
    company.colour = card.colour();
    if (company.colour.size() != 7 || company.colour[0] != '#' ||
        company.colour.find_first_not_of("0123456789abcdefABCDEF", 1) != std::string::npos) {
      return Malformed("1853.refusal.components.company_colour",
                       fmt::format("the {}'s colour '{}' is not #rrggbb", card.initials(), card.colour())).With({param::Company("company", card.initials()), param::Text("colour", card.colour())});
    }
    company.par = card.par();
    company.tokens = card.tokens();
    data.companies.push_back(std::move(company));
  }
  for (const auto& city : components.cities()) {
    CityDef def;
    def.name = city.name();
    const auto hex = ParseHexName(city.hex());
    if (!hex || data.Hex(*hex) == nullptr) {
      return Malformed("1853.refusal.components.unknown_city_hex",
                       fmt::format("{} lies on hex '{}', which the board lacks", city.name(), city.hex())).With({param::City("city", city.name()), param::Text("hex", city.hex())});
    }
    def.hex = *hex;
    def.bid_value = city.bid_value();
    def.large = city.large();
    def.ganges_valley = city.ganges_valley();
    for (const auto& initials : city.share_companies()) {
      const CompanyDef* company = data.Company(initials);
      if (company == nullptr) {
        return Malformed("1853.refusal.components.unknown_share_company",
                         fmt::format("{} offers a share of '{}', which is not among the companies", city.name(), initials)).With({param::City("city", city.name()), param::Text("company", initials)});
      }
      def.share_companies.push_back(company->number);
    }
    data.cities.push_back(std::move(def));
  }
  data.market.rows = {{components.share_prices().begin(), components.share_prices().end()}};
  for (const auto& card : components.trains()) {
    TrainDef train;
    train.name = card.name();
    train.gauge = GaugeFromProto(card.gauge());
    train.large_stations = card.large_stations();
    train.price = card.price();
    train.count = card.count();
    train.phase_introduced = card.phase_introduced();
    if (card.obsolete_in_phase() > 0) train.rusts_in_phase = card.obsolete_in_phase();
    data.trains.push_back(std::move(train));
  }
  for (const auto& card : components.phases()) {
    PhaseDef phase;
    phase.number = card.number();
    phase.introduced_by = card.introduced_by();
    for (const int colour : card.tile_colours()) {
      phase.tile_colours.push_back(TileColourFromProto(static_cast<mailrun::v1::TileColour>(colour)));
    }
    phase.train_limit = card.train_limit();
    phase.railway_rounds = card.railway_rounds();
    data.phases.push_back(std::move(phase));
  }
  for (const auto& cost : components.terrain_costs()) {
    data.terrain_costs[TerrainFromProto(cost.terrain())] = {cost.broad(), cost.metre()};
  }
  return data;
}

}  // namespace mailrun::engine::t1853
