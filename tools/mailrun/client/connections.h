// Connections: the channels to the lobby, the game service and the notification service, opened
// on first use, and unary calls with a deadline (--timeout), the caller's access token as
// "authorization: Bearer" metadata, the progress indicator while waiting, and a CallError naming
// the service and the call when it fails. Not thread-safe (one per command; gRPC stubs themselves are).
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "mailrun/v1/programmed_moves.grpc.pb.h"
#include "mailrun/v1/study.grpc.pb.h"
#include "mailrun/v1/seats.grpc.pb.h"
#include "tools/mailrun/client/errors.h"
#include "tools/mailrun/client/options.h"
#include "tools/mailrun/client/progress.h"

namespace mailrun::cli {

using LobbyStub = mailrun::v1::LobbyService::Stub;
using GameStub = mailrun::v1::GameService::Stub;
using NotifyStub = mailrun::v1::NotificationService::Stub;
using ProgrammedStub = mailrun::v1::ProgrammedMoveService::Stub;
using StudyStub = mailrun::v1::StudyService::Stub;
using SeatStub = mailrun::v1::SeatService::Stub;

class Connections {
 public:
  // `options` must outlive this object.
  explicit Connections(const ClientOptions& options) : options_(options) {}

  LobbyStub& lobby();
  GameStub& game();
  NotifyStub& notify();
  ProgrammedStub& programmed();  // served by the game service
  StudyStub& study();            // served by the game service
  SeatStub& seats();             // served by the game service
  const ClientOptions& options() const { return options_; }

  // A context with the deadline of --timeout (or none, for streams: `with_deadline` false) and the
  // bearer token (none if `token` is empty).
  void Prepare(grpc::ClientContext& context, const std::string& token, bool with_deadline = true) const;

  // One unary call; returns the response or throws CallError. `what` names the call for messages.
  template <typename Request, typename Response>
  Response Lobby(grpc::Status (LobbyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                 const Request& request, const std::string& token, const std::string& what) {
    return Call(lobby(), method, request, token, what, "lobby", options_.lobby_address);
  }
  template <typename Request, typename Response>
  Response Game(grpc::Status (GameStub::*method)(grpc::ClientContext*, const Request&, Response*),
                const Request& request, const std::string& token, const std::string& what) {
    return Call(game(), method, request, token, what, "game service", options_.game_address);
  }
  template <typename Request, typename Response>
  Response Programmed(grpc::Status (ProgrammedStub::*method)(grpc::ClientContext*, const Request&, Response*),
                      const Request& request, const std::string& token, const std::string& what) {
    return Call(programmed(), method, request, token, what, "game service", options_.game_address);
  }
  template <typename Request, typename Response>
  Response Study(grpc::Status (StudyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                 const Request& request, const std::string& token, const std::string& what) {
    return Call(study(), method, request, token, what, "game service", options_.game_address);
  }
  template <typename Request, typename Response>
  Response Seats(grpc::Status (SeatStub::*method)(grpc::ClientContext*, const Request&, Response*),
                 const Request& request, const std::string& token, const std::string& what) {
    return Call(seats(), method, request, token, what, "game service", options_.game_address);
  }
  template <typename Request, typename Response>
  Response Notify(grpc::Status (NotifyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                  const Request& request, const std::string& token, const std::string& what) {
    return Call(notify(), method, request, token, what, "notification service", options_.notify_address);
  }

 private:
  template <typename Stub, typename Request, typename Response>
  Response Call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                const Request& request, const std::string& token, const std::string& what,
                const std::string& service, const std::string& address) {
    grpc::ClientContext context;
    Prepare(context, token);
    Response response;
    grpc::Status status;
    {
      Progress progress("waiting for the " + service);
      status = (stub.*method)(&context, request, &response);
    }
    if (!status.ok()) throw CallError(status, service, address, what);
    return response;
  }

  std::shared_ptr<grpc::Channel> Open(const std::string& address) const;

  const ClientOptions& options_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
  std::unique_ptr<NotifyStub> notify_;
  std::unique_ptr<ProgrammedStub> programmed_;
  std::unique_ptr<StudyStub> study_;
  std::unique_ptr<SeatStub> seats_;
};

}  // namespace mailrun::cli
