#include "services/notification/notification_app.h"

#include "services/common/token.h"

namespace mailrun::notification {
namespace {

EventConsumerOptions ConsumerOptions(const NotificationOptions& options) {
  EventConsumerOptions consumer;
  consumer.redis_url = options.redis_url;
  consumer.channel = options.events_channel;
  consumer.catch_up_margin = options.catch_up_margin;
  consumer.claim_wait = options.claim_wait;
  return consumer;
}

PresenceOptions PresenceOf(const NotificationOptions& options) {
  PresenceOptions presence;
  presence.redis_url = options.redis_url;
  presence.prefix = options.events_channel + ".presence";  // one per deployment, as the channel
  return presence;
}

service::TokenVerifier Checked(service::TokenVerifier verifier, std::shared_ptr<service::SessionRevocations> revoked) {
  verifier.SetRevokedSessions(std::move(revoked));
  return verifier;
}

}  // namespace

NotificationApp::NotificationApp(NotificationOptions options)
    : options_(std::move(options)),
      pool_(options_.database_url, options_.database_pool_size),
      revocations_(std::make_shared<service::SessionRevocations>(pool_)),
      inbox_(pool_),
      presence_(PresenceOf(options_), service::RandomId()),
      pump_(options_.stream_pump_threads),
      push_(pool_, options_.push, options_.clock),
      email_(pool_, options_.email, options_.clock, fanout_, &presence_),
      reminders_(pool_, options_.reminder_check_interval, options_.clock),
      consumer_(ConsumerOptions(options_), pool_, inbox_, fanout_, push_, email_, reminders_, options_.clock),
      deleted_accounts_(pool_, options_.deleted_accounts_poll_interval),
      service_(Checked(options_.token_verifier, revocations_), pool_, inbox_, fanout_, pump_, push_.web_push_keys(), options_.push.web_push.egress, email_,
               options_.clock) {
  if (options_.run_outbox_relay) {
    service::OutboxRelayOptions relay;
    relay.database_url = options_.session_database_url.empty() ? options_.database_url : options_.session_database_url;
    relay.redis_url = options_.redis_url;
    relay.channel = options_.events_channel;
    relay.poll_interval = options_.relay_poll_interval;
    relay_ = std::make_unique<service::OutboxRelay>(relay);
  }
  fanout_.SetObserver([this](const std::string& user, bool streaming) { presence_.Changed(user, streaming); });
  pruner_ = MakeNotificationPruner(
      options_.session_database_url.empty() ? options_.database_url : options_.session_database_url, options_.pruning);
}

NotificationApp::~NotificationApp() { Stop(); }

void NotificationApp::Start() {
  revocations_->Start();
  presence_.Start();
  consumer_.Start();
  push_.Start();
  email_.Start();
  reminders_.Start();
  deleted_accounts_.Start();
  if (relay_) relay_->Start();
  pruner_->Start();
}

void NotificationApp::Stop() {
  fanout_.CloseAll();
  pruner_->Stop();
  if (relay_) relay_->Stop();
  reminders_.Stop();
  deleted_accounts_.Stop();
  consumer_.Stop();
  push_.Stop();
  email_.Stop();
  pump_.Stop();  // after the server has ended every stream
  presence_.Stop();
  revocations_->Stop();
}

}  // namespace mailrun::notification
