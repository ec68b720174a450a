// A Mailrun app's game screen written only from the protos (Node.js, @grpc/grpc-js, protos loaded
// at run time from proto/; nothing of the engine): it downloads the title's components (and asks
// again with their content hash, which must come back "unchanged"), reads the game, follows it live
// through GameService.WatchGame while the bots play, drops the stream half-way and resumes from the
// last version it has, merging every delta into its copy of the view and showing every log line in
// German from its message key (i18n/de.json), until MAILRUN_FOLLOW_TILES tiles are on the board;
// then draws the board of the game in progress as SVG by itself (board_svg.mjs). Run by
// tests/e2e/node/node_client_test.cc against the whole stack. Prints one JSON object with what it
// saw; writes "watching from version N" to standard error whenever its stream opens; exits 1 with a
// message on failure.
//
// Environment: those of api.mjs and catalog.mjs, and MAILRUN_PLAYER, MAILRUN_PASSWORD,
// MAILRUN_GAME_ID, MAILRUN_FOLLOW_TILES, MAILRUN_DROP_AFTER (versions to receive before dropping
// the stream once), MAILRUN_SVG_FILE (where to write the board).
import { writeFileSync } from 'node:fs';

import { closeAll, env, game, grpc, logIn, metadataWith, must } from './api.mjs';
import { drawBoard } from './board_svg.mjs';
import { translate } from './catalog.mjs';

// ---- The view: GetGame's full view, then WatchGame's deltas merged as game.proto says ----------
function mergeBy(base, changed, key) {
  const out = base.slice();
  for (const entry of changed) {
    const at = out.findIndex((old) => key(old) === key(entry));
    if (at >= 0) out[at] = entry;
    else out.push(entry);
  }
  return out;
}

function merge(view, message) {
  if (!message.isDelta) return message.view;
  const delta = message.view;
  return {
    ...delta,
    players: mergeBy(view.players, delta.players, (p) => p.seat),
    companies: mergeBy(view.companies, delta.companies, (c) => c.initials),
    tiles: mergeBy(view.tiles, delta.tiles, (t) => t.hex),
    trains: mergeBy(view.trains, delta.trains, (t) => t.name),
    tilesRemaining: { ...view.tilesRemaining, ...delta.tilesRemaining },
  };
}

// Follows the game from version `after` until `done(view)` holds or `dropAfter` versions arrived
// (a phone losing its network: the stream is cancelled). `take(message, view)` sees each message.
function follow(token, gameId, after, view, { dropAfter, done, take }) {
  return new Promise((resolve, reject) => {
    const call = game.WatchGame({ gameId, afterVersion: String(after) }, metadataWith(token));
    process.stderr.write(`watching from version ${after}\n`);
    let last = after;
    let received = 0;
    let settled = false;
    const settle = (dropped) => {
      if (settled) return;
      settled = true;
      call.cancel();
      resolve({ view, last, dropped });
    };
    call.on('data', (message) => {
      if (settled) return;
      view = merge(view, message);
      last = Number(message.version);
      received += 1;
      take(message, view);
      if (done(view) || message.status === 'GAME_STATUS_FINISHED') settle(false);
      else if (received === dropAfter) settle(true);
    });
    call.on('error', (error) => {
      if (error.code !== grpc.status.CANCELLED) reject(new Error(`WatchGame: ${error.code} ${error.details}`));
    });
    call.on('end', () => settle(false));
  });
}

// ---- The screen ----------------------------------------------------------------------------------
const gameId = env('MAILRUN_GAME_ID');
const wantedTiles = Number(env('MAILRUN_FOLLOW_TILES'));
const token = await logIn();

const state = await must(game, 'GetGame', { gameId }, token);
const names = [];
for (const player of state.view.players) names[player.seat] = player.displayName;
const request = { title: state.view.title, edition: state.view.edition };
const first = await must(game, 'GetComponents', request, token);
const components = first.components;
const cached = await must(game, 'GetComponents', { ...request, knownHash: first.contentHash }, token);

const versions = [];
const log = [];
const take = (message) => {
  versions.push(Number(message.version));
  for (const line of message.entry?.logLines ?? []) {
    const structured = line.structured ?? { key: '', params: [] };
    log.push({ version: Number(message.version), key: structured.key, english: line.text, german: translate(structured, names) });
  }
};
const done = (view) => view.tiles.length >= wantedTiles;
let view = state.view;
let have = Number(state.version);
let drops = 0;
while (!done(view)) {
  const dropAfter = drops === 0 ? Number(env('MAILRUN_DROP_AFTER')) : -1;
  const part = await follow(token, gameId, have, view, { dropAfter, done, take });
  if (part.last === have && !part.dropped) throw new Error(`the stream ended at version ${have}`);
  view = part.view;
  have = part.last;
  if (part.dropped) drops += 1;
}
writeFileSync(env('MAILRUN_SVG_FILE'), drawBoard(components, view, `game ${gameId} at version ${have}`));
closeAll();

console.log(JSON.stringify({
  seat: state.yourSeat,
  startVersion: Number(state.version),
  lastVersion: have,
  versions,
  drops,
  contentHash: first.contentHash,
  unchanged: cached.unchanged,
  cachedHasComponents: cached.components !== null && cached.components !== undefined,
  hexes: components.hexes.length,
  tilesLaid: view.tiles.map((t) => `${t.hex}:${t.tile}:${t.rotation}`),
  bases: view.companies.flatMap((c) => c.bases.map((b) => `${c.initials}@${b.hex}`)),
  activeSeats: view.activeSeats,
  round: view.round.description,
  log,
}));
