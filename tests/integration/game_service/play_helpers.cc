#include "tests/integration/game_service/play_helpers.h"

#include <gtest/gtest.h>

#include <set>

namespace mailrun::game::testing {

grpc::Status Submit(GameStub& stub, const std::string& token, const std::string& game_id, int64_t expected_version,
                    const mailrun::v1::Action& action, const std::string& request_id,
                    mailrun::v1::SubmitActionResponse* response, std::multimap<std::string, std::string>* trailers) {
  mailrun::v1::SubmitActionRequest request;
  request.set_game_id(game_id);
  request.set_expected_version(expected_version);
  *request.mutable_action() = action;
  request.set_request_id(request_id);
  return GameHarness::Call(stub, &GameStub::SubmitAction, token, request, response, trailers);
}

mailrun::v1::GetGameResponse GetGame(GameStub& stub, const std::string& token, const std::string& game_id,
                                     int64_t since_version) {
  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id);
  request.set_since_version(since_version);
  mailrun::v1::GetGameResponse response;
  const grpc::Status status = GameHarness::Call(stub, &GameStub::GetGame, token, request, &response);
  EXPECT_TRUE(status.ok()) << Describe(status);
  return response;
}

int64_t PlayRecorded(GameStub& stub, const mailrun::engine::GameRecord& record, const std::string& game_id, size_t from,
                     size_t to, int64_t version) {
  for (size_t i = from; i < to; ++i) {
    const std::string token = GameHarness::AccessToken(record.config.players(record.actions[i].seat()).user_id());
    mailrun::v1::SubmitActionResponse response;
    const grpc::Status status = Submit(stub, token, game_id, version, record.actions[i], NewRequestId(), &response);
    EXPECT_TRUE(status.ok()) << "recorded action " << i << ": " << Describe(status);
    if (!status.ok()) break;
    version = response.version();
  }
  return version;
}

std::vector<mailrun::v1::Action> EffectiveActions(pqxx::connection& db, const std::string& game_id) {
  pqxx::nontransaction txn(db);
  const pqxx::result rows = txn.exec_params(
      "SELECT seq, kind, action, coalesce(undoes_seq, 0) FROM game_actions WHERE game_id = $1 ORDER BY seq", game_id);
  std::set<int64_t> undone;
  for (const auto& row : rows) {
    if (row[1].as<std::string>() == "undo") undone.insert(row[3].as<int64_t>());
  }
  std::vector<mailrun::v1::Action> actions;
  for (const auto& row : rows) {
    if (row[1].as<std::string>() != "action" || undone.contains(row[0].as<int64_t>())) continue;
    mailrun::v1::Action action;
    EXPECT_TRUE(action.ParseFromString(pqxx::binarystring(row[2]).str()));
    actions.push_back(action);
  }
  return actions;
}

mailrun::engine::Game ReplayStoredLog(pqxx::connection& db, const std::string& game_id) {
  mailrun::v1::GameConfig config;
  {
    pqxx::nontransaction txn(db);
    const auto row = txn.exec_params1("SELECT config FROM games WHERE game_id = $1", game_id);
    EXPECT_TRUE(config.ParseFromString(pqxx::binarystring(row[0]).str()));
  }
  auto game = mailrun::engine::Game::Create(config);
  EXPECT_TRUE(game.ok());
  for (const auto& action : EffectiveActions(db, game_id)) {
    const auto applied = game->Apply(action);
    EXPECT_TRUE(applied.ok()) << applied.error().ToString();
  }
  return std::move(*game);
}

}  // namespace mailrun::game::testing
