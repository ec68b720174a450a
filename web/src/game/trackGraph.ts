// 1853's track as the route graph names it (actions.proto, Run: "Jab.s0" a station of a hex's tile,
// "Kq.j0" a junction, "Iaa/Iy" the tile edge between two hexes, the lower row then column first),
// built from the components' tile designs and the tiles on the board, and a run's stops (hexes
// tapped on the map) turned into the nodes RunTrains takes: between each stop and the next the
// shortest way along track of the train's gauge (broad or metre, dual serving both, 4.5) that
// passes no other station. The game service's validator still has the last word (4.5). Pure.
import { Gauge, PathEnd_Kind, type Components } from "./api";
import type { BoardPicture } from "./boardModel";
import { boardEdge, neighbour } from "./hexGeometry";

export interface TrackGraph {
  links: Map<string, Array<{ to: string; gauge: Gauge }>>;
  stationsOf: Map<string, string[]>; // hex -> its station nodes
}

export function trackGraph(components: Components, board: BoardPicture): TrackGraph {
  const idAt = new Map(components.hexes.map((h) => [`${h.row},${h.col}`, h]));
  const links = new Map<string, Array<{ to: string; gauge: Gauge }>>();
  const stationsOf = new Map<string, string[]>();
  const link = (a: string, b: string, gauge: Gauge) => {
    for (const [x, y] of [[a, b], [b, a]]) {
      if (!links.has(x)) links.set(x, []);
      links.get(x)!.push({ to: y, gauge });
    }
  };
  for (const h of board.hexes) {
    const tile = h.tile;
    if (!tile) continue;
    const hex = h.hex;
    stationsOf.set(hex.hex, tile.design.stations.map((_, s) => `${hex.hex}.s${s}`));
    for (const path of tile.design.paths) {
      const name = (end: NonNullable<typeof path.a>): string | undefined => {
        if (end.kind === PathEnd_Kind.STATION) return `${hex.hex}.s${end.index}`;
        if (end.kind === PathEnd_Kind.JUNCTION) return `${hex.hex}.j${end.index}`;
        const next = neighbour(hex.row, hex.col, boardEdge(end.index, tile.rotation));
        const other = idAt.get(`${next.row},${next.col}`);
        if (!other) return undefined; // off the board
        const first = other.row < hex.row || (other.row === hex.row && other.col < hex.col);
        return first ? `${other.hex}/${hex.hex}` : `${hex.hex}/${other.hex}`;
      };
      if (!path.a || !path.b) continue;
      const a = name(path.a);
      const b = name(path.b);
      if (a && b) link(a, b, path.gauge);
    }
  }
  return { links, stationsOf };
}

function fits(track: Gauge, train: Gauge): boolean {
  return track === Gauge.DUAL || track === train || train === Gauge.UNSPECIFIED;
}

// The shortest way from `from` (a node) to any of `to` along track of `gauge`, through no other
// station; undefined when there is none.
function shortestWay(graph: TrackGraph, from: string, to: Set<string>, gauge: Gauge): string[] | undefined {
  const before = new Map<string, string>([[from, ""]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (to.has(node)) {
      const way = [node];
      for (let back = before.get(node)!; back; back = before.get(back)!) way.unshift(back);
      return way;
    }
    if (node !== from && node.includes(".s")) continue; // a station ends a leg; it is never passed
    for (const next of graph.links.get(node) ?? []) {
      if (!before.has(next.to) && fits(next.gauge, gauge)) {
        before.set(next.to, node);
        queue.push(next.to);
      }
    }
  }
  return undefined;
}

// The nodes of a run through `stops` (hexes, in order) for a train of `gauge`, or the first leg
// no track joins ({ from, to }).
export function runThrough(graph: TrackGraph, stops: string[], gauge: Gauge): { nodes: string[] } | { from: string; to: string } {
  if (stops.length === 0) return { nodes: [] };
  let best: string[] | undefined;
  let furthest = 1; // the leg no start got past
  // The first stop's station: the one from which the whole run is shortest.
  for (const start of graph.stationsOf.get(stops[0]) ?? []) {
    let nodes = [start];
    for (let i = 1; i < stops.length && nodes.length > 0; i++) {
      const way = shortestWay(graph, nodes[nodes.length - 1], new Set(graph.stationsOf.get(stops[i]) ?? []), gauge);
      if (!way) furthest = Math.max(furthest, i);
      nodes = way ? nodes.concat(way.slice(1)) : [];
    }
    if (nodes.length > 0 && (!best || nodes.length < best.length)) best = nodes;
  }
  return best ? { nodes: best } : { from: stops[furthest - 1], to: stops[furthest] ?? stops[0] };
}

// The hexes of a run's stations, in order ("Jab.s0" -> "Jab").
export function stationHexes(nodes: string[]): string[] {
  return nodes.filter((n) => /\.s\d+$/.test(n)).map((n) => n.slice(0, n.indexOf(".")));
}
