// GameServiceImpl: the gRPC face of the game service (proto/mailrun/v1/game.proto). Thin: each
// handler authenticates the caller (an access token for players and spectators; a service token
// of a trusted service for CreateGame and GetGameResult), then hands the request to MoveService,
// GameQueries or GameCreation and returns their answer. An ABORTED answer carries the game's
// current version in the trailing metadata "mailrun-current-version". WatchGame is a callback
// (reactor) method: its streams are GameWatchers' reactors, not threads.
// Thread-safe.
#pragma once

#include <functional>
#include <set>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/token.h"
#include "services/game/autopilot.h"
#include "services/game/components_catalog.h"
#include "services/game/game_chat.h"
#include "services/game/game_creation.h"
#include "services/game/game_queries.h"
#include "services/game/game_watch.h"
#include "services/game/move_service.h"

namespace mailrun::game {

class GameServiceImpl final : public mailrun::v1::GameService::WithCallbackMethod_WatchGame<mailrun::v1::GameService::Service> {
 public:
  // `verifier`: the trusted public keys. `trusted_services`: service token subjects allowed to
  // create games and read results. The parts must outlive the service.
  GameServiceImpl(mailrun::service::TokenVerifier verifier, std::set<std::string> trusted_services, MoveService& moves,
                  GameQueries& queries, GameCreation& creation, GameWatchers& watchers, Autopilot& autopilot, GameChat& chat);

  grpc::Status CreateGame(grpc::ServerContext* context, const mailrun::v1::CreateGameRequest* request,
                          mailrun::v1::CreateGameResponse* response) override;
  grpc::Status GetGameResult(grpc::ServerContext* context, const mailrun::v1::GetGameResultRequest* request,
                             mailrun::v1::GetGameResultResponse* response) override;
  grpc::Status GetGame(grpc::ServerContext* context, const mailrun::v1::GetGameRequest* request,
                       mailrun::v1::GetGameResponse* response) override;
  grpc::Status ListLegalActions(grpc::ServerContext* context, const mailrun::v1::ListLegalActionsRequest* request,
                                mailrun::v1::ListLegalActionsResponse* response) override;
  grpc::Status SubmitAction(grpc::ServerContext* context, const mailrun::v1::SubmitActionRequest* request,
                            mailrun::v1::SubmitActionResponse* response) override;
  grpc::Status PreviewAction(grpc::ServerContext* context, const mailrun::v1::PreviewActionRequest* request,
                             mailrun::v1::PreviewActionResponse* response) override;
  grpc::Status GetHistory(grpc::ServerContext* context, const mailrun::v1::GetHistoryRequest* request,
                          mailrun::v1::GetHistoryResponse* response) override;
  grpc::Status SuggestRuns(grpc::ServerContext* context, const mailrun::v1::SuggestRunsRequest* request,
                           mailrun::v1::SuggestRunsResponse* response) override;
  grpc::Status UndoLastAction(grpc::ServerContext* context, const mailrun::v1::UndoLastActionRequest* request,
                              mailrun::v1::UndoLastActionResponse* response) override;
  grpc::Status ListMyGames(grpc::ServerContext* context, const mailrun::v1::ListMyGamesRequest* request,
                           mailrun::v1::ListMyGamesResponse* response) override;
  grpc::Status GetComponents(grpc::ServerContext* context, const mailrun::v1::GetComponentsRequest* request,
                             mailrun::v1::GetComponentsResponse* response) override;
  grpc::Status GetBoardPicture(grpc::ServerContext* context, const mailrun::v1::GetBoardPictureRequest* request,
                               mailrun::v1::GetBoardPictureResponse* response) override;
  grpc::Status SetAutopilot(grpc::ServerContext* context, const mailrun::v1::SetAutopilotRequest* request,
                            mailrun::v1::SetAutopilotResponse* response) override;
  grpc::Status PostChatMessage(grpc::ServerContext* context, const mailrun::v1::PostChatMessageRequest* request,
                               mailrun::v1::PostChatMessageResponse* response) override;
  grpc::Status ListChatMessages(grpc::ServerContext* context, const mailrun::v1::ListChatMessagesRequest* request,
                                mailrun::v1::ListChatMessagesResponse* response) override;
  grpc::Status DeleteChatMessage(grpc::ServerContext* context, const mailrun::v1::DeleteChatMessageRequest* request,
                                 mailrun::v1::DeleteChatMessageResponse* response) override;
  grpc::Status HideChatMessage(grpc::ServerContext* context, const mailrun::v1::HideChatMessageRequest* request,
                               mailrun::v1::HideChatMessageResponse* response) override;
  grpc::Status MuteChatPlayer(grpc::ServerContext* context, const mailrun::v1::MuteChatPlayerRequest* request,
                              mailrun::v1::MuteChatPlayerResponse* response) override;
  grpc::Status GetNotes(grpc::ServerContext* context, const mailrun::v1::GetNotesRequest* request,
                        mailrun::v1::GetNotesResponse* response) override;
  grpc::Status SetNotes(grpc::ServerContext* context, const mailrun::v1::SetNotesRequest* request,
                        mailrun::v1::SetNotesResponse* response) override;
  grpc::ServerWriteReactor<mailrun::v1::WatchGameResponse>* WatchGame(
      grpc::CallbackServerContext* context, const mailrun::v1::WatchGameRequest* request) override;

 private:
  // Runs `handler` with the caller's user id from their access token; UNAUTHENTICATED without one.
  grpc::Status AsPlayer(grpc::ServerContext* context,
                        const std::function<grpc::Status(const std::string& user_id)>& handler) const;
  // The calling service's name from its service token, if it is trusted.
  std::optional<std::string> TrustedService(grpc::ServerContext* context, grpc::Status* status) const;

  const mailrun::service::TokenVerifier verifier_;
  const std::set<std::string> trusted_services_;
  MoveService& moves_;
  GameQueries& queries_;
  GameCreation& creation_;
  GameWatchers& watchers_;
  Autopilot& autopilot_;
  GameChat& chat_;
  ComponentsCatalog components_;
};

}  // namespace mailrun::game
