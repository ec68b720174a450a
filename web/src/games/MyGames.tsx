// My games: the ones where it is my turn first (by the service, or by a "your turn" that arrived
// live since), then the others, most recently changed first.
import { GameStatus } from "@gen/mailrun/v1/game_pb";
import { clients } from "../api/client";
import { RefusalNote } from "../app/RefusalNote";
import { href } from "../app/route";
import { useCall } from "../app/useCall";
import { editionName, titleName } from "../lobby/names";

export function MyGames({ liveTurns }: { liveTurns: Set<string> }) {
  const games = useCall(() => clients.game.listMyGames({ pageSize: 100 }), [liveTurns.size]);
  const list = [...(games.value?.games ?? [])];
  const myTurn = (g: (typeof list)[number]) => g.status === GameStatus.ACTIVE && g.yourTurn;
  list.sort((a, b) => Number(myTurn(b)) - Number(myTurn(a)));
  return (
    <section>
      <h2>My games <button class="link" onClick={games.reload}>refresh</button></h2>
      <RefusalNote error={games.error} />
      {games.value && list.length === 0 && <p class="quiet">No games yet: join a table in the lobby.</p>}
      {list.map((g) => (
        <a class={`card row game${myTurn(g) ? " my-turn" : ""}`} href={href({ page: "game", id: g.gameId })} data-test="my-game" data-game={g.gameId}>
          {myTurn(g) && <span class="badge">your turn</span>}
          <strong>{titleName(g.title)} {editionName(g.title, g.edition)}</strong>
          <span class="quiet"> {g.status === GameStatus.FINISHED ? "finished" : g.round} · v{String(g.version)}</span>
          <div class="players">{g.players.join(", ")}</div>
        </a>
      ))}
    </section>
  );
}
