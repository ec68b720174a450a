// `mailrun notify ...`: how the player hears of their turns outside the app (issue 42), through
// the notification service's public API only: the email address (set, verify-status, remove),
// webhooks (add, list, remove), which kinds go to which channel (channels show|set) and the
// registered devices (devices list|remove). Secrets stay secret: a webhook's signing secret is
// printed once, when it is added, and no URL or token is ever listed (ListDevices has none).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::EventKind;

// The kinds a player chooses channels for, by the names the command takes.
struct KindName {
  EventKind kind;
  const char* name;
  const char* label;
};
constexpr std::array<KindName, 7> kKinds = {{
    {mailrun::v1::EVENT_KIND_YOUR_TURN, "your-turn", "Your turn"},
    {mailrun::v1::EVENT_KIND_REMINDER, "reminder", "Reminders"},
    {mailrun::v1::EVENT_KIND_GAME_FINISHED, "game-end", "Game end"},
    {mailrun::v1::EVENT_KIND_INVITATION_RECEIVED, "invitation", "Invitations"},
    {mailrun::v1::EVENT_KIND_CHAT_MENTION, "chat-mention", "Chat mentions"},
    {mailrun::v1::EVENT_KIND_BOND_RETURNED, "bond-returned", "Bond returned"},
    {mailrun::v1::EVENT_KIND_TOURNAMENT_ROUND_STARTED, "tournament-round", "Tournament rounds"},
}};
constexpr std::array<const char*, 3> kChannels = {"push", "email", "webhook"};

// "all, your-turn, reminder, ...": what `channels set` takes as KIND.
std::string KindNames() {
  std::string names = "all";
  for (const auto& k : kKinds) names += std::string(", ") + k.name;
  return names;
}

// The muted kinds of one channel in the preferences.
google::protobuf::RepeatedField<int>* MutedOf(mailrun::v1::Preferences& preferences, const std::string& channel) {
  if (channel == "email") return preferences.mutable_email_muted_kinds();
  if (channel == "webhook") return preferences.mutable_webhook_muted_kinds();
  return preferences.mutable_muted_kinds();
}

bool Muted(const google::protobuf::RepeatedField<int>& kinds, EventKind kind) {
  return std::find(kinds.begin(), kinds.end(), static_cast<int>(kind)) != kinds.end();
}

std::string EmailText(const mailrun::v1::EmailAddress& email) {
  if (email.address().empty()) return "No email address (mailrun notify email set ADDRESS)";
  return email.verified() ? fmt::format("{}: verified; mail is sent to it", email.address())
                          : fmt::format("{}: pending: follow the link mailed to it; nothing else is sent until then",
                                        email.address());
}

std::string PlatformText(const mailrun::v1::RegisteredDevice& device) {
  switch (device.platform()) {
    case mailrun::v1::PLATFORM_APNS: return "iPhone/iPad (APNs)";
    case mailrun::v1::PLATFORM_FCM: return "Android (FCM)";
    case mailrun::v1::PLATFORM_WEB_PUSH: return "browser (Web Push)";
    case mailrun::v1::PLATFORM_WEBHOOK:
      switch (device.webhook_shape()) {
        case mailrun::v1::WEBHOOK_SHAPE_DISCORD: return "webhook (Discord)";
        case mailrun::v1::WEBHOOK_SHAPE_SLACK: return "webhook (Slack)";
        default: return "webhook (JSON)";
      }
    default: return "-";
  }
}

void PrintDevices(CommandContext& ctx, const mailrun::v1::ListDevicesResponse& list, bool webhooks_only) {
  mailrun::v1::ListDevicesResponse shown;
  for (const auto& device : list.devices()) {
    if (!webhooks_only || device.platform() == mailrun::v1::PLATFORM_WEBHOOK) *shown.add_devices() = device;
  }
  if (ctx.out.json()) {
    ctx.out.Document(ToJson(shown));
    return;
  }
  if (shown.devices().empty()) {
    ctx.out.Text(webhooks_only ? "No webhooks (mailrun notify webhook add URL)" : "No devices");
    return;
  }
  TextTable table({"device", "kind", "delivers to", "registered"});
  for (const auto& d : shown.devices()) {
    table.Row({d.device_id(), PlatformText(d), d.host().empty() ? "-" : d.host(), TimeText(d.registered_at_unix_ms())});
  }
  ctx.out.Text(table.Render() + "Remove one: mailrun notify " + (webhooks_only ? "webhook" : "devices") + " remove DEVICE");
}

