// Whole games by tapping only, on a 360 x 740 phone (issue 48's acceptance): a short 1853 game to
// its end (browser_tap1853.mjs) and 1947 through its auction, first stock round and first
// operating round (browser_tap1947.mjs), every move of every seat tapped in that seat's browser.
// The scripts report each move they tapped; this test checks through the game service (not the
// browser) that the game's log is exactly those moves, by those seats, each one version, nothing
// made by a bot or the API between them, that the 1853 game ended as the rules end it, and that
// 1947's first operating round had a lay, a station, a run drawn by hand and a train bought; and
// that axe-core found no serious or critical violation on any screen met.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/e2e/web/web_suite.h"

namespace mailrun::e2e {
namespace {

class WebTap : public Web {};

// Every entry of `game_id`'s log from version 1 to `last`, as `token`'s player reads it.
std::vector<mailrun::v1::HistoryEntry> LogUpTo(GameStub& game, const std::string& token, const std::string& game_id, int64_t last) {
  std::vector<mailrun::v1::HistoryEntry> entries;
  while (static_cast<int64_t>(entries.size()) < last) {
    mailrun::v1::GetHistoryRequest page;
    page.set_game_id(game_id);
    page.set_after_seq(static_cast<int64_t>(entries.size()));
    page.set_page_size(200);
    mailrun::v1::GetHistoryResponse answer;
    EXPECT_TRUE(CallAs(game, &GameStub::GetHistory, token, page, &answer).ok());
    if (answer.entries_size() == 0) break;
    for (const auto& entry : answer.entries()) entries.push_back(entry);
  }
  if (static_cast<int64_t>(entries.size()) > last) entries.resize(static_cast<size_t>(last));
  return entries;
}

// The script's tapped moves against the log: one entry a move, at the version the script says,
// by the seat of the player who tapped it, none undone. Returns the log's first keys by version.
std::map<int64_t, std::string> CheckTappedLog(GameStub& game, const std::string& token, const std::string& game_id, const nlohmann::json& saw) {
  mailrun::v1::GetGameRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetGameResponse start;
  get.set_at_version(0);
  EXPECT_TRUE(CallAs(game, &GameStub::GetGame, token, get, &start).ok());
  std::map<std::string, int> seat_of;
  for (const auto& player : start.view().players()) seat_of[player.display_name()] = player.seat();
  const auto& log = saw.at("log");
  const int64_t last = saw.at("finalVersion").get<int64_t>();
  EXPECT_EQ(static_cast<int64_t>(log.size()), last) << "versions not made by a tap";
  const auto entries = LogUpTo(game, token, game_id, last);
  EXPECT_EQ(static_cast<int64_t>(entries.size()), last);
  std::map<int64_t, std::string> keys;
  for (size_t i = 0; i < log.size() && i < entries.size(); ++i) {
    const auto& move = log[i];
    const auto& entry = entries[i];
    EXPECT_EQ(move.at("version").get<int64_t>(), static_cast<int64_t>(i) + 1) << move;
    EXPECT_EQ(entry.seq(), static_cast<int64_t>(i) + 1);
    EXPECT_EQ(entry.seat(), seat_of.at(move.at("player").get<std::string>())) << move << "\n" << entry.DebugString();
    EXPECT_FALSE(entry.undone()) << move;
    EXPECT_EQ(entry.undoes_seq(), 0) << move;
    keys[entry.seq()] = entry.log_lines_size() > 0 ? entry.log_lines(0).structured().key() : "";
  }
  return keys;
}

// The log entries whose first line's key starts with `prefix`.
int Count(const std::map<int64_t, std::string>& keys, const std::string& prefix) {
  int n = 0;
  for (const auto& [seq, key] : keys) n += key.rfind(prefix, 0) == 0;
  return n;
}

// A short 1853 game (three players, the short bank of 2.4.2) played to its end by tapping.
TEST_F(WebTap, AShort1853GameIsPlayedToItsEndByTappingOnly) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_tap1853.mjs", 1200s, &saw));
  std::cout << "tapped 1853: " << saw.at("moves") << " moves " << saw.at("kinds").dump() << "; screens " << saw.at("screens").dump()
            << "; timings (ms) " << saw.at("timings").dump() << "\n";
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn(saw.at("players").at(0).get<std::string>(), "web-tap-login-1853", &me));
  const std::string game_id = saw.at("gameId");
  mailrun::v1::GetGameRequest get;
  get.set_game_id(game_id);
  mailrun::v1::GetGameResponse end;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, me.access_token(), get, &end).ok());
  EXPECT_EQ(end.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(end.version(), saw.at("finalVersion").get<int64_t>()) << "the game moved after the last tap";
  EXPECT_EQ(end.view().end_reason(), saw.at("endReason").get<std::string>());
  EXPECT_EQ(end.view().players_size(), 3);
  // The short bank, and an end the rules give: the bank broken (5.1.2) or £400 reached (5.1.3).
  EXPECT_NE(end.view().end_reason().find("5.1."), std::string::npos) << end.view().end_reason();
  const auto keys = CheckTappedLog(*game, me.access_token(), game_id, saw);
  // The moves on the map and the runs, tapped, are in the log as such.
  EXPECT_GT(saw.at("kinds").value("layTile", 0), 0);
  EXPECT_EQ(Count(keys, "1853.log.track.lays_tile"), saw.at("kinds").value("layTile", 0));
  EXPECT_EQ(Count(keys, "1853.log.track.promotes_tile"), saw.at("kinds").value("promoteTile", 0));
  EXPECT_GT(saw.at("kinds").value("claimCity", 0), 0);
  EXPECT_GT(saw.at("kinds").value("runTrains", 0), 0);
  // Every browser showed the end, the final scores ranked.
  ASSERT_EQ(saw.at("final").size(), 3u) << saw.at("final");
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");
  EXPECT_TRUE(saw.at("axe").contains("game over"));
}

