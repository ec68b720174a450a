#include "services/game/game_service.h"

#include "services/common/auth.h"
#include "services/common/log_context.h"
#include "services/common/refusal_details.h"
#include "services/game/game_status.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

using mailrun::service::TokenKind;

// A client's request_id may not be one of the service's own (request_checks.h).
std::optional<grpc::Status> ReservedRequestId(const std::string& request_id) {
  if (!request_id.starts_with(kServiceRequestIdPrefix)) return std::nullopt;
  auto bad = CheckClientRequestId(request_id);
  return InvalidField("request_id", *bad, {}, "reserved");
}

grpc::Status WithVersionTrailer(grpc::ServerContext* context, grpc::Status status, int64_t current_version) {
  if (status.error_code() == grpc::StatusCode::ABORTED && current_version >= 0) {
    context->AddTrailingMetadata(kCurrentVersionTrailer, std::to_string(current_version));
  }
  return status;
}

}  // namespace

GameServiceImpl::GameServiceImpl(mailrun::service::TokenVerifier verifier, std::set<std::string> trusted_services,
                                 MoveService& moves,
                                 GameQueries& queries, GameCreation& creation, GameWatchers& watchers,
                                 Autopilot& autopilot, GameChat& chat)
    : verifier_(std::move(verifier)),
      trusted_services_(std::move(trusted_services)),
      moves_(moves),
      queries_(queries),
      creation_(creation),
      watchers_(watchers),
      autopilot_(autopilot),
      chat_(chat) {}

grpc::Status GameServiceImpl::AsPlayer(grpc::ServerContext* context,
                                       const std::function<grpc::Status(const std::string&)>& handler) const {
  grpc::Status status;
  const auto claims = mailrun::service::Authenticate(*context, verifier_, TokenKind::kAccess, &status);
  if (!claims) return status;
  return handler(claims->subject);
}

std::optional<std::string> GameServiceImpl::TrustedService(grpc::ServerContext* context, grpc::Status* status) const {
  auto claims = mailrun::service::Authenticate(*context, verifier_, TokenKind::kService, status);
  if (!claims) return std::nullopt;
  if (!trusted_services_.contains(claims->subject)) {
    *status = Denied("game.refusal.lobby_only", "this call is for the lobby only: service '" + claims->subject + "' is not trusted",
                     {mailrun::service::TextValue("service", claims->subject)});
    return std::nullopt;
  }
  return claims->subject;
}

grpc::Status GameServiceImpl::CreateGame(grpc::ServerContext* context, const mailrun::v1::CreateGameRequest* request,
                                         mailrun::v1::CreateGameResponse* response) {
  grpc::Status status;
  const auto service = TrustedService(context, &status);
  if (!service) return status;
  return creation_.CreateGame(*service, *request, response);
}

grpc::Status GameServiceImpl::GetGameResult(grpc::ServerContext* context,
                                            const mailrun::v1::GetGameResultRequest* request,
                                            mailrun::v1::GetGameResultResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  grpc::Status status;
  if (!TrustedService(context, &status)) return status;
  return creation_.GetGameResult(*request, response);
}

grpc::Status GameServiceImpl::GetGame(grpc::ServerContext* context, const mailrun::v1::GetGameRequest* request,
                                      mailrun::v1::GetGameResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return queries_.GetGame(user, *request, response); });
}

grpc::Status GameServiceImpl::ListLegalActions(grpc::ServerContext* context,
                                               const mailrun::v1::ListLegalActionsRequest* request,
                                               mailrun::v1::ListLegalActionsResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context,
                  [&](const std::string& user) { return queries_.ListLegalActions(user, *request, response); });
}

grpc::Status GameServiceImpl::SubmitAction(grpc::ServerContext* context,
                                           const mailrun::v1::SubmitActionRequest* request,
                                           mailrun::v1::SubmitActionResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  if (auto reserved = ReservedRequestId(request->request_id())) return *reserved;
  return AsPlayer(context, [&](const std::string& user) {
    int64_t current_version = -1;
    const grpc::Status status = moves_.Submit(user, *request, response, &current_version);
    return WithVersionTrailer(context, status, current_version);
  });
}

grpc::Status GameServiceImpl::PreviewAction(grpc::ServerContext* context,
                                            const mailrun::v1::PreviewActionRequest* request,
                                            mailrun::v1::PreviewActionResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return moves_.Preview(user, *request, response); });
}

grpc::Status GameServiceImpl::GetHistory(grpc::ServerContext* context, const mailrun::v1::GetHistoryRequest* request,
                                         mailrun::v1::GetHistoryResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return queries_.GetHistory(user, *request, response); });
}

