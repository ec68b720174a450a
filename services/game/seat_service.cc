#include "services/game/seat_service.h"

#include "services/common/log_context.h"
#include "services/game/access_caller.h"

namespace mailrun::game {
namespace {

using Claims = mailrun::service::TokenClaims;

}  // namespace

grpc::Status SeatServiceImpl::GetSeats(grpc::ServerContext* context, const mailrun::v1::GetSeatsRequest* request,
                                       mailrun::v1::GetSeatsResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsAccessCaller(context, verifier_, [&](const Claims& caller) { return seats_.Get(caller.subject, *request, response); });
}

grpc::Status SeatServiceImpl::VoteOnSeat(grpc::ServerContext* context, const mailrun::v1::VoteOnSeatRequest* request,
                                         mailrun::v1::VoteOnSeatResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsAccessCaller(context, verifier_, [&](const Claims& caller) { return seats_.Vote(caller.subject, *request, response); });
}

grpc::Status SeatServiceImpl::InviteSubstitute(grpc::ServerContext* context,
                                               const mailrun::v1::InviteSubstituteRequest* request,
                                               mailrun::v1::InviteSubstituteResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsAccessCaller(context, verifier_, [&](const Claims& caller) {
    return seats_.Invite(caller.subject, caller.display_name, *request, response);
  });
}

grpc::Status SeatServiceImpl::AcceptSeat(grpc::ServerContext* context, const mailrun::v1::AcceptSeatRequest* request,
                                         mailrun::v1::AcceptSeatResponse* response) {
  mailrun::service::NoteGame(request->game_id());
  return AsAccessCaller(context, verifier_, [&](const Claims& caller) {
    return seats_.Accept(caller.subject, caller.display_name, *request, response);
  });
}

grpc::Status SeatServiceImpl::ListSeatInvitations(grpc::ServerContext* context,
                                                  const mailrun::v1::ListSeatInvitationsRequest* /*request*/,
                                                  mailrun::v1::ListSeatInvitationsResponse* response) {
  return AsAccessCaller(context, verifier_, [&](const Claims& caller) { return seats_.ListInvitations(caller.subject, response); });
}

}  // namespace mailrun::game
