// The Settings screen (#/settings, issue 42): how the player hears of their turn outside the app.
// Its parts: push on this device, the email address, the language of mails, webhooks, which kinds go to which channel,
// and the devices pushes go to. Everything through the notification service's public API
// (GetPreferences, SetPreferences, SetEmail, RegisterDevice, ListDevices, UnregisterDevice).
import { useEffect, useState } from "preact/hooks";

import type { EmailAddress, Preferences } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { RefusalNote } from "../app/RefusalNote";
import { useCall } from "../app/useCall";
import { ChannelChoices } from "./ChannelChoices";
import { DeviceList } from "./DeviceList";
import { EmailSettings } from "./EmailSettings";
import { MailLanguage } from "./MailLanguage";
import { PushSwitch } from "./PushSwitch";
import { WebhookSettings } from "./WebhookSettings";
import "./settings.css";

export function Settings() {
  const current = useCall(() => clients.notification.getPreferences({}), []);
  const devices = useCall(() => clients.notification.listDevices({}), []);
  const [preferences, setPreferences] = useState<Preferences | undefined>();
  const [email, setEmail] = useState<EmailAddress | undefined>();
  useEffect(() => {
    setPreferences(current.value?.preferences);
    setEmail(current.value?.email);
  }, [current.value]);
  const listed = devices.value?.devices ?? [];
  return (
    <section class="settings" data-test="settings">
      <h2>Settings</h2>
      <p class="quiet">How Mailrun tells you it is your turn when the app is closed.</p>
      <RefusalNote error={current.error ?? devices.error} />
      <PushSwitch onChange={devices.reload} key={listed.map((d) => d.deviceId).join(" ")} />
      {current.value && <EmailSettings email={email} onChange={setEmail} />}
      {preferences && <MailLanguage preferences={preferences} onChange={setPreferences} />}
      {devices.value && <WebhookSettings devices={listed} onChange={devices.reload} />}
      {preferences && <ChannelChoices preferences={preferences} onChange={setPreferences} />}
      {devices.value && <DeviceList devices={listed} onChange={devices.reload} />}
    </section>
  );
}
