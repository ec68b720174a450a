// The player's notifications while the app is open: the unread count of the inbox (the badge),
// and the live stream (NotificationService.Subscribe), resumed after a dropped connection from the
// last event seen. Whose turn it is comes from the games themselves (turns.ts), which each
// notification makes the shell read again: an event says something happened, not what is true now.
// `online` is false while the stream is down (the offline banner). When the app is closed the
// inbox keeps them.
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useState } from "preact/hooks";

import type { Notification } from "@gen/mailrun/v1/notification_pb";
import type { Clients } from "../api/client";

export interface Notifications {
  unread: number;
  latest: Notification | null;   // the newest notification that arrived live
  online: boolean;               // the stream is up (false until it first answers, and while down)
  clearUnread: () => void;       // the inbox was read
}

export function useNotifications(client: Clients, userId: string): Notifications {
  const [state, setState] = useState<Omit<Notifications, "clearUnread">>({ unread: 0, latest: null, online: true });
  const [network, setNetwork] = useState(() => navigator.onLine);
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
      let wake: () => void = () => {};
      const woken = () => wake();
      window.addEventListener("online", woken);
      abort.signal.addEventListener("abort", () => window.removeEventListener("online", woken));
      for (let delay = 1000; !abort.signal.aborted; delay = Math.min(delay * 2, 10_000)) {
        try {
          // Up once the service answered with its headers (a quiet stream sends nothing for long).
          const up = () => setState((s) => (s.online ? s : { ...s, online: true }));
          for await (const note of client.notification.subscribe({ sinceEventId: since }, { signal: abort.signal, onHeader: up })) {
            delay = 1000;
            since = note.eventId;
            setState((s) => ({ ...s, unread: s.unread + (note.read ? 0 : 1), latest: note, online: true }));
          }
        } catch (err) {
          if (abort.signal.aborted || ConnectError.from(err).code === Code.Unauthenticated) return;
        }
        setState((s) => (s.online ? { ...s, online: false } : s));
        // Again after a pause, or at once when the browser says the network is back.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => { clearTimeout(timer); resolve(); };
        });
      }
    })();
    const network = () => setNetwork(navigator.onLine);
    window.addEventListener("offline", network);
    window.addEventListener("online", network);
    abort.signal.addEventListener("abort", () => {
      window.removeEventListener("offline", network);
      window.removeEventListener("online", network);
    });
    return () => abort.abort();
  }, [client, userId]);
  return { ...state, online: state.online && network, clearUnread: () => setState((s) => ({ ...s, unread: 0 })) };
}
