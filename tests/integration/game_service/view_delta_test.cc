// ViewDelta and MergeDelta on views of a real game (the Appendix 4 sample game): merging the delta
// into the older view gives the newer view, lists carry only what changed, and a removal (an
// undone tile) asks for the full view.
#include "services/game/view_delta.h"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "engine/titles/game.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::game {
namespace {

using google::protobuf::util::MessageDifferencer;

bool SameView(const mailrun::v1::GameView& a, const mailrun::v1::GameView& b) {
  MessageDifferencer differ;
  differ.set_repeated_field_comparison(MessageDifferencer::AS_SET);
  return differ.Compare(a, b);
}

TEST(ViewDelta, MergingEachDeltaRebuildsEveryViewOfTheSampleGame) {
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  auto game = mailrun::engine::Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (int viewer : {0, 3, mailrun::engine::kSpectator}) {
    auto replay = *game;
    mailrun::v1::GameView client = replay.View(viewer);
    for (size_t i = 0; i < record.actions.size(); ++i) {
      const mailrun::v1::GameView before = replay.View(viewer);
      ASSERT_TRUE(replay.Apply(record.actions[i]).ok()) << i;
      const mailrun::v1::GameView after = replay.View(viewer);
      const auto delta = ViewDelta(before, after);
      ASSERT_TRUE(delta.has_value()) << "the sample game only adds and changes, action " << i;
      EXPECT_LE(delta->players_size(), after.players_size());
      MergeDelta(client, *delta);
      ASSERT_TRUE(SameView(client, after)) << "viewer " << viewer << " after action " << i;
    }
  }
}

TEST(ViewDelta, CarriesOnlyTheChangedEntries) {
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  auto game = mailrun::engine::Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  const auto before = game->View(1);
  ASSERT_TRUE(game->Apply(record.actions[0]).ok());  // Adam writes down his bond
  const auto delta = ViewDelta(before, game->View(1));
  ASSERT_TRUE(delta.has_value());
  ASSERT_EQ(delta->players_size(), 1);
  EXPECT_EQ(delta->players(0).seat(), 0);
  EXPECT_EQ(delta->companies_size(), 0);
  EXPECT_EQ(delta->tiles_size(), 0);
  EXPECT_EQ(delta->trains_size(), 0);
  EXPECT_TRUE(delta->tiles_remaining().empty());
  EXPECT_EQ(delta->round().kind(), mailrun::v1::ROUND_CONTRACT_BIDS);  // scalars are always there
}

TEST(ViewDelta, ARemovedTileMeansAFullView) {
  mailrun::v1::GameView before;
  auto* tile = before.add_tiles();
  tile->set_hex("Iaa");
  tile->set_tile("58");
  mailrun::v1::GameView after;
  EXPECT_FALSE(ViewDelta(before, after).has_value());
  (*before.mutable_tiles_remaining())["58"] = 3;
  *after.add_tiles() = *tile;
  EXPECT_FALSE(ViewDelta(before, after).has_value()) << "a tile count that disappeared";
}

}  // namespace
}  // namespace mailrun::game
