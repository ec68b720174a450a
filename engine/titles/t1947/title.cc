// 1947 as a title (engine/core/title.h): one edition on a reconstructed map, 3 to 6 players; games
// run from setup through the private auction, stock and operating rounds to the end (7.0).
#include "engine/titles/t1947/title.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include "engine/core/legal_actions.h"
#include "engine/core/rng.h"
#include "engine/core/standings.h"
#include "engine/core/structured_text.h"
#include "engine/core/texts.h"
#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/board_svg.h"
#include "engine/titles/t1947/bot.h"
#include "engine/titles/t1947/components.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/edition/embedded_files.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/proto.h"
#include "engine/titles/t1947/rules/suggested_runs.h"
#include "engine/titles/t1947/state_json.h"

namespace mailrun::engine::t1947 {
namespace {

using mailrun::v1::Edition;

// 1947 counts in rupees, written "Rs. 100" (1947 rules, 2: Notation).
std::string Rupees(int64_t amount) { return FormatMoney(amount, "Rs. "); }

// The railway the active seat acts for in an operating round: the seller asked about a train
// offer (6.15.2), one over the train limit (6.15.5), else the operating railway.
std::string ActingRailway(const T1947Game& g) {
  const auto& railways = g.data().railways;
  if (g.pending_train_sale()) return railways[static_cast<size_t>(g.pending_train_sale()->seller)].initials;
  if (!g.excess().empty()) return railways[static_cast<size_t>(g.excess().front())].initials;
  return g.operating_railway() < 0 ? "" : railways[static_cast<size_t>(g.operating_railway())].initials;
}

// The round as the API names it (RoundKind): the auction with the P9 buyer's BNR par (3.1, 3.2),
// stock round n (5.0), and operating round n.m: the m-th of the set that follows stock round n (4.2,
// 6.0), with the railway operating and its step.
mailrun::v1::RoundInfo RoundOf(const T1947Game& g) {
  mailrun::v1::RoundInfo round;
  switch (g.round()) {
    case Round::kAuction:
      round.set_kind(mailrun::v1::ROUND_PRIVATE_AUCTION);
      round.set_step("bid");  // 3.2
      break;
    case Round::kBnrPar:
      round.set_kind(mailrun::v1::ROUND_PRIVATE_AUCTION);
      round.set_step("set the BNR's par");  // 3.1, 5.2.3
      break;
    case Round::kStockRound:
      round.set_kind(mailrun::v1::ROUND_STOCK);
      round.set_number(g.stock_round());
      round.set_step("buy or sell shares");  // 5.0
      break;
    case Round::kOperatingRound: {
      round.set_kind(mailrun::v1::ROUND_OPERATING);
      round.set_number(g.stock_round());
      round.set_railway_in_set(g.operating_round());
      round.set_railway_set_size(g.operating_rounds_in_set());
      const int r = g.operating_railway();
      if (r >= 0) {
        round.set_operating_company(g.data().railways[static_cast<size_t>(r)].initials);
        round.set_step(OrStepName(g.step()));
      }
      round.set_acting_company(ActingRailway(g));
      break;
    }
  }
  if (g.finished()) round.set_kind(mailrun::v1::ROUND_FINISHED);
  return round;
}

// The sentence a client shows for where the game stands.
std::string RoundDescription(const T1947Game& g) {
  switch (g.round()) {
    case Round::kAuction:
      // The private up for auction by its number and name (3.2: P1, P2, ... in that order).
      return "Private auction (3.2): P" + std::to_string(g.auction_private()) + " (" +
             g.data().privates.at(static_cast<size_t>(g.auction_private() - 1)).name + ")" +
             (g.high_bidder() < 0 ? ", no bid yet"
                                  : ", " + g.player(g.high_bidder()).name + " bids " + Rupees(g.high_bid()));
    case Round::kBnrPar:
      return "The P9's buyer sets the BNR's par (3.1, 5.2.3)";
    case Round::kStockRound:
      return "Stock Round " + std::to_string(g.stock_round());
    case Round::kOperatingRound: {
      std::string text = "Operating Round " + std::to_string(g.stock_round()) + "." + std::to_string(g.operating_round());
      if (const std::string acting = ActingRailway(g); !acting.empty()) {
        text += ": " + acting + (g.pending_train_sale() ? " answers a train offer"
                                 : g.pending_private_purchase() ? " waits for the answer to its offer for a private"
                                 : !g.excess().empty() ? " puts an excess train in the bank pool"
                                 : g.temple_choice() ? " chooses the temple's expatriation bonus"
                                 : g.site_advance() ? " may pay to advance its token (6.10)"
                                                     : std::string(" - ") + OrStepName(g.step()));
      }
      return text;
    }
  }
  return "";
}

class Game1947 final : public TitleGame {
 public:
  Game1947(mailrun::v1::GameConfig config, T1947Game game) : config_(std::move(config)), game_(std::move(game)) {}
  std::unique_ptr<TitleGame> Clone() const override { return std::make_unique<Game1947>(*this); }
  const mailrun::v1::GameConfig& config() const override { return config_; }

