// StudyGames: CreateStudyGame (proto/mailrun/v1/study.proto): a new unranked game for one
// account from a record, at a version of it. The record's entries up to that version are
// replayed by the engine, each checked as a move is; a withheld entry (a secret the exporter
// could not see) is replayed with a stand-in: the first legal action of the same kind the engine
// lists for that seat then (a ClaimCity for the same company; a CommitBond of the smallest amount
// allowed). Then, in one transaction, the game, its seats (the owner at seat 0, stand-in user ids
// for the others: migrations/0108), its log and a snapshot are written; nothing goes to the outbox.
// The game's id follows from the owner and the request_id, so a retry gets the same game.
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "mailrun/v1/study.pb.h"
#include "services/common/transaction.h"

namespace mailrun::game {

class StudyGames {
 public:
  explicit StudyGames(mailrun::service::Transactor transactor) : transactor_(std::move(transactor)) {}

  grpc::Status Create(const std::string& user_id, const mailrun::v1::CreateStudyGameRequest& request,
                      mailrun::v1::CreateStudyGameResponse* response);

 private:
  mailrun::service::Transactor transactor_;
};

}  // namespace mailrun::game
