#include "services/game/programmed_move_service.h"

#include "services/common/log_context.h"
#include "services/game/access_caller.h"

namespace mailrun::game {
namespace {

// Runs `handler` with the caller's user id from their access token; UNAUTHENTICATED without one.
template <typename Handler>
grpc::Status AsPlayer(grpc::ServerContext* context, const mailrun::service::TokenVerifier& verifier,
                      const Handler& handler) {
  return AsAccessCaller(context, verifier, [&](const mailrun::service::TokenClaims& claims) { return handler(claims.subject); });
}

}  // namespace

grpc::Status ProgrammedMoveServiceImpl::SetProgrammedMove(grpc::ServerContext* context,
                                                          const mailrun::v1::SetProgrammedMoveRequest* request,
                                                          mailrun::v1::SetProgrammedMoveResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, verifier_, [&](const std::string& user) { return moves_.Set(user, *request, response); });
}

grpc::Status ProgrammedMoveServiceImpl::CancelProgrammedMove(grpc::ServerContext* context,
                                                             const mailrun::v1::CancelProgrammedMoveRequest* request,
                                                             mailrun::v1::CancelProgrammedMoveResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, verifier_, [&](const std::string& user) { return moves_.Cancel(user, *request, response); });
}

grpc::Status ProgrammedMoveServiceImpl::ListProgrammedMoves(grpc::ServerContext* context,
                                                            const mailrun::v1::ListProgrammedMovesRequest* request,
                                                            mailrun::v1::ListProgrammedMovesResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, verifier_, [&](const std::string& user) { return moves_.List(user, *request, response); });
}

}  // namespace mailrun::game
