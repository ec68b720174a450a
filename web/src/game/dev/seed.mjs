// Development only: makes games to look at through a gateway (Connect JSON over fetch).
//   node seed.mjs GATEWAY_URL new NAME...        registers the players (password "password1"),
//        opens a table for them (1853; TITLE=1947 for 1947) and starts it; prints the game id
//   node seed.mjs GATEWAY_URL bot NAME...        deletes those accounts: the service's bot plays
//        their seats from then on
//   node seed.mjs GATEWAY_URL play NAME GAME N   plays up to N moves for NAME, choosing among the
//        legal actions (bonds at their minimum, the first claim, runs that pay out); with
//        UNTIL_LAY=1 it stops when a tile lay is among them, leaving that move to the screen
import { callApi, chooseMove } from "./scripted.mjs";

const [gateway, command, ...args] = process.argv.slice(2);
const password = "password1";
let counter = 0;
const rid = () => `seed-${Date.now()}-${counter++}`;

const call = (service, method, body, token) => callApi(gateway, service, method, body, token);

async function login(name) {
  try {
    return await call("LobbyService", "Login", { requestId: rid(), displayName: name, password });
  } catch {
    return await call("LobbyService", "Register", { requestId: rid(), displayName: name, password });
  }
}

if (command === "new") {
  const players = [];
  for (const name of args) players.push(await login(name));
  const title = process.env.TITLE === "1947" ? "TITLE_1947" : "TITLE_1853";
  const table = await call("LobbyService", "CreateTable", { requestId: rid(), seats: args.length, title }, players[0].accessToken);
  for (const p of players.slice(1)) await call("LobbyService", "JoinTable", { requestId: rid(), tableId: table.tableId }, p.accessToken);
  // A full table starts by itself.
  let gameId = "";
  for (let i = 0; !gameId && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    gameId = (await call("LobbyService", "GetTable", { tableId: table.tableId }, players[0].accessToken)).gameId;
  }
  console.log(gameId);
} else if (command === "bot") {
  for (const name of args) {
    const p = await login(name);
    const answer = await call("LobbyService", "DeleteAccount", { requestId: rid(), password }, p.accessToken);
    console.log(name, "->", answer.placeholderDisplayName ?? "", answer.runningGamesHandedToBot ?? 0);
  }
} else if (command === "play") {
  const [name, gameId, n] = args;
  const p = await login(name);
  for (let i = 0; i < Number(n); i++) {
    const legal = await call("GameService", "ListLegalActions", { gameId }, p.accessToken);
    const actions = legal.actions ?? [];
    if (actions.length === 0) {
      await new Promise((r) => setTimeout(r, 300));
      continue;
    }
    if (process.env.UNTIL_LAY && actions.some((a) => a.action.layTile)) {
      console.log(`${name}: a tile lay is legal now`);
      break;
    }
    const pick = chooseMove(actions);
    try {
      await call("GameService", "SubmitAction", { gameId, expectedVersion: legal.version, action: pick.action, requestId: rid() }, p.accessToken);
      console.log(`${name}: ${pick.description}`);
    } catch (e) {
      console.log(`${name}: refused ${pick.description}: ${e.message}`);
    }
  }
}