void PrintChannels(CommandContext& ctx, const mailrun::v1::GetPreferencesResponse& current) {
  if (ctx.out.json()) {
    ctx.out.Document(ToJson(current));
    return;
  }
  auto preferences = current.preferences();
  TextTable table({"kind", "push", "email", "webhook"});
  for (const auto& k : kKinds) {
    std::vector<std::string> row = {k.name};
    for (const char* channel : kChannels) row.push_back(Muted(*MutedOf(preferences, channel), k.kind) ? "off" : "on");
    table.Row(row);
  }
  const auto& quiet = preferences.quiet_hours();
  ctx.out.Text(table.Render() + EmailText(current.email()) + "\n" +
               fmt::format("Mails are in {}\n", preferences.language() == "de" ? "German (de)" : "English (en)") +
               (quiet.enabled() && quiet.start_minute() != quiet.end_minute()
                    ? fmt::format("Quiet hours {:02}:{:02}-{:02}:{:02} ({}) hold every channel", quiet.start_minute() / 60,
                                  quiet.start_minute() % 60, quiet.end_minute() / 60, quiet.end_minute() % 60,
                                  quiet.time_zone())
                    : std::string("No quiet hours")));
}

mailrun::v1::GetPreferencesResponse ReadPreferences(CommandContext& ctx) {
  return ctx.connections.Notify(&NotifyStub::GetPreferences, mailrun::v1::GetPreferencesRequest(), ctx.session.AccessToken(),
                                "GetPreferences");
}

void SetEmail(CommandContext& ctx, const std::string& address) {
  mailrun::v1::SetEmailRequest request;
  request.set_request_id(NewRequestId());
  request.set_address(address);
  const auto set = ctx.connections.Notify(&NotifyStub::SetEmail, request, ctx.session.AccessToken(), "SetEmail");
  if (ctx.out.json()) return ctx.out.Document(ToJson(set));
  ctx.out.Text(address.empty() ? "Email address removed; no more mail" : EmailText(set.email()));
}

void AddEmailCommands(CLI::App& notify, const ClientOptions& options) {
  auto* email = notify.add_subcommand("email", "Your email address: set ADDRESS, verify-status, remove");
  email->require_subcommand(1);
  auto address = std::make_shared<std::string>();
  auto* set = email->add_subcommand("set", "Set your address (replacing any); a link is mailed to it to verify it");
  set->add_option("address", *address, "name@example.net")->required();
  set->callback([&options, address] {
    if (address->find('@') == std::string::npos) throw BadInput("'" + *address + "' is not an email address (name@example.net)");
    CommandContext ctx(options);
    SetEmail(ctx, *address);
  });
  email->add_subcommand("verify-status", "Your address and whether its link was followed (verified) or not yet (pending)")
      ->callback([&options] {
        CommandContext ctx(options);
        const auto current = ReadPreferences(ctx);
        if (ctx.out.json()) return ctx.out.Document(ToJson(current.email()));
        ctx.out.Text(EmailText(current.email()));
      });
  email->add_subcommand("remove", "Remove your address: no more mail")->callback([&options] {
    CommandContext ctx(options);
    SetEmail(ctx, "");
  });
}

void Unregister(CommandContext& ctx, const std::string& device_id) {
  mailrun::v1::UnregisterDeviceRequest request;
  request.set_request_id(NewRequestId());
  request.set_device_id(device_id);
  const auto removed =
      ctx.connections.Notify(&NotifyStub::UnregisterDevice, request, ctx.session.AccessToken(), "UnregisterDevice");
  if (ctx.out.json()) return ctx.out.Document(ToJson(removed));
  ctx.out.Text("Removed " + device_id + "; nothing more is sent to it");
}

