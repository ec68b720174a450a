// Hex geometry: centres, edges and neighbours as components.proto numbers them.
import assert from "node:assert/strict";
import { test } from "node:test";

import { HEX_RADIUS, HEX_WIDTH, boardEdge, edgeEnds, edgeMidpoint, hexCentre, hexCorners, neighbour, distance } from "../hexGeometry";

const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-9, `${a} != ${b}`);

test("cells in a row are two columns and one hex width apart; the next row is 1.5 radii down", () => {
  const a = hexCentre(3, 5);
  const b = hexCentre(3, 7);
  const c = hexCentre(4, 6);
  close(b.x - a.x, HEX_WIDTH);
  close(b.y, a.y);
  close(c.x - a.x, HEX_WIDTH / 2);
  close(c.y - a.y, 1.5 * HEX_RADIUS);
});

test("edge 0 is south-west, 1 west, 3 north-east, 4 east (y grows southwards)", () => {
  const o = { x: 0, y: 0 };
  const sw = edgeMidpoint(o, 1, 0);
  assert.ok(sw.x < 0 && sw.y > 0);
  const w = edgeMidpoint(o, 1, 1);
  assert.ok(w.x < 0 && Math.abs(w.y) < 1e-9);
  const ne = edgeMidpoint(o, 1, 3);
  assert.ok(ne.x > 0 && ne.y < 0);
  const e = edgeMidpoint(o, 1, 4);
  close(e.x, Math.sqrt(3) / 2);
});

test("the neighbour across an edge has its centre twice the edge's distance away, and back across the opposite edge", () => {
  for (let edge = 0; edge < 6; edge++) {
    const n = neighbour(5, 9, edge);
    const here = hexCentre(5, 9);
    const there = hexCentre(n.row, n.col);
    const mid = edgeMidpoint(here, HEX_RADIUS, edge);
    close(mid.x, (here.x + there.x) / 2);
    close(mid.y, (here.y + there.y) / 2);
    assert.deepEqual(neighbour(n.row, n.col, (edge + 3) % 6), { row: 5, col: 9 });
  }
});

test("an edge's two corners are corners of the hex, one radius apart", () => {
  const c = { x: 10, y: 20 };
  const corners = hexCorners(c, HEX_RADIUS);
  for (let edge = 0; edge < 6; edge++) {
    const [a, b] = edgeEnds(c, HEX_RADIUS, edge);
    close(distance(a, b), HEX_RADIUS);
    assert.ok(corners.some((k) => distance(k, a) < 1e-9));
    assert.ok(corners.some((k) => distance(k, b) < 1e-9));
  }
});

test("on a turned board (1947) an edge's corners are the flat-topped hex's, its middle between them", () => {
  const c = { x: 10, y: 20 };
  const corners = hexCorners(c, HEX_RADIUS, true);
  for (let edge = 0; edge < 6; edge++) {
    const [a, b] = edgeEnds(c, HEX_RADIUS, edge, true);
    assert.ok(corners.some((k) => distance(k, a) < 1e-9) && corners.some((k) => distance(k, b) < 1e-9));
    const mid = edgeMidpoint(c, HEX_RADIUS, edge, true);
    close(mid.x, (a.x + b.x) / 2);
    close(mid.y, (a.y + b.y) / 2);
  }
  // Grid edge 1 (W) is 1947's north once turned.
  close(edgeMidpoint(c, 1, 1, true).x, c.x);
  assert.ok(edgeMidpoint(c, 1, 1, true).y < c.y);
});

test("a rotation turns a tile's edge e to board edge (e + rotation) % 6", () => {
  assert.equal(boardEdge(0, 0), 0);
  assert.equal(boardEdge(4, 3), 1);
  assert.equal(boardEdge(5, 5), 4);
});
