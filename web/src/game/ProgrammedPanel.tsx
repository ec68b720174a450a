// The game screen's Orders tab: the standing orders (programmed moves, programmed_moves.proto) of
// every player in the game, visible to all as on the largest 18xx site, active first, each with
// what it is for, its state and why it ended; and the player's own orders left or cancelled here.
// The kinds the service carries out: pass in this share round (1853's dealing round, 1947's stock
// round) until another player buys or sells or the round ends; in 1947's private auction, bid on
// the private now on sale up to an amount, then pass; in both titles, decline every offer made to
// the player outside their turn (1853: the Elephant 3.1.11, a train 4.8.9; 1947: a private 3.3, a
// train 6.15.2, a bond issue 5.4.2) until they move by hand. The list is read again at each new version
// (the service acts and cancels orders as the game moves). Refusals are shown in words.
import { useEffect, useState } from "preact/hooks";

import { type ApiClients, type GameView, type ProgrammedMove, ProgrammedMoveKind, ProgrammedMoveState, RoundKind } from "./api";
import { newRequestId } from "./outbox";
import { rupees } from "./Panels1947";
import { readRefusal } from "./refusal";
import type { Seat } from "./ChatPanel";
import { useTableStyles } from "./tableStyles";

interface ProgrammedPanelProps {
  client: ApiClients;
  gameId: string;
  view: GameView;
  version: bigint;
  yourSeat: number;
  finished: boolean;
  players: Seat[];
}

// What an order does, in words.
export function orderWords(move: ProgrammedMove): string {
  switch (move.kind) {
    case ProgrammedMoveKind.PASS_SHARE_ROUND:
      return `Pass in ${move.subject} until another player buys or sells, or the round ends`;
    case ProgrammedMoveKind.AUCTION_BID_UP_TO:
      return `Bid on ${move.subject} up to ${rupees(move.maxAmount)}, then pass`;
    case ProgrammedMoveKind.DECLINE_OFFERS:
      return "Decline every offer made to this player until they move by hand";
    default:
      return "An order of a kind this app does not know";
  }
}

// The offers a title's rules make to a player outside their turn, with their rules.
function offersOf(view: GameView): string {
  return view.game1947
    ? "a railway's offer for your private (3.3) or your railway's train (6.15.2), a bond issue (5.4.2)"
    : "the Elephant offered to you (3.1.11), an offer for your company's train (4.8.9)";
}

const stateWords: Record<number, string> = {
  [ProgrammedMoveState.ACTIVE]: "active",
  [ProgrammedMoveState.ENDED]: "ended",
  [ProgrammedMoveState.CANCELLED]: "cancelled",
};

