#include "services/notification/notification_service.h"

#include <spdlog/spdlog.h>

#include <type_traits>

#include "services/common/auth.h"
#include "services/common/event_log.h"
#include "services/common/ids.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/refusal_details.h"
#include "services/common/request_fingerprint.h"
#include "services/notification/account_writes.h"
#include "services/notification/device_registry.h"
#include "services/notification/email_message.h"
#include "services/notification/webhook.h"
#include "services/notification/handler_failure.h"
#include "services/notification/preferences_store.h"
#include "services/notification/request_log.h"
#include "services/notification/subscribe_stream.h"

namespace mailrun::notification {
namespace {

using grpc::Status;
using grpc::StatusCode;

constexpr int kMaxMarkedIds = 500;
constexpr size_t kMaxPushTokenLength = 4096;

// INVALID_ARGUMENT for `field` of the request, keyed "notify.invalid.<field>" in the error details.
Status Invalid(const std::string& field, const std::string& message) {
  return service::RefusalStatus(StatusCode::INVALID_ARGUMENT, message, {"notify.invalid." + field, "", "malformed", field, ""});
}

// The trace context inside an event is the services' own: clients never see it.
void ForClient(mailrun::v1::Notification& notification) { notification.mutable_event()->clear_traceparent(); }

// Runs a handler body, mapping its failures to status codes (handler_failure.h).
template <typename Body>
Status Guarded(const char* method, Body&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return FailureStatus(method, e);
  }
}

}  // namespace

template <typename Body>
Status NotificationServiceImpl::AsCaller(const char* method, const grpc::ServerContext& context, Body&& body) {
  return Guarded(method, [&]() -> Status {
    Status status;
    const auto claims = service::Authenticate(context, verifier_, service::TokenKind::kAccess, &status);
    if (!claims) return status;
    if constexpr (std::is_invocable_v<Body, const service::TokenClaims&>) {
      return body(*claims);
    } else {
      return body(claims->subject);
    }
  });
}

NotificationServiceImpl::NotificationServiceImpl(service::TokenVerifier verifier, service::ConnectionPool& pool,
                                                 InboxStore& inbox, Fanout& fanout, StreamPump& pump,
                                                 const WebPushKeys& web_push_keys, EgressRules egress,
                                                 EmailSender& email, Clock clock)
    : verifier_(std::move(verifier)),
      pool_(pool),
      inbox_(inbox),
      fanout_(fanout),
      pump_(pump),
      web_push_keys_(web_push_keys),
      web_push_egress_(egress),
      email_(email),
      clock_(std::move(clock)) {}

Status NotificationServiceImpl::Idempotent(const service::TokenClaims& caller, const std::string& request_id,
                                           const std::string& method, const google::protobuf::Message& request,
                                           google::protobuf::Message* response,
                                           const std::function<Status(pqxx::work&)>& change) {
  if (const std::string problem = RequestLog::Check(request_id); !problem.empty()) return Invalid("request_id", problem);
  const std::string& user_id = caller.subject;
  auto connection = pool_.Acquire();
  pqxx::work txn(*connection);
  if (Status ended = AccountWrites::Admit(txn, caller); !ended.ok()) return ended;
  std::string previous;
  switch (RequestLog::Begin(txn, user_id, request_id, method, service::RequestFingerprint(request), &previous)) {
    case RequestLog::Claim::kReplay:
      response->ParseFromString(previous);
      return Status::OK;
    case RequestLog::Claim::kConflict:
      return Invalid("request_id", "request_id '" + request_id +
                     "' was already used for another call: a retry must repeat its call unchanged, and a new call "
                     "needs a new request_id");
    case RequestLog::Claim::kNew:
      break;
  }
  const Status status = change(txn);
  if (!status.ok()) return status;  // the transaction rolls back: nothing changed, nothing recorded
  RequestLog::Finish(txn, user_id, request_id, response->SerializeAsString());
  txn.commit();
  return Status::OK;
}

