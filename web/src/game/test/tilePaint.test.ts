// Tile pictures from the API's tile designs: track between the right edges after rotation, gauges,
// towns on their lines, separate terminal stations by their edges, token spaces, hubs, labels.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Gauge } from "../api";
import { HEX_RADIUS as R, distance, edgeAngle, edgeMidpoint } from "../hexGeometry";
import { paintTile, widestGap } from "../tilePaint";
import { components, components1947, tile } from "./fixture";

const O = { x: 100, y: 100 };
// The end points of an SVG path "M x,y ... x,y".
function ends(d: string) {
  const numbers = d.match(/-?\d+(\.\d+)?/g)!.map(Number);
  return [{ x: numbers[0], y: numbers[1] }, { x: numbers[numbers.length - 2], y: numbers[numbers.length - 1] }];
}
function near(a: { x: number; y: number }, b: { x: number; y: number }) {
  assert.ok(distance(a, b) < 0.02, `(${a.x},${a.y}) is not (${b.x},${b.y})`);
}

test("tile 9 runs straight from edge 0 to edge 3; turned by 1 from edge 1 to edge 4", () => {
  for (const rotation of [0, 1, 5]) {
    const picture = paintTile(tile("9"), rotation, O, R);
    assert.equal(picture.tracks.length, 1);
    const [a, b] = ends(picture.tracks[0].d);
    near(a, edgeMidpoint(O, R, rotation % 6));
    near(b, edgeMidpoint(O, R, (3 + rotation) % 6));
    assert.equal(picture.tracks[0].gauge, Gauge.BROAD);
    assert.equal(picture.fill, "#f6d743");
    assert.equal(picture.number?.text, "9");
  }
});

test("tile 77 is metre gauge", () => {
  const picture = paintTile(tile("77"), 0, O, R);
  assert.deepEqual(picture.tracks.map((t) => t.gauge), [Gauge.METRE]);
});

test("tile 4's lone town is a dot in the middle of its line, with its revenue", () => {
  const picture = paintTile(tile("4"), 2, O, R);
  assert.equal(picture.stations.length, 1);
  const town = picture.stations[0];
  assert.equal(town.large, false);
  near(town.at, O);
  assert.equal(town.townBar, undefined);
  assert.deepEqual(picture.revenues.map((r) => r.value), [10]);
});

test("tile 1's two towns are apart, each a bar across its own line", () => {
  const picture = paintTile(tile("1"), 0, O, R);
  assert.equal(picture.stations.length, 2);
  assert.ok(distance(picture.stations[0].at, picture.stations[1].at) > R * 0.3);
  assert.equal(picture.revenues.length, 2);
  for (const town of picture.stations) {
    assert.ok(town.townBar);
    const [a, b] = town.townBar!;
    near({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, town.at);
  }
});

test("tile 14's city has two token spaces side by side", () => {
  const picture = paintTile(tile("14"), 0, O, R);
  assert.equal(picture.stations.length, 1);
  const city = picture.stations[0];
  assert.equal(city.large, true);
  assert.equal(city.spaces.length, 2);
  assert.ok(distance(city.spaces[0], city.spaces[1]) >= 2 * city.spaceRadius);
  assert.equal(picture.fill, "#6fbf5f");
});

test("Delhi's preprinted tile: three separate terminal stations, each by its own edge, labelled CD, no number", () => {
  const design = tile("Delhi");
  for (const rotation of [0, 3]) {
    const picture = paintTile(design, rotation, O, R);
    assert.equal(picture.stations.length, 3);
    // Station 0 is on edge 2, station 1 on edge 4, station 2 on edge 0 (the tile's own edges).
    [2, 4, 0].forEach((edge, s) => {
      const angle = edgeAngle((edge + rotation) % 6);
      near(picture.stations[s].at, { x: O.x + Math.cos(angle) * R * 0.6, y: O.y + Math.sin(angle) * R * 0.6 });
    });
    assert.equal(picture.label?.text, "CD");
    assert.equal(picture.number, undefined);
    assert.ok(picture.tracks.every((t) => t.gauge === Gauge.DUAL));
  }
});

test("tile 106 has a hub in the middle; tile 104 has six stations", () => {
  assert.equal(paintTile(tile("106"), 0, O, R).hubs.length, 1);
  assert.equal(paintTile(tile("104"), 0, O, R).stations.length, 6);
});

test("the widest gap between directions is found, wrapping round", () => {
  const gap = widestGap([0.1, 0.2, 0.3], 0);
  assert.ok(Math.abs(gap - (0.3 + 0.1 + 2 * Math.PI) / 2) < 1e-9, String(gap));
  assert.equal(widestGap([], 1.5), 1.5);
});

test("a tile's number keeps clear of its track's ends and the hex's id at the top, on both boards", () => {
  for (const turned of [false, true]) {
    const designs = (turned ? components1947 : components).tiles.filter((t) => !t.preprinted);
    assert.ok(designs.length > 0);
    for (const design of designs) {
      for (let rotation = 0; rotation < 6; rotation++) {
        const picture = paintTile(design, rotation, O, R, turned);
        assert.ok(picture.number, `tile ${design.id} has its number`);
        for (const track of picture.tracks) {
          for (const end of ends(track.d)) {
            assert.ok(distance(end, picture.number!.at) > R * 0.3, `tile ${design.id} rotation ${rotation}${turned ? " (1947)" : ""}: number at ${JSON.stringify(picture.number!.at)} on a track end ${JSON.stringify(end)}`);
          }
        }
        assert.ok(picture.number!.at.y > O.y - R * 0.5, `tile ${design.id}: the number is not under the hex's id`);
      }
    }
  }
});
