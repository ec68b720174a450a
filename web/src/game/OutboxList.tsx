// The player's moves still in question, beside the move controls: each with its words and its
// state (sending, sent, refused), a refused one with the rule and sentence of its refusal next to
// it (dismissed with ×). See outbox.ts.
import type { OutboxMove } from "./outbox";

const stateWords = { sending: "sending…", sent: "sent", refused: "refused" } as const;

export function OutboxList({ moves, onDismiss }: { moves: OutboxMove[]; onDismiss: (requestId: string) => void }) {
  if (moves.length === 0) return null;
  return (
    <ul class="mr-outbox" data-testid="outbox" aria-live="polite">
      {moves.map((m) => (
        <li key={m.requestId} class={`mr-outbox-${m.state}`} data-testid="outbox-move" data-state={m.state} data-request-id={m.requestId}>
          <span class="mr-outbox-state">{stateWords[m.state]}</span> <span>{m.words}</span>
          {m.state === "sending" && m.tries > 1 && <span class="mr-small"> (try {m.tries}: waiting for the network)</span>}
          {m.refusal && (
            <div class="mr-refusal-inline" role="alert" data-testid="outbox-refusal">
              {m.refusal.rule && <b class="mr-rule">{m.refusal.rule.startsWith("mailrun.") ? m.refusal.rule : `Rule ${m.refusal.rule}`}</b>}{" "}
              {m.refusal.message}
              {m.refusal.stale && " (the game had moved on: here it is now)"}
            </div>
          )}
          {m.state !== "sending" && (
            <button type="button" class="mr-close-inline" aria-label="dismiss" onClick={() => onDismiss(m.requestId)}>×</button>
          )}
        </li>
      ))}
    </ul>
  );
}
