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

// What the scenario's steps share: the stand-ins and each player's two devices.
struct Deliveries {
  std::unique_ptr<WebhookReceiver> webhooks;
  std::unique_ptr<PushService> push;
  std::map<std::string, std::string> webhook_of;   // user -> the webhook's name at the receiver
  std::map<std::string, std::string> endpoint_of;  // user -> the push subscription's endpoint
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

// Holds the stand-in's next delivery; once it has arrived (in flight: the sender waits for the
// answer), SIGKILLs mailrun-notify, lets the answer go (to nobody) and starts the service again.
template <typename Standin>
void KillMidDelivery(FaultStack& stack, Standin& standin, const char* what, milliseconds down, ScenarioResult& r) {
  standin.Hold();
  const auto start = std::chrono::steady_clock::now();
  while (!standin.Holding()) {
    if (std::chrono::steady_clock::now() - start > seconds(30)) {
      standin.Release();
      r.problems.push_back(fmt::format("no {} delivery arrived within 30 s to kill the service under", what));
      return;
    }
    std::this_thread::sleep_for(milliseconds(5));
  }
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
  int64_t topic_changed = 0;  // repeats whose Topic differs from the first copy's
  std::vector<std::string> missing;
};

// What arrived at one channel against what the outbox owes its devices.
Count CountChannel(const std::set<std::pair<std::string, std::string>>& owed_events,
                   const std::map<std::string, std::string>& device_of, const std::vector<Received>& received) {
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
    const auto& all = found->second;
    const int64_t extra = static_cast<int64_t>(all.size()) - 1;
    const bool in_flight = std::any_of(all.begin(), all.end(), [](const Received* r) { return r->held; });
    // The copy in flight at a kill explains one repeat; any more are doubles.
    c.repeats += in_flight ? std::min<int64_t>(extra, 1) : 0;
    c.doubles += extra - (in_flight ? std::min<int64_t>(extra, 1) : 0);
    for (const Received* r : all) c.topic_changed += r->topic != all.front()->topic ? 1 : 0;
  }
  for (const auto& [key, all] : copies) c.unowed += owed.count(key) ? 0 : 1;
  return c;
}

void Report(const char* channel, const Count& c, ScenarioResult& r) {
  r.owed += c.owed;
  r.delivered += c.delivered;
  r.doubled += c.doubles;
  r.notes.push_back(fmt::format("{}: {} of {} deliveries owed arrived; {} arrived twice, each the one in flight at a kill "
                                "and sent again after the restart (the same {}), {} other repeats",
                                channel, c.delivered, c.owed, c.repeats,
                                std::string(channel) == "webhook" ? "X-Mailrun-Event" : "Topic", c.doubles));
  for (const auto& missing : c.missing) r.notes.push_back(fmt::format("{} not delivered: {}", channel, missing));
  if (c.bad > 0) r.problems.push_back(fmt::format("{}: {} request(s) failed the stand-in's checks", channel, c.bad));
  if (c.unowed > 0) r.problems.push_back(fmt::format("{}: {} delivery(ies) nothing owed", channel, c.unowed));
  if (c.topic_changed > 0) r.problems.push_back(fmt::format("{}: {} repeat(s) with another Topic", channel, c.topic_changed));
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
  const std::string installed = settings.stack.bin_dir + "/../standins-fault";
  plan.setup = [d, installed](FaultStack& stack, ScenarioResult&) {
    d->webhooks = std::make_unique<WebhookReceiver>();
    d->push = std::make_unique<PushService>(stack.source_dir(), installed, stack.dir() + "/push-service.log");
    const std::string key = stack.dir() + "/vapid.pem";
    WriteVapidKey(key);
    stack.SetServiceSetting("MAILRUN_WEB_PUSH_VAPID_KEY_FILES", key);
    stack.SetServiceSetting("MAILRUN_WEB_PUSH_SUBJECT", "mailto:fault@localhost");
    stack.SetServiceSetting("MAILRUN_EGRESS_ALLOW_LOOPBACK", "true");
    d->database_url = stack.database_url();
  };
  plan.players = [d](FaultStack& stack, const std::vector<std::string>& users, ScenarioResult&) {
    RegisterDevices(stack, users, *d);
  };
  plan.fault = [d, down, between](FaultStack& stack, ScenarioResult& r) {
    KillMidDelivery(stack, *d->webhooks, "webhook", down, r);
    std::this_thread::sleep_for(between);
    KillMidDelivery(stack, *d->push, "Web Push", down, r);
  };
  const seconds drain(s ? 90 : 240);
  plan.check = [d, drain](const std::vector<CallRecord>&, ScenarioResult& r) {
    std::set<std::string> users;
    for (const auto& [user, hook] : d->webhook_of) users.insert(user);
    // The sender works through its backlog after the load: wait until each channel has everything.
    const auto start = std::chrono::steady_clock::now();
    Count hooks, pushes;
    while (true) {
      const auto owed = OutboxAddressedTo(d->database_url, users);
      hooks = CountChannel(owed, d->webhook_of, d->webhooks->All());
      pushes = CountChannel(owed, d->endpoint_of, d->push->All());
      if ((hooks.delivered >= hooks.owed && pushes.delivered >= pushes.owed) ||
          std::chrono::steady_clock::now() - start > drain) {
        break;
      }
      std::this_thread::sleep_for(milliseconds(500));
    }
    r.notes.push_back(fmt::format("every delivery in {} ms after the load stopped",
                                  std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - start).count()));
    Report("webhook", hooks, r);
    Report("Web Push", pushes, r);
  };
  ScenarioResult result = RunLoad(name, settings, plan);
  return result;
}

}  // namespace mailrun::fault
