#include "services/lobby/lobby_service.h"

#include <spdlog/spdlog.h>

#include "services/common/auth.h"
#include "services/common/log_context.h"
#include "services/common/metrics.h"
#include "services/common/status_names.h"
#include "services/lobby/caller_session.h"
#include "services/lobby/lobby_status.h"
#include "services/lobby/login_limits.h"
#include "services/lobby/paging.h"
#include "services/lobby/ratings.h"
#include "services/lobby/results.h"
#include "services/lobby/transaction.h"

namespace mailrun::lobby {
namespace {

// Runs `body`, turning an exception into INTERNAL (the message is logged, not returned).
grpc::Status Guard(const std::function<grpc::Status()>& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    spdlog::error("request failed: {}", e.what());
    return grpc::Status(grpc::StatusCode::INTERNAL, "internal error");
  }
}

}  // namespace

LobbyServiceImpl::LobbyServiceImpl(const mailrun::service::TokenVerifier& verifier, ConnectionPool& pool,
                                   Accounts& accounts, Tables& tables, Tournaments& tournaments,
                                   bool trust_forwarded_for)
    : verifier_(verifier), trust_forwarded_for_(trust_forwarded_for), pool_(pool), accounts_(accounts), tables_(tables), tournaments_(tournaments) {}

grpc::Status LobbyServiceImpl::AsUser(grpc::ServerContext* context,
                                      const std::function<grpc::Status(const std::string&)>& body) {
  return AsCaller(context, [&](const mailrun::service::TokenClaims& claims) { return body(claims.subject); });
}

grpc::Status LobbyServiceImpl::AsCaller(grpc::ServerContext* context,
                                        const std::function<grpc::Status(const mailrun::service::TokenClaims&)>& body,
                                        bool session_may_have_ended) {
  grpc::Status status;
  const auto claims =
      mailrun::service::Authenticate(*context, verifier_, mailrun::service::TokenKind::kAccess, &status);
  if (!claims) return status;
  return Guard([&] {
    if (!session_may_have_ended) {
      if (grpc::Status standing = CheckCallerSession(pool_, *claims); !standing.ok()) return standing;
    }
    grpc::Status answer = body(*claims);
    // A write that lost the race with the account's deletion fails its foreign key (INTERNAL):
    // the caller is told why.
    if (answer.error_code() == grpc::StatusCode::INTERNAL && !session_may_have_ended) {
      if (grpc::Status standing = CheckCallerSession(pool_, *claims); !standing.ok()) return standing;
    }
    return answer;
  });
}

grpc::Status LobbyServiceImpl::Register(grpc::ServerContext* context, const mailrun::v1::RegisterRequest* request,
                                        mailrun::v1::AuthResponse* response) {
  const std::string client = ClientAddress(*context, trust_forwarded_for_);
  return Guard([&] { return accounts_.Register(*request, client, response); });
}

grpc::Status LobbyServiceImpl::Login(grpc::ServerContext* context, const mailrun::v1::LoginRequest* request,
                                     mailrun::v1::AuthResponse* response) {
  const std::string client = ClientAddress(*context, trust_forwarded_for_);
  const grpc::Status status = Guard([&] { return accounts_.Login(*request, client, response); });
  mailrun::service::metrics::LoginAttempted(mailrun::service::StatusCodeName(status.error_code()));
  if (status.ok()) mailrun::service::NoteUser(response->user_id());
  return status;
}

grpc::Status LobbyServiceImpl::RequestLoginCode(grpc::ServerContext* context,
                                                const mailrun::v1::RequestLoginCodeRequest* request,
                                                mailrun::v1::RequestLoginCodeResponse* response) {
  const std::string client = ClientAddress(*context, trust_forwarded_for_);
  return Guard([&] { return accounts_.RequestLoginCode(*request, client, response); });
}

grpc::Status LobbyServiceImpl::Refresh(grpc::ServerContext*, const mailrun::v1::RefreshRequest* request,
                                       mailrun::v1::AuthResponse* response) {
  return Guard([&] { return accounts_.Refresh(*request, response); });
}

