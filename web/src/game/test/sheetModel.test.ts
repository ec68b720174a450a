// The at-a-glance strip and the spreadsheet read from a view: 1853's shares and figures, 1947's
// ordinary and savings shares, bonds and privates, what the turn asks, and no bond in sight.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { GameViewSchema, LegalActionSchema } from "@gen/mailrun/v1/views_pb";

import { CompanyStatus } from "../api";
import { money } from "../gameModel";
import { sortMoves } from "../legalMoves";
import { rupees } from "../Panels1947";
import { buildSheet, glance, orList, turnAsks } from "../sheetModel";

const view1853 = create(GameViewSchema, {
  activeSeats: [1],
  players: [
    { seat: 0, displayName: "Ann", cash: 420n, certificates: 3, certificateLimit: 21, wealth: 780n,
      holdings: [{ company: "EIR", shares: 3, director: true }, { company: "GIP", shares: 1, unredeemed: 1 }],
      bond: { amount: 0, committed: true, cities: ["Delhi"] } },
    { seat: 1, displayName: "Ben", cash: 610n, certificates: 0, certificateLimit: 21, wealth: 610n },
  ],
  companies: [
    { initials: "EIR", name: "East Indian", status: CompanyStatus.COMPANY_FORMED, sharePrice: 90, par: 80, treasury: 240n, sharesInBank: 5, sharesInPool: 2,
      trains: [{ id: "2-1", name: "2" }, { id: "3-1", name: "3" }], lastRuns: [{ revenue: 40 }, { revenue: 60 }] },
    { initials: "GIP", name: "Great Indian Peninsula", status: CompanyStatus.COMPANY_ON_SALE, sharePrice: 70, par: 70, treasury: 0n, sharesInBank: 9 },
    { initials: "NWR", name: "North Western", status: CompanyStatus.COMPANY_SET_ASIDE },
  ],
});

test("1853: holdings by player and company, the bank and the pool, each company's figures", () => {
  const sheet = buildSheet(view1853, 0, money);
  assert.deepEqual(sheet.companies.map((c) => c.initials), ["EIR", "GIP"]); // NWR set aside, held by nobody
  assert.deepEqual(sheet.extraColumns, ["Cash", "Certs", "Worth"]);
  const [ann, ben] = sheet.players;
  assert.deepEqual(ann.cells.map((c) => c.text), ["30% D", "10% 1u", "£420", "3/21", "£780"]);
  assert.equal(ann.cells[0].spoken, "30%, director");
  assert.equal(ann.you, true);
  assert.equal(ben.active, true);
  assert.deepEqual(ben.cells.map((c) => c.text), ["", "", "£610", "0/21", "£610"]);
  const row = (key: string) => [...sheet.unheld, ...sheet.companyRows].find((r) => r.key === key)!.cells.slice(0, 2).map((c) => c.text);
  assert.deepEqual(row("bank"), ["50%", "90%"]);
  assert.deepEqual(row("pool"), ["20%", ""]);
  assert.deepEqual(row("price"), ["£90", ""]); // not formed: no market price yet
  assert.deepEqual(row("par"), ["£80", "£70"]);
  assert.deepEqual(row("treasury"), ["£240", ""]);
  assert.deepEqual(row("trains"), ["2 3", ""]);
  assert.deepEqual(row("last-run"), ["£100", ""]);
  // Nothing of a bond: no amount, no city.
  assert.doesNotMatch(JSON.stringify(sheet), /Delhi|bond/i);
});

test("1947: ordinary and savings shares, bonds, privates and the railways' figures", () => {
  const view = create(GameViewSchema, {
    activeSeats: [0],
    players: [{ seat: 0, displayName: "Ann", cash: 300n, certificates: 4, certificateLimit: 20, wealth: 512n }],
    game1947: {
      players: [{ seat: 0, name: "Ann", cash: 300n, certificates: 4, certificateLimit: 20, privates: [2, 5],
        holdings: [{ company: "ABR", ordinaryPercent: 30, savingsPercent: 10, president: true, bonds: 1, newBonds: 1 }] }],
      railways: [
        { initials: "ABR", name: "Assam Bengal", par: 66, marketValue: 72, treasury: 198n, initialOfferPercent: 60, bankPoolPercent: 10,
          bondsInitialOffer: 3, bondsBankPool: 0, trains: ["T2"], stations: [{ hex: "D21" }],
          lastRuns: [{ trainId: "T2-0", nodes: ["D21", "E20"], revenue: 40 }], lastRevenue: 50 },
        { initials: "BNR", name: "Bengal Nagpur", par: 0 },
      ],
    },
  });
  const sheet = buildSheet(view, 0, rupees);
  assert.deepEqual(sheet.companies.map((c) => c.initials), ["ABR", "BNR"]);
  assert.deepEqual(sheet.extraColumns, ["Cash", "Certs", "Worth", "Privates"]);
  assert.deepEqual(sheet.players[0].cells.map((c) => c.text), ["30% P +10%s 2b", "", "Rs.300", "4/20", "Rs.512", "P2 P5"]);
  assert.equal(sheet.players[0].cells[0].spoken, "30%, president, 10% in savings shares, 2 bonds");
  const row = (key: string) => [...sheet.unheld, ...sheet.companyRows].find((r) => r.key === key)!.cells.slice(0, 2).map((c) => c.text);
  assert.deepEqual(row("offer"), ["60%", ""]);
  assert.deepEqual(row("pool"), ["10%", ""]);
  assert.deepEqual(row("bonds-offer"), ["3", ""]);
  assert.deepEqual(row("price"), ["Rs.72", ""]);
  assert.deepEqual(row("treasury"), ["Rs.198", ""]);
  assert.deepEqual(row("trains"), ["T2", ""]);
  assert.deepEqual(row("stations"), ["1", ""]);
  // The revenue paid out or withheld (Railway1947View.last_revenue), not the runs' sum (6.14.2).
  assert.deepEqual(row("last-run"), ["Rs.50", ""]);
});

test("the strip: cash, certificates against the limit, and what the turn asks or whose turn it is", () => {
  const legal = [
    create(LegalActionSchema, { action: { kind: { case: "buyShare", value: { company: "EIR" } } } }),
    create(LegalActionSchema, { action: { kind: { case: "sellShares", value: { company: "EIR", count: 1 } } } }),
    create(LegalActionSchema, { action: { kind: { case: "endDealingTurn", value: {} } }, description: "End my turn" }),
  ];
  const asks = turnAsks(legal, sortMoves(legal), money);
  assert.deepEqual(asks, ["buy", "sell", "pass"]);
  const ben = glance(view1853, 1, false, asks, money);
  assert.equal(ben.cash?.text, "£610");
  assert.equal(ben.certs?.text, "0/21");
  assert.equal(ben.certs?.spoken, "0 of at most 21 certificates");
  assert.equal(ben.turn, "Your turn: buy, sell or pass");
  assert.equal(glance(view1853, 0, false, [], money).turn, "Waiting for Ben");
  assert.equal(glance(view1853, 0, true, [], money).turn, "Game over");
  assert.equal(glance(view1853, -1, false, [], money).turn, "Watching · Waiting for Ben");
  // A study: the owner (seat 0) plays Ben's seat too, so the turn is the owner's, as the header says.
  const study = glance(view1853, 0, false, asks, money, true);
  assert.equal(study.turn, "Your turn: buy, sell or pass");
  assert.equal(study.myTurn, true);
  assert.equal(orList(["lay track"]), "lay track");
});
