#include "tests/e2e/stack/game_calls.h"

#include <gtest/gtest.h>

#include "tests/e2e/stack/stack.h"

namespace mailrun::e2e {

mailrun::v1::GetGameResponse GetGameAs(mailrun::v1::GameService::Stub& game, const std::string& token,
                                       const std::string& game_id) {
  mailrun::v1::GetGameRequest request;
  request.set_game_id(game_id);
  mailrun::v1::GetGameResponse response;
  const grpc::Status status = CallAs(game, &mailrun::v1::GameService::Stub::GetGame, token, request, &response);
  EXPECT_TRUE(status.ok()) << "GetGame " << game_id << ": " << Describe(status);
  return response;
}

}  // namespace mailrun::e2e