// 1947 through its auction, first stock round and first operating round by tapping.
TEST_F(WebTap, A1947GameIsPlayedByTappingThroughItsFirstOperatingRound) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_tap1947.mjs", 600s, &saw));
  std::cout << "tapped 1947: " << saw.at("moves") << " moves " << saw.at("kinds").dump() << "; screens " << saw.at("screens").dump()
            << "; stock round fit " << saw.at("stockFit").dump() << "; timings (ms) " << saw.at("timings").dump() << "\n";
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::AuthResponse me;
  ASSERT_NO_FATAL_FAILURE(LogIn("Uma", "web-tap-login-1947", &me));
  const std::string game_id = saw.at("gameId");
  const auto keys = CheckTappedLog(*game, me.access_token(), game_id, saw);
  // The auction, the stock round and the operating round's moves, each in the log as tapped.
  EXPECT_GT(Count(keys, "1947.action.bid"), 0);
  EXPECT_GT(Count(keys, "1947.action.buy_president"), 0);
  EXPECT_GT(Count(keys, "1947.action.lay_track"), 0);
  EXPECT_EQ(Count(keys, "1947.action.lay_track"), saw.at("kinds").value("layTrack1947", 0));
  EXPECT_GT(Count(keys, "1947.action.place_station"), 0);
  EXPECT_EQ(Count(keys, "1947.action.place_station"), saw.at("kinds").value("placeStation1947", 0));
  EXPECT_GT(Count(keys, "1947.action.buy_train"), 0);
  EXPECT_EQ(Count(keys, "1947.action.run_trains"), saw.at("kinds").value("runTrains1947", 0));
  // The run drawn by hand: the runner's, the next version, for what the optimiser's plan earns.
  ASSERT_TRUE(saw.contains("handRun")) << "no railway had a run of two stops to draw";
  const auto& hand = saw.at("handRun");
  const int64_t ran = hand.at("before").get<int64_t>() + 1;
  ASSERT_TRUE(keys.count(ran));
  EXPECT_EQ(keys.at(ran).rfind("1947.action.run_trains", 0), 0u) << keys.at(ran);
  EXPECT_EQ(hand.at("shownTotal").get<int64_t>(), hand.at("planRevenue").get<int64_t>()) << hand;
  // 1947's first stock round as it opens on the phone: every par, buy and pass control and the
  // submit button below the strip and within the 360 x 740 screen.
  const auto& fit = saw.at("stockFit").at("opened");
  EXPECT_GT(fit.at("count").get<int>(), 2) << fit;
  EXPECT_GE(fit.at("top").get<int>(), fit.at("stripBottom").get<int>()) << fit;
  EXPECT_LE(fit.at("bottom").get<int>(), 740) << fit;
  EXPECT_LE(fit.at("right").get<int>(), 360) << fit;
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");
}

}  // namespace
}  // namespace mailrun::e2e
