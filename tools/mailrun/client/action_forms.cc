#include "tools/mailrun/client/action_forms.h"

#include <fmt/format.h>

#include <charconv>

#include "tools/mailrun/client/errors.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/client/output.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::Action;
using mailrun::v1::LegalAction;

std::vector<std::string> SplitColons(const std::string& text) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  return parts;
}

int64_t ParseNumber(const std::string& text, const std::string& what, const std::string& option) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw BadInput(fmt::format("{}: {} '{}' is not a whole number", option, what, text));
  }
  return value;
}

// HEX:TILE:ROTATION for --lay and --promote.
void ParseTilePlacement(const std::string& text, const std::string& option, std::string* hex, std::string* tile,
                        int* rotation) {
  const auto parts = SplitColons(text);
  if (parts.size() != 3 || parts[0].empty() || parts[1].empty()) {
    throw BadInput(fmt::format("{} wants HEX:TILE:ROTATION, e.g. Iaa:58:5, not '{}'", option, text));
  }
  const int64_t r = ParseNumber(parts[2], "the rotation", option);
  if (r < 0 || r > 5) throw BadInput(fmt::format("{}: the rotation is 0 to 5, not {}", option, r));
  *hex = parts[0];
  *tile = parts[1];
  *rotation = static_cast<int>(r);
}

Action FromPass(const std::vector<LegalAction>& legal) {
  for (const auto& option : legal) {
    const Action& a = option.action();
    if (a.has_pass_bid() || a.has_end_dealing_turn() || a.has_end_step()) {
      Action action = a;
      action.clear_seat();
      return action;
    }
  }
  // No pass is legal now, but it is the player's turn in a part of the game that has one: send
  // that pass, so that the engine refuses it with its own rule (e.g. 2.5.2.4: a bid below the
  // minimum number of cities cannot be passed) rather than the client guessing a reason.
  for (const auto& option : legal) {
    const Action& a = option.action();
    Action action;
    if (a.has_claim_city()) action.mutable_pass_bid();
    else if (a.has_sell_shares() || a.has_buy_share() || a.has_redeem_share()) action.mutable_end_dealing_turn();
    else if (a.has_lay_tile() || a.has_promote_tile() || a.has_place_base() || a.has_run_trains() ||
             a.has_buy_train()) action.mutable_end_step();
    else continue;
    return action;
  }
  throw BadInput("--pass: there is nothing to pass now (no bid to complete, no dealing turn or step to end); "
                 "see mailrun actions GAME");
}

Action FromBuy(const std::string& text, const std::vector<LegalAction>& legal) {
  const auto parts = SplitColons(text);
  if (parts.empty() || parts.size() > 2 || parts[0].empty()) {
    throw BadInput("--buy wants COMPANY, COMPANY:bank or COMPANY:pool, not '" + text + "'");
  }
  Action action;
  auto* buy = action.mutable_buy_share();
  buy->set_company(parts[0]);
  if (parts.size() == 2) {
    if (parts[1] == "bank") buy->set_source(mailrun::v1::SHARE_SOURCE_BANK);
    else if (parts[1] == "pool") buy->set_source(mailrun::v1::SHARE_SOURCE_POOL);
    else throw BadInput("--buy: the source is bank or pool, not '" + parts[1] + "'");
    return action;
  }
  // No source given: a new share from the bank if that is legal now, else one from the pool.
  for (const auto source : {mailrun::v1::SHARE_SOURCE_BANK, mailrun::v1::SHARE_SOURCE_POOL}) {
    for (const auto& option : legal) {
      if (option.action().has_buy_share() && option.action().buy_share().company() == parts[0] &&
          option.action().buy_share().source() == source) {
        buy->set_source(source);
        return action;
      }
    }
  }
  buy->set_source(mailrun::v1::SHARE_SOURCE_BANK);  // not legal: the service will say why
  return action;
}

Action FromChoice(const ActionForms& forms, const std::vector<LegalAction>& legal, mailrun::v1::Title title) {
  if (legal.empty()) throw BadInput("--choice: you have no legal action now (not your turn?)");
  if (forms.choice < 1 || forms.choice > static_cast<int>(legal.size())) {
    throw BadInput(fmt::format("--choice: pick 1 to {} (the numbers of mailrun actions GAME), not {}", legal.size(),
                               forms.choice));
  }
  const LegalAction& option = legal[static_cast<size_t>(forms.choice - 1)];
  Action action = option.action();
  action.clear_seat();
  if (forms.amount) {
    const bool ranged = option.max_amount() > 0 || option.min_amount() > 0;
    if (!ranged || !SetAmount(action, *forms.amount)) {
      throw BadInput(fmt::format("--amount: choice {} ({}) has no amount to choose", forms.choice,
                                 option.description()));
    }
    if (*forms.amount < option.min_amount() || *forms.amount > option.max_amount()) {
      throw BadInput(fmt::format("--amount: choice {} takes {} to {}, not {}", forms.choice,
                                 TitleMoney(title, option.min_amount()), TitleMoney(title, option.max_amount()),
                                 *forms.amount));
    }
  }
  return action;
}

