// What the notification service delivers to outside the cluster, stood in for by the fault driver
// (the kill-notify-delivering scenario), each counting what it receives:
//   WebhookReceiver  an HTTP server of the driver's own: each POST checked against its webhook's
//                    secret (X-Mailrun-Signature, the HMAC of "<timestamp>.<body>") and recorded
//                    by the event it names (X-Mailrun-Event);
//   PushService      the Web Push service stand-in of the tests (tools/standins/push_service.mjs,
//                    node: VAPID checked with jose, each payload decrypted with http_ece), installed
//                    into the build tree and run on a free port;
//   MailServer       the SMTP server of the mail tests, Debian's aiosmtpd, keeping every mail in a
//                    Maildir that is read back, with the handler of tools/standins/smtp_hold.py.
// Each can hold the next request unanswered (Hold, then Holding), so the driver can kill the
// service while that delivery is in flight, and answer it afterwards (Release); the mail server
// holds the answer to a mail's data, with the mail already kept. Thread-safe.
#pragma once

#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tools/process/child.h"

namespace mailrun::fault {

// One request a stand-in received: for whom (the webhook's or subscription's id), which event,
// when (Unix ms), whether it was checked good, and whether it was the one held.
struct Received {
  std::string device;
  std::string event_id;
  std::string topic;  // Web Push: the Topic header ("" for none)
  int64_t at_ms = 0;
  bool good = false;
  std::string problem;
  bool held = false;
};

class WebhookReceiver {
 public:
  WebhookReceiver();
  ~WebhookReceiver();
  // The URL of webhook `name` (http on loopback: the service runs with --egress-allow-loopback).
  std::string Url(const std::string& name) const;
  // The secret RegisterDevice showed for webhook `name`, to check its signatures with.
  void SetSecret(const std::string& name, const std::string& secret);
  void Hold();           // the next POST waits for its answer until Release()
  bool Holding() const;  // a POST waits now
  void Release();
  std::vector<Received> All() const;

 private:
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  std::map<std::string, std::string> secrets_;
  std::vector<Received> received_;
  bool hold_ = false;
  bool holding_ = false;
};

class PushService {
 public:
  // Installs the stand-in's npm packages into `dir` (tools/standins/setup.sh, quick once done)
  // and starts it; throws std::runtime_error naming what failed.
  PushService(const std::string& source_dir, const std::string& dir, const std::string& log);
  ~PushService();
  // A new subscription made with the VAPID public key `vapid_key`, as a browser gets one:
  // endpoint, p256dh, auth.
  std::vector<std::string> Subscribe(const std::string& vapid_key);
  void Hold();
  bool Holding();
  void Release();
  std::vector<Received> All();  // device: the subscription's endpoint

 private:
  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int port_ = 0;
  std::unique_ptr<mailrun::process::Child> child_;
};

// One mail the mail server kept: its Maildir key, when (Unix ms), recipient (the envelope's),
// Message-ID, the events its X-Mailrun-Events header names, whether its answer was the one held,
// and what was wrong with it ("" for nothing).
struct ReceivedMail {
  std::string key;
  int64_t at_ms = 0;
  std::string to;
  std::string message_id;
  std::vector<std::string> event_ids;
  bool held = false;
  std::string problem;
  std::string text;
};

class MailServer {
 public:
  // Starts aiosmtpd on a free port with its Maildir at `maildir`; throws when it does not listen
  // within 10 s.
  MailServer(const std::string& source_dir, const std::string& maildir);
  std::string Url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
  void Hold();
  bool Holding() const;
  void Release();
  // Every mail kept so far, verification mails included (they name no events).
  std::vector<ReceivedMail> All() const;

 private:
  std::string maildir_;
  int port_ = 0;
  std::unique_ptr<mailrun::process::Child> child_;
};

}  // namespace mailrun::fault
