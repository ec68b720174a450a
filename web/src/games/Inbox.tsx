// The inbox: every notification kept for the player (what arrived while the app was closed), newest
// first; opening it marks them read.
import { useEffect } from "preact/hooks";

import { clients } from "../api/client";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { href } from "../app/route";
import { useCall } from "../app/useCall";

export function Inbox({ onRead }: { onRead: () => void }) {
  const inbox = useCall(() => clients.notification.listInbox({ page: { pageSize: 50 } }), []);
  const newest = inbox.value?.notifications[0]?.sequence;
  useEffect(() => {
    if (newest === undefined) return;
    clients.notification.markRead({ requestId: requestId(), upToSequence: newest }).then(onRead, () => {});
  }, [newest]);
  return (
    <section>
      <h2>Inbox</h2>
      <RefusalNote error={inbox.error} />
      {inbox.value?.notifications.length === 0 && <p class="quiet">Nothing yet.</p>}
      {inbox.value?.notifications.map((n) => {
        const gameId = n.event?.kind.case === "yourTurn" || n.event?.kind.case === "gameFinished" || n.event?.kind.case === "chatMention" ? n.event.kind.value.gameId : "";
        return (
          <div class={`card row${n.read ? "" : " unread"}`} data-test="inbox-item">
            <strong>{n.title}</strong> <span>{n.text}</span>
            <div class="quiet">{new Date(Number(n.storedAtUnixMs)).toLocaleString()}{gameId && <> · <a href={href({ page: "game", id: gameId })}>open the game</a></>}</div>
          </div>
        );
      })}
    </section>
  );
}
