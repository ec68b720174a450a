// What a hex is, in words (hexFacts.ts): terrain and its cost in each title's terms, the tile and
// its revenue, who holds it, 1947's zone; and the name the keyboard's focus announces.
import assert from "node:assert/strict";
import { test } from "node:test";

import { buildBoard } from "../boardModel";
import { hexFacts, hexName } from "../hexFacts";
import { components, components1947 } from "./fixture";

test("a 1947 hill hex costs rupees; a monsoon city says its zone", () => {
  const board = buildBoard(components1947, undefined);
  const hill = hexFacts(components1947, board, "E20")!;
  assert.ok(hill.lines.includes("Terrain: hills"), hill.lines.join("; "));
  assert.ok(hill.lines.includes("Track costs Rs.40 (6.4.2)"), hill.lines.join("; "));
  const sylhet = hexFacts(components1947, board, "S14")!;
  assert.equal(sylhet.title, "S14 · Sylhet");
  assert.ok(sylhet.lines.includes("Monsoon zone (6.13.2)"), sylhet.lines.join("; "));
  assert.equal(hexFacts(components1947, board, "Z99"), undefined);
});

test("1853's Delhi: its printed tile's revenue and the reserved homes; names for the keyboard", () => {
  const board = buildBoard(components, undefined);
  const delhi = components.cities.find((c) => c.name === "Delhi")!;
  const facts = hexFacts(components, board, delhi.hex)!;
  assert.ok(facts.lines.includes("Printed on the board"), facts.lines.join("; "));
  assert.ok(facts.lines.some((l) => /^Revenue £\d+/.test(l)), facts.lines.join("; "));
  const homes = components.companies.filter((c) => c.homes.some((h) => h.hex === delhi.hex)).map((c) => c.initials);
  if (homes.length > 0) assert.ok(facts.lines.includes(`Home of ${homes.join(", ")} (reserved)`), facts.lines.join("; "));
  assert.equal(hexName(board, delhi.hex, "lay or build here"), `${delhi.hex} Delhi, lay or build here`);
  assert.equal(hexName(board, delhi.hex, undefined), `${delhi.hex} Delhi`);
});
