#include "tools/fault/delivery_scenario.h"

#include <fmt/format.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <thread>

#include "mailrun/v1/notification.grpc.pb.h"
#include "tools/fault/calls.h"
#include "tools/fault/delivery_standins.h"
#include "tools/fault/load_plan.h"
#include "tools/fault/notification_watch.h"

namespace mailrun::fault {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using NotifyStub = mailrun::v1::NotificationService::Stub;

// A new P-256 private key (PKCS#8 PEM) at `path`: the run's VAPID key.
void WriteVapidKey(const std::string& path) {
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"), EVP_PKEY_free);
  if (!key) throw std::runtime_error("no P-256 key could be made for VAPID");
  std::unique_ptr<FILE, decltype(&fclose)> file(fopen(path.c_str(), "w"), fclose);
  if (!file || PEM_write_PrivateKey(file.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    throw std::runtime_error("the VAPID key could not be written to " + path);
  }
}

// What the scenario's steps share: the stand-ins, each player's two devices and the away
// players' addresses.
struct Deliveries {
  std::unique_ptr<WebhookReceiver> webhooks;
  std::unique_ptr<PushService> push;
  std::unique_ptr<MailServer> mail;
  std::map<std::string, std::string> webhook_of;   // user -> the webhook's name at the receiver
  std::map<std::string, std::string> endpoint_of;  // user -> the push subscription's endpoint
  std::map<std::string, std::string> address_of;   // away user -> the verified address
  std::map<std::string, int64_t> killed_at_ms;     // channel -> when the service was killed under it
  std::string database_url;
};

// A call repeated while its answer says nothing (the service starting, a loaded machine), for up
// to a minute, with the same request (RegisterDevice is idempotent by its request_id).
template <typename Request, typename Response>
grpc::Status CallUntilAnswered(NotifyStub& notify, grpc::Status (NotifyStub::*method)(grpc::ClientContext*, const Request&, Response*),
                               const std::string& token, const Request& request, Response* response) {
  const auto until = std::chrono::steady_clock::now() + seconds(60);
  while (true) {
    const grpc::Status status = Call(notify, method, token, request, response);
    if (!InDoubt(status.error_code()) || std::chrono::steady_clock::now() > until) return status;
    std::this_thread::sleep_for(milliseconds(200));
  }
}

// Each player registers a webhook and a Web Push subscription (made with GetWebPushKey's key), as
// the web client's Settings do.
void RegisterDevices(FaultStack& stack, const std::vector<std::string>& users, Deliveries& d) {
  NotifyStub notify(OwnChannel(stack.Address(Service::kNotify)));
  mailrun::v1::GetWebPushKeyResponse key;
  if (const auto status = CallUntilAnswered(notify, &NotifyStub::GetWebPushKey, UserToken(stack.signer(), users.at(0)),
                               mailrun::v1::GetWebPushKeyRequest(), &key);
      !status.ok() || key.vapid_public_key().empty()) {
    throw std::runtime_error("GetWebPushKey gave no key: " + status.error_message());
  }
  int n = 0;
  for (const std::string& user : std::set<std::string>(users.begin(), users.end())) {
    const std::string token = UserToken(stack.signer(), user);
    const std::string name = fmt::format("w{}", n++);
    mailrun::v1::RegisterDeviceRequest hook;
    hook.set_request_id("fault-webhook-" + name);
    hook.set_platform(mailrun::v1::PLATFORM_WEBHOOK);
    hook.set_push_token(d.webhooks->Url(name));
    mailrun::v1::RegisterDeviceResponse registered;
    if (const auto status = CallUntilAnswered(notify, &NotifyStub::RegisterDevice, token, hook, &registered); !status.ok()) {
      throw std::runtime_error("RegisterDevice (webhook) refused: " + status.error_message());
    }
    d.webhooks->SetSecret(name, registered.webhook_secret());
    d.webhook_of[user] = name;

    const std::vector<std::string> subscription = d.push->Subscribe(key.vapid_public_key());
    mailrun::v1::RegisterDeviceRequest browser;
    browser.set_request_id("fault-webpush-" + name);
    browser.set_platform(mailrun::v1::PLATFORM_WEB_PUSH);
    browser.mutable_web_push()->set_endpoint(subscription[0]);
    browser.mutable_web_push()->set_p256dh(subscription[1]);
    browser.mutable_web_push()->set_auth(subscription[2]);
    if (const auto status = CallUntilAnswered(notify, &NotifyStub::RegisterDevice, token, browser, &registered); !status.ok()) {
      throw std::runtime_error("RegisterDevice (Web Push) refused: " + status.error_message());
    }
    d.endpoint_of[user] = subscription[0];
  }
}

// The away players (no app open, so mail is sent) give an address, follow the verification
// mail's link, and choose email for your-turn only.
void SetUpEmail(FaultStack& stack, const std::set<std::string>& away, Deliveries& d) {
  NotifyStub notify(OwnChannel(stack.Address(Service::kNotify)));
  int n = 0;
  for (const std::string& user : away) {
    const std::string token = UserToken(stack.signer(), user);
    const std::string address = fmt::format("away{}@fault.mailrun.test", n++);
    mailrun::v1::SetEmailRequest set;
    set.set_request_id("fault-email-" + address);
    set.set_address(address);
    mailrun::v1::SetEmailResponse answer;
    if (const auto status = CallUntilAnswered(notify, &NotifyStub::SetEmail, token, set, &answer); !status.ok()) {
      throw std::runtime_error("SetEmail refused: " + status.error_message());
    }
    std::string link;
    for (const auto until = std::chrono::steady_clock::now() + seconds(60); link.empty();) {
      for (const auto& mail : d.mail->All()) {
        const size_t at = mail.text.find("/#/verify-email/");
        if (mail.to == address && at != std::string::npos) {
          const size_t start = at + std::string("/#/verify-email/").size();
          link = mail.text.substr(start, mail.text.find_first_of(" \r\n", start) - start);
        }
      }
      if (std::chrono::steady_clock::now() > until) throw std::runtime_error("no verification mail to " + address);
      std::this_thread::sleep_for(milliseconds(100));
    }
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(link);
    mailrun::v1::VerifyEmailResponse verified;
    if (const auto status = CallUntilAnswered(notify, &NotifyStub::VerifyEmail, std::string(), verify, &verified);
        !status.ok() || !verified.email().verified()) {
      throw std::runtime_error("VerifyEmail refused: " + status.error_message());
    }
    mailrun::v1::SetPreferencesRequest preferences;
    preferences.set_request_id("fault-preferences-" + address);
    for (int kind = mailrun::v1::EventKind_MIN; kind <= mailrun::v1::EventKind_MAX; ++kind) {
      if (kind != mailrun::v1::EVENT_KIND_UNSPECIFIED && kind != mailrun::v1::EVENT_KIND_YOUR_TURN &&
          mailrun::v1::EventKind_IsValid(kind)) {
        preferences.mutable_preferences()->add_email_muted_kinds(static_cast<mailrun::v1::EventKind>(kind));
      }
    }
    mailrun::v1::SetPreferencesResponse chosen;
    if (const auto status = CallUntilAnswered(notify, &NotifyStub::SetPreferences, token, preferences, &chosen);
        !status.ok()) {
      throw std::runtime_error("SetPreferences refused: " + status.error_message());
    }
    d.address_of[user] = address;
  }
}

// Holds the stand-in's next delivery; once it has arrived (in flight: the sender waits for the
// answer), SIGKILLs mailrun-notify, lets the answer go (to nobody) and starts the service again.
// Waits up to `patience` for a delivery to hold.
template <typename Standin>
void KillMidDelivery(FaultStack& stack, Standin& standin, const char* what, milliseconds down, milliseconds patience,
                     Deliveries& d, ScenarioResult& r) {
  standin.Hold();
  const auto start = std::chrono::steady_clock::now();
  while (!standin.Holding()) {
    if (std::chrono::steady_clock::now() - start > patience) {
      standin.Release();
      r.problems.push_back(fmt::format("no {} delivery arrived within {} s to kill the service under", what,
                                       patience.count() / 1000));
      return;
    }
    std::this_thread::sleep_for(milliseconds(5));
  }
  d.killed_at_ms[what] = NowUnixMs();
  stack.Kill(Service::kNotify);
  standin.Release();
  std::this_thread::sleep_for(down);
  const auto restart = std::chrono::steady_clock::now();
  stack.Start(Service::kNotify);
  r.notes.push_back(fmt::format("mailrun-notify SIGKILLed while a {} delivery was in flight (arrived, its answer held), "
                                "down {} ms, ready {} ms after its restart",
                                what, down.count(),
                                std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - restart).count()));
}

struct Count {
  int64_t owed = 0;
  int64_t delivered = 0;
  int64_t repeats = 0;      // copies beyond the first, of deliveries one of whose copies was in flight at a kill
  int64_t doubles = 0;      // copies beyond the first otherwise
  int64_t bad = 0;          // requests that failed the stand-in's checks
  int64_t unowed = 0;       // (device, event) pairs nothing owed
  int64_t topic_changed = 0;  // repeats whose Topic differs from the first copy's (email: another Message-ID)
  int64_t first_after_kill_ms = -1;  // the kill -> the first delivery of the channel after it
  int64_t unheld = 0;       // of the repeats, those of a delivery in flight at a kill that was not the one held
  std::vector<std::string> missing;

