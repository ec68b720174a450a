// The spreadsheet (18xx.games' most used view), a tab of the game screen: one table, players x
// companies (who holds what), then the shares nobody holds (bank or offer, pool; 1947's bonds),
// then each company's price, par, treasury, trains and last run, with each player's cash,
// certificates against the limit and worth (1947: privates) in the last columns (sheetModel.ts).
// On a phone it scrolls sideways with the first column (the row's name) kept in view. Each cell
// is read by a screen reader with its row and column headers and in words ("30%, director").
import type { Components, GameView } from "./api";
import { buildSheet, type SheetRow } from "./sheetModel";
import { useGlanceStyles } from "./glanceStyles";

type Money = (amount: number | bigint) => string;

export function SpreadsheetPanel({ view, components, yourSeat, money }: { view: GameView; components?: Components; yourSeat: number; money: Money }) {
  useGlanceStyles();
  const sheet = buildSheet(view, yourSeat, money);
  const colours = new Map((components?.companies ?? []).map((c) => [c.initials, c.colour]));
  const columns = [...sheet.companies.map((c) => c.initials), ...sheet.extraColumns.map((c) => c.toLowerCase())];
  const rows = (list: SheetRow[]) =>
    list.map((r) => (
      <tr key={r.key} class={r.active ? "mr-active" : ""} data-testid={`sheet-row-${r.key}`}>
        <th scope="row" class={r.you ? "mr-sheet-you" : ""}>
          {r.head}
          {r.you && <span class="mr-sr-only"> (you)</span>}
          {r.active && <span class="mr-sr-only">, to act</span>}
        </th>
        {r.cells.map((c, i) => (
          <td key={columns[i]} data-testid={`sheet-${r.key}-${columns[i]}`}>
            <span aria-hidden="true">{c.text}</span>
            <span class="mr-sr-only">{c.spoken}</span>
          </td>
        ))}
      </tr>
    ));
  return (
    <section class="mr-panel" data-testid="spreadsheet" aria-labelledby="mr-sheet-title">
      <h3 id="mr-sheet-title">Spreadsheet</h3>
      <div class="mr-sheet-wrap" tabIndex={0} role="region" aria-label="Spreadsheet, scrolls sideways">
        <table class="mr-sheet-table">
          <caption class="mr-sr-only">Who holds what, each player's cash, certificates and worth, and each company's figures</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              {sheet.companies.map((c) => {
                const colour = colours.get(c.initials) ?? "#777777"; // a swatch: words on a company's colour can lack contrast
                return (
                  <th scope="col" key={c.initials} title={c.name}>
                    <span class="mr-sheet-swatch" style={{ background: colour }} aria-hidden="true" />
                    <span class="mr-sheet-co">{c.initials}</span>
                  </th>
                );
              })}
              {sheet.extraColumns.map((c) => <th scope="col" key={c}>{c}</th>)}
            </tr>
          </thead>
          <tbody>{rows(sheet.players)}</tbody>
          <tbody class="mr-sheet-section">{rows(sheet.unheld)}</tbody>
          <tbody class="mr-sheet-section">{rows(sheet.companyRows)}</tbody>
        </table>
      </div>
      <p class="mr-small mr-sheet-legend">{sheet.legend}</p>
    </section>
  );
}