grpc::Status GameServiceImpl::SuggestRuns(grpc::ServerContext* context, const mailrun::v1::SuggestRunsRequest* request,
                                          mailrun::v1::SuggestRunsResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return queries_.SuggestRuns(user, *request, response); });
}

grpc::Status GameServiceImpl::UndoLastAction(grpc::ServerContext* context,
                                             const mailrun::v1::UndoLastActionRequest* request,
                                             mailrun::v1::UndoLastActionResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  if (auto reserved = ReservedRequestId(request->request_id())) return *reserved;
  return AsPlayer(context, [&](const std::string& user) {
    int64_t current_version = -1;
    const grpc::Status status = moves_.Undo(user, *request, response, &current_version);
    return WithVersionTrailer(context, status, current_version);
  });
}

grpc::Status GameServiceImpl::ListMyGames(grpc::ServerContext* context, const mailrun::v1::ListMyGamesRequest* request,
                                          mailrun::v1::ListMyGamesResponse* response) {
  return AsPlayer(context, [&](const std::string& user) { return queries_.ListMyGames(user, *request, response); });
}

grpc::Status GameServiceImpl::SetAutopilot(grpc::ServerContext* context,
                                           const mailrun::v1::SetAutopilotRequest* request,
                                           mailrun::v1::SetAutopilotResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return autopilot_.Set(user, *request, response); });
}

grpc::Status GameServiceImpl::GetComponents(grpc::ServerContext* context,
                                            const mailrun::v1::GetComponentsRequest* request,
                                            mailrun::v1::GetComponentsResponse* response) {
  return AsPlayer(context, [&](const std::string&) { return components_.Get(*request, response); });
}

grpc::Status GameServiceImpl::GetBoardPicture(grpc::ServerContext* context,
                                              const mailrun::v1::GetBoardPictureRequest* request,
                                              mailrun::v1::GetBoardPictureResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context,
                  [&](const std::string& user) { return queries_.GetBoardPicture(user, *request, response); });
}

grpc::Status GameServiceImpl::PostChatMessage(grpc::ServerContext* context,
                                              const mailrun::v1::PostChatMessageRequest* request,
                                              mailrun::v1::PostChatMessageResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.Post(user, *request, response); });
}

grpc::Status GameServiceImpl::ListChatMessages(grpc::ServerContext* context,
                                               const mailrun::v1::ListChatMessagesRequest* request,
                                               mailrun::v1::ListChatMessagesResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.List(user, *request, response); });
}

grpc::Status GameServiceImpl::DeleteChatMessage(grpc::ServerContext* context,
                                                const mailrun::v1::DeleteChatMessageRequest* request,
                                                mailrun::v1::DeleteChatMessageResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.Delete(user, *request, response); });
}

grpc::Status GameServiceImpl::HideChatMessage(grpc::ServerContext* context,
                                              const mailrun::v1::HideChatMessageRequest* request,
                                              mailrun::v1::HideChatMessageResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.Hide(user, *request, response); });
}

grpc::Status GameServiceImpl::MuteChatPlayer(grpc::ServerContext* context,
                                             const mailrun::v1::MuteChatPlayerRequest* request,
                                             mailrun::v1::MuteChatPlayerResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.Mute(user, *request, response); });
}

grpc::Status GameServiceImpl::GetNotes(grpc::ServerContext* context, const mailrun::v1::GetNotesRequest* request,
                                       mailrun::v1::GetNotesResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.GetNotes(user, *request, response); });
}

grpc::Status GameServiceImpl::SetNotes(grpc::ServerContext* context, const mailrun::v1::SetNotesRequest* request,
                                       mailrun::v1::SetNotesResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsPlayer(context, [&](const std::string& user) { return chat_.SetNotes(user, *request, response); });
}

grpc::ServerWriteReactor<mailrun::v1::WatchGameResponse>* GameServiceImpl::WatchGame(
    grpc::CallbackServerContext* context, const mailrun::v1::WatchGameRequest* request) {
  grpc::Status status;
  const auto claims = mailrun::service::Authenticate(*context, verifier_, TokenKind::kAccess, &status);
  if (!claims) {
    // Refused before it starts: a reactor that only finishes.
    class Refused final : public grpc::ServerWriteReactor<mailrun::v1::WatchGameResponse> {
     public:
      explicit Refused(const grpc::Status& status) { Finish(status); }
      void OnDone() override { delete this; }
    };
    return new Refused(status);
  }
  return watchers_.Open(claims->subject, *request);
}

}  // namespace mailrun::game
