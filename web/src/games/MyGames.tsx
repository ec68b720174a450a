// My games: the ones waiting on me first, then the others, most recently changed first; each
// game's turn as the turn store holds it (turns.ts: the service's list, kept current by the game
// screens of every tab and re-read on each notification).
import { GameStatus } from "@gen/mailrun/v1/game_pb";
import { href } from "../app/route";
import { editionName, titleName } from "../lobby/names";
import type { TurnStore } from "./turns";

export function MyGames({ turns }: { turns: TurnStore }) {
  const list = turns.list();
  list.sort((a, b) => Number(b.myTurn) - Number(a.myTurn));
  return (
    <section>
      <h2>My games</h2>
      {turns.loaded && list.length === 0 && <p class="quiet">No games yet: join a table in the lobby.</p>}
      {list.map(({ summary: g, myTurn }) => (
        <a class={`card row game${myTurn ? " my-turn" : ""}`} href={href({ page: "game", id: g.gameId })} data-test="my-game" data-game={g.gameId} data-my-turn={myTurn ? "yes" : "no"}>
          {myTurn && <span class="badge">your turn</span>}
          <strong>{titleName(g.title)} {editionName(g.title, g.edition)}</strong>
          <span class="quiet"> {g.status === GameStatus.FINISHED ? "finished" : g.round} · v{String(g.version)}{g.autopilot ? " · autopilot" : ""}{g.study ? " · study, unranked" : ""}</span>
          <div class="players">{g.players.join(", ")}</div>
        </a>
      ))}
    </section>
  );
}
