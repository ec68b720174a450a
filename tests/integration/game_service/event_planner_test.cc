// PlanEvents on real transitions of the engine: the sample game of Appendix 4 for turns, and
// whole games of the reference bot for returned bonds and the end of the game.
#include "services/game/event_planner.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/game_harness.h"
#include "tests/unit/engine/engine_test_util.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::game {
namespace {

using mailrun::engine::Game;
using mailrun::v1::Event;

// The German catalog's messages (i18n/de.json).
nlohmann::json GermanCatalog() {
  std::ifstream in(std::filesystem::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  EXPECT_TRUE(in) << "i18n/de.json is missing";
  return in ? nlohmann::json::parse(in).at("messages") : nlohmann::json::object();
}

std::set<std::string> ParamNames(const mailrun::v1::StructuredText& text) {
  std::set<std::string> names;
  for (const auto& param : text.params()) {
    EXPECT_NE(param.value_case(), mailrun::v1::TextParam::VALUE_NOT_SET) << text.key() << " {" << param.name() << "}";
    names.insert(param.name());
  }
  return names;
}

// "" when the catalog has the key and every placeholder of its entry is a parameter (exactly the
// parameters when `exact`), else what is wrong.
std::string CatalogFault(const nlohmann::json& catalog, const mailrun::v1::StructuredText& text, bool exact) {
  if (text.key().empty()) return "no key";
  if (!catalog.contains(text.key())) return text.key() + " is not in i18n/de.json";
  static const std::regex placeholder(R"(\{([a-z_]+)\})");
  const std::string entry = catalog.at(text.key()).get<std::string>();
  std::set<std::string> placeholders;
  for (std::sregex_iterator it(entry.begin(), entry.end(), placeholder), end; it != end; ++it) placeholders.insert((*it)[1]);
  const std::set<std::string> params = ParamNames(text);
  const bool fits = exact ? placeholders == params : std::includes(params.begin(), params.end(), placeholders.begin(), placeholders.end());
  return fits ? "" : text.key() + ": placeholders " + ::testing::PrintToString(placeholders) + " but parameters " + ::testing::PrintToString(params);
}

GameInfo InfoOf(const mailrun::v1::GameConfig& config) {
  GameInfo info;
  info.game_id = "g1";
  info.config = config;
  info.table_id = "table-7";
  info.tournament_id = "cup";
  info.turn_deadline_seconds = 3600;
  return info;
}

class SampleGameEvents : public ::testing::Test {
 protected:
  void SetUp() override {
    record_ = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
    info_ = InfoOf(record_.config);
    game_.emplace(*Game::Create(record_.config));
  }
  // Applies action i and returns the events it causes.
  std::vector<Event> Step(size_t i) {
    const Game before = *game_;
    EXPECT_TRUE(game_->Apply(record_.actions[i]).ok());
    return PlanEvents(info_, &before, *game_, record_.actions[i].seat(), static_cast<int64_t>(i + 1), 1234);
  }

  mailrun::engine::GameRecord record_;
  GameInfo info_;
  std::optional<Game> game_;
};

TEST_F(SampleGameEvents, CreationTellsEveryoneToWriteDownABond) {
  const auto events = PlanEvents(info_, nullptr, *game_, kNoActor, 0, 1234);
  ASSERT_EQ(events.size(), 5u);
  for (int seat = 0; seat < 5; ++seat) {
    EXPECT_EQ(events[seat].event_id(), "game:g1:0:turn:" + std::to_string(seat));
    ASSERT_EQ(events[seat].user_ids_size(), 1);
    EXPECT_EQ(events[seat].user_ids(0), record_.config.players(seat).user_id());
    EXPECT_EQ(events[seat].created_at_unix_ms(), 1234);
    const auto& turn = events[seat].your_turn();
    EXPECT_EQ(turn.game_id(), "g1");
    EXPECT_EQ(turn.version(), 0);
    EXPECT_EQ(turn.round(), "Contract bids");
    EXPECT_FALSE(turn.expected().empty());
    EXPECT_EQ(turn.remind_after_seconds(), 3600);
    EXPECT_TRUE(turn.acting_for().empty());
  }
}

TEST_F(SampleGameEvents, OnlyPlayersWhoseTurnBeginsAreTold) {
  for (size_t i = 0; i < 4; ++i) EXPECT_TRUE(Step(i).empty()) << "bond " << i << ": the others were already told";
  const auto claims = Step(4);  // the last bond: Adam, the largest, claims first
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].event_id(), "game:g1:5:turn:0");
  EXPECT_EQ(claims[0].user_ids(0), "adam");
  for (size_t i = 5; i < 25; ++i) Step(i);
  const auto dealing = Step(25);  // Adam ends his dealing turn: Beth's begins
  ASSERT_EQ(dealing.size(), 1u);
  EXPECT_EQ(dealing[0].user_ids(0), "beth");
  EXPECT_EQ(dealing[0].your_turn().round(), "Dealing Round 1");
}

