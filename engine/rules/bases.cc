#include "engine/rules/bases.h"

namespace mailrun::engine {

Status ValidatePlaceBase(const Context&, int, const mailrun::v1::PlaceBase&) {
  return Illegal("4.4", "base stations are not available in this build yet");
}
void ExecutePlaceBase(Context&, int, const mailrun::v1::PlaceBase&) {}
void ListBaseActions(const Context&, int, std::vector<mailrun::v1::LegalAction>&) {}

}  // namespace mailrun::engine
