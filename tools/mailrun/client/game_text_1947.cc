#include "tools/mailrun/client/game_text_1947.h"

#include <fmt/format.h>

#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::Game1947View;
using mailrun::v1::GameView;

std::string Rupees(int64_t amount) { return TitleMoney(mailrun::v1::TITLE_1947, amount); }

std::string NameOrDash(const GameView& view, int seat) { return seat >= 0 ? PlayerName(view, seat) : "-"; }

// "PRC 50% (president), 2 bonds (1 new)", "BB&CI 10% savings".
std::string HoldingText(const mailrun::v1::Holding1947& h) {
  std::vector<std::string> parts;
  if (h.ordinary_percent() > 0) {
    std::string part = fmt::format("{}%", h.ordinary_percent());
    if (h.president()) part += " (president)";
    if (h.protected_percent() > 0) part += fmt::format(" ({}% price protected)", h.protected_percent());
    parts.push_back(part);
  }
  if (h.savings_percent() > 0) parts.push_back(fmt::format("{}% savings", h.savings_percent()));
  const int bonds = h.bonds() + h.new_bonds();
  if (bonds > 0) {
    parts.push_back(fmt::format("{} bond{}{}", bonds, bonds == 1 ? "" : "s",
                                h.new_bonds() > 0 ? fmt::format(" ({} new)", h.new_bonds()) : ""));
  }
  return h.company() + " " + Join(parts, ", ");
}

std::string PrivateName(const Game1947View& g, int number) {
  for (const auto& p : g.privates()) {
    if (p.number() == number) return fmt::format("P{} {}", number, p.name());
  }
  return fmt::format("P{}", number);
}

// 1-based from the top left, and which side of the red line (5.11.1).
std::string MarketPlace(const Game1947View& g, const mailrun::v1::Railway1947View& r) {
  if (r.market_row() < 0) return "-";
  const bool right = r.market_row() < g.red_line_size() && r.market_column() >= g.red_line(r.market_row());
  return fmt::format("row {} col {}{}", r.market_row() + 1, r.market_column() + 1, right ? " (right of red line)" : "");
}

int PresidentOf(const Game1947View& g, const std::string& company) {
  for (const auto& r : g.railways()) {
    if (r.initials() == company) return r.president_seat();
  }
  return -1;
}

std::string WaitingText(const GameView& view) {
  const Game1947View& g = view.game_1947();
  std::string out;
  if (g.has_pending_protection()) {
    const auto& p = g.pending_protection();
    out += fmt::format("Waiting: {} may price protect {} against {}'s sale of {} share(s) with {} bonds (5.4.5)\n",
                       NameOrDash(view, PresidentOf(g, p.company())), p.company(), PlayerName(view, p.seller_seat()),
                       p.shares(), p.bonds_needed());
  }
  if (g.has_pending_bond_offer()) {
    const auto& b = g.pending_bond_offer();
    std::vector<std::string> to_answer;
    for (const int seat : b.seats_to_answer()) to_answer.push_back(PlayerName(view, seat));
    out += fmt::format("Waiting: {}'s issue of {} bonds, {} left, offered to {} (5.4.2)\n", PlayerName(view, b.issuer_seat()),
                       b.company(), b.bonds_left(), to_answer.empty() ? "nobody" : Join(to_answer, ", "));
  }
  if (g.has_pending_conversion()) {
    const auto& c = g.pending_conversion();
    out += fmt::format("Waiting: the {} president's consent to {}'s conversion of savings shares (5.6.4)\n", c.company(),
                       PlayerName(view, c.player_seat()));
  }
  return out;
}

