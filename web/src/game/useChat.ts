// A game's chat for the Chat tab (chat.proto): the newest page (ListChatMessages), older pages on
// demand, and new messages live from a WatchGame stream opened with with_chat (resumed after the
// last chat seq received, with growing pauses after a drop), and on the same stream the changes to
// messages already shown (deleted by their author, hidden or shown again by the host: each replaces
// the message of its seq; resumed after the last change number); posting under a request id kept across
// retries of the same text, deleting one's own message, muting a player for oneself, and the
// table host's hiding. Messages are kept by seq, so one that comes twice (the post's answer and
// the stream) shows once. Runs while the Chat tab is shown (GameScreen).
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useRef, useState } from "preact/hooks";

import type { ApiClients, ChatMessage } from "./api";
import { isNetworkFailure, newRequestId } from "./outbox";
import { readRefusal } from "./refusal";

export interface ChatState {
  loaded: boolean;
  error: string; // the chat could not be read
  messages: ChatMessage[]; // oldest first
  olderBefore: bigint; // ListChatMessages' next_before_seq: 0 when none are older
  mutedSeats: number[];
  isHost: boolean;
  live: boolean;
  lastSeq: bigint; // the newest seq received
  lastChange: bigint; // the newest chat change number received (WatchGameRequest.after_chat_change)
  readSeq: bigint; // the newest seq the player has had in front of them (the tab open, or at first load)
}

export interface Chat extends ChatState {
  post: (text: string) => Promise<string>; // "" when posted, else the refusal in words
  remove: (seq: bigint) => Promise<string>;
  mute: (seat: number, muted: boolean) => Promise<string>;
  hide: (seq: bigint, hidden: boolean) => Promise<string>;
  loadOlder: () => Promise<void>;
  markRead: () => void;
}

// The Chat tab's name: with the count of others' messages not yet read, and "@" when one of them
// mentions the player.
export function chatTabLabel(chat: Chat, yourSeat: number): string {
  const unread = chat.messages.filter((m) => m.seq > chat.readSeq && m.seat !== yourSeat);
  if (unread.length === 0) return "chat";
  return `chat ${unread.length}${unread.some((m) => m.mentionedSeats.includes(yourSeat)) ? " @" : ""}`;
}

function merged(kept: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(kept.map((m) => [m.seq, m]));
  for (const m of more) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
}

function words(error: unknown): string {
  const r = readRefusal(error);
  return r.rule ? `${r.message} (${r.rule})` : r.message;
}

