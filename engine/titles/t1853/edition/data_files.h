// The readers of the edition's data files, one per file, used by ParseEditionData in this order:
// tiles, board, companies, cities, market, manifest, trains, rules, and rule_numbers where the
// edition has one. Each reads one JSON document
// into EditionData and checks what it can check against what is already read; a problem throws
// BadData naming the file, the entry and the problem. Internal to the 1853 loader.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/data/data_reader.h"
#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine::t1853::data_internal {

// The core's JSON reading toolbox (Json, Where, Fields, BadData, ...).
using namespace mailrun::engine::data_internal;  // NOLINT(google-build-using-namespace)

void ReadTiles(const Json& document, const Where& where, EditionData* data);
void ReadBoard(const Json& document, const Where& where, EditionData* data);

// Companies name their home cities, which cities.json defines; cities name the companies whose
// shares they offer. So companies are read first and their homes resolved after the cities.
struct HomeByCity {
  std::string city;
  int station = 0;
  Where where{""};
};
struct CompanyHomes {
  std::vector<HomeByCity> homes;
  std::optional<HomeByCity> major_home;
};
std::vector<CompanyHomes> ReadCompanies(const Json& document, const Where& where, EditionData* data);
void ReadCities(const Json& document, const Where& where, EditionData* data);
void ResolveHomes(const std::vector<CompanyHomes>& homes, EditionData* data);

void ReadMarket(const Json& document, const Where& where, EditionData* data);
void ReadManifest(const Json& document, const Where& where, EditionData* data);
void ReadTrains(const Json& document, const Where& where, EditionData* data);
void ReadRules(const Json& document, const Where& where, EditionData* data);
// Optional: the edition's own numbers for the rules the engine cites by Retuned's.
void ReadRuleNumbers(const Json& document, const Where& where, EditionData* data);

}  // namespace mailrun::engine::t1853::data_internal
