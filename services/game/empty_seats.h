// EmptySeats: abandoned seats and their handover (proto/mailrun/v1/seats.proto; storage in
// migrations/0109_empty_seats.sql; docs/game-service.md "Empty seats").
//
// Counting: a worker (CountMissedDeadlines, every poll) looks at each running game with a turn
// deadline and an abandon limit. A seat to act that is not played by the bot misses one deadline for
// every turn_deadline_seconds since it became due (games.due_since, written by every move: other
// seats' moves meanwhile do not restart its clock); the count runs on while the holder does
// not move and falls to 0 at the holder's next own move (bot, autopilot and programmed moves, whose
// request ids are the service's own, are not the holder's). The rows say which wait was counted up
// to where, so counting again, on any replica or after a restart, adds only new deadlines.
//
// Deciding: the other players still playing (holders not played by the bot, not abandoned
// themselves) vote BOT or SUBSTITUTE; a majority of them decides (in a tournament game the director
// alone). Votes are rows keyed by voter: a retry (same request id) or the same vote again changes
// nothing, another choice is refused.
//
// Handing over: to the bot, at once: the seat's holder becomes the placeholder "seatbot:<seat>"
// played by the bot. To a substitute: the host invites an account (an InvitationReceived event
// through the outbox), which accepts and becomes the holder. Either way the engine's seat, its
// holdings and its name in the game stay as they were; the seat's notes and active programmed
// moves go (they were the leaver's), and the game leaves this replica's cache (its GameInfo names
// the holder). GameFinished then lists the handovers for the lobby's ratings.
//
// Thread-safe; Start/Stop from the owner.
#pragma once

#include <chrono>
#include <functional>
#include <string>

#include <grpcpp/grpcpp.h>

#include "mailrun/v1/seats.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/game/game_loader.h"

namespace mailrun::game {

class EmptySeats {
 public:
  using Announcer = std::function<void(const std::string& game_id, bool outbox_rows)>;
  // Every reference must outlive this object.
  EmptySeats(mailrun::service::ConnectionPool& pool, GameLoader& loader, Announcer announce,
             std::chrono::milliseconds poll_interval);
  ~EmptySeats();

  void Start();
  void Stop();

  // One pass of the counter over every game with deadlines; returns how many seats' counts grew or
  // fell. Public for tests.
  int CountMissedDeadlines();

  // `user_id` / `display_name`: the caller, from their access token.
  grpc::Status Get(const std::string& user_id, const mailrun::v1::GetSeatsRequest& request,
                   mailrun::v1::GetSeatsResponse* response);
  grpc::Status Vote(const std::string& user_id, const mailrun::v1::VoteOnSeatRequest& request,
                    mailrun::v1::VoteOnSeatResponse* response);
  grpc::Status Invite(const std::string& user_id, const std::string& display_name,
                      const mailrun::v1::InviteSubstituteRequest& request,
                      mailrun::v1::InviteSubstituteResponse* response);
  grpc::Status Accept(const std::string& user_id, const std::string& display_name,
                      const mailrun::v1::AcceptSeatRequest& request, mailrun::v1::AcceptSeatResponse* response);
  grpc::Status ListInvitations(const std::string& user_id, mailrun::v1::ListSeatInvitationsResponse* response);

 private:
  void Run();
  // Counts one game's seats in a transaction of its own; returns how many counts changed.
  int CountGame(const std::string& game_id);

  mailrun::service::ConnectionPool& pool_;
  GameLoader& loader_;
  Announcer announce_;
  const std::chrono::milliseconds poll_interval_;
  mailrun::service::WorkerThread worker_;
};

// The placeholder holder of a seat handed to the bot (never a lobby user id: lobby ids have no ':').
std::string SeatBotUserId(int seat);

}  // namespace mailrun::game
