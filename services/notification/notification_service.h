// The gRPC face of the notification service (proto/mailrun/v1/notification.proto). Handlers are
// thin: authenticate (access token; the subject is the caller), check the request, call the
// stores, map failures to status codes. Subscribe runs on gRPC's callback API (an open stream
// holds no thread: subscribe_stream.h); the other methods are synchronous. Thread-safe (gRPC
// calls handlers concurrently).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <string>

#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/token.h"
#include "services/notification/email_sender.h"
#include "services/notification/fanout.h"
#include "services/notification/inbox_store.h"
#include "services/notification/stream_pump.h"
#include "services/notification/web_push.h"

namespace mailrun::notification {

class NotificationServiceImpl final
    : public mailrun::v1::NotificationService::WithCallbackMethod_Subscribe<mailrun::v1::NotificationService::Service> {
 public:
  // `verifier`: the public keys that verify access tokens. References must outlive the service.
  NotificationServiceImpl(service::TokenVerifier verifier, service::ConnectionPool& pool, InboxStore& inbox,
                          Fanout& fanout, StreamPump& pump, const WebPushKeys& web_push_keys, EgressRules egress,
                          EmailSender& email, Clock clock);

  grpc::ServerWriteReactor<mailrun::v1::Notification>* Subscribe(grpc::CallbackServerContext* context,
                                                                 const mailrun::v1::SubscribeRequest* request) override;
  grpc::Status ListInbox(grpc::ServerContext* context, const mailrun::v1::ListInboxRequest* request,
                         mailrun::v1::ListInboxResponse* response) override;
  grpc::Status MarkRead(grpc::ServerContext* context, const mailrun::v1::MarkReadRequest* request,
                        mailrun::v1::MarkReadResponse* response) override;
  grpc::Status RegisterDevice(grpc::ServerContext* context, const mailrun::v1::RegisterDeviceRequest* request,
                              mailrun::v1::RegisterDeviceResponse* response) override;
  grpc::Status UnregisterDevice(grpc::ServerContext* context, const mailrun::v1::UnregisterDeviceRequest* request,
                                mailrun::v1::UnregisterDeviceResponse* response) override;
  grpc::Status ListDevices(grpc::ServerContext* context, const mailrun::v1::ListDevicesRequest* request,
                           mailrun::v1::ListDevicesResponse* response) override;
  grpc::Status GetWebPushKey(grpc::ServerContext* context, const mailrun::v1::GetWebPushKeyRequest* request,
                             mailrun::v1::GetWebPushKeyResponse* response) override;
  grpc::Status SetEmail(grpc::ServerContext* context, const mailrun::v1::SetEmailRequest* request,
                        mailrun::v1::SetEmailResponse* response) override;
  grpc::Status VerifyEmail(grpc::ServerContext* context, const mailrun::v1::VerifyEmailRequest* request,
                           mailrun::v1::VerifyEmailResponse* response) override;
  grpc::Status UnsubscribeEmail(grpc::ServerContext* context, const mailrun::v1::UnsubscribeEmailRequest* request,
                                mailrun::v1::UnsubscribeEmailResponse* response) override;
  grpc::Status GetPreferences(grpc::ServerContext* context, const mailrun::v1::GetPreferencesRequest* request,
                              mailrun::v1::GetPreferencesResponse* response) override;
  grpc::Status SetPreferences(grpc::ServerContext* context, const mailrun::v1::SetPreferencesRequest* request,
                              mailrun::v1::SetPreferencesResponse* response) override;

 private:
  // Authenticates the caller (access token) and runs body(user_id), or body(claims) for the
  // changing calls, with the database failures mapped to status codes; the one prologue of every
  // handler.
  template <typename Body>
  grpc::Status AsCaller(const char* method, const grpc::ServerContext& context, Body&& body);
  // Runs `change` once per (caller, request_id) inside one transaction; see request_log.h. First,
  // in that transaction, the caller's session must not have ended (account_writes.h): a deleted
  // account's token writes nothing.
  grpc::Status Idempotent(const service::TokenClaims& caller, const std::string& request_id, const std::string& method,
                          const google::protobuf::Message& request, google::protobuf::Message* response,
                          const std::function<grpc::Status(pqxx::work&)>& change);

  const service::TokenVerifier verifier_;
  service::ConnectionPool& pool_;
  InboxStore& inbox_;
  Fanout& fanout_;
  StreamPump& pump_;
  const WebPushKeys& web_push_keys_;
  const EgressRules web_push_egress_;  // which webhook URLs may be registered
  EmailSender& email_;
  Clock clock_;
};

}  // namespace mailrun::notification
