// The board: every cell of the title's map from the components, the tiles laid (or preprinted),
// terrain costs, cities, towns and frontier posts, base tokens and reserved homes, runs as
// coloured lines, and what the player is choosing (legal hexes outlined, a tile previewed in
// place, bid cities marked). Zoom and pan by touch and mouse (panZoom.ts); a tap on a hex calls
// onHexTap with its id; a long press or a second tap on the same hex opens what it is (HexInfo).
// From the keyboard (boardKeys.ts) the arrow keys move the focus hex to hex, Enter or Space taps
// the focused hex, "i" opens what it is; each hex is a button named by its id, its place and
// whether the player may act there, and a live region announces the hexes to choose from. Each
// hex carries data-testid "hex-<id>".
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

import { Outside, Terrain, Zone, type Components } from "./api";
import type { BoardPicture, HexPicture } from "./boardModel";
import { textOn } from "./boardModel";
import { HEX_RADIUS, type Point, edgeEnds, hexCorners, pointsAttr } from "./hexGeometry";
import { isArrow, nextHex } from "./boardKeys";
import { HexInfo } from "./HexInfo";
import { hexFacts, hexName } from "./hexFacts";
import { useMapStyles } from "./mapStyles";
import { usePanZoom } from "./panZoom";
import { plural } from "./plural";
import { TileShape } from "./TileShape";

const R = HEX_RADIUS;
const SEA = "#a8cde6";

export interface RunLine {
  points: Point[];
  colour: string;
  dashed: boolean;
  label: string;
}

export interface BoardProps {
  components?: Components;
  board: BoardPicture;
  selectable: Set<string>; // hexes the player can act on now
  selected?: string;
  cityMarks: Map<string, "offered" | "chosen" | "mine">; // hex -> bid city state (mine: my bid's, after the bids)
  runs: RunLine[];
  overlay?: ComponentChildren; // drawn above the tiles (a previewed tile)
  onHexTap: (hex: string) => void;
  // Where the player acts (the legal hexes, the bid cities): the board opens zoomed to them, each
  // at least 44 CSS px across and every label at least 11 CSS px; again when they change.
  focus?: string[];
  // What the player does on an outlined hex, for its accessible name ("lay a tile"); and the
  // map's own name.
  actingWords?: string;
  name?: string;
  bottomCovered?: boolean; // a bottom sheet covers the board's lower part (phone): popups go on top
}

// The smallest zoom at which a legal hex is a 44 px target and the smallest label (0.16 of the
// radius: tokens, a city's values) is 11 px.
export const TARGET_PX = 44;
export const LABEL_PX = 11;
const SMALLEST_LABEL = 0.16;

function cellFill(h: HexPicture): string | undefined {
  switch (h.hex.outside) {
    case Outside.DARK_GREY:
      return "#6e6e6e";
    case Outside.DARK_GREEN:
      return "#3d5e3d";
    case Outside.SEA:
      return undefined;
    default:
      if (h.hex.zone === Zone.MONSOON) return "#d9e6c3"; // 1947 6.13.2: the monsoon zone
      return h.hex.gangesArea ? "#e2c28a" : "#f3e4bc";
  }
}

// TABLE 4's terrain drawn small on a bare hex: rivers as waves, hills, mountains, the Himalaya.
function TerrainMark({ terrain, at }: { terrain: Terrain; at: Point }) {
  const s = R * 0.2;
  const { x, y } = at;
  switch (terrain) {
    case Terrain.RIVER:
    case Terrain.MULTIPLE_RIVER: {
      const lines = terrain === Terrain.RIVER ? 1 : 2;
      return (
        <g>
          {Array.from({ length: lines }, (_, i) => {
            const qy = y + (i - (lines - 1) / 2) * s * 0.75;
            return <path key={i} d={`M${x - 1.3 * s},${qy} c${0.4 * s},${-0.6 * s} ${0.9 * s},${-0.6 * s} ${1.3 * s},0 s${0.9 * s},${0.6 * s} ${1.3 * s},0`} fill="none" stroke="#2f78c4" stroke-width={R * 0.06} />;
          })}
        </g>
      );
    }
    case Terrain.HILL:
      return <path d={`M${x - s * 1.1},${y + s * 0.5} Q${x},${y - s * 1.1} ${x + s * 1.1},${y + s * 0.5} Z`} fill="#a8743f" stroke="#6d4a24" />;
    case Terrain.MOUNTAIN:
      return <polygon points={pointsAttr([{ x: x - s * 1.1, y: y + s * 0.6 }, { x, y: y - s * 0.95 }, { x: x + s * 1.1, y: y + s * 0.6 }])} fill="#5e4532" stroke="#3b2b1f" />;
    case Terrain.HIMALAYA:
      return (
        <g>
          <polygon points={pointsAttr([{ x: x - s * 1.3, y: y + s * 0.7 }, { x, y: y - s * 1.2 }, { x: x + s * 1.3, y: y + s * 0.7 }])} fill="#4a3a30" stroke="#2b211b" />
          <polygon points={pointsAttr([{ x: x - s * 0.45, y: y - s * 0.55 }, { x, y: y - s * 1.2 }, { x: x + s * 0.45, y: y - s * 0.55 }])} fill="#ffffff" />
        </g>
      );
    default:
      return null;
  }
}

