// Acceptance 3 of issue 22: deleting an account in a running game does what docs/operations.md
// ("Deleting an account") says, and its data is gone from every table that held it.
//
// Through the whole stack (the three service binaries, real PostgreSQL and Redis): four accounts
// sit at a table of four and start its game; the one to be deleted also sits at an open table,
// registers a push device and sets its preferences. Players move (the doomed one too, so the log,
// the inbox and the outbox hold its id and name), then it deletes its account with a wrong
// password (refused, nothing changes) and the right one. Then, once the game and notification
// services have done their parts: every column of every table of the database (text and bytea
// alike, found through information_schema, so a table added later is read too) and every Redis
// key hold neither its id nor its name; its name can be registered again; its tokens are dead;
// the open table was left; and the game goes on: the others keep moving, the bot plays the seat
// now named for the placeholder, and the GetGame view shows the placeholder's name.
#include <gtest/gtest.h>
#include <hiredis/hiredis.h>

#include <chrono>
#include <pqxx/pqxx>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/redis.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using mailrun::v1::GameService;
using mailrun::v1::LobbyService;
using mailrun::v1::NotificationService;
using GameStub = GameService::Stub;
using LobbyStub = LobbyService::Stub;

constexpr char kPassword[] = "a long enough password";

// Every (table, column) whose value holds `needle`: text-like columns as text, bytea as bytes.
std::vector<std::string> ColumnsHolding(pqxx::connection& db, const std::string& needle) {
  pqxx::work txn(db);
  std::vector<std::string> found;
  const pqxx::result columns = txn.exec(
      "SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c"
      " JOIN information_schema.tables t USING (table_schema, table_name)"
      " WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY 1, 2");
  for (const auto& column : columns) {
    const std::string table = txn.quote_name(column[0].as<std::string>());
    const std::string name = txn.quote_name(column[1].as<std::string>());
    const std::string condition = column[2].as<std::string>() == "bytea"
                                      ? "position(convert_to($1, 'UTF8') IN " + name + ") > 0"
                                      : "strpos(lower(" + name + "::text), lower($1)) > 0";
    const int rows = txn.exec_params("SELECT count(*) FROM " + table + " WHERE " + condition, needle)[0][0].as<int>();
    if (rows > 0) found.push_back(column[0].as<std::string>() + "." + column[1].as<std::string>());
  }
  return found;
}

// Every Redis key (of any kind) or string value that holds `needle`.
std::vector<std::string> RedisHolding(const std::string& needle) {
  const auto endpoint = mailrun::service::ParseRedisUrl(mailrun::testing::RedisUrl());
  redisContext* redis = redisConnect(endpoint.host.c_str(), endpoint.port);
  std::vector<std::string> found;
  if (redis == nullptr || redis->err) {
    ADD_FAILURE() << "Redis unreachable";
    if (redis) redisFree(redis);
    return found;
  }
  freeReplyObject(redisCommand(redis, "AUTH %s", endpoint.password.c_str()));
  std::string cursor = "0";
  do {
    auto* reply = static_cast<redisReply*>(redisCommand(redis, "SCAN %s COUNT 1000", cursor.c_str()));
    if (reply == nullptr || reply->type != REDIS_REPLY_ARRAY || reply->elements != 2) {
      ADD_FAILURE() << "SCAN failed";
      if (reply) freeReplyObject(reply);
      break;
    }
    cursor = reply->element[0]->str;
    for (size_t i = 0; i < reply->element[1]->elements; ++i) {
      const std::string key = reply->element[1]->element[i]->str;
      if (key.find(needle) != std::string::npos) found.push_back(key);
      auto* value = static_cast<redisReply*>(redisCommand(redis, "GET %b", key.data(), key.size()));
      if (value && value->type == REDIS_REPLY_STRING && std::string(value->str, value->len).find(needle) != std::string::npos) {
        found.push_back(key + " (value)");
      }
      if (value) freeReplyObject(value);
    }
    freeReplyObject(reply);
  } while (cursor != "0");
  redisFree(redis);
  return found;
}

int Count(pqxx::connection& db, const std::string& sql, const std::string& parameter) {
  pqxx::work txn(db);
  return txn.exec_params(sql, parameter)[0][0].as<int>();
}

class AccountDeletionThroughTheStack : public ::testing::Test {
 protected:
  void SetUp() override {
    stack_ = std::make_unique<Stack>("e2e_account_deletion");
    lobby_ = LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = GameService::NewStub(Stack::Channel(stack_->game_address()));
    notify_ = NotificationService::NewStub(Stack::Channel(stack_->notify_address()));
    db_ = std::make_unique<pqxx::connection>(stack_->database_url());
  }

