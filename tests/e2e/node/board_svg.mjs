// A board drawn as SVG from a title's components (GetComponents: components.proto) and a game's
// view (GetGame / WatchGame: views.proto) alone, as an app would draw it: every cell of the board,
// laid tiles over printed ones, track by gauge, stations, city names, frontier posts and the
// companies' bases. Each drawn thing carries a data- attribute (data-hex, data-tile, data-printed,
// data-base) so that a test can check the picture against the view.
const SIZE = 30;
const ROOT3 = Math.sqrt(3);
const centre = (hex) => ({ x: (hex.col + 1) * (ROOT3 / 2) * SIZE, y: (hex.row + 1) * 1.5 * SIZE });
// Edge e's midpoint direction: 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE (clockwise from south-west).
const edgeAngle = (edge) => ((120 + 60 * edge) * Math.PI) / 180;
const corners = (c) =>
  [0, 1, 2, 3, 4, 5]
    .map((k) => {
      const a = ((30 + 60 * k) * Math.PI) / 180;
      return `${(c.x + SIZE * Math.cos(a)).toFixed(1)},${(c.y + SIZE * Math.sin(a)).toFixed(1)}`;
    })
    .join(' ');
const TILE_FILL = { TILE_COLOUR_YELLOW: '#f2d74b', TILE_COLOUR_GREEN: '#6fb35b', TILE_COLOUR_BROWN: '#a8744a', TILE_COLOUR_GREY: '#aaaaaa' };
const OUTSIDE_FILL = { OUTSIDE_SEA: '#9cc7e6', OUTSIDE_DARK_GREY: '#555555', OUTSIDE_DARK_GREEN: '#2f5d3a' };
const GAUGE_STROKE = { GAUGE_BROAD: ['#000000', 6], GAUGE_METRE: ['#000000', 2], GAUGE_DUAL: ['#7a1f1f', 5] };
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// Where a node of a tile lies: stations spread around the centre, junctions at the centre.
function nodePoint(c, design, end, rotation) {
  if (end.kind === 'KIND_EDGE') {
    const a = edgeAngle((end.index + rotation) % 6);
    return { x: c.x + (SIZE * ROOT3 / 2) * Math.cos(a), y: c.y + (SIZE * ROOT3 / 2) * Math.sin(a) };
  }
  if (end.kind === 'KIND_STATION' && design.stations.length > 1) {
    const a = (2 * Math.PI * end.index) / design.stations.length;
    return { x: c.x + 0.45 * SIZE * Math.cos(a), y: c.y + 0.45 * SIZE * Math.sin(a) };
  }
  return c;
}

function drawTile(parts, c, design, rotation, tag) {
  parts.push(`<g ${tag}><polygon points="${corners(c)}" fill="${TILE_FILL[design.colour] ?? '#ffffff'}" stroke="#333"/>`);
  for (const p of design.paths) {
    const a = nodePoint(c, design, p.a, rotation);
    const b = nodePoint(c, design, p.b, rotation);
    const [stroke, width] = GAUGE_STROKE[p.gauge] ?? ['#000', 3];
    parts.push(`<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${b.x.toFixed(1)}" y2="${b.y.toFixed(1)}" stroke="${stroke}" stroke-width="${width}"/>`);
  }
  design.stations.forEach((s, i) => {
    const at = nodePoint(c, design, { kind: 'KIND_STATION', index: i }, rotation);
    parts.push(`<circle cx="${at.x.toFixed(1)}" cy="${at.y.toFixed(1)}" r="${s.large ? 7 : 4}" fill="#fff" stroke="#000"/>`);
  });
  if (design.label) parts.push(`<text x="${(c.x - SIZE / 2).toFixed(1)}" y="${(c.y - SIZE / 3).toFixed(1)}" font-size="8">${escape(design.label)}</text>`);
  parts.push('</g>');
}

export function drawBoard(components, view, heading) {
  const designs = new Map(components.tiles.map((t) => [t.id, t]));
  const hexes = new Map(components.hexes.map((h) => [h.hex, h]));
  const colours = new Map(components.companies.map((c) => [c.initials, c.colour]));
  const laid = new Map(view.tiles.map((t) => [t.hex, t]));
  const width = Math.max(...components.hexes.map((h) => centre(h).x)) + SIZE * 2;
  const height = Math.max(...components.hexes.map((h) => centre(h).y)) + SIZE * 2;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width.toFixed(0)}" height="${height.toFixed(0)}">`,
    `<title>${escape(heading)}</title>`];
  for (const hex of components.hexes) {
    const c = centre(hex);
    const fill = hex.playable ? (hex.terrain.length ? '#e8dcc0' : '#f7f1e3') : (OUTSIDE_FILL[hex.outside] ?? '#dddddd');
    parts.push(`<polygon data-hex="${hex.hex}" points="${corners(c)}" fill="${fill}" stroke="#999" stroke-width="0.5"/>`);
    const tile = laid.get(hex.hex);
    if (tile) {
      const design = designs.get(tile.tile);
      if (!design) throw new Error(`the view lays tile ${tile.tile}, which the components lack`);
      drawTile(parts, c, design, tile.rotation, `data-tile="${tile.hex}:${tile.tile}:${tile.rotation}"`);
    } else if (hex.preprinted) {
      drawTile(parts, c, designs.get(hex.preprinted.tile), hex.preprinted.rotation, `data-printed="${hex.hex}"`);
    } else if (hex.towns > 0) {
      parts.push(`<circle cx="${c.x.toFixed(1)}" cy="${c.y.toFixed(1)}" r="4" fill="#000"/>`);
    }
    if (hex.city) parts.push(`<text x="${(c.x - SIZE / 2).toFixed(1)}" y="${(c.y + SIZE / 1.6).toFixed(1)}" font-size="7">${escape(hex.city)}</text>`);
    if (hex.frontierValue) parts.push(`<text x="${(c.x - 8).toFixed(1)}" y="${c.y.toFixed(1)}" font-size="8">(${hex.frontierValue})</text>`);
  }
  for (const company of view.companies) {
    for (const base of company.bases) {
      const hex = hexes.get(base.hex);
      if (!hex) throw new Error(`the view has a base on ${base.hex}, which the components lack`);
      const tile = laid.get(base.hex);
      const design = designs.get(tile ? tile.tile : hex.preprinted?.tile);
      const at = design ? nodePoint(centre(hex), design, { kind: 'KIND_STATION', index: base.station }, 0) : centre(hex);
      parts.push(`<g data-base="${company.initials}@${base.hex}"><circle cx="${at.x.toFixed(1)}" cy="${at.y.toFixed(1)}" r="7" fill="${colours.get(company.initials) ?? '#888'}"/>` +
        `<text x="${(at.x - 6).toFixed(1)}" y="${(at.y + 3).toFixed(1)}" font-size="5" fill="#fff">${escape(company.initials)}</text></g>`);
    }
  }
  parts.push('</svg>');
  return parts.join('\n');
}
