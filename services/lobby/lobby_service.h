// The gRPC face of the lobby (mailrun.v1.LobbyService): each handler checks the caller's access
// token (except Register, Login, RequestLoginCode and Refresh), hands the request to Accounts, Tables, Tournaments
// or the ratings and results readers, and returns their status. No rules live here. An
// unexpected exception becomes INTERNAL (logged without request contents). Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "services/lobby/accounts.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/tables.h"
#include "services/lobby/tournaments.h"

namespace mailrun::lobby {

class LobbyServiceImpl final : public mailrun::v1::LobbyService::Service {
 public:
  // Everything referenced must outlive this object. `verifier`: the keys that verify access tokens.
  // `trust_forwarded_for`: take the caller's address for the login limits from x-forwarded-for
  // (the gateway's), not from the connection.
  LobbyServiceImpl(const mailrun::service::TokenVerifier& verifier, ConnectionPool& pool, Accounts& accounts,
                   Tables& tables, Tournaments& tournaments, bool trust_forwarded_for);

  grpc::Status Register(grpc::ServerContext* context, const mailrun::v1::RegisterRequest* request,
                        mailrun::v1::AuthResponse* response) override;
  grpc::Status RequestLoginCode(grpc::ServerContext* context, const mailrun::v1::RequestLoginCodeRequest* request,
                                mailrun::v1::RequestLoginCodeResponse* response) override;
  grpc::Status Login(grpc::ServerContext* context, const mailrun::v1::LoginRequest* request,
                     mailrun::v1::AuthResponse* response) override;
  grpc::Status Refresh(grpc::ServerContext* context, const mailrun::v1::RefreshRequest* request,
                       mailrun::v1::AuthResponse* response) override;
  grpc::Status Logout(grpc::ServerContext* context, const mailrun::v1::LogoutRequest* request,
                      mailrun::v1::LogoutResponse* response) override;
  grpc::Status GetProfile(grpc::ServerContext* context, const mailrun::v1::GetProfileRequest* request,
                          mailrun::v1::Profile* response) override;
  grpc::Status UpdateProfile(grpc::ServerContext* context, const mailrun::v1::UpdateProfileRequest* request,
                             mailrun::v1::Profile* response) override;
  grpc::Status ChangePassword(grpc::ServerContext* context, const mailrun::v1::ChangePasswordRequest* request,
                              mailrun::v1::ChangePasswordResponse* response) override;
  grpc::Status ListSessions(grpc::ServerContext* context, const mailrun::v1::ListSessionsRequest* request,
                            mailrun::v1::ListSessionsResponse* response) override;
  grpc::Status RevokeSession(grpc::ServerContext* context, const mailrun::v1::RevokeSessionRequest* request,
                             mailrun::v1::RevokeSessionResponse* response) override;
  grpc::Status DeleteAccount(grpc::ServerContext* context, const mailrun::v1::DeleteAccountRequest* request,
                             mailrun::v1::DeleteAccountResponse* response) override;

  grpc::Status CreateTable(grpc::ServerContext* context, const mailrun::v1::CreateTableRequest* request,
                           mailrun::v1::Table* response) override;
  grpc::Status ListTables(grpc::ServerContext* context, const mailrun::v1::ListTablesRequest* request,
                          mailrun::v1::ListTablesResponse* response) override;
  grpc::Status GetTable(grpc::ServerContext* context, const mailrun::v1::GetTableRequest* request,
                        mailrun::v1::Table* response) override;
  grpc::Status JoinTable(grpc::ServerContext* context, const mailrun::v1::JoinTableRequest* request,
                         mailrun::v1::Table* response) override;
  grpc::Status LeaveTable(grpc::ServerContext* context, const mailrun::v1::LeaveTableRequest* request,
                          mailrun::v1::Table* response) override;
  grpc::Status KickPlayer(grpc::ServerContext* context, const mailrun::v1::KickPlayerRequest* request,
                          mailrun::v1::Table* response) override;
  grpc::Status InvitePlayers(grpc::ServerContext* context, const mailrun::v1::InvitePlayersRequest* request,
                             mailrun::v1::Table* response) override;
  grpc::Status StartTable(grpc::ServerContext* context, const mailrun::v1::StartTableRequest* request,
                          mailrun::v1::Table* response) override;

  grpc::Status CreateTournament(grpc::ServerContext* context, const mailrun::v1::CreateTournamentRequest* request,
                                mailrun::v1::Tournament* response) override;
  grpc::Status ListTournaments(grpc::ServerContext* context, const mailrun::v1::ListTournamentsRequest* request,
                               mailrun::v1::ListTournamentsResponse* response) override;
  grpc::Status GetTournament(grpc::ServerContext* context, const mailrun::v1::GetTournamentRequest* request,
                             mailrun::v1::Tournament* response) override;
  grpc::Status RegisterForTournament(grpc::ServerContext* context,
                                     const mailrun::v1::RegisterForTournamentRequest* request,
                                     mailrun::v1::Tournament* response) override;
  grpc::Status WithdrawFromTournament(grpc::ServerContext* context,
                                      const mailrun::v1::WithdrawFromTournamentRequest* request,
                                      mailrun::v1::Tournament* response) override;
  grpc::Status StartTournamentRound(grpc::ServerContext* context,
                                    const mailrun::v1::StartTournamentRoundRequest* request,
                                    mailrun::v1::Tournament* response) override;
  grpc::Status DropPlayer(grpc::ServerContext* context, const mailrun::v1::DropPlayerRequest* request,
                          mailrun::v1::Tournament* response) override;
  grpc::Status GetStandings(grpc::ServerContext* context, const mailrun::v1::GetStandingsRequest* request,
                            mailrun::v1::Standings* response) override;

  grpc::Status GetLeaderboard(grpc::ServerContext* context, const mailrun::v1::GetLeaderboardRequest* request,
                              mailrun::v1::Leaderboard* response) override;
  grpc::Status GetMyResults(grpc::ServerContext* context, const mailrun::v1::GetMyResultsRequest* request,
                            mailrun::v1::MyResults* response) override;

 private:
  // Checks the access token and that its account and session stand (caller_session.h), then runs
  // body(user_id).
  grpc::Status AsUser(grpc::ServerContext* context, const std::function<grpc::Status(const std::string&)>& body);
  // The same with the token's claims (the session it belongs to). `session_may_have_ended`: for
  // the calls that end sessions (Logout, RevokeSession, DeleteAccount), whose retry with the same
  // token must still find its first answer; only the token itself is checked.
  grpc::Status AsCaller(grpc::ServerContext* context,
                        const std::function<grpc::Status(const mailrun::service::TokenClaims&)>& body,
                        bool session_may_have_ended = false);

  const mailrun::service::TokenVerifier& verifier_;
  const bool trust_forwarded_for_;
  ConnectionPool& pool_;
  Accounts& accounts_;
  Tables& tables_;
  Tournaments& tournaments_;
};

}  // namespace mailrun::lobby
