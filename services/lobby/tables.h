// Tables: players meeting for one game. A host creates a table (edition, optional rules, 3-6
// seats, public or private with an invitation code, turn deadline); players join, leave or are
// kicked while it is open; it starts when the last seat is taken or when the host starts it with
// at least 3 players, and then GameStarter creates its game.
//
// Each changing call is one transaction with the table row locked (FOR UPDATE), so concurrent
// joins cannot overfill a table, and is idempotent on (caller, request_id) (transaction.h).
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <string>

#include "mailrun/v1/lobby.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/events.h"
#include "services/lobby/game_starter.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {

class Tables {
 public:
  // `pool` and `starter` must outlive this object. `shortest_turn_deadline_seconds`: the least a
  // table's turn deadline may be (LobbyConfig).
  Tables(ConnectionPool& pool, GameStarter& starter, EventWriter events,
         int64_t shortest_turn_deadline_seconds = kShortestTurnDeadlineSeconds);

  grpc::Status Create(const std::string& caller, const mailrun::v1::CreateTableRequest& request,
                      mailrun::v1::Table* response);
  grpc::Status List(const std::string& caller, const mailrun::v1::ListTablesRequest& request,
                    mailrun::v1::ListTablesResponse* response);
  grpc::Status Get(const std::string& caller, const mailrun::v1::GetTableRequest& request,
                   mailrun::v1::Table* response);
  grpc::Status Join(const std::string& caller, const mailrun::v1::JoinTableRequest& request,
                    mailrun::v1::Table* response);
  grpc::Status Leave(const std::string& caller, const mailrun::v1::LeaveTableRequest& request,
                     mailrun::v1::Table* response);
  grpc::Status Kick(const std::string& caller, const mailrun::v1::KickPlayerRequest& request,
                    mailrun::v1::Table* response);
  grpc::Status Invite(const std::string& caller, const mailrun::v1::InvitePlayersRequest& request,
                      mailrun::v1::Table* response);
  grpc::Status Start(const std::string& caller, const mailrun::v1::StartTableRequest& request,
                     mailrun::v1::Table* response);

 private:
  using Change = std::function<grpc::Status(pqxx::work& txn, std::string* table_id)>;

  // Runs `change` once per (caller, request_id), then (if `may_start`) creates the game of a table
  // that is now starting, and answers with the table as the caller sees it.
  // `request`: the call as received (its fingerprint tells a retry from a reused request_id).
  grpc::Status Apply(const std::string& caller, const google::protobuf::Message& request, const std::string& request_id,
                     const std::string& method,
                     bool may_start, const Change& change, mailrun::v1::Table* response);

  ConnectionPool& pool_;
  GameStarter& starter_;
  EventWriter events_;
  const int64_t shortest_turn_deadline_seconds_;
};

// A random 10-character invitation code from 32 unambiguous characters (no 0/O, 1/I).
std::string NewInvitationCode();

}  // namespace mailrun::lobby
