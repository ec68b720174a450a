// Tournaments: an organiser creates one (edition and options, Swiss or round-robin groups with a
// final, table size, registration window); players register and withdraw; the organiser starts
// each round, and the lobby seats the active players (seating.h) at tables of balanced sizes and
// creates their games (GameStarter); results arrive through ResultRecorder; the organiser can
// drop a no-show and re-seat their table. The formats are documented in
// proto/mailrun/v1/lobby.proto (TournamentFormat).
//
// Each changing call is one transaction with the tournament row locked and is idempotent on
// (caller, request_id). Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "mailrun/v1/lobby.pb.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/game_starter.h"
#include "services/lobby/validation.h"

namespace mailrun::lobby {

class Tournaments {
 public:
  // `pool` and `starter` must outlive this object. `shortest_turn_deadline_seconds`: the least a
  // tournament's turn deadline may be (LobbyConfig).
  Tournaments(ConnectionPool& pool, GameStarter& starter,
              int64_t shortest_turn_deadline_seconds = kShortestTurnDeadlineSeconds);

  grpc::Status Create(const std::string& caller, const mailrun::v1::CreateTournamentRequest& request,
                      mailrun::v1::Tournament* response);
  grpc::Status List(const mailrun::v1::ListTournamentsRequest& request, mailrun::v1::ListTournamentsResponse* response);
  grpc::Status Get(const mailrun::v1::GetTournamentRequest& request, mailrun::v1::Tournament* response);
  grpc::Status Register(const std::string& caller, const mailrun::v1::RegisterForTournamentRequest& request,
                        mailrun::v1::Tournament* response);
  grpc::Status Withdraw(const std::string& caller, const mailrun::v1::WithdrawFromTournamentRequest& request,
                        mailrun::v1::Tournament* response);
  grpc::Status StartRound(const std::string& caller, const mailrun::v1::StartTournamentRoundRequest& request,
                          mailrun::v1::Tournament* response);
  grpc::Status DropPlayer(const std::string& caller, const mailrun::v1::DropPlayerRequest& request,
                          mailrun::v1::Tournament* response);
  grpc::Status Standings(const mailrun::v1::GetStandingsRequest& request, mailrun::v1::Standings* response);

 private:
  using Change = std::function<grpc::Status(pqxx::work& txn, const std::string& tournament_id)>;

  // Runs `change` once per (caller, request_id), then creates the games of the tournament's
  // tables that are starting, and answers with the tournament.
  // `request`: the call as received (its fingerprint tells a retry from a reused request_id).
  grpc::Status Apply(const std::string& caller, const google::protobuf::Message& request, const std::string& request_id,
                     const std::string& method,
                     const std::string& tournament_id, const Change& change, mailrun::v1::Tournament* response);

  ConnectionPool& pool_;
  GameStarter& starter_;
  const int64_t shortest_turn_deadline_seconds_;
};

}  // namespace mailrun::lobby
