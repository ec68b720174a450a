// A 1947 game beside its board (1947 has no secrets, 2.2): the round, the private auction, the
// players (cash, player order card, privates, holdings, certificates against the limit, autopilot) and the
// railways (par, market value, treasury, president, shares and bonds, trains and stations), with
// the stock market grid and each railway's marker on it; in an operating round, who operates, the
// season and the trains on sale. Drawn from the GameView alone.
import type { GameView } from "./api";
import { playerName } from "./gameModel";
import { AutopilotMark } from "./Panels";
import { plural } from "./plural";

export function rupees(amount: bigint | number): string {
  return `Rs.${amount.toString()}`;
}

export function Game1947Panel({ view }: { view: GameView }) {
  const g = view.game1947;
  if (!g) return null;
  const name = (seat: number) => g.players.find((p) => p.seat === seat)?.name ?? playerName(view, seat);
  return (
    <section class="mr-panel" data-testid="game-1947">
      <h3>1947: {g.round}</h3>
      {g.operating && (
        <p data-testid="operating">
          Operating round {g.operating.numberInSet} of {g.operating.roundsInSet} · {g.operating.season} season
          {g.operating.railway && ` · ${g.operating.railway}: ${g.operating.step}`}
          {g.operating.operatingOrder.length > 0 && ` · still to operate ${g.operating.operatingOrder.join(", ")}`}
        </p>
      )}
      <p class="mr-small" data-testid="trains-1947">
        Trains: {view.trains.filter((t) => t.remaining > 0).map((t) => `${t.name} ${rupees(t.price)} ×${t.remaining}${t.onSale ? " (on sale)" : ""}`).join(", ") || "none"}
        {g.poolTrains.length > 0 && ` · pool ${g.poolTrains.join(" ")}`} · limit {g.trainLimit}
      </p>
      {g.auction && (
        <p data-testid="auction">
          Auction of P{g.auction.privateNumber}: {g.auction.highBid ? `${rupees(g.auction.highBid)} by ${name(g.auction.highBidderSeat)}` : "no bid yet"}
        </p>
      )}
      <table class="mr-table" data-testid="players">
        <thead>
          <tr>
            <th>Player</th>
            <th>Cash</th>
            <th>Certs</th>
          </tr>
        </thead>
        <tbody>
          {g.players.map((p) => (
            <tr key={p.seat} class={view.activeSeats.includes(p.seat) ? "mr-active" : ""} data-testid={`player-${p.seat}`}>
              <td>
                {p.name} <span class="mr-small">card {p.playerOrderCard}</span>
                {view.autopilotSeats.includes(p.seat) && <AutopilotMark seat={p.seat} />}
                <div class="mr-small">
                  {p.privates.length > 0 && `P${p.privates.join(", P")} · `}
                  {p.holdings.map((h) => `${h.company} ${h.ordinaryPercent}%${h.savingsPercent ? ` +${h.savingsPercent}% savings` : ""}${h.president ? " pres" : ""}${h.bonds + h.newBonds ? ` ${plural(h.bonds + h.newBonds, "bond")}` : ""}`).join(", ")}
                </div>
              </td>
              <td>{rupees(p.cash)}</td>
              <td>
                {p.certificates}/{p.certificateLimit}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Railways</h3>
      <div class="mr-charters" data-testid="charters">
        {g.railways.map((r) => (
          <div key={r.initials} class="mr-charter" data-testid={`charter-${r.initials}`}>
            <div class="mr-charter-head" style={{ background: "#00008b", color: "#fff" }}>
              <b>{r.initials}</b> {r.name}
            </div>
            <div class="mr-small">
              home {r.home} · par {r.par ? rupees(r.par) : "—"} · value {r.marketValue ? rupees(r.marketValue) : "—"}
            </div>
            <div>Treasury {rupees(r.treasury)} · president {r.presidentSeat >= 0 ? name(r.presidentSeat) : "—"}</div>
            <div class="mr-small">
              offer {r.initialOfferPercent}% · pool {r.bankPoolPercent}% · bonds {r.bondsInitialOffer} offered, {r.bondsBankPool} in the pool
            </div>
            {r.operational && (
              <div class="mr-small">
                trains {r.trains.join(" ") || "none"} · stations {r.stations.map((st) => st.hex).join(" ") || "none"}
                {r.templeReached && " · temple reached"}
              </div>
            )}
          </div>
        ))}
      </div>
      <h3>Market</h3>
      <div class="mr-market-grid" data-testid="market">
        {g.market.map((row, i) => (
          <div key={i} class="mr-market">
            {row.values.map((value, j) => {
              const here = g.railways.filter((r) => r.par && r.marketRow === i && r.marketColumn === j);
              return (
                <div key={j} class={`mr-price${j < (g.redLine[i] ?? 0) ? " mr-red" : ""}${here.length ? " mr-price-held" : ""}`}>
                  <div class="mr-price-value">{value}</div>
                  {here.map((r) => (
                    <div key={r.initials} class="mr-marker" style={{ background: "#00008b", color: "#fff" }} data-testid={`marker-${r.initials}`}>
                      {r.initials}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <h3>Privates</h3>
      <ul class="mr-small">
        {g.privates.map((p) => (
          <li key={p.number}>
            P{p.number} {p.name} (revenue {rupees(p.revenue)}){p.removed ? " · removed" : p.ownerSeat >= 0 ? ` · ${name(p.ownerSeat)} for ${rupees(p.hammerPrice)}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
