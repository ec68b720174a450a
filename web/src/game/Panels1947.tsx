// A 1947 game beside its board (1947 has no secrets, 2.2), a panel each: the round (the private
// auction, who operates, the season, the trains on sale); the players (cash, player order card,
// privates, holdings, certificates against the limit, autopilot); the railways' charters (par,
// market value, treasury, president, shares and bonds, trains, stations, stockbrokers, the
// expatriation sites reached, the temple), in their colours from the components; the stock market
// as its grid (5.10) with the red line (5.11.1), the par bands (5.2) and each railway's marker;
// the privates; the seasons (6.13) and the temples (6.8). Drawn from the GameView and the
// title's components (GetComponents).
import type { Components, GameView } from "./api";
import { textOn } from "./boardModel";
import { playerName } from "./gameModel";
import { AutopilotMark } from "./Panels";
import { plural } from "./plural";

export function rupees(amount: bigint | number): string {
  return `Rs.${amount.toString()}`;
}

// A seat's player by name, as 1947's view has it.
function seatName(view: GameView, seat: number): string {
  return view.game1947?.players.find((p) => p.seat === seat)?.name ?? playerName(view, seat);
}

// A railway's colour from the components (its charter's), else a dark blue.
function colourOf(components: Components | undefined, initials: string): string {
  return components?.companies.find((c) => c.initials === initials)?.colour || "#00008b";
}

const BAND_COLOURS: Record<string, string> = { yellow: "#f6e27a", green: "#a8d99b", brown: "#d2a77a", blue: "#9cc3ea" };

export function Round1947Panel({ view }: { view: GameView }) {
  const g = view.game1947;
  if (!g) return null;
  const name = (seat: number) => seatName(view, seat);
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
    </section>
  );
}

export function Players1947Panel({ view }: { view: GameView }) {
  const g = view.game1947;
  if (!g) return null;
  return (
    <section class="mr-panel" data-testid="players-1947">
      <h3>Players</h3>
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
    </section>
  );
}

