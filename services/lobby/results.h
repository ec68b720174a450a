// Recording finished games: the lobby learns a game's result from a GameFinished event (Redis
// channel mailrun.events) or, if it missed that, from the reconciler's GetGameResult. Either way
// ResultRecorder::Record writes it exactly once, in one transaction: the result and each player's
// placement points and wealth share (standings.h), the overall and edition ratings (ratings.h),
// the table's status 'finished', and for a tournament whose last round this completes, the
// tournament's status 'finished'. Recording the same game again changes nothing.
//
// Thread-safe. A tournament's row is locked while one of its results is recorded, so two results
// finishing a round at once cannot both miss that the round is complete.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/lobby.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/paging.h"

namespace mailrun::lobby {

class ResultRecorder {
 public:
  enum class Outcome { kRecorded, kAlreadyRecorded, kUnknownGame };

  // `pool` must outlive this object.
  explicit ResultRecorder(ConnectionPool& pool);

  // Records `finished` (handed-over seats under their leavers, seat_leavers.h). A game the lobby did not start (or whose id it has not recorded yet) is
  // skipped (kUnknownGame, OK). Results that do not name exactly the table's players are refused
  // (INVALID_ARGUMENT, logged) and nothing is written.
  grpc::Status Record(const mailrun::v1::GameFinished& finished, Outcome* outcome = nullptr);

  // What the lobby's subscription to the events channel calls (LobbyApp) with each message, a
  // serialized mailrun.v1.Event. Events other than GameFinished are ignored.
  grpc::Status HandleEventPayload(const std::string& payload);

 private:
  ConnectionPool& pool_;
};

// One page of `user_id`'s recorded games, most recent first.
void LoadMyResults(pqxx::work& txn, const std::string& user_id, const Page& page, mailrun::v1::MyResults* out);

}  // namespace mailrun::lobby
