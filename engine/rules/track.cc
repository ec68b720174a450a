#include "engine/rules/track.h"

#include "engine/rules/railway_round.h"

namespace mailrun::engine {

Status ValidateLayTile(const Context&, int, const mailrun::v1::LayTile&) {
  return Illegal("4.1", "track laying is not available in this build yet");
}
void ExecuteLayTile(Context&, int, const mailrun::v1::LayTile&) {}

Status ValidatePromoteTile(const Context&, int, const mailrun::v1::PromoteTile&) {
  return Illegal("4.2", "tile promotion is not available in this build yet");
}
void ExecutePromoteTile(Context&, int, const mailrun::v1::PromoteTile&) {}

Status ValidateEndTrackStep(const Context&) { return OkStatus(); }
void FinishTrackStep(Context&) {}

void ListTrackActions(const Context&, int, std::vector<mailrun::v1::LegalAction>&) {}

}  // namespace mailrun::engine
