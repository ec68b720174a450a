// The ways `mailrun act` takes a move: an Action in the protobuf JSON mapping, a short form for the
// common moves (--buy EIR, --sell EIR:2, --pass, --lay Iaa:58:5, ...; in 1947 --bid 30,
// --par PRC:66, --buy PRC:pool:savings, ...), or the Nth of the legal actions that `mailrun
// actions` lists (--choice N, with --amount for a bond, a price or a bid). The short forms are the
// game's title's own: the same --buy is a 1853 or a 1947 purchase. Building an action checks only
// its form; the game service judges whether it is legal (and names the rule when not). Pure
// functions; bad input throws CliError (exit code 2) saying what was wrong.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/game_config.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::cli {

struct ActionForms {
  std::string json;                // {"buyShare": {"company": "EIR", "source": "SHARE_SOURCE_BANK"}}
  std::string buy;                 // COMPANY, COMPANY:bank or COMPANY:pool (3.0); 1947: COMPANY[:io|:pool][:savings]
  std::string sell;                // COMPANY:COUNT (3.1.5)
  bool pass = false;               // pass the bid, end the dealing turn or end the step
  std::string lay;                 // HEX:TILE:ROTATION (4.1)
  std::string promote;             // HEX:TILE:ROTATION (4.2)
  std::string base;                // HEX or HEX:STATION (4.4)
  std::string claim;               // CITY:COMPANY (2.5.2.4)
  std::optional<int64_t> bond;     // the bond's amount (2.5.2.2)
  std::string redeem;              // COMPANY (2.7.4)
  std::string train;               // a train from the bank, e.g. 2 or 1M (4.8)
  std::optional<int64_t> bid;      // 1947: a bid for the private on auction (3.2)
  std::string par;                 // 1947: COMPANY:PAR, the president's certificate at that par (5.3.2)
  int choice = 0;                  // 1-based number in the list of legal actions
  std::optional<int64_t> amount;   // with --choice: the amount of a bond, a price or a gift

  // How many forms were given (exactly one is needed).
  int Count() const;
  // Whether building the action needs the caller's legal actions.
  bool NeedsLegalActions() const;
};

// The action the forms describe, seat left unset (the service takes it from the token).
// `legal` are the caller's legal actions now (needed only when NeedsLegalActions()).
// `title`: the game's (TITLE_UNSPECIFIED is 1853).
mailrun::v1::Action BuildAction(const ActionForms& forms, const std::vector<mailrun::v1::LegalAction>& legal,
                                mailrun::v1::Title title = mailrun::v1::TITLE_UNSPECIFIED);

// Sets the free amount of a ranged action (bond, Elephant or train price, director's gift); false
// if the action has none.
bool SetAmount(mailrun::v1::Action& action, int64_t amount);

}  // namespace mailrun::cli