grpc::ServerWriteReactor<mailrun::v1::Notification>* NotificationServiceImpl::Subscribe(
    grpc::CallbackServerContext* context, const mailrun::v1::SubscribeRequest* request) {
  // Runs on a gRPC callback thread: only quick checks here; the stream reads the inbox on the pump.
  Status status;
  const auto claims = service::Authenticate(*context, verifier_, service::TokenKind::kAccess, &status);
  if (!claims) return SubscribeStream::Refuse(status);
  if (auto bad = service::OptionalIdProblem("since_event_id", request->since_event_id())) {
    return SubscribeStream::Refuse(Invalid("since_event_id", *bad));
  }
  return SubscribeStream::Start({inbox_, fanout_, pump_}, claims->subject, request->since_event_id(),
                                service::HandOffCurrentScope());
}

Status NotificationServiceImpl::ListInbox(grpc::ServerContext* context, const mailrun::v1::ListInboxRequest* request,
                                          mailrun::v1::ListInboxResponse* response) {
  return AsCaller("ListInbox", *context, [&](const std::string& user) -> Status {
    int size = request->page().page_size();
    if (size < 0) return Invalid("page", "page.page_size must not be negative");
    size = size == 0 ? 50 : std::min(size, 200);
    int64_t before = 0;
    const std::string& token = request->page().page_token();
    if (!token.empty()) {
      if (token.size() > 18 || token.find_first_not_of("0123456789") != std::string::npos ||
          (before = std::stoll(token)) <= 0) {
        return Invalid("page", "page.page_token is not valid: copy next_page_token from the previous response");
      }
    }
    auto page = inbox_.List(user, before, size, request->unread_only());
    for (auto& notification : page.notifications) {
      ForClient(notification);
      *response->add_notifications() = std::move(notification);
    }
    if (page.next_before > 0) response->mutable_page()->set_next_page_token(std::to_string(page.next_before));
    response->set_unread_count(page.unread_count);
    return Status::OK;
  });
}

Status NotificationServiceImpl::MarkRead(grpc::ServerContext* context, const mailrun::v1::MarkReadRequest* request,
                                         mailrun::v1::MarkReadResponse* response) {
  return AsCaller("MarkRead", *context, [&](const service::TokenClaims& caller) -> Status {
    const std::string& user = caller.subject;
    if (request->up_to_sequence() < 0) return Invalid("up_to_sequence", "up_to_sequence must not be negative");
    if (request->event_ids().empty() && request->up_to_sequence() == 0) {
      return Invalid("event_ids", "give event_ids or up_to_sequence (or both)");
    }
    if (request->event_ids_size() > kMaxMarkedIds) {
      return Invalid("event_ids", "event_ids may list at most " + std::to_string(kMaxMarkedIds) + " ids; use up_to_sequence for more");
    }
    for (const auto& id : request->event_ids()) {
      if (auto bad = service::IdProblem("event_ids", id)) return Invalid("event_ids", *bad);
    }
    const std::vector<std::string> ids(request->event_ids().begin(), request->event_ids().end());
    return Idempotent(caller, request->request_id(), "MarkRead", *request, response, [&](pqxx::work& txn) {
      std::string missing;
      const auto marked = inbox_.MarkRead(txn, user, ids, request->up_to_sequence(), &missing);
      if (!marked) {
        return service::RefusalStatus(StatusCode::NOT_FOUND, "event '" + missing + "' is not in your inbox",
                                      {"notify.event_not_in_inbox", "", "not_found", "", "", {service::TextValue("event_id", missing)}});
      }
      response->set_marked(marked->marked);
      response->set_unread_count(marked->unread_count);
      return Status::OK;
    });
  });
}

