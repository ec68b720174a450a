// Text for people of a 1947 game (GameView.game_1947): the round and whose turn, the player order
// cards, the players' cash, wealth, certificates, privates and holdings (ordinary and savings
// shares, convertible bonds), the private companies with their owners and hammer prices, the
// auction's standing bid, the railways with their par, market price and place on the market grid,
// and any answer the stock round waits for (price protection, a bond issue, a conversion). Pure
// functions of API messages; amounts in rupees.
#pragma once

#include <string>

#include "mailrun/v1/game.pb.h"

namespace mailrun::cli {

// `mailrun games show` of a 1947 game.
std::string Game1947Text(const std::string& game_id, const mailrun::v1::GetGameResponse& game);

// The lines above a 1947 player's numbered legal actions: the private on auction with the standing
// bid, what the stock round waits for, and the caller's cash; "" for another title.
std::string Turn1947Text(const mailrun::v1::GetGameResponse& game);

}  // namespace mailrun::cli