// The operating round: the railways still to operate, the season, and what is asked of whom.
std::string OperatingText(const GameView& view) {
  const Game1947View& g = view.game_1947();
  if (!g.has_operating()) return "";
  const auto& o = g.operating();
  std::string out = fmt::format("Operating round {} of {} in this set, {} season (6.1); still to operate (4.2.1): {}\n",
                                o.number_in_set(), o.rounds_in_set(), o.season(),
                                o.operating_order().empty() ? std::string("-") : Join({o.operating_order().begin(), o.operating_order().end()}, ", "));
  if (o.has_train_sale()) {
    const auto& t = o.train_sale();
    out += fmt::format("Waiting: {} offers {} for {}'s {}; {}'s president answers (6.15.2)\n", t.buyer(), Rupees(t.price()),
                       t.seller(), t.train(), t.seller());
  }
  if (!o.excess_railways().empty()) {
    out += "Over the train limit of " + std::to_string(g.train_limit()) + ", to discard (6.15.5): " +
           Join({o.excess_railways().begin(), o.excess_railways().end()}, ", ") + "\n";
  }
  if (o.temple_choice()) out += fmt::format("Waiting: {} chooses its temple's expatriation bonus (6.8.2)\n", o.railway());
  if (o.has_site_advance()) {  // 6.10, 6.12
    const auto& a = o.site_advance();
    std::vector<std::string> boxes;
    for (int box : a.opportunity_boxes()) boxes.push_back(std::to_string(box));
    out += fmt::format("Waiting: {} may pay to advance its token ({} left; up Rs.{}, right Rs.{}; 0 = no such move){}{} (6.10)\n", a.railway(),
                       a.advances(), a.up_cost(), a.right_cost(), a.stockbrokers_usable() ? ", stockbrokers usable" : "",
                       boxes.empty() ? "" : ", opportunities of boxes " + Join(boxes, ", "));
  }
  if (o.ends_after_round()) out += "The game ends after this operating round (7.0)\n";
  return out;
}

std::string AuctionText(const GameView& view) {
  const Game1947View& g = view.game_1947();
  if (!g.has_auction()) return "";
  const auto& a = g.auction();
  return fmt::format("On auction: {}; {}\n", PrivateName(g, a.private_number()),
                     a.high_bidder_seat() < 0 ? std::string("no bid yet")
                                              : fmt::format("high bid {} by {}", Rupees(a.high_bid()),
                                                            PlayerName(view, a.high_bidder_seat())));
}

std::string StationsText(const mailrun::v1::Railway1947View& r) {
  std::vector<std::string> hexes;
  for (const auto& s : r.stations()) hexes.push_back(s.hex());
  return hexes.empty() ? "-" : Join(hexes, " ");
}

// 6.15: the bank's trains on sale and to come, the bank pool and the limit.
std::string TrainsText(const GameView& view) {
  const Game1947View& g = view.game_1947();
  std::vector<std::string> bank;
  for (const auto& t : view.trains()) {
    if (t.remaining() == 0) continue;
    bank.push_back(fmt::format("{} {} x{}{}", t.name(), Rupees(t.price()), t.remaining(), t.on_sale() ? " (on sale)" : ""));
  }
  return fmt::format("Trains (6.15): bank {}; bank pool {}; limit {} per railway\n", bank.empty() ? std::string("-") : Join(bank, ", "),
                     g.pool_trains().empty() ? std::string("-") : Join({g.pool_trains().begin(), g.pool_trains().end()}, " "),
                     g.train_limit());
}

}  // namespace

