#include "tools/fault/calls.h"

namespace mailrun::fault {
namespace {

std::string Mint(const mailrun::service::TokenSigner& signer, const std::string& subject,
                 mailrun::service::TokenKind kind) {
  mailrun::service::TokenClaims claims;
  claims.subject = subject;
  claims.display_name = subject;
  claims.kind = kind;
  claims.issued_at = NowUnixMs() / 1000;
  claims.expires_at = claims.issued_at + 6 * 3600;
  claims.token_id = mailrun::service::RandomId();
  return signer.Issue(claims);
}

}  // namespace

std::shared_ptr<grpc::Channel> OwnChannel(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  // Reconnect quickly after a service restart (the default back-off grows to two minutes).
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  arguments.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 100);
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  // Over every address of the target (the replicas: FaultStack::Address), as the gateway does.
  arguments.SetLoadBalancingPolicyName("round_robin");
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments);
}

std::string UserToken(const mailrun::service::TokenSigner& signer, const std::string& user_id) {
  return Mint(signer, user_id, mailrun::service::TokenKind::kAccess);
}

std::string LobbyToken(const mailrun::service::TokenSigner& signer) {
  return Mint(signer, "lobby", mailrun::service::TokenKind::kService);
}

void JoinWithin(std::vector<std::thread>& threads, std::atomic<bool>& hard_stop, std::chrono::seconds grace) {
  const auto deadline = std::chrono::steady_clock::now() + grace;
  std::atomic<bool> joined{false};
  std::thread alarm([&] {
    while (std::chrono::steady_clock::now() < deadline && !joined) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    hard_stop = true;
  });
  for (auto& thread : threads) thread.join();
  threads.clear();
  joined = true;
  alarm.join();
}

}  // namespace mailrun::fault
