// Settings, what goes where: for each kind of notification (your turn, reminders, game end,
// invitations, chat mentions), on or off for each channel outside the app (push, email, webhook),
// as the service keeps them (Preferences; the in-app inbox always gets everything). Each tick is
// saved at once; the quiet hours and the other kinds are sent back as they were.
import { useState } from "preact/hooks";

import type { EventKind, Preferences } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { channels, isOn, kinds } from "./kinds";

export function ChannelChoices({ preferences, onChange }: { preferences: Preferences; onChange: (p: Preferences) => void }) {
  const action = useAction();
  const [saved, setSaved] = useState("");
  const flip = (field: (typeof channels)[number]["field"], kind: EventKind, label: string, on: boolean) => action.run(async () => {
    const muted = preferences[field].filter((k) => k !== kind);
    if (!on) muted.push(kind);
    const answer = await clients.notification.setPreferences({
      requestId: requestId(),
      preferences: {
        mutedKinds: preferences.mutedKinds, emailMutedKinds: preferences.emailMutedKinds,
        webhookMutedKinds: preferences.webhookMutedKinds, quietHours: preferences.quietHours,
        language: preferences.language, [field]: muted,
      },
    });
    if (answer.preferences) onChange(answer.preferences);
    setSaved(`Saved: ${label} ${on ? "on" : "off"}.`);
  });
  return (
    <section class="settings-part" aria-labelledby="channels-heading" data-test="channel-choices">
      <h3 id="channels-heading">What goes where</h3>
      <table class="grid channels">
        <thead>
          <tr><th scope="col">Notification</th>{channels.map((c) => <th scope="col">{c.label}</th>)}</tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr>
              <th scope="row">{k.label}</th>
              {channels.map((c) => {
                const label = `${k.label} by ${c.label.toLowerCase()}`;
                const on = isOn(preferences, c.field, k.kind);
                return (
                  <td>
                    <label class="tick">
                      <input type="checkbox" checked={on} disabled={action.busy} aria-label={label}
                             onChange={() => flip(c.field, k.kind, label, !on)} data-test={`channel-${c.channel}-${k.kind}`} />
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="quiet" role="status" data-test="channels-saved">{saved}</p>
      <p class="quiet">Push reaches this browser and your phones; email only once your address is verified, at most one
        mail a minute and none while you have Mailrun open. Quiet hours hold every channel.</p>
      <RefusalNote error={action.error} />
    </section>
  );
}
