// Settings, this device: Web Push on or off for this browser (register.ts subscribes and
// registers the subscription as a device; off unregisters it and unsubscribes). Says plainly why
// it cannot be turned on where it cannot (no push here, notifications blocked, no VAPID key).
import { useEffect, useState } from "preact/hooks";

import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { pushState, subscribeToPush, unsubscribeFromPush, type PushState } from "./register";

const said: Record<PushState, string> = {
  on: "On: this browser shows a notification when it is your turn, even with Mailrun closed.",
  off: "Off: this browser is not told.",
  unavailable: "This browser cannot receive pushes (or this server sends none).",
  blocked: "Notifications are blocked for Mailrun in this browser's settings.",
};

export function PushSwitch({ onChange }: { onChange: () => void }) {
  const [state, setState] = useState<PushState | null>(null);
  const action = useAction();
  useEffect(() => { pushState().then(setState, () => setState("unavailable")); }, []);
  const toggle = () => action.run(async () => {
    if (state === "on") await unsubscribeFromPush();
    else await subscribeToPush();
    setState(await pushState());
    onChange();
  });
  return (
    <section class="settings-part" aria-labelledby="push-heading" data-test="push-settings">
      <h3 id="push-heading">This device</h3>
      <label class="check switch">
        <input type="checkbox" role="switch" checked={state === "on"} disabled={action.busy || state === null || state === "unavailable" || state === "blocked"}
               onChange={toggle} data-test="push-switch" aria-describedby="push-said" />
        Push notifications on this device
      </label>
      <p class="quiet" id="push-said" role="status" data-test="push-state">{state ? said[state] : "Checking…"}</p>
      <RefusalNote error={action.error} />
    </section>
  );
}