  // Copies of one delivery, oldest first, `held` when one was the one held at a kill. The copy in
  // flight at a kill explains one repeat: the one held, or one that arrived before a kill with
  // its copy after it (taken by the receiver, its answer not yet recorded: a kill under another
  // channel's delivery catches this one's sender mid-delivery too). Any more are doubles.
  void Copies(const std::vector<int64_t>& arrived_ms, bool held, const std::vector<int64_t>& kills) {
    const int64_t extra = static_cast<int64_t>(arrived_ms.size()) - 1;
    if (extra <= 0) return;
    const bool straddles = std::any_of(kills.begin(), kills.end(), [&](int64_t kill) {
      return arrived_ms[0] <= kill && arrived_ms[1] > kill;
    });
    const int64_t explained = held || straddles ? 1 : 0;
    repeats += explained;
    unheld += held ? 0 : explained;
    doubles += extra - explained;
  }

  // One sender has one delivery in flight at a time: more repeats than kills are doubles.
  void AtMostOnePerKill(size_t kills) {
    const int64_t excess = repeats - static_cast<int64_t>(kills);
    if (excess > 0) {
      repeats -= excess;
      doubles += excess;
    }
  }
};

// The time from `killed_at_ms` to the first of `arrivals` (Unix ms) after it, or -1.
int64_t FirstAfter(int64_t killed_at_ms, const std::vector<int64_t>& arrivals) {
  int64_t first = -1;
  for (const int64_t at : arrivals) {
    if (at > killed_at_ms && (first < 0 || at < first)) first = at;
  }
  return first < 0 ? -1 : first - killed_at_ms;
}

// What arrived at one channel against what the outbox owes its devices.
Count CountChannel(const std::set<std::pair<std::string, std::string>>& owed_events,
                   const std::map<std::string, std::string>& device_of, const std::vector<Received>& received,
                   const std::vector<int64_t>& kills) {
  Count c;
  std::map<std::pair<std::string, std::string>, std::vector<const Received*>> copies;  // (device, event) -> copies
  for (const auto& got : received) {
    if (!got.good) {
      ++c.bad;
      continue;
    }
    copies[{got.device, got.event_id}].push_back(&got);
  }
  std::set<std::pair<std::string, std::string>> owed;
  for (const auto& [user, event] : owed_events) {
    if (const auto device = device_of.find(user); device != device_of.end()) owed.emplace(device->second, event);
  }
  c.owed = static_cast<int64_t>(owed.size());
  for (const auto& key : owed) {
    const auto found = copies.find(key);
    if (found == copies.end()) {
      if (c.missing.size() < 5) c.missing.push_back(key.first + " " + key.second);
      continue;
    }
    ++c.delivered;
    auto all = found->second;
    std::sort(all.begin(), all.end(), [](const Received* a, const Received* b) { return a->at_ms < b->at_ms; });
    std::vector<int64_t> arrived;
    for (const Received* r : all) arrived.push_back(r->at_ms);
    c.Copies(arrived, std::any_of(all.begin(), all.end(), [](const Received* r) { return r->held; }), kills);
    for (const Received* r : all) c.topic_changed += r->topic != all.front()->topic ? 1 : 0;
  }
  for (const auto& [key, all] : copies) c.unowed += owed.count(key) ? 0 : 1;
  c.AtMostOnePerKill(kills.size());
  return c;
}

// What arrived by mail against the your-turns the outbox owes the away players. A mail gathers
// several turns (one a minute at most), so a (address, event) is delivered when some mail names
// it; repeats are counted in mails: copies of one Message-ID beyond the first are one repeat when
// a copy was the one in flight at a kill, doubles otherwise; and a turn in two different mails is
// a double (a repeat with another Message-ID, which a mail system would show twice).
Count CountMail(const std::set<std::pair<std::string, std::string>>& owed_events,
                const std::map<std::string, std::string>& address_of, const std::vector<ReceivedMail>& mails,
                const std::vector<int64_t>& kills) {
  Count c;
  std::map<std::string, std::vector<const ReceivedMail*>> copies;              // Message-ID -> copies
  std::map<std::pair<std::string, std::string>, std::set<std::string>> mailed;  // (address, event) -> Message-IDs
  for (const auto& mail : mails) {
    if (!mail.problem.empty()) {
      ++c.bad;
      continue;
    }
    if (mail.event_ids.empty()) continue;  // a verification mail
    copies[mail.message_id].push_back(&mail);
    for (const auto& event : mail.event_ids) mailed[{mail.to, event}].insert(mail.message_id);
  }
  for (const auto& [id, all] : copies) {
    std::vector<int64_t> arrived;
    for (const ReceivedMail* m : all) arrived.push_back(m->at_ms);
    std::sort(arrived.begin(), arrived.end());
    c.Copies(arrived, std::any_of(all.begin(), all.end(), [](const ReceivedMail* m) { return m->held; }), kills);
  }
  std::set<std::pair<std::string, std::string>> owed;
  for (const auto& [user, event] : owed_events) {
    if (const auto address = address_of.find(user); address != address_of.end()) owed.emplace(address->second, event);
  }
  c.owed = static_cast<int64_t>(owed.size());
  for (const auto& key : owed) {
    const auto found = mailed.find(key);
    if (found == mailed.end()) {
      if (c.missing.size() < 5) c.missing.push_back(key.first + " " + key.second);
      continue;
    }
    ++c.delivered;
    c.topic_changed += static_cast<int64_t>(found->second.size()) - 1;
  }
  for (const auto& [key, ids] : mailed) c.unowed += owed.count(key) ? 0 : 1;
  c.AtMostOnePerKill(kills.size());
  return c;
}

// `unit`: what repeats are counted in; `same`: what a repeat carries unchanged.
void Report(const std::string& channel, const Count& c, const char* unit, const char* same, const Deliveries& d,
            ScenarioResult& r) {
  r.owed += c.owed;
  r.delivered += c.delivered;
  r.doubled += c.doubles + c.topic_changed;
  r.notes.push_back(fmt::format("{}: {} of {} deliveries owed arrived; {} {} arrived twice, each the one in flight at a kill "
                                "and sent again after the restart (the same {}; {} of them not the one held, but in flight "
                                "at another channel's kill), {} other repeats",
                                channel, c.delivered, c.owed, c.repeats, unit, same, c.unheld, c.doubles));
  if (const auto killed = d.killed_at_ms.find(channel); killed != d.killed_at_ms.end()) {
    r.notes.push_back(fmt::format("{}: the first delivery after the kill arrived {} ms after it", channel,
                                  c.first_after_kill_ms));
  }
  for (const auto& missing : c.missing) r.notes.push_back(fmt::format("{} not delivered: {}", channel, missing));
  if (c.bad > 0) r.problems.push_back(fmt::format("{}: {} request(s) failed the stand-in's checks", channel, c.bad));
  if (c.unowed > 0) r.problems.push_back(fmt::format("{}: {} delivery(ies) nothing owed", channel, c.unowed));
  if (c.topic_changed > 0) r.problems.push_back(fmt::format("{}: {} repeat(s) with another {}", channel, c.topic_changed, same));
}

// The away players: one in four of the players (at least one), spread over the games.
std::set<std::string> AwayPlayers(const std::vector<std::string>& users) {
  std::set<std::string> away;
  size_t i = 0;
  for (const auto& user : std::set<std::string>(users.begin(), users.end())) {
    if (i++ % 4 == 0) away.insert(user);
  }
  return away;
}

}  // namespace

