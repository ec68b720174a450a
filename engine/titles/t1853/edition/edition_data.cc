// Loading an edition's data: the embedded JSON files are read in dependency order and every
// problem becomes an Error of kind kBadData naming the file, the entry and the problem.
#include "engine/titles/t1853/edition/edition_data.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/edition/data_files.h"
#include "engine/titles/t1853/edition/embedded_files.h"

namespace mailrun::engine::t1853 {
namespace {

using data_internal::BadData;
using data_internal::Json;
using data_internal::Where;

// The folder of engine/titles/t1853/data/ that holds an edition's files.
std::optional<std::string> EditionFolder(mailrun::v1::Edition edition) {
  if (edition == mailrun::v1::EDITION_RETUNED) return "retuned";
  if (edition == mailrun::v1::EDITION_LOOKOUT_2009) return "lookout2009";
  return std::nullopt;
}

}  // namespace

bool Area::Contains(HexCoord hex) const {
  return (!row_min || hex.row >= *row_min) && (!row_max || hex.row <= *row_max) && (!col_min || hex.col >= *col_min) &&
         (!col_max || hex.col <= *col_max);
}

const CompanyDef* EditionData::Company(std::string_view initials) const {
  for (const CompanyDef& company : companies) {
    if (company.initials == initials) return &company;
  }
  return nullptr;
}

const CompanyDef* EditionData::CompanyByNumber(int number) const {
  if (number < 1 || number > static_cast<int>(companies.size())) return nullptr;
  return &companies[number - 1];
}

std::optional<int> EditionData::CityIndex(std::string_view name) const {
  for (size_t i = 0; i < cities.size(); ++i) {
    if (cities[i].name == name) return static_cast<int>(i);
  }
  return std::nullopt;
}

int EditionData::MinimumBond(int players) const {
  const auto found = minimum_bond_by_players.find(players);
  return found == minimum_bond_by_players.end() ? minimum_bond : found->second;
}

std::string_view EditionData::CitedRule(std::string_view retuned) const {
  const auto found = rule_numbers.find(retuned);
  return found == rule_numbers.end() ? retuned : std::string_view(found->second);
}

int EditionData::ConstructionCost(const HexDef& hex, Gauge gauge) const {
  int cost = 0;
  for (Terrain terrain : hex.terrain_features) {
    const auto found = terrain_costs.find(terrain);
    if (found == terrain_costs.end()) continue;
    cost += gauge == Gauge::kMetre ? found->second.metre : found->second.broad;
  }
  return cost;
}

Result<EditionData> ParseEditionData(mailrun::v1::Edition edition, const std::map<std::string, std::string>& files) {
  if (edition == mailrun::v1::EDITION_UNSPECIFIED) edition = mailrun::v1::EDITION_RETUNED;  // the default
  const auto folder = EditionFolder(edition);
  if (!folder) {
    return DataFault(fmt::format("no board data for edition {} (docs/board-data.md)", mailrun::v1::Edition_Name(edition)));
  }
  EditionData result;
  result.edition = edition;
  try {
    auto read = [&](std::string_view base, auto reader) {
      const std::string name = *folder + "/" + std::string(base);
      const auto found = files.find(name);
      if (found == files.end()) Where(name).Fail("missing");
      const Json document = data_internal::ParseFile(name, found->second);
      return reader(document, Where(name), &result);
    };
    read("tiles.json", data_internal::ReadTiles);
    read("board.json", data_internal::ReadBoard);
    const auto homes = read("companies.json", data_internal::ReadCompanies);
    read("cities.json", data_internal::ReadCities);
    data_internal::ResolveHomes(homes, &result);
    read("market.json", data_internal::ReadMarket);
    read("manifest.json", data_internal::ReadManifest);
    read("trains.json", data_internal::ReadTrains);
    read("rules.json", data_internal::ReadRules);
    // Only an edition whose text numbers its rules differently from Retuned's has this file.
    if (files.contains(*folder + "/rule_numbers.json")) read("rule_numbers.json", data_internal::ReadRuleNumbers);
  } catch (const BadData& bad) {
    return DataFault(bad.message);
  }
  return result;
}

Result<const EditionData*> LoadEdition(mailrun::v1::Edition edition) {
  if (edition == mailrun::v1::EDITION_UNSPECIFIED) edition = mailrun::v1::EDITION_RETUNED;
  auto parse = [](mailrun::v1::Edition which) {
    std::map<std::string, std::string> files;
    for (auto& [name, contents] : data::EmbeddedDataFiles()) files.emplace(name, contents);
    return ParseEditionData(which, files);
  };
  // Parsed once per edition, on its own first use: a static is initialised when control first
  // passes its declaration, so each sits in its edition's branch (a process that plays only Retuned
  // never parses the 2009 files). C++ guarantees thread-safe initialisation of statics.
  const Result<EditionData>* loaded = nullptr;
  if (edition == mailrun::v1::EDITION_RETUNED) {
    static const Result<EditionData> retuned = parse(mailrun::v1::EDITION_RETUNED);
    loaded = &retuned;
  } else if (edition == mailrun::v1::EDITION_LOOKOUT_2009) {
    static const Result<EditionData> lookout2009 = parse(mailrun::v1::EDITION_LOOKOUT_2009);
    loaded = &lookout2009;
  }
  if (loaded == nullptr) {
    return DataFault(fmt::format("no board data for edition {} (docs/board-data.md)", mailrun::v1::Edition_Name(edition)));
  }
  if (!loaded->ok()) return loaded->error();
  return &loaded->value();
}

}  // namespace mailrun::engine::t1853
