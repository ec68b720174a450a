// The game screen's Chat tab: the game's chat (useChat.ts) newest last, older pages on demand, new
// messages live; each message with its author, time and the game version it was written at (a
// tap shows the board at that version); @mentions marked, those of this player stronger; every
// message rendered as text (Preact text nodes: never markup). The player deletes their own
// messages, mutes and unmutes others for themselves, and the table's host hides a message for
// everyone. The post box counts characters against the limit and shows a refusal in words beside
// itself, keeping the text.
import { useEffect, useRef, useState } from "preact/hooks";

import type { ChatMessage } from "./api";
import { CHAT_MAX_CHARACTERS, chatLength, chatPieces, chatProblem, chatTime } from "./chatText";
import { formatTime } from "./gameModel";
import { useTableStyles } from "./tableStyles";
import type { Chat } from "./useChat";

export interface Seat {
  seat: number;
  name: string;
}

interface ChatPanelProps {
  chat: Chat;
  players: Seat[];
  yourSeat: number;
  onVersion: (version: bigint) => void; // show the game at this version
}

function MessageText({ message, names }: { message: ChatMessage; names: string[] }) {
  return (
    <p class="mr-t-text" data-testid="chat-text">
      {chatPieces(message.text, names).map((piece, i) =>
        piece.mention ? <mark key={i} class="mr-t-mention" data-testid="chat-mention">{piece.text}</mark> : piece.text,
      )}
    </p>
  );
}

export function ChatPanel({ chat, players, yourSeat, onVersion }: ChatPanelProps) {
  useTableStyles();
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [actionRefusal, setActionRefusal] = useState("");
  const list = useRef<HTMLDivElement>(null);
  const names = players.map((p) => p.name);
  const nameOf = (seat: number) => players.find((p) => p.seat === seat)?.name ?? `seat ${seat + 1}`;

  // New messages scroll into view while the player reads the newest.
  const lastSeq = chat.messages[chat.messages.length - 1]?.seq;
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    chat.markRead();
  }, [lastSeq, chat.lastSeq]);

  const problem = chatProblem(draft);
  const length = chatLength(draft);
  const send = async () => {
    if (problem || sending) {
      setRefusal(problem);
      return;
    }
    setSending(true);
    const refused = await chat.post(draft.trim());
    setSending(false);
    setRefusal(refused);
    if (!refused) setDraft("");
  };
  const act = async (call: Promise<string>) => setActionRefusal(await call);

  return (
    <section class="mr-panel" data-testid="chat" aria-labelledby="mr-chat-title">
      <h3 id="mr-chat-title">Table talk</h3>
      {chat.error && <p class="mr-t-refusal" data-testid="chat-error">{chat.error}</p>}
      {!chat.loaded && !chat.error && <p class="mr-small">Loading the chat…</p>}
      {chat.olderBefore > 0n && (
        <button type="button" class="mr-t-link" data-testid="chat-older" onClick={() => void chat.loadOlder()}>
          Earlier messages
        </button>
      )}
      {chat.loaded && chat.messages.length === 0 && <p class="mr-small" data-testid="chat-empty">No messages yet. Say hello; @name tells a player.</p>}
      <div class="mr-t-list" ref={list} role="log" aria-live="polite" aria-label="Chat messages" tabIndex={0}>
      <ol class="mr-t-items" data-testid="chat-messages">
        {chat.messages.map((m) => {
          const mine = m.seat === yourSeat;
          const mentionsMe = m.mentionedSeats.includes(yourSeat);
          return (
            <li key={m.seq.toString()} class={`mr-t-msg${mine ? " mr-t-msg-mine" : ""}${mentionsMe ? " mr-t-msg-me" : ""}`}
                data-testid={`chat-message-${m.seq}`} data-seq={m.seq.toString()} data-mentions-me={mentionsMe ? "yes" : "no"}>
              <div class="mr-t-meta">
                <span class="mr-t-author">{m.authorName || nameOf(m.seat)}</span>
                <time title={formatTime(m.atUnixMs)}>{chatTime(m.atUnixMs)}</time>
                <button type="button" class="mr-t-link" data-testid="chat-version" onClick={() => onVersion(m.atVersion)}
                        aria-label={`Show the game at version ${m.atVersion}, when this was written`}>
                  at v{m.atVersion.toString()}
                </button>
                {mentionsMe && <span class="mr-t-you">mentions you</span>}
                {!m.deleted && mine && (
                  <button type="button" class="mr-t-act" data-testid="chat-delete" onClick={() => void act(chat.remove(m.seq))}>Delete</button>
                )}
                {!m.deleted && !mine && chat.isHost && (
                  <button type="button" class="mr-t-act" data-testid={m.hidden ? "chat-show" : "chat-hide"} onClick={() => void act(chat.hide(m.seq, !m.hidden))}>
                    {m.hidden ? "Show" : "Hide for all"}
                  </button>
                )}
              </div>
              {m.deleted ? (
                <p class="mr-t-gone" data-testid="chat-deleted">Deleted by its author.</p>
              ) : m.hidden && !mine ? (
                <p class="mr-t-gone" data-testid="chat-hidden">Hidden by the table's host.</p>
              ) : (
                <>
                  <MessageText message={m} names={names} />
                  {m.hidden && <p class="mr-t-gone" data-testid="chat-hidden-own">The table's host hid this from the others.</p>}
                </>
              )}
            </li>
          );
        })}
      </ol>
      </div>
      {actionRefusal && <p class="mr-t-refusal" role="alert" data-testid="chat-action-refusal">{actionRefusal}</p>}
      <form class="mr-t-post" data-testid="chat-form" onSubmit={(e) => { e.preventDefault(); void send(); }}>
        <label for="mr-chat-draft">Message (@name tells a player, @all everyone)</label>
        <textarea id="mr-chat-draft" rows={2} data-testid="chat-draft" value={draft}
                  onInput={(e) => { setDraft((e.target as HTMLTextAreaElement).value); setRefusal(""); }}
                  onKeyDown={(e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void send(); } }}
                  aria-describedby="mr-chat-count mr-chat-refusal" />
        <div class="mr-t-row">
          <button type="submit" class="mr-primary" data-testid="chat-send" disabled={sending || length === 0 || length > CHAT_MAX_CHARACTERS}>
            {sending ? "Sending…" : "Send"}
          </button>
          <span id="mr-chat-count" class={`mr-t-count${length > CHAT_MAX_CHARACTERS ? " mr-t-over" : ""}`} data-testid="chat-count">
            {length}/{CHAT_MAX_CHARACTERS}
          </span>
        </div>
        <p id="mr-chat-refusal" class="mr-t-refusal" role="status" data-testid="chat-refusal">
          {refusal || (length > CHAT_MAX_CHARACTERS ? problem : "")}
        </p>
      </form>
      <details class="mr-t-mutes" data-testid="chat-mutes">
        <summary>Mute players (for you alone)</summary>
        <ul class="mr-t-orders">
          {players.filter((p) => p.seat !== yourSeat).map((p) => {
            const muted = chat.mutedSeats.includes(p.seat);
            return (
              <li key={p.seat} class="mr-t-row">
                <span>{p.name}{muted ? " (muted)" : ""}</span>
                <button type="button" data-testid={`chat-mute-${p.seat}`} aria-pressed={muted}
                        onClick={() => void act(chat.mute(p.seat, !muted))}>
                  {muted ? `Unmute ${p.name}` : `Mute ${p.name}`}
                </button>
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}
