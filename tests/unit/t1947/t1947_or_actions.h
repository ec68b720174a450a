// Operating round actions for the 1947 tests that play them through Apply: a player's action of a
// kind, a tile lay by its exits, and a refusal that must leave the game unchanged.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <string_view>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/state_json.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {

inline Action1947 By(int player, ActionKind kind) {
  Action1947 a;
  a.kind = kind;
  a.player = player;
  return a;
}

inline Action1947 LayAction(int player, std::string_view hex, const std::string& tile, std::initializer_list<std::string_view> exits) {
  Action1947 a = By(player, ActionKind::kLayTrack);
  a.hex = std::string(hex);
  a.tile = tile;
  a.rotation = Rotation(tile, exits);
  return a;
}

// 6.15: the operating railway buys `train` from `source` ("" the bank, "pool", a railway) at `price`.
inline Action1947 TrainAction(int player, const std::string& train, const std::string& source = "", int price = 0) {
  Action1947 a = By(player, ActionKind::kBuyTrain);
  a.train = train;
  a.source = source;
  a.amount = price;
  return a;
}

// 3.3: the operating railway's president buys private `number` for `price`.
inline Action1947 BuyPrivateAction(int player, int number, int price) {
  Action1947 a = By(player, ActionKind::kBuyPrivate);
  a.private_number = number;
  a.amount = price;
  return a;
}

// The refusal's key; the game is unchanged by it.
inline std::string Refused(T1947Game& g, const Action1947& a) {
  const std::string before = SnapshotJson(g);
  Status s = Apply(g, a);
  EXPECT_EQ(SnapshotJson(g), before) << "a refused action changed the game";
  return s.ok() ? "accepted" : s.error().key;
}

}  // namespace mailrun::engine::t1947
