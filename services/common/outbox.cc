#include "services/common/outbox.h"

#include <stdexcept>

#include "services/common/log_context.h"

namespace mailrun::service {

namespace {

void Append(pqxx::work& txn, const mailrun::v1::Event& event, bool announced_later) {
  if (event.event_id().empty()) throw std::invalid_argument("outbox event has no event_id");
  if (event.user_ids().empty()) throw std::invalid_argument("outbox event " + event.event_id() + " has no user_ids");
  if (event.kind_case() == mailrun::v1::Event::KIND_NOT_SET) {
    throw std::invalid_argument("outbox event " + event.event_id() + " has no kind");
  }
  // The event carries on the trace of the change that caused it (log_context.h).
  std::string payload;
  if (event.traceparent().empty()) {
    mailrun::v1::Event traced = event;
    traced.set_traceparent(OutgoingTraceparent());
    payload = traced.SerializeAsString();
  } else {
    payload = event.SerializeAsString();
  }
  if (announced_later) {
    // The setting is made before the insert's statement trigger runs (at the statement's end).
    txn.exec_params(
        "WITH later AS (SELECT set_config('mailrun.outbox_announce', 'after_commit', true))"
        " INSERT INTO outbox (event_id, payload) SELECT $1, $2 FROM later ON CONFLICT (event_id) DO NOTHING",
        event.event_id(), pqxx::binarystring(payload));
  } else {
    txn.exec_params("INSERT INTO outbox (event_id, payload) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING",
                    event.event_id(), pqxx::binarystring(payload));
  }
}

}  // namespace

void AppendOutboxEvent(pqxx::work& txn, const mailrun::v1::Event& event) { Append(txn, event, false); }

void AppendOutboxEventAnnouncedLater(pqxx::work& txn, const mailrun::v1::Event& event) { Append(txn, event, true); }

}  // namespace mailrun::service
