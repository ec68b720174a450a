// The game's public state beside the board: players (cash, certificates, shares, their own secret
// bid only: the view carries no one else's; who is on autopilot), the stock market with company markers, trains and the
// bank, and the companies' charters (treasury, trains, bases, director, shares).
import { CompanyStatus, type Components, type GameView } from "./api";
import { textOn } from "./boardModel";
import { money, playerName } from "./gameModel";

// A seat the game service's bot plays (its player turned autopilot on, or left the game).
export function AutopilotMark({ seat }: { seat: number }) {
  return (
    <span class="mr-autopilot" data-testid={`autopilot-${seat}`} title="the game service's bot plays this seat">
      {" "}autopilot
    </span>
  );
}

export function PlayersPanel({ view, yourSeat }: { view: GameView; yourSeat: number }) {
  return (
    <section class="mr-panel" data-testid="players">
      <h3>Players</h3>
      <table class="mr-table">
        <thead>
          <tr>
            <th>Player</th>
            <th>Cash</th>
            <th>Certs</th>
            <th>Wealth</th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((p) => {
            const active = view.activeSeats.includes(p.seat);
            const bond = p.bond;
            return (
              <tr key={p.seat} class={active ? "mr-active" : ""} data-testid={`player-${p.seat}`}>
                <td>
                  {active && <span title="to act" class="mr-dot">●</span>} {p.displayName}
                  {p.seat === yourSeat && " (you)"}
                  {p.elephant && <span title="holds the Elephant (3.1.11)"> 🐘</span>}
                  {view.autopilotSeats.includes(p.seat) && <AutopilotMark seat={p.seat} />}
                  <div class="mr-small">
                    {p.holdings.map((h) => `${h.company} ${h.shares * 10}%${h.director ? " dir" : ""}${h.unredeemed ? ` (${h.unredeemed} unredeemed)` : ""}`).join(", ")}
                  </div>
                  {bond && (bond.committed || bond.cities.length > 0 || bond.claimedCompanies.length > 0) && (
                    <div class="mr-small" data-testid={`bond-${p.seat}`}>
                      bond {bond.amount ? money(bond.amount) : bond.committed ? "committed (secret)" : "—"}
                      {bond.claimedCompanies.length > 0 && ` · claims ${bond.claimedCompanies.join(" ")}`}
                      {bond.cities.length > 0 && ` · cities ${bond.cities.join(", ")}`}
                      {bond.passed && " · complete"}
                      {bond.returned && " · returned"}
                    </div>
                  )}
                </td>
                <td>{money(p.cash)}</td>
                <td>{p.certificates}</td>
                <td>{money(p.wealth)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function MarketPanel({ view, components }: { view: GameView; components: Components }) {
  const colours = new Map(components.companies.map((c) => [c.initials, c.colour]));
  const onMarket = view.companies.filter((c) => c.status === CompanyStatus.COMPANY_FORMED);
  return (
    <section class="mr-panel" data-testid="market">
      <h3>Stock market</h3>
      <div class="mr-market">
        {components.sharePrices.map((price) => {
          const here = onMarket.filter((c) => c.sharePrice === price);
          return (
            <div key={price} class={`mr-price${here.length ? " mr-price-held" : ""}`} data-testid={`price-${price}`}>
              <div class="mr-price-value">{price}</div>
              {here.map((c) => {
                const colour = colours.get(c.initials) ?? "#888";
                return (
                  <div key={c.initials} class="mr-marker" style={{ background: colour, color: textOn(colour) }} data-testid={`marker-${c.initials}`}>
                    {c.initials}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <div class="mr-small">
        Bank {money(view.bankCash)} · Pool: {view.pool.length ? view.pool.join(", ") : "empty"}
      </div>
      <div class="mr-trains" data-testid="train-stock">
        {view.trains.map((t) => (
          <span key={t.name} class={`mr-train${t.onSale ? " mr-on-sale" : ""}`}>
            {t.name}: {money(t.price)} ×{t.remaining}
          </span>
        ))}
      </div>
    </section>
  );
}

function statusText(status: CompanyStatus): string {
  switch (status) {
    case CompanyStatus.COMPANY_SET_ASIDE:
      return "set aside (2.7.6)";
    case CompanyStatus.COMPANY_ON_SALE:
      return "on sale";
    case CompanyStatus.COMPANY_FORMED:
      return "formed";
    default:
      return "";
  }
}

export function ChartersPanel({ view, components }: { view: GameView; components: Components }) {
  const cards = new Map(components.companies.map((c) => [c.initials, c]));
  return (
    <section class="mr-panel" data-testid="charters">
      <h3>Companies</h3>
      <div class="mr-charters">
        {view.companies.map((c) => {
          const colour = cards.get(c.initials)?.colour ?? "#888888";
          const operating = view.round?.operatingCompany === c.initials;
          return (
            <div key={c.initials} class={`mr-charter${operating ? " mr-operating" : ""}`} data-testid={`charter-${c.initials}`}>
              <div class="mr-charter-head" style={{ background: colour, color: textOn(colour) }}>
                <b>{c.initials}</b> {c.name} {c.major ? "(major)" : "(minor)"}
              </div>
              <div class="mr-small">
                {statusText(c.status)} · price {money(c.sharePrice)} (par {money(c.par)})
                {c.operated && " · operated"}
              </div>
              <div>
                Treasury <b>{money(c.treasury)}</b>
              </div>
              <div>
                Director: {c.directorSeat >= 0 ? playerName(view, c.directorSeat) : "—"}
                {c.managerSeat >= 0 && ` · manager ${playerName(view, c.managerSeat)} (3.4)`}
              </div>
              <div>Trains: {c.trains.length ? c.trains.map((t) => t.name + (t.onCredit ? " (credit)" : "")).join(", ") : "none"}</div>
              <div>
                Bases: {c.bases.length ? c.bases.map((b) => b.hex).join(", ") : "none"} · {c.tokensLeft} token{c.tokensLeft === 1 ? "" : "s"} left
              </div>
              <div class="mr-small">
                Shares: {c.sharesInBank} in the bank, {c.sharesInPool} in the pool
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
