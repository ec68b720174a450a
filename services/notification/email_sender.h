// EmailSender: the email channel (issue 42). A player sets an address (SetEmail); a verification
// mail with a link token goes out, and nothing else is mailed until the link is followed
// (VerifyEmail). From then on each event whose kind the player did not mute for email waits as an
// item (email_items, unique per event and player: a repeated event is mailed once), due now or
// when the player's quiet hours end. The worker gathers a player's due items into ONE mail at
// most once a minute (min_interval), and drops them instead when the player has the app open (an
// open Subscribe stream on this replica: they saw them there). Mails are rows (email_mails) sent
// through the SMTP relay (smtp_client.h) and retried with back-off, each locked while in flight
// (FOR UPDATE SKIP LOCKED) so replicas never send one twice; the one window left (the relay took
// it, the process died before the commit) sends it again, at most once per crash. Every mail
// carries a one-click unsubscribe link (UnsubscribeEmail, no login) and List-Unsubscribe.
// Tokens are stored as SHA-256 hashes; addresses never appear in logs.
// Thread-safety: Start/Stop/Wake/RunDue from any thread; the rest is stateless per transaction.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/notification.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/notification/clock.h"
#include "services/notification/fanout.h"
#include "services/notification/presence.h"
#include "services/notification/smtp_client.h"

namespace mailrun::notification {

struct EmailOptions {
  SmtpOptions smtp;                                   // smtp.url empty: no email
  std::string public_url = "http://localhost:8080";   // where the web client is, for the links
  std::chrono::milliseconds min_interval{std::chrono::minutes(1)};  // between two mails to a player
  int max_attempts = 8;
  std::chrono::milliseconds initial_backoff{std::chrono::seconds(5)};
  std::chrono::milliseconds max_backoff{std::chrono::minutes(10)};
  std::chrono::milliseconds poll_interval{std::chrono::seconds(1)};
};

class EmailSender {
 public:
  // `pool` and `fanout` must outlive the sender.
  // `presence` (may be null) knows the streams of the other replicas.
  EmailSender(service::ConnectionPool& pool, EmailOptions options, Clock clock, Fanout& fanout, Presence* presence);
  ~EmailSender();
  EmailSender(const EmailSender&) = delete;
  EmailSender& operator=(const EmailSender&) = delete;

  bool enabled() const { return !options_.smtp.url.empty(); }

  // In the caller's transaction. `address` must pass EmailAddressProblem, or be "" (removes it).
  mailrun::v1::EmailAddress SetAddress(pqxx::work& txn, const std::string& user_id, const std::string& address,
                                       TimePoint now);
  // nullopt when no address waits for this token.
  std::optional<mailrun::v1::EmailAddress> Verify(pqxx::work& txn, const std::string& token, TimePoint now);
  // False when the token is nobody's; true (again) for an address already unsubscribed.
  bool Unsubscribe(pqxx::work& txn, const std::string& token, TimePoint now);
  static mailrun::v1::EmailAddress AddressOf(pqxx::transaction_base& txn, const std::string& user_id);

  // In the transaction that stores `event`; returns the items created.
  int Enqueue(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now);
  // A LoginCodeRequested event (issue 46 item 6): its mail, in `txn`, to the recipient's verified
  // address (also after unsubscribing from notifications: it is what they asked for), once per
  // event, never sent after the code expired; nothing without a verified address or without SMTP.
  // Returns whether a mail was made. Nothing else of the event is kept.
  bool MailLoginCode(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now);

  void Start();
  void Stop();
  void Wake();
  // Gathers every player's due items and makes one attempt at every due mail; returns the mails
  // attempted. The worker calls it; tests call it with their own `now`.
  int RunDue(TimePoint now);

 private:
  bool GatherOne(TimePoint now);
  bool SendOne(TimePoint now);
  void Run();

  service::ConnectionPool& pool_;
  EmailOptions options_;
  Clock clock_;
  Fanout& fanout_;
  Presence* presence_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification
