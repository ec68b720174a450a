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

// The choice among its legal actions (ListLegalActions' `actions`): a tile lay or base (1947: a
// track lay or station) first, then runs that pay out, a train (1947: from the bank or its pool,
// never an offer to another railway, which may be refused again and again), a share (1947: a president's
// certificate first, so railways float), a bid's city, a bond (at the amount the list gives), else
// the last action listed (passing or ending the step).
export function chooseMove(actions) {
  return (
    actions.find((a) => a.action.layTile || a.action.placeBase || a.action.layTrack1947 || a.action.placeStation1947) ??
    actions.find((a) => (a.action.runTrains && a.action.runTrains.payDividend) || (a.action.runTrains1947 && a.action.runTrains1947.payOut)) ??
    actions.find((a) => a.action.buyTrain || (a.action.buyTrain1947 && [undefined, "", "pool"].includes(a.action.buyTrain1947.source))) ??
    actions.find((a) => a.action.buyPresidentCertificate1947) ??
    actions.find((a) => a.action.buyShare || a.action.buyShare1947) ??
    actions.find((a) => a.action.claimCity) ??
    actions.find((a) => a.action.commitBond) ??
    actions[actions.length - 1]
  );
}
