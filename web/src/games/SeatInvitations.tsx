// Invitations to take an abandoned seat of a running game (seats.proto: the host invited this
// account after the other players voted for a substitute). Each shows the game, the seat's name
// and who invited, with a button that takes the seat (AcceptSeat) and opens the game. Shown above
// My games only while there is one; read again on each notification.
import { useEffect, useState } from "preact/hooks";

import { clients } from "../api/client";
import { requestId } from "../api/session";
import type { SeatInvitation } from "@gen/mailrun/v1/seats_pb";
import { readRefusal } from "../game/refusal";
import { go } from "../app/route";
import { titleName } from "../lobby/names";

export function SeatInvitations({ latest }: { latest: unknown }) {
  const [invitations, setInvitations] = useState<SeatInvitation[]>([]);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    clients.seats.listSeatInvitations({}).then((answer) => setInvitations(answer.invitations), () => setInvitations([]));
  }, [latest]);
  if (invitations.length === 0) return null;
  const accept = async (invitation: SeatInvitation) => {
    setBusy(true);
    try {
      await clients.seats.acceptSeat({ gameId: invitation.gameId, seat: invitation.seat, requestId: requestId() });
      go({ page: "game", id: invitation.gameId });
    } catch (e) {
      setProblem(readRefusal(e).message);
    }
    setBusy(false);
  };
  return (
    <section data-test="seat-invitations">
      <h2>Seats offered to you</h2>
      {invitations.map((invitation) => (
        <div class="card" data-test="seat-invitation" data-game={invitation.gameId}>
          <p>
            {invitation.invitedByDisplayName} invites you to take over {invitation.seatDisplayName}'s abandoned seat in a
            game of {titleName(invitation.title)}: its holdings and its turns are yours from then on.
          </p>
          <button type="button" data-test="seat-accept" disabled={busy} onClick={() => void accept(invitation)}>Take this seat</button>
        </div>
      ))}
      {problem && <p class="error" role="alert">{problem}</p>}
    </section>
  );
}
