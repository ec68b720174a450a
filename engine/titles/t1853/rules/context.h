// Context: what every rule module works with while validating or applying one action: the
// edition's data, the game's configuration, the state and the log being written. Also the small
// derived facts many rules need (share prices, limits, names), so each rule is stated once.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/legal_actions.h"
#include "engine/core/result.h"
#include "engine/core/structured_text.h"
#include "engine/core/texts.h"
#include "engine/core/title.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/track/track_network.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

class TrackCache;

struct Context {
  const EditionData& data;
  const mailrun::v1::GameConfig& config;
  GameState& state;
  ApplyOutcome* out = nullptr;  // where log lines go; null while only validating
  // Set while an action is previewed for this seat (Game::Preview): an automatic step that would
  // use another player's secret (2.5.2) is left out, or ends the preview (`stopped`); `withheld`
  // says what the preview does not show. Whether that happens depends on public facts only.
  std::optional<int> preview_for = std::nullopt;
  std::string* withheld = nullptr;
  bool stopped = false;
  // The game's kept track network and reaches (track_cache.h); without one each is built afresh.
  TrackCache* track = nullptr;

  // Logs a line: its message key, its English template ("{seat} keeps the Elephant") and the
  // parameters the template names (engine/core/structured_text.h).
  void Say(std::string key, std::string_view english, std::vector<TextParam> params) const;
  // Seats by their players' names, money in pounds.
  Spelling English() const;
  // Whether this step must not use `seat`'s secrets (a preview for another seat).
  bool Hidden(int seat) const { return preview_for && *preview_for != seat; }
  // A preview leaves something out (said once), or stops here.
  void Withhold(const std::string& what) const {
    if (withheld && withheld->find(what) == std::string::npos) *withheld += (withheld->empty() ? "" : " ") + what;
  }
  void StopPreview(const std::string& why) {
    Withhold(why);
    stopped = true;
  }

  // The track network of this state's board, and what `company` reaches on it from its bases.
  std::shared_ptr<const TrackNetwork> Network() const;
  std::shared_ptr<const CompanyReach> Reach(int company) const;
  // Both, for a question that needs both (the board's tiles looked at once).
  struct NetworkAndReach {
    std::shared_ptr<const TrackNetwork> network;
    std::shared_ptr<const CompanyReach> reach;
  };
  NetworkAndReach NetworkAndReachOf(int company) const;
  // The graph `company`'s trains run on now (route_graph_builder.h).
  std::shared_ptr<const routes::RouteGraph> RouteGraph(int company) const;

  const CompanyDef& Def(int company) const { return data.companies[company]; }
  const std::string& Initials(int company) const { return data.companies[company].initials; }
  const std::string& Name(int seat) const { return state.players[seat].name; }
  int Players() const { return state.players_count; }

  // TABLE 3 for this game (2.4.1 overrides qualifying number and share limit).
  PlayerCountRules Limits() const;

  // The market price of a formed company, else its par (3.1.7).
  int SharePrice(int company) const;
  // 3.1.2: shares valued at £40 or less are exempt from the limits.
  bool ExemptFromLimits(int company) const { return SharePrice(company) <= 40; }

  // 3.1.2: certificates a player holds that count toward the limit (a director's certificate is one).
  int CountedCertificates(int seat) const;
  // A seat's position after `seat` in the seating order ("on the left").
  int NextInSeating(int seat) const;
  bool IsMinor(int company) const { return !state.companies[company].major; }
};

// Formats money the way 1853's rules print it: "£1,050" (FormatMoney with the pound sign).
std::string Money(int amount);

}  // namespace mailrun::engine::t1853
