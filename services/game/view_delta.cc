#include "services/game/view_delta.h"

#include <google/protobuf/util/message_differencer.h>

#include <map>
#include <string>

namespace mailrun::game {
namespace {

using google::protobuf::RepeatedPtrField;
using google::protobuf::util::MessageDifferencer;

// Adds to `out` the entries of `after` that are new or differ from `before` (matched by `key`).
// Returns false when an entry of `before` has no counterpart in `after`.
template <typename Item, typename Key>
bool ChangedEntries(const RepeatedPtrField<Item>& before, const RepeatedPtrField<Item>& after, Key key,
                    RepeatedPtrField<Item>* out) {
  std::map<decltype(key(before.Get(0))), const Item*> old;
  for (const Item& item : before) old[key(item)] = &item;
  size_t matched = 0;
  for (const Item& item : after) {
    const auto found = old.find(key(item));
    if (found != old.end()) {
      ++matched;
      if (MessageDifferencer::Equals(*found->second, item)) continue;
    }
    *out->Add() = item;
  }
  return matched == old.size();
}

template <typename Item, typename Key>
void MergeEntries(RepeatedPtrField<Item>* base, const RepeatedPtrField<Item>& changed, Key key) {
  for (const Item& item : changed) {
    bool replaced = false;
    for (Item& existing : *base) {
      if (key(existing) == key(item)) {
        existing = item;
        replaced = true;
        break;
      }
    }
    if (!replaced) *base->Add() = item;
  }
}

const auto kSeat = [](const mailrun::v1::PlayerView& p) { return p.seat(); };
const auto kInitials = [](const mailrun::v1::CompanyView& c) { return c.initials(); };
const auto kHex = [](const mailrun::v1::LaidTile& t) { return t.hex(); };
const auto kTrainName = [](const mailrun::v1::TrainStock& t) { return t.name(); };

}  // namespace

std::optional<mailrun::v1::GameView> ViewDelta(const mailrun::v1::GameView& before,
                                               const mailrun::v1::GameView& after) {
  mailrun::v1::GameView delta = after;  // scalars and whole-replacement fields as they are now
  delta.clear_players();
  delta.clear_companies();
  delta.clear_tiles();
  delta.clear_trains();
  delta.clear_tiles_remaining();
  if (!ChangedEntries(before.players(), after.players(), kSeat, delta.mutable_players()) ||
      !ChangedEntries(before.companies(), after.companies(), kInitials, delta.mutable_companies()) ||
      !ChangedEntries(before.tiles(), after.tiles(), kHex, delta.mutable_tiles()) ||
      !ChangedEntries(before.trains(), after.trains(), kTrainName, delta.mutable_trains())) {
    return std::nullopt;
  }
  for (const auto& [tile, count] : before.tiles_remaining()) {
    if (!after.tiles_remaining().contains(tile)) return std::nullopt;
  }
  for (const auto& [tile, count] : after.tiles_remaining()) {
    const auto old = before.tiles_remaining().find(tile);
    if (old == before.tiles_remaining().end() || old->second != count) (*delta.mutable_tiles_remaining())[tile] = count;
  }
  return delta;
}

void MergeDelta(mailrun::v1::GameView& base, const mailrun::v1::GameView& delta) {
  mailrun::v1::GameView merged = delta;
  *merged.mutable_players() = base.players();
  *merged.mutable_companies() = base.companies();
  *merged.mutable_tiles() = base.tiles();
  *merged.mutable_trains() = base.trains();
  *merged.mutable_tiles_remaining() = base.tiles_remaining();
  MergeEntries(merged.mutable_players(), delta.players(), kSeat);
  MergeEntries(merged.mutable_companies(), delta.companies(), kInitials);
  MergeEntries(merged.mutable_tiles(), delta.tiles(), kHex);
  MergeEntries(merged.mutable_trains(), delta.trains(), kTrainName);
  for (const auto& [tile, count] : delta.tiles_remaining()) (*merged.mutable_tiles_remaining())[tile] = count;
  base = std::move(merged);
}

}  // namespace mailrun::game