TEST_F(SampleGameEvents, RailwayTurnsSayWhichCompanyTheDirectorRuns) {
  int railway_turns = 0;
  for (size_t i = 0; i < record_.actions.size(); ++i) {
    for (const auto& event : Step(i)) {
      if (!event.has_your_turn() || game_->View(-1).round().kind() != mailrun::v1::ROUND_RAILWAY) continue;
      EXPECT_EQ(event.your_turn().acting_for(), game_->View(-1).round().operating_company());
      EXPECT_NE(event.your_turn().round().find("Railway Round"), std::string::npos);
      ++railway_turns;
    }
  }
  EXPECT_GT(railway_turns, 5);
}

// Issue 22: a turn says its round typed and what it expects as a message key with typed
// parameters, which the German catalog has, so an app needs no English sentence to say it.
TEST_F(SampleGameEvents, EveryTurnSaysWhatItExpectsAsAKeyTheCatalogHas) {
  const auto catalog = GermanCatalog();
  std::set<std::string> keys;
  for (const auto& event : PlanEvents(info_, nullptr, *game_, kNoActor, 0, 1234)) {
    EXPECT_EQ(CatalogFault(catalog, event.your_turn().structured_expected(), false), "");
    keys.insert(event.your_turn().structured_expected().key());
  }
  for (size_t i = 0; i < record_.actions.size(); ++i) {
    for (const auto& event : Step(i)) {
      if (!event.has_your_turn()) continue;
      const auto& turn = event.your_turn();
      const auto view = game_->View(-1);
      EXPECT_EQ(turn.round_kind(), view.round().kind());
      EXPECT_EQ(turn.round_number(), view.round().number());
      EXPECT_EQ(turn.railway_in_set(), view.round().railway_in_set());
      EXPECT_EQ(turn.railway_set_size(), view.round().railway_set_size());
      const auto& expected = turn.structured_expected();
      EXPECT_EQ(CatalogFault(catalog, expected, false), "") << turn.expected();
      const int seat = std::stoi(event.event_id().substr(event.event_id().rfind(':') + 1));
      for (const auto& param : expected.params()) {
        if (param.name() == "seat") {
          EXPECT_EQ(param.seat(), seat) << expected.key();
        } else if (param.name() == "round") {
          EXPECT_EQ(param.count(), view.round().number()) << expected.key();
        } else if (param.name() == "company" && !turn.acting_for().empty()) {
          EXPECT_EQ(param.company(), turn.acting_for());
        }
      }
      keys.insert(expected.key());
    }
  }
  // Bonds, city claims, dealing, and more than one railway step at least.
  for (const char* key : {"1853.turn.contract_bids.bond", "1853.turn.contract_bids.claim_cities", "1853.turn.dealing.deal",
                          "1853.turn.railway.lay_or_promote_track"}) {
    EXPECT_TRUE(keys.contains(key)) << key << " never said; said: " << ::testing::PrintToString(keys);
  }
  EXPECT_GE(keys.size(), 6u) << ::testing::PrintToString(keys);
}

// 1947: each turn's notification names the round in 18xx's words (RoundKind), from the private
// auction (3.2) through the first stock round (5) and, everyone having passed so that no railway
// floated, past the first operating round (which passes by itself: the privates pay) into the
// second stock round.
TEST(T1947Events, YourTurnNamesTheAuctionAndTheStockRound) {
  mailrun::v1::GameConfig config;
  config.set_title(mailrun::v1::TITLE_1947);
  for (const char* name : {"paul", "robert", "emily"}) {
    auto* player = config.add_players();
    player->set_user_id(name);
    player->set_display_name(name);
  }
  const GameInfo info = InfoOf(config);
  const auto catalog = GermanCatalog();
  std::map<std::string, int> keys;
  Game game = *Game::Create(config);
  const auto opening = PlanEvents(info, nullptr, game, kNoActor, 0, 1);
  ASSERT_EQ(opening.size(), 1u);
  EXPECT_EQ(opening[0].your_turn().round(), "Private auction");
  EXPECT_EQ(opening[0].your_turn().expected().rfind("Private auction (3.2): P1", 0), 0u) << opening[0].your_turn().expected();
  std::map<std::string, int> rounds;
  int64_t version = 0;
  while (!game.ActiveSeats().empty() && version < 200 && rounds["Stock Round 2"] == 0) {
    mailrun::v1::Action pass;
    pass.set_seat(game.ActiveSeats().front());
    if (game.View(-1).round().kind() == mailrun::v1::ROUND_STOCK) {
      pass.mutable_pass_turn_1947();
    } else {
      pass.mutable_pass_private_1947();
    }
    const Game before = game;
    ASSERT_TRUE(game.Apply(pass).ok()) << "version " << version;
    for (const auto& event : PlanEvents(info, &before, game, pass.seat(), ++version, 1)) {
      ASSERT_TRUE(event.has_your_turn());
      ++rounds[event.your_turn().round()];
      EXPECT_EQ(CatalogFault(catalog, event.your_turn().structured_expected(), false), "");
      EXPECT_EQ(event.your_turn().round_kind(), game.View(-1).round().kind());
      ++keys[event.your_turn().structured_expected().key()];
      if (event.your_turn().round() == "Stock Round 1") {
        EXPECT_EQ(event.your_turn().expected(), "Stock Round 1");
      }
    }
  }
  EXPECT_GT(rounds["Private auction"], 0);
  // Each player's turn of the round (all pass), but the first one's if they made the auction's last move.
  EXPECT_GE(rounds["Stock Round 1"], 2);
  EXPECT_LE(rounds["Stock Round 1"], 3);
  EXPECT_EQ(rounds["Stock Round 2"], 1);
  EXPECT_EQ(rounds.size(), 3u) << ::testing::PrintToString(rounds);
  EXPECT_GT(keys["1947.turn.private_auction.bid"], 0) << ::testing::PrintToString(keys);
  EXPECT_GT(keys["1947.turn.stock.buy_or_sell_shares"], 0) << ::testing::PrintToString(keys);
  EXPECT_EQ(game.View(-1).round().kind(), mailrun::v1::ROUND_STOCK);
  EXPECT_EQ(RoundName(game.View(-1).round()), "Stock Round 2");
}

