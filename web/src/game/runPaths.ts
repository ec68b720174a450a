// Runs drawn on the board: a run's nodes (actions.proto, Run: "Jab.s0" a station, "Kq.j0" a
// junction, "Iaa/Iy" the edge between two hexes; 1947's stops are hexes, "D21") as points of the
// board picture, and the runs a company made last, read from the log's station lists
// ("Delhi-Agra-Patna": city names, or hex ids for towns). Pure.
import type { Components, LogLine } from "./api";
import type { BoardPicture } from "./boardModel";
import type { Point } from "./hexGeometry";

export function nodePoint(board: BoardPicture, node: string): Point | undefined {
  const slash = node.indexOf("/");
  if (slash >= 0) {
    const a = board.byId.get(node.slice(0, slash));
    const b = board.byId.get(node.slice(slash + 1));
    if (!a || !b) return undefined;
    return { x: (a.centre.x + b.centre.x) / 2, y: (a.centre.y + b.centre.y) / 2 };
  }
  const whole = board.byId.get(node); // a stop on a hex (1947): its station
  if (whole) return whole.stations[0]?.at ?? whole.centre;
  const m = /^([^.]+)\.([sj])(\d+)$/.exec(node);
  if (!m) return undefined;
  const hex = board.byId.get(m[1]);
  if (!hex) return undefined;
  if (m[2] === "j") return hex.centre;
  return hex.stations[Number(m[3])]?.at ?? hex.centre;
}

export function runPoints(board: BoardPicture, nodes: string[]): Point[] {
  const points: Point[] = [];
  for (const node of nodes) {
    const p = nodePoint(board, node);
    if (p) points.push(p);
  }
  return points;
}

export interface LoggedRun {
  company: string;
  train: string;
  stations: string[];
}

const RUN_KEYS = new Set(["1853.log.running.train_runs", "1853.log.running.train_runs_with_mail"]);
const NO_RUN_KEY = "1853.log.running.runs_no_train";

// The latest runs of each company in `lines` (oldest first): a company's new set of runs replaces
// its earlier one; "runs no train" clears it.
export function lastRuns(lines: LogLine[]): Map<string, LoggedRun[]> {
  const runs = new Map<string, LoggedRun[]>();
  let current = ""; // the company whose run lines are being read
  for (const line of lines) {
    const key = line.structured?.key ?? "";
    const param = (name: string) => line.structured?.params.find((p) => p.name === name)?.value;
    const company = param("company");
    if (RUN_KEYS.has(key) && company?.case === "company") {
      if (current !== company.value) {
        runs.set(company.value, []);
        current = company.value;
      }
      const train = param("train");
      const stations = param("stations");
      runs.get(company.value)!.push({
        company: company.value,
        train: train?.case === "train" ? train.value : "",
        stations: stations?.case === "text" ? stations.value.split("-") : [],
      });
      continue;
    }
    current = "";
    if (key === NO_RUN_KEY && company?.case === "company") runs.set(company.value, []);
  }
  return runs;
}

// A logged run's stations as points: a city by its name, a town by its hex id.
export function loggedRunPoints(board: BoardPicture, components: Components, run: LoggedRun): Point[] {
  const cityHex = new Map(components.cities.map((c) => [c.name, c.hex]));
  const points: Point[] = [];
  for (const name of run.stations) {
    const hex = board.byId.get(cityHex.get(name) ?? name);
    if (!hex) continue;
    points.push(hex.stations[0]?.at ?? hex.centre);
  }
  return points;
}
