// Text for people of what the game service answers: a game's summary (round, whose turn, the
// players' cash and holdings, the companies, the caller's own secret cities), whose turn it is,
// the numbered legal actions, suggested runs, the history and the list of the caller's games.
// Pure functions of API messages.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mailrun/v1/components.pb.h"
#include "mailrun/v1/game.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::cli {

// "1853 Retuned", "1853 (2009 Lookout edition)", "1947": the title registry's names
// (engine/titles/registry.h); an unspecified title is 1853.
std::string EditionName(mailrun::v1::Title title, mailrun::v1::Edition edition);

// The title and edition with 1853's optional rules and whether the board is a reconstruction:
// "1853 Retuned, short game (2.4.2)", "1947, reconstructed map".
std::string GameOptionsText(mailrun::v1::Title title, mailrun::v1::Edition edition,
                            const mailrun::v1::GameOptions& options);

// A ratings ladder: "overall", "1853" (every edition), "1853 Retuned".
std::string LadderName(mailrun::v1::Title title, mailrun::v1::Edition edition);

// An amount in the title's money: "£1,234" for 1853, "Rs. 1,234" for 1947 (the registry's Money).
std::string TitleMoney(mailrun::v1::Title title, int64_t amount);

// The display name of a seat ("seat 3" if the view has no such player).
std::string PlayerName(const mailrun::v1::GameView& view, int seat);

// Who may act now: "Bram (you)", "Asha, Bram and Chen", or "nobody" when the game is over.
std::string ActiveText(const mailrun::v1::GameView& view, int your_seat);

// The whole summary of `mailrun games show`; `components` (GetComponents, empty if none) name the
// places of the companies' bases. A 1947 game is shown by Game1947Text (game_text_1947.h).
std::string GameText(const std::string& game_id, const mailrun::v1::GetGameResponse& game,
                     const mailrun::v1::Components& components);

// `mailrun games turn`: the round and who is to act.
std::string TurnText(const std::string& game_id, const mailrun::v1::GetGameResponse& game);

// `mailrun actions`: the legal actions numbered from 1 (the numbers of `act --choice`). Tile lays
// and promotions are grouped per hex with the place, its terrain and cost and, for each rotation,
// the board edges the tile's track then reaches (from `components`, GetComponents); during the
// contract bids the caller's bid so far (BidText); in 1947 the auction's standing bid, what the
// stock round waits for and the caller's cash (Turn1947Text).
std::string LegalActionsText(const std::string& game_id, const mailrun::v1::ListLegalActionsResponse& legal,
                             const mailrun::v1::GetGameResponse& game, const mailrun::v1::Components& components);

// During the contract bids, the caller's bid: the cities named of the fewest and most allowed
// (2.5.2.6) and the part of the bond their values do not cover yet (2.5.2.9); "" otherwise.
std::string BidText(const mailrun::v1::GetGameResponse& game, const mailrun::v1::Components& components);

// A run's stations for people: "Delhi (Fn) - town (Go) - Agra (Gq)" (names from `components`).
std::string RunStationsText(const mailrun::v1::Components& components, const mailrun::v1::Run& run);

// The board edges a tile's track reaches when laid with `rotation`: "SW, NE" (edges as
// components.proto numbers them); "" for a tile the components lack.
std::string TrackEdgesText(const mailrun::v1::Components& components, const std::string& tile, int rotation);

// `mailrun runs`: both plans of the route optimiser.
std::string SuggestedRunsText(const mailrun::v1::SuggestRunsResponse& runs);

// `mailrun history`: one line per log line, each entry numbered with who acted.
std::string HistoryText(const std::vector<mailrun::v1::HistoryEntry>& entries, const mailrun::v1::GameView& view);

// `mailrun games list`.
std::string GameListText(const mailrun::v1::ListMyGamesResponse& games);

}  // namespace mailrun::cli