Status NotificationServiceImpl::RegisterDevice(grpc::ServerContext* context,
                                               const mailrun::v1::RegisterDeviceRequest* request,
                                               mailrun::v1::RegisterDeviceResponse* response) {
  return AsCaller("RegisterDevice", *context, [&](const service::TokenClaims& caller) -> Status {
    const std::string& user = caller.subject;
    const std::string platform = DeviceRegistry::PlatformName(request->platform());
    if (platform.empty()) {
      return Invalid("platform", "platform must be PLATFORM_APNS, PLATFORM_FCM, PLATFORM_WEBHOOK or PLATFORM_WEB_PUSH");
    }
    if (platform == "webpush") {
      const auto& subscription = request->web_push();
      if (!request->push_token().empty()) return Invalid("push_token", "a PLATFORM_WEB_PUSH device gives web_push, not push_token");
      if (const std::string bad = WebPushSubscriptionProblem(subscription.endpoint(), subscription.p256dh(), subscription.auth());
          !bad.empty()) {
        return Invalid("web_push", bad);
      }
      if (!web_push_keys_.enabled()) {
        return service::RefusalStatus(StatusCode::FAILED_PRECONDITION, "this deployment sends no Web Push (no VAPID key)",
                                      {"notify.web_push_off", "", "unavailable", "", ""});
      }
      return Idempotent(caller, request->request_id(), "RegisterDevice", *request, response, [&](pqxx::work& txn) {
        response->set_device_id(DeviceRegistry::RegisterWebPush(txn, user, subscription.endpoint(), subscription.p256dh(),
                                                                subscription.auth(), web_push_keys_.current_public_key()));
        return Status::OK;
      });
    }
    if (request->has_web_push()) return Invalid("web_push", "web_push is for PLATFORM_WEB_PUSH devices only");
    if (auto bad = service::IdProblem("push_token", request->push_token(), kMaxPushTokenLength)) return Invalid("push_token", *bad);
    if (platform == "webhook") {
      // The URL is checked again at connect time (the address it resolves to): egress_http.h.
      if (const std::string bad = EgressUrlProblem(request->push_token(), web_push_egress_); !bad.empty()) {
        return Invalid("push_token", "a webhook's push_token is its URL: " + bad);
      }
      return Idempotent(caller, request->request_id(), "RegisterDevice", *request, response, [&](pqxx::work& txn) {
        const std::string secret = NewWebhookSecret();
        response->set_device_id(DeviceRegistry::RegisterWebhook(txn, user, request->push_token(), secret));
        response->set_webhook_secret(secret);
        return Status::OK;
      });
    }
    return Idempotent(caller, request->request_id(), "RegisterDevice", *request, response, [&](pqxx::work& txn) {
      response->set_device_id(DeviceRegistry::Register(txn, user, platform, request->push_token()));
      return Status::OK;
    });
  });
}

Status NotificationServiceImpl::UnregisterDevice(grpc::ServerContext* context,
                                                 const mailrun::v1::UnregisterDeviceRequest* request,
                                                 mailrun::v1::UnregisterDeviceResponse* response) {
  return AsCaller("UnregisterDevice", *context, [&](const service::TokenClaims& caller) -> Status {
    const std::string& user = caller.subject;
    if (auto bad = service::IdProblem("device_id", request->device_id())) return Invalid("device_id", *bad);
    return Idempotent(caller, request->request_id(), "UnregisterDevice", *request, response, [&](pqxx::work& txn) {
      if (!DeviceRegistry::Unregister(txn, user, request->device_id())) {
        return service::RefusalStatus(StatusCode::NOT_FOUND, "device '" + request->device_id() + "' is not one of your devices",
                                      {"notify.device_unknown", "", "not_found", "", "", {service::TextValue("device_id", request->device_id())}});
      }
      return Status::OK;
    });
  });
}

Status NotificationServiceImpl::ListDevices(grpc::ServerContext* context, const mailrun::v1::ListDevicesRequest*,
                                            mailrun::v1::ListDevicesResponse* response) {
  return AsCaller("ListDevices", *context, [&](const std::string& user) -> Status {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    for (auto& device : DeviceRegistry::Listed(txn, user)) *response->add_devices() = std::move(device);
    return Status::OK;
  });
}

Status NotificationServiceImpl::GetWebPushKey(grpc::ServerContext* context, const mailrun::v1::GetWebPushKeyRequest*,
                                              mailrun::v1::GetWebPushKeyResponse* response) {
  return AsCaller("GetWebPushKey", *context, [&](const std::string&) -> Status {
    response->set_vapid_public_key(web_push_keys_.current_public_key());
    return Status::OK;
  });
}