std::string Game1947Text(const std::string& game_id, const mailrun::v1::GetGameResponse& game) {
  const GameView& view = game.view();
  const Game1947View& g = view.game_1947();
  std::string out = fmt::format("Game {}  (version {}, {})\n", game_id, game.version(),
                                GameOptionsText(view.title(), view.edition(), view.options()));
  out += fmt::format("{}  (phase {})\n", view.round().description(), view.phase());
  out += fmt::format("To act: {}\n", ActiveText(view, game.your_seat()));
  out += game.your_seat() >= 0 ? fmt::format("You: {} (seat {})\n", PlayerName(view, game.your_seat()), game.your_seat())
                               : "You are watching (no seat in this game)\n";
  std::vector<std::string> order;
  for (int i = 0; i < g.player_order_size(); ++i) order.push_back(fmt::format("{} {}", i + 1, PlayerName(view, g.player_order(i))));
  out += "Player order (3.6): " + Join(order, ", ") + "\n";
  out += AuctionText(view);
  out += WaitingText(view);
  out += OperatingText(view);

  out += "\nPlayers\n";
  TextTable players({"seat", "name", "card", "cash", "wealth", "certs", "workers", "privates", "holdings"});
  for (const auto& p : g.players()) {
    std::vector<std::string> privates, holdings;
    for (const int number : p.privates()) privates.push_back(fmt::format("P{}", number));
    for (const auto& h : p.holdings()) holdings.push_back(HoldingText(h));
    int64_t wealth = 0;
    for (const auto& pv : view.players()) {
      if (pv.seat() == p.seat()) wealth = pv.wealth();
    }
    players.Row({std::to_string(p.seat()), p.name(), std::to_string(p.player_order_card()), Rupees(p.cash()), Rupees(wealth),
                 fmt::format("{}/{}", p.certificates(), p.certificate_limit()),
                 p.new_workers() > 0 ? fmt::format("{} ({} new)", p.workers(), p.new_workers()) : std::to_string(p.workers()),
                 privates.empty() ? "-" : Join(privates, " "),
                 holdings.empty() ? "-" : Join(holdings, "; ")});
  }
  out += players.Render("  ");

  out += "\nPrivate companies (3.1)\n";
  TextTable privates({"#", "name", "revenue", "owner", "hammer price"});
  for (const auto& p : g.privates()) {
    const std::string owner = p.removed() ? "removed" : NameOrDash(view, p.owner_seat());
    privates.Row({fmt::format("P{}", p.number()), p.name(), Rupees(p.revenue()), owner,
                  p.hammer_price() >= 0 ? Rupees(p.hammer_price()) : "-"});
  }
  out += privates.Render("  ");

  out += "\nRailways (market: row and column of the grid from its top left)\n";
  TextTable railways({"co", "home", "par", "price", "market", "IO", "pool", "treasury", "president", "bonds IO/pool", "trains",
                      "stations", "status"});
  for (const auto& r : g.railways()) {
    const bool opened = r.par() > 0;
    railways.Row({r.initials(), r.home(), opened ? Rupees(r.par()) : "-", opened ? Rupees(r.market_value()) : "-",
                  MarketPlace(g, r), fmt::format("{}%", r.initial_offer_percent()), fmt::format("{}%", r.bank_pool_percent()),
                  Rupees(r.treasury()), NameOrDash(view, r.president_seat()),
                  fmt::format("{}/{}", r.bonds_initial_offer(), r.bonds_bank_pool()),
                  r.trains().empty() ? "-" : Join({r.trains().begin(), r.trains().end()}, " "), StationsText(r),
                  r.operational() ? (r.temple_reached() ? "operational, temple reached" : "operational") : opened ? "not yet floated" : "not open"});
  }
  out += railways.Render("  ");
  out += "\n" + TrainsText(view);
  if (g.map_reconstructed()) {
    out += "\n" + (g.map_note().empty() ? std::string("The map is a reconstruction (docs/board-data-1947.md).") : g.map_note()) + "\n";
  }
  return out;
}

std::string Turn1947Text(const mailrun::v1::GetGameResponse& game) {
  const GameView& view = game.view();
  if (!view.has_game_1947()) return "";
  std::string out = AuctionText(view) + WaitingText(view) + OperatingText(view);
  for (const auto& p : view.game_1947().players()) {
    if (p.seat() == game.your_seat()) out += fmt::format("Your cash: {}\n", Rupees(p.cash()));
  }
  const auto& o = view.game_1947().operating();
  for (const auto& r : view.game_1947().railways()) {
    if (!o.railway().empty() && r.initials() == o.railway()) {
      out += fmt::format("{}: treasury {}, trains {}, stations {}\n", r.initials(), Rupees(r.treasury()),
                         r.trains().empty() ? std::string("-") : Join({r.trains().begin(), r.trains().end()}, " "), StationsText(r));
    }
  }
  return out;
}

}  // namespace mailrun::cli
