#include "tests/e2e/stack/table_setup.h"

#include <gtest/gtest.h>

#include <thread>

#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {

using LobbyStub = mailrun::v1::LobbyService::Stub;

Account RegisterAccount(LobbyStub& lobby, const std::string& name, const std::string& password) {
  mailrun::v1::RegisterRequest request;
  request.set_request_id(NewRequestId());
  request.set_display_name(name);
  request.set_password(password);
  mailrun::v1::AuthResponse auth;
  const grpc::Status status = CallAs(lobby, &LobbyStub::Register, "", request, &auth);
  EXPECT_TRUE(status.ok()) << "Register " << name << ": " << Describe(status);
  return {name, auth.user_id(), auth.access_token()};
}

mailrun::v1::Table SeatAndStart(LobbyStub& lobby, const std::vector<Account>& players, int seats,
                                const mailrun::v1::GameOptions& options, mailrun::v1::Title title,
                                mailrun::v1::Edition edition, const TableDeadlines& deadlines) {
  mailrun::v1::CreateTableRequest create;
  create.set_request_id(NewRequestId());
  create.set_name("end-to-end game");
  create.set_seats(seats);
  *create.mutable_options() = options;
  create.set_title(title);
  create.set_edition(edition);
  create.set_turn_deadline_seconds(deadlines.turn_deadline_seconds);
  if (deadlines.abandon_after_missed_deadlines >= 0) {
    create.set_abandon_after_missed_deadlines(deadlines.abandon_after_missed_deadlines);
  }
  mailrun::v1::Table table;
  grpc::Status status = CallAs(lobby, &LobbyStub::CreateTable, players.at(0).token, create, &table);
  if (!status.ok()) {
    ADD_FAILURE() << "CreateTable: " << Describe(status);
    return {};
  }
  for (size_t p = 1; p < players.size(); ++p) {
    mailrun::v1::JoinTableRequest join;
    join.set_request_id(NewRequestId());
    join.set_table_id(table.table_id());
    status = CallAs(lobby, &LobbyStub::JoinTable, players[p].token, join, &table);
    if (!status.ok()) {
      ADD_FAILURE() << "JoinTable " << players[p].name << ": " << Describe(status);
      return {};
    }
  }
  EXPECT_EQ(table.players_size(), static_cast<int>(players.size()));
  if (table.status() == mailrun::v1::TABLE_STATUS_OPEN) {
    EXPECT_EQ(table.open_seats(), seats - static_cast<int>(players.size()));
    mailrun::v1::StartTableRequest start;
    start.set_request_id(NewRequestId());
    start.set_table_id(table.table_id());
    status = CallAs(lobby, &LobbyStub::StartTable, players[0].token, start, &table);
    if (!status.ok()) {
      ADD_FAILURE() << "StartTable: " << Describe(status);
      return {};
    }
  }
  for (int i = 0; i < 100 && table.game_id().empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    mailrun::v1::GetTableRequest get;
    get.set_table_id(table.table_id());
    status = CallAs(lobby, &LobbyStub::GetTable, players[0].token, get, &table);
    EXPECT_TRUE(status.ok()) << "GetTable: " << Describe(status);
  }
  EXPECT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING);
  EXPECT_FALSE(table.game_id().empty()) << "the lobby did not create the game in time";
  return table;
}

}  // namespace mailrun::e2e
