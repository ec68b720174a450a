// A scripted player, for seed.mjs and the browser test (tests/e2e/web/browser_game.mjs), which move
// a game on through the gateway: its calls (Connect JSON over fetch) and its choice of move.

// Calls `service`.`method` (e.g. "GameService", "ListLegalActions") at the gateway `gateway`;
// throws the refusal's code and message.
export async function callApi(gateway, service, method, body, token) {
  const res = await fetch(`${gateway}/mailrun.v1.${service}/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method}: ${json.code} ${json.message}`);
  return json;
}

// The choice among its legal actions (ListLegalActions' `actions`): a tile lay or base first, then
// runs that pay out, a train, a share, a bid's city, a bond (at the amount the list gives), else
// the last action listed (passing or ending the step).
export function chooseMove(actions) {
  return (
    actions.find((a) => a.action.layTile || a.action.placeBase) ??
    actions.find((a) => a.action.runTrains && a.action.runTrains.payDividend) ??
    actions.find((a) => a.action.buyTrain) ??
    actions.find((a) => a.action.buyShare) ??
    actions.find((a) => a.action.claimCity) ??
    actions.find((a) => a.action.commitBond) ??
    actions[actions.length - 1]
  );
}
