// What a player takes in at a glance, read from the GameView the screen holds and nothing else:
// the strip (the player's cash, certificates against the limit, what the turn asks of them or
// whose turn it is) and the spreadsheet (18xx.games' most used view: players x companies, who
// holds what, the shares in the bank and the pool; each player's cash, certificates and worth;
// each company's price, par, treasury, trains and last run). For 1853 its companies (shares of
// 10%, the director's certificate two), for 1947 its railways (ordinary and savings shares,
// bonds, privates). The view carries no one else's bond amount or bid cities and none of these
// read the bond at all, so nothing secret is shown. Pure.
import { CompanyStatus, type GameView, type LegalAction } from "./api";
import { type MoveKind, groupMoves } from "./moveGroups";
import { type SortedMoves } from "./legalMoves";
import { whoseTurn } from "./gameModel";

type Money = (amount: number | bigint) => string;

// A cell: what is written (short, for sighted players on a phone) and what a screen reader says.
export interface Cell {
  text: string;
  spoken: string;
}

export interface SheetRow {
  key: string;       // "seat-0", "bank", "pool", "price", ...: the row's data-testid part
  head: string;      // the row's name (a player's name, "Pool", "Treasury", ...)
  cells: Cell[];     // one per company column, then one per extra column
  you?: boolean;
  active?: boolean;  // may act now
}

export interface Sheet {
  companies: Array<{ initials: string; name: string }>;
  extraColumns: string[];   // after the companies: "Cash", "Certs", "Worth" (1947: "Privates" too)
  players: SheetRow[];
  unheld: SheetRow[];       // the shares nobody holds: 1853 bank and pool; 1947 offer, pool, bonds
  companyRows: SheetRow[];  // each company's price, par, treasury, trains, last run
  legend: string;
}

const blank: Cell = { text: "", spoken: "none" };
const cell = (text: string, spoken = text): Cell => ({ text, spoken });
const percentCell = (percent: number, what: string): Cell => (percent > 0 ? cell(`${percent}%`, `${percent}% ${what}`) : blank);

// "7/16": certificates counted against the limit (1853 3.1.2, 1947 5.7); the count alone when
// the view has no limit.
export function certificates(held: number, limit: number): Cell {
  return limit > 0 ? cell(`${held}/${limit}`, `${held} of at most ${limit} certificates`) : cell(String(held), `${held} certificates`);
}

// A player's row: their name, marked as you and as to act.
function playerRow(view: GameView, yourSeat: number, seat: number, head: string, cells: Cell[]): SheetRow {
  return { key: `seat-${seat}`, head, cells, you: seat === yourSeat, active: view.activeSeats.includes(seat) };
}

// A row of one figure per company (`each`), then `extras` blank cells under the player columns.
function companyRow<T>(companies: T[], extras: number) {
  return (key: string, head: string, each: (company: T) => Cell): SheetRow => ({
    key, head, cells: [...companies.map(each), ...Array<Cell>(extras).fill(blank)],
  });
}

export function buildSheet(view: GameView, yourSeat: number, money: Money): Sheet {
  return view.game1947 ? sheet1947(view, yourSeat, money) : sheet1853(view, yourSeat, money);
}

function sheet1853(view: GameView, yourSeat: number, money: Money): Sheet {
  const held = new Set(view.players.flatMap((p) => p.holdings.map((h) => h.company)));
  // The companies in play: on sale or formed, or held (a company set aside, 2.7.6, has no shares out).
  const companies = view.companies.filter((c) => c.status === CompanyStatus.COMPANY_ON_SALE || c.status === CompanyStatus.COMPANY_FORMED || held.has(c.initials));
  const players = view.players.map((p) =>
    playerRow(view, yourSeat, p.seat, p.displayName, [
      ...companies.map((c) => {
        const h = p.holdings.find((x) => x.company === c.initials);
        if (!h || h.shares === 0) return blank;
        const unpaid = h.unredeemed ? ` ${h.unredeemed}u` : "";
        return cell(`${h.shares * 10}%${h.director ? " D" : ""}${unpaid}`,
          `${h.shares * 10}%${h.director ? ", director" : ""}${h.unredeemed ? `, ${h.unredeemed} not yet paid for (2.7.3)` : ""}`);
      }),
      cell(money(p.cash)),
      certificates(p.certificates, p.certificateLimit),
      cell(money(p.wealth)),
    ]));
  const row = companyRow(companies, 3);
  const formed = (c: (typeof companies)[number]) => c.status === CompanyStatus.COMPANY_FORMED;
  return {
    companies: companies.map((c) => ({ initials: c.initials, name: c.name })),
    extraColumns: ["Cash", "Certs", "Worth"],
    players,
    unheld: [
      row("bank", "Bank", (c) => percentCell(c.sharesInBank * 10, "in the bank")),
      row("pool", "Pool", (c) => percentCell(c.sharesInPool * 10, "in the pool")),
    ],
    companyRows: [
      row("price", "Price", (c) => (formed(c) && c.sharePrice ? cell(money(c.sharePrice)) : blank)),
      row("par", "Par", (c) => (c.par ? cell(money(c.par)) : blank)),
      row("treasury", "Treasury", (c) => (formed(c) ? cell(money(c.treasury)) : blank)),
      row("trains", "Trains", (c) => (c.trains.length ? cell(c.trains.map((t) => t.name).join(" ")) : blank)),
      // 4.5: the revenue of its runs the last time it ran them (mail included).
      row("last-run", "Last run", (c) => (c.lastRuns.length ? cell(money(c.lastRuns.reduce((sum, r) => sum + r.revenue, 0))) : blank)),
    ],
    legend: "D director · u shares not yet paid for (2.7.3) · Certs: held/limit (3.1.2) · Worth: cash and shares at market price (5.2.1)",
  };
}

