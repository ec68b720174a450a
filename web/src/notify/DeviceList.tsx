// Settings, devices: the phones and browsers notifications are pushed to (webhooks have their own
// part), this browser marked, each removable (its pending pushes are cancelled).
import { Platform, type RegisteredDevice } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { addedOn, deviceKind } from "./devices";
import { thisDeviceId, unsubscribeFromPush } from "./register";

export function DeviceList({ devices, onChange }: { devices: RegisteredDevice[]; onChange: () => void }) {
  const action = useAction();
  const pushed = devices.filter((d) => d.platform !== Platform.WEBHOOK);
  const mine = thisDeviceId();
  const remove = (deviceId: string) => action.run(async () => {
    // This browser's own: pushes off here too, as the switch above would.
    if (deviceId === mine) await unsubscribeFromPush();
    else await clients.notification.unregisterDevice({ requestId: requestId(), deviceId });
    onChange();
  });
  return (
    <section class="settings-part" aria-labelledby="devices-heading" data-test="device-list">
      <h3 id="devices-heading">Devices</h3>
      {pushed.length === 0 && <p class="quiet">No phone or browser gets pushes yet.</p>}
      <ul class="device-list">
        {pushed.map((d) => (
          <li class="setting-row" data-test="device" data-device={d.deviceId}>
            <span class="grow">
              <strong>{deviceKind(d)}</strong>{d.deviceId === mine ? " (this one)" : ""}{d.host ? ` · ${d.host}` : ""}
              <br /><span class="quiet">added {addedOn(d)}</span>
            </span>
            <button type="button" disabled={action.busy} onClick={() => remove(d.deviceId)}
                    aria-label={`Remove the ${deviceKind(d)} added ${addedOn(d)}`} data-test="device-remove">Remove</button>
          </li>
        ))}
      </ul>
      <RefusalNote error={action.error} />
    </section>
  );
}