grpc::Status LobbyServiceImpl::Logout(grpc::ServerContext* context, const mailrun::v1::LogoutRequest* request,
                                      mailrun::v1::LogoutResponse* response) {
  return AsCaller(
      context, [&](const mailrun::service::TokenClaims& caller) { return accounts_.Logout(caller.subject, *request, response); },
      /*session_may_have_ended=*/true);
}

grpc::Status LobbyServiceImpl::GetProfile(grpc::ServerContext* context, const mailrun::v1::GetProfileRequest* request,
                                          mailrun::v1::Profile* response) {
  return AsUser(context, [&](const std::string& user) { return accounts_.GetProfile(user, *request, response); });
}

grpc::Status LobbyServiceImpl::UpdateProfile(grpc::ServerContext* context,
                                             const mailrun::v1::UpdateProfileRequest* request,
                                             mailrun::v1::Profile* response) {
  return AsUser(context, [&](const std::string& user) { return accounts_.UpdateProfile(user, *request, response); });
}

grpc::Status LobbyServiceImpl::ChangePassword(grpc::ServerContext* context,
                                              const mailrun::v1::ChangePasswordRequest* request,
                                              mailrun::v1::ChangePasswordResponse* response) {
  const std::string client = ClientAddress(*context, trust_forwarded_for_);
  return AsCaller(context, [&](const mailrun::service::TokenClaims& caller) {
    return accounts_.ChangePassword(caller, client, *request, response);
  });
}

grpc::Status LobbyServiceImpl::ListSessions(grpc::ServerContext* context, const mailrun::v1::ListSessionsRequest*,
                                            mailrun::v1::ListSessionsResponse* response) {
  return AsCaller(context, [&](const mailrun::service::TokenClaims& caller) {
    return accounts_.ListSessions(caller, response);
  });
}

grpc::Status LobbyServiceImpl::RevokeSession(grpc::ServerContext* context,
                                             const mailrun::v1::RevokeSessionRequest* request,
                                             mailrun::v1::RevokeSessionResponse* response) {
  return AsCaller(
      context, [&](const mailrun::service::TokenClaims& caller) { return accounts_.RevokeSession(caller, *request, response); },
      /*session_may_have_ended=*/true);
}

grpc::Status LobbyServiceImpl::DeleteAccount(grpc::ServerContext* context,
                                             const mailrun::v1::DeleteAccountRequest* request,
                                             mailrun::v1::DeleteAccountResponse* response) {
  const std::string client = ClientAddress(*context, trust_forwarded_for_);
  return AsCaller(
      context, [&](const mailrun::service::TokenClaims& caller) { return accounts_.DeleteAccount(caller, client, *request, response); },
      /*session_may_have_ended=*/true);
}

grpc::Status LobbyServiceImpl::CreateTable(grpc::ServerContext* context, const mailrun::v1::CreateTableRequest* request,
                                           mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Create(user, *request, response); });
}

grpc::Status LobbyServiceImpl::ListTables(grpc::ServerContext* context, const mailrun::v1::ListTablesRequest* request,
                                          mailrun::v1::ListTablesResponse* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.List(user, *request, response); });
}

grpc::Status LobbyServiceImpl::GetTable(grpc::ServerContext* context, const mailrun::v1::GetTableRequest* request,
                                        mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Get(user, *request, response); });
}

grpc::Status LobbyServiceImpl::JoinTable(grpc::ServerContext* context, const mailrun::v1::JoinTableRequest* request,
                                         mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Join(user, *request, response); });
}

grpc::Status LobbyServiceImpl::LeaveTable(grpc::ServerContext* context, const mailrun::v1::LeaveTableRequest* request,
                                          mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Leave(user, *request, response); });
}

grpc::Status LobbyServiceImpl::KickPlayer(grpc::ServerContext* context, const mailrun::v1::KickPlayerRequest* request,
                                          mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Kick(user, *request, response); });
}

grpc::Status LobbyServiceImpl::InvitePlayers(grpc::ServerContext* context,
                                             const mailrun::v1::InvitePlayersRequest* request,
                                             mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Invite(user, *request, response); });
}

