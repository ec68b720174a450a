// The rating ladders: one per title and edition.
import { useState } from "preact/hooks";

import { Edition, Title } from "@gen/mailrun/v1/game_config_pb";
import { clients } from "../api/client";
import { RefusalNote } from "../app/RefusalNote";
import { useCall } from "../app/useCall";

const ladders: [string, Title, Edition][] = [
  ["1853 Retuned", Title.TITLE_1853, Edition.RETUNED],
  ["1853 2009", Title.TITLE_1853, Edition.LOOKOUT_2009],
  ["1947", Title.TITLE_1947, Edition.UNSPECIFIED],
];

export function Leaderboard() {
  const [ladder, setLadder] = useState(0);
  const [, title, edition] = ladders[ladder];
  const board = useCall(() => clients.lobby.getLeaderboard({ title, edition }), [ladder]);
  return (
    <section>
      <h2>Ratings</h2>
      <div class="tabs">
        {ladders.map(([label], i) => <button aria-selected={i === ladder} onClick={() => setLadder(i)}>{label}</button>)}
      </div>
      <RefusalNote error={board.error} />
      {board.value?.entries.length === 0 && <p class="quiet">No rated games yet.</p>}
      <table class="grid" data-test="leaderboard">
        <thead><tr><th>#</th><th>Player</th><th>Rating</th><th>Games</th></tr></thead>
        <tbody>
          {board.value?.entries.map((e) => (
            <tr><td>{e.position}</td><td>{e.player?.displayName}</td><td>{Math.round(e.rating)}</td><td>{e.games}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
