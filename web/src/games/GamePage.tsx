// A game's page: the game screen (web/src/game/GameScreen.tsx) and, around it, the seat's
// autopilot (SetAutopilot: the game service's bot plays my seat until I take it back; not on a
// study game, whose owner plays every seat by hand and has no bot to hand it to). Each version
// the screen shows tells the turn store (turns.ts) whether the game waits on me.
import { useEffect, useMemo, useState } from "preact/hooks";

import { GameStatus } from "@gen/mailrun/v1/game_pb";
import { clients } from "../api/client";
import type { Session } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";
import { takeFirstReads } from "../game/firstReads";
import { GameScreen } from "../game/GameScreen";
import type { TurnStore } from "./turns";

export function GamePage({ gameId, session, turns }: { gameId: string; session: Session; turns: TurnStore }) {
  const [seat, setSeat] = useState<{ player: boolean; autopilot: boolean; finished: boolean; study: boolean } | null>(null);
  const action = useAction();
  const me = useMemo(() => ({ userId: session.userId, displayName: session.displayName }), [session]);
  useEffect(() => {
    // On the game the page opened on, the screen's first GetGame (asked before the script ran) serves here too.
    const call = () => clients.game.getGame({ gameId });
    (takeFirstReads(gameId, "page")?.game.catch(call) ?? call()).then(
      (game) => setSeat({
        player: game.yourSeat >= 0, autopilot: game.autopilot, finished: game.status === GameStatus.FINISHED, study: game.study,
      }),
      () => setSeat(null));
  }, [gameId]);
  const toggle = () => action.run(async () => {
    const answer = await clients.game.setAutopilot({ gameId, on: !seat?.autopilot });
    setSeat((s) => (s ? { ...s, autopilot: answer.on } : s));
  });
  return (
    <div class="game-page">
      {seat?.player && !seat.finished && !seat.study && (
        <div class="autopilot">
          <label class="check">
            <input type="checkbox" checked={seat.autopilot} disabled={action.busy} onChange={toggle} data-test="autopilot" />
            {" "}Autopilot: the bot plays my seat
          </label>
          <RefusalNote error={action.error} />
        </div>
      )}
      <GameScreen client={clients} gameId={gameId} me={me}
                  onVersion={(version, myTurn, finished) => turns.report(gameId, version, myTurn, !finished)} />
    </div>
  );
}