  Result<ApplyOutcome> Apply(const mailrun::v1::Action& action) override {
    auto parsed = FromProto(game_, action);
    if (!parsed.ok()) return parsed.error();
    T1947Game next = game_;
    if (Status s = t1947::Apply(next, *parsed); !s.ok()) return s.error();
    ApplyOutcome outcome;
    outcome.Add(Describe(game_, *parsed));
    game_ = std::move(next);
    return outcome;
  }
  std::vector<int> ActiveSeats() const override {
    int seat = game_.ActivePlayer();
    return seat < 0 ? std::vector<int>{} : std::vector<int>{seat};
  }
  std::vector<mailrun::v1::LegalAction> LegalActions(int seat) const override {
    std::vector<mailrun::v1::LegalAction> out;
    if (seat < 0 || seat >= game_.player_count()) return out;
    for (const Action1947& a : t1947::LegalActions(game_, seat)) {
      if (a.kind == ActionKind::kBid) {  // 3.2: any bid from the smallest legal one up to the bidder's cash
        AddLegal(out, seat, ToProto(a), Describe(game_, a, " or more"), a.amount, game_.player(seat).cash);
      } else if (a.kind == ActionKind::kBuyPrivate) {  // 3.3: Rs.1 up to the maximum the treasury can pay
        const int r = game_.operating_railway();
        const int most = std::min(game_.PrivatePriceMaximum(a.private_number), game_.railway(game_.data().railways[static_cast<size_t>(r)].initials).treasury);
        AddLegal(out, seat, ToProto(a), Describe(game_, a, " or more"), a.amount, most);
      } else {
        AddLegal(out, seat, ToProto(a), Describe(game_, a));
      }
    }
    return out;
  }
  mailrun::v1::GameView TurnView() const override {
    mailrun::v1::GameView view;
    view.set_title(mailrun::v1::TITLE_1947);
    view.set_phase(game_.CurrentPhase());
    *view.mutable_round() = RoundOf(game_);
    view.mutable_round()->set_description(RoundDescription(game_));
    for (int seat : ActiveSeats()) view.add_active_seats(seat);
    if (game_.finished()) view.set_end_reason(game_.end_reason());
    return view;
  }
  // 1947 has no secrets (bids are open and cash is shown, 2.2): every viewer sees the same.
  mailrun::v1::GameView View(int /*viewer*/) const override {
    mailrun::v1::GameView view = TurnView();
    view.set_board_reconstructed(game_.data().map_reconstructed);
    for (int seat = 0; seat < game_.player_count(); ++seat) {
      auto* p = view.add_players();
      p->set_seat(seat);
      p->set_display_name(game_.player(seat).name);
      p->set_cash(game_.player(seat).cash);
      p->set_certificates(game_.Certificates(seat));
      p->set_certificate_limit(game_.data().player_counts.at(game_.player_count()).certificate_limit);  // 5.7
      p->set_wealth(Wealth(game_, seat));  // 7.0
    }
    AddBoardAndTrains(game_, view);
    *view.mutable_game_1947() = BuildView(game_);
    return view;
  }
  // 6.14: 1947 has no choice between best dividend and best revenue (no mail, no credit).
  Result<mailrun::v1::RunPlan> SuggestedRuns(const std::string& company, bool /*best*/) const override {
    return SuggestedRuns1947(game_, company);
  }
  // 7.0: the game ends at the market's end or a bankruptcy; the richest player wins.
  bool Finished() const override { return game_.finished(); }
  std::string EndReason() const override { return game_.end_reason(); }
  std::vector<FinalStanding> Standings() const override {
    std::vector<FinalStanding> standings;
    if (!game_.finished()) return standings;
    std::vector<int> wealth;
    for (int seat = 0; seat < game_.player_count(); ++seat) wealth.push_back(static_cast<int>(Wealth(game_, seat)));
    const std::vector<int> ranks = WealthRanks(wealth);  // equal wealth, equal rank
    for (int seat = 0; seat < game_.player_count(); ++seat) standings.push_back({seat, wealth[static_cast<size_t>(seat)], ranks[static_cast<size_t>(seat)]});
    return standings;
  }
  std::optional<mailrun::v1::Action> BotAction(int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                               uint64_t& rng) const override {
    if (legal.empty()) return std::nullopt;
    return ChooseBotAction(legal, game_.player(seat).cash, rng);
  }
  std::string SnapshotJson() const override { return t1947::SnapshotJson(game_); }
  std::vector<std::string> CheckInvariants(const TitleGame* /*before*/) const override {
    return t1947::CheckInvariants(game_);
  }