function sheet1947(view: GameView, yourSeat: number, money: Money): Sheet {
  const g = view.game1947!;
  const companies = g.railways;
  const worth = new Map(view.players.map((p) => [p.seat, p]));
  const players = g.players.map((p) => {
    const whole = worth.get(p.seat);
    return playerRow(view, yourSeat, p.seat, p.name, [
      ...companies.map((r) => {
        const h = p.holdings.find((x) => x.company === r.initials);
        if (!h) return blank;
        const bonds = h.bonds + h.newBonds;
        const text = [h.ordinaryPercent ? `${h.ordinaryPercent}%${h.president ? " P" : ""}` : "", h.savingsPercent ? `+${h.savingsPercent}%s` : "", bonds ? `${bonds}b` : ""].filter(Boolean).join(" ");
        const spoken = [h.ordinaryPercent ? `${h.ordinaryPercent}%${h.president ? ", president" : ""}` : "", h.savingsPercent ? `${h.savingsPercent}% in savings shares` : "", bonds ? `${bonds} bond${bonds === 1 ? "" : "s"}` : ""].filter(Boolean).join(", ");
        return text ? cell(text, spoken) : blank;
      }),
      cell(money(p.cash)),
      certificates(p.certificates, p.certificateLimit),
      whole ? cell(money(whole.wealth)) : blank,
      p.privates.length ? cell(p.privates.map((n) => `P${n}`).join(" ")) : blank,
    ]);
  });
  const row = companyRow(companies, 4);
  const count = (n: number, what: string) => (n > 0 ? cell(String(n), `${n} ${what}`) : blank);
  return {
    companies: companies.map((r) => ({ initials: r.initials, name: r.name })),
    extraColumns: ["Cash", "Certs", "Worth", "Privates"],
    players,
    unheld: [
      row("offer", "Offer", (r) => percentCell(r.initialOfferPercent, "in the initial offer")),
      row("pool", "Pool", (r) => percentCell(r.bankPoolPercent, "in the bank pool")),
      row("bonds-offer", "Bond offer", (r) => count(r.bondsInitialOffer, "bonds offered")),
      row("bonds-pool", "Bond pool", (r) => count(r.bondsBankPool, "bonds in the pool")),
    ],
    companyRows: [
      row("price", "Value", (r) => (r.par && r.marketValue ? cell(money(r.marketValue)) : blank)),
      row("par", "Par", (r) => (r.par ? cell(money(r.par)) : blank)),
      row("treasury", "Treasury", (r) => (r.par ? cell(money(r.treasury)) : blank)),
      row("trains", "Trains", (r) => (r.trains.length ? cell(r.trains.join(" ")) : blank)),
      row("stations", "Stations", (r) => count(r.stations.length, "stations")),
      // 6.14.2: the revenue of its last run step, every modifier in (paid out or withheld).
      row("last-run", "Last run", (r) => (r.lastRuns.length ? cell(money(r.lastRevenue)) : blank)),
    ],
    legend: "P president · s savings shares (5.6) · b bonds · Certs: held/limit (5.7) · Worth: cash, shares at market value, bonds at half (7.0)",
  };
}

// What the turn asks of the player, in words, from their legal moves: "lay track, buy or pass".
const kindWords: Record<MoveKind, string> = {
  bid: "bid", par: "start a railway", buy: "buy", sell: "sell", bonds: "trade bonds", pass: "pass", other: "other moves",
};

export function turnAsks(legal: LegalAction[], moves: SortedMoves, money: Money): string[] {
  const asks: string[] = [];
  const hexes = [...moves.byHex.values()];
  if (hexes.some((h) => h.tiles.length > 0)) asks.push("lay track");
  if (hexes.some((h) => h.bases.length > 0)) asks.push(legal.some((l) => l.action?.kind.case === "placeStation1947") ? "place a station" : "place a base");
  if (moves.byCity.size > 0) asks.push("name bid cities");
  if (moves.runs.length > 0) asks.push("run trains");
  for (const g of groupMoves(legal, moves.others, money)) asks.push(kindWords[g.kind]);
  return asks;
}

// "lay track, buy or pass".
export function orList(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}`;
}

export interface Glance {
  cash?: Cell;
  certs?: Cell;
  turn: string;
  myTurn: boolean;
}

// `study`: a study game, whose owner plays every seat: whoever is to act, the turn is the owner's
// (as the header says).
export function glance(view: GameView, yourSeat: number, finished: boolean, asks: string[], money: Money, study = false): Glance {
  const me = view.players.find((p) => p.seat === yourSeat);
  const myTurn = !finished && (study ? view.activeSeats.length > 0 : view.activeSeats.includes(yourSeat));
  const turn = finished
    ? "Game over"
    : myTurn
      ? asks.length ? `Your turn: ${orList(asks)}` : "Your turn"
      : view.activeSeats.length ? `Waiting for ${whoseTurn(view)}` : "Waiting";
  if (!me) return { turn: yourSeat < 0 ? `Watching · ${turn}` : turn, myTurn };
  return { cash: cell(money(me.cash)), certs: certificates(me.certificates, me.certificateLimit), turn, myTurn };
}
