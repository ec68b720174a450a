#include "tools/mailrun/client/game_text.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/registry.h"
#include "tools/mailrun/client/game_board.h"
#include "tools/mailrun/client/game_text_1947.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::CompanyView;
using mailrun::v1::GameView;

std::string EditionText(const GameView& view) { return GameOptionsText(view.title(), view.edition(), view.options()); }

std::string HoldingsText(const mailrun::v1::PlayerView& player) {
  std::vector<std::string> parts;
  for (const auto& h : player.holdings()) {
    std::string part = fmt::format("{} {}", h.company(), h.shares());
    if (h.director()) part += " (director)";
    if (h.unredeemed() > 0) part += fmt::format(" ({} unredeemed)", h.unredeemed());
    parts.push_back(part);
  }
  if (player.elephant()) parts.push_back("the Elephant");
  return parts.empty() ? "-" : Join(parts, ", ");
}

std::string BondText(const mailrun::v1::BondView& bond) {
  if (bond.returned()) return fmt::format("{} returned", Money(bond.amount()));
  if (!bond.committed()) return "not yet";
  std::string text = bond.amount() > 0 ? Money(bond.amount()) : "secret";
  if (!bond.claimed_companies().empty()) {
    text += " for " + Join({bond.claimed_companies().begin(), bond.claimed_companies().end()}, ", ");
  }
  return text;
}

std::string CompanyStatusText(const CompanyView& c) {
  switch (c.status()) {
    case mailrun::v1::COMPANY_SET_ASIDE: return "set aside";
    case mailrun::v1::COMPANY_ON_SALE: return "on sale";
    case mailrun::v1::COMPANY_FORMED: return c.operated() ? "formed, operated" : "formed";
    default: return "-";
  }
}

}  // namespace

std::string EditionName(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  return mailrun::engine::EditionName(title, edition);
}

std::string LadderName(mailrun::v1::Title title, mailrun::v1::Edition edition) {
  if (title == mailrun::v1::TITLE_UNSPECIFIED && edition == mailrun::v1::EDITION_UNSPECIFIED) return "overall";
  if (edition == mailrun::v1::EDITION_UNSPECIFIED) return mailrun::engine::TitleName(title);
  return EditionName(title, edition);
}

std::string GameOptionsText(mailrun::v1::Title title, mailrun::v1::Edition edition,
                            const mailrun::v1::GameOptions& options) {
  std::string text = EditionName(title, edition);
  if (mailrun::engine::BoardReconstructed(title, edition)) text += ", reconstructed map";
  switch (options.bank()) {
    case mailrun::v1::BANK_STANDARD: text += ", standard game (2.4.2)"; break;
    case mailrun::v1::BANK_SHORT: text += ", short game (2.4.2)"; break;
    case mailrun::v1::BANK_LONGER: text += ", longer game (2.4.3)"; break;
    default: break;
  }
  if (options.simplified_game()) text += ", simplified (2.4.1)";
  if (options.unrestricted_58()) text += ", unrestricted #58 (2.4.4)";
  if (options.tile_kit() == mailrun::v1::TILE_KIT_MIK1) text += ", MIK1 tiles";
  if (options.tile_kit() == mailrun::v1::TILE_KIT_MIK1_1) text += ", MIK1.1 tiles";
  return text;
}

std::string TitleMoney(mailrun::v1::Title title, int64_t amount) {
  const auto found = mailrun::engine::FindTitle(title);
  return found.ok() ? (*found)->Money(amount) : Money(amount);
}

std::string PlayerName(const GameView& view, int seat) {
  for (const auto& p : view.players()) {
    if (p.seat() == seat) return p.display_name();
  }
  return fmt::format("seat {}", seat);
}

std::string ActiveText(const GameView& view, int your_seat) {
  std::vector<std::string> names;
  for (const int seat : view.active_seats()) {
    names.push_back(PlayerName(view, seat) + (seat == your_seat ? " (you)" : ""));
  }
  if (names.empty()) return "nobody";
  if (names.size() == 1) return names[0];
  const std::string last = names.back();
  names.pop_back();
  return Join(names, ", ") + " and " + last;
}

std::string TurnText(const std::string& game_id, const mailrun::v1::GetGameResponse& game) {
  const GameView& view = game.view();
  if (game.status() == mailrun::v1::GAME_STATUS_FINISHED) {
    return fmt::format("Game {} is over: {}\n", game_id, view.end_reason());
  }
  const bool yours = std::find(view.active_seats().begin(), view.active_seats().end(), game.your_seat()) !=
                     view.active_seats().end();
  return fmt::format("{}\nTo act: {}{}\n", view.round().description(), ActiveText(view, game.your_seat()),
                     yours ? "  -> your turn: mailrun actions " + game_id : "");
}

