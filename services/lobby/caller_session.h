// CallerSession: whether the account and the session an access token was issued for still stand,
// checked by the lobby on every call made with an access token (lobby_service.cc). A token's
// signature and expiry say nothing of what happened since it was issued; the lobby holds the
// accounts and the sessions, so it asks them: a deleted account's token is refused UNAUTHENTICATED
// "lobby.session.account_deleted" (issue 46: CreateTable, JoinTable and CreateTournament with one
// answered INTERNAL, a foreign-key violation), and the token of a session that was logged out,
// revoked or ended by a password change is refused "lobby.session.ended" at once, not when the
// token expires (revoked_sessions, migrations/0207; the other services read the same list once a
// second, services/common/session_revocations.h). Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "services/common/token.h"
#include "services/lobby/connection_pool.h"

namespace mailrun::lobby {

// OK, or the UNAUTHENTICATED refusal. Tokens whose id does not name a session (only tests mint
// such) are checked for their account alone.
grpc::Status CheckCallerSession(ConnectionPool& pool, const mailrun::service::TokenClaims& caller);

// The refusal of a call by an account that is gone (also for a write that lost the race with the
// account's deletion: its foreign key no longer holds).
grpc::Status AccountDeleted();

// The session row an access token belongs to ("<row>-access", Accounts::SignSession), or "".
std::string SessionOfAccessToken(const mailrun::service::TokenClaims& claims);

}  // namespace mailrun::lobby