grpc::Status LobbyServiceImpl::StartTable(grpc::ServerContext* context, const mailrun::v1::StartTableRequest* request,
                                          mailrun::v1::Table* response) {
  return AsUser(context, [&](const std::string& user) { return tables_.Start(user, *request, response); });
}

grpc::Status LobbyServiceImpl::CreateTournament(grpc::ServerContext* context,
                                                const mailrun::v1::CreateTournamentRequest* request,
                                                mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string& user) { return tournaments_.Create(user, *request, response); });
}

grpc::Status LobbyServiceImpl::ListTournaments(grpc::ServerContext* context,
                                               const mailrun::v1::ListTournamentsRequest* request,
                                               mailrun::v1::ListTournamentsResponse* response) {
  return AsUser(context, [&](const std::string&) { return tournaments_.List(*request, response); });
}

grpc::Status LobbyServiceImpl::GetTournament(grpc::ServerContext* context,
                                             const mailrun::v1::GetTournamentRequest* request,
                                             mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string&) { return tournaments_.Get(*request, response); });
}

grpc::Status LobbyServiceImpl::RegisterForTournament(grpc::ServerContext* context,
                                                     const mailrun::v1::RegisterForTournamentRequest* request,
                                                     mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string& user) { return tournaments_.Register(user, *request, response); });
}

grpc::Status LobbyServiceImpl::WithdrawFromTournament(grpc::ServerContext* context,
                                                      const mailrun::v1::WithdrawFromTournamentRequest* request,
                                                      mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string& user) { return tournaments_.Withdraw(user, *request, response); });
}

grpc::Status LobbyServiceImpl::StartTournamentRound(grpc::ServerContext* context,
                                                    const mailrun::v1::StartTournamentRoundRequest* request,
                                                    mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string& user) { return tournaments_.StartRound(user, *request, response); });
}

grpc::Status LobbyServiceImpl::DropPlayer(grpc::ServerContext* context, const mailrun::v1::DropPlayerRequest* request,
                                          mailrun::v1::Tournament* response) {
  return AsUser(context, [&](const std::string& user) { return tournaments_.DropPlayer(user, *request, response); });
}

grpc::Status LobbyServiceImpl::GetStandings(grpc::ServerContext* context,
                                            const mailrun::v1::GetStandingsRequest* request,
                                            mailrun::v1::Standings* response) {
  return AsUser(context, [&](const std::string&) { return tournaments_.Standings(*request, response); });
}

grpc::Status LobbyServiceImpl::GetLeaderboard(grpc::ServerContext* context,
                                              const mailrun::v1::GetLeaderboardRequest* request,
                                              mailrun::v1::Leaderboard* response) {
  return AsUser(context, [&](const std::string&) {
    const auto page = ParsePage(request->page());
    if (!page) return Invalid("lobby.request.page_invalid", "page_token", PageProblem());
    if (!mailrun::v1::Edition_IsValid(request->edition())) return Invalid("lobby.request.edition_unknown", "edition", "edition is unknown");
    if (!mailrun::v1::Title_IsValid(request->title())) return Invalid("lobby.request.title_unknown", "title", "title is unknown");
    // An edition without a title is 1853's (requests from before titles existed).
    Ladder ladder{static_cast<int>(request->title()), static_cast<int>(request->edition())};
    if (ladder.title == 0 && ladder.edition != 0) ladder.title = mailrun::v1::TITLE_1853;
    return RunTransaction(pool_, [&](pqxx::work& txn) {
      response->Clear();
      LoadLeaderboard(txn, ladder, page->after, page->size, response);
      return grpc::Status::OK;
    });
  });
}

grpc::Status LobbyServiceImpl::GetMyResults(grpc::ServerContext* context,
                                            const mailrun::v1::GetMyResultsRequest* request,
                                            mailrun::v1::MyResults* response) {
  return AsUser(context, [&](const std::string& user) {
    const auto page = ParsePage(request->page());
    if (!page) return Invalid("lobby.request.page_invalid", "page_token", PageProblem());
    return RunTransaction(pool_, [&](pqxx::work& txn) {
      response->Clear();
      LoadMyResults(txn, user, *page, response);
      return grpc::Status::OK;
    });
  });
}

}  // namespace mailrun::lobby
