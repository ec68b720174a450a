// The pages the notification service's mails link to (issue 42): #/verify-email/<token> confirms
// the player's address, #/unsubscribe/<token> stops all mail (the mails link /unsubscribe/<token>,
// which the gateway sends on here; gateway/unsubscribe.mjs). Both work without logging in (the
// token is the proof) and say plainly what happened.
import { useEffect, useState } from "preact/hooks";

import { clients } from "../api/client";
import { refusalOf } from "../api/refusal";
import "./settings.css";

// The mail link in the current URL, if the page was opened from one.
export function emailLinkOf(hash: string): { kind: "verify" | "unsubscribe"; token: string } | null {
  const match = /^#\/(verify-email|unsubscribe)\/([A-Za-z0-9_-]+)$/.exec(hash);
  if (!match) return null;
  return { kind: match[1] === "verify-email" ? "verify" : "unsubscribe", token: match[2] };
}

export function EmailLink({ kind, token }: { kind: "verify" | "unsubscribe"; token: string }) {
  const [said, setSaid] = useState("Just a moment…");
  useEffect(() => {
    const call = kind === "verify"
      ? clients.notification.verifyEmail({ token }).then((r) => `Thank you: Mailrun will mail ${r.email?.address} when it is your turn.`)
      : clients.notification.unsubscribeEmail({ token }).then(() => "Done: Mailrun will send you no more mail.");
    call.then(setSaid, (err) => setSaid(`This link did not work: ${refusalOf(err).message}.`));
  }, [kind, token]);
  return (
    <main class="email-link">
      <h1>{kind === "verify" ? "Your address" : "No more mail"}</h1>
      <p role="status">{said}</p>
      <p><a href="/#/">Open Mailrun</a></p>
    </main>
  );
}