export function ProgrammedPanel({ client, gameId, view, version, yourSeat, finished, players }: ProgrammedPanelProps) {
  useTableStyles();
  const [moves, setMoves] = useState<ProgrammedMove[]>();
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const [upTo, setUpTo] = useState("");

  const read = () =>
    client.programmed.listProgrammedMoves({ gameId }).then(
      (answer) => setMoves(answer.moves),
      (e) => setProblem(readRefusal(e).message),
    );
  useEffect(() => {
    void read();
  }, [gameId, version]);

  const call = async (run: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await run();
      setProblem("");
    } catch (e) {
      const r = readRefusal(e);
      setProblem(r.rule ? `${r.message} (${r.rule})` : r.message);
    }
    setBusy(false);
    await read();
  };
  const leave = (kind: ProgrammedMoveKind, maxAmount = 0) =>
    call(() => client.programmed.setProgrammedMove({ gameId, requestId: newRequestId(), kind, maxAmount }));
  const cancel = (moveId: bigint) => call(() => client.programmed.cancelProgrammedMove({ gameId, moveId }));

  const nameOf = (seat: number) => players.find((p) => p.seat === seat)?.name ?? `seat ${seat + 1}`;
  const all = moves ?? [];
  const active = all.filter((m) => m.state === ProgrammedMoveState.ACTIVE);
  const ended = all.filter((m) => m.state !== ProgrammedMoveState.ACTIVE);
  const mineActive = (kind: ProgrammedMoveKind) => active.some((m) => m.seat === yourSeat && m.kind === kind);
  const round = view.round?.kind;
  const shareRound = round === RoundKind.ROUND_DEALING || round === RoundKind.ROUND_STOCK;
  const auction = round === RoundKind.ROUND_PRIVATE_AUCTION ? view.game1947?.auction : undefined;
  const amount = Number(upTo);
  const amountProblem = upTo === "" ? "" : !Number.isInteger(amount) || amount < 1 ? "A whole number of rupees, 1 or more." : "";

  const order = (m: ProgrammedMove) => (
    <li key={m.moveId.toString()} class={`mr-t-order${m.state === ProgrammedMoveState.ACTIVE ? "" : " mr-t-order-ended"}`}
        data-testid={`order-${m.moveId}`} data-state={stateWords[m.state] ?? ""} data-seat={m.seat}>
      <div class="mr-t-meta">
        <span class="mr-t-author">{nameOf(m.seat)}{m.seat === yourSeat ? " (you)" : ""}</span>
        <span class={`mr-t-state mr-t-state-${stateWords[m.state] ?? ""}`}>{stateWords[m.state] ?? "?"}</span>
        <span>left at v{m.setAtVersion.toString()}</span>
        {m.movesMade > 0 && <span data-testid="order-moves">{m.movesMade === 1 ? "1 move made" : `${m.movesMade} moves made`}</span>}
      </div>
      <p class="mr-t-text">{orderWords(m)}</p>
      {m.reason && <p class="mr-small" data-testid="order-reason">{m.reason}</p>}
      {m.seat === yourSeat && m.state === ProgrammedMoveState.ACTIVE && (
        <div class="mr-t-actions">
          <button type="button" data-testid={`order-cancel-${m.moveId}`} disabled={busy} onClick={() => void cancel(m.moveId)}>Cancel this order</button>
        </div>
      )}
    </li>
  );

  return (
    <section class="mr-panel" data-testid="orders" aria-labelledby="mr-orders-title">
      <h3 id="mr-orders-title">Standing orders</h3>
      <p class="mr-small">Moves the game makes for a player when it is their turn. Everyone sees everyone's orders.</p>
      {moves === undefined && !problem && <p class="mr-small">Loading the orders…</p>}
      {moves !== undefined && active.length === 0 && <p class="mr-small" data-testid="orders-none">No active orders.</p>}
      <ul class="mr-t-orders" data-testid="orders-active">{active.map(order)}</ul>
      {yourSeat >= 0 && !finished && (
        <div data-testid="orders-new">
          <h3>Leave an order</h3>
          {shareRound && mineActive(ProgrammedMoveKind.PASS_SHARE_ROUND) && (
            <p class="mr-small" data-testid="order-pass-active">Your pass order for this round is active (above).</p>
          )}
          {shareRound && !mineActive(ProgrammedMoveKind.PASS_SHARE_ROUND) && (
            <div class="mr-t-row">
              <button type="button" data-testid="order-pass" disabled={busy} onClick={() => void leave(ProgrammedMoveKind.PASS_SHARE_ROUND)}>
                Pass this round until someone buys or sells
              </button>
            </div>
          )}
          {mineActive(ProgrammedMoveKind.DECLINE_OFFERS) ? (
            <p class="mr-small" data-testid="order-decline-active">Your order to decline offers is active (above).</p>
          ) : (
            <div class="mr-t-row">
              <button type="button" data-testid="order-decline" disabled={busy} onClick={() => void leave(ProgrammedMoveKind.DECLINE_OFFERS)}>
                Decline offers until I move
              </button>
              <span class="mr-small">Answers no to {offersOf(view)}.</span>
            </div>
          )}
          {auction && (
            <form class="mr-t-row" data-testid="order-bid-form" onSubmit={(e) => { e.preventDefault(); if (!amountProblem && upTo) void leave(ProgrammedMoveKind.AUCTION_BID_UP_TO, amount); }}>
              <label for="mr-order-up-to">Bid on P{auction.privateNumber} up to (Rs.)</label>
              <input id="mr-order-up-to" class="mr-t-amount" type="number" inputMode="numeric" min={1} step={1} data-testid="order-bid-amount"
                     value={upTo} onInput={(e) => setUpTo((e.target as HTMLInputElement).value)} />
              <button type="submit" data-testid="order-bid" disabled={busy || !upTo || !!amountProblem}>Bid up to this, then pass</button>
              {amountProblem && <span class="mr-t-refusal">{amountProblem}</span>}
            </form>
          )}
          {!shareRound && !auction && (
            <p class="mr-small" data-testid="orders-not-now">
              Pass and bid orders can be left in a share round (1853's dealing rounds, 1947's stock rounds) and in 1947's private auction.
            </p>
          )}
        </div>
      )}
      {problem && <p class="mr-t-refusal" role="alert" data-testid="orders-problem">{problem}</p>}
      {ended.length > 0 && (
        <details>
          <summary>Earlier orders ({ended.length})</summary>
          <ul class="mr-t-orders" data-testid="orders-ended">{ended.map(order)}</ul>
        </details>
      )}
    </section>
  );
}
