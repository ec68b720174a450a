// mailrun-bench-bare-notify: a NotificationService that only holds Subscribe streams open. No
// authentication, no interceptors, no inbox, no Redis or PostgreSQL: each Subscribe sends its
// initial metadata (as mailrun-notify's does) and then waits, idle, until the client cancels it.
// What an idle stream costs this server is gRPC's own cost of an idle stream of this very RPC, the
// floor under mailrun-notify's (docs/benchmarks.md, "Idle notification streams"). Run by
// tools/bench/stream_bench.sh --bare; stops on SIGINT or SIGTERM. It does not start through the
// services' RunServer (services/common/server.h): that would add the health service, reflection,
// metrics and their libraries, which are part of what the floor leaves out.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <grpcpp/grpcpp.h>

#include <csignal>
#include <memory>

#include "mailrun/v1/notification.grpc.pb.h"

namespace {

using mailrun::v1::Notification;

class IdleSubscribe : public grpc::ServerWriteReactor<Notification> {
 public:
  IdleSubscribe() { StartSendInitialMetadata(); }
  void OnCancel() override { Finish(grpc::Status::CANCELLED); }
  void OnDone() override { delete this; }
};

class BareNotify final : public mailrun::v1::NotificationService::CallbackService {
  grpc::ServerWriteReactor<Notification>* Subscribe(grpc::CallbackServerContext*,
                                                    const mailrun::v1::SubscribeRequest*) override {
    return new IdleSubscribe;
  }
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun-bench-bare-notify: holds Subscribe streams open and does nothing else"};
  std::string listen;
  bool minimal_stack = false;
  app.add_option("--listen", listen, "host:port to listen on")->required();
  app.add_flag("--minimal-stack", minimal_stack, "gRPC's minimal channel stack (GRPC_ARG_MINIMAL_STACK)");
  CLI11_PARSE(app, argc, argv);

  // Blocked before gRPC starts its threads, so only sigwait below receives them.
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, nullptr);

  BareNotify service;
  grpc::ServerBuilder builder;
  int port = 0;
  builder.AddListeningPort(listen, grpc::InsecureServerCredentials(), &port);
  builder.RegisterService(&service);
  if (minimal_stack) builder.AddChannelArgument(GRPC_ARG_MINIMAL_STACK, 1);
  const std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || port == 0) {
    fmt::print(stderr, "mailrun-bench-bare-notify: cannot listen on {}\n", listen);
    return 1;
  }
  fmt::print("mailrun-bench-bare-notify listening on {}\n", listen);
  std::fflush(stdout);
  int signal = 0;
  sigwait(&stop, &signal);
  server->Shutdown();
  return 0;
}
