// The strip at the top of a game, always in view (sticky): the player's cash, certificates against
// the limit and what the turn asks of them, or whose turn it is (sheetModel.ts, glance). One line
// on a phone where it fits. A screen reader reads it as a labelled group of sentences ("Your cash:
// £570. Certificates: 3 of at most 16. Your turn: buy, sell or pass."); the turn is a polite live
// region, so a change of turn is announced.
import type { Glance } from "./sheetModel";
import { useGlanceStyles } from "./glanceStyles";

export function GlanceStrip({ glance }: { glance: Glance }) {
  useGlanceStyles();
  return (
    <section class={`mr-glance${glance.myTurn ? " mr-glance-mine" : ""}`} data-testid="glance" aria-label="At a glance">
      {glance.cash && (
        <span class="mr-glance-item" data-testid="glance-cash">
          <span class="mr-sr-only">Your cash: </span>
          <span aria-hidden="true" class="mr-glance-label">Cash </span>
          <b>{glance.cash.text}</b>
          <span class="mr-sr-only">.</span>
        </span>
      )}
      {glance.certs && (
        <span class="mr-glance-item" data-testid="glance-certs">
          <span class="mr-sr-only">Certificates: {glance.certs.spoken}.</span>
          <span aria-hidden="true">
            <span class="mr-glance-label">Certs </span>
            <b>{glance.certs.text}</b>
          </span>
        </span>
      )}
      <span class="mr-glance-item mr-glance-turn" data-testid="glance-turn" aria-live="polite">
        {glance.turn}
      </span>
    </section>
  );
}
