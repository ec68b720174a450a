// Settings, webhooks: the player's webhooks (Discord, Slack, or any JSON receiver: the service
// picks the shape by the URL's host), each removable; a new one added by its URL, with the secret
// that signs its deliveries shown this once. The service has no test delivery: a real
// notification is the test.
import { useState } from "preact/hooks";

import { Platform, type RegisteredDevice } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { addedOn, deviceKind } from "./devices";

export function WebhookSettings({ devices, onChange }: { devices: RegisteredDevice[]; onChange: () => void }) {
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState<{ deviceId: string; secret: string } | null>(null);
  const action = useAction();
  const webhooks = devices.filter((d) => d.platform === Platform.WEBHOOK);
  const add = () => action.run(async () => {
    const answer = await clients.notification.registerDevice({ requestId: requestId(), platform: Platform.WEBHOOK, pushToken: url.trim() });
    setSecret({ deviceId: answer.deviceId, secret: answer.webhookSecret });
    setUrl("");
    onChange();
  });
  const remove = (deviceId: string) => action.run(async () => {
    await clients.notification.unregisterDevice({ requestId: requestId(), deviceId });
    if (secret?.deviceId === deviceId) setSecret(null);
    onChange();
  });
  return (
    <section class="settings-part" aria-labelledby="webhook-heading" data-test="webhook-settings">
      <h3 id="webhook-heading">Webhooks</h3>
      <p class="quiet">Post your notifications to a Discord or Slack channel, or to any address that takes JSON.</p>
      {webhooks.length === 0 && <p class="quiet" data-test="no-webhooks">No webhooks.</p>}
      <ul class="device-list">
        {webhooks.map((d) => (
          <li class="setting-row" data-test="webhook" data-device={d.deviceId}>
            <span class="grow"><strong>{deviceKind(d)}</strong> · {d.host}<br /><span class="quiet">added {addedOn(d)}</span></span>
            <button type="button" disabled={action.busy} onClick={() => remove(d.deviceId)}
                    aria-label={`Remove the ${deviceKind(d)} webhook to ${d.host}`} data-test="webhook-remove">Remove</button>
          </li>
        ))}
      </ul>
      {secret && (
        <div class="secret" role="status" data-test="webhook-secret">
          <p>Added. Its signing secret, shown this once: every delivery carries X-Mailrun-Signature, an HMAC-SHA-256 of
            its timestamp and body with this secret.</p>
          <code>{secret.secret}</code>
        </div>
      )}
      <form class="inline" onSubmit={(e) => { e.preventDefault(); void add(); }}>
        <label class="grow">
          <span class="visually-hidden">Webhook address</span>
          <input type="url" name="webhook" required placeholder="https://discord.com/api/webhooks/…" value={url}
                 onInput={(e) => setUrl(e.currentTarget.value)} data-test="webhook-input" />
        </label>
        <button type="submit" class="primary" disabled={action.busy || !url.trim()} data-test="webhook-add">Add</button>
      </form>
      <RefusalNote error={action.error} />
    </section>
  );
}
