// The money and helpers a 1947 railway earns besides its revenue: the expatriation bonus of the
// charter's track when it reaches a site (6.10), with the site's workers for the first to reach it
// and the P5's extra (3.1), and the temple connection bonus with its free expatriation bonus
// (6.8.2). None of it counts as revenue; the operating round applies it to the treasury, the
// president's workers and the charter.
#pragma once

#include "engine/core/result.h"
#include "engine/titles/t1947/rules/revenue_rules.h"

namespace mailrun::engine::t1947 {

struct ExpatriationReward {
  ExpatriationBox box;        // the charter's box: cash to the treasury, workers, stockbrokers or an opportunity
  int site_workers = 0;       // the site's workers, to the president of the first company to reach it (6.10)
  int economic_incentives = 0;  // the P5's extra to the treasury (3.1)
  bool may_move_token = true;   // 6.10: a paid stock market advance after the dividend
};

// The company reaches its `nth` site (1 = its first). `first_to_reach`: the site still shows its
// `site_workers` workers. `owns_p5`: the company owns Economic Incentives.
Result<ExpatriationReward> ReachSite(const RevenueRules& rules, int nth, bool first_to_reach, int site_workers, bool owns_p5);

struct TempleReward {
  int cash = 0;                         // 6.8.2: to the treasury
  ExpatriationReward expatriation;      // the free bonus: no site workers, no P5, no token move
};

// 6.8.2: the company connects to its temple having reached `sites_reached` sites; the president
// takes the free expatriation bonus (of the next box) unless `refuse_expatriation`.
Result<TempleReward> ConnectTemple(const RevenueRules& rules, int sites_reached, bool refuse_expatriation);

}  // namespace mailrun::engine::t1947