export function Railways1947Panel({ view, components }: { view: GameView; components?: Components }) {
  const g = view.game1947;
  if (!g) return null;
  const name = (seat: number) => seatName(view, seat);
  const site = (index: number) => g.sites.find((s) => s.index === index)?.name ?? `site ${index}`;
  return (
    <section class="mr-panel" data-testid="railways-1947">
      <h3>Railways</h3>
      <div class="mr-charters" data-testid="charters">
        {g.railways.map((r) => {
          const colour = colourOf(components, r.initials);
          return (
            <div key={r.initials} class="mr-charter" data-testid={`charter-${r.initials}`}>
              <div class="mr-charter-head" style={{ background: colour, color: textOn(colour) }}>
                <b>{r.initials}</b> {r.name}
              </div>
              <div class="mr-small">
                home {r.home} · temple {r.temple}{r.templeReached ? " (reached)" : ""} · par {r.par ? rupees(r.par) : "—"} · value {r.marketValue ? rupees(r.marketValue) : "—"}
              </div>
              <div>Treasury {rupees(r.treasury)} · president {r.presidentSeat >= 0 ? name(r.presidentSeat) : "—"}</div>
              <div class="mr-small">
                offer {r.initialOfferPercent}% · pool {r.bankPoolPercent}% · bonds {r.bondsInitialOffer} offered, {r.bondsBankPool} in the pool
              </div>
              {r.operational && (
                <div class="mr-small" data-testid={`charter-${r.initials}-operating`}>
                  trains {r.trains.join(" ") || "none"} · stations {r.stations.map((st) => st.hex).join(" ") || "none"} · {plural(r.stockbrokers, "stockbroker")}
                  {r.sitesReached.length > 0 && ` · reached ${r.sitesReached.map(site).join(", ")}`}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {g.sites.length > 0 && (
        <p class="mr-small" data-testid="sites">
          Expatriation sites (6.10): {g.sites.map((s) => `${s.name} (${s.hex}) ${plural(s.workersLeft, "worker")} left`).join(" · ")}
        </p>
      )}
    </section>
  );
}

// The market grid: the components' rows (prices, red line, par bands), the view's markers.
export function Market1947Panel({ view, components }: { view: GameView; components?: Components }) {
  const g = view.game1947;
  if (!g) return null;
  const grid = components?.marketGrid;
  const rows = grid ? grid.rows.map((r) => [...r.prices]) : g.market.map((r) => [...r.values]);
  const redLine = grid ? grid.rows.map((r) => r.leftOfRedLine) : [...g.redLine];
  const band = new Map<string, string>();
  for (const b of grid?.parBands ?? []) for (const s of b.spaces) band.set(`${s.row},${s.column}`, b.band);
  return (
    <section class="mr-panel" data-testid="market-1947">
      <h3>Stock market</h3>
      <div class="mr-market-grid" data-testid="market">
        {rows.map((prices, i) => (
          <div key={i} class="mr-market">
            {prices.map((value, j) => {
              const here = g.railways.filter((r) => r.par && r.marketRow === i && r.marketColumn === j);
              const parBand = band.get(`${i},${j}`);
              const left = j < (redLine[i] ?? 0);
              return (
                <div
                  key={j}
                  class={`mr-price${left ? " mr-red" : ""}${j === (redLine[i] ?? 0) && j > 0 ? " mr-red-line" : ""}${here.length ? " mr-price-held" : ""}`}
                  style={parBand ? { background: BAND_COLOURS[parBand] ?? undefined } : undefined}
                  data-band={parBand}
                >
                  <div class="mr-price-value">{value}</div>
                  {here.map((r) => {
                    const colour = colourOf(components, r.initials);
                    return (
                      <div key={r.initials} class="mr-marker" style={{ background: colour, color: textOn(colour) }} data-testid={`marker-${r.initials}`}>
                        {r.initials}
                      </div>
                    );
                  })}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p class="mr-small">
        Left of the red line (pink, the line drawn red): a dividend moves the marker right only if at least the next space's value (5.11.1).
        {grid && grid.parBands.length > 0 && ` Par bands, coloured: ${grid.parBands.map((b) => b.band).join(", ")} (5.2).`}
        {grid?.endValue ? ` The game ends when a marker reaches ${rupees(grid.endValue)}.` : ""}
      </p>
    </section>
  );
}

export function Privates1947Panel({ view, components }: { view: GameView; components?: Components }) {
  const g = view.game1947;
  if (!g) return null;
  const name = (seat: number) => seatName(view, seat);
  const card = (n: number) => components?.privates.find((p) => p.number === n);
  return (
    <section class="mr-panel" data-testid="privates-1947">
      <h3>Privates</h3>
      <ul class="mr-small">
        {g.privates.map((p) => (
          <li key={p.number} data-testid={`private-${p.number}`}>
            P{p.number} {p.name} (revenue {rupees(p.revenue)}{card(p.number)?.duration ? `, ${card(p.number)!.duration.replace("_", "-")}` : ""})
            {p.removed ? " · removed" : p.ownerRailway ? ` · ${p.ownerRailway}` : p.ownerSeat >= 0 ? ` · ${name(p.ownerSeat)} for ${rupees(p.hammerPrice)}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The seasons of the operating rounds (6.13), the one now marked, and each railway's temple (6.8).
export function Seasons1947Panel({ view, components }: { view: GameView; components?: Components }) {
  const g = view.game1947;
  if (!g) return null;
  const seasons = components?.game1947?.seasons ?? [];
  const now = g.operating?.season;
  return (
    <section class="mr-panel" data-testid="seasons-1947">
      <h3>Seasons and temples</h3>
      {seasons.length > 0 && (
        <p data-testid="seasons">
          {seasons.map((s, i) => (
            <span key={s} class={s === now ? "mr-chosen" : ""}>
              {i > 0 && " → "}
              {s === now ? <b>{s} (now)</b> : s}
            </span>
          ))}
        </p>
      )}
      <ul class="mr-small" data-testid="temples">
        {g.railways.map((r) => (
          <li key={r.initials}>
            {r.initials}: temple {r.temple}{r.templeReached ? " · reached" : ""}
          </li>
        ))}
      </ul>
      {components?.game1947 && (
        <p class="mr-small">
          Until a railway is connected to its temple its revenue is reduced by {components.game1947.templeReductionPercent}% (6.8.1); connecting pays its treasury {rupees(components.game1947.templeBonus)} (6.8.2).
        </p>
      )}
    </section>
  );
}