// 1947's short forms (1947 rules 3.2, 5.3, 5.5); its other moves (bonds, conversions, price
// protection, the P4) are taken by --choice N.
Action Build1947(const ActionForms& forms, const std::vector<LegalAction>& legal) {
  Action action;
  if (forms.bid) {
    if (*forms.bid < 1 || *forms.bid > 1000000) throw BadInput(fmt::format("--bid: {} is no bid", *forms.bid));
    action.mutable_bid_private_1947()->set_amount(static_cast<int32_t>(*forms.bid));
  } else if (!forms.par.empty()) {
    const auto parts = SplitColons(forms.par);
    if (parts.size() != 2 || parts[0].empty()) throw BadInput("--par wants COMPANY:PAR, e.g. PRC:66, not '" + forms.par + "'");
    action.mutable_buy_president_certificate_1947()->set_company(parts[0]);
    action.mutable_buy_president_certificate_1947()->set_par(static_cast<int32_t>(ParseNumber(parts[1], "the par", "--par")));
  } else if (!forms.buy.empty()) {
    const auto parts = SplitColons(forms.buy);
    if (parts[0].empty()) throw BadInput("--buy wants COMPANY[:io|:pool][:savings], e.g. PRC or PRC:pool:savings, not '" + forms.buy + "'");
    auto* buy = action.mutable_buy_share_1947();
    buy->set_company(parts[0]);
    bool source_given = false;
    for (size_t i = 1; i < parts.size(); ++i) {
      if (parts[i] == "savings") {
        buy->set_savings(true);
      } else if (parts[i] == "io" || parts[i] == "pool") {
        buy->set_from_pool(parts[i] == "pool");
        source_given = true;
      } else {
        throw BadInput("--buy: after the company come io, pool or savings, not '" + parts[i] + "'");
      }
    }
    if (!source_given) {  // from the initial offer if that is legal now, else from the bank pool (5.3)
      bool io = false, pool = false;
      for (const auto& option : legal) {
        const auto& a = option.action();
        if (!a.has_buy_share_1947() || a.buy_share_1947().company() != parts[0]) continue;
        (a.buy_share_1947().from_pool() ? pool : io) = true;
      }
      buy->set_from_pool(pool && !io);
    }
  } else if (!forms.sell.empty()) {
    const auto parts = SplitColons(forms.sell);
    if (parts.size() != 2 || parts[0].empty()) throw BadInput("--sell wants COMPANY:COUNT, e.g. PRC:2, not '" + forms.sell + "'");
    const int64_t shares = ParseNumber(parts[1], "the count", "--sell");
    if (shares < 1) throw BadInput("--sell: sell at least one share");
    action.mutable_sell_shares_1947()->set_company(parts[0]);
    action.mutable_sell_shares_1947()->set_count(static_cast<int32_t>(shares));
  } else if (forms.pass) {
    // Pass in the auction, pass a stock round turn, or end one that bought (5.1). None legal: send
    // the stock round's pass, which the engine refuses with its own rule (out of turn, say).
    for (const auto& option : legal) {
      const Action& a = option.action();
      if (a.has_pass_private_1947() || a.has_pass_turn_1947() || a.has_end_turn_1947()) {
        action = a;
        action.clear_seat();
        return action;
      }
    }
    action.mutable_pass_turn_1947();
  } else {
    throw BadInput("that short form is an 1853 move; a 1947 game takes --bid, --par, --buy, --sell, --pass, "
                   "--choice N or --action JSON");
  }
  return action;
}

}  // namespace

int ActionForms::Count() const {
  return !json.empty() + !buy.empty() + !sell.empty() + pass + !lay.empty() + !promote.empty() + !base.empty() +
         !claim.empty() + bond.has_value() + !redeem.empty() + !train.empty() + (choice != 0) + bid.has_value() +
         !par.empty();
}

bool ActionForms::NeedsLegalActions() const {
  return choice != 0 || pass || (!buy.empty() && buy.find(':') == std::string::npos);
}

