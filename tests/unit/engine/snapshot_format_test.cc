// Stored games' snapshots keep their format (issue 17): snapshots written by the engine before the
// share ledger moved into the core (759f34c, tests/fixtures/snapshots/, one line each) load, are
// written back byte for byte, and are what replaying their record to the same action writes now.
// The ledger's counts are in them as before: 1853's players' "shares" and companies'
// "bank_shares" and "pool_shares", 1947's players' "ordinary" and railways' "io" and "pool".
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/titles/game.h"
#include "engine/titles/t1853/game.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

struct OldSnapshot {
  std::string record;  // under tests/fixtures
  size_t actions;      // the snapshot was taken after this many of its actions
  std::string file;    // under tests/fixtures/snapshots
};

const std::vector<OldSnapshot>& OldSnapshots() {
  static const std::vector<OldSnapshot> snapshots{
      {"sample_game/appendix4.json", 50, "appendix4-after-50.json"},          // dealing: pool, un-redeemed, contracted
      {"games/bot-game-4p.json", 727, "bot-game-4p-after-727.json"},          // the end, with scores
      {"games/edition2009-3p.json", 60, "edition2009-3p-after-60.json"},      // a railway round
      {"games-1947/t1947-3p.json", 1618, "t1947-3p-after-1618.json"},         // savings shares, a sale to protect
      {"games-1947/t1947-5p.json", 1653, "t1947-5p-after-1653.json"},         // an operating round
  };
  return snapshots;
}

TEST(SnapshotFormat, OldSnapshotsLoadAndAreWrittenBackByteForByte) {
  for (const OldSnapshot& old : OldSnapshots()) {
    SCOPED_TRACE(old.file);
    const std::string text = ReadFixture("snapshots/" + old.file);
    ASSERT_FALSE(text.empty());
    const GameRecord record = LoadRecord(old.record);
    auto restored = engine::Game::FromSnapshot(record.config, text);
    ASSERT_TRUE(restored.ok()) << restored.error().ToString();
    EXPECT_EQ(restored->SnapshotJson(), text);
    EXPECT_TRUE(restored->CheckInvariants(nullptr).empty()) << ::testing::PrintToString(restored->CheckInvariants(nullptr));
  }
}

// A snapshot written now, without the fields added after the old snapshots were made: 1947's
// railways' "last_runs" and "last_revenue" (issue 48), which a snapshot from before has not and
// which a railway's next run writes. Fails when a 1947 snapshot has no railway that has run.
std::string WithoutLaterFields(const std::string& text) {
  nlohmann::json snapshot = nlohmann::json::parse(text);
  if (!snapshot.contains("railways")) return text;
  bool any_run = false;
  for (auto& railway : snapshot.at("railways")) {
    any_run = any_run || railway.contains("last_runs");
    railway.erase("last_runs");
    railway.erase("last_revenue");
  }
  EXPECT_TRUE(any_run) << "no 1947 railway has its last runs in a snapshot taken after operating rounds";
  return snapshot.dump();
}

TEST(SnapshotFormat, ReplayingTheRecordWritesTheOldSnapshot) {
  for (const OldSnapshot& old : OldSnapshots()) {
    SCOPED_TRACE(old.file);
    const GameRecord record = LoadRecord(old.record);
    ASSERT_LE(old.actions, record.actions.size());
    auto game = engine::Game::Create(record.config);
    ASSERT_TRUE(game.ok());
    for (size_t i = 0; i < old.actions; ++i) ASSERT_TRUE(game->Apply(record.actions[i]).ok()) << "action " << i + 1;
    EXPECT_EQ(WithoutLaterFields(game->SnapshotJson()), ReadFixture("snapshots/" + old.file));
    if (const Game* own = As1853(*game)) {
      auto restored = engine::Game::FromSnapshot(record.config, game->SnapshotJson());
      ASSERT_TRUE(restored.ok());
      EXPECT_EQ(As1853(*restored)->state().shares, own->state().shares) << "the ledger read back";
    }
  }
}

TEST(SnapshotFormat, MissingShareCountsReadAsANewGamesAsBefore) {
  // The counts were generated fields with defaults: nothing held, every share in the bank.
  auto game = engine::Game::Create(Config(4));
  ASSERT_TRUE(game.ok());
  nlohmann::json stripped = nlohmann::json::parse(game->SnapshotJson());
  for (auto& player : stripped.at("players")) player.erase("shares");
  for (auto& company : stripped.at("companies")) {
    company.erase("bank_shares");
    company.erase("pool_shares");
  }
  auto restored = engine::Game::FromSnapshot(Config(4), stripped.dump());
  ASSERT_TRUE(restored.ok());
  EXPECT_EQ(restored->SnapshotJson(), game->SnapshotJson());
  const ShareLedger& shares = As1853(*restored)->state().shares;
  EXPECT_EQ(shares.players(), 4);
  EXPECT_EQ(shares.InBank(0), kSharesPerCompany);
  EXPECT_EQ(shares.HeldBy(3, 7), 0);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing
