// The banner on the game for an abandoned seat (seats.proto, empty seats): a seat whose player has
// missed the table's number of turn deadlines in a row. The other players see how many deadlines
// it missed and the votes so far, and vote to hand it to the bot or to a substitute; once a
// substitute is chosen, the host (in a tournament game the director) invites one by display name:
// the lobby names the account (GetProfile by display_name; a name nobody has is refused naming it),
// and the banner shows the invited player's name (GetProfile by user id). The seats are read again
// at each new version, at each seat change the game's stream announces (useGame: a vote, an
// invitation, an acceptance of another player's shows at once), and after each call. A tournament's
// director, who holds no seat, sees it too; a spectator, whom GetSeats refuses, sees nothing. Nothing
// shows while no seat is abandoned or handed over unseen.
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useRef, useState } from "preact/hooks";

import { useAction } from "../app/useCall";
import { type ApiClients, type GetSeatsResponse, SeatChoice, SeatHandoverState, type SeatStatus } from "./api";
import { newRequestId } from "./outbox";
import { readRefusal } from "./refusal";
import { useTableStyles } from "./tableStyles";

interface SeatBannerProps {
  client: ApiClients;
  gameId: string;
  version: bigint;
  seatsChange: bigint; // the game's latest seat change the stream announced (WatchGameResponse.seats_change)
  finished: boolean;
}

const choiceWords = (choice: SeatChoice) => (choice === SeatChoice.BOT ? "the bot" : "a substitute");

function votesLine(seat: SeatStatus): string {
  const bot = seat.votes.filter((v) => v.choice === SeatChoice.BOT).length;
  const sub = seat.votes.filter((v) => v.choice === SeatChoice.SUBSTITUTE).length;
  return `Votes so far: ${bot} for the bot, ${sub} for a substitute.`;
}

export function SeatBanner({ client, gameId, version, seatsChange, finished }: SeatBannerProps) {
  useTableStyles();
  const [seats, setSeats] = useState<GetSeatsResponse>();
  const { busy, error, run } = useAction();
  const [invitee, setInvitee] = useState("");
  const [names, setNames] = useState<Record<string, string>>({}); // invited user id -> display name
  const denied = useRef(false); // GetSeats refused the caller (a spectator): not asked again

  const read = () =>
    denied.current
      ? Promise.resolve()
      : client.seats.getSeats({ gameId }).then(
          (answer) => setSeats(answer),
          (e) => {
            if (ConnectError.from(e).code === Code.PermissionDenied) denied.current = true;
            setSeats(undefined); // no banner
          },
        );
  useEffect(() => {
    void read();
  }, [gameId, version, seatsChange]);

  // The invited players' names (the game service knows only their user ids).
  useEffect(() => {
    for (const s of seats?.seats ?? []) {
      const id = s.invitedUserId;
      if (!id || names[id] !== undefined) continue;
      client.lobby.getProfile({ userId: id }).then(
        (profile) => setNames((known) => ({ ...known, [id]: profile.displayName })),
        () => setNames((known) => ({ ...known, [id]: "" })),
      );
    }
  }, [seats]);

  const refusal = error ? readRefusal(error) : undefined;
  const problem = refusal ? (refusal.rule ? `${refusal.message} (${refusal.rule})` : refusal.message) : "";
  const call = async (action: () => Promise<unknown>) => {
    await run(action);
    await read();
  };

  // The name typed becomes the account's user id (the lobby's GetProfile by display name), then it
  // is invited.
  const invite = (seat: number, name: string) =>
    call(async () => {
      const profile = await client.lobby.getProfile({ displayName: name });
      setNames((known) => ({ ...known, [profile.userId]: profile.displayName }));
      await client.seats.inviteSubstitute({ gameId, seat, userId: profile.userId });
      setInvitee("");
    });

  if (!seats || finished) return null;
  const open = seats.seats.filter((s) => s.seat !== seats.yourSeat && s.abandoned && s.handover !== SeatHandoverState.DONE);
  if (open.length === 0) return null;
  const voter = seats.directorDecides ? seats.youInvite : seats.yourSeat >= 0; // the director: the one who invites

  return (
    <section class="mr-note mr-t-seats" data-testid="seat-banner" aria-label="abandoned seats">
      {open.map((s) => {
        const mine = s.votes.find((v) => v.voterSeat === (seats.directorDecides ? -1 : seats.yourSeat));
        return (
          <div key={s.seat} data-testid={`seat-abandoned-${s.seat}`} data-state={s.handover}>
            <p class="mr-t-text">
              <strong>{s.displayName}</strong> has missed {s.missedDeadlines} turn deadlines in a row: the seat counts as abandoned.{" "}
              {seats.directorDecides ? "The tournament's director decides who plays it." : `${seats.votesNeeded} votes of the other players decide who plays it.`}
            </p>
            {(s.handover === SeatHandoverState.UNSPECIFIED || s.handover === SeatHandoverState.VOTING) && (
              <>
                {s.votes.length > 0 && <p class="mr-small" data-testid="seat-votes">{votesLine(s)}</p>}
                {voter && !mine && (
                  <div class="mr-t-row">
                    <button type="button" data-testid={`seat-vote-bot-${s.seat}`} disabled={busy}
                            onClick={() => void call(() => client.seats.voteOnSeat({ gameId, requestId: newRequestId(), seat: s.seat, choice: SeatChoice.BOT }))}>
                      Hand it to the bot
                    </button>
                    <button type="button" data-testid={`seat-vote-sub-${s.seat}`} disabled={busy}
                            onClick={() => void call(() => client.seats.voteOnSeat({ gameId, requestId: newRequestId(), seat: s.seat, choice: SeatChoice.SUBSTITUTE }))}>
                      Find a substitute
                    </button>
                  </div>
                )}
                {mine && <p class="mr-small" data-testid="seat-voted">You voted for {choiceWords(mine.choice)}.</p>}
              </>
            )}
            {s.handover === SeatHandoverState.AWAITING_INVITATION && <p class="mr-small" data-testid="seat-awaiting">Decided: a substitute. The host invites one.</p>}
            {s.handover === SeatHandoverState.INVITED && (
              <p class="mr-small" data-testid="seat-invited">
                {names[s.invitedUserId] ? <strong>{names[s.invitedUserId]}</strong> : "A substitute"} is invited and has not accepted yet.
              </p>
            )}
            {seats.youInvite && (s.handover === SeatHandoverState.AWAITING_INVITATION || s.handover === SeatHandoverState.INVITED) && (
              <form class="mr-t-row" data-testid={`seat-invite-${s.seat}`}
                    onSubmit={(e) => { e.preventDefault(); if (invitee.trim()) void invite(s.seat, invitee.trim()); }}>
                <label for={`mr-seat-invitee-${s.seat}`}>Substitute's name</label>
                <input id={`mr-seat-invitee-${s.seat}`} class="mr-t-invitee" data-testid="seat-invitee" value={invitee}
                       autocomplete="off" autocapitalize="none" placeholder="their player name"
                       onInput={(e) => setInvitee((e.target as HTMLInputElement).value)} />
                <button type="submit" disabled={busy || !invitee.trim()}>Invite</button>
              </form>
            )}
          </div>
        );
      })}
      {problem && <p class="mr-t-refusal" role="alert" data-testid="seat-problem">{problem}</p>}
    </section>
  );
}