std::string GameText(const std::string& game_id, const mailrun::v1::GetGameResponse& game,
                     const mailrun::v1::Components& components) {
  const GameView& view = game.view();
  if (view.has_game_1947()) return Game1947Text(game_id, game);
  // Amounts in the title's money (1853: £, 1947: Rs.).
  const auto money = [&](int64_t amount) { return TitleMoney(view.title(), amount); };
  std::string out = fmt::format("Game {}  (version {}, {})\n", game_id, game.version(), EditionText(view));
  if (game.status() == mailrun::v1::GAME_STATUS_FINISHED) {
    out += fmt::format("Finished: {}\n", view.end_reason());
  } else {
    out += fmt::format("{}  (phase {})\n", view.round().description(), view.phase());
    out += fmt::format("To act: {}\n", ActiveText(view, game.your_seat()));
  }
  out += game.your_seat() >= 0 ? fmt::format("You: {} (seat {})\n", PlayerName(view, game.your_seat()), game.your_seat())
                               : "You are watching (no seat in this game)\n";
  out += fmt::format("Bank: {}", money(view.bank_cash()));
  if (!view.pool().empty()) out += "   Bank pool: " + Join({view.pool().begin(), view.pool().end()}, ", ");
  out += "\n\nPlayers\n";
  TextTable players({"seat", "name", "cash", "wealth", "certs", "bond", "holdings"});
  for (const auto& p : view.players()) {
    players.Row({std::to_string(p.seat()), p.display_name(), money(p.cash()), money(p.wealth()),
                 std::to_string(p.certificates()), BondText(p.bond()), HoldingsText(p)});
  }
  out += players.Render("  ");
  for (const auto& p : view.players()) {
    if (p.seat() == game.your_seat() && !p.bond().cities().empty() && !p.bond().returned()) {
      out += "  Your secret cities: " + Join({p.bond().cities().begin(), p.bond().cities().end()}, ", ") + "\n";
    }
    if (p.seat() != game.your_seat() && p.bond().returned() && !p.bond().cities().empty()) {
      out += fmt::format("  {}'s returned bond named: {}\n", p.display_name(),
                         Join({p.bond().cities().begin(), p.bond().cities().end()}, ", "));
    }
  }

  out += BidText(game, components);

  std::vector<const CompanyView*> shown;
  for (const auto& c : view.companies()) {
    if (c.status() != mailrun::v1::COMPANY_SET_ASIDE) shown.push_back(&c);
  }
  if (!shown.empty()) {
    out += "\nCompanies\n";
    TextTable companies({"co", "status", "director", "treasury", "price", "trains", "bases", "tokens left"});
    for (const CompanyView* c : shown) {
      std::vector<std::string> trains, bases;
      for (const auto& t : c->trains()) trains.push_back(t.name() + (t.on_credit() ? " (credit)" : ""));
      for (const auto& b : c->bases()) bases.push_back(HexLabel(components, b.hex()));
      std::string director = c->director_seat() >= 0 ? PlayerName(view, c->director_seat()) : "-";
      if (c->manager_seat() >= 0) director = PlayerName(view, c->manager_seat()) + " (manager)";
      companies.Row({c->initials(), CompanyStatusText(*c), director, money(c->treasury()), money(c->share_price()),
                     trains.empty() ? "-" : Join(trains, " "), bases.empty() ? "-" : Join(bases, ", "),
                     std::to_string(c->tokens_left())});
    }
    out += companies.Render("  ");
  }

  std::vector<std::string> on_sale;
  for (const auto& t : view.trains()) {
    if (t.on_sale() && t.remaining() > 0) on_sale.push_back(fmt::format("'{}' {} ({} left)", t.name(), money(t.price()), t.remaining()));
  }
  if (!on_sale.empty()) out += "\nTrains on sale: " + Join(on_sale, ", ") + "\n";
  if (!view.tiles().empty()) out += fmt::format("Tiles laid: {} (list them: --board; draw them: --svg FILE)\n", view.tiles_size());
  if (view.has_pending_offer()) {
    const auto& offer = view.pending_offer();
    out += fmt::format("Offer waiting: {} offers {} to {} for {}\n", PlayerName(view, offer.from_seat()),
                       offer.kind() == "elephant" ? std::string("the Elephant") : "train " + offer.train_id(),
                       PlayerName(view, offer.to_seat()), money(offer.price()));
  }
  return out;
}