ScenarioResult KillNotifyDelivering(const std::string& name, const ScenarioSettings& settings) {
  const bool s = settings.short_run;
  auto d = std::make_shared<Deliveries>();
  LoadPlan plan;
  plan.game = {s ? 2 : 4, 4, s ? 4 : 8, 1, false};
  plan.lobby_workers = 0;
  plan.before = milliseconds(s ? 2000 : 15000);
  plan.after = milliseconds(s ? 2000 : 15000);
  const milliseconds down(s ? 500 : 3000), between(s ? 1000 : 5000);
  // The minute between two mails to a player (the service's default) in the full run; the short
  // run gathers every 5 s, so that CTest need not wait a minute for a mail to kill the service under.
  const seconds mail_interval(s ? 5 : 60);
  const std::string installed = settings.stack.bin_dir + "/../standins-fault";
  plan.setup = [d, installed, mail_interval](FaultStack& stack, ScenarioResult&) {
    d->webhooks = std::make_unique<WebhookReceiver>();
    d->push = std::make_unique<PushService>(stack.source_dir(), installed, stack.dir() + "/push-service.log");
    d->mail = std::make_unique<MailServer>(stack.source_dir(), stack.dir() + "/maildir");
    const std::string key = stack.dir() + "/vapid.pem";
    WriteVapidKey(key);
    stack.SetServiceSetting("MAILRUN_WEB_PUSH_VAPID_KEY_FILES", key);
    stack.SetServiceSetting("MAILRUN_WEB_PUSH_SUBJECT", "mailto:fault@localhost");
    stack.SetServiceSetting("MAILRUN_EGRESS_ALLOW_LOOPBACK", "true");
    stack.SetServiceSetting("MAILRUN_SMTP_URL", d->mail->Url());
    stack.SetServiceSetting("MAILRUN_SMTP_FROM", "Mailrun <turns@fault.mailrun.test>");
    stack.SetServiceSetting("MAILRUN_EMAIL_MIN_INTERVAL_SECONDS", std::to_string(mail_interval.count()));
    d->database_url = stack.database_url();
  };
  plan.players = [d](FaultStack& stack, const std::vector<std::string>& users, ScenarioResult&) {
    RegisterDevices(stack, users, *d);
    const std::set<std::string> away = AwayPlayers(users);
    SetUpEmail(stack, away, *d);
    return away;
  };
  plan.fault = [d, down, between, mail_interval](FaultStack& stack, ScenarioResult& r) {
    KillMidDelivery(stack, *d->webhooks, "webhook", down, seconds(30), *d, r);
    std::this_thread::sleep_for(between);
    KillMidDelivery(stack, *d->push, "Web Push", down, seconds(30), *d, r);
    std::this_thread::sleep_for(between);
    // Each away player was mailed at the start; the next mail waits for their interval to pass.
    KillMidDelivery(stack, *d->mail, "email", down, mail_interval + seconds(30), *d, r);
  };
  const seconds drain(s ? 90 : 240);
  plan.check = [d, drain](const std::vector<CallRecord>&, ScenarioResult& r) {
    std::set<std::string> users, away;
    for (const auto& [user, hook] : d->webhook_of) users.insert(user);
    for (const auto& [user, address] : d->address_of) away.insert(user);
    // The sender works through its backlog after the load, and mail waits for each player's
    // interval: wait until each channel has everything.
    const auto start = std::chrono::steady_clock::now();
    Count hooks, pushes, mails;
    std::vector<Received> hook_arrivals, push_arrivals;
    std::vector<ReceivedMail> mail_arrivals;
    std::vector<int64_t> kills;
    for (const auto& [channel, at] : d->killed_at_ms) kills.push_back(at);
    while (true) {
      const auto owed = OutboxAddressedTo(d->database_url, users);
      const auto owed_mail = OutboxAddressedTo(d->database_url, away, true);
      hook_arrivals = d->webhooks->All();
      push_arrivals = d->push->All();
      mail_arrivals = d->mail->All();
      hooks = CountChannel(owed, d->webhook_of, hook_arrivals, kills);
      pushes = CountChannel(owed, d->endpoint_of, push_arrivals, kills);
      mails = CountMail(owed_mail, d->address_of, mail_arrivals, kills);
      if ((hooks.delivered >= hooks.owed && pushes.delivered >= pushes.owed && mails.delivered >= mails.owed) ||
          std::chrono::steady_clock::now() - start > drain) {
        break;
      }
      std::this_thread::sleep_for(milliseconds(500));
    }
    r.notes.push_back(fmt::format("every delivery in {} ms after the load stopped",
                                  std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start).count()));
    const auto arrivals = [](const auto& all) {
      std::vector<int64_t> at;
      for (const auto& got : all) at.push_back(got.at_ms);
      return at;
    };
    const auto killed = [&d](const char* channel) {
      const auto found = d->killed_at_ms.find(channel);
      return found == d->killed_at_ms.end() ? int64_t{0} : found->second;
    };
    hooks.first_after_kill_ms = FirstAfter(killed("webhook"), arrivals(hook_arrivals));
    pushes.first_after_kill_ms = FirstAfter(killed("Web Push"), arrivals(push_arrivals));
    mails.first_after_kill_ms = FirstAfter(killed("email"), arrivals(mail_arrivals));
    Report("webhook", hooks, "deliveries", "X-Mailrun-Event", *d, r);
    Report("Web Push", pushes, "deliveries", "Topic", *d, r);
    Report("email", mails, "mails", "Message-ID", *d, r);
  };
  ScenarioResult result = RunLoad(name, settings, plan);
  return result;
}

}  // namespace mailrun::fault