bool SetAmount(Action& action, int64_t amount) {
  const auto value = static_cast<int32_t>(amount);
  if (action.has_commit_bond()) action.mutable_commit_bond()->set_amount(value);
  else if (action.has_offer_elephant()) action.mutable_offer_elephant()->set_price(value);
  else if (action.has_offer_train()) action.mutable_offer_train()->set_price(value);
  else if (action.has_buy_train()) action.mutable_buy_train()->set_director_gift(value);
  else if (action.has_settle_credit_train()) action.mutable_settle_credit_train()->set_director_gift(value);
  else if (action.has_bid_private_1947()) action.mutable_bid_private_1947()->set_amount(value);  // 1947 3.2
  else return false;
  return true;
}

Action BuildAction(const ActionForms& forms, const std::vector<LegalAction>& legal, mailrun::v1::Title title) {
  const int count = forms.Count();
  if (count == 0) {
    throw BadInput("say which move: --choice N (see mailrun actions GAME), a JSON action, or a short form such as "
                   "--buy EIR, --sell EIR:2, --pass, --lay Iaa:58:5 (1947: --bid 30, --par PRC:66)");
  }
  if (count > 1) throw BadInput("give one move at a time (several move options were given)");
  if (forms.amount && forms.choice == 0) throw BadInput("--amount goes with --choice N");
  Action action;
  if (!forms.json.empty()) {
    if (const std::string error = FromJson(forms.json, &action); !error.empty()) {
      throw BadInput("the action is not valid protobuf JSON of mailrun.v1.Action: " + error);
    }
    if (action.kind_case() == Action::KIND_NOT_SET) {
      throw BadInput("the JSON action names no move (e.g. {\"endStep\": {}})");
    }
    return action;
  }
  if (forms.choice != 0) return FromChoice(forms, legal, title);
  if (title == mailrun::v1::TITLE_1947) return Build1947(forms, legal);
  if (forms.bid || !forms.par.empty()) {
    throw BadInput(std::string(forms.bid ? "--bid" : "--par") + " is a 1947 move; this game is 1853's");
  }
  if (forms.pass) return FromPass(legal);
  if (!forms.buy.empty()) return FromBuy(forms.buy, legal);
  if (!forms.sell.empty()) {
    const auto parts = SplitColons(forms.sell);
    if (parts.size() != 2 || parts[0].empty()) throw BadInput("--sell wants COMPANY:COUNT, e.g. EIR:2, not '" + forms.sell + "'");
    const int64_t shares = ParseNumber(parts[1], "the count", "--sell");
    if (shares < 1) throw BadInput("--sell: sell at least one share");
    action.mutable_sell_shares()->set_company(parts[0]);
    action.mutable_sell_shares()->set_count(static_cast<int32_t>(shares));
  } else if (!forms.lay.empty()) {
    auto* lay = action.mutable_lay_tile();
    std::string hex, tile;
    int rotation = 0;
    ParseTilePlacement(forms.lay, "--lay", &hex, &tile, &rotation);
    lay->set_hex(hex);
    lay->set_tile(tile);
    lay->set_rotation(rotation);
  } else if (!forms.promote.empty()) {
    auto* promote = action.mutable_promote_tile();
    std::string hex, tile;
    int rotation = 0;
    ParseTilePlacement(forms.promote, "--promote", &hex, &tile, &rotation);
    promote->set_hex(hex);
    promote->set_tile(tile);
    promote->set_rotation(rotation);
  } else if (!forms.base.empty()) {
    const auto parts = SplitColons(forms.base);
    if (parts.size() > 2 || parts[0].empty()) throw BadInput("--base wants HEX or HEX:STATION, not '" + forms.base + "'");
    action.mutable_place_base()->set_hex(parts[0]);
    if (parts.size() == 2) {
      action.mutable_place_base()->set_station(static_cast<int32_t>(ParseNumber(parts[1], "the station", "--base")));
    }
  } else if (!forms.claim.empty()) {
    const auto colon = forms.claim.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == forms.claim.size()) {
      throw BadInput("--claim wants CITY:COMPANY, e.g. Patna:EIR, not '" + forms.claim + "'");
    }
    action.mutable_claim_city()->set_city(forms.claim.substr(0, colon));
    action.mutable_claim_city()->set_company(forms.claim.substr(colon + 1));
  } else if (forms.bond) {
    if (*forms.bond < 0 || *forms.bond > 1000000) throw BadInput(fmt::format("--bond: {} is no bond amount", *forms.bond));
    action.mutable_commit_bond()->set_amount(static_cast<int32_t>(*forms.bond));
  } else if (!forms.redeem.empty()) {
    action.mutable_redeem_share()->set_company(forms.redeem);
  } else if (!forms.train.empty()) {
    action.mutable_buy_train()->set_train(forms.train);
  }
  return action;
}

}  // namespace mailrun::cli