std::string RunStationsText(const mailrun::v1::Components& components, const mailrun::v1::Run& run) {
  std::vector<std::string> stops;
  for (const auto& node : run.nodes()) {
    const size_t dot = node.find(".s");
    if (dot == std::string::npos || node.find('/') != std::string::npos) continue;
    stops.push_back(HexLabel(components, node.substr(0, dot)));
  }
  return Join(stops, " - ");
}

std::string TrackEdgesText(const mailrun::v1::Components& components, const std::string& tile, int rotation) {
  static const char* const kEdges[] = {"SW", "W", "NW", "NE", "E", "SE"};
  for (const auto& design : components.tiles()) {
    if (design.id() != tile) continue;
    std::vector<bool> reached(6, false);
    for (const auto& path : design.paths()) {
      for (const auto* end : {&path.a(), &path.b()}) {
        if (end->kind() == mailrun::v1::PathEnd::KIND_EDGE) reached[static_cast<size_t>((end->index() + rotation) % 6)] = true;
      }
    }
    std::vector<std::string> edges;
    for (int edge = 0; edge < 6; ++edge) {
      if (reached[static_cast<size_t>(edge)]) edges.push_back(kEdges[edge]);
    }
    return Join(edges, ", ");
  }
  return "";
}

std::string BidText(const mailrun::v1::GetGameResponse& game, const mailrun::v1::Components& components) {
  const GameView& view = game.view();
  if (view.round().kind() != mailrun::v1::ROUND_CONTRACT_BIDS) return "";
  for (const auto& p : view.players()) {
    if (p.seat() != game.your_seat()) continue;
    const auto& bond = p.bond();
    std::string text = fmt::format("Your bid: {} of {} to {} cities named (2.5.2.6)", bond.cities_size(),
                                   bond.min_cities(), bond.max_cities());
    if (bond.amount() <= 0) return text + "\n";
    int covered = 0;
    for (const auto& name : bond.cities()) {
      for (const auto& city : components.cities()) {
        if (city.name() == name) covered += city.bid_value();
      }
    }
    text += fmt::format("; bond {}, their values {}, not yet covered {} (2.5.2.9)", Money(bond.amount()), Money(covered),
                        Money(std::max<int64_t>(0, bond.amount() - covered)));
    return text + "\n";
  }
  return "";
}

std::string LegalActionsText(const std::string& game_id, const mailrun::v1::ListLegalActionsResponse& legal,
                             const mailrun::v1::GetGameResponse& game, const mailrun::v1::Components& components) {
  const GameView& view = game.view();
  if (legal.actions().empty()) {
    if (game.status() == mailrun::v1::GAME_STATUS_FINISHED) return "The game is over: " + view.end_reason() + "\n";
    return fmt::format("Not your turn. {}\nTo act: {}\n", view.round().description(),
                       ActiveText(view, game.your_seat()));
  }
  std::string out = fmt::format("{}  (version {})\n", view.round().description(), legal.version());
  out += BidText(game, components);
  out += Turn1947Text(game);
  // Tile lays and promotions per hex (in the order the service lists them), each rotation a choice.
  struct TileChoices {
    std::string verb;  // "Lay" or "Promote"
    std::string hex;
    std::vector<std::pair<std::string, std::vector<std::pair<int, int>>>> tiles;  // tile -> (choice, rotation)
  };
  std::vector<TileChoices> hexes;
  TextTable table({"#", "action"});
  int rows = 0;
  for (int i = 0; i < legal.actions_size(); ++i) {
    const auto& option = legal.actions(i);
    const auto& action = option.action();
    if (action.has_lay_tile() || action.has_promote_tile()) {
      const bool lay = action.has_lay_tile();
      const std::string& hex = lay ? action.lay_tile().hex() : action.promote_tile().hex();
      const std::string& tile = lay ? action.lay_tile().tile() : action.promote_tile().tile();
      const int rotation = lay ? action.lay_tile().rotation() : action.promote_tile().rotation();
      auto group = std::find_if(hexes.begin(), hexes.end(), [&](const TileChoices& g) {
        return g.hex == hex && g.verb == (lay ? "Lay" : "Promote");
      });
      if (group == hexes.end()) group = hexes.insert(hexes.end(), TileChoices{lay ? "Lay" : "Promote", hex, {}});
      auto entry = std::find_if(group->tiles.begin(), group->tiles.end(), [&](const auto& t) { return t.first == tile; });
      if (entry == group->tiles.end()) entry = group->tiles.insert(group->tiles.end(), {tile, {}});
      entry->second.push_back({i + 1, rotation});
      continue;
    }
    std::string text = option.description();
    if (option.max_amount() > 0 || option.min_amount() > 0) {
      text += fmt::format("  [--amount N: {} to {}]", TitleMoney(view.title(), option.min_amount()),
                          TitleMoney(view.title(), option.max_amount()));
    }
    table.Row({std::to_string(i + 1), text});
    ++rows;
    // 4.5: each train's run by the places it calls at, named from the components.
    for (const auto& run : action.run_trains().runs()) table.Row({"", "  train " + run.train_id() + ": " + RunStationsText(components, run)});
  }
  if (rows > 0) out += table.Render("  ");
  if (!hexes.empty()) {
    out += "Tiles: each choice is a tile at a rotation, shown by the board edges its track then reaches\n"
           "(edges: SW, W, NW, NE, E, SE; rotation r turns the tile's edge e to board edge (e + r) mod 6)\n";
  }
  for (const TileChoices& group : hexes) {
    std::string where = HexLabel(components, group.hex);
    for (const auto& cell : components.hexes()) {
      if (cell.hex() != group.hex) continue;
      if (group.verb == "Lay" && (cell.cost_broad() > 0 || cell.cost_metre() > 0)) {
        where += fmt::format(", terrain cost {} broad / {} metre gauge (TABLE 4)", Money(cell.cost_broad()),
                             Money(cell.cost_metre()));
      } else if (group.verb == "Lay") {
        where += ", no terrain cost";
      }
    }
    out += fmt::format("  {} a tile on {}\n", group.verb, where);
    for (const auto& [tile, choices] : group.tiles) {
      std::vector<std::string> parts;
      for (const auto& [choice, rotation] : choices) {
        const std::string edges = TrackEdgesText(components, tile, rotation);
        parts.push_back(fmt::format("{}: rotation {}{}", choice, rotation, edges.empty() ? "" : " (" + edges + ")"));
      }
      out += fmt::format("    #{}  {}\n", tile, Join(parts, "   "));
    }
  }
  out += fmt::format("Play one: mailrun act {} --choice N\n", game_id);
  return out;
}