  // One move by whichever of `players` may act now (the first legal action the service accepts).
  // False when none of them may act.
  bool MoveSomeone(const std::vector<Account>& players, const std::string& game_id) {
    for (const Account& player : players) {
      mailrun::v1::ListLegalActionsRequest list;
      list.set_game_id(game_id);
      mailrun::v1::ListLegalActionsResponse legal;
      if (!CallAs(*game_, &GameStub::ListLegalActions, player.token, list, &legal).ok()) continue;
      for (const auto& option : legal.actions()) {
        mailrun::v1::SubmitActionRequest submit;
        submit.set_game_id(game_id);
        submit.set_expected_version(legal.version());
        submit.set_request_id(NewRequestId());
        *submit.mutable_action() = option.action();
        mailrun::v1::SubmitActionResponse answer;
        const grpc::Status status = CallAs(*game_, &GameStub::SubmitAction, player.token, submit, &answer);
        if (status.ok()) return true;
        if (status.error_code() == grpc::StatusCode::ABORTED) return true;  // the bot moved first: look again
      }
    }
    return false;
  }

  std::unique_ptr<Stack> stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
  std::unique_ptr<NotificationService::Stub> notify_;
  std::unique_ptr<pqxx::connection> db_;
};

TEST_F(AccountDeletionThroughTheStack, TheSeatPlaysOnAnonymouslyAndNoTableKeepsTheAccount) {
  // ---- Four players in a running game; the doomed one ("Quentin Doomed") has traces everywhere --
  std::vector<Account> players;
  for (const char* name : {"Ada Stays", "Bea Stays", "Quentin Doomed", "Cyd Stays"}) {
    players.push_back(RegisterAccount(*lobby_, name, kPassword));
  }
  ASSERT_FALSE(::testing::Test::HasFailure());
  const Account doomed = players[2];
  const mailrun::v1::Table table = SeatAndStart(*lobby_, players, 4, mailrun::v1::GameOptions());
  ASSERT_FALSE(table.game_id().empty());
  const std::string game_id = table.game_id();

  mailrun::v1::CreateTableRequest open;
  open.set_request_id(NewRequestId());
  open.set_name("waiting for players");
  open.set_seats(3);
  mailrun::v1::Table open_table;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::CreateTable, doomed.token, open, &open_table).ok());
  mailrun::v1::RegisterDeviceRequest device;
  device.set_request_id(NewRequestId());
  device.set_platform(mailrun::v1::PLATFORM_APNS);
  device.set_push_token("apns-device-token-of-the-doomed-player");
  mailrun::v1::RegisterDeviceResponse registered;
  ASSERT_TRUE(CallAs(*notify_, &NotificationService::Stub::RegisterDevice, doomed.token, device, &registered).ok());
  mailrun::v1::SetPreferencesRequest preferences;
  preferences.set_request_id(NewRequestId());
  preferences.mutable_preferences()->mutable_quiet_hours()->set_enabled(true);
  preferences.mutable_preferences()->mutable_quiet_hours()->set_start_minute(1320);
  preferences.mutable_preferences()->mutable_quiet_hours()->set_end_minute(420);
  preferences.mutable_preferences()->mutable_quiet_hours()->set_time_zone("Europe/London");
  mailrun::v1::SetPreferencesResponse set;
  ASSERT_TRUE(CallAs(*notify_, &NotificationService::Stub::SetPreferences, doomed.token, preferences, &set).ok());

  // Everyone moves until the doomed player has moved twice and its traces reached the inbox.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (Count(*db_, "SELECT count(*) FROM game_actions WHERE user_id = $1", doomed.user_id) < 2 ||
         Count(*db_, "SELECT count(*) FROM inbox WHERE user_id = $1", doomed.user_id) < 1) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << stack_->LogTails();
    if (!MoveSomeone(players, game_id)) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  for (const std::string& needle : {doomed.user_id, doomed.name}) {
    EXPECT_GE(ColumnsHolding(*db_, needle).size(), 4u) << "the account should have traces to delete: " << needle;
  }

  // ---- A wrong password changes nothing; the right one deletes the account -----------------
  mailrun::v1::DeleteAccountRequest wrong;
  wrong.set_request_id(NewRequestId());
  wrong.set_password("not the password at all");
  mailrun::v1::DeleteAccountResponse deleted;
  EXPECT_EQ(CallAs(*lobby_, &LobbyStub::DeleteAccount, doomed.token, wrong, &deleted).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Count(*db_, "SELECT count(*) FROM users WHERE user_id = $1", doomed.user_id), 1);

  mailrun::v1::DeleteAccountRequest request;
  request.set_request_id(NewRequestId());
  request.set_password(kPassword);
  const grpc::Status status = CallAs(*lobby_, &LobbyStub::DeleteAccount, doomed.token, request, &deleted);
  ASSERT_TRUE(status.ok()) << Describe(status);
  EXPECT_EQ(deleted.running_games_handed_to_bot(), 1);
  EXPECT_EQ(deleted.tables_left(), 1);
  const std::string placeholder_name = deleted.placeholder_display_name();
  EXPECT_EQ(placeholder_name.rfind("deleted player ", 0), 0u) << placeholder_name;
  // A retry (same request_id, the access token not yet expired) gets the same answer.
  mailrun::v1::DeleteAccountResponse again;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::DeleteAccount, doomed.token, request, &again).ok());
  EXPECT_EQ(again.placeholder_display_name(), placeholder_name);
  EXPECT_EQ(again.running_games_handed_to_bot(), 1);

  // ---- The game and notification services do their parts ------------------------------------
  const auto forgotten_by = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (Count(*db_, "SELECT count(*) FROM account_deletions WHERE user_id = $1", doomed.user_id) > 0) {
    ASSERT_LT(std::chrono::steady_clock::now(), forgotten_by) << "the deletion was not finished\n"
                                                                << stack_->LogTails();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }

  // ---- The game goes on: the others move, the bot plays the placeholder's seat ---------------
  std::vector<Account> others = {players[0], players[1], players[3]};
  const auto playing_by = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::string placeholder_id;
  while (true) {
    pqxx::work txn(*db_);
    const pqxx::result seat = txn.exec_params(
        "SELECT p.user_id, count(a.seq) FROM game_players p LEFT JOIN game_actions a"
        " ON a.game_id = p.game_id AND a.user_id = p.user_id WHERE p.game_id = $1 AND p.display_name = $2"
        " GROUP BY p.user_id",
        game_id, placeholder_name);
    txn.commit();
    ASSERT_EQ(seat.size(), 1u) << "the seat should now be the placeholder's";
    placeholder_id = seat[0][0].as<std::string>();
    // The two moves the doomed player made, and at least two the bot made for the seat since.
    if (seat[0][1].as<int>() >= 4) break;
    ASSERT_LT(std::chrono::steady_clock::now(), playing_by) << "the bot does not play the seat\n"
                                                            << stack_->LogTails();
    if (!MoveSomeone(others, game_id)) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_NE(placeholder_id, doomed.user_id);
  const auto view = GetGameAs(*game_, players[0].token, game_id);
  ASSERT_TRUE(view.has_view());
  int named = 0;
  for (const auto& player : view.view().players()) {
    EXPECT_NE(player.display_name(), doomed.name);
    named += player.display_name() == placeholder_name ? 1 : 0;
  }
  EXPECT_EQ(named, 1) << "the view names the placeholder at the seat";
  EXPECT_EQ(view.status(), mailrun::v1::GAME_STATUS_ACTIVE);

  // ---- Nothing holds the account any more ----------------------------------------------------
  for (const std::string& needle : {doomed.user_id, doomed.name}) {
    const auto columns = ColumnsHolding(*db_, needle);
    EXPECT_TRUE(columns.empty()) << needle << " is still in: " << ::testing::PrintToString(columns);
    EXPECT_TRUE(RedisHolding(needle).empty()) << needle;
  }
  EXPECT_EQ(Count(*db_, "SELECT count(*) FROM push_devices WHERE push_token = $1",
                  "apns-device-token-of-the-doomed-player"),
            0);
  // The open table was left (the host's seat and the table closed with nobody else there).
  EXPECT_EQ(Count(*db_, "SELECT count(*) FROM lobby_tables WHERE table_id = $1 AND status = 'closed'",
                  open_table.table_id()),
            1);
  // The placeholder holds the running table's seat and cannot log in (its name is reserved).
  EXPECT_EQ(Count(*db_, "SELECT count(*) FROM lobby_table_players WHERE user_id = $1", placeholder_id), 1);
  mailrun::v1::LoginRequest login;
  login.set_request_id(NewRequestId());
  login.set_display_name(placeholder_name);
  login.set_password(kPassword);
  mailrun::v1::AuthResponse auth;
  EXPECT_EQ(CallAs(*lobby_, &LobbyStub::Login, "", login, &auth).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(auth.access_token().empty());
  // The old token is dead for the game and for the lobby; the name is free again.
  mailrun::v1::ListLegalActionsRequest list;
  list.set_game_id(game_id);
  mailrun::v1::ListLegalActionsResponse legal;
  const grpc::Status stale = CallAs(*game_, &GameStub::ListLegalActions, doomed.token, list, &legal);
  EXPECT_EQ(stale.error_code(), grpc::StatusCode::UNAUTHENTICATED) << Describe(stale);  // its session ended
  EXPECT_TRUE(legal.actions().empty());
  mailrun::v1::GetProfileRequest profile;
  mailrun::v1::Profile me;
  EXPECT_FALSE(CallAs(*lobby_, &LobbyStub::GetProfile, doomed.token, profile, &me).ok());
  const Account reborn = RegisterAccount(*lobby_, doomed.name, kPassword);
  EXPECT_NE(reborn.user_id, doomed.user_id);
}

}  // namespace
}  // namespace mailrun::e2e