 private:
  mailrun::v1::GameConfig config_;
  T1947Game game_;
};

class Title1947Impl final : public Title {
 public:
  mailrun::v1::Title id() const override { return mailrun::v1::TITLE_1947; }
  std::string name() const override { return "1947"; }
  int min_players() const override { return 3; }  // 1947 rules 1: 3 to 6 players
  int max_players() const override { return 6; }
  std::vector<EditionInfo> editions() const override {
    // The map is a reconstruction (issue 17: no printed map is available; docs/board-data-1947.md).
    return {EditionInfo{mailrun::v1::EDITION_UNSPECIFIED, "1947", Data1947().ok(), true}};
  }
  std::string Money(int64_t amount) const override { return Rupees(amount); }
  Edition EffectiveEdition(Edition edition) const override { return edition; }

  // 1947 has one edition and none of 1853's options.
  Status CheckSetup(Edition edition, const mailrun::v1::GameOptions& options) const override {
    if (edition != mailrun::v1::EDITION_UNSPECIFIED) {
      return Malformed("1947.refusal.title.1947_one_edition_leave_edition", "1947 has one edition: leave edition unspecified (the editions are 1853's)");
    }
    if (options.ByteSizeLong() != 0) return Malformed("1947.refusal.title.options_1853_s_optional_rules", "options are 1853's optional rules (2.4); 1947 has none of them");
    return OkStatus();
  }
  Status CheckPlayable(Edition /*edition*/) const override {
    auto data = Data1947();
    if (data.ok()) return OkStatus();
    return Unavailable("1947.refusal.title.1947_cannot_played_data_bad", "1947 cannot be played: its data is bad: " + data.error().message).With({param::Text("reason", data.error().message)});
  }