mailrun::v1::ListDevicesResponse ReadDevices(CommandContext& ctx) {
  return ctx.connections.Notify(&NotifyStub::ListDevices, mailrun::v1::ListDevicesRequest(), ctx.session.AccessToken(),
                                "ListDevices");
}

void AddWebhookCommands(CLI::App& notify, const ClientOptions& options) {
  auto* webhook = notify.add_subcommand("webhook", "Webhooks (Discord, Slack, or any JSON receiver): add URL, list, remove ID");
  webhook->require_subcommand(1);
  auto url = std::make_shared<std::string>();
  auto* add = webhook->add_subcommand("add", "Send your notifications to a webhook URL (https://)");
  add->add_option("url", *url, "the webhook's URL, e.g. a Discord channel's https://discord.com/api/webhooks/...")->required();
  add->footer(
      "Discord and Slack URLs get messages in their own shape; any other URL gets JSON. Every delivery is signed: "
      "X-Mailrun-Signature is v1=<hex HMAC-SHA-256 of '<X-Mailrun-Timestamp>.<body>'> with the secret printed once here.");
  add->callback([&options, url] {
    if (url->rfind("https://", 0) != 0 && url->rfind("http://", 0) != 0) {
      throw BadInput("'" + *url + "' is not a URL: a webhook is an https:// address");
    }
    CommandContext ctx(options);
    mailrun::v1::RegisterDeviceRequest request;
    request.set_request_id(NewRequestId());
    request.set_platform(mailrun::v1::PLATFORM_WEBHOOK);
    request.set_push_token(*url);
    const auto added = ctx.connections.Notify(&NotifyStub::RegisterDevice, request, ctx.session.AccessToken(), "RegisterDevice");
    if (ctx.out.json()) return ctx.out.Document(ToJson(added));
    ctx.out.Text(fmt::format("Webhook {} added.\nIts signing secret (shown this once; keep it to check deliveries): {}",
                             added.device_id(), added.webhook_secret()));
  });
  webhook->add_subcommand("list", "Your webhooks (by host and shape; their URLs are not shown)")->callback([&options] {
    CommandContext ctx(options);
    PrintDevices(ctx, ReadDevices(ctx), true);
  });
  auto device = std::make_shared<std::string>();
  auto* remove = webhook->add_subcommand("remove", "Remove one of your webhooks");
  remove->add_option("device", *device, "its id, from mailrun notify webhook list")->required();
  remove->callback([&options, device] {
    CommandContext ctx(options);
    const auto list = ReadDevices(ctx);
    const bool is_webhook = std::any_of(list.devices().begin(), list.devices().end(), [&](const auto& d) {
      return d.device_id() == *device && d.platform() == mailrun::v1::PLATFORM_WEBHOOK;
    });
    if (!is_webhook) throw BadInput("'" + *device + "' is not one of your webhooks (mailrun notify webhook list)");
    Unregister(ctx, *device);
  });
}