function HexGround({ h, flat }: { h: HexPicture; flat: boolean }) {
  const { hex, centre } = h;
  const fill = cellFill(h);
  if (!fill) return null;
  const corners = pointsAttr(hexCorners(centre, R, flat));
  return (
    <g>
      <polygon points={corners} fill={fill} stroke={hex.playable ? "#a08c62" : fill} stroke-width={1} />
      {hex.playable && !h.tile && hex.terrain.map((t, i) => <TerrainMark key={`t${i}`} terrain={t} at={{ x: centre.x - R * 0.56, y: centre.y + R * (0.02 + 0.3 * i) }} />)}
      {hex.playable && !h.tile && (hex.costBroad > 0 || hex.cost > 0) && (
        <text x={centre.x - R * 0.4} y={centre.y - R * 0.42} font-size={R * 0.18} font-weight="bold" fill="#6d2f12" text-anchor="middle" class="mr-halo">
          {hex.cost > 0 ? `Rs.${hex.cost}` : `£${hex.costBroad}/${hex.costMetre}`}
        </text>
      )}
      {hex.playable && !h.tile && !hex.city &&
        Array.from({ length: hex.towns }, (_, t) => {
          const at = hex.towns === 1 ? { x: centre.x + R * 0.1, y: centre.y } : { x: centre.x + R * (t === 0 ? -0.1 : 0.32), y: centre.y + R * (t === 0 ? -0.12 : 0.16) };
          return <circle key={t} cx={at.x} cy={at.y} r={R * 0.11} fill="#1a1a1a" stroke="#ffffff" stroke-width={R * 0.035} />;
        })}
      {hex.playable && !h.tile && hex.city && (
        <circle cx={centre.x} cy={centre.y - R * 0.02} r={R * 0.24} fill="#ffffff" stroke="#1a1a1a" stroke-width={1.6} />
      )}
      {h.buffEdges.map((edge) => {
          const [a, b] = edgeEnds(centre, R, edge, flat);
          return <line key={edge} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#c48a1c" stroke-width={4} stroke-dasharray="6 4" />;
        })}
    </g>
  );
}

function HexLabels({ h, components }: { h: HexPicture; components: Components }) {
  const { hex, centre } = h;
  if (!hex.playable) return null;
  const city = hex.city ? components.cities.find((c) => c.name === hex.city) : undefined;
  // Separate terminal stations by the edges (the large cities) leave the middle free for the name.
  const stations = h.tile?.design.stations ?? [];
  const centreFree = stations.length > 1 && stations.every((s) => s.terminal);
  return (
    <g pointer-events="none">
      <text x={centre.x} y={centre.y - R * 0.7} font-size={R * 0.2} fill="#5a4a2a" text-anchor="middle" dominant-baseline="central" class="mr-halo">
        {hex.hex}
      </text>
      {hex.frontierValue > 0 && (
        <g>
          <circle cx={centre.x + R * 0.46} cy={centre.y - R * 0.4} r={R * 0.2} fill="#c0392b" stroke="#7b1e14" />
          <text x={centre.x + R * 0.46} y={centre.y - R * 0.4} font-size={R * 0.18} fill="#ffffff" font-weight="bold" text-anchor="middle" dominant-baseline="central">
            {hex.frontierValue}
          </text>
        </g>
      )}
      {city && (
        <text x={centre.x} y={centre.y + R * (centreFree ? -0.08 : h.tile?.laid ? 0.56 : 0.42)} font-size={R * 0.2} font-weight="bold" text-anchor="middle" dominant-baseline="central" class="mr-halo">
          {city.name}
        </text>
      )}
      {hex.town && !hex.city && (
        <text x={centre.x} y={centre.y + R * 0.5} font-size={R * SMALLEST_LABEL} fill="#3a2a10" text-anchor="middle" dominant-baseline="central" class="mr-halo">
          {hex.town}
        </text>
      )}
      {hex.templeOf.length > 0 && (
        <text x={centre.x + R * 0.45} y={centre.y - R * 0.42} font-size={R * SMALLEST_LABEL} fill="#7a1f6a" font-weight="bold" text-anchor="middle" dominant-baseline="central" class="mr-halo" data-testid={`temple-${hex.hex}`}>
          ☸ {hex.templeOf.join(" ")}
        </text>
      )}
      {city && city.bidValue > 0 && !h.tile?.laid && (
        <text x={centre.x} y={centre.y + R * (centreFree ? 0.13 : 0.62)} font-size={R * SMALLEST_LABEL} fill="#3a2a10" text-anchor="middle" dominant-baseline="central" class="mr-halo">
          £{city.bidValue} · {city.shareCompanies.join(" ")}
        </text>
      )}
    </g>
  );
}

