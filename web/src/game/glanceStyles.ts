// The styles of the at-a-glance strip and the spreadsheet (GlanceStrip.tsx, Spreadsheet.tsx),
// added to the document once, beside the game screen's (styles.ts). Class names start with "mr-".
import { useStyleSheet } from "./styles";

const CSS = `
.mr-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.mr-glance { position: sticky; top: 0; z-index: 15; display: flex; flex-wrap: wrap; gap: 2px 12px; align-items: baseline;
  padding: 5px 8px; background: #fffdf7; border: 1px solid #d8cfbb; border-radius: 6px; font-size: 14px; box-shadow: 0 2px 4px rgba(0, 0, 0, 0.08); }
.mr-glance-label { color: #4f4f4f; font-size: 12px; }
.mr-glance-turn { flex: 1 1 auto; text-align: right; }
.mr-glance-mine .mr-glance-turn { font-weight: bold; color: #1d5e1d; }
.mr-sheet-wrap { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%; }
.mr-sheet-table { border-collapse: separate; border-spacing: 0; font-size: 13px; white-space: nowrap; }
.mr-sheet-table th, .mr-sheet-table td { padding: 4px 6px; border-bottom: 1px solid #e4e0d6; text-align: right; }
.mr-sheet-table th[scope=row], .mr-sheet-table thead th:first-child { position: sticky; left: 0; z-index: 1; text-align: left; background: #fff;
  border-right: 1px solid #d8cfbb; max-width: 104px; overflow: hidden; text-overflow: ellipsis; }
.mr-sheet-table thead th { font-size: 12px; }
.mr-sheet-co { font-weight: bold; }
.mr-sheet-swatch { display: block; height: 5px; min-width: 30px; border-radius: 2px; margin-bottom: 2px; border: 1px solid rgba(0, 0, 0, 0.25); }
/* On a phone the side column is at least a screen tall, so the tabs and the moves can be brought
   up below the strip (useOpenAtMoves.ts) however short the panel below them is. */
@media (max-width: 899px) { .mr-game .mr-side { min-height: calc(100vh - 48px); } }
.mr-sheet-table tbody.mr-sheet-section th[scope=row] { font-weight: normal; color: #4f4f4f; }
.mr-sheet-table tbody.mr-sheet-section tr:first-child > * { border-top: 2px solid #d8cfbb; }
.mr-sheet-table tr.mr-active > * { background: #eef7ee; }
.mr-sheet-you { font-weight: bold; }
.mr-sheet-legend { margin: 6px 0 0; }
@media (prefers-color-scheme: dark) {
  .mr-glance { background: #2e2a25; border-color: #4a443b; }
  .mr-glance-label { color: #c4bcae; }
  .mr-glance-mine .mr-glance-turn { color: #9fd89f; }
  .mr-sheet-table th[scope=row], .mr-sheet-table thead th:first-child { background: #26231f; border-right-color: #4a443b; }
  .mr-sheet-table th, .mr-sheet-table td { border-bottom-color: #3a352e; }
  .mr-sheet-table tbody.mr-sheet-section th[scope=row] { color: #c4bcae; }
  .mr-sheet-table tr.mr-active > * { background: #22331f; }
}
`;

export function useGlanceStyles(): void {
  useStyleSheet("mr-glance-styles", CSS);
}
