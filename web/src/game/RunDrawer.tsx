// Runs drawn and edited stop by stop on the map (1853 4.5, 1947 6.14.1), the optimiser's plan
// (SuggestRuns) the default: the player taps a train, then the cities and towns of its run on the
// map, in order; a stop is taken away by its button, a run cleared, the optimiser's runs brought
// back. Every change is checked by the game service's own validator (PreviewAction: the runs as
// they would be submitted, nothing stored), each run alone and all together, withheld: the revenue
// is what the preview's log says each train earns (1853) or the railway's revenue in the preview's
// view (1947, Railway1947View.last_revenue); each run's revenue and the total are shown, or the service's refusal (its
// rule and sentence) beside the runs. "Run these" sends them (1947: the listed action when they are
// the optimiser's) only once the validator has accepted them as they stand. While a train's run is
// drawn, the panel shows that train alone, as a bottom sheet on a phone, the board above it.
import type { JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";

import type { Action, ApiClients, Components, GameView, LegalAction, RunPlan } from "./api";
import type { RunLine } from "./Board";
import type { BoardPicture } from "./boardModel";
import { acceptRunsAction } from "./legalMoves";
import { Gauge, type PreviewActionResponse } from "./api";
import { type HandTrain, cleared, oneRunStops, planStops, lastRevenue1947, railwayTrains, runTrains1853, runTrainsAction, sameStops, withStop, withoutStop } from "./handRuns";
import { type Refusal, readRefusal } from "./refusal";
import { runPoints } from "./runPaths";
import { trackGraph } from "./trackGraph";

export interface HandRunsInput {
  client: ApiClients;
  gameId: string;
  view?: GameView; // undefined while loading or in the history: nothing to draw
  seat: number; // the player's (1853: the director pays out, 3.4.2)
  version: bigint;
  legalVersion: bigint;
  legal: LegalAction[];
  runIndices: number[]; // the listed RunTrains1947 actions
  plan?: RunPlan; // the optimiser's
  company: string; // the railway that runs
  board?: BoardPicture;
  components?: Components;
  busy: boolean;
  format: (amount: number) => string;
  onSubmit: (action: Action, words: string) => void;
}

type Check = { key: string; total?: number; refusal?: Refusal; perRun: Array<number | Refusal | undefined> };
type Built = { action: Action } | { error: string };

export interface HandRuns {
  active: boolean;
  drawing?: number; // the train whose run the map's taps extend
  targets: Set<string>; // the hexes a stop may be (a tile with a station, a city, a town)
  runLines: RunLine[];
  tap: (hex: string) => void;
  panel: JSX.Element | null;
}

export function useHandRuns(p: HandRunsInput): HandRuns {
  const is1947 = !!p.view?.game1947;
  const railway = p.view?.game1947?.railways.find((r) => r.initials === p.company);
  const company = p.view?.companies.find((c) => c.initials === p.company);
  const trains: HandTrain[] = is1947 ? railwayTrains(railway?.trains ?? []) : (company?.trains ?? []).map((t) => ({ id: t.id, name: t.name }));
  const planned = planStops(trains, p.plan, !is1947);
  const [drawn, setStops] = useState<string[][]>(planned);
  const stops = trains.map((_, i) => drawn[i] ?? []); // one run per train, also before a new plan is taken
  const [drawing, setDrawing] = useState<number>();
  const [payOut, setPayOut] = useState(true);
  const [check, setCheck] = useState<Check>();
  const active = !!p.plan && !!p.view && trains.length > 0 && p.runIndices.length > 0;
  const plannedKey = JSON.stringify(planned);
  // A new plan (a new turn, a new version): the optimiser's runs again.
  useEffect(() => {
    setStops(planned);
    setDrawing(undefined);
  }, [plannedKey, p.legalVersion]);

  // The action for a set of runs (1853: its track found between the stops on the board).
  const graph = useMemo(() => (!is1947 && p.components && p.board ? trackGraph(p.components, p.board) : undefined), [is1947, p.components, p.board]);
  const gaugeOf = (name: string) => p.components?.trains.find((t) => t.name === name)?.gauge ?? Gauge.UNSPECIFIED;
  const build = (runs: string[][], pay: boolean): Built => {
    if (is1947) return { action: runTrainsAction(runs, pay) };
    if (!graph) return { error: "the board is not drawn yet" };
    return runTrains1853(trains, runs, p.plan, graph, gaugeOf, pay);
  };

  // While a run is drawn its train is a bottom sheet on a phone (styles.ts): the board to the top.
  useEffect(() => {
    if (drawing !== undefined) document.querySelector(".mr-board-area")?.scrollIntoView?.({ block: "start" });
  }, [drawing]);

  const key = `${p.version}:${JSON.stringify(stops)}`;
  useEffect(() => {
    if (!active) return;
    let live = true;
    // What the runs earn: 1853 each train's run as the log says it; 1947 the railway's revenue in
    // the preview's view (lastRevenue1947: every modifier in, as it would be paid out or withheld).
    const earned = (answer: PreviewActionResponse) => {
      if (is1947) return lastRevenue1947(answer.viewAfter, p.company);
      let sum = 0;
      for (const line of answer.logLines) {
        if (!line.structured?.key.startsWith("1853.log.running.train_runs")) continue;
        const amount = line.structured.params.find((q) => q.name === "amount")?.value;
        if (amount?.case === "amount") sum += Number(amount.value);
      }
      return sum;
    };
    const preview = (runs: string[][]): Promise<number | Refusal> => {
      const built = build(runs, false);
      if ("error" in built) return Promise.resolve({ message: built.error, rule: "4.5", key: "", code: "not_joined", stale: false });
      return p.client.game.previewAction({ gameId: p.gameId, action: built.action }).then(earned, (e: unknown) => readRefusal(e));
    };
    const timer = setTimeout(() => {
      void Promise.all([preview(stops), ...stops.map((run, i) => (run.length > 0 ? preview(oneRunStops(stops, i)) : Promise.resolve(undefined)))]).then(([all, ...perRun]) => {
        if (!live) return;
        setCheck(typeof all === "number" ? { key, total: all, perRun } : { key, refusal: all, perRun });
      });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, active, graph]);

  if (!active) return { active, targets: new Set(), runLines: [], tap: () => undefined, panel: null };

  const targets = new Set<string>();
  for (const h of p.board?.hexes ?? []) {
    if (h.hex.playable && ((h.tile?.design.stations.length ?? 0) > 0 || h.hex.city || h.hex.town)) targets.add(h.hex.hex);
  }
  const checked = check?.key === key ? check : undefined;
  const isPlan = sameStops(stops, planned);
  // 1853: the director may pay out (a manager retains, 3.4.2); 1947: the list offers it (6.14.2).
  const canPay = is1947
    ? p.runIndices.some((i) => {
        const k = p.legal[i]?.action?.kind;
        return k?.case === "runTrains1947" && k.value.payOut;
      })
    : company?.directorSeat === p.seat;
  const pay = payOut && canPay && (checked?.total ?? 0) > 0;
  const built = build(stops, pay);
  const action = (is1947 && isPlan && p.plan ? acceptRunsAction(p.legal, p.runIndices, p.plan, pay) : undefined) ?? ("action" in built ? built.action : undefined);
  const colour = p.components?.companies.find((c) => c.initials === p.company)?.colour ?? "#d21f2b";
  // 1853: a run drawn along its track, where one was found.
  const trackOf = (i: number) => {
    const kind = "action" in built ? built.action.kind : undefined;
    return kind?.case === "runTrains" ? kind.value.runs.find((r) => r.trainId === trains[i]?.id)?.nodes : undefined;
  };
  const runLines: RunLine[] = p.board
    ? stops.flatMap((run, i) => (run.length > 0 ? [{ points: runPoints(p.board!, trackOf(i) ?? run), colour, dashed: i === drawing, label: `${p.company} ${trains[i]?.name}: ${run.join(" – ")}` }] : []))
    : [];
  const ready = !!checked && checked.total !== undefined && !p.busy && !!action;
  const place = (hex: string) => {
    const h = p.board?.byId.get(hex)?.hex;
    return h?.city || h?.town || "";
  };
  const tap = (hex: string) => {
    if (drawing !== undefined && targets.has(hex)) setStops(withStop(stops, drawing, hex));
  };
  const panel = (
    <div class={`mr-hand-runs${drawing !== undefined ? " mr-sheet" : ""}`} data-testid="hand-runs" data-checked={checked ? (checked.refusal ? "refused" : "ok") : "checking"}>
      <div>
        <b>{p.company}</b> runs{" "}
        {!checked ? (
          <span data-testid="hand-total">checking with the service…</span>
        ) : checked.refusal ? (
          <span class="mr-run-bad" role="alert" data-testid="hand-refusal">
            refused{checked.refusal.rule ? ` (${checked.refusal.rule.startsWith("mailrun.") ? checked.refusal.rule : `rule ${checked.refusal.rule}`})` : ""}: {checked.refusal.message}
          </span>
        ) : (
          <span class="mr-run-ok" data-testid="hand-total" data-revenue={checked.total}>
            {p.format(checked.total ?? 0)}, checked by the service{isPlan ? " (the optimiser's best)" : ""}
          </span>
        )}
      </div>
      {drawing !== undefined && (
        <p class="mr-small" data-testid="hand-hint">
          Tap the cities and towns of the {trains[drawing]?.name}'s run on the map, in order (outlined). A second tap on a hex says what it is.
        </p>
      )}
      {trains.map((train, i) => {
        if (drawing !== undefined && i !== drawing) return null; // the sheet shows the run being drawn
        const own = checked?.perRun[i];
        return (
          <div key={train.id} class={`mr-hand-run${i === drawing ? " mr-drawing" : ""}`} data-testid={`hand-run-${i}`} data-stops={stops[i]?.join(" ") ?? ""}>
            <div class="mr-hand-actions">
              <button type="button" data-testid={`hand-train-${i}`} aria-pressed={i === drawing} class={i === drawing ? "mr-chosen" : ""} onClick={() => setDrawing(i === drawing ? undefined : i)}>
                {i === drawing ? `Drawing the ${train.name}: done` : `Draw the ${train.name}'s run`}
              </button>
              <span data-testid={`hand-run-revenue-${i}`}>
                {(stops[i]?.length ?? 0) === 0 ? "does not run" : own === undefined ? "…" : typeof own === "number" ? `${p.format(own)} alone` : <span class="mr-run-bad">refused: {own.message}</span>}
              </span>
            </div>
            {(stops[i]?.length ?? 0) > 0 && (
              <div class="mr-hand-stops">
                {stops[i].map((hex, k) => (
                  <button type="button" key={`${hex}${k}`} data-testid={`hand-stop-${i}-${k}`} aria-label={`take ${hex} ${place(hex)} off the ${train.name}'s run`} onClick={() => setStops(withoutStop(stops, i, k))}>
                    {k + 1}. {place(hex) || hex} ×
                  </button>
                ))}
                <button type="button" data-testid={`hand-clear-${i}`} onClick={() => setStops(cleared(stops, i))}>
                  Clear
                </button>
              </div>
            )}
          </div>
        );
      })}
      {drawing === undefined && <div class="mr-hand-actions">
        {!isPlan && (
          <button type="button" data-testid="hand-best" onClick={() => { setStops(planned); setDrawing(undefined); }}>
            Best runs again
          </button>
        )}
        <label>
          <input type="checkbox" data-testid="runs-pay" checked={payOut && canPay} disabled={!canPay} onChange={(e) => setPayOut((e.target as HTMLInputElement).checked)} /> pay it out (else withhold)
        </label>
        <button type="button" class="mr-primary" data-testid="runs-accept" disabled={!ready} onClick={() => ready && action && p.onSubmit(action, `Run these: ${p.format(checked!.total ?? 0)}${pay ? ", paid out" : ", withheld"}`)}>
          Run these
        </button>
      </div>}
    </div>
  );
  return { active, drawing, targets, runLines, tap, panel };
}
