// The player's notifications while the app is open: the unread count of the inbox (the badge),
// and the live stream (NotificationService.Subscribe), resumed after a dropped connection from the
// last event seen, so a "your turn" shows at once. When the app is closed the inbox keeps them.
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useState } from "preact/hooks";

import type { Notification } from "@gen/mailrun/v1/notification_pb";
import { EventKind } from "@gen/mailrun/v1/notification_pb";
import type { Clients } from "../api/client";

export interface Notifications {
  unread: number;
  latest: Notification | null;   // the newest notification that arrived live
  yourTurn: Set<string>;         // games in which a live "your turn" arrived
  clearUnread: () => void;       // the inbox was read
}

export function useNotifications(client: Clients, userId: string): Notifications {
  const [state, setState] = useState<Omit<Notifications, "clearUnread">>({ unread: 0, latest: null, yourTurn: new Set() });
  useEffect(() => {
    const abort = new AbortController();
    let since = "";
    (async () => {
      try {
        const inbox = await client.notification.listInbox({ unreadOnly: true, page: { pageSize: 1 } }, { signal: abort.signal });
        setState((s) => ({ ...s, unread: Number(inbox.unreadCount) }));
      } catch {
        // the stream below tries again
      }
      for (let delay = 1000; !abort.signal.aborted; delay = Math.min(delay * 2, 30_000)) {
        try {
          for await (const note of client.notification.subscribe({ sinceEventId: since }, { signal: abort.signal })) {
            delay = 1000;
            since = note.eventId;
            setState((s) => {
              const yourTurn = new Set(s.yourTurn);
              if (note.event?.kind.case === "yourTurn") yourTurn.add(note.event.kind.value.gameId);
              if (note.kind === EventKind.GAME_FINISHED && note.event?.kind.case === "gameFinished") {
                yourTurn.delete(note.event.kind.value.gameId);
              }
              return { unread: s.unread + (note.read ? 0 : 1), latest: note, yourTurn };
            });
          }
        } catch (err) {
          if (abort.signal.aborted || ConnectError.from(err).code === Code.Unauthenticated) return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    })();
    return () => abort.abort();
  }, [client, userId]);
  return { ...state, clearUnread: () => setState((s) => ({ ...s, unread: 0 })) };
}
