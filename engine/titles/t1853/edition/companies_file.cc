// companies.json: TABLE 1 (homes), TABLE 2 (areas), TABLE 7 (tokens, colours), pars and the
// second-lay fee of 4.1.3. Homes are resolved once cities.json is read (ResolveHomes).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <tuple>

#include "engine/titles/t1853/edition/data_files.h"

namespace mailrun::engine::t1853::data_internal {
namespace {

// "#d0312d": '#' and six hexadecimal digits.
bool IsCssColour(const std::string& text) {
  return text.size() == 7 && text[0] == '#' &&
         std::all_of(text.begin() + 1, text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

HomeByCity ReadHome(const Json& value, const Where& where) {
  Fields fields(value, where, {"city", "station"});
  HomeByCity home{fields.String("city"), fields.Int("station", 0), where};
  if (home.station < 0) fields.Fail("station", "must not be negative");
  return home;
}

// "C-J" or "ab-ak"; absent means unbounded (TABLE 2: "M to R" bounds rows only).
void ReadAreaRange(const Fields& fields, std::string_view key, bool rows, std::optional<int>* low,
                   std::optional<int>* high) {
  if (!fields.Has(key)) return;
  std::tie(*low, *high) = ReadRange(fields, key, rows);
}

CompanyKind ReadKind(const Fields& fields) {
  const std::string kind = fields.String("kind");
  if (kind == "major") return CompanyKind::kMajor;
  if (kind == "minor") return CompanyKind::kMinor;
  if (kind == "major_or_minor") return CompanyKind::kMajorOrMinor;
  fields.Fail("kind", fmt::format("{} is not a company kind (major, minor, major_or_minor)", Quoted(kind)));
}

}  // namespace

std::vector<CompanyHomes> ReadCompanies(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"companies"});
  std::vector<CompanyHomes> all_homes;
  for (const Json& value : file.Array("companies")) {
    const Where entry = where.Entry(EntryName("company", value, "initials"));
    Fields fields(value, entry, {"number", "initials", "name", "kind", "homes", "major_home", "area", "par", "tokens",
                                 "colour", "double_lay_fee"});
    CompanyDef company;
    company.number = fields.Int("number");
    if (company.number != static_cast<int>(data->companies.size()) + 1) {
      fields.Fail("number", fmt::format("companies are listed in TABLE 1 order; expected {}", data->companies.size() + 1));
    }
    company.initials = fields.String("initials");
    if (company.initials.empty() || data->Company(company.initials) != nullptr) {
      fields.Fail("initials", "must be present and different from every other company's");
    }
    company.name = fields.String("name");
    company.kind = ReadKind(fields);

    CompanyHomes homes;
    int index = 0;
    for (const Json& home : fields.Array("homes")) {
      homes.homes.push_back(ReadHome(home, entry.Sub(fmt::format("home {}", ++index))));
    }
    if (fields.Has("major_home")) homes.major_home = ReadHome(fields.Value("major_home"), entry.Sub("major_home"));
    const size_t expected_homes = company.kind == CompanyKind::kMajor ? 2 : 1;
    if (homes.homes.size() != expected_homes) {
      fields.Fail("homes", fmt::format("a {} company has {} home base{} (1.4.4, TABLE 1)",
                                       company.kind == CompanyKind::kMajor ? "major" : "minor", expected_homes,
                                       expected_homes == 1 ? "" : "s"));
    }
    if (homes.major_home.has_value() != (company.kind == CompanyKind::kMajorOrMinor)) {
      fields.Fail("major_home", "only the company that may be major or minor has a second home as a major (2.6.2)");
    }

    Fields area(fields.Object("area"), entry.Sub("area"), {"rows", "columns"});
    ReadAreaRange(area, "rows", true, &company.area.row_min, &company.area.row_max);
    ReadAreaRange(area, "columns", false, &company.area.col_min, &company.area.col_max);

    company.par = fields.Int("par");
    company.tokens = fields.Int("tokens");
    if (company.tokens < 1) fields.Fail("tokens", "a company has at least one base token (TABLE 7)");
    company.colour = fields.String("colour");
    if (!IsCssColour(company.colour)) fields.Fail("colour", "must be a CSS colour like \"#d0312d\"");
    company.double_lay_fee = fields.Int("double_lay_fee");
    if (company.double_lay_fee < 0) fields.Fail("double_lay_fee", "must not be negative");
    if (company.kind == CompanyKind::kMinor && company.double_lay_fee != 0) {
      fields.Fail("double_lay_fee", "minor companies lay one tile a turn (4.1.2); the fee is for majors");
    }
    data->companies.push_back(std::move(company));
    all_homes.push_back(std::move(homes));
  }
  if (data->companies.empty()) file.Fail("companies", "no companies");
  return all_homes;
}

void ResolveHomes(const std::vector<CompanyHomes>& homes, EditionData* data) {
  std::set<std::pair<HexCoord, int>> taken;
  for (size_t i = 0; i < homes.size(); ++i) {
    CompanyDef& company = data->companies[i];
    auto resolve = [&](const HomeByCity& home) {
      const auto city = data->CityIndex(home.city);
      if (!city) home.where.Fail(fmt::format("no city {} in cities.json", Quoted(home.city)));
      const HexDef* hex = data->Hex(data->cities[*city].hex);
      int stations = 1;
      if (hex->preprinted) stations = static_cast<int>(data->Tile(hex->preprinted->tile_id)->stations.size());
      if (home.station >= stations) {
        home.where.Fail(fmt::format("{} has {} station{}; there is no station {}", home.city, stations,
                                    stations == 1 ? "" : "s", home.station));
      }
      if (!taken.insert({hex->coord, home.station}).second) {
        home.where.Fail(fmt::format("station {} of {} is already another home base", home.station, home.city));
      }
      if (!company.area.Contains(hex->coord)) {
        home.where.Fail(fmt::format("{} ({}) lies outside the company's TABLE 2 area", home.city, HexName(hex->coord)));
      }
      return HomeBase{hex->coord, home.station};
    };
    for (const HomeByCity& home : homes[i].homes) company.homes.push_back(resolve(home));
    if (homes[i].major_home) company.major_home = resolve(*homes[i].major_home);
  }
}

void ReadCities(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"cities"});
  for (const Json& value : file.Array("cities")) {
    const Where entry = where.Entry(EntryName("city", value, "name"));
    Fields fields(value, entry, {"name", "hex", "bid_value", "large", "ganges_valley", "counts_as_ganges_in_long_bids",
                                 "shares"});
    CityDef city;
    city.name = fields.String("name");
    if (city.name.empty() || data->CityIndex(city.name)) fields.Fail("name", "must be present and unique");
    const std::string hex_name = fields.String("hex");
    const auto coord = ParseHexName(hex_name);
    const HexDef* hex = coord ? data->Hex(*coord) : nullptr;
    if (hex == nullptr) fields.Fail("hex", fmt::format("{} is not a cell of the board", Quoted(hex_name)));
    if (!hex->playable) fields.Fail("hex", fmt::format("{} is not a playable hex (it is {})", hex_name,
                                                       hex->outside == HexDef::Outside::kSea ? "sea" : "margin"));
    if (hex->city) fields.Fail("hex", fmt::format("{} already holds {}", hex_name, data->cities[*hex->city].name));
    if (hex->towns != 0) fields.Fail("hex", fmt::format("{} shows towns; a city hex shows only its city", hex_name));
    city.hex = *coord;
    city.bid_value = fields.Int("bid_value");
    if (city.bid_value <= 0) fields.Fail("bid_value", "must be positive (2.5.2.9)");
    city.large = fields.Bool("large", false);
    if (city.large != hex->preprinted.has_value()) {
      fields.Fail("large", city.large ? fmt::format("a large city is a preprinted green hex, and {} has no preprinted tile", hex_name)
                                      : fmt::format("{} has a preprinted tile, so its city is large", hex_name));
    }
    city.ganges_valley = fields.Bool("ganges_valley", false);
    if (city.ganges_valley && !hex->ganges_area) {
      fields.Fail("ganges_valley", fmt::format("{} is not in the beige Ganges valley area", hex_name));
    }
    city.counts_as_ganges_in_long_bids = fields.Bool("counts_as_ganges_in_long_bids", false);
    for (const std::string& initials : fields.Strings("shares")) {
      const CompanyDef* company = data->Company(initials);
      if (company == nullptr) fields.Fail("shares", fmt::format("no company {} in companies.json", Quoted(initials)));
      if (std::find(city.share_companies.begin(), city.share_companies.end(), company->number) != city.share_companies.end()) {
        fields.Fail("shares", fmt::format("{} is listed twice", initials));
      }
      city.share_companies.push_back(company->number);
    }
    if (city.share_companies.empty()) fields.Fail("shares", "every city offers at least one company's share (2.5.2.5)");
    MutableHex(data, *coord)->city = static_cast<int>(data->cities.size());
    data->cities.push_back(std::move(city));
  }
}

}  // namespace mailrun::engine::t1853::data_internal
