// The legal actions that are not made on the map, grouped by kind (buy, par, sell, bid, bonds,
// pass, other) for small forms: within a kind, each action's company (the form's company picker)
// and what else tells it apart (its par, count, source: the form's second choice), in the title's
// currency. Every choice is one of the listed actions (an index into ListLegalActions' list), so a
// form submits exactly what the service offered. Also the words of a move about to be made. Pure.
import type { LegalAction } from "./api";
import { plural } from "./plural";

export type MoveKind = "bid" | "par" | "buy" | "sell" | "bonds" | "pass" | "other";

export interface FormOption {
  index: number;    // into the legal-action list
  company: string;  // initials, or "" when the action names none
  variant: string;  // what tells it apart from the others of its company ("par Rs.66", "2 shares")
}

export interface MoveGroup {
  kind: MoveKind;
  options: FormOption[];
  companies: string[]; // in the order listed, each once ("" for actions naming none)
}

export const kindTitles: Record<MoveKind, string> = {
  bid: "Bid", par: "Start a railway", buy: "Buy", sell: "Sell", bonds: "Bonds", pass: "Pass or end", other: "Other moves",
};
const kindOrder: MoveKind[] = ["bid", "par", "buy", "sell", "bonds", "pass", "other"];

type Money = (amount: number | bigint) => string;

// An action's kind, company and variant.
export function describe(legal: LegalAction, money: Money): Omit<FormOption, "index"> & { kind: MoveKind } {
  const kind = legal.action?.kind;
  switch (kind?.case) {
    case "commitBond": return { kind: "bid", company: "", variant: `Write your bond: ${money(legal.minAmount)}–${money(legal.maxAmount)}` };
    case "bidPrivate1947": return { kind: "bid", company: "", variant: `Bid ${money(legal.minAmount)}–${money(legal.maxAmount)}` };
    case "buyPresidentCertificate1947": return { kind: "par", company: kind.value.company, variant: `par ${money(kind.value.par)}` };
    case "setBnrPar1947": return { kind: "par", company: "BNR", variant: `par ${money(kind.value.par)}` };
    case "buyShare": return { kind: "buy", company: kind.value.company, variant: kind.value.source === 2 ? "a share from the pool" : "a new share" };
    case "buyShare1947":
      return { kind: "buy", company: kind.value.company, variant: `${kind.value.savings ? "a savings" : "an ordinary"} share${kind.value.fromPool ? " from the pool" : ""}` };
    case "redeemShare": return { kind: "buy", company: kind.value.company, variant: "pay for the share (2.7.4)" };
    case "sellShares": return { kind: "sell", company: kind.value.company, variant: plural(kind.value.count, "share") };
    case "sellShares1947": return { kind: "sell", company: kind.value.company, variant: plural(kind.value.count, "share") };
    case "sellBonds1947": return { kind: "bonds", company: kind.value.company, variant: `sell ${plural(kind.value.count, "bond")}` };
    case "buyBond1947": return { kind: "bonds", company: kind.value.company, variant: kind.value.fromPool ? "buy a bond from the pool" : "buy a bond" };
    case "issueBonds1947": return { kind: "bonds", company: kind.value.company, variant: "issue its bonds" };
    case "subscribeBonds1947": return { kind: "bonds", company: "", variant: `take ${plural(kind.value.count, "bond")}` };
    case "priceProtect1947": return { kind: "bonds", company: "", variant: kind.value.protect ? "protect the price" : "do not protect" };
    case "passBid": case "passPrivate1947": case "endDealingTurn": case "endTurn1947": case "passTurn1947": case "endStep":
      return { kind: "pass", company: "", variant: legal.description };
    default: return { kind: "other", company: "", variant: legal.description };
  }
}

export function groupMoves(legal: LegalAction[], indices: number[], money: Money): MoveGroup[] {
  const groups = new Map<MoveKind, MoveGroup>();
  for (const index of indices) {
    const item = legal[index];
    if (!item) continue;
    const { kind, company, variant } = describe(item, money);
    let group = groups.get(kind);
    if (!group) {
      group = { kind, options: [], companies: [] };
      groups.set(kind, group);
    }
    group.options.push({ index, company, variant });
    if (!group.companies.includes(company)) group.companies.push(company);
  }
  return kindOrder.flatMap((k) => (groups.has(k) ? [groups.get(k)!] : []));
}

// The words of the move a form would make: the service's description, with the amount chosen
// where the action takes one ("Write your bond: £400", "Bid Rs.40").
export function moveWords(legal: LegalAction, amount: number | undefined, money: Money): string {
  const kind = legal.action?.kind;
  if (amount === undefined) return legal.description;
  switch (kind?.case) {
    case "commitBond": return `Write your bond: ${money(amount)}`;
    case "bidPrivate1947": return `Bid ${money(amount)}`;
    case "offerElephant": return `Offer the Elephant for ${money(amount)}`;
    case "offerTrain": return `Offer the train for ${money(amount)}`;
    case "buyTrain": case "settleCreditTrain": return `${legal.description.split(":")[0]}, the director adding ${money(amount)}`;
    default: return `${legal.description.split(":")[0]}: ${money(amount)}`;
  }
}
