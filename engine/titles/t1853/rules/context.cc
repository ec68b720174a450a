#include "engine/titles/t1853/rules/context.h"

#include <fmt/format.h>

#include "engine/titles/t1853/route_graph_builder.h"
#include "engine/titles/t1853/rule_citations.h"
#include "engine/titles/t1853/track_cache.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

// Every log line cites the edition's own rule numbers (rule_citations.h): its rule parameters and
// any rule number its template names.
void Context::Say(std::string key, std::string_view english, std::vector<TextParam> params) const {
  if (!out) return;
  if (data.rule_numbers.empty()) {
    out->Add(engine::Say(std::move(key), english, std::move(params), English()));
    return;
  }
  CiteParams(data, params);
  out->Add(engine::Say(std::move(key), CiteInText(data, std::string(english)), std::move(params), English()));
}

std::shared_ptr<const TrackNetwork> Context::Network() const {
  if (track) return track->Network(data, state.board);
  return std::make_shared<const TrackNetwork>(data, state.board);
}

std::shared_ptr<const CompanyReach> Context::Reach(int company) const {
  if (track) return track->Reach(data, state, company);
  return std::make_shared<const CompanyReach>(Network()->Reach(TrackPositionOf(state), company));
}

Context::NetworkAndReach Context::NetworkAndReachOf(int company) const {
  NetworkAndReach both;
  if (track) {
    both.reach = track->Reach(data, state, company, &both.network);
  } else {
    both.network = Network();
    both.reach = std::make_shared<const CompanyReach>(both.network->Reach(TrackPositionOf(state), company));
  }
  return both;
}

std::shared_ptr<const routes::RouteGraph> Context::RouteGraph(int company) const {
  if (track) return track->RouteGraph(data, state, company);
  return std::make_shared<const routes::RouteGraph>(BuildRouteGraph(data, state, company));
}

Spelling Context::English() const {
  return {[this](int seat) { return Name(seat); }, [](int64_t amount) { return Money(static_cast<int>(amount)); }};
}

// TABLE 3, with 2.4.1's qualifying number and share limit in the simplified game.
PlayerCountRules Context::Limits() const {
  PlayerCountRules rules;
  for (const auto& r : data.player_counts) {
    if (r.players == state.players_count) rules = r;
  }
  if (config.options().simplified_game()) {
    rules.qualifying_shares = data.simplified_game.qualifying_shares;
    rules.share_limit = data.simplified_game.share_limit;
  }
  return rules;
}

// 3.1.7: the market price, or par where none is shown.
int Context::SharePrice(int company) const {
  const CompanyState& c = state.companies[company];
  if (c.price_index >= 0) return data.SharePrices()[c.price_index];
  return Def(company).par;
}

// 3.1.2: a director's certificate counts as one; shares at £40 or less are exempt.
int Context::CountedCertificates(int seat) const {
  int count = 0;
  for (int c = 0; c < kCompanies; ++c) {
    const int held = state.shares.HeldBy(seat, c);
    if (held == 0 || ExemptFromLimits(c)) continue;
    count += held - (state.companies[c].director == seat ? 1 : 0);
  }
  return count;
}

int Context::NextInSeating(int seat) const {
  const auto& order = state.seating_order;
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] == seat) return order[(i + 1) % order.size()];
  }
  return seat;
}

std::string Money(int amount) { return FormatMoney(amount, "£"); }

}  // namespace mailrun::engine::t1853
