// StudyServiceImpl: the gRPC face of records and study games (proto/mailrun/v1/study.proto),
// served by the game service beside GameService. Thin: each handler authenticates the caller (an
// access token) and hands the request to GameRecords or StudyGames.
// Thread-safe.
#pragma once

#include "mailrun/v1/study.grpc.pb.h"
#include "services/common/token.h"
#include "services/game/game_record.h"
#include "services/game/study_games.h"

namespace mailrun::game {

class StudyServiceImpl final : public mailrun::v1::StudyService::Service {
 public:
  // `records` and `studies` must outlive the service.
  StudyServiceImpl(mailrun::service::TokenVerifier verifier, GameRecords& records, StudyGames& studies)
      : verifier_(std::move(verifier)), records_(records), studies_(studies) {}

  grpc::Status ExportGame(grpc::ServerContext* context, const mailrun::v1::ExportGameRequest* request,
                          mailrun::v1::ExportGameResponse* response) override;
  grpc::Status CreateStudyGame(grpc::ServerContext* context, const mailrun::v1::CreateStudyGameRequest* request,
                               mailrun::v1::CreateStudyGameResponse* response) override;

 private:
  const mailrun::service::TokenVerifier verifier_;
  GameRecords& records_;
  StudyGames& studies_;
};

}  // namespace mailrun::game