TEST(BotGameEvents, ReturnedBondsAndTheEndAreAnnouncedToEveryPlayer) {
  int bonds_returned = 0;
  const auto catalog = GermanCatalog();
  std::set<std::string> turn_keys;
  for (const auto& config : testing::EndingBotGames("p", 3)) {
    const int players = config.players_size();
    const GameInfo info = InfoOf(config);
    std::map<std::string, Event> events;
    int64_t version = 0;
    const Game end = testing::PlayBotTransitions(
        config, testing::kBotGameMaxActions, [&](const Game& before, const Game& after, int seat) {
          for (auto& event : PlanEvents(info, &before, after, seat, ++version, 1)) {
            if (event.has_your_turn()) {
              EXPECT_EQ(CatalogFault(catalog, event.your_turn().structured_expected(), false), "")
                  << event.your_turn().expected();
              turn_keys.insert(event.your_turn().structured_expected().key());
            }
            EXPECT_FALSE(events.contains(event.event_id())) << "event id used twice: " << event.event_id();
            events[event.event_id()] = event;
          }
        });
    ASSERT_TRUE(end.Finished()) << "seed " << config.seed();
    for (int seat = 0; seat < players; ++seat) {
      const auto& bond = mailrun::engine::t1853::As1853(end)->state().players[seat].bond;
      const auto found = events.find("game:g1:bond:" + std::to_string(seat));
      ASSERT_EQ(found != events.end(), bond.returned) << "seed " << config.seed() << " seat " << seat;
      if (!bond.returned) continue;
      ++bonds_returned;
      const auto& returned = found->second.bond_returned();
      EXPECT_EQ(returned.user_id(), config.players(seat).user_id());
      EXPECT_EQ(returned.amount(), bond.amount);
      ASSERT_EQ(returned.cities_size(), static_cast<int>(bond.claims.size()));
      for (size_t c = 0; c < bond.claims.size(); ++c) {
        EXPECT_EQ(returned.cities(c), mailrun::engine::t1853::As1853(end)->data().cities[bond.claims[c].city].name);
      }
      EXPECT_EQ(found->second.user_ids_size(), players);
    }
    const auto finished = events.find("game:g1:finished");
    ASSERT_NE(finished, events.end());
    const auto& result = finished->second.game_finished();
    EXPECT_EQ(result.reason(), mailrun::engine::t1853::As1853(end)->state().end_reason);
    // The end reason as a key the catalog has with exactly its parameters, citing its rule (5.1).
    EXPECT_EQ(CatalogFault(catalog, result.structured_reason(), true), "") << result.reason();
    EXPECT_EQ(result.structured_reason().key().rfind("1853.end.", 0), 0u) << result.structured_reason().key();
    bool cites_rule = false;
    for (const auto& param : result.structured_reason().params()) {
      cites_rule |= param.name() == "rule" && result.reason().find("(" + param.rule() + ")") != std::string::npos;
    }
    EXPECT_TRUE(cites_rule) << result.reason();
    EXPECT_EQ(result.table_id(), "table-7");
    EXPECT_EQ(result.tournament_id(), "cup");
    ASSERT_EQ(result.results_size(), players);
    for (int seat = 0; seat < players; ++seat) {
      EXPECT_EQ(result.results(seat).seat(), seat);
      EXPECT_EQ(result.results(seat).user_id(), config.players(seat).user_id());
      EXPECT_EQ(result.results(seat).final_wealth(), mailrun::engine::t1853::As1853(end)->state().scores[seat].wealth);
      EXPECT_EQ(result.results(seat).rank(), mailrun::engine::t1853::As1853(end)->state().scores[seat].rank);
    }
  }
  EXPECT_GT(bonds_returned, 0) << "no bot game returned a bond: the check above checked nothing";
  // A company's turn begins with its track (4.1); the bot games reach the dealing and railway rounds.
  for (const char* key : {"1853.turn.dealing.deal", "1853.turn.railway.lay_or_promote_track"}) {
    EXPECT_TRUE(turn_keys.contains(key)) << key << ": " << ::testing::PrintToString(turn_keys);
  }
}

}  // namespace
}  // namespace mailrun::game
