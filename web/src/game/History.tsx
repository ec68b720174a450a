// The history: a slider over every version of the game (0 = before the first move) and the log
// entries with their timestamps, who acted, and what was taken back. The screen shows the board
// of the version chosen.
import type { GameView, HistoryEntry } from "./api";
import { formatTime, playerName } from "./gameModel";
import { Sentence } from "./Sentence";

export interface HistoryProps {
  entries: HistoryEntry[];
  version: bigint; // the game's current version
  at: bigint; // the version shown
  view?: GameView;
  onChoose: (version: bigint) => void;
  colours: Map<string, string>;
}

export function HistoryPanel({ entries, version, at, view, onChoose, colours }: HistoryProps) {
  const shown = entries.filter((e) => e.seq <= at);
  const latestAt = shown.length ? shown[shown.length - 1].atUnixMs : 0n;
  return (
    <section class="mr-panel" data-testid="history">
      <h3>History</h3>
      <label class="mr-history-bar">
        <span>
          Version <b data-testid="history-version">{at.toString()}</b> of {version.toString()}
          {latestAt > 0n && <span class="mr-small"> · {formatTime(latestAt)}</span>}
        </span>
        <input
          type="range"
          min={0}
          max={Number(version)}
          value={Number(at)}
          data-testid="history-slider"
          aria-label="version shown"
          onInput={(e) => onChoose(BigInt((e.target as HTMLInputElement).value))}
        />
      </label>
      <div class="mr-history-buttons">
        <button type="button" disabled={at <= 0n} onClick={() => onChoose(at - 1n)} data-testid="history-back">◀</button>
        <button type="button" disabled={at >= version} onClick={() => onChoose(at + 1n)} data-testid="history-forward">▶</button>
        <button type="button" disabled={at >= version} onClick={() => onChoose(version)} data-testid="history-now">now</button>
      </div>
      <ol class="mr-log">
        {[...shown].reverse().slice(0, 300).map((e) => (
          <li key={e.seq.toString()} class={e.undone ? "mr-undone" : ""} data-testid={`entry-${e.seq}`} onClick={() => onChoose(e.seq)}>
            <span class="mr-small">
              #{e.seq.toString()} {formatTime(e.atUnixMs)} {e.seat >= 0 ? playerName(view, e.seat) : "automatic"}
              {e.undone && " (taken back)"}
            </span>
            {e.logLines.map((l, i) => (
              <div key={i}>
                <Sentence text={l.text} structured={l.structured} colours={colours} />
              </div>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
