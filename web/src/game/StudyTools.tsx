// The history's record tools (study.proto): "Download record" saves the game up to the version
// shown as a JSON file (ExportGame: only what this player may see), and "Study from here" makes an
// unranked study game from that version (ExportGame, then CreateStudyGame) and opens it, where one
// player moves for every seat. A study request keeps its request id until it is answered, so a
// tap again after a lost answer gets the same study game.
import { toJsonString } from "@bufbuild/protobuf";
import { useRef, useState } from "preact/hooks";

import { type ApiClients, GameRecordSchema } from "./api";
import { type Refusal, readRefusal } from "./refusal";
import { RefusalBox } from "./Moves";

export interface StudyToolsProps {
  client: ApiClients;
  gameId: string;
  at: bigint; // the version shown
  // Opens a game (default: the app's #/game/<id> place).
  onOpen?: (gameId: string) => void;
}

function openGame(gameId: string) {
  window.location.hash = `#/game/${encodeURIComponent(gameId)}`;
}

export function StudyTools({ client, gameId, at, onOpen = openGame }: StudyToolsProps) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const pending = useRef(new Map<string, string>()); // version -> request id not yet answered

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      await work();
    } catch (e) {
      setRefusal(readRefusal(e));
    } finally {
      setBusy(false);
    }
  };

  const download = () =>
    run(async () => {
      const { record } = await client.study.exportGame({ gameId, atVersion: at });
      if (!record) return;
      const file = new Blob([toJsonString(GameRecordSchema, record, { prettySpaces: 2 })], { type: "application/json" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(file);
      link.download = `mailrun-${gameId}-v${at}.json`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    });

  const study = () =>
    run(async () => {
      const key = at.toString();
      const requestId = pending.current.get(key) ?? `web-study-${crypto.randomUUID()}`;
      pending.current.set(key, requestId);
      const { record } = await client.study.exportGame({ gameId, atVersion: at });
      const created = await client.study.createStudyGame({ requestId, record });
      pending.current.delete(key);
      onOpen(created.gameId);
    });

  return (
    <div class="mr-study-tools" data-testid="study-tools">
      <button type="button" disabled={busy} onClick={() => void download()} data-testid="download-record">
        Download record
      </button>
      <button type="button" disabled={busy} onClick={() => void study()} data-testid="study-from-here">
        Study from here (v{at.toString()})
      </button>
      {refusal && <RefusalBox refusal={refusal} onClose={() => setRefusal(undefined)} />}
    </div>
  );
}
