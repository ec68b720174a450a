// SeatServiceImpl: the gRPC face of empty seats (proto/mailrun/v1/seats.proto), served by the game
// service beside GameService. Thin: each handler authenticates the caller (an access token) and
// hands the request to EmptySeats. Thread-safe.
#pragma once

#include "mailrun/v1/seats.grpc.pb.h"
#include "services/common/token.h"
#include "services/game/empty_seats.h"

namespace mailrun::game {

class SeatServiceImpl final : public mailrun::v1::SeatService::Service {
 public:
  // `seats` must outlive the service.
  SeatServiceImpl(mailrun::service::TokenVerifier verifier, EmptySeats& seats)
      : verifier_(std::move(verifier)), seats_(seats) {}

  grpc::Status GetSeats(grpc::ServerContext* context, const mailrun::v1::GetSeatsRequest* request,
                        mailrun::v1::GetSeatsResponse* response) override;
  grpc::Status VoteOnSeat(grpc::ServerContext* context, const mailrun::v1::VoteOnSeatRequest* request,
                          mailrun::v1::VoteOnSeatResponse* response) override;
  grpc::Status InviteSubstitute(grpc::ServerContext* context, const mailrun::v1::InviteSubstituteRequest* request,
                                mailrun::v1::InviteSubstituteResponse* response) override;
  grpc::Status AcceptSeat(grpc::ServerContext* context, const mailrun::v1::AcceptSeatRequest* request,
                          mailrun::v1::AcceptSeatResponse* response) override;
  grpc::Status ListSeatInvitations(grpc::ServerContext* context, const mailrun::v1::ListSeatInvitationsRequest* request,
                                   mailrun::v1::ListSeatInvitationsResponse* response) override;

 private:
  const mailrun::service::TokenVerifier verifier_;
  EmptySeats& seats_;
};

}  // namespace mailrun::game
