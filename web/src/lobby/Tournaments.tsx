// Tournaments: the list, one tournament with its players and tables, registering, the standings.
import { TournamentStatus, type Tournament } from "@gen/mailrun/v1/lobby_pb";
import { clients } from "../api/client";
import { requestId, type Session } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { href } from "../app/route";
import { useAction, useCall } from "../app/useCall";
import { plural } from "../game/plural";
import { editionName, titleName } from "./names";

const statusNames: Record<number, string> = {
  [TournamentStatus.REGISTRATION]: "registration open", [TournamentStatus.RUNNING]: "running",
  [TournamentStatus.FINISHED]: "finished",
};

export function Tournaments() {
  const list = useCall(() => clients.lobby.listTournaments({}), []);
  return (
    <section>
      <h2>Tournaments</h2>
      <RefusalNote error={list.error} />
      {list.value?.tournaments.length === 0 && <p class="quiet">No tournaments yet.</p>}
      {list.value?.tournaments.map((t) => (
        <a class="card row" href={href({ page: "tournament", id: t.tournamentId })} data-test="tournament">
          <strong>{t.name}</strong>
          <span class="quiet"> {titleName(t.title)} {editionName(t.title, t.edition)} · {statusNames[t.status] ?? ""} · {plural(t.players.length, "player")}</span>
        </a>
      ))}
    </section>
  );
}

export function TournamentPage({ id, session }: { id: string; session: Session }) {
  const tournament = useCall(() => clients.lobby.getTournament({ tournamentId: id }), [id]);
  const standings = useCall(() => clients.lobby.getStandings({ tournamentId: id }), [id]);
  const action = useAction();
  const t: Tournament | undefined = tournament.value;
  const registered = t?.players.some((p) => p.player?.userId === session.userId);
  const change = (register: boolean) => action.run(async () => {
    const call = register ? clients.lobby.registerForTournament : clients.lobby.withdrawFromTournament;
    await call({ requestId: requestId(), tournamentId: id });
    tournament.reload();
    standings.reload();
  });
  return (
    <section>
      <RefusalNote error={tournament.error} />
      {t && (
        <>
          <h2>{t.name}</h2>
          <p class="quiet">{titleName(t.title)} {editionName(t.title, t.edition)} · {statusNames[t.status] ?? ""} · round {t.currentRound} of {t.rounds} · organiser {t.organiser?.displayName}</p>
          <div class="buttons">
            {!registered && t.status === TournamentStatus.REGISTRATION &&
              <button class="primary" onClick={() => change(true)} disabled={action.busy}>Register</button>}
            {registered && t.status !== TournamentStatus.FINISHED &&
              <button onClick={() => change(false)} disabled={action.busy}>Withdraw</button>}
          </div>
          <RefusalNote error={action.error} />
          <h3>Players</h3>
          <p>{t.players.map((p) => p.player?.displayName).join(", ") || "nobody yet"}</p>
          {t.tables.length > 0 && <h3>Tables</h3>}
          {t.tables.map((table) => (
            <div class="row">Round {table.round}, table {table.tableNumber}: {table.players.map((p) => p.displayName).join(", ")}
              {table.gameId && <> · <a href={href({ page: "game", id: table.gameId })}>game</a></>}</div>
          ))}
        </>
      )}
      <h3>Standings</h3>
      <RefusalNote error={standings.error} />
      <table class="grid" data-test="standings">
        <thead><tr><th>#</th><th>Player</th><th>Points</th><th>Games</th></tr></thead>
        <tbody>
          {standings.value?.standings.map((s) => (
            <tr><td>{s.position}</td><td>{s.player?.displayName}</td><td>{s.placementPoints}</td><td>{s.games}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
