// The player's side of the game screen: the tiles a tapped hex takes (each with a picture where the
// design is served, else its number; turned by the rotation control through the legal rotations
// only), base stations (1947: a station), the cities of a bid,
// the optimiser's runs with the accept button, the rest of the legal-action list, the amount of a
// free-amount action, submit, undo, and the last refusal with its rule.
import type { Components, LegalAction, RunPlan } from "./api";
import { money } from "./gameModel";
import { HEX_RADIUS } from "./hexGeometry";
import type { CityClaim, HexMoves } from "./legalMoves";
import type { Refusal } from "./refusal";
import { paintTile } from "./tilePaint";
import { Sentence } from "./Sentence";
import { TileShape } from "./TileShape";

export function TileTray(props: {
  hex: string;
  moves: HexMoves;
  components?: Components; // none (1947): each tile shown by its number
  tileIndex: number;
  rotationIndex: number;
  onTile: (i: number) => void;
  onRotate: () => void;
  onBase: (index: number) => void;
}) {
  const { moves, components } = props;
  const designs = new Map((components?.tiles ?? []).map((t) => [t.id, t]));
  const chosen = moves.tiles[props.tileIndex];
  const R = HEX_RADIUS;
  return (
    <div class="mr-tray" data-testid="tile-tray">
      <div class="mr-small">Hex {props.hex}</div>
      <div class="mr-tiles">
        {moves.tiles.map((choice, i) => {
          const design = designs.get(choice.tile);
          const rotation = i === props.tileIndex ? chosen.rotations[props.rotationIndex]?.rotation ?? 0 : choice.rotations[0].rotation;
          return (
            <button
              type="button"
              key={`${choice.tile}${choice.promote}`}
              class={`mr-tile-choice${i === props.tileIndex ? " mr-chosen" : ""}`}
              data-testid={`tile-choice-${choice.tile}`}
              aria-pressed={i === props.tileIndex}
              onClick={() => props.onTile(i)}
            >
              {design && (
                <svg viewBox={`${-R} ${-R} ${2 * R} ${2 * R}`} width="56" height="56">
                  <TileShape picture={paintTile(design, rotation, { x: 0, y: 0 }, R)} centre={{ x: 0, y: 0 }} />
                </svg>
              )}
              <span>
                {choice.promote ? "↑" : ""}#{choice.tile}
              </span>
            </button>
          );
        })}
      </div>
      {chosen && (
        <div class="mr-rotation">
          <button type="button" data-testid="rotate" disabled={chosen.rotations.length < 2} onClick={props.onRotate}>
            ⟳ turn
          </button>
          <span class="mr-small" data-testid="rotation">
            rotation {chosen.rotations[props.rotationIndex]?.rotation} ({props.rotationIndex + 1} of {chosen.rotations.length} legal)
          </span>
        </div>
      )}
      {moves.bases.length > 0 && (
        <div class="mr-bases">
          {moves.bases.map((b) => (
            <button type="button" key={b.station} data-testid={`base-${b.station}`} onClick={() => props.onBase(b.index)}>
              {b.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function BidCities(props: {
  byCity: Map<string, CityClaim[]>;
  city?: string;
  selectedIndex?: number;
  onCity: (city: string) => void;
  onClaim: (index: number) => void;
}) {
  const claims = props.city ? props.byCity.get(props.city) ?? [] : [];
  return (
    <div class="mr-bid" data-testid="bid-cities">
      <div class="mr-small">Choose a city of your bid (2.5.2.4) on the map or here:</div>
      <div class="mr-city-list">
        {[...props.byCity.keys()].sort().map((city) => (
          <button type="button" key={city} class={city === props.city ? "mr-chosen" : ""} data-testid={`bid-city-${city}`} onClick={() => props.onCity(city)}>
            {city}
          </button>
        ))}
      </div>
      {claims.length > 1 && (
        <div class="mr-city-list">
          {claims.map((c) => (
            <button type="button" key={c.company} class={c.index === props.selectedIndex ? "mr-chosen" : ""} data-testid={`bid-company-${c.company}`} onClick={() => props.onClaim(c.index)}>
              claim {c.company}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

// `format`: the title's money (1853 £, 1947 Rs.). A plan without its run revenue (1947's) shows the
// sum of its runs'.
export function RunBox(props: { plan: RunPlan; company: string; payOut: boolean; canPay: boolean; onPay: (pay: boolean) => void; onAccept: () => void; busy: boolean; format?: (amount: number) => string }) {
  const { plan } = props;
  const format = props.format ?? money;
  const revenue = plan.runRevenue || plan.runs.reduce((sum, r) => sum + r.revenue, 0);
  return (
    <div class="mr-runs" data-testid="runs">
      <div>
        <b>{props.company}</b>: best runs {format(revenue)}
        {plan.mailRevenue > 0 && ` + mail ${format(plan.mailRevenue)}`}
      </div>
      <ul class="mr-small">
        {plan.runs.map((r) => (
          <li key={r.trainId}>
            {r.trainId}: {r.stations.join(" – ")} ({format(r.revenue)}){r.trainId === plan.mailTrainId ? " · mail" : ""}
          </li>
        ))}
        {plan.runs.length === 0 && <li>no run</li>}
      </ul>
      <label>
        <input type="checkbox" data-testid="runs-pay" checked={props.payOut && props.canPay} disabled={!props.canPay} onChange={(e) => props.onPay((e.target as HTMLInputElement).checked)} /> pay it out (else retain)
      </label>
      <button type="button" data-testid="runs-accept" disabled={props.busy} onClick={props.onAccept}>
        Run these
      </button>
    </div>
  );
}

export function ActionList(props: { legal: LegalAction[]; indices: number[]; selected?: number; onSelect: (i: number) => void; colours: Map<string, string> }) {
  return (
    <ul class="mr-actions" data-testid="actions">
      {props.indices.map((i) => (
        <li key={i}>
          <button type="button" class={i === props.selected ? "mr-chosen" : ""} data-testid={`action-${i}`} onClick={() => props.onSelect(i)}>
            <Sentence text={props.legal[i].description} structured={props.legal[i].structured} colours={props.colours} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function RefusalBox({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  return (
    <div class="mr-refusal" role="alert" data-testid="refusal">
      {refusal.rule && (
        <b class="mr-rule" data-testid="refusal-rule">
          {refusal.rule.startsWith("mailrun.") ? refusal.rule : `Rule ${refusal.rule}`}
        </b>
      )}{" "}
      <span data-testid="refusal-message">{refusal.message}</span>
      {refusal.stale && <span> (the game has moved on: here it is now)</span>}
      <button type="button" class="mr-close" onClick={onClose} aria-label="dismiss">
        ×
      </button>
    </div>
  );
}
