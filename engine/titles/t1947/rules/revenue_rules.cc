// Reading 1947's revenue figures (see rules/revenue_rules.h).
#include "engine/titles/t1947/rules/revenue_rules.h"

#include "engine/core/data/data_reader.h"
#include "engine/titles/t1947/edition/embedded_files.h"

namespace mailrun::engine::t1947 {
namespace {

using data_internal::BadData;
using data_internal::Json;
using data_internal::Where;

const std::array<std::string, 4> kSeasons = {"dry", "monsoon", "intermediate", "fertile"};

const Json& Member(const Json& object, const std::string& key, const Where& where) {
  if (!object.is_object() || !object.contains(key)) where.Fail("field \"" + key + "\" is missing");
  return object.at(key);
}

int WholeNumber(const Json& value, const Where& where, const std::string& what) {
  if (!value.is_number_integer()) where.Fail(what + " must be a whole number");
  return value.get<int>();
}

int SeasonIndex(const std::string& name, const Where& where) {
  for (size_t i = 0; i < kSeasons.size(); ++i) {
    if (kSeasons[i] == name) return static_cast<int>(i);
  }
  where.Fail("no season \"" + name + "\" (dry, monsoon, intermediate, fertile: 6.13.1)");
}

Zone ZoneNamed(const std::string& name, const Where& where) {
  if (name == "dry") return Zone::kDry;
  if (name == "monsoon") return Zone::kMonsoon;
  where.Fail("no climate zone \"" + name + "\" (dry, monsoon: 6.13.2)");
}

void ReadRulesFile(const Json& file, RevenueRules* rules) {
  Where where("t1947/rules.json");
  const Json& seasons = Member(file, "seasons", where);
  if (seasons != Json(kSeasons)) where.Entry("seasons").Fail("must be dry, monsoon, intermediate, fertile in that order (6.13.1)");
  Where effects_where = where.Entry("season_effects");
  const Json& effects = Member(file, "season_effects", where);
  rules->laying_reduction_percent = WholeNumber(Member(effects, "laying_reduction_percent", effects_where), effects_where, "laying_reduction_percent");
  for (auto& [season, zone] : Member(effects, "reduction_season_zone", effects_where).items()) {
    rules->laying_reduction_zone[SeasonIndex(season, effects_where)] = ZoneNamed(zone.get<std::string>(), effects_where);
  }
  for (auto& [season, zones] : Member(effects, "city_revenue_change", effects_where).items()) {
    int s = SeasonIndex(season, effects_where);
    for (auto& [zone, change] : zones.items()) {
      rules->city_change[s][static_cast<int>(ZoneNamed(zone, effects_where))] = WholeNumber(change, effects_where, "a city revenue change");
    }
  }
  Where temple_where = where.Entry("temple");
  const Json& temple = Member(file, "temple", where);
  rules->temple_reduction_percent = WholeNumber(Member(temple, "reduction_percent", temple_where), temple_where, "reduction_percent");
  rules->temple_bonus = WholeNumber(Member(temple, "bonus", temple_where), temple_where, "bonus");
  rules->new_tile_bonus = WholeNumber(Member(file, "new_city_tile_bonus", where), where, "new_city_tile_bonus");
  for (const Json& box : Member(file, "expatriation_track", where)) {
    Where w = where.Entry("expatriation_track box " + std::to_string(rules->expatriation_track.size() + 1));
    if (WholeNumber(Member(box, "box", w), w, "box") != static_cast<int>(rules->expatriation_track.size()) + 1) w.Fail("boxes must be numbered 1, 2, ... in order");
    ExpatriationBox b;
    b.cash = box.value("cash", 0);
    b.workers = box.value("workers", 0);
    b.stockbrokers = box.value("stockbrokers", 0);
    b.opportunity = box.value("or_opportunity", 0);
    rules->expatriation_track.push_back(b);
  }
  if (rules->expatriation_track.empty()) where.Fail("the expatriation track has no boxes (6.10)");
  Where advance_where = where.Entry("expatriation");
  const Json& advance = Member(file, "expatriation", where);
  rules->stockbroker_value = WholeNumber(Member(advance, "stockbroker_value", advance_where), advance_where, "stockbroker_value");
  rules->up_cost_percent = WholeNumber(Member(advance, "up_cost_percent", advance_where), advance_where, "up_cost_percent");
  rules->right_cost_percent = WholeNumber(Member(advance, "right_cost_percent", advance_where), advance_where, "right_cost_percent");
}

void ReadTrainsFile(const Json& file, RevenueRules* rules) {
  Where where("t1947/trains.json");
  for (const Json& t : Member(file, "trains", where)) {
    std::string name = Member(t, "name", where).get<std::string>();
    Where w = where.Entry("train \"" + name + "\"");
    int stops = WholeNumber(Member(t, "stops", w), w, "stops");
    if (stops < 2) w.Fail("a train makes at least 2 stops (6.14.1)");
    rules->train_stops[name] = stops;
    if (t.contains("second_train_increase")) {
      for (auto& [other, percent] : t.at("second_train_increase").items()) {
        rules->second_train_increase[name][other] = WholeNumber(percent, w, "a second-train increase");
      }
    }
  }
  for (const auto& [largest, others] : rules->second_train_increase) {
    for (const auto& [other, percent] : others) {
      if (!rules->train_stops.count(other)) where.Entry("train \"" + largest + "\"").Fail("second_train_increase names no train \"" + other + "\"");
    }
  }
  for (const Json& p : Member(file, "phases", where)) {
    Where w = where.Entry("phase " + std::to_string(rules->trading_post.size() + 1));
    rules->trading_post.push_back(WholeNumber(Member(p, "trading_post", w), w, "trading_post"));
    rules->simplified_revenue.push_back(p.value("simplified_revenue", false));
  }
}

}  // namespace

int RevenueRules::Stops(const std::string& train) const {
  auto it = train_stops.find(train);
  return it == train_stops.end() ? 0 : it->second;
}

Result<RevenueRules> ReadRevenueRules(const std::map<std::string, std::string>& files) {
  try {
    RevenueRules rules;
    for (const char* name : {"rules.json", "trains.json"}) {
      if (!files.count(name)) return DataFault(std::string("t1947/") + name + ": the file is missing");
    }
    ReadRulesFile(data_internal::ParseFile("t1947/rules.json", files.at("rules.json")), &rules);
    ReadTrainsFile(data_internal::ParseFile("t1947/trains.json", files.at("trains.json")), &rules);
    return rules;
  } catch (const BadData& bad) {
    return DataFault(bad.message);
  } catch (const nlohmann::json::exception& e) {
    return DataFault(std::string("t1947 revenue figures: ") + e.what());
  }
}

Result<const RevenueRules*> RevenueRules1947() {
  static const Result<RevenueRules> parsed = ReadRevenueRules(T1947DataFiles());
  if (!parsed.ok()) return parsed.error();
  return &*parsed;
}

}  // namespace mailrun::engine::t1947