export function Board(props: BoardProps) {
  useMapStyles();
  const { components, board } = props;
  const r = board.radius;
  const [info, setInfo] = useState<string>(); // the hex whose popup is open
  const [keyHex, setKeyHex] = useState<string>(); // the keyboard's focus
  const lastTap = useRef<string | undefined>(undefined);
  const hexOf = (target: EventTarget | null): string | undefined => {
    let el = target as Element | null;
    while (el && el !== frame.current) {
      const hex = el.getAttribute?.("data-hex");
      if (hex) return hex;
      el = el.parentElement;
    }
    return undefined;
  };
  // A tap acts on the hex; the same hex tapped again says what it is.
  const tapHex = (hex: string) => {
    if (lastTap.current === hex) {
      setInfo(hex);
      return;
    }
    lastTap.current = hex;
    setInfo(undefined);
    props.onHexTap(hex);
  };
  const { frame, transform, fit, focus, show, zoomBy } = usePanZoom(
    board.width,
    board.height,
    (target) => {
      const hex = hexOf(target);
      if (hex) tapHex(hex);
    },
    (target) => {
      const hex = hexOf(target);
      if (hex) setInfo(hex);
    },
  );
  const isTarget = (id: string) => props.selectable.has(id) || props.cityMarks.get(id) === "offered";
  const targets = board.hexes.filter((h) => h.hex.playable && isTarget(h.hex.hex)).map((h) => h.hex.hex);
  const targetKey = targets.join(" ");
  useEffect(() => {
    lastTap.current = undefined; // new choices: the next tap acts again
  }, [targetKey]);
  const focusKey = (props.focus ?? []).join(" ");
  useEffect(() => {
    const centres = (props.focus ?? []).flatMap((id) => {
      const at = board.byId.get(id)?.centre;
      return at ? [at] : [];
    });
    if (centres.length === 0 && components) centres.push({ x: board.width / 2, y: board.height / 2 }); // nowhere to act: the middle
    if (centres.length === 0) return;
    // A hex's narrowest width is sqrt(3) radii (0.94 of it outlined); labels only on drawn maps.
    const targetScale = TARGET_PX / (Math.sqrt(3) * r * 0.94);
    const labelScale = components ? LABEL_PX / (SMALLEST_LABEL * R) : 0;
    focus(centres, 1.5 * r, Math.max(targetScale, labelScale));
  }, [focusKey, board.width, board.height, !!components]); // not every new version: a player looking elsewhere stays there

  // The keyboard: one hex in the tab order (the focus, else the first target, else the first hex).
  const playable = board.hexes.filter((h) => h.hex.playable);
  const current = keyHex && board.byId.has(keyHex) ? keyHex : targets[0] ?? playable[0]?.hex.hex;
  const moveKeyFocus = (id: string) => {
    setKeyHex(id);
    const at = board.byId.get(id)?.centre;
    if (at) show(at, 1.2 * r * transform.scale);
    requestAnimationFrame(() => (frame.current?.querySelector(`[data-hex="${id}"]`) as SVGElement | null)?.focus({ preventScroll: true }));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const id = hexOf(e.target);
    if (!id) return;
    if (isArrow(e.key)) {
      e.preventDefault();
      const next = nextHex(playable.map((h) => ({ id: h.hex.hex, centre: h.centre })), board.byId.get(id)!.centre, e.key);
      if (next) moveKeyFocus(next);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      lastTap.current = undefined;
      if (isTarget(id)) tapHex(id);
      else setInfo(id);
    } else if (e.key === "i" || e.key === "I") {
      e.preventDefault();
      setInfo(id);
    } else if (e.key === "Escape") {
      setInfo(undefined);
    }
  };
  const facts = info && components ? hexFacts(components, board, info) : undefined;
  // The popup away from its hex: at the bottom for a hex in the upper part, unless a sheet covers it.
  const infoY = info ? (board.byId.get(info)?.centre.y ?? 0) * transform.scale + transform.y : 0;
  const infoLow = !props.bottomCovered && infoY < (frame.current?.clientHeight ?? 0) * 0.45;
  const acting = props.actingWords ?? "you may act here";
  const announce = targets.length === 0 ? "" : `${plural(targets.length, "hex")} to choose from: ${targets.slice(0, 12).join(", ")}${targets.length > 12 ? ", …" : ""}`;
  return (
    <div class="mr-board" ref={frame} data-testid="board" onKeyDown={onKeyDown} onContextMenu={(e) => e.preventDefault()}>
      <svg class="mr-board-svg" width="100%" height="100%" role="group" aria-label={`${props.name ?? "The board"}${targets.length ? `: ${plural(targets.length, "hex")} to choose from, outlined` : ""}. Arrow keys move from hex to hex, Enter chooses, i says what a hex is.`}>
        <g transform={`translate(${transform.x} ${transform.y}) scale(${transform.scale})`}>
          {components && <MapLayers components={components} board={board} />}
          {props.runs.map((run, i) => (
            <polyline key={`halo${i}`} points={pointsAttr(run.points)} fill="none" stroke="#ffffff" stroke-width={r * 0.24} stroke-opacity={0.8} stroke-linecap="round" stroke-linejoin="round" pointer-events="none" />
          ))}
          {props.runs.map((run, i) => (
            <polyline key={`run${i}`} class="mr-run" points={pointsAttr(run.points)} fill="none" stroke={run.colour} stroke-width={r * 0.14} stroke-opacity={0.85} stroke-linecap="round" stroke-linejoin="round" stroke-dasharray={run.dashed ? `${r * 0.3} ${r * 0.15}` : undefined} pointer-events="none">
              <title>{run.label}</title>
            </polyline>
          ))}
          {props.overlay}
          {playable.map((h) => {
            const id = h.hex.hex;
            const mark = props.cityMarks.get(id);
            const selectable = isTarget(id);
            const cls = ["mr-hit", selectable ? "mr-selectable" : "", props.selected === id ? "mr-selected" : "", mark ? `mr-city-${mark}` : ""].join(" ");
            return (
              <polygon
                key={`x${id}`}
                class={cls}
                data-hex={id}
                data-testid={`hex-${id}`}
                role="button"
                tabIndex={id === current ? 0 : -1}
                aria-label={hexName(board, id, selectable ? acting : undefined)}
                onFocus={() => {
                  if (id !== keyHex) setKeyHex(id);
                  show(h.centre, 1.2 * r * transform.scale); // the focused hex in view
                }}
                points={pointsAttr(hexCorners(h.centre, r * 0.94, board.flatTopped))}
              />
            );
          })}
        </g>
      </svg>
      <div class="mr-sr-only" aria-live="polite" data-testid="board-live">
        {announce}
      </div>
      {facts && <HexInfo facts={facts} low={infoLow} onClose={() => {
        setInfo(undefined);
        (frame.current?.querySelector(`[data-hex="${facts.hex}"]`) as SVGElement | null)?.focus({ preventScroll: true });
      }} />}
      <div class="mr-zoom">
        <button type="button" onClick={() => zoomBy(1.3)} aria-label="zoom in" data-testid="zoom-in">+</button>
        <button type="button" onClick={() => zoomBy(1 / 1.3)} aria-label="zoom out" data-testid="zoom-out">−</button>
        <button type="button" onClick={fit} aria-label="show the whole board" data-testid="zoom-fit">⤢</button>
      </div>
    </div>
  );
}