// `enabled` once the screen knows the caller holds a seat (spectators read no chat) and the game's
// version, from which the stream starts (its versions are the game screen's business, not ours).
export function useChat(client: ApiClients, gameId: string, enabled: boolean, version: bigint): Chat {
  const [state, setState] = useState<ChatState>({
    loaded: false, error: "", messages: [], olderBefore: 0n, mutedSeats: [], isHost: false, live: false, lastSeq: 0n, lastChange: 0n,
    readSeq: 0n,
  });
  const latest = useRef(state);
  latest.current = state;
  const versionRef = useRef(version);
  versionRef.current = version;
  const pending = useRef<{ text: string; requestId: string } | undefined>(undefined); // a post not yet answered
  const update = (change: (s: ChatState) => Partial<ChatState>) =>
    setState((s) => {
      const next = { ...s, ...change(s) };
      latest.current = next;
      return next;
    });

  const reload = async () => {
    const page = await client.game.listChatMessages({ gameId });
    update((s) => ({
      loaded: true,
      error: "",
      messages: merged(s.messages.filter((m) => !page.mutedSeats.includes(m.seat)), page.messages),
      olderBefore: s.loaded ? s.olderBefore : page.nextBeforeSeq,
      mutedSeats: page.mutedSeats,
      isHost: page.callerIsHost,
      lastSeq: page.lastSeq > s.lastSeq ? page.lastSeq : s.lastSeq,
      lastChange: page.lastChange > s.lastChange ? page.lastChange : s.lastChange,
      readSeq: s.loaded ? s.readSeq : page.lastSeq,
    }));
  };

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const abort = new AbortController();
    void (async () => {
      try {
        await reload();
      } catch (e) {
        update(() => ({ loaded: true, error: words(e) }));
        const code = ConnectError.from(e).code;
        if (code === Code.PermissionDenied || code === Code.NotFound) return;
      }
      let pause = 500;
      while (!stopped) {
        try {
          const stream = client.game.watchGame(
            {
              gameId, afterVersion: versionRef.current, withChat: true, afterChatSeq: latest.current.lastSeq,
              afterChatChange: latest.current.lastChange,
            },
            { signal: abort.signal },
          );
          update(() => ({ live: true }));
          for await (const change of stream) {
            pause = 500;
            if (change.version > versionRef.current) versionRef.current = change.version;
            const changed = change.changedChat;
            if (changed) {
              // Only a message already in the list is replaced (an older one not paged in stays out).
              update((s) => ({
                messages: s.messages.some((m) => m.seq === changed.seq) ? merged(s.messages, [changed]) : s.messages,
                lastChange: change.chatChange > s.lastChange ? change.chatChange : s.lastChange,
              }));
              continue;
            }
            const message = change.chat;
            if (!message) continue;
            update((s) => ({ messages: merged(s.messages, [message]), lastSeq: message.seq > s.lastSeq ? message.seq : s.lastSeq }));
          }
          if (stopped) return;
        } catch (e) {
          if (stopped) return;
          const code = ConnectError.from(e).code;
          if (code === Code.PermissionDenied || code === Code.NotFound || code === Code.Unauthenticated) {
            update(() => ({ live: false }));
            return;
          }
        }
        update(() => ({ live: false }));
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, 8000);
      }
    })();
    return () => {
      stopped = true;
      abort.abort();
    };
  }, [gameId, enabled]);

  const post = async (text: string) => {
    // The same text tried again (an answer lost) goes under the same request id: posted once.
    if (pending.current?.text !== text) pending.current = { text, requestId: newRequestId() };
    try {
      const answer = await client.game.postChatMessage({ gameId, requestId: pending.current.requestId, text });
      pending.current = undefined;
      const message = answer.message;
      if (message) update((s) => ({ messages: merged(s.messages, [message]) }));
      return "";
    } catch (e) {
      if (!isNetworkFailure(e)) pending.current = undefined; // an answer: the next try is a new message
      return words(e);
    }
  };
  const replace = (message: ChatMessage | undefined) => {
    if (message) update((s) => ({ messages: merged(s.messages, [message]) }));
  };
  const remove = async (seq: bigint) => {
    try {
      replace((await client.game.deleteChatMessage({ gameId, seq })).message);
      return "";
    } catch (e) {
      return words(e);
    }
  };
  const hide = async (seq: bigint, hidden: boolean) => {
    try {
      replace((await client.game.hideChatMessage({ gameId, seq, hidden })).message);
      return "";
    } catch (e) {
      return words(e);
    }
  };
  const mute = async (seat: number, muted: boolean) => {
    try {
      const answer = await client.game.muteChatPlayer({ gameId, seat, muted });
      update((s) => ({ mutedSeats: answer.mutedSeats, messages: s.messages.filter((m) => !answer.mutedSeats.includes(m.seat)) }));
      if (!muted) await reload(); // their messages come back
      return "";
    } catch (e) {
      return words(e);
    }
  };
  const loadOlder = async () => {
    const before = latest.current.olderBefore;
    if (before === 0n) return;
    try {
      const page = await client.game.listChatMessages({ gameId, beforeSeq: before });
      update((s) => ({ messages: merged(s.messages, page.messages), olderBefore: page.nextBeforeSeq }));
    } catch (e) {
      update(() => ({ error: words(e) }));
    }
  };

  const markRead = () => {
    if (latest.current.readSeq < latest.current.lastSeq) update((s) => ({ readSeq: s.lastSeq }));
  };

  return { ...state, post, remove, mute, hide, loadOlder, markRead };
}
