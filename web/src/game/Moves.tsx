// The player's side of the game screen: the tiles a tapped hex takes (each with a picture where the
// design is served, else its number; turned by the rotation control through the legal rotations
// only), base stations (1947: a station), the cities of a bid,
// the optimiser's runs with the accept button (the other moves: MoveForms.tsx), the amount of a
// free-amount action, submit, undo, and the last refusal with its rule.
import type { BondView, City, Components, RunPlan } from "./api";
import { money } from "./gameModel";
import { plural } from "./plural";
import { HEX_RADIUS } from "./hexGeometry";
import type { CityClaim, HexMoves } from "./legalMoves";
import type { Refusal } from "./refusal";
import { paintTile } from "./tilePaint";
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

// The cities of a bid (2.5.2.4), each with its value (2.5.2.9), and the bid so far: how many cities
// against the fewest and most allowed (2.5.2.6), the bond and how much of it the cities named do
// not cover yet, as the CLI shows them.
export function BidCities(props: {
  byCity: Map<string, CityClaim[]>;
  city?: string;
  selectedIndex?: number;
  onCity: (city: string) => void;
  onClaim: (index: number) => void;
  cities: City[];
  bond?: BondView;
}) {
  const claims = props.city ? props.byCity.get(props.city) ?? [] : [];
  const value = new Map(props.cities.map((c) => [c.name, c.bidValue]));
  const bond = props.bond;
  const named = bond?.cities ?? [];
  const covered = named.reduce((sum, c) => sum + (value.get(c) ?? 0), 0);
  return (
    <div class="mr-bid" data-testid="bid-cities">
      {bond && (
        <div class="mr-bid-sum" data-testid="bid-summary">
          Your bid: {plural(named.length, "city")} of {bond.minCities} to {bond.maxCities} (2.5.2.6)
          {bond.amount > 0 && (
            <>; bond {money(bond.amount)}, the cities' values {money(covered)},{" "}
              <b data-testid="bid-uncovered">not yet covered {money(Math.max(0, bond.amount - covered))}</b> (2.5.2.9)</>
          )}
        </div>
      )}
      <div class="mr-small">Choose a city of your bid (2.5.2.4) on the map or here:</div>
      <div class="mr-city-list">
        {[...props.byCity.keys()].sort().map((city) => (
          <button type="button" key={city} class={city === props.city ? "mr-chosen" : ""} aria-pressed={city === props.city} data-testid={`bid-city-${city}`} onClick={() => props.onCity(city)}>
            {city} <span class="mr-city-value">{value.has(city) ? money(value.get(city)!) : ""}</span>
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
