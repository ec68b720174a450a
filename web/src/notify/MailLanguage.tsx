// Settings, the language of the player's mails (Preferences.language): English or German. The web
// client itself is in English only; the mails follow this choice (German from i18n/de.json, line
// by line, English where the catalog has no line). Saved at once; the other preferences are sent
// back as they were.
import { useState } from "preact/hooks";

import type { Preferences } from "@gen/mailrun/v1/notification_pb";
import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";

const languages = [
  { code: "en", label: "English" },
  { code: "de", label: "Deutsch (German)" },
] as const;

export function MailLanguage({ preferences, onChange }: { preferences: Preferences; onChange: (p: Preferences) => void }) {
  const action = useAction();
  const [saved, setSaved] = useState("");
  const current = preferences.language || "en";
  const choose = (language: string) => action.run(async () => {
    const answer = await clients.notification.setPreferences({
      requestId: requestId(),
      preferences: {
        mutedKinds: preferences.mutedKinds, emailMutedKinds: preferences.emailMutedKinds,
        webhookMutedKinds: preferences.webhookMutedKinds, quietHours: preferences.quietHours, language,
      },
    });
    if (answer.preferences) onChange(answer.preferences);
    setSaved(`Saved: mails in ${languages.find((l) => l.code === language)?.label ?? language}.`);
  });
  return (
    <section class="settings-part" aria-labelledby="mail-language-heading" data-test="mail-language">
      <h3 id="mail-language-heading">Language of your mails</h3>
      <div class="setting-row">
        <label class="grow">
          <span class="visually-hidden">Language of your mails</span>
          <select value={current} disabled={action.busy} onChange={(e) => void choose(e.currentTarget.value)}
                  data-test="mail-language-select">
            {languages.map((l) => <option value={l.code}>{l.label}</option>)}
          </select>
        </label>
      </div>
      <p class="quiet" role="status" data-test="mail-language-saved">{saved}</p>
      <RefusalNote error={action.error} />
    </section>
  );
}
