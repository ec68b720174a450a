#include "services/common/auth.h"

#include <chrono>

#include "services/common/log_context.h"
#include "services/common/refusal_details.h"

namespace mailrun::service {

int64_t UnixNow() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<TokenClaims> Authenticate(const grpc::ServerContextBase& context, const TokenVerifier& verifier,
                                        TokenKind kind, grpc::Status* status) {
  const auto& metadata = context.client_metadata();
  const auto found = metadata.find("authorization");
  if (found == metadata.end()) {
    *status = RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, "missing 'authorization: Bearer <token>' metadata",
                            {"auth.token_missing", "", "unauthenticated", "", ""});
    return std::nullopt;
  }
  const std::string value(found->second.data(), found->second.size());
  const std::string prefix = "Bearer ";
  if (value.rfind(prefix, 0) != 0) {
    *status = RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, "authorization metadata must be 'Bearer <token>'",
                            {"auth.token_malformed", "", "unauthenticated", "", ""});
    return std::nullopt;
  }
  TokenError error;
  auto claims = verifier.Verify(value.substr(prefix.size()), kind, UnixNow(), &error);
  if (!claims) {
    *status = error.session_ended
                  ? RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, error.message, {"auth.session_ended", "", "unauthenticated", "", ""})
                  : RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, error.message,
                                  {"auth.token_invalid", "", "unauthenticated", "", "", {TextValue("reason", error.message)}});
    return std::nullopt;
  }
  NoteUser(claims->subject);  // the call's log lines name the caller
  return claims;
}

}  // namespace mailrun::service