// The map drawn from the components: ground, tiles, tokens, labels.
function MapLayers({ components, board }: { components: Components; board: BoardPicture }) {
  return (
    <g>
      <rect x={0} y={0} width={board.width} height={board.height} fill={SEA} />
      {board.hexes.map((h) => (
        <HexGround key={h.hex.hex} h={h} flat={board.flatTopped} />
      ))}
      {board.hexes.map((h) => (h.tile ? <TileOnBoard key={`t${h.hex.hex}`} h={h} /> : null))}
      {board.tokens.map((t, i) => (
        <g key={`k${i}`} pointer-events="none" data-testid={t.reserved ? undefined : `token-${t.company}-${t.hex}`}>
          <circle cx={t.at.x} cy={t.at.y} r={t.radius * 0.92} fill={t.reserved ? "#ffffff" : t.colour} stroke={t.reserved ? t.colour : "#1a1a1a"} stroke-width={t.reserved ? 2 : 1.2} stroke-dasharray={t.reserved ? "3 2" : undefined} />
          <text x={t.at.x} y={t.at.y} font-size={R * (t.company.length > 3 ? SMALLEST_LABEL : 0.17)} font-weight="bold" fill={t.reserved ? t.colour : textOn(t.colour)} text-anchor="middle" dominant-baseline="central">
            {t.company}
          </text>
        </g>
      ))}
      {board.hexes.map((h) => (
        <HexLabels key={`l${h.hex.hex}`} h={h} components={components} />
      ))}
    </g>
  );
}

function TileOnBoard({ h }: { h: HexPicture }) {
  return <TileShape picture={h.tile!.picture} centre={h.centre} />;
}