Status NotificationServiceImpl::SetEmail(grpc::ServerContext* context, const mailrun::v1::SetEmailRequest* request,
                                         mailrun::v1::SetEmailResponse* response) {
  return AsCaller("SetEmail", *context, [&](const service::TokenClaims& caller) -> Status {
    const std::string& user = caller.subject;
    if (!request->address().empty()) {
      if (const std::string bad = EmailAddressProblem(request->address()); !bad.empty()) return Invalid("address", bad);
    }
    if (!email_.enabled()) {
      return service::RefusalStatus(StatusCode::FAILED_PRECONDITION, "this deployment sends no email (no SMTP relay)",
                                    {"notify.email_off", "", "unavailable", "", ""});
    }
    return Idempotent(caller, request->request_id(), "SetEmail", *request, response, [&](pqxx::work& txn) {
      *response->mutable_email() = email_.SetAddress(txn, user, request->address(), clock_());
      return Status::OK;
    });
  });
}

Status NotificationServiceImpl::VerifyEmail(grpc::ServerContext*, const mailrun::v1::VerifyEmailRequest* request,
                                            mailrun::v1::VerifyEmailResponse* response) {
  // No login: the token from the mail is the proof (a link opened on another device works).
  return Guarded("VerifyEmail", [&]() -> Status {
    if (auto bad = service::IdProblem("token", request->token())) return Invalid("token", *bad);
    auto connection = pool_.Acquire();
    pqxx::work txn(*connection);
    const auto email = email_.Verify(txn, request->token(), clock_());
    if (!email) {
      return service::RefusalStatus(StatusCode::NOT_FOUND, "this verification link is not valid (used, or replaced by a newer one)",
                                    {"notify.email_token_unknown", "", "not_found", "", ""});
    }
    txn.commit();
    *response->mutable_email() = *email;
    return Status::OK;
  });
}

Status NotificationServiceImpl::UnsubscribeEmail(grpc::ServerContext*, const mailrun::v1::UnsubscribeEmailRequest* request,
                                                 mailrun::v1::UnsubscribeEmailResponse*) {
  // No login: one click from the mail, the token is the proof; clicking twice is fine.
  return Guarded("UnsubscribeEmail", [&]() -> Status {
    if (auto bad = service::IdProblem("token", request->token())) return Invalid("token", *bad);
    auto connection = pool_.Acquire();
    pqxx::work txn(*connection);
    if (!email_.Unsubscribe(txn, request->token(), clock_())) {
      return service::RefusalStatus(StatusCode::NOT_FOUND, "this unsubscribe link is not valid (the address was changed since)",
                                    {"notify.email_token_unknown", "", "not_found", "", ""});
    }
    txn.commit();
    return Status::OK;
  });
}

Status NotificationServiceImpl::GetPreferences(grpc::ServerContext* context, const mailrun::v1::GetPreferencesRequest*,
                                               mailrun::v1::GetPreferencesResponse* response) {
  return AsCaller("GetPreferences", *context, [&](const std::string& user) -> Status {
    auto connection = pool_.Acquire();
    pqxx::read_transaction txn(*connection);
    *response->mutable_preferences() = PreferencesStore::Get(txn, user);
    *response->mutable_email() = EmailSender::AddressOf(txn, user);
    return Status::OK;
  });
}

Status NotificationServiceImpl::SetPreferences(grpc::ServerContext* context,
                                               const mailrun::v1::SetPreferencesRequest* request,
                                               mailrun::v1::SetPreferencesResponse* response) {
  return AsCaller("SetPreferences", *context, [&](const service::TokenClaims& caller) -> Status {
    const std::string& user = caller.subject;
    if (const std::string problem = PreferencesStore::Check(request->preferences()); !problem.empty()) {
      return Invalid("preferences", problem);
    }
    return Idempotent(caller, request->request_id(), "SetPreferences", *request, response, [&](pqxx::work& txn) {
      PreferencesStore::Set(txn, user, request->preferences());
      *response->mutable_preferences() = PreferencesStore::Get(txn, user);
      return Status::OK;
    });
  });
}

}  // namespace mailrun::notification
