// The game screen's styles, added to the document once by the screen itself (so the shell need
// not link a stylesheet): a column on a phone (360 px wide and up), board beside the panels on a
// desktop. Class names start with "mr-".
import { useEffect } from "preact/hooks";

const CSS = `
.mr-game { font: 14px/1.35 system-ui, sans-serif; color: #1a1a1a; display: flex; flex-direction: column; gap: 6px; }
.mr-status { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; padding: 6px 8px; background: #f4efe2; border-radius: 6px; }
.mr-your-turn { font-weight: bold; color: #fff; background: #2a7a2a; padding: 1px 8px; border-radius: 10px; }
.mr-study-mark { font-weight: bold; color: #fff; background: #5a3d8a; padding: 1px 8px; border-radius: 10px; }
.mr-study-tools { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 6px; }
.mr-study-tools button { min-height: 44px; }
.mr-live { font-size: 11px; padding: 0 6px; border-radius: 8px; background: #ddd; color: #1a1a1a; }
.mr-live-live { background: #cfe9cf; } .mr-live-reconnecting { background: #f5d9a8; } .mr-live-offline { background: #ddd; }
.mr-layout { display: flex; flex-direction: column; gap: 8px; }
.mr-board-area { height: 62vh; min-height: 300px; min-width: 0; }
.mr-board { position: relative; width: 100%; height: 100%; overflow: hidden; touch-action: none; background: #a8cde6; border-radius: 6px; user-select: none; -webkit-user-select: none; }
.mr-board-svg { display: block; }
.mr-zoom { position: absolute; right: 6px; top: 6px; display: flex; flex-direction: column; gap: 4px; }
.mr-zoom button { width: 44px; height: 44px; font-size: 18px; border-radius: 6px; border: 1px solid #777; background: #fffe; color: #1a1a1a; }
.mr-hit { fill: transparent; stroke: none; cursor: default; }
.mr-selectable { stroke: #1565c0; stroke-width: 3; stroke-dasharray: 7 4; cursor: pointer; }
.mr-selected { stroke: #d32f2f; stroke-width: 5; stroke-dasharray: none; }
.mr-city-offered { stroke: #8e24aa; stroke-width: 4; cursor: pointer; fill: rgba(142, 36, 170, 0.08); }
.mr-city-chosen { stroke: #8e24aa; stroke-width: 6; fill: rgba(142, 36, 170, 0.25); }
.mr-city-mine { stroke: #8e24aa; stroke-width: 3; stroke-dasharray: 3 3; }
.mr-halo { paint-order: stroke; stroke: #fff; stroke-width: 3px; stroke-linejoin: round; }
.mr-side { display: flex; flex-direction: column; gap: 6px; min-width: 0; }
.mr-tabs { display: flex; flex-wrap: wrap; gap: 3px; }
.mr-tabs button { flex: 1 1 auto; min-height: 44px; padding: 6px 4px; font-size: 13px; border: 1px solid #aaa; border-radius: 6px; background: #fff; text-transform: capitalize; }
.mr-chosen { background: #1565c0 !important; color: #fff !important; border-color: #1565c0 !important; }
.mr-panel { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 8px; overflow-x: auto; }
.mr-panel h3 { margin: 0 0 6px; font-size: 15px; }
.mr-table { border-collapse: collapse; width: 100%; }
.mr-table th, .mr-table td { text-align: left; padding: 3px 4px; border-bottom: 1px solid #eee; vertical-align: top; }
.mr-active { background: #eef7ee; } .mr-dot { color: #2a7a2a; }
.mr-small { font-size: 12px; color: #4f4f4f; }
.mr-autopilot { font-size: 11px; color: #fff; background: #6a5acd; border-radius: 8px; padding: 0 6px; margin-left: 4px; }
.mr-market { display: flex; flex-wrap: wrap; gap: 2px; margin-bottom: 6px; }
.mr-price { min-width: 34px; border: 1px solid #ccc; border-radius: 3px; text-align: center; font-size: 11px; padding: 1px; }
.mr-price-held { border-color: #333; } .mr-red { background: #f8d0d0; } .mr-red-line { border-left: 3px solid #c0392b; }
.mr-market-grid .mr-market { flex-wrap: nowrap; margin-bottom: 2px; overflow-x: auto; }
.mr-marker { font-size: 10px; font-weight: bold; border-radius: 3px; margin-top: 1px; padding: 0 1px; } .mr-market-grid .mr-marker { display: inline-block; font-size: 9px; margin: 1px 1px 0 0; }
.mr-trains { display: flex; flex-wrap: wrap; gap: 4px; font-size: 12px; }
.mr-train { border: 1px solid #ccc; border-radius: 3px; padding: 0 4px; color: #777; } .mr-on-sale { color: #000; border-color: #333; }
.mr-charters { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 6px; }
.mr-charter { border: 1px solid #ccc; border-radius: 6px; overflow: hidden; font-size: 13px; }
.mr-charter > div { padding: 1px 6px; } .mr-charter-head { padding: 4px 6px !important; }
.mr-operating { box-shadow: 0 0 0 3px #1565c0; }
.mr-actions { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-direction: column; gap: 4px; max-height: 40vh; overflow-y: auto; }
.mr-actions button, .mr-city-list button, .mr-bases button { width: 100%; text-align: left; padding: 8px; border: 1px solid #bbb; border-radius: 6px; background: #fafafa; }
.mr-city-list { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; } .mr-city-list button { width: auto; }
.mr-forms { display: flex; flex-direction: column; gap: 6px; margin: 6px 0; }
.mr-form { border: 1px solid #ccc; border-radius: 6px; padding: 4px 8px 8px; margin: 0; min-width: 0; }
.mr-form legend { font-weight: bold; font-size: 13px; padding: 0 4px; }
.mr-chips { display: flex; flex-wrap: wrap; gap: 4px; }
.mr-chips button, .mr-chip-wide { min-height: 44px; min-width: 44px; padding: 4px 10px; border: 1px solid #888; border-radius: 6px; background: #fff; color: #1a1a1a; }
.mr-chip-wide { width: 100%; text-align: left; margin-top: 4px; }
.mr-form-row { display: flex; gap: 6px; align-items: center; margin: 6px 0 0; }
.mr-form-row select { flex: 1; min-height: 44px; }
.mr-board-small { height: 26vh !important; min-height: 160px !important; }
.mr-bid-sum { margin: 4px 0; }
.mr-tray { border: 1px solid #1565c0; border-radius: 6px; padding: 6px; margin-bottom: 6px; }
.mr-tiles { display: flex; flex-wrap: wrap; gap: 4px; }
.mr-tile-choice { display: flex; flex-direction: column; align-items: center; padding: 2px; border: 1px solid #bbb; border-radius: 6px; background: #fff; }
.mr-rotation { display: flex; gap: 8px; align-items: center; margin-top: 6px; }
.mr-rotation button, .mr-submit-row button { padding: 8px 12px; border-radius: 6px; border: 1px solid #888; background: #fff; }
.mr-submit-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-top: 6px; }
.mr-primary { background: #2a7a2a !important; color: #fff; border-color: #2a7a2a !important; font-weight: bold; }
.mr-primary:disabled { background: #e6e3dc !important; color: #4a4540 !important; border-color: #c9c2b5 !important; }
.mr-refusal { position: relative; background: #fdecea; border: 1px solid #d32f2f; border-radius: 6px; padding: 8px 28px 8px 8px; }
.mr-rule { background: #d32f2f; color: #fff; padding: 0 6px; border-radius: 4px; }
.mr-close { position: absolute; right: 4px; top: 4px; border: none; background: none; font-size: 18px; }
.mr-error { color: #c62828; font-size: 12px; }
.mr-outbox { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-direction: column; gap: 4px; }
.mr-outbox li { position: relative; border: 1px solid #ccc; border-radius: 6px; padding: 6px 36px 6px 8px; background: #fafafa; }
.mr-outbox-state { font-weight: bold; text-transform: uppercase; font-size: 11px; padding: 1px 6px; border-radius: 8px; background: #e0e0e0; color: #1a1a1a; }
.mr-outbox-sending .mr-outbox-state { background: #ffe08a; } .mr-outbox-sent .mr-outbox-state { background: #cfe9cf; }
.mr-outbox-refused { border-color: #c62828 !important; background: #fdecea !important; }
.mr-outbox-refused .mr-outbox-state { background: #c62828; color: #fff; }
.mr-refusal-inline { margin-top: 4px; }
.mr-close-inline { position: absolute; right: 2px; top: 2px; width: 32px; height: 32px; border: none; background: none; font-size: 18px; }
.mr-note { background: #fff8e1; border: 1px solid #e0c060; border-radius: 6px; padding: 6px; }
.mr-runs { border: 1px solid #d21f2b; border-radius: 6px; padding: 6px; margin-bottom: 6px; }
.mr-runs ul { margin: 4px 0; padding-left: 18px; }
.mr-amount { display: flex; gap: 6px; align-items: center; } .mr-amount input { width: 90px; padding: 6px; }
.mr-history-bar { display: flex; flex-direction: column; gap: 4px; } .mr-history-bar input { width: 100%; }
.mr-history-buttons { display: flex; gap: 4px; margin: 4px 0; } .mr-history-buttons button { padding: 6px 12px; }
.mr-log { max-height: 45vh; overflow-y: auto; padding: 0; margin: 4px 0; list-style: none; }
.mr-log li { padding: 3px 0; border-bottom: 1px solid #f0f0f0; cursor: pointer; }
.mr-undone { text-decoration: line-through; color: #888; }
.mr-chip { font-weight: bold; font-size: 0.9em; padding: 0 4px; border-radius: 3px; }
.mr-hex-ref { text-decoration: underline dotted; cursor: pointer; }
.mr-game-over { border: 2px solid #2a7a2a; }
@media (max-width: 899px) {
  .mr-sheet { position: fixed; left: 0; right: 0; bottom: 0; z-index: 20; max-height: 42vh; overflow-y: auto; background: #fff;
    border-top: 2px solid #1565c0; border-radius: 12px 12px 0 0; box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.25); padding: 6px 8px 10px; }
  .mr-sheet .mr-tray { border: none; margin: 0; padding: 0; }
  .mr-game:has(.mr-sheet) { padding-bottom: 44vh; }
}
.mr-tile-choice, .mr-rotation button, .mr-bases button, .mr-city-list button, .mr-submit-row button { min-height: 44px; min-width: 44px; }
@media (prefers-color-scheme: dark) {
  .mr-sheet { background: #26231f; }
  .mr-game { color: #ece6da; }
  .mr-status { background: #2e2a25; }
  .mr-panel, .mr-tabs button, .mr-tile-choice, .mr-chips button, .mr-chip-wide, .mr-rotation button, .mr-submit-row button { background: #26231f; color: #ece6da; border-color: #4a443b; }
  .mr-actions button, .mr-city-list button, .mr-bases button, .mr-outbox li { background: #2e2a25; color: #ece6da; border-color: #4a443b; }
  .mr-form { border-color: #4a443b; }
  .mr-small { color: #c4bcae; }
  .mr-note { background: #3a3220; border-color: #8a7430; }
  .mr-refusal, .mr-outbox-refused { background: #3b1d1b !important; }
  .mr-table th, .mr-table td { border-bottom-color: #3a352e; }
  .mr-active { background: #22331f; }
  .mr-primary:disabled { background: #34302a !important; color: #c9c2b5 !important; border-color: #4a443b !important; }
}
@media (min-width: 900px) {
  .mr-layout { flex-direction: row; align-items: stretch; }
  /* The board and the side fit the window below the shell's header, the autopilot and the
     game's status lines (about 270 px), so a desktop shows the whole board without scrolling. */
  /* A turn with no map move shrinks the board on a phone, so the forms fit one screen; side by
     side there is room for both. */
  .mr-board-area, .mr-board-small { flex: 1 1 60%; height: calc(100vh - 270px) !important; min-height: 420px !important; }
  .mr-side { flex: 0 0 38%; max-width: 520px; max-height: calc(100vh - 270px); min-height: 420px; overflow-y: auto; }
  /* The side scrolls as a whole: its panels keep their height (1947's Companies tab squeezed
     its three panels into three small scrolling boxes, their text cut off). */
  .mr-side > * { flex-shrink: 0; }
  /* The spreadsheet's columns (a company each) take the room of a wide screen. */
  .mr-side:has(.mr-sheet-wrap) { flex-basis: 56%; max-width: 860px; }
}
`;

export function useGameStyles(): void {
  useStyleSheet("mr-game-styles", CSS);
}

// Adds a <style id=...> with `css` to the document once (the map's own: mapStyles.ts).
export function useStyleSheet(id: string, css: string): void {
  useEffect(() => {
    if (document.getElementById(id)) return;
    const style = document.createElement("style");
    style.id = id;
    style.textContent = css;
    document.head.appendChild(style);
  }, []);
}
