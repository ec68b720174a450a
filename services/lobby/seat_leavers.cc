#include "services/lobby/seat_leavers.h"

#include <map>
#include <string>

namespace mailrun::lobby {

mailrun::v1::GameFinished WithLeaversRanked(const mailrun::v1::GameFinished& finished) {
  if (finished.handovers().empty()) return finished;
  std::map<int, std::string> first_leaver;  // seat -> the player who sat there first
  for (const auto& handover : finished.handovers()) first_leaver.emplace(handover.seat(), handover.leaver_user_id());
  mailrun::v1::GameFinished out = finished;
  int stayed = 0;
  for (auto& result : *out.mutable_results()) {
    if (const auto leaver = first_leaver.find(result.seat()); leaver != first_leaver.end()) {
      result.set_user_id(leaver->second);
    } else {
      ++stayed;
    }
  }
  for (int i = 0; i < out.results_size(); ++i) {
    auto& result = *out.mutable_results(i);
    if (first_leaver.count(result.seat())) {
      result.set_rank(stayed + 1);  // a loss against everyone who stayed
      continue;
    }
    int better = 0;  // players who stayed and finished strictly ahead
    for (const auto& other : finished.results()) {
      if (!first_leaver.count(other.seat()) && other.rank() < finished.results(i).rank()) ++better;
    }
    result.set_rank(better + 1);
  }
  return out;
}

}  // namespace mailrun::lobby
