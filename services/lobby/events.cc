#include "services/lobby/events.h"

#include <chrono>

namespace mailrun::lobby {

void WriteEventToOutbox(pqxx::work& txn, const mailrun::v1::Event& event) {
  mailrun::v1::Event copy = event;
  if (copy.created_at_unix_ms() == 0) {
    copy.set_created_at_unix_ms(std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::system_clock::now().time_since_epoch())
                                    .count());
  }
  const std::string payload = copy.SerializeAsString();
  txn.exec_params("INSERT INTO outbox (event_id, payload) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING",
                  copy.event_id(), pqxx::binarystring(payload.data(), payload.size()));
}

}  // namespace mailrun::lobby