std::string SuggestedRunsText(const mailrun::v1::SuggestRunsResponse& runs) {
  std::string out = fmt::format("Suggested runs for the {} (version {})\n", runs.company(), runs.version());
  const auto plan_text = [](const std::string& title, const mailrun::v1::RunPlan& plan) {
    std::string text = fmt::format("{}: {} earned, {} mail, {} in all\n", title, Money(plan.run_revenue()),
                                   Money(plan.mail_revenue()), Money(plan.total()));
    if (plan.runs().empty()) return text + "  (no train can run)\n";
    for (const auto& run : plan.runs()) {
      text += fmt::format("  train {}{}: {}  = {}\n", run.train_id(), run.train_id() == plan.mail_train_id() ? " (mail)" : "",
                          Join({run.stations().begin(), run.stations().end()}, " - "), Money(run.revenue()));
    }
    return text;
  };
  out += plan_text("Highest total", runs.best_total());
  out += plan_text("Highest dividend", runs.best_dividend());
  return out;
}

std::string HistoryText(const std::vector<mailrun::v1::HistoryEntry>& entries, const GameView& view) {
  std::string out;
  for (const auto& entry : entries) {
    const std::string who = entry.seat() >= 0 ? PlayerName(view, entry.seat()) : "(automatic)";
    std::string head = fmt::format("#{} {}", entry.seq(), who);
    if (entry.undoes_seq() > 0) head += fmt::format(" takes back #{}", entry.undoes_seq());
    if (entry.undone()) head += " [taken back]";
    out += head + "\n";
    for (const auto& line : entry.log_lines()) out += "    " + line.text() + "\n";
  }
  if (out.empty()) out = "(nothing has happened yet)\n";
  return out;
}

std::string GameListText(const mailrun::v1::ListMyGamesResponse& games) {
  if (games.games().empty()) return "You play in no game yet (mailrun tables list, then mailrun tables join TABLE)\n";
  TextTable table({"game", "title", "status", "turn", "round", "players"});
  for (const auto& g : games.games()) {
    std::string status = g.status() == mailrun::v1::GAME_STATUS_FINISHED ? "finished" : "playing";
    if (g.study()) status += " (study, unranked)";  // a study game: the caller plays every seat
    table.Row({g.game_id(), EditionName(g.title(), g.edition()), status, g.your_turn() ? "YOURS" : "-", g.round(),
               Join({g.players().begin(), g.players().end()}, ", ")});
  }
  return table.Render();
}

}  // namespace mailrun::cli
