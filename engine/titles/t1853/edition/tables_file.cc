// market.json (the stock market track), trains.json (TABLE 5, TABLE 6) and rules.json (TABLE 3,
// 2.4.1, bank sizes, TABLE 4 and single numbers of the rules).
#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/edition/data_files.h"

namespace mailrun::engine::t1853::data_internal {
void ReadMarket(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"share_prices"});
  std::vector<int> prices;
  for (const Json& price : file.Array("share_prices")) {
    if (!price.is_number_integer() || price.get<int>() <= 0) {
      file.Fail("share_prices", fmt::format("{} is not a positive whole number", price.dump()));
    }
    if (!prices.empty() && price.get<int>() <= prices.back()) {
      file.Fail("share_prices", fmt::format("prices rise along the track; {} follows {}", price.get<int>(),
                                            prices.back()));
    }
    prices.push_back(price.get<int>());
  }
  if (prices.empty()) file.Fail("share_prices", "the track is empty");
  data->market.rows = {prices};  // one row, lowest first
  for (const CompanyDef& company : data->companies) {
    if (!data->market.Find(company.par)) {
      where.Fail(fmt::format("the par price {} of {} is not a space of the track", company.par, company.initials));
    }
  }
}

void ReadTrains(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"first_phase", "trains", "phases"});
  // The phases are numbered as the edition numbers them: Retuned from 1, the 2009 edition from 2
  // (its contract bids are phase 1, 4.10.2). Inside the engine they are 1, 2, ... in order.
  const int first = file.Int("first_phase", 1);
  if (first < 1) file.Fail("first_phase", "must be positive");
  data->first_phase_number = first;
  for (const Json& value : file.Array("phases")) {
    const Where entry = where.Entry(EntryName("phase", value, "number"));  // as the file numbers it
    Fields fields(value, entry, {"number", "introduced_by", "tiles", "train_limit", "railway_rounds"});
    PhaseDef phase;
    phase.number = fields.Int("number") - first + 1;
    if (phase.number != static_cast<int>(data->phases.size()) + 1) {
      fields.Fail("number", fmt::format("phases are numbered {}, {}, ... in order", first, first + 1));
    }
    phase.introduced_by = fields.String("introduced_by");
    if ((phase.number == 1) != phase.introduced_by.empty()) {
      fields.Fail("introduced_by", "the first phase starts the game; every later phase is started by a train (4.10.1)");
    }
    for (const std::string& name : fields.Strings("tiles")) {
      const auto colour = ParseColour(name);
      if (!colour) fields.Fail("tiles", fmt::format("{} is not a tile colour", Quoted(name)));
      phase.tile_colours.push_back(*colour);
    }
    phase.train_limit = fields.Int("train_limit");
    phase.railway_rounds = fields.Int("railway_rounds");
    if (phase.train_limit < 1) fields.Fail("train_limit", "must be positive");
    if (phase.railway_rounds < 1) fields.Fail("railway_rounds", "must be positive");
    data->phases.push_back(std::move(phase));
  }
  const int last_phase = static_cast<int>(data->phases.size());
  for (const Json& value : file.Array("trains")) {
    const Where entry = where.Entry(EntryName("train", value, "name"));
    Fields fields(value, entry, {"name", "gauge", "large_stations", "price", "count", "count_if_minor_formed", "phase",
                                 "obsolete_in_phase", "starts_phase", "other_face_of"});
    TrainDef train;
    train.name = fields.String("name");
    for (const TrainDef& other : data->trains) {
      if (other.name == train.name) fields.Fail("name", "defined twice");
    }
    const auto gauge = ParseGauge(fields.String("gauge"));
    if (!gauge || *gauge == Gauge::kDual) fields.Fail("gauge", "a train is broad or metre gauge (4.8.11)");
    train.gauge = *gauge;
    train.large_stations = fields.Int("large_stations");
    train.price = fields.Int("price");
    train.count = fields.Int("count");
    train.count_if_minor_formed = fields.Int("count_if_minor_formed");
    train.phase_introduced = fields.Int("phase") - first + 1;
    train.rusts_in_phase = fields.OptionalInt("obsolete_in_phase");
    if (train.rusts_in_phase) *train.rusts_in_phase -= first - 1;
    train.starts_phase = fields.Bool("starts_phase", false);
    train.other_face_of = fields.String("other_face_of", "");
    if (train.large_stations < 1) fields.Fail("large_stations", "must be positive");
    if (train.price <= 0) fields.Fail("price", "must be positive");
    if (train.count < 0 || train.count_if_minor_formed < train.count) {
      fields.Fail("count_if_minor_formed", "counts are not negative, and forming a minor never removes trains (2.8.4)");
    }
    if (train.phase_introduced < 1 || train.phase_introduced > last_phase) fields.Fail("phase", "no such phase in \"phases\"");
    if (train.rusts_in_phase &&
        (*train.rusts_in_phase <= train.phase_introduced || *train.rusts_in_phase > last_phase)) {
      fields.Fail("obsolete_in_phase", "must be a later phase in \"phases\"");
    }
    if (!train.other_face_of.empty()) {
      const auto other = std::find_if(data->trains.begin(), data->trains.end(),
                                      [&](const TrainDef& t) { return t.name == train.other_face_of; });
      if (other == data->trains.end()) fields.Fail("other_face_of", fmt::format("no earlier train {}", Quoted(train.other_face_of)));
      if (other->count_if_minor_formed != train.count_if_minor_formed) {
        fields.Fail("other_face_of", "the two faces of one card come in the same number");
      }
    }
    data->trains.push_back(std::move(train));
  }
  for (const PhaseDef& phase : data->phases) {
    if (phase.number == 1) continue;
    const auto starter = std::find_if(data->trains.begin(), data->trains.end(),
                                      [&](const TrainDef& t) { return t.name == phase.introduced_by; });
    if (starter == data->trains.end() || !starter->starts_phase || starter->phase_introduced != phase.number) {
      where.Entry(fmt::format("phase {}", phase.number + first - 1))
          .Fail(fmt::format("field \"introduced_by\": train {} must exist, start a phase and be introduced in phase {}",
                            Quoted(phase.introduced_by), phase.number + first - 1));
    }
  }
}

