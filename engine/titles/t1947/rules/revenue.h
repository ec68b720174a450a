// The revenue of a 1947 train run and of a railway's operating turn, as pure functions of the
// stops with their printed values (6.14): every stop counts against the train's number (cities,
// towns and expatriation sites; trading posts do not, 3.1 P7), city values change with the season
// in the monsoon zone (6.13.4), a blocked city passed through costs a worker (6.11.1), new yellow
// city and town tiles add a one-off bonus (6.14.2), from phase 6 only the largest train runs and
// the second adds its card's percentage (6.14.3), and the temple (6.8.1) and laying in the
// season's zone (6.13.3) reduce the result, rounded to the nearest ten (Appendix 3's table).
// The graph (which stops a route may join) is the optimiser's and the run validator's; these
// functions take the stops a run makes, in order.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/edition/edition_data.h"
#include "engine/titles/t1947/rules/revenue_rules.h"

namespace mailrun::engine::t1947 {

enum class StopKind { kCity, kTown, kTradingPost, kExpatriationSite };

struct Stop {
  StopKind kind = StopKind::kCity;
  std::string place;          // the hex (or site, or trading post) visited; a city only once (6.14.1)
  int value = 0;              // printed value: the tile's (Bombay's and Calcutta's named tiles +10, 6.5.4), Cooch Behar's by phase (6.14.4); 0 for a site
  Zone zone = Zone::kDry;     // the hex's climate zone (6.13.2)
  bool own_station = false;   // the company's station is in this city
  bool blocked = false;       // every station space is another company's (6.11.1, 6.14.1)
};

// 6.13.4: a city's value in `season`; towns, sites and trading posts never change.
int StopValue(const RevenueRules& rules, const Stop& stop, Season season);

// 6.14.4: Cooch Behar's printed value in `phase` (1..8): it rises with the first T5 and T8.
int CoochBeharValue(const T1947Data& data, int phase);

// 6.13.3: whether laying or upgrading a tile in `zone` during `season` reduces the turn's revenue.
bool LayingReduces(const RevenueRules& rules, Season season, Zone zone);

// Nearest ten, an equidistant value up (6.8.1: "Rs.75 is rounded up").
int RoundToTen(int times_hundred);  // the value times 100, e.g. 7200 for Rs.72
// `revenue` reduced by `percent`, rounded as 6.8.1 says (Appendix 3's Revenue Reduction Table).
int Reduce(int revenue, int percent);

struct RunRevenue {
  int revenue = 0;
  int stops = 0;    // what counts against the train's number
  int workers = 0;  // blocked cities passed through (6.11.1)
};

// One train's run: the 6.14.1 checks on its stops (number, ends, repeats, an own station, where
// sites and trading posts may be) and the sum of their values (6.14.2). `trading_post_value` is
// the P7 owner's value in this phase (3.1), 0 for every other company.
Result<RunRevenue> TrainRunRevenue(const RevenueRules& rules, const std::string& train, const std::vector<Stop>& stops,
                                   Season season, int trading_post_value);

struct TrainRun {
  std::string train;        // "T4"
  std::vector<Stop> stops;
};

// What a company's turn brings to its revenue besides the runs.
struct OperatingTurn {
  int phase = 1;                         // 1..8
  Season season = Season::kDry;
  bool owns_p7 = false;                  // 3.1
  bool owns_train = false;               // 6.14.2: the new-tile bonus needs a train
  int new_yellow_city_town_tiles = 0;    // laid this turn (6.14.2)
  bool laid_in_season_zone = false;      // 6.13.3
  bool temple_reduction = false;         // not connected to its temple (6.8.1, 6.8.3)
  std::optional<std::string> second_train;  // 6.14.3: the other train, when it has a run
  int workers = 0;                       // the president's workers usable now (6.11)
};

struct CompanyRevenue {
  std::vector<int> train_revenue;        // per run, in the order given
  int runs = 0;                          // their sum (6.14.2), the base revenue of 6.14.3
  int tile_bonus = 0;                    // 6.14.2
  int second_train_percent = 0;          // 6.14.3
  int second_train_increase = 0;         // 6.14.3
  int before_reduction = 0;
  int reduction_percent = 0;             // 6.8.1 + 6.13.3
  int revenue = 0;                       // what is paid out or withheld
  int workers_spent = 0;                 // 6.11.1
};

// The company's revenue for the turn. From phase 6 (6.14.3) only the largest train's run may be
// given and `second_train` adds its percentage; before, every run given counts.
Result<CompanyRevenue> OperatingRevenue(const RevenueRules& rules, const std::vector<TrainRun>& runs, const OperatingTurn& turn);

}  // namespace mailrun::engine::t1947
