#include "services/game/study_service.h"

#include "services/common/auth.h"
#include "services/common/log_context.h"

namespace mailrun::game {

grpc::Status StudyServiceImpl::ExportGame(grpc::ServerContext* context, const mailrun::v1::ExportGameRequest* request,
                                          mailrun::v1::ExportGameResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  grpc::Status status;
  const auto claims = mailrun::service::Authenticate(*context, verifier_, mailrun::service::TokenKind::kAccess, &status);
  if (!claims) return status;
  return records_.Export(claims->subject, *request, response);
}

grpc::Status StudyServiceImpl::CreateStudyGame(grpc::ServerContext* context,
                                               const mailrun::v1::CreateStudyGameRequest* request,
                                               mailrun::v1::CreateStudyGameResponse* response) {
  grpc::Status status;
  const auto claims = mailrun::service::Authenticate(*context, verifier_, mailrun::service::TokenKind::kAccess, &status);
  if (!claims) return status;
  return studies_.Create(claims->subject, *request, response);
}

}  // namespace mailrun::game