void ReadRules(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"player_counts", "simplified_game", "bank_sizes", "terrain_costs", "minimum_bond",
                                "bbci_major_ajmer_cost", "calcutta_first_promotion_cost"});
  for (const Json& value : file.Array("player_counts")) {
    const Where entry = where.Entry(EntryName("player_counts", value, "players"));
    Fields fields(value, entry, {"players", "starting_capital", "share_limit", "certificate_limit", "qualifying_shares",
                                 "bid_cities"});
    PlayerCountRules rules;
    rules.players = fields.Int("players");
    if (rules.players != static_cast<int>(data->player_counts.size()) + 3) {
      fields.Fail("players", "TABLE 3 covers 3, 4, 5 and 6 players, in that order");
    }
    rules.starting_capital = fields.Int("starting_capital");
    rules.share_limit = fields.Int("share_limit");
    rules.certificate_limit = fields.Int("certificate_limit");
    rules.qualifying_shares = fields.Int("qualifying_shares");
    const Json& bid = fields.Array("bid_cities");
    if (bid.size() != 2 || !bid[0].is_number_integer() || !bid[1].is_number_integer() || bid[0].get<int>() < 1 ||
        bid[0].get<int>() > bid[1].get<int>()) {
      fields.Fail("bid_cities", "expected [fewest, most] cities of a bid (2.5.2.6)");
    }
    rules.min_bid_cities = bid[0].get<int>();
    rules.max_bid_cities = bid[1].get<int>();
    data->player_counts.push_back(rules);
  }
  if (data->player_counts.size() != 4) file.Fail("player_counts", "TABLE 3 has 3, 4, 5 and 6 players");

  // 2.4.1: Retuned's simplified game; an edition without it leaves it out.
  if (file.Has("simplified_game")) {
    Fields simplified(file.Object("simplified_game"), where.Entry("simplified_game"),
                      {"starting_capital", "share_limit", "qualifying_shares", "bank_sizes", "bank_per_player"});
    data->simplified_game.starting_capital = simplified.Int("starting_capital");
    data->simplified_game.share_limit = simplified.Int("share_limit");
    data->simplified_game.qualifying_shares = simplified.Int("qualifying_shares");
    data->simplified_starting_capital = data->simplified_game.starting_capital;
    // 2.4.1: the money left once the £500 notes and the £100 notes not dealt to players are removed.
    Fields simplified_banks(simplified.Object("bank_sizes"), where.Entry("simplified_game: bank_sizes"),
                            {"full", "standard", "short", "longer"});
    data->simplified_bank_sizes[mailrun::v1::BANK_FULL] = simplified_banks.Int("full");
    data->simplified_bank_sizes[mailrun::v1::BANK_STANDARD] = simplified_banks.Int("standard");
    data->simplified_bank_sizes[mailrun::v1::BANK_SHORT] = simplified_banks.Int("short");
    data->simplified_bank_sizes[mailrun::v1::BANK_LONGER] = simplified_banks.Int("longer");
    data->simplified_bank_per_player = simplified.Int("bank_per_player");
  }
  // Every edition has the full bank; the other sizes are those its rules offer (2.4).
  Fields banks(file.Object("bank_sizes"), where.Entry("bank_sizes"), {"full", "standard", "short", "longer"});
  for (const auto& [key, size] : {std::pair{"full", mailrun::v1::BANK_FULL}, std::pair{"standard", mailrun::v1::BANK_STANDARD},
                                  std::pair{"short", mailrun::v1::BANK_SHORT}, std::pair{"longer", mailrun::v1::BANK_LONGER}}) {
    if (size != mailrun::v1::BANK_FULL && !banks.Has(key)) continue;
    data->bank_sizes[size] = banks.Int(key);
    if (data->bank_sizes[size] <= 0) banks.Fail(key, "a bank holds a positive amount");
  }

  Fields costs(file.Object("terrain_costs"), where.Entry("terrain_costs"),
               {"river", "multiple_river", "hill", "mountain", "himalaya"});
  for (const char* name : {"river", "multiple_river", "hill", "mountain", "himalaya"}) {
    Fields cost(costs.Object(name), where.Entry(fmt::format("terrain_costs: {}", name)), {"broad", "metre"});
    data->terrain_costs[*ParseTerrain(name)] = TerrainCost{cost.Int("broad"), cost.Int("metre")};
  }
  data->terrain_costs[Terrain::kNone] = TerrainCost{0, 0};

  // 2.5.2: one minimum bond, or one per player count ({"3": 60, ...}, the 2009 edition).
  if (file.Value("minimum_bond").is_object()) {
    Fields bonds(file.Object("minimum_bond"), where.Entry("minimum_bond"), {"3", "4", "5", "6"});
    for (int players = 3; players <= 6; ++players) {
      data->minimum_bond_by_players[players] = bonds.Int(std::to_string(players));
    }
    data->minimum_bond = data->minimum_bond_by_players[3];
  } else {
    data->minimum_bond = file.Int("minimum_bond");
  }
  data->bbci_major_ajmer_cost = file.Int("bbci_major_ajmer_cost");
  data->calcutta_first_promotion_cost = file.Int("calcutta_first_promotion_cost");
}

}  // namespace mailrun::engine::t1853::data_internal
