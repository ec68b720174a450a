// 1853's answers to the title hooks of engine/core/title.h: final standings, what may not be taken
// back, bonds made public, invariants and the reference bot.
#include <fmt/format.h>

#include "engine/titles/game.h"
#include "engine/titles/t1853/bot.h"
#include "engine/titles/t1853/game.h"
#include "engine/titles/t1853/invariants.h"
#include "engine/titles/t1853/rule_citations.h"

namespace mailrun::engine::t1853 {
namespace {

// Both games of a hook are 1853's: the services only compare games of one title.
const Game& Same(const TitleGame& other) { return static_cast<const Game&>(other); }

// 5.1, 2.5.2.3, 4.3.2: what an undo from `now` back to `before` may not take back.
std::optional<Error> UndoRefusalOf(const GameState& now, const GameState& before) {
  if (now.stage == Stage::kFinished) return Illegal("1853.refusal.game_hooks.game_over_last_action_cannot", "5.1", "the game is over: its last action cannot be taken back");
  if (before.stage == Stage::kBondCommit && now.stage != Stage::kBondCommit) {
    return Illegal("1853.refusal.game_hooks.bond_revealed_every_bond_amount", "2.5.2.3", "that bond revealed every bond amount, so it cannot be taken back");
  }
  for (size_t player = 0; player < now.players.size(); ++player) {
    if (now.players[player].bond.returned && !before.players[player].bond.returned) {
      return Illegal("1853.refusal.game_hooks.action_returned_bond_made_cities", "4.3.2", "that action returned a bond and made its cities public, so it cannot be taken back");
    }
  }
  return std::nullopt;
}

}  // namespace

const Game* As1853(const engine::Game& game) { return dynamic_cast<const Game*>(&game.title_game()); }

std::vector<FinalStanding> Game::Standings() const {
  std::vector<FinalStanding> standings;
  for (const FinalScore& score : state_.scores) standings.push_back({score.seat, score.wealth, score.rank});
  return standings;
}

std::optional<Error> Game::UndoRefusal(const TitleGame& before_game) const {
  std::optional<Error> refusal = UndoRefusalOf(state_, Same(before_game).state());
  if (refusal) return Cite(*data_, std::move(*refusal));  // in the edition's rule numbers
  return refusal;
}

std::vector<RevealedBid> Game::RevealedSince(const TitleGame* before_game) const {
  std::vector<RevealedBid> revealed;
  const GameState* before = before_game ? &Same(*before_game).state() : nullptr;
  for (int seat = 0; seat < static_cast<int>(state_.players.size()); ++seat) {
    const Bond& bond = state_.players[seat].bond;
    if (!bond.returned || (before != nullptr && before->players[seat].bond.returned)) continue;
    RevealedBid bid{seat, bond.amount, {}};
    // 4.3.2: a returned bond's cities are public; every viewer's view shows them now.
    for (const BidClaim& claim : bond.claims) bid.cities.push_back(data_->cities[claim.city].name);
    revealed.push_back(std::move(bid));
  }
  return revealed;
}

std::vector<std::string> Game::CheckInvariants(const TitleGame* before) const {
  return t1853::CheckInvariants(*this, before ? &Same(*before).state() : nullptr);
}

std::optional<mailrun::v1::Action> Game::BotAction(int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                                   uint64_t& rng) const {
  return bot::ChooseAction(*this, seat, legal, rng);
}

}  // namespace mailrun::engine::t1853