void AddChannelCommands(CLI::App& notify, const ClientOptions& options) {
  auto* channels = notify.add_subcommand("channels", "Which kinds of notification go where: show, set KIND CHANNEL on|off");
  channels->require_subcommand(1);
  channels->add_subcommand("show", "Each kind's channels (push, email, webhook), your address and quiet hours")
      ->callback([&options] {
        CommandContext ctx(options);
        PrintChannels(ctx, ReadPreferences(ctx));
      });
  struct Choice {
    std::string kind, channel, state;
  };
  auto choice = std::make_shared<Choice>();
  auto* set = channels->add_subcommand("set", "Turn one kind (or all) on or off for one channel");
  set->add_option("kind", choice->kind, KindNames())->required();
  set->add_option("channel", choice->channel, "push (phones and browsers), email or webhook")->required();
  set->add_option("state", choice->state, "on or off")->required();
  set->footer(
      "The in-app inbox always gets everything; quiet hours hold every channel. Example: mailrun notify channels set "
      "reminder email off");
  set->callback([&options, choice] {
    std::set<EventKind> kinds;
    for (const auto& k : kKinds) {
      if (choice->kind == "all" || choice->kind == k.name) kinds.insert(k.kind);
    }
    if (kinds.empty()) throw BadInput("unknown kind '" + choice->kind + "': one of " + KindNames());
    if (std::find_if(kChannels.begin(), kChannels.end(), [&](const char* c) { return choice->channel == c; }) == kChannels.end()) {
      throw BadInput("unknown channel '" + choice->channel + "': push, email or webhook");
    }
    if (choice->state != "on" && choice->state != "off") throw BadInput("'" + choice->state + "' is neither on nor off");
    CommandContext ctx(options);
    auto current = ReadPreferences(ctx);
    auto* muted = MutedOf(*current.mutable_preferences(), choice->channel);
    std::set<int> now(muted->begin(), muted->end());
    for (const EventKind kind : kinds) {
      if (choice->state == "off") now.insert(kind);
      else now.erase(kind);
    }
    muted->Clear();
    for (const int kind : now) muted->Add(kind);
    mailrun::v1::SetPreferencesRequest request;
    request.set_request_id(NewRequestId());
    *request.mutable_preferences() = current.preferences();
    const auto stored =
        ctx.connections.Notify(&NotifyStub::SetPreferences, request, ctx.session.AccessToken(), "SetPreferences");
    *current.mutable_preferences() = stored.preferences();
    PrintChannels(ctx, current);
  });
}

// `mailrun notify language en|de`: the language of your mails (Preferences.language).
void AddLanguageCommand(CLI::App& notify, const ClientOptions& options) {
  auto language = std::make_shared<std::string>();
  auto* command = notify.add_subcommand("language", "The language of your mails: en (English) or de (German)");
  command->add_option("language", *language, "en or de")->required();
  command->callback([&options, language] {
    if (*language != "en" && *language != "de") throw BadInput("'" + *language + "' is not a mail language: en or de");
    CommandContext ctx(options);
    auto current = ReadPreferences(ctx);
    mailrun::v1::SetPreferencesRequest request;
    request.set_request_id(NewRequestId());
    *request.mutable_preferences() = current.preferences();
    request.mutable_preferences()->set_language(*language);
    const auto stored =
        ctx.connections.Notify(&NotifyStub::SetPreferences, request, ctx.session.AccessToken(), "SetPreferences");
    *current.mutable_preferences() = stored.preferences();
    PrintChannels(ctx, current);
  });
}

void AddDeviceCommands(CLI::App& notify, const ClientOptions& options) {
  auto* devices = notify.add_subcommand("devices", "Your registered devices (phones, browsers, webhooks): list, remove ID");
  devices->require_subcommand(1);
  devices->add_subcommand("list", "Every device notifications are sent to")->callback([&options] {
    CommandContext ctx(options);
    PrintDevices(ctx, ReadDevices(ctx), false);
  });
  auto device = std::make_shared<std::string>();
  auto* remove = devices->add_subcommand("remove", "Remove a device: nothing more is sent to it");
  remove->add_option("device", *device, "its id, from mailrun notify devices list")->required();
  remove->callback([&options, device] {
    CommandContext ctx(options);
    Unregister(ctx, *device);
  });
}

}  // namespace

void RegisterNotifyCommands(CLI::App& app, const ClientOptions& options) {
  auto* notify = app.add_subcommand("notify", "How you hear of your turn outside the app: email, webhooks, channels, language, devices");
  notify->require_subcommand(1);
  AddEmailCommands(*notify, options);
  AddWebhookCommands(*notify, options);
  AddChannelCommands(*notify, options);
  AddLanguageCommand(*notify, options);
  AddDeviceCommands(*notify, options);
}

}  // namespace mailrun::cli
