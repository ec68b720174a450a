// Settings, email: the player's address and whether it is verified (the link mailed to it was
// followed) or pending; set it (a new link is mailed), or remove it (no more mail). A deployment
// without an SMTP relay refuses, and the refusal says so.
import { useState } from "preact/hooks";

import type { EmailAddress } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";

export function EmailSettings({ email, onChange }: { email: EmailAddress | undefined; onChange: (email: EmailAddress | undefined) => void }) {
  const [address, setAddress] = useState("");
  const action = useAction();
  const set = (value: string) => action.run(async () => {
    const answer = await clients.notification.setEmail({ requestId: requestId(), address: value });
    onChange(answer.email);
    setAddress("");
  });
  const current = email?.address ?? "";
  return (
    <section class="settings-part" aria-labelledby="email-heading" data-test="email-settings">
      <h3 id="email-heading">Email</h3>
      {current ? (
        <div class="setting-row">
          <span class="address" data-test="email-address">{current}</span>
          <span class={`pill ${email?.verified ? "ok" : "pending"}`} data-test="email-status">{email?.verified ? "Verified" : "Pending"}</span>
          <button type="button" disabled={action.busy} onClick={() => set("")} data-test="email-remove">Remove</button>
        </div>
      ) : <p class="quiet" data-test="email-status">No address: nothing is mailed.</p>}
      {current && !email?.verified && (
        <p class="quiet">Open the link we mailed to {current} to confirm it; nothing else is sent until then.</p>
      )}
      <form class="inline" onSubmit={(e) => { e.preventDefault(); void set(address.trim()); }}>
        <label class="grow">
          <span class="visually-hidden">{current ? "A new address" : "Your address"}</span>
          <input type="email" name="email" required autocomplete="email" placeholder={current ? "A new address" : "name@example.net"}
                 value={address} onInput={(e) => setAddress(e.currentTarget.value)} data-test="email-input" />
        </label>
        <button type="submit" class="primary" disabled={action.busy || !address.trim()} data-test="email-set">
          {current ? "Change" : "Send link"}
        </button>
      </form>
      <RefusalNote error={action.error} />
    </section>
  );
}
