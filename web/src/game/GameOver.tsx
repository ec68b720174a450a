// The end of the game: why it ended and the final standings by wealth (5.2.1).
import type { GameView } from "./api";
import { finalStandings, money } from "./gameModel";

export function GameOverPanel({ view }: { view: GameView }) {
  const standings = finalStandings(view.players);
  return (
    <section class="mr-panel mr-game-over" data-testid="game-over">
      <h3>Game over</h3>
      {view.endReason && <p>{view.endReason}</p>}
      <table class="mr-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Player</th>
            <th>Wealth</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.seat} data-testid={`final-${s.seat}`}>
              <td>{s.rank}</td>
              <td>{s.name}</td>
              <td>{money(s.wealth)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
