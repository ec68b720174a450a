#include "services/common/outbox.h"

#include <stdexcept>

#include "services/common/log_context.h"

namespace mailrun::service {

OutboxRow ToOutboxRow(const mailrun::v1::Event& event) {
  if (event.event_id().empty()) throw std::invalid_argument("outbox event has no event_id");
  if (event.user_ids().empty()) throw std::invalid_argument("outbox event " + event.event_id() + " has no user_ids");
  if (event.kind_case() == mailrun::v1::Event::KIND_NOT_SET) {
    throw std::invalid_argument("outbox event " + event.event_id() + " has no kind");
  }
  // The event carries on the trace of the change that caused it (log_context.h).
  if (event.traceparent().empty()) {
    mailrun::v1::Event traced = event;
    traced.set_traceparent(OutgoingTraceparent());
    return {event.event_id(), traced.SerializeAsString()};
  }
  return {event.event_id(), event.SerializeAsString()};
}

void AppendOutboxEvent(pqxx::work& txn, const mailrun::v1::Event& event) {
  const OutboxRow row = ToOutboxRow(event);
  txn.exec_params("INSERT INTO outbox (event_id, payload) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING",
                  row.event_id, pqxx::binarystring(row.payload));
}

}  // namespace mailrun::service