  Result<std::unique_ptr<TitleGame>> Create(const mailrun::v1::GameConfig& config) const override {
    if (Status setup = CheckSetup(config.edition(), config.options()); !setup.ok()) return setup.error();
    auto data = Data1947();
    if (!data.ok()) return data.error();
    const int n = config.players_size();
    if (n < min_players() || n > max_players()) {
      return Malformed("1947.refusal.title.1947_3_6_players_not", "1947 is for 3 to 6 players, not " + std::to_string(n) + " (1.0)").With({param::Count("players", n)});
    }
    uint64_t rng = config.seed();
    std::vector<int> cards(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) cards[static_cast<size_t>(i)] = i + 1;
    for (int i = n - 1; i > 0; --i) {  // 2.1: the player order cards are shuffled and dealt
      std::swap(cards[static_cast<size_t>(i)], cards[RandomBelow(rng, static_cast<uint64_t>(i) + 1)]);
    }
    std::vector<std::string> groups[2];
    for (const RailwayDef& r : (*data)->railways) {
      if (r.pool_draw_group == 1 || r.pool_draw_group == 2) groups[r.pool_draw_group - 1].push_back(r.initials);
    }
    std::vector<std::string> draws;  // 2.3 d, e: one share of each group drawn into the bank pool
    for (auto& group : groups) {
      if (!group.empty()) draws.push_back(group[RandomBelow(rng, group.size())]);
    }
    std::vector<std::string> names;
    for (const auto& p : config.players()) names.push_back(p.display_name());
    auto game = T1947Game::Setup(**data, names, cards, draws);
    if (!game.ok()) return game.error();
    return std::unique_ptr<TitleGame>(std::make_unique<Game1947>(config, std::move(*game)));
  }
  Result<std::unique_ptr<TitleGame>> FromSnapshot(const mailrun::v1::GameConfig& config,
                                                  const std::string& json) const override {
    auto data = Data1947();
    if (!data.ok()) return data.error();
    auto game = RestoreSnapshot(**data, json);
    if (!game.ok()) return game.error();
    return std::unique_ptr<TitleGame>(std::make_unique<Game1947>(config, std::move(*game)));
  }

  // The map with the overlay's tiles and stations (board_svg.h).
  Result<std::string> RenderBoardSvg(Edition /*edition*/, const BoardOverlay& overlay) const override {
    if (!overlay.highlight_area.empty()) {
      return Malformed("1947.refusal.title.1947_no_company_areas_shade", "1947 has no company areas to shade (areas are 1853's, TABLE 2)");
    }
    auto data = Data1947();
    if (!data.ok()) return data.error();
    return DrawBoard1947(**data, overlay);
  }
  // The components as data (components.h), built once from the embedded files.
  Result<mailrun::v1::Components> Components(Edition edition) const override {
    if (Status setup = CheckSetup(edition, {}); !setup.ok()) return setup.error();
    static const Result<mailrun::v1::Components> built = []() -> Result<mailrun::v1::Components> {
      auto data = Data1947();
      if (!data.ok()) return data.error();
      auto rules = RevenueRules1947();
      if (!rules.ok()) return rules.error();
      return Components1947(**data, **rules, T1947DataFiles());
    }();
    return built;
  }
  // 1947's hexes in the core's coordinates as edition/board_grid.h maps them.
  std::string PlaceName(Edition /*edition*/, HexCoord hex) const override {
    auto data = Data1947();
    if (!data.ok()) return "";
    const HexDef1947* h = (*data)->MapHex(hex);
    return !h ? "" : !h->city.empty() ? h->city : h->town;
  }
  std::optional<HexCoord> ParseHex(std::string_view name) const override { return ParseHex1947(name); }
  Result<std::string> BoardSummaryJson(Edition /*edition*/) const override {
    auto data = Data1947();
    if (!data.ok()) return data.error();
    const T1947Data& d = **data;
    nlohmann::ordered_json out;
    out["title"] = "1947";
    out["reconstructed"] = d.map_reconstructed;
    out["note"] = d.map_summary;
    out["hexes"] = d.hexes.size();
    out["cities"] = std::count_if(d.hexes.begin(), d.hexes.end(), [](const HexDef1947& h) { return !h.city.empty(); });
    out["towns"] = std::count_if(d.hexes.begin(), d.hexes.end(), [](const HexDef1947& h) { return !h.town.empty(); });
    out["monsoon_hexes"] = std::count_if(d.hexes.begin(), d.hexes.end(), [](const HexDef1947& h) { return h.monsoon; });
    out["expatriation_sites"] = d.sites.size();
    out["railways"] = d.railways.size();
    out["privates"] = d.privates.size();
    out["phases"] = d.phases.size();
    out["tiles"] = d.tile_count;
    return out.dump(2);
  }
};

}  // namespace

const Title& Title1947() {
  static const Title1947Impl title;
  return title;
}

}  // namespace mailrun::engine::t1947
