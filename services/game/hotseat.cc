#include "services/game/hotseat.h"

namespace mailrun::game {

bool PlaysEverySeat(const GameInfo& info, const std::string& user_id) {
  return info.study() && info.study_owner == user_id;
}

int HotseatSeat(const mailrun::engine::Game& game, int asked) {
  if (asked != 0) return asked;
  const std::vector<int> active = game.ActiveSeats();
  return active.empty() ? 0 : active.front();
}

std::vector<mailrun::v1::LegalAction> HotseatLegalActions(const mailrun::engine::Game& game) {
  std::vector<mailrun::v1::LegalAction> all;
  for (const int seat : game.ActiveSeats()) {
    for (auto& legal : game.LegalActions(seat)) {
      legal.mutable_action()->set_seat(seat);
      all.push_back(std::move(legal));
    }
  }
  return all;
}

}  // namespace mailrun::game
