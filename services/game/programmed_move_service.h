// ProgrammedMoveServiceImpl: the gRPC face of programmed moves (proto/mailrun/v1/
// programmed_moves.proto), served by the game service beside GameService. Thin: each handler
// authenticates the caller (an access token) and hands the request to ProgrammedMoves.
// Thread-safe.
#pragma once

#include "mailrun/v1/programmed_moves.grpc.pb.h"
#include "services/common/token.h"
#include "services/game/programmed_moves.h"

namespace mailrun::game {

class ProgrammedMoveServiceImpl final : public mailrun::v1::ProgrammedMoveService::Service {
 public:
  // `moves` must outlive the service.
  ProgrammedMoveServiceImpl(mailrun::service::TokenVerifier verifier, ProgrammedMoves& moves)
      : verifier_(std::move(verifier)), moves_(moves) {}

  grpc::Status SetProgrammedMove(grpc::ServerContext* context, const mailrun::v1::SetProgrammedMoveRequest* request,
                                 mailrun::v1::SetProgrammedMoveResponse* response) override;
  grpc::Status CancelProgrammedMove(grpc::ServerContext* context,
                                    const mailrun::v1::CancelProgrammedMoveRequest* request,
                                    mailrun::v1::CancelProgrammedMoveResponse* response) override;
  grpc::Status ListProgrammedMoves(grpc::ServerContext* context, const mailrun::v1::ListProgrammedMovesRequest* request,
                                   mailrun::v1::ListProgrammedMovesResponse* response) override;

 private:
  const mailrun::service::TokenVerifier verifier_;
  ProgrammedMoves& moves_;
};

}  // namespace mailrun::game
