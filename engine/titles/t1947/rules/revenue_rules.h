// The figures 1947's revenue rules use, read from data/rules.json and data/trains.json: the
// seasons and how they change city values and reduce revenue (6.13), the temple's reduction and
// bonus (6.8), the new-tile bonus (6.14.2), the charter's expatriation track (6.10), each train's
// stops (6.14.1) and second-train increases (6.14.3), and per phase the P7's trading post value
// (3.1) and whether the simplified calculation is in force (6.14.3). ReadRevenueRules refuses bad
// data with an Error of kind kBadData naming the file and the field.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/edition/board_data.h"  // Zone (6.13.2)

namespace mailrun::engine::t1947 {

enum class Season { kDry = 0, kMonsoon = 1, kIntermediate = 2, kFertile = 3 };  // 6.13.1, in order

// One box of the expatriation track on a company's charter (6.10, 6.12).
struct ExpatriationBox {
  int cash = 0;
  int workers = 0;
  int stockbrokers = 0;
  int opportunity = 0;  // a stock market opportunity, the alternative to the stockbrokers (6.12.2)
};

struct RevenueRules {
  std::array<std::array<int, 3>, 4> city_change{};           // [season][zone]: 6.13.4
  std::array<std::optional<Zone>, 4> laying_reduction_zone;  // [season]: 6.13.3
  int laying_reduction_percent = 0;                           // 6.13.3
  int temple_reduction_percent = 0;                           // 6.8.1
  int temple_bonus = 0;                                       // 6.8.2
  int new_tile_bonus = 0;                                     // 6.14.2
  std::vector<ExpatriationBox> expatriation_track;            // box 1 first
  int stockbroker_value = 0;                                  // 6.12.1: Rs.50 off a token's advance
  int up_cost_percent = 0;                                    // 6.10: of the new space's value
  int right_cost_percent = 0;                                 // 6.10: "+50%"
  std::map<std::string, int> train_stops;                     // "T4" -> 4
  std::map<std::string, std::map<std::string, int>> second_train_increase;  // largest -> other -> percent
  std::vector<int> trading_post;                              // per phase (index 0 = phase 1)
  std::vector<bool> simplified_revenue;                       // per phase

  int Stops(const std::string& train) const;                  // 0 when unknown
};

// The files by name, as T1947DataFiles() gives them.
Result<RevenueRules> ReadRevenueRules(const std::map<std::string, std::string>& files);

// Parsed once from the embedded files.
Result<const RevenueRules*> RevenueRules1947();

}  // namespace mailrun::engine::t1947
