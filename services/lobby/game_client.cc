#include "services/lobby/game_client.h"

#include "services/common/auth.h"
#include "services/common/log_context.h"
#include "services/common/trace_context.h"
#include "services/common/token.h"

namespace mailrun::lobby {

std::string LobbyServiceToken(const mailrun::service::TokenSigner& signer) {
  mailrun::service::TokenClaims claims;
  claims.subject = "lobby";
  claims.kind = mailrun::service::TokenKind::kService;
  claims.issued_at = mailrun::service::UnixNow();
  claims.expires_at = claims.issued_at + 300;
  claims.token_id = mailrun::service::RandomId();
  return signer.Issue(claims);
}

GameServiceClient::GameServiceClient(std::unique_ptr<mailrun::service::GameChannels> channels,
                                     const mailrun::service::TokenSigner& signer, std::chrono::seconds timeout)
    : channels_(std::move(channels)), signer_(signer), timeout_(timeout) {}

void GameServiceClient::Prepare(grpc::ClientContext& context) const {
  context.AddMetadata("authorization", "Bearer " + LobbyServiceToken(signer_));
  // The game service's lines of this call join the trace of whatever the lobby is doing.
  context.AddMetadata(mailrun::service::kTraceparentHeader, mailrun::service::OutgoingTraceparent());
  context.set_deadline(std::chrono::system_clock::now() + timeout_);
}

grpc::Status GameServiceClient::CreateGame(const mailrun::v1::CreateGameRequest& request,
                                           mailrun::v1::CreateGameResponse* response) {
  grpc::ClientContext context;
  Prepare(context);
  return mailrun::v1::GameService::NewStub(channels_->Any())->CreateGame(&context, request, response);
}

grpc::Status GameServiceClient::GetGameResult(const std::string& game_id,
                                              mailrun::v1::GetGameResultResponse* response) {
  grpc::ClientContext context;
  Prepare(context);
  mailrun::v1::GetGameResultRequest request;
  request.set_game_id(game_id);
  return mailrun::v1::GameService::NewStub(channels_->For(game_id))->GetGameResult(&context, request, response);
}

}  // namespace mailrun::lobby
